//! Minesweeper rules: board sizes, mine placement after the first reveal, reveals with zero-area
//! opening, chords, flags and question marks, win and loss, and the 3BV statistic.

mod size;

pub use size::{BoardSize, BoardSizeError, Difficulty, MAX_SIDE, MIN_SIDE, UnknownDifficulty};

#[cfg(test)]
mod tests;
