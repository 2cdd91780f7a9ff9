//! A table's Minesweeper games boiled down: times, 3BV/s, win rate, how the losses came about and
//! how lucky the forced guesses were. The records screen and `stats` both show these figures, in
//! the same words.

use std::collections::VecDeque;

use super::facts::{Facts, Loss};
use crate::history::digest::Tally;
use crate::history::digest::series::{Point, Series, win_rates};
use crate::history::{Entry, Outcome};
use crate::records::{counted, format_time_ms};

/// How many of the latest mistakes the digest names.
pub const LATEST_MISTAKES: usize = 3;

/// How a game ended, as the digest counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Won,
    ForcedGuess,
    RiskyGuess,
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
    /// For a game examined for guesses: the chance that its forced guesses all came out safe.
    survival: Option<f32>,
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
            (Outcome::Lost, Some(Loss::RiskyGuess)) => Ending::RiskyGuess,
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
            survival: facts
                .risk
                .map(|risk| 1.0 - f32::from(risk.min(1000)) / 1000.0),
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
        // The games luck decided: won, or lost to a guess no cell safer could have spared.
        let weighed: Vec<(&Game, f32)> = (self.games.iter())
            .filter(|g| {
                matches!(
                    g.ending,
                    Ending::Won | Ending::ForcedGuess | Ending::RiskyGuess
                )
            })
            .filter_map(|g| Some((g, g.survival?)))
            .collect();
        MinesweeperDigest {
            games: self.games.len(),
            won: won.len(),
            forced_guesses: count(Ending::ForcedGuess),
            risky_guesses: count(Ending::RiskyGuess),
            mistakes: count(Ending::Mistake),
            unexamined: count(Ending::Unexamined),
            abandoned: count(Ending::Abandoned),
            latest_mistakes: self.mistakes.into_iter().rev().collect(),
            win_times: series(|g| g.time_ms as f32 / 1000.0),
            bbbv_per_s: series(|g| g.bbbv_per_s),
            sorted_times_ms,
            win_rates: win_rates(self.games.iter().map(|g| g.ending == Ending::Won)),
            best_code: self.best.map(|(_, code)| code).unwrap_or_default(),
            luck: Luck {
                games: weighed.len(),
                won: weighed
                    .iter()
                    .filter(|(g, _)| g.ending == Ending::Won)
                    .count(),
                expected: weighed.iter().map(|(_, chance)| f64::from(*chance)).sum(),
            },
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct MinesweeperDigest {
    pub games: usize,
    pub won: usize,
    /// Lost on a cell that logic could not tell from a mine, with no safe cell to open.
    pub forced_guesses: usize,
    /// Lost on such a cell far riskier than the safest one open.
    pub risky_guesses: usize,
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
    pub luck: Luck,
}

/// The wins the forced guesses' chances promised against the wins had, over the games examined
/// for guesses that were won or lost to a guess (a mistake or a game given up is not luck).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Luck {
    pub games: usize,
    pub won: usize,
    /// The sum over those games of the chance that all their forced guesses came out safe.
    pub expected: f64,
}

impl MinesweeperDigest {
    /// Games lost on a mine.
    pub fn losses(&self) -> usize {
        self.forced_guesses + self.risky_guesses + self.mistakes + self.unexamined
    }

    /// How the games ended, in sentences the records screen and `stats` both print: the losses
    /// on a mine by their kind, the games given up (which are neither), the win rate with and
    /// without the forced guesses, and the luck of the guesses.
    pub fn luck(&self) -> Vec<String> {
        let was = |n: usize| if n == 1 { "was" } else { "were" };
        let kind = |n: usize, one: &str, many: &str| {
            format!("{n} {} {}", was(n), if n == 1 { one } else { many })
        };
        let losses = self.losses();
        let mut lines = vec![if losses == 0 {
            "No game of this table was lost on a mine.".to_string()
        } else {
            let mut kinds = vec![kind(
                self.forced_guesses,
                "a forced guess",
                "forced guesses",
            )];
            if self.risky_guesses > 0 {
                kinds.push(kind(self.risky_guesses, "a risky guess", "risky guesses"));
            }
            let mistakes = kind(self.mistakes, "a mistake", "mistakes");
            let mut text = format!(
                "Of {}, {} and {mistakes}.",
                counted(losses as u64, "loss", "losses"),
                kinds.join(", ")
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
        lines.push(format!(
            "Win rate {}; leaving out forced guesses, {}.",
            percent(self.win_rate()),
            percent(self.win_rate_without_forced_guesses())
        ));
        let luck = &self.luck;
        if luck.games > 0 {
            lines.push(format!(
                "Luck: {} of {} won, against {:.1} expected from the chances of their forced \
                 guesses.",
                luck.won,
                counted(luck.games as u64, "game", "games"),
                luck.expected
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

/// A rate in whole percent, `-` of nothing.
fn percent(rate: Option<f64>) -> String {
    rate.map_or("-".to_string(), |r| format!("{:.0}%", r * 100.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timestamp::Timestamp;

    fn facts(loss: Option<Loss>) -> Facts<'static> {
        Facts {
            level: "expert".into(),
            rule: "no-guess".into(),
            first: Some([10, 12]),
            bbbv: 187,
            clicks: 301,
            loss,
            ..Facts::default()
        }
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
                "Win rate 25%; leaving out forced guesses, 33%.",
            ]
        );
        let digest = MinesweeperDigest {
            games: 7,
            won: 1,
            risky_guesses: 1,
            mistakes: 3,
            unexamined: 2,
            luck: Luck {
                games: 2,
                won: 1,
                expected: 0.75,
            },
            ..MinesweeperDigest::default()
        };
        assert_eq!(
            digest.luck(),
            [
                "Of 6 losses, 0 were forced guesses, 1 was a risky guess and 3 were mistakes. 2 \
                 were lost before losses were examined.",
                "Win rate 14%; leaving out forced guesses, 14%.",
                "Luck: 1 of 2 games won, against 0.8 expected from the chances of their forced \
                 guesses.",
            ]
        );
        assert_eq!(crate::records::counted(1u32, "loss", "losses"), "1 loss");
    }

    #[test]
    fn the_luck_of_the_guesses_counts_the_games_luck_decided() {
        let mut games = Games::default();
        // (result, loss, the risk of the forced guesses in thousandths)
        let plays = [
            (Outcome::Won, None, Some(0)),
            (Outcome::Won, None, Some(500)),
            (Outcome::Lost, Some(Loss::ForcedGuess), Some(300)),
            (Outcome::Lost, Some(Loss::RiskyGuess), Some(600)),
            // Not luck: a mistake, a game given up, and one from before games were examined.
            (Outcome::Lost, Some(Loss::Mistake), Some(100)),
            (Outcome::Abandoned, None, Some(0)),
            (Outcome::Won, None, None),
        ];
        for (result, loss, risk) in plays {
            let facts = Facts {
                risk,
                ..facts(loss)
            };
            let entry = Entry::new(
                "minesweeper",
                &facts,
                Timestamp { unix_seconds: 0 },
                1_000,
                result,
                1,
            );
            games.add(&entry, &facts);
        }
        let digest = games.digest();
        assert_eq!((digest.forced_guesses, digest.risky_guesses), (1, 1));
        assert_eq!((digest.luck.games, digest.luck.won), (4, 2));
        assert!(
            (digest.luck.expected - 2.6).abs() < 1e-6,
            "{:?}",
            digest.luck
        );
    }
}
