//! 2048 rules: boards of 3x3 to 8x8, seeded spawns, scoring, win and game over, undo, and saves.
//!
//! Tiles are held as exponents (0 = empty, 1 = a 2, 11 = a 2048) so every reachable tile fits in
//! a `u8`; [`tile_value`] turns one into the number shown. Scores are `u64` and saturate, which no
//! real game comes near.
//!
//! A [`Game`] is the whole state: board, score, moves, random source, the undo history of the
//! last [`UNDO_LIMIT`] moves, the win mark and the assistance marks. Undo restores the random
//! source too, so taking a move back and playing it again brings the same new tile. Serialize a
//! game to save it (JSON and TOML both work); deserializing checks the save and refuses another
//! [`SAVE_VERSION`], a board of the wrong shape or with impossible tiles, and an undo history that
//! does not lead to the game.
//!
//! [`engine`] is the computer player: [`Player`] suggests a move for a hint or plays autoplay
//! at a [`Level`] within a [`Budget`]; the screen marks such games with [`Game::mark_assist`].

mod board;
pub mod engine;
mod game;
mod line;
#[cfg(test)]
mod properties;
mod save;
mod spawn;

pub use board::{
    Board, BoardError, Cell, DEFAULT_SIZE, Direction, MAX_SIZE, MIN_SIZE, Motion, max_exponent,
    tile_value,
};
pub use engine::{Analysis, Budget, Level, Player};
pub use game::{Assist, Game, Input, MoveReport, ReplayError, Status, UNDO_LIMIT, win_exponent};
pub use line::{merge_points, slide_line};
pub use save::SAVE_VERSION;
pub use spawn::Tile;
