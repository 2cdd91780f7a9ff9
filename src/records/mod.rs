//! What every game's records share: lenient reading of the `[records]` part of the file (a
//! damaged value counts as empty, with a notice), the score tables that the records screen and
//! `grid-arcade scores` show alike, and the daily challenge's days. Each game keeps its own records
//! beside its rules, and updates them through changes that merge safely with other running copies.

pub mod daily;
mod fields;

use crate::games::GameId;
use crate::store::Change;
pub use fields::{Fields, decode_tables, sub_tables, sub_tables_of};

/// One table of the records screen: a game and difficulty (or board).
#[derive(Clone, Debug)]
pub struct ScoreTable {
    pub game: GameId,
    /// The table's key under its game in the records (and the history's tables):
    /// `expert-hinted`, `3x3`, `4x4`.
    pub key: String,
    pub title: String,
    /// Single figures: played, won, best...
    pub facts: Vec<(&'static str, String)>,
    pub header: Vec<&'static str>,
    pub rows: Vec<Vec<String>>,
    /// The change that resets this table.
    pub reset: Change,
}

/// A game's line in the menu's stats panel.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub played: u64,
    pub won: u64,
    pub best: Option<String>,
}

impl ScoreTable {
    /// The header and the ranked rows as text, in columns two spaces apart, for the screen and
    /// for `scores` alike.
    pub fn aligned(&self) -> (String, Vec<String>) {
        let widths: Vec<usize> = (0..self.header.len())
            .map(|col| {
                self.rows
                    .iter()
                    .map(|row| row[col].chars().count())
                    .chain([self.header[col].len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: Vec<&str>| {
            let padded: Vec<String> = cells
                .iter()
                .zip(&widths)
                .map(|(cell, width)| format!("{cell:<width$}"))
                .collect();
            padded.join("  ").trim_end().to_string()
        };
        let rows = self
            .rows
            .iter()
            .map(|row| line(row.iter().map(String::as_str).collect()))
            .collect();
        (line(self.header.clone()), rows)
    }
}

/// `3x3` before `10x10`: boards sort by their first number, then by name.
pub fn board_order(name: &str) -> (u32, &str) {
    let size = name.split('x').next().and_then(|n| n.parse().ok());
    (size.unwrap_or(u32::MAX), name)
}

/// `8.45 s`, or `1:05.20` from a minute on.
pub fn format_time_ms(ms: u64) -> String {
    let centis = ms / 10;
    if ms < 60_000 {
        format!("{}.{:02} s", centis / 100, centis % 100)
    } else {
        format!(
            "{}:{:02}.{:02}",
            centis / 6000,
            centis / 100 % 60,
            centis % 100
        )
    }
}

/// `n` with its noun, singular for one: `1 loss`, `3 losses`, `1 win in a row`. Every count a
/// player reads goes through it, so no text says "1 losses".
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

pub fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
