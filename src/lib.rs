//! grid-arcade: Minesweeper, tic-tac-toe and 2048 in the terminal.

pub mod games;
