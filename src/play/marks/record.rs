//! The records of a game of marks in a row: `[records.<game>.<table>.<row>]`, a table per board
//! or rule and a row per opponent (and side, where the game keeps sides apart). Against the
//! computer they count the player's wins, losses and draws; two-player games (row `human`) count
//! the wins of each mark.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use serde::Serialize;

use super::Variant;
use super::settings::TWO_PLAYERS;
use crate::records::{Fields, ScoreTable, sub_tables, sub_tables_of};
use crate::store::{Change, Op, Store};

/// A game's records as the store keeps them. Each game's are a type of their own, as the store
/// finds a section's records by their type.
pub struct Records<V> {
    tables: BTreeMap<String, TableRecords>,
    game: PhantomData<fn() -> V>,
}

/// A game's records: by table, then by row.
pub type Tables = BTreeMap<String, TableRecords>;

/// The rows of one table.
pub type TableRecords = BTreeMap<String, MarksRecord>;

/// The records of `V` in `store`.
pub fn records<V: Variant>(store: &Store) -> &Tables {
    static NONE: Tables = BTreeMap::new();
    store
        .records::<Records<V>>()
        .map_or(&NONE, |records| &records.tables)
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct MarksRecord {
    /// Against the computer: the player's results. Two players: wins of X, wins of O.
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// Positive: wins in a row; negative: losses in a row; a draw ends both.
    pub streak: i64,
    pub longest_streak: u64,
    /// Games in which a hint was asked for.
    pub hinted: u64,
    /// Games in which a move was taken back, where undo marks a game.
    #[serde(skip_serializing_if = "is_zero")]
    pub undone: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
}

/// How a game was helped, as its record counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Help {
    pub hinted: bool,
    pub undone: bool,
}

impl MarksRecord {
    fn decode(fields: &mut Fields) -> MarksRecord {
        MarksRecord {
            wins: fields.count("wins"),
            losses: fields.count("losses"),
            draws: fields.count("draws"),
            streak: fields.integer("streak"),
            longest_streak: fields.count("longest_streak"),
            hinted: fields.count("hinted"),
            undone: fields.count("undone"),
        }
    }

    pub fn played(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// The changes that record one game of `V` in `table` and `row`. For two players, `Win`
    /// means X won and `Loss` O won.
    pub fn changes<V: Variant>(
        &self,
        table: &str,
        row: &str,
        outcome: Outcome,
        help: Help,
    ) -> Vec<Change> {
        let path = |key: &'static str| ["records", V::GAME.key(), table, row, key];
        let counter = match outcome {
            Outcome::Win => "wins",
            Outcome::Loss => "losses",
            Outcome::Draw => "draws",
        };
        let mut changes = vec![Change::new(&path(counter), Op::Add(1))];
        for (helped, key) in [(help.hinted, "hinted"), (help.undone, "undone")] {
            if helped {
                changes.push(Change::new(&path(key), Op::Add(1)));
            }
        }
        if row != TWO_PLAYERS {
            let streak = match outcome {
                Outcome::Win => self.streak.max(0) + 1,
                Outcome::Loss => self.streak.min(0) - 1,
                Outcome::Draw => 0,
            };
            changes.push(Change::new(&path("streak"), Op::Set(streak.into())));
            if streak > 0 {
                changes.push(Change::new(&path("longest_streak"), Op::Max(streak)));
            }
        }
        changes
    }
}

/// A table of `V`'s records as the records screen and `scores` show it.
pub fn table<V: Variant>(key: &str, rows: &TableRecords) -> ScoreTable {
    let order = V::rows();
    let rank = |row: &str| order.iter().position(|r| r == row).unwrap_or(order.len());
    let mut ordered: Vec<(&String, &MarksRecord)> = rows.iter().collect();
    ordered.sort_by_key(|(row, _)| rank(row));
    let game = V::GAME;
    ScoreTable {
        game,
        key: key.to_string(),
        title: format!("{} {key}", V::TITLE),
        facts: Vec::new(),
        header: vec!["opponent", "wins", "losses", "draws", "streak", "longest"],
        rows: ordered
            .into_iter()
            .map(|(row, r)| {
                if row == TWO_PLAYERS {
                    vec![
                        V::row_label(row),
                        format!("X {}", r.wins),
                        format!("O {}", r.losses),
                        r.draws.to_string(),
                        String::new(),
                        String::new(),
                    ]
                } else {
                    vec![
                        V::row_label(row),
                        r.wins.to_string(),
                        r.losses.to_string(),
                        r.draws.to_string(),
                        format_streak(r.streak),
                        r.longest_streak.to_string(),
                    ]
                }
            })
            .collect(),
        reset: Change::new(&["records", game.key(), key], Op::Remove),
    }
}

fn format_streak(streak: i64) -> String {
    match streak {
        0 => "-".to_string(),
        n if n > 0 => format!("{n} won"),
        n => format!("{} lost", -n),
    }
}

/// Reads `V`'s records from the file's `[records]` table.
pub fn decode<V: Variant>(
    records: Option<&toml_edit::Item>,
    notices: &mut Vec<String>,
) -> Records<V> {
    let key = V::GAME.key();
    let item = records.and_then(|r| r.get(key));
    let at = format!("records.{key}");
    let mut tables = BTreeMap::new();
    for (table, rows) in sub_tables_of(item, &at, notices) {
        let table_at = format!("{at}.{table}");
        let mut records = TableRecords::new();
        for (row, fields) in sub_tables(rows, &table_at, notices) {
            let mut fields = Fields::new(fields, format!("{table_at}.{row}"), notices);
            records.insert(row.to_string(), MarksRecord::decode(&mut fields));
        }
        tables.insert(table.to_string(), records);
    }
    Records {
        tables,
        game: PhantomData,
    }
}
