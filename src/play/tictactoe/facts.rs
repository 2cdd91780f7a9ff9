//! A tic-tac-toe game as the history keeps it: the fields of any game of marks in a row, its board
//! `3x3`, `4x4` or `5x5` and no rule.

pub use crate::play::marks::Facts;
