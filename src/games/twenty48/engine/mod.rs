//! The computer player of 2048: an expectimax search over the player's moves and the new tiles.
//!
//! - [`Player`]: the move to suggest for a board or a game within a [`Budget`] of nodes and
//!   time; [`Player::analyse`] also gives the value of each move. `Send`, for a worker thread.
//! - [`Packed`]: the 4x4 board in one `u64`, moved through precomputed row tables (`packed.rs`).
//!   It gives the rules' moves on every board whose tiles fit in four bits (up to 32768).
//! - `eval.rs`: the evaluation of a position, with all its weights in [`WEIGHTS`].
//! - `search.rs`: expectimax with a chance cut, a transposition cache and iterative deepening.
//!
//! On 4x4 the search runs on [`Packed`] boards; other sizes, and 4x4 boards with a tile above
//! 32768, run the same search on the rules' [`Board`](super::Board) with a shallower depth.

mod eval;
mod packed;
mod player;
mod search;

#[cfg(test)]
mod tests;

pub use eval::{LOST, WEIGHTS, Weights, board_value, line_value};
pub use packed::{PACKED_MAX_EXPONENT, Packed};
pub use player::{Analysis, Budget, Player};
pub use search::PROBABILITY_CUT;
