//! Gomoku rules and the computer player, with no terminal types.
//!
//! - [`Rules`]: the board's side (15 by default, up to 20) and the [`Rule`]: "freestyle" (five
//!   or more in a row win) or "standard" (exactly five).
//! - [`Game`]: moves checked against the rules, undo, history, whose turn it is, and the outcome
//!   with the cells of the winning row. X moves first. Moves are saved with [`moves_text`].
//! - [`Computer`]: the move of a [`Level`] ("easy", "medium", "hard") within a [`Budget`], and
//!   hints with the [`Threat`] the move makes or answers. It is `Send`, so it can think on a
//!   worker thread, and a flag stops it early.
//! - [`protocol`]: the Gomocup engine protocol on any reader and writer.
//!
//! Every random choice comes from the caller's [`GameRng`](super::GameRng), so a seed (with a
//! node budget for Medium and Hard) replays a game exactly.
//!
//! The computer works on its own board (`board`), which keeps each cell's line patterns up to
//! date from a table of every pattern's shape (`pattern`). Hard looks for a win by fours (`vcf`)
//! and by threats (`vct`), defends against the opponent's win by fours, and otherwise runs an
//! alpha-beta search (`search`) with a transposition table (`table`).

mod board;
mod computer;
mod limit;
mod pattern;
pub mod protocol;
mod rules;
mod search;
mod threat;
mod vcf;
mod vct;

pub use super::marks::{Level, Mark, MoveError, Outcome, Pos, moves_text, read_moves};
pub use computer::{Computer, VCF_MOVES};
pub use limit::Budget;
pub use rules::{Rule, Rules, RulesError};
pub use threat::Threat;

/// A gomoku game in progress.
pub type Game = super::marks::Game<Rules>;

#[cfg(test)]
mod tests;
