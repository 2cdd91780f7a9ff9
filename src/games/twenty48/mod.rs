//! 2048 rules.
//!
//! Tiles are held as exponents (0 = empty, 1 = a 2, 11 = a 2048) so every reachable tile fits in
//! a `u8`; [`tile_value`] turns one into the number shown.

mod board;
mod line;

pub use board::{
    Board, BoardError, Cell, DEFAULT_SIZE, Direction, MAX_SIZE, MIN_SIZE, max_exponent, tile_value,
};
pub use line::{merge_points, slide_line};
