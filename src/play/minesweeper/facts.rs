//! A Minesweeper game as the history keeps it (the fields of its line, written and read from this
//! one declaration), and a table's games boiled down: times, 3BV/s, win rate, how the losses came
//! about. The records screen and `stats` both show these figures.

use std::borrow::Cow;
use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::code::CodeBoard;
use super::rates::Rates;
use super::record::{variant_key, with_hints};
use crate::code::GameCode;
use crate::games::minesweeper::{BoardSize, Difficulty, Pos};
use crate::history::digest::Tally;
use crate::history::digest::series::{Point, Series, win_rates};
use crate::history::{Entry, Outcome};
use crate::records::{counted, format_time_ms};

/// Why a Minesweeper game was lost, as the solver saw the board just before the fatal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Loss {
    /// Logic could not tell the cell from a mine, and no cell was provably safe.
    ForcedGuess,
    /// The cell was provably a mine, or a provably safe cell was there to open.
    Mistake,
}

impl Loss {
    /// The name the history gives it.
    pub fn name(self) -> &'static str {
        match self {
            Loss::ForcedGuess => "forced-guess",
            Loss::Mistake => "mistake",
        }
    }
}

fn is_false(flag: &bool) -> bool {
    !flag
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The fields of a Minesweeper game's line, under `"minesweeper"`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Facts<'a> {
    /// `beginner`, `medium`, `expert`, `classic` or `custom`.
    #[serde(borrow)]
    pub level: Cow<'a, str>,
    /// The board of a custom level; 0 for the others, whose level says it (and the line is
    /// shorter without): see [`Facts::size`].
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rows: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cols: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mines: u32,
    /// The first-click rule: `opening`, `safe` or `no-guess`.
    #[serde(borrow)]
    pub rule: Cow<'a, str>,
    /// Flags cycled through question marks (needed to replay the flag moves).
    #[serde(default, skip_serializing_if = "is_false")]
    pub marks: bool,
    /// Row and column of the first revealed cell, from 0; with the seed and the rule it gives
    /// the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<[u32; 2]>,
    /// A win's 3BV/s and efficiency (3BV per click) follow from these and the duration, and are
    /// not written twice: see [`Facts::rates`].
    pub bbbv: u32,
    pub clicks: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loss: Option<Loss>,
}

impl Facts<'_> {
    /// The board: the level's own, or the custom one written out.
    pub fn size(&self) -> Option<BoardSize> {
        let level: Difficulty = self.level.parse().ok()?;
        level.preset().map_or_else(
            || BoardSize::new(self.rows as usize, self.cols as usize, self.mines as usize).ok(),
            Some,
        )
    }

    /// The records table the game counts in (`beginner`, `expert-hinted`, `custom-5x5-3`).
    pub fn table(&self, hinted: bool) -> String {
        let variant = variant_key(
            &self.level,
            self.rows.into(),
            self.cols.into(),
            self.mines.into(),
            &self.rule,
        );
        with_hints(&variant, hinted)
    }

    /// The code that gives the game again.
    pub fn code(&self, seed: u64) -> Option<GameCode> {
        let board = CodeBoard {
            level: self.level.parse().ok()?,
            size: self.size()?,
            first_click: self.rule.parse().ok()?,
            first: self
                .first
                .map(|[row, col]| Pos::new(row as usize, col as usize)),
        };
        Some(board.code(seed))
    }

    /// The speed and efficiency of `entry`, this game, if it was won.
    pub fn rates(&self, entry: &Entry) -> Option<Rates> {
        Rates::of(
            entry.result == Outcome::Won,
            self.bbbv as usize,
            self.clicks as usize,
            entry.duration_ms,
        )
    }
}

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
pub struct Games {
    games: Vec<Game>,
    /// Newest last.
    mistakes: VecDeque<Mistake>,
    /// The fastest win: its time and code.
    best: Option<(u32, String)>,
}

impl Tally for Games {
    type Facts<'a> = Facts<'a>;
    type Digest = MinesweeperDigest;

    fn table(entry: &Entry, facts: &Facts) -> String {
        facts.table(entry.hints)
    }

    fn detail(entry: &Entry, _: &Facts) -> String {
        format_time_ms(entry.duration_ms)
    }

    fn add(&mut self, entry: &Entry, facts: &Facts) {
        let ending = match (entry.result, facts.loss) {
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
                id: entry.id.to_string(),
                date: entry.start.chars().take(10).collect(),
            });
        }
        let time_ms = u32::try_from(entry.duration_ms).unwrap_or(u32::MAX);
        if ending == Ending::Won && self.best.as_ref().is_none_or(|(best, _)| time_ms < *best) {
            let code = facts
                .code(entry.seed)
                .map(|c| c.encode())
                .unwrap_or_default();
            self.best = Some((time_ms, code));
        }
        self.games.push(Game {
            time_ms,
            bbbv_per_s: facts.rates(entry).map_or(0.0, |r| r.bbbv_per_s as f32),
            ending,
        });
    }

    fn append(&mut self, later: Games) {
        self.games.extend(later.games);
        self.mistakes.extend(later.mistakes);
        let surplus = self.mistakes.len().saturating_sub(LATEST_MISTAKES);
        self.mistakes.drain(..surplus);
        if let Some((time, code)) = later.best
            && self.best.as_ref().is_none_or(|(best, _)| time < *best)
        {
            self.best = Some((time, code));
        }
    }

    fn digest(self) -> MinesweeperDigest {
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
            best_code: self.best.map(|(_, code)| code).unwrap_or_default(),
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
    /// The code of the fastest win.
    pub best_code: String,
}

impl MinesweeperDigest {
    /// Games lost on a mine.
    pub fn losses(&self) -> usize {
        self.forced_guesses + self.mistakes + self.unexamined
    }

    /// How the games that were not won ended, in sentences the records screen and `stats` both
    /// print: the losses on a mine by their kind, then the games given up, which are neither.
    pub fn luck(&self) -> Vec<String> {
        let was = |n: usize| if n == 1 { "was" } else { "were" };
        let losses = self.losses();
        let mut lines = vec![if losses == 0 {
            "No game of this table was lost on a mine.".to_string()
        } else {
            let mut text = format!(
                "Of {}, {} {} and {} {}.",
                counted(losses as u64, "loss", "losses"),
                self.forced_guesses,
                if self.forced_guesses == 1 {
                    "was a forced guess"
                } else {
                    "were forced guesses"
                },
                self.mistakes,
                if self.mistakes == 1 {
                    "was a mistake"
                } else {
                    "were mistakes"
                },
            );
            if self.unexamined > 0 {
                text.push_str(&format!(
                    " {} {} lost before losses were examined.",
                    self.unexamined,
                    was(self.unexamined)
                ));
            }
            text
        }];
        if self.abandoned > 0 {
            lines.push(format!(
                "{} {} given up: neither a forced guess nor a mistake.",
                counted(self.abandoned as u64, "game", "games"),
                was(self.abandoned)
            ));
        }
        lines
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

    /// The mean time of the wins, in ms.
    pub fn mean_win_ms(&self) -> Option<u64> {
        let wins = self.sorted_times_ms.len() as u64;
        let sum: u64 = self.sorted_times_ms.iter().map(|&t| u64::from(t)).sum();
        (wins > 0).then(|| sum / wins)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timestamp::Timestamp;

    fn facts(loss: Option<Loss>) -> Facts<'static> {
        Facts {
            level: "expert".into(),
            rows: 0,
            cols: 0,
            mines: 0,
            rule: "no-guess".into(),
            marks: false,
            first: Some([10, 12]),
            bbbv: 187,
            clicks: 301,
            loss,
        }
    }

    #[test]
    fn a_line_reads_back_the_same_and_gives_its_code() {
        let mut entry = Entry::new(
            "minesweeper",
            &facts(Some(Loss::ForcedGuess)),
            Timestamp { unix_seconds: 0 },
            184_230,
            Outcome::Lost,
            9_223_372_036_854_775_807,
        );
        entry.hints = true;
        let line = serde_json::to_string(&entry).unwrap();
        assert!(line.contains("\"loss\":\"forced-guess\""), "{line}");
        assert!(line.contains("\"seed\":9223372036854775807"), "{line}");
        // The expert board is the level's: not written out.
        assert!(!line.contains("rows"), "{line}");
        let read = serde_json::from_str::<Entry>(&line).unwrap();
        let read: Facts = read.facts().unwrap();
        assert_eq!(read.size(), Some(BoardSize::EXPERT));
        assert_eq!(read, facts(Some(Loss::ForcedGuess)));
        assert_eq!(read.table(true), "expert-no-guess-hinted");
        assert_eq!(
            read.code(entry.seed),
            Some(
                CodeBoard {
                    level: Difficulty::Expert,
                    size: BoardSize::EXPERT,
                    first_click: crate::games::minesweeper::FirstClick::NoGuess,
                    first: Some(Pos::new(10, 12)),
                }
                .code(entry.seed)
            )
        );
    }

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
            let facts = facts(loss);
            let mut entry = Entry::new(
                "minesweeper",
                &facts,
                Timestamp { unix_seconds: 0 },
                ms,
                result,
                i as u64,
            );
            entry.id = format!("game{i}").into();
            entry.start = format!("2026-12-0{}T10:00:00Z", i + 1).into();
            games.add(&entry, &facts);
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
        assert_eq!(digest.mean_win_ms(), Some(15_000));
        let fastest = facts(None).code(3).unwrap().encode();
        assert_eq!(digest.best_code, fastest, "the win of seed 3, in 10 s");
    }

    #[test]
    fn the_luck_of_a_table_says_one_count_with_singulars_and_games_given_up_apart() {
        let digest = MinesweeperDigest {
            games: 4,
            won: 1,
            forced_guesses: 1,
            mistakes: 1,
            abandoned: 1,
            ..MinesweeperDigest::default()
        };
        assert_eq!(
            digest.luck(),
            [
                "Of 2 losses, 1 was a forced guess and 1 was a mistake.",
                "1 game was given up: neither a forced guess nor a mistake.",
            ]
        );
        let digest = MinesweeperDigest {
            games: 6,
            won: 1,
            mistakes: 3,
            unexamined: 2,
            ..MinesweeperDigest::default()
        };
        assert_eq!(
            digest.luck(),
            [
                "Of 5 losses, 0 were forced guesses and 3 were mistakes. 2 were lost before losses were examined."
            ]
        );
        assert_eq!(crate::records::counted(1u32, "loss", "losses"), "1 loss");
    }
}
