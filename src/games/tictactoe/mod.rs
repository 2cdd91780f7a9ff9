//! Tic-tac-toe rules and the computer player.
//!
//! [`Game`] holds the rules of play on any board from [`Rules`]; [`Computer`] chooses moves for a
//! [`Level`] and gives hints. Neither knows about the terminal.

mod cells;
mod computer;
mod game;
mod geometry;
mod medium;
mod position;
mod rules;
mod search;
mod table;

pub use computer::{Budget, Computer, Level};
pub use game::{Game, MoveError, Outcome};
pub use rules::{Mark, PRESETS, Pos, Preset, Rules, RulesError};

#[cfg(test)]
mod tests;
