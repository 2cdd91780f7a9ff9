//! Tic-tac-toe records per board and opponent: `[records.tictactoe."<board>".<opponent>]`.

use super::TicTacToe;
use crate::play::marks::{self, Tables};
use crate::store::Store;

/// Tic-tac-toe's records in `store`, by board, then by opponent.
pub fn records(store: &Store) -> &Tables {
    marks::records::<TicTacToe>(store)
}
