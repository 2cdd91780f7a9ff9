//! The computer player of 2048: an expectimax search over the player's moves and the new tiles.
//!
//! - [`Player`]: the move to suggest for a board or a game within a [`Budget`] of nodes and
//!   time; [`Player::analyse`] also gives the value of each move. `Send`, for a worker thread.
//! - [`Packed`]: the 4x4 board in one `u64`, moved through precomputed row tables (`packed.rs`).
//!   It gives the rules' moves on every board whose tiles fit in four bits (up to 32768).
//! - [`STRATEGY`] (`strategy.rs`): the evaluation's weights, the search's depth and chance cut;
//!   [`Level`]: fast or strong, the budgets of a hint and of an autoplay move.
//! - `eval.rs`: the evaluation of a position, the sum of the values of its lines.
//! - `search.rs`: expectimax with a chance cut, a transposition cache and iterative deepening.
//!
//! Nothing is computed or allocated for the engine until a player is first asked for a move:
//! the move tables, the evaluations' line tables and the search's cache are all built then.
//!
//! On 4x4 the search runs on [`Packed`] boards; other sizes, and 4x4 boards with a tile above
//! 32768, run the same search on the rules' [`Board`](super::Board) with a shallower depth.

mod budget;
mod eval;
mod packed;
mod player;
mod search;
mod strategy;

#[cfg(test)]
mod tests;

pub use budget::Budget;
pub use eval::{Evaluation, LOST, Weights, board_value, line_value};
pub use packed::{PACKED_MAX_EXPONENT, Packed};
pub use player::{Analysis, Player};
pub use strategy::{Level, STRATEGY, Strategy};
