//! Minesweeper rules: board sizes, mine placement after the first reveal (an opening, a safe cell,
//! or a board that logic alone can clear), reveals with zero-area opening, chords, flags and
//! question marks, win and loss, the 3BV statistic, and a solver that works from what the player
//! sees, for hints and the post-mortem of a loss.
//!
//! Storage is flat and small (two bytes per cell), so a 1000x1000 board stays cheap; every action
//! ignores positions off the board instead of panicking.

mod bbbv;
mod examine;
mod field;
mod first_click;
mod flood;
mod game;
mod generate;
mod grid;
mod guess;
mod moves;
mod no_guess;
pub mod odds;
mod size;
mod solver;
mod uniform;

pub use bbbv::{bbbv_per_second, efficiency};
pub use field::{LayoutError, MineField};
pub use first_click::{FirstClick, UnknownFirstClick};
pub use game::{CellView, Game, GameOptions, Hint, Outcome, PostMortem, Status};
pub use generate::place_mines;
pub use grid::{Grid, Pos};
pub use guess::Guess;
pub use moves::{BadMove, Move, TimedMove, decode as decode_moves, encode as encode_moves};
pub use no_guess::{NoGuessBoard, place_no_guess};
pub use size::{BoardSize, BoardSizeError, Difficulty, MAX_SIDE, MIN_SIDE, UnknownDifficulty};
pub use solver::{Deductions, PlayerView, solve};

#[cfg(test)]
mod tests;
