//! The daily challenge's records: per day, the result of the attempt that counts (the first one
//! recorded that day), under `[records.daily.minesweeper]` and `[records.daily."2048"]`, keyed by
//! the date: `2026-12-01 = { won = true, time_ms = 84300 }`, `2026-12-01 = { score = 23540,
//! tile = 2048 }`. Streaks and the month calendar follow from the days.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use toml_edit::{InlineTable, Item};

use super::fields::{Fields, sub_tables_of};
use super::format_time_ms;
use crate::games::GameId;
use crate::store::{Change, Op};
use crate::timestamp::Date;

/// The tile that makes a daily 2048 a won day.
pub const WIN_TILE: u64 = 2048;

/// The counted Minesweeper attempt of a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MinesweeperDay {
    pub won: bool,
    pub time_ms: u64,
}

/// The counted 2048 attempt of a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Twenty48Day {
    pub score: u64,
    pub tile: u64,
}

/// The daily challenge's results, day by day.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct DailyRecords {
    pub minesweeper: BTreeMap<Date, MinesweeperDay>,
    #[serde(rename = "2048")]
    pub twenty48: BTreeMap<Date, Twenty48Day>,
}

/// How a day of the calendar went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Day {
    NotPlayed,
    Played,
    /// The Minesweeper board cleared, or the 2048 tile reached.
    Won,
}

impl DailyRecords {
    /// The days in `records.daily`; entries that are damaged are left out with a notice.
    pub(super) fn decode(daily: Option<&Item>, notices: &mut Vec<String>) -> DailyRecords {
        let mut records = DailyRecords::default();
        let game = |id: GameId| daily.and_then(|d| d.get(id.key()));
        for (id, at) in [
            (GameId::Minesweeper, "records.daily.minesweeper"),
            (GameId::Twenty48, "records.daily.2048"),
        ] {
            for (key, table) in sub_tables_of(game(id), at, notices) {
                let Ok(date) = key.parse::<Date>() else {
                    notices.push(format!("{at}.{key} is not a date; it was left out"));
                    continue;
                };
                let mut fields = Fields::new(table, format!("{at}.{key}"), notices);
                if id == GameId::Minesweeper {
                    let day = MinesweeperDay {
                        won: fields.flag("won"),
                        time_ms: fields.count("time_ms"),
                    };
                    records.minesweeper.insert(date, day);
                } else {
                    let day = Twenty48Day {
                        score: fields.count("score"),
                        tile: fields.count("tile"),
                    };
                    records.twenty48.insert(date, day);
                }
            }
        }
        records
    }

    /// Whether `game`'s daily of `date` has a counted result: a new attempt is a retry.
    pub fn has(&self, game: GameId, date: Date) -> bool {
        match game {
            GameId::Minesweeper => self.minesweeper.contains_key(&date),
            GameId::Twenty48 => self.twenty48.contains_key(&date),
            GameId::TicTacToe => false,
        }
    }

    pub fn day(&self, date: Date) -> Day {
        let mines = self.minesweeper.get(&date);
        let tiles = self.twenty48.get(&date);
        if mines.is_some_and(|d| d.won) || tiles.is_some_and(|d| d.tile >= WIN_TILE) {
            Day::Won
        } else if mines.is_some() || tiles.is_some() {
            Day::Played
        } else {
            Day::NotPlayed
        }
    }

    fn played(&self) -> BTreeSet<Date> {
        self.minesweeper
            .keys()
            .chain(self.twenty48.keys())
            .copied()
            .collect()
    }

    /// Days played in a row: the run that ends `today` (or yesterday, while today is still
    /// open), and the longest run ever.
    pub fn streaks(&self, today: Date) -> (u32, u32) {
        let played = self.played();
        let (mut longest, mut run, mut last): (u32, u32, Option<Date>) = (0, 0, None);
        for &date in &played {
            run = match last {
                Some(before) if before.add_days(1) == date => run + 1,
                _ => 1,
            };
            longest = longest.max(run);
            last = Some(date);
        }
        let current = match last {
            Some(date) if date == today || date.add_days(1) == today => run,
            _ => 0,
        };
        (current, longest)
    }

    /// These records with `day` as `date`'s 2048 result, unless the day has one.
    pub fn with_twenty48(&self, date: Date, day: Twenty48Day) -> DailyRecords {
        let mut records = self.clone();
        records.twenty48.entry(date).or_insert(day);
        records
    }

    /// One line of plain text that sums up a day's results, to share:
    /// `grid-arcade daily 2026-12-01  Minesweeper 1:24.30  2048 23,540 (2048 tile)`.
    pub fn share_line(&self, date: Date) -> String {
        let mines = match self.minesweeper.get(&date) {
            Some(day) if day.won => format_time_ms(day.time_ms),
            Some(_) => "lost".to_string(),
            None => "not played".to_string(),
        };
        let tiles = match self.twenty48.get(&date) {
            Some(day) => format!("{} ({} tile)", grouped(day.score), day.tile),
            None => "not played".to_string(),
        };
        format!("grid-arcade daily {date}  Minesweeper {mines}  2048 {tiles}")
    }
}

/// `23,540`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The change that keeps a daily Minesweeper result, unless the day has one already.
pub fn minesweeper_change(date: Date, day: MinesweeperDay) -> Change {
    let mut entry = InlineTable::new();
    entry.insert("won", day.won.into());
    entry.insert("time_ms", clamp(day.time_ms).into());
    keep(GameId::Minesweeper, date, entry)
}

/// The change that keeps a daily 2048 result, unless the day has one already.
pub fn twenty48_change(date: Date, day: Twenty48Day) -> Change {
    let mut entry = InlineTable::new();
    entry.insert("score", clamp(day.score).into());
    entry.insert("tile", clamp(day.tile).into());
    keep(GameId::Twenty48, date, entry)
}

fn keep(game: GameId, date: Date, entry: InlineTable) -> Change {
    Change::new(
        &["records", "daily", game.key(), &date.to_string()],
        Op::Keep(entry.into()),
    )
}

/// TOML integers are signed 64-bit.
fn clamp(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::change::apply;

    fn date(text: &str) -> Date {
        text.parse().unwrap()
    }

    fn decoded(root: &toml_edit::DocumentMut) -> (DailyRecords, Vec<String>) {
        let mut notices = Vec::new();
        let daily = root.get("records").and_then(|r| r.get("daily"));
        (DailyRecords::decode(daily, &mut notices), notices)
    }

    #[test]
    fn the_first_result_of_a_day_is_the_one_kept() {
        let mut doc = toml_edit::DocumentMut::new();
        let day = date("2026-12-01");
        for (won, time_ms) in [(false, 5_000), (true, 84_300)] {
            apply(
                doc.as_table_mut(),
                &minesweeper_change(day, MinesweeperDay { won, time_ms }),
            );
        }
        apply(
            doc.as_table_mut(),
            &twenty48_change(
                day,
                Twenty48Day {
                    score: 23_540,
                    tile: 2048,
                },
            ),
        );
        let (records, notices) = decoded(&doc);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(
            records.minesweeper[&day],
            MinesweeperDay {
                won: false,
                time_ms: 5_000
            }
        );
        assert!(records.has(GameId::Twenty48, day));
        assert!(!records.has(GameId::Twenty48, day.add_days(1)));
        // The 2048 tile makes it a won day though the board was lost.
        assert_eq!(records.day(day), Day::Won);
        assert_eq!(
            records.share_line(day),
            "grid-arcade daily 2026-12-01  Minesweeper lost  2048 23,540 (2048 tile)"
        );
    }

    #[test]
    fn the_share_line_names_what_was_played() {
        let mut records = DailyRecords::default();
        let day = date("2026-12-01");
        records.minesweeper.insert(
            day,
            MinesweeperDay {
                won: true,
                time_ms: 84_300,
            },
        );
        assert_eq!(
            records.share_line(day),
            "grid-arcade daily 2026-12-01  Minesweeper 1:24.30  2048 not played"
        );
        assert_eq!(records.day(day), Day::Won);
        assert_eq!(records.day(day.add_days(-1)), Day::NotPlayed);
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(grouped(512), "512");
    }

    #[test]
    fn streaks_count_days_in_a_row() {
        let mut records = DailyRecords::default();
        let tiles = Twenty48Day { score: 1, tile: 4 };
        for day in [
            "2026-11-20",
            "2026-11-21",
            "2026-11-22",
            "2026-11-29",
            "2026-11-30",
        ] {
            records.twenty48.insert(date(day), tiles);
        }
        records.minesweeper.insert(
            date("2026-12-01"),
            MinesweeperDay {
                won: false,
                time_ms: 1,
            },
        );
        assert_eq!(records.streaks(date("2026-12-01")), (3, 3));
        // Today still open: yesterday's run goes on.
        assert_eq!(records.streaks(date("2026-12-02")), (3, 3));
        assert_eq!(records.streaks(date("2026-12-03")), (0, 3));
        assert_eq!(DailyRecords::default().streaks(date("2026-12-01")), (0, 0));
    }

    #[test]
    fn damaged_days_are_left_out_with_a_notice() {
        let doc: toml_edit::DocumentMut = r#"
            [records.daily.minesweeper]
            "2026-12-01" = { won = true, time_ms = 90000 }
            "yesterday" = { won = true, time_ms = 1 }
            "2026-12-02" = 5
            [records.daily."2048"]
            "2026-12-01" = { score = -3, tile = 8 }
        "#
        .parse()
        .unwrap();
        let (records, notices) = decoded(&doc);
        assert_eq!(records.minesweeper.len(), 1);
        assert_eq!(records.twenty48[&date("2026-12-01")].tile, 8);
        assert_eq!(notices.len(), 3, "{notices:?}");
    }
}
