//! A 2048 board size's history as the records screen shows it: scores, the biggest tiles, the
//! moves of the latest games.

use super::series::{Point, Series};
use crate::history::Outcome;

/// How many of the latest games' moves the digest keeps: more than a terminal is wide.
pub const RECENT: usize = 300;

/// One game, kept small: a table may hold a hundred thousand.
#[derive(Clone, Copy, Debug)]
struct Game {
    score: u64,
    moves: u32,
    /// The biggest tile as a power of two.
    tile_exponent: u8,
    won: bool,
}

/// The games of one size while the history is read.
#[derive(Default)]
pub(super) struct Games {
    games: Vec<Game>,
}

impl Games {
    pub(super) fn add(&mut self, result: Outcome, score: u64, tile: u64, moves: u64) {
        self.games.push(Game {
            score,
            moves: u32::try_from(moves).unwrap_or(u32::MAX),
            // Tiles are powers of two; another number is taken as the power below it.
            tile_exponent: tile.checked_ilog2().unwrap_or(0) as u8,
            won: result == Outcome::Won,
        });
    }

    /// Adds the games of a later part of the file.
    pub(super) fn append(&mut self, later: Games) {
        self.games.extend(later.games);
    }

    pub(super) fn digest(self) -> Twenty48Digest {
        let points: Vec<Point> = (1..)
            .zip(&self.games)
            .map(|(game, g)| Point {
                game,
                value: g.score as f32,
            })
            .collect();
        let mut tiles = [0u64; 64];
        for game in &self.games {
            tiles[usize::from(game.tile_exponent.min(63))] += 1;
        }
        let recent = self.games.len().saturating_sub(RECENT);
        Twenty48Digest {
            games: self.games.len(),
            won: self.games.iter().filter(|g| g.won).count(),
            scores: Series::of(&points, u32::try_from(self.games.len()).unwrap_or(u32::MAX)),
            tiles: (0..64u32)
                .filter(|&e| tiles[e as usize] > 0)
                .map(|e| (1u64 << e, tiles[e as usize]))
                .collect(),
            recent_moves: self.games[recent..]
                .iter()
                .map(|g| u64::from(g.moves))
                .collect(),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Twenty48Digest {
    pub games: usize,
    /// Games that reached the win tile.
    pub won: usize,
    /// The score of each game, by game number.
    pub scores: Series,
    /// How many games ended with each biggest tile, smallest tile first.
    pub tiles: Vec<(u64, u64)>,
    /// The moves of the latest [`RECENT`] games, oldest first.
    pub recent_moves: Vec<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_tiles_and_the_latest_moves() {
        let mut games = Games::default();
        for i in 0..(RECENT as u64 + 5) {
            let tile = if i % 3 == 0 { 2048 } else { 512 };
            let result = if tile == 2048 {
                Outcome::Won
            } else {
                Outcome::Over
            };
            games.add(result, 1000 + i, tile, 100 + i);
        }
        let digest = games.digest();
        assert_eq!(digest.games, RECENT + 5);
        assert_eq!(digest.won, 102);
        assert_eq!(digest.tiles, vec![(512, 203), (2048, 102)]);
        assert_eq!(digest.recent_moves.len(), RECENT);
        assert_eq!(digest.recent_moves.last(), Some(&(100 + RECENT as u64 + 4)));
        assert_eq!(
            digest.scores.highest,
            Some(((RECENT + 5) as f64, (1000 + RECENT + 4) as f64))
        );
    }
}
