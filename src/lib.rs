//! grid-arcade: Minesweeper, tic-tac-toe and 2048 in the terminal.

pub mod app;
pub mod cli;
pub mod clock;
pub mod code;
pub mod daily;
pub mod event_loop;
pub mod games;
pub mod history;
pub mod input;
pub mod records;
pub mod replay;
pub mod report;
pub mod screen;
pub mod seeds;
pub mod stats;
pub mod store;
pub mod terminal;
pub mod timestamp;
pub mod ui;
