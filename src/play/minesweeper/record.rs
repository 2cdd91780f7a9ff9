//! Minesweeper records, per difficulty and per custom size: `[records.minesweeper.<variant>]`,
//! and the daily challenge's days, `[records.daily.minesweeper]`.

use std::collections::BTreeMap;

use serde::Serialize;
use toml_edit::{InlineTable, Item};

use super::GAME;
use super::code::CodeBoard;
use crate::code::GameCode;
use crate::daily::Attempt;
use crate::games::minesweeper::{BoardSize, Difficulty, FirstClick, Pos};
use crate::records::daily::{self, DayResult, decode_days};
use crate::records::{Fields, ScoreTable, capitalised, decode_tables, format_time_ms};
use crate::store::{Better, Change, Op, Store};
use crate::timestamp::Date;

/// Every Minesweeper record of the file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Records {
    /// By difficulty or custom size, games with hints apart.
    pub tables: BTreeMap<String, MinesweeperRecord>,
    /// The daily challenge's counted attempts.
    pub days: BTreeMap<Date, Day>,
    /// The fastest won retry of the days that have one.
    pub retries: BTreeMap<Date, Day>,
}

/// The counted daily attempt of a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Day {
    pub won: bool,
    pub time_ms: u64,
    /// Played with a hint, the odds or autoplay.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub helped: bool,
}

impl Day {
    pub fn result(self) -> DayResult {
        DayResult {
            won: self.won,
            result: if self.won {
                format!("won in {}", format_time_ms(self.time_ms))
            } else {
                "lost".to_string()
            },
            share: if self.won {
                format_time_ms(self.time_ms)
            } else {
                "lost".to_string()
            },
            best_retry: None,
        }
        .helped(self.helped)
    }

    /// The change that keeps this as `attempt`'s day's result, unless the day has one already;
    /// a retry is kept apart, when it is won unhelped faster than the day's other retries.
    pub fn change(self, attempt: Attempt) -> Option<Change> {
        let mut entry = InlineTable::new();
        entry.insert("won", self.won.into());
        entry.insert("time_ms", daily::clamp(self.time_ms).into());
        let best = self.won.then_some(("time_ms", Better::Lower));
        daily::day_change(GAME, attempt.date, attempt.retry, entry, self.helped, best)
    }
}

/// Minesweeper's records in `store`.
pub fn records(store: &Store) -> &Records {
    static NONE: Records = Records {
        tables: BTreeMap::new(),
        days: BTreeMap::new(),
        retries: BTreeMap::new(),
    };
    store.records::<Records>().unwrap_or(&NONE)
}

impl Records {
    /// Reads the records from the file's `[records]` table.
    pub fn decode(records: Option<&Item>, notices: &mut Vec<String>) -> Records {
        let tables = decode_tables(records, GAME, notices, MinesweeperRecord::decode);
        let (days, retries) = decode_days(records, GAME, notices, |fields| Day {
            won: fields.flag("won"),
            time_ms: fields.count("time_ms"),
            helped: fields.flag(daily::HELPED_KEY),
        });
        Records {
            tables,
            days,
            retries,
        }
    }
}

/// How many times each variant keeps.
pub const TOP_TIMES: usize = 10;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct MinesweeperRecord {
    pub played: u64,
    pub won: u64,
    /// Wins in a row up to the last game.
    pub streak: u64,
    pub longest_streak: u64,
    pub best: Option<BestTime>,
    /// The fastest wins, fastest first.
    pub top: Vec<WinTime>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BestTime {
    pub time_ms: u64,
    pub date: Option<Date>,
    pub bbbv_per_s: Option<f64>,
    pub seed: Option<u64>,
    /// The first cell revealed, row and column from 0: with the seed and the first-click rule it
    /// gives the same board again.
    pub first_cell: Option<[u64; 2]>,
    pub first_click: Option<String>,
}

impl BestTime {
    /// The code of the best game, from the table's board and the seed, first cell and rule the
    /// best keeps; `None` for a best kept without them.
    pub fn code(&self, variant: &str) -> Option<GameCode> {
        let (level, size) = board_of(variant)?;
        let [row, col] = self.first_cell?;
        let board = CodeBoard {
            level,
            size,
            first_click: self
                .first_click
                .as_deref()
                .unwrap_or("opening")
                .parse()
                .ok()?,
            first: Some(Pos::new(row as usize, col as usize)),
        };
        Some(board.code(self.seed?))
    }
}

/// The level and board of a record key (`expert`, `custom-5x5-3`); a no-guess or hinted key's
/// too.
fn board_of(variant: &str) -> Option<(Difficulty, BoardSize)> {
    let variant = variant.strip_suffix(HINTED).unwrap_or(variant);
    let variant = variant.strip_suffix(NO_GUESS).unwrap_or(variant);
    match variant.strip_prefix("custom-") {
        Some(custom) => {
            let (rows, rest) = custom.split_once('x')?;
            let (cols, mines) = rest.split_once('-')?;
            let size =
                BoardSize::new(rows.parse().ok()?, cols.parse().ok()?, mines.parse().ok()?).ok()?;
            Some((Difficulty::Custom, size))
        }
        None => {
            let level: Difficulty = variant.parse().ok()?;
            Some((level, level.preset()?))
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WinTime {
    pub time_ms: u64,
    pub date: Option<Date>,
}

/// A finished (or abandoned) game, as the records need it.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedGame {
    pub won: bool,
    pub time_ms: u64,
    /// A win's, as [`super::rates::Rates`] gives it.
    pub bbbv_per_s: f64,
    pub seed: u64,
    /// Row and column of the first revealed cell.
    pub first_cell: (usize, usize),
    /// The first-click rule's name (`opening`, `safe`, `no-guess`).
    pub first_click: &'static str,
    pub date: Date,
}

impl MinesweeperRecord {
    fn decode(fields: &mut Fields) -> MinesweeperRecord {
        MinesweeperRecord {
            played: fields.count("played"),
            won: fields.count("won"),
            streak: fields.count("streak"),
            longest_streak: fields.count("longest_streak"),
            best: fields.table("best").and_then(|mut best| {
                Some(BestTime {
                    time_ms: best.whole("time_ms")?,
                    date: best.date("date"),
                    bbbv_per_s: best.number("bbbv_per_s"),
                    seed: best.whole("seed"),
                    first_cell: best.cell("first_cell"),
                    first_click: best.text("first_click"),
                })
            }),
            top: fields.list("top", |entry| {
                Some(WinTime {
                    time_ms: entry.whole("time_ms")?,
                    date: entry.date("date"),
                })
            }),
        }
    }

    pub fn win_rate(&self) -> Option<f64> {
        (self.played > 0).then(|| self.won as f64 / self.played as f64)
    }

    /// The changes that record `game` in the variant's table.
    pub fn changes(&self, variant: &str, game: &FinishedGame) -> Vec<Change> {
        let path = |key: &'static str| ["records", GAME.key(), variant, key];
        let mut changes = vec![Change::new(&path("played"), Op::Add(1))];
        if !game.won {
            changes.push(Change::new(&path("streak"), Op::Set(0.into())));
            return changes;
        }
        let streak = self.streak + 1;
        let time_ms = game.time_ms as i64;
        let date = toml_edit::Value::from(game.date.to_toml());
        let mut best = InlineTable::new();
        best.insert("time_ms", time_ms.into());
        best.insert("date", date.clone());
        best.insert("bbbv_per_s", game.bbbv_per_s.into());
        best.insert("seed", i64::try_from(game.seed).unwrap_or(i64::MAX).into());
        let (row, col) = game.first_cell;
        best.insert(
            "first_cell",
            toml_edit::Array::from_iter([row as i64, col as i64]).into(),
        );
        best.insert("first_click", game.first_click.into());
        let mut entry = InlineTable::new();
        entry.insert("time_ms", time_ms.into());
        entry.insert("date", date);
        changes.extend([
            Change::new(&path("won"), Op::Add(1)),
            Change::new(&path("streak"), Op::Set((streak as i64).into())),
            Change::new(&path("longest_streak"), Op::Max(streak as i64)),
            Change::new(
                &path("best"),
                Op::Best {
                    entry: best,
                    key: "time_ms".into(),
                    better: Better::Lower,
                },
            ),
            Change::new(
                &path("top"),
                Op::Rank {
                    entry,
                    key: "time_ms".into(),
                    better: Better::Lower,
                    limit: TOP_TIMES,
                },
            ),
        ]);
        changes
    }

    pub fn table(&self, variant: &str) -> ScoreTable {
        let mut facts = vec![
            ("played", self.played.to_string()),
            ("won", self.won.to_string()),
            (
                "win rate",
                self.win_rate()
                    .map_or("-".into(), |r| format!("{:.0}%", r * 100.0)),
            ),
            ("streak", self.streak.to_string()),
            ("longest streak", self.longest_streak.to_string()),
        ];
        // A best belongs to a recorded game: a table that counts none shows none.
        if let Some(best) = self.best.as_ref().filter(|_| self.played > 0) {
            let date = best.date.map_or(String::new(), |d| format!(" on {d}"));
            facts.push((
                "best time",
                format!("{}{date}", format_time_ms(best.time_ms)),
            ));
            if let Some(rate) = best.bbbv_per_s {
                facts.push(("its 3BV/s", format!("{rate:.2}")));
            }
            if let Some(seed) = best.seed {
                facts.push(("its seed", seed.to_string()));
            }
            if let Some([row, col]) = best.first_cell {
                let rule = best.first_click.as_deref().unwrap_or("opening");
                facts.push((
                    "its first cell",
                    format!("row {}, column {} ({rule})", row + 1, col + 1),
                ));
            }
            if let Some(code) = best.code(variant) {
                facts.push(("its code", code.encode()));
            }
        }
        ScoreTable {
            game: GAME,
            key: variant.to_string(),
            title: format!("Minesweeper {}", table_name(variant)),
            facts,
            header: vec!["#", "time", "date"],
            rows: self
                .top
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    vec![
                        (i + 1).to_string(),
                        format_time_ms(t.time_ms),
                        t.date.map_or(String::new(), |d| d.to_string()),
                    ]
                })
                .collect(),
            reset: Change::new(&["records", GAME.key(), variant], Op::Remove),
        }
    }
}

/// The key under which games played with hints are kept, beside the player's own.
const HINTED: &str = "-hinted";
/// The key under which no-guess boards are kept, beside the ordinary boards of their size: they
/// are easier, so their times stand apart.
const NO_GUESS: &str = "-no-guess";

/// The record key of a board, for games with hints when `hinted`.
pub fn with_hints(variant: &str, hinted: bool) -> String {
    if hinted {
        format!("{variant}{HINTED}")
    } else {
        variant.to_string()
    }
}

/// The record key of a board with the first-click rule `rule`: the preset's name, or
/// `custom-<rows>x<cols>-<mines>`, then `-no-guess` for a no-guess board.
pub fn variant_key(difficulty: &str, rows: u64, cols: u64, mines: u64, rule: &str) -> String {
    let board = if difficulty == "custom" {
        format!("custom-{rows}x{cols}-{mines}")
    } else {
        difficulty.to_string()
    };
    if rule == FirstClick::NoGuess.name() {
        board + NO_GUESS
    } else {
        board
    }
}

/// The name of a variant's table as players read it: `Beginner`, `Custom 5x5, 3 mines`,
/// `Expert no-guess`, `Expert with hints`.
pub fn table_name(variant: &str) -> String {
    if let Some(own) = variant.strip_suffix(HINTED) {
        return format!("{} with hints", table_name(own));
    }
    if let Some(own) = variant.strip_suffix(NO_GUESS) {
        return format!("{} no-guess", table_name(own));
    }
    match variant.strip_prefix("custom-") {
        Some(size) => format!("Custom {size}").replacen('-', ", ", 1) + " mines",
        None => capitalised(variant),
    }
}

/// Presets first, hardest last, then custom sizes by rows, columns and mines as numbers (5x5
/// before 10x10); each board's no-guess games after its ordinary ones, and games with hints
/// after the player's own.
pub fn variant_order(variant: &str) -> (usize, [u64; 3], &str, bool, bool) {
    let own = variant.strip_suffix(HINTED);
    let rule = own.unwrap_or(variant);
    let ordinary = rule.strip_suffix(NO_GUESS);
    let board = ordinary.unwrap_or(rule);
    let rank = ["beginner", "medium", "expert", "classic"]
        .iter()
        .position(|p| *p == board)
        .unwrap_or(4);
    (
        rank,
        custom_numbers(board),
        board,
        ordinary.is_some(),
        own.is_some(),
    )
}

/// Rows, columns and mines of a `custom-<rows>x<cols>-<mines>` key; a part that is not a number
/// (or a key of another form) sorts last.
fn custom_numbers(board: &str) -> [u64; 3] {
    let mut numbers = [u64::MAX; 3];
    if let Some(size) = board.strip_prefix("custom-") {
        let parts = size
            .split(['x', '-'])
            .map(|n| n.parse().unwrap_or(u64::MAX));
        for (slot, number) in numbers.iter_mut().zip(parts) {
            *slot = number;
        }
    }
    numbers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_boards_sort_by_their_numbers_after_the_presets() {
        let mut variants = vec![
            "custom-10x10-10",
            "custom-5x5-3-hinted",
            "expert-no-guess-hinted",
            "expert",
            "expert-no-guess",
            "custom-5x5-3-no-guess",
            "custom-5x5-3",
            "custom-5x12-9",
            "beginner-hinted",
            "custom-5x5-12",
            "beginner",
        ];
        variants.sort_by_key(|v| variant_order(v));
        assert_eq!(
            variants,
            [
                "beginner",
                "beginner-hinted",
                "expert",
                "expert-no-guess",
                "expert-no-guess-hinted",
                "custom-5x5-3",
                "custom-5x5-3-hinted",
                "custom-5x5-3-no-guess",
                "custom-5x5-12",
                "custom-5x12-9",
                "custom-10x10-10",
            ]
        );
    }
}
