//! The rules of the games: plain Rust with no terminal types, deterministic for a given seed.

pub mod gomoku;
pub mod marks;
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

/// A game as the file, the history and the command line name it (`minesweeper`, `2048`): what
/// the rest of the program calls a game by without knowing which game it is. The list of games
/// says what each one is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(&'static str);

impl GameId {
    pub const fn new(key: &'static str) -> GameId {
        GameId(key)
    }

    /// The game's table name in the file, its key in the history and its subcommand.
    pub fn key(self) -> &'static str {
        self.0
    }
}

/// What knows which game it is: a game's description in every part of the program.
pub trait Named {
    fn id(&self) -> GameId;
}
