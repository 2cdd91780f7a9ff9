//! Minesweeper rules: board sizes, mine placement after the first reveal, reveals with zero-area
//! opening, chords, flags and question marks, win and loss, and the 3BV statistic.
//!
//! Storage is flat and small (one byte per cell for the mines), so a 1000x1000 board stays cheap.

mod bbbv;
mod field;
mod flood;
mod generate;
mod grid;
mod size;

pub use field::{LayoutError, MineField};
pub use generate::{FirstClick, place_mines};
pub use grid::{Grid, Pos};
pub use size::{BoardSize, BoardSizeError, Difficulty, MAX_SIDE, MIN_SIDE, UnknownDifficulty};

#[cfg(test)]
mod tests;
