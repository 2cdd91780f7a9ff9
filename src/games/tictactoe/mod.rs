//! Tic-tac-toe rules and the computer player, with no terminal types.
//!
//! - [`Rules`]: the board size and how many in a row win; [`PRESETS`] names "3x3", "4x4", "5x5".
//! - [`Game`]: moves checked against the rules, undo, history, whose turn it is, and the outcome
//!   with the cells of the winning line.
//! - [`Computer`]: the move of a [`Level`] ("easy", "medium", "hard") and hints. It is `Send`, so
//!   it can think on a worker thread; its documentation gives the times to expect.
//!
//! Every random choice comes from the caller's [`GameRng`](super::GameRng), so a seed (and for
//! Hard on large boards a node budget) replays a game exactly.
//!
//! The computer works on its own board (`position`): marks as bit sets (`cells`) with per-line
//! counts kept up to date move by move, over lines and symmetries computed once per board shape
//! (`geometry`). Hard's alpha-beta search is in `search`, its memory in `table`; Medium is in
//! `medium`.

mod cells;
mod computer;
mod geometry;
mod medium;
mod position;
mod rules;
mod search;

pub use super::marks::{Level, Mark, MoveError, Outcome, Pos, moves_text, read_moves};
pub use computer::{Budget, Computer};
pub use rules::{PRESETS, Preset, Rules, RulesError};

/// A tic-tac-toe game in progress.
pub type Game = super::marks::Game<Rules>;

#[cfg(test)]
mod tests;
