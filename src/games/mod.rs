//! The rules of the three games: plain Rust with no terminal types, deterministic for a given seed.

pub mod gomoku;
pub mod minesweeper;
pub mod tictactoe;
pub mod twenty48;

use rand::SeedableRng;

/// The random source of every game. PCG is fully specified, so a seed gives the same game on every
/// platform and with every version of the `rand` crate, and its state can be saved with a game.
pub type GameRng = rand_pcg::Pcg64Mcg;

pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// The three games, as the menu, the file and the command line name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameId {
    Minesweeper,
    TicTacToe,
    Twenty48,
}

impl GameId {
    pub const ALL: [GameId; 3] = [GameId::Minesweeper, GameId::TicTacToe, GameId::Twenty48];

    pub fn title(self) -> &'static str {
        match self {
            GameId::Minesweeper => "Minesweeper",
            GameId::TicTacToe => "Tic-tac-toe",
            GameId::Twenty48 => "2048",
        }
    }

    /// The game's table name in the file and its subcommand.
    pub fn key(self) -> &'static str {
        match self {
            GameId::Minesweeper => "minesweeper",
            GameId::TicTacToe => "tictactoe",
            GameId::Twenty48 => "2048",
        }
    }
}
