//! A 2048 game as the history keeps it (the fields of its line, written and read from this one
//! declaration), and a board size's games boiled down: scores, the biggest tiles, the moves of
//! the latest games.

use serde::{Deserialize, Serialize};

use super::code::code;
use super::record::size_key;
use crate::history::digest::series::{Point, Series};
use crate::history::digest::{Listed, Tally};
use crate::history::{Entry, Outcome};

/// The fields of a 2048 game's line, under `"2048"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Facts {
    pub size: u32,
    pub score: u64,
    /// The biggest tile made.
    pub tile: u64,
    pub moves: u64,
}

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
    /// Played with undo, hints or autoplay.
    assisted: bool,
}

/// The games of one size while the history is read.
#[derive(Default)]
pub struct Games {
    games: Vec<Game>,
    /// The best score of a game without help, and its game's code.
    best: Option<(u64, String)>,
    /// The best score of a game with undo, hints or autoplay.
    best_assisted: u64,
}

impl Tally for Games {
    type Facts<'a> = Facts;
    type Digest = Twenty48Digest;

    fn table(_: &Entry, facts: &Facts) -> String {
        size_key(usize::try_from(facts.size).unwrap_or(usize::MAX))
    }

    fn listed(entry: &Entry, facts: &Facts) -> Listed {
        Listed {
            detail: facts.score.to_string(),
            code: u8::try_from(facts.size)
                .ok()
                .map(|size| code(size, entry.seed).encode()),
            loss: None,
        }
    }

    fn add(&mut self, entry: &Entry, facts: &Facts) {
        // A game with help counts toward the assisted best only, as in the records.
        if entry.assisted() {
            self.best_assisted = self.best_assisted.max(facts.score);
        } else if self
            .best
            .as_ref()
            .is_none_or(|(best, _)| facts.score > *best)
        {
            let size = u8::try_from(facts.size).unwrap_or(u8::MAX);
            self.best = Some((facts.score, code(size, entry.seed).encode()));
        }
        self.games.push(Game {
            score: facts.score,
            moves: u32::try_from(facts.moves).unwrap_or(u32::MAX),
            // Tiles are powers of two; another number is taken as the power below it.
            tile_exponent: facts.tile.checked_ilog2().unwrap_or(0) as u8,
            won: entry.result == Outcome::Won,
            assisted: entry.assisted(),
        });
    }

    fn append(&mut self, later: Games) {
        self.games.extend(later.games);
        if let Some((score, code)) = later.best
            && self.best.as_ref().is_none_or(|(best, _)| score > *best)
        {
            self.best = Some((score, code));
        }
        self.best_assisted = self.best_assisted.max(later.best_assisted);
    }

    fn digest(self) -> Twenty48Digest {
        let points: Vec<Point> = (1..)
            .zip(&self.games)
            .filter(|(_, g)| !g.assisted)
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
            mean_score: (self.games.iter().map(|g| g.score).sum::<u64>())
                .checked_div(self.games.len() as u64)
                .unwrap_or(0),
            best_score: self.best.as_ref().map_or(0, |(score, _)| *score),
            best_code: self.best.map(|(_, code)| code).unwrap_or_default(),
            best_assisted: self.best_assisted,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Twenty48Digest {
    pub games: usize,
    /// Games that reached the win tile.
    pub won: usize,
    /// The score of each game without help, by game number: its best is the unaided best.
    pub scores: Series,
    /// How many games ended with each biggest tile, smallest tile first.
    pub tiles: Vec<(u64, u64)>,
    /// The moves of the latest [`RECENT`] games, oldest first.
    pub recent_moves: Vec<u64>,
    pub mean_score: u64,
    /// The best score of a game without help, and its game's code.
    pub best_score: u64,
    pub best_code: String,
    /// The best score of a game with undo, hints or autoplay; 0 when there was none.
    pub best_assisted: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timestamp::Timestamp;

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
            let facts = Facts {
                size: 4,
                score: 1000 + i,
                tile,
                moves: 100 + i,
            };
            let entry = Entry::new("2048", &facts, Timestamp { unix_seconds: 0 }, 1, result, i);
            games.add(&entry, &facts);
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
        assert_eq!(digest.best_code, code(4, RECENT as u64 + 4).encode());
    }
}
