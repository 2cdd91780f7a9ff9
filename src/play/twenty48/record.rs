//! 2048 records per board size: `[records.2048."<size>x<size>"]`, and the daily challenge's
//! days, `[records.daily."2048"]`. Games with undo, hints or autoplay are marked and count only
//! toward the assisted best.

use std::collections::BTreeMap;

use serde::Serialize;
use toml_edit::{InlineTable, Item};

use super::GAME;
use super::code::code;
use crate::daily::Attempt;
use crate::records::daily::{self, DayResult, clamp, decode_days, grouped};
use crate::records::{Fields, ScoreTable, decode_tables};
use crate::store::{Better, Change, Op, Store};
use crate::timestamp::Date;

/// The tile that makes a daily 2048 a won day.
pub const DAILY_WIN_TILE: u64 = 2048;

/// Every 2048 record of the file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Records {
    /// By board size.
    pub tables: BTreeMap<String, Twenty48Record>,
    /// The daily challenge's counted attempts.
    pub days: BTreeMap<Date, Day>,
    /// The best-scoring retry of the days that have one.
    pub retries: BTreeMap<Date, Day>,
}

/// 2048's records in `store`.
pub fn records(store: &Store) -> &Records {
    static NONE: Records = Records {
        tables: BTreeMap::new(),
        days: BTreeMap::new(),
        retries: BTreeMap::new(),
    };
    store.records::<Records>().unwrap_or(&NONE)
}

/// The counted daily attempt of a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Day {
    pub score: u64,
    pub tile: u64,
    /// Played with a hint, an undo or autoplay.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub helped: bool,
}

impl Day {
    pub fn result(self) -> DayResult {
        DayResult {
            won: self.tile >= DAILY_WIN_TILE,
            result: format!("{} points, {} tile", self.score, self.tile),
            share: format!("{} ({} tile)", grouped(self.score), self.tile),
            best_retry: None,
        }
        .helped(self.helped)
    }

    /// The change that keeps this as `attempt`'s day's result, unless the day has one already;
    /// a retry is kept apart, when it scores more unhelped than the day's other retries.
    pub fn change(self, attempt: Attempt) -> Option<Change> {
        let mut entry = InlineTable::new();
        entry.insert("score", clamp(self.score).into());
        entry.insert("tile", clamp(self.tile).into());
        let best = Some(("score", Better::Higher));
        daily::day_change(GAME, attempt.date, attempt.retry, entry, self.helped, best)
    }
}

impl Records {
    /// Reads the records from the file's `[records]` table.
    pub fn decode(records: Option<&Item>, notices: &mut Vec<String>) -> Records {
        let tables = decode_tables(records, GAME, notices, Twenty48Record::decode);
        let (days, retries) = decode_days(records, GAME, notices, |fields| Day {
            score: fields.count("score"),
            tile: fields.count("tile"),
            helped: fields.flag(daily::HELPED_KEY),
        });
        Records {
            tables,
            days,
            retries,
        }
    }
}

pub const TOP_SCORES: usize = 10;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Twenty48Record {
    pub played: u64,
    /// Games that reached the win tile.
    pub won: u64,
    /// Best score of a game without undo, hints or autoplay.
    pub best_score: u64,
    /// Best score of a game with undo, hints or autoplay.
    pub best_score_assisted: u64,
    /// Value of the biggest tile ever made.
    pub best_tile: u64,
    /// The highest scores, highest first.
    pub top: Vec<TopScore>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TopScore {
    pub score: u64,
    pub tile: u64,
    pub date: Option<Date>,
    /// With the table's size, the game again (kept since game codes exist).
    pub seed: Option<u64>,
    pub undo: bool,
    pub hint: bool,
    pub autoplay: bool,
}

impl TopScore {
    pub fn assisted(&self) -> bool {
        self.undo || self.hint || self.autoplay
    }
}

/// A finished game (or one replaced by a new game), as the records need it.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedGame {
    pub score: u64,
    pub tile: u64,
    /// The game's seed, when it has one (games saved before seeds were kept have none).
    pub seed: Option<u64>,
    pub reached_win: bool,
    pub undo: bool,
    pub hint: bool,
    pub autoplay: bool,
    pub date: Date,
}

impl FinishedGame {
    pub fn assisted(&self) -> bool {
        self.undo || self.hint || self.autoplay
    }
}

/// Where a finished game stands before it is recorded: for the card at the end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The best score of the game's table (clean or assisted) before this game.
    pub best: u64,
    /// Whether it beats a best of its kind that there was.
    pub new_best: bool,
    /// Its place among the games of its kind in the ten best scores, from 1; `None` when it
    /// does not make the list.
    pub rank: Option<usize>,
}

/// A best score as the game's screen, the records and `grid-arcade scores` show it: none (`-`)
/// before a game of its kind is recorded.
pub fn shown_best(best: u64) -> String {
    if best > 0 {
        best.to_string()
    } else {
        "-".to_string()
    }
}

impl Twenty48Record {
    fn decode(fields: &mut Fields) -> Twenty48Record {
        Twenty48Record {
            played: fields.count("played"),
            won: fields.count("won"),
            best_score: fields.count("best_score"),
            best_score_assisted: fields.count("best_score_assisted"),
            best_tile: fields.count("best_tile"),
            top: fields.list("top", |entry| {
                Some(TopScore {
                    score: entry.whole("score")?,
                    tile: entry.count("tile"),
                    date: entry.date("date"),
                    seed: entry.whole("seed"),
                    undo: entry.flag("undo"),
                    hint: entry.flag("hint"),
                    autoplay: entry.flag("autoplay"),
                })
            }),
        }
    }

    /// The best score kept for a game of this kind (clean or assisted).
    pub fn best_for(&self, assisted: bool) -> u64 {
        if assisted {
            self.best_score_assisted
        } else {
            self.best_score
        }
    }

    /// Where a game of `score` would stand in this table, without recording it: against the
    /// games of its own kind (with help or without), so that an assisted score never ranks above
    /// or stands as the best of the games played without help.
    pub fn standing(&self, score: u64, assisted: bool) -> Standing {
        let best = self.best_for(assisted);
        // Equal scores keep their age order, as the ranked list does when it is recorded.
        let above = self.top.iter().take_while(|t| t.score >= score);
        let enters = above.clone().count() < TOP_SCORES;
        let at = above.filter(|t| t.assisted() == assisted).count();
        Standing {
            best,
            // Beating nothing is no new best: the first game of its kind only sets one.
            new_best: best > 0 && score > best,
            rank: enters.then_some(at + 1),
        }
    }

    pub fn table(&self, size: &str) -> ScoreTable {
        let mut facts = vec![
            ("played", self.played.to_string()),
            ("reached the win tile", self.won.to_string()),
        ];
        // A best belongs to a recorded game: a table that counts none shows none.
        if self.played > 0 {
            facts.extend([
                ("best score", shown_best(self.best_score)),
                ("best tile", self.best_tile.to_string()),
            ]);
            if self.best_score_assisted > 0 {
                facts.push(("best assisted", self.best_score_assisted.to_string()));
            }
            // The code beside the best score is its game's, never a helped game's above it.
            let size = size.split('x').next().and_then(|n| n.parse().ok());
            let best = self
                .top
                .iter()
                .find(|t| !t.assisted() && t.score == self.best_score);
            if let (Some(size), Some(seed)) = (size, best.and_then(|t| t.seed)) {
                facts.push(("best game's code", code(size, seed).encode()));
            }
        }
        ScoreTable {
            game: GAME,
            key: size.to_string(),
            title: format!("2048 {size}"),
            facts,
            header: vec!["#", "score", "tile", "date", "assisted"],
            rows: self
                .top
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let assisted: Vec<&str> =
                        [(t.undo, "undo"), (t.hint, "hint"), (t.autoplay, "autoplay")]
                            .into_iter()
                            .filter_map(|(used, name)| used.then_some(name))
                            .collect();
                    vec![
                        (i + 1).to_string(),
                        t.score.to_string(),
                        t.tile.to_string(),
                        t.date.map_or(String::new(), |d| d.to_string()),
                        assisted.join(", "),
                    ]
                })
                .collect(),
            reset: Change::new(&["records", GAME.key(), size], Op::Remove),
        }
    }
}

/// The record key of a board size.
pub fn size_key(size: usize) -> String {
    format!("{size}x{size}")
}

fn path(size: &str, key: &'static str) -> [String; 4] {
    ["records", GAME.key(), size, key].map(String::from)
}

/// The changes that record a finished or abandoned game.
pub fn changes(size: &str, game: &FinishedGame) -> Vec<Change> {
    let change = |key, op| Change {
        path: path(size, key).to_vec(),
        op,
    };
    let mut entry = InlineTable::new();
    entry.insert("score", clamp(game.score).into());
    entry.insert("tile", clamp(game.tile).into());
    entry.insert("date", game.date.to_toml().into());
    if let Some(seed) = game.seed {
        entry.insert("seed", clamp(seed).into());
    }
    entry.insert("undo", game.undo.into());
    entry.insert("hint", game.hint.into());
    entry.insert("autoplay", game.autoplay.into());
    let best = if game.assisted() {
        "best_score_assisted"
    } else {
        "best_score"
    };
    let mut changes = vec![
        change("played", Op::Add(1)),
        change(best, Op::Max(clamp(game.score))),
        change("best_tile", Op::Max(clamp(game.tile))),
        change(
            "top",
            Op::Rank {
                entry,
                key: "score".into(),
                better: Better::Higher,
                limit: TOP_SCORES,
            },
        ),
    ];
    if game.reached_win {
        changes.push(change("won", Op::Add(1)));
    }
    changes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn top(score: u64, autoplay: bool) -> TopScore {
        TopScore {
            score,
            tile: 0,
            date: None,
            seed: None,
            undo: false,
            hint: false,
            autoplay,
        }
    }

    #[test]
    fn a_game_stands_against_the_games_of_its_own_kind() {
        let mut table = Twenty48Record {
            played: 1,
            best_score_assisted: 20_204,
            top: vec![top(20_204, true)],
            ..Twenty48Record::default()
        };
        // The first game without help: first of its kind, and no best to beat.
        let first = table.standing(1016, false);
        assert_eq!(
            (first.best, first.new_best, first.rank),
            (0, false, Some(1))
        );
        table.best_score = 1016;
        table.top.push(top(1016, false));
        let second = table.standing(1352, false);
        assert_eq!((second.new_best, second.rank), (true, Some(1)));
        let helped = table.standing(1352, true);
        assert_eq!(
            (helped.best, helped.new_best, helped.rank),
            (20_204, false, Some(2))
        );
        table.top = (0..10).map(|i| top(5000 + i, i % 2 == 0)).collect();
        assert_eq!(
            table.standing(1352, false).rank,
            None,
            "not in the ten best"
        );
    }
}
