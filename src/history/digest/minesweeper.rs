//! A Minesweeper table's history as the records screen shows it: times, 3BV/s, win rate, and how
//! the losses came about.

use std::collections::VecDeque;

use super::series::{Point, Series, win_rates};
use crate::history::{Loss, Outcome};

/// How many of the latest mistakes the digest names.
pub const LATEST_MISTAKES: usize = 3;

/// How a game ended, as the digest counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Won,
    ForcedGuess,
    Mistake,
    /// Lost on a mine without the solver's verdict.
    Unexamined,
    Abandoned,
}

/// One game, kept small: a table may hold a hundred thousand.
#[derive(Clone, Copy, Debug)]
struct Game {
    time_ms: u32,
    bbbv_per_s: f32,
    ending: Ending,
}

/// A game lost by a mistake: its id (to watch it again) and the day it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    pub id: String,
    pub date: String,
}

/// The games of one table while the history is read.
#[derive(Default)]
pub(super) struct Games {
    games: Vec<Game>,
    /// Newest last.
    mistakes: VecDeque<Mistake>,
}

impl Games {
    pub(super) fn add(
        &mut self,
        result: Outcome,
        loss: Option<Loss>,
        duration_ms: u64,
        bbbv_per_s: f64,
        id: &str,
        start: &str,
    ) {
        let ending = match (result, loss) {
            (Outcome::Won, _) => Ending::Won,
            (Outcome::Lost, Some(Loss::ForcedGuess)) => Ending::ForcedGuess,
            (Outcome::Lost, Some(Loss::Mistake)) => Ending::Mistake,
            (Outcome::Lost, None) => Ending::Unexamined,
            // A game given up counts as lost, as in the records; a draw or an end without a
            // result does not happen in Minesweeper and is taken as given up.
            (Outcome::Abandoned | Outcome::Draw | Outcome::Over, _) => Ending::Abandoned,
        };
        if ending == Ending::Mistake {
            if self.mistakes.len() == LATEST_MISTAKES {
                self.mistakes.pop_front();
            }
            self.mistakes.push_back(Mistake {
                id: id.to_string(),
                date: start.chars().take(10).collect(),
            });
        }
        self.games.push(Game {
            time_ms: u32::try_from(duration_ms).unwrap_or(u32::MAX),
            bbbv_per_s: bbbv_per_s as f32,
            ending,
        });
    }

    /// Adds the games of a later part of the file.
    pub(super) fn append(&mut self, later: Games) {
        self.games.extend(later.games);
        self.mistakes.extend(later.mistakes);
        let surplus = self.mistakes.len().saturating_sub(LATEST_MISTAKES);
        self.mistakes.drain(..surplus);
    }

    pub(super) fn digest(self) -> MinesweeperDigest {
        let count = |ending| self.games.iter().filter(|g| g.ending == ending).count();
        let won: Vec<(u32, &Game)> = (1..)
            .zip(&self.games)
            .filter(|(_, g)| g.ending == Ending::Won)
            .collect();
        let total = u32::try_from(self.games.len()).unwrap_or(u32::MAX);
        let series = |value: fn(&Game) -> f32| {
            let points: Vec<Point> = won
                .iter()
                .map(|(game, g)| Point {
                    game: *game,
                    value: value(g),
                })
                .collect();
            Series::of(&points, total)
        };
        let mut sorted_times_ms: Vec<u32> = won.iter().map(|(_, g)| g.time_ms).collect();
        sorted_times_ms.sort_unstable();
        MinesweeperDigest {
            games: self.games.len(),
            won: won.len(),
            forced_guesses: count(Ending::ForcedGuess),
            mistakes: count(Ending::Mistake),
            unexamined: count(Ending::Unexamined),
            abandoned: count(Ending::Abandoned),
            latest_mistakes: self.mistakes.into_iter().rev().collect(),
            win_times: series(|g| g.time_ms as f32 / 1000.0),
            bbbv_per_s: series(|g| g.bbbv_per_s),
            sorted_times_ms,
            win_rates: win_rates(self.games.iter().map(|g| g.ending == Ending::Won)),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct MinesweeperDigest {
    pub games: usize,
    pub won: usize,
    /// Lost on a cell that logic could not tell from a mine, with no safe cell to open.
    pub forced_guesses: usize,
    /// Lost on a cell that logic proved a mine, or while a safe cell was there to open.
    pub mistakes: usize,
    /// Lost on a mine, from before losses were examined.
    pub unexamined: usize,
    /// Given up for a new game (counted as lost).
    pub abandoned: usize,
    /// The latest games lost by a mistake, newest first.
    pub latest_mistakes: Vec<Mistake>,
    /// Seconds of each won game, by game number.
    pub win_times: Series,
    /// 3BV per second of each won game.
    pub bbbv_per_s: Series,
    /// Milliseconds of each won game, ascending: the histogram's bins depend on the room.
    pub sorted_times_ms: Vec<u32>,
    /// Win rate (percent) of each block of games, in order.
    pub win_rates: Vec<u8>,
}

impl MinesweeperDigest {
    /// Games lost on a mine.
    pub fn losses(&self) -> usize {
        self.forced_guesses + self.mistakes + self.unexamined
    }

    /// Wins among all games (a game given up is a loss).
    pub fn win_rate(&self) -> Option<f64> {
        (self.games > 0).then(|| self.won as f64 / self.games as f64)
    }

    /// Wins among the games not lost to a forced guess: the rate that skill decides.
    pub fn win_rate_without_forced_guesses(&self) -> Option<f64> {
        let counted = self.games - self.forced_guesses;
        (counted > 0).then(|| self.won as f64 / counted as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_are_told_apart_and_the_latest_mistakes_named() {
        let mut games = Games::default();
        let plays = [
            (Outcome::Won, None, 20_000),
            (Outcome::Lost, Some(Loss::ForcedGuess), 5_000),
            (Outcome::Lost, Some(Loss::Mistake), 6_000),
            (Outcome::Won, None, 10_000),
            (Outcome::Lost, Some(Loss::Mistake), 7_000),
            (Outcome::Abandoned, None, 1_000),
            (Outcome::Lost, None, 2_000),
            (Outcome::Lost, Some(Loss::Mistake), 8_000),
            (Outcome::Lost, Some(Loss::Mistake), 9_000),
        ];
        for (i, (result, loss, ms)) in plays.into_iter().enumerate() {
            let id = format!("game{i}");
            let start = format!("2026-12-0{}T10:00:00Z", i + 1);
            games.add(result, loss, ms, 1.5, &id, &start);
        }
        let digest = games.digest();
        assert_eq!(digest.games, 9);
        assert_eq!(digest.won, 2);
        assert_eq!(
            (digest.forced_guesses, digest.mistakes, digest.unexamined),
            (1, 4, 1)
        );
        assert_eq!(digest.losses(), 6);
        assert_eq!(digest.abandoned, 1);
        let named: Vec<&str> = digest
            .latest_mistakes
            .iter()
            .map(|m| m.id.as_str())
            .collect();
        assert_eq!(named, ["game8", "game7", "game4"]);
        assert_eq!(digest.latest_mistakes[0].date, "2026-12-09");
        assert_eq!(digest.win_rate(), Some(2.0 / 9.0));
        assert_eq!(digest.win_rate_without_forced_guesses(), Some(2.0 / 8.0));
        assert_eq!(digest.win_times.points, vec![(1.0, 20.0), (4.0, 10.0)]);
        assert_eq!(digest.win_times.lowest, Some((4.0, 10.0)));
        assert_eq!(digest.win_times.last_game, 9);
        assert_eq!(digest.sorted_times_ms, vec![10_000, 20_000]);
        assert_eq!(digest.win_rates, vec![22]);
    }
}
