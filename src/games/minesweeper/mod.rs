//! Minesweeper rules.
