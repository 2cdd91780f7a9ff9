//! grid-arcade: grid games in the terminal. The layers, top to bottom (each module imports only
//! the ones below it; `tests/architecture.rs` keeps it so): the command line; the app (the state
//! machine); the screens; games in progress and what each game is besides its rules; replays,
//! the daily challenge and records; codes and the settings file; the history; the rules; and the
//! plumbing at the bottom.

pub mod app;
pub mod cli;
pub mod clock;
pub mod code;
pub mod daily;
pub mod disk;
pub mod games;
pub mod history;
pub mod play;
pub mod records;
pub mod replay;
pub mod seeds;
pub mod store;
pub mod terminal;
pub mod timestamp;
pub mod ui;
pub mod waker;
pub mod worker;
