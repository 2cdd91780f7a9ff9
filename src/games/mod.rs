//! The rules of the three games: plain Rust with no terminal types, deterministic for a given seed.

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
