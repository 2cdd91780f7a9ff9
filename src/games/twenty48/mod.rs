//! 2048 rules.
//!
//! Tiles are held as exponents (0 = empty, 1 = a 2, 11 = a 2048) so every reachable tile fits in
//! a `u8`.

mod line;

pub use line::{merge_points, slide_line};
