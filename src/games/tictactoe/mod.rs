//! Tic-tac-toe rules and the computer player.
//!
//! [`Game`] holds the rules of play on any board from [`Rules`]. It knows nothing of the terminal.

mod game;
mod rules;

pub use game::{Game, MoveError, Outcome};
pub use rules::{Mark, PRESETS, Pos, Preset, Rules, RulesError};

#[cfg(test)]
mod tests;
