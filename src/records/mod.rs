//! The records the program keeps in the `[records]` part of the file: decoded leniently, turned
//! into score tables for the screen and for `grid-arcade scores`, and updated through changes that
//! merge safely with other running copies.

pub mod daily;
mod fields;
pub mod minesweeper;
pub mod tictactoe;
pub mod twenty48;

use std::collections::BTreeMap;

use serde::Serialize;
use toml_edit::Table;

use crate::games::GameId;
use crate::store::Change;
pub use daily::DailyRecords;
use fields::{Fields, sub_tables_of};
pub use minesweeper::MinesweeperRecord;
pub use tictactoe::TicTacToeRecord;
pub use twenty48::Twenty48Record;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Records {
    /// By difficulty or custom size.
    pub minesweeper: BTreeMap<String, MinesweeperRecord>,
    /// By board, then by opponent.
    pub tictactoe: BTreeMap<String, tictactoe::BoardRecords>,
    /// By board size.
    #[serde(rename = "2048")]
    pub twenty48: BTreeMap<String, Twenty48Record>,
    /// The daily challenge, day by day.
    pub daily: DailyRecords,
}

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

impl Records {
    pub fn decode(root: &Table, notices: &mut Vec<String>) -> Records {
        let records = root.get("records").filter(|item| {
            let table = item.is_table_like();
            if !table {
                notices.push(format!(
                    "records = {} is not a table; the records in it are left out",
                    crate::store::settings::shown(item)
                ));
            }
            table
        });
        let game = |id: GameId| records.and_then(|r| r.get(id.key()));
        let decode_each = |id: GameId, notices: &mut Vec<String>| {
            let at = format!("records.{}", id.key());
            sub_tables_of(game(id), &at, notices)
                .into_iter()
                .map(|(key, table)| (key.to_string(), table, format!("{at}.{key}")))
                .collect::<Vec<_>>()
        };
        let minesweeper = decode_each(GameId::Minesweeper, notices)
            .into_iter()
            .map(|(key, table, at)| {
                let record = MinesweeperRecord::decode(&mut Fields::new(table, at, notices));
                (key, record)
            })
            .collect();
        let twenty48 = decode_each(GameId::Twenty48, notices)
            .into_iter()
            .map(|(key, table, at)| {
                let record = Twenty48Record::decode(&mut Fields::new(table, at, notices));
                (key, record)
            })
            .collect();
        Records {
            minesweeper,
            tictactoe: tictactoe::decode_all(game(GameId::TicTacToe), notices),
            twenty48,
            daily: DailyRecords::decode(records.and_then(|r| r.get("daily")), notices),
        }
    }

    /// Every score table, game by game, easiest variant first.
    pub fn tables(&self) -> Vec<ScoreTable> {
        let mut mines: Vec<_> = self.minesweeper.iter().collect();
        mines.sort_by_key(|(variant, _)| minesweeper::variant_order(variant));
        let mut boards: Vec<_> = self.tictactoe.iter().collect();
        boards.sort_by_key(|(board, _)| board_order(board));
        let mut sizes: Vec<_> = self.twenty48.iter().collect();
        sizes.sort_by_key(|(size, _)| board_order(size));
        mines
            .into_iter()
            .map(|(variant, r)| r.table(variant))
            .chain(
                boards
                    .into_iter()
                    .map(|(b, r)| tictactoe::board_table(b, r)),
            )
            .chain(sizes.into_iter().map(|(size, r)| r.table(size)))
            .collect()
    }

    /// Played and won over all variants of a game, and the best result of `variant`.
    pub fn summary(&self, game: GameId, variant: &str) -> Summary {
        match game {
            GameId::Minesweeper => Summary {
                played: self.minesweeper.values().map(|r| r.played).sum(),
                won: self.minesweeper.values().map(|r| r.won).sum(),
                best: self
                    .minesweeper
                    .get(variant)
                    .filter(|r| r.played > 0)
                    .and_then(|r| r.best.as_ref())
                    .map(|b| format!("{} {}", format_time_ms(b.time_ms), variant)),
            },
            GameId::TicTacToe => {
                let all = self.tictactoe.values().flat_map(|b| b.iter());
                let vs_computer: Vec<_> = all
                    .filter(|(opponent, _)| *opponent != tictactoe::TWO_PLAYERS)
                    .map(|(_, r)| r)
                    .collect();
                Summary {
                    played: vs_computer.iter().map(|r| r.played()).sum(),
                    won: vs_computer.iter().map(|r| r.wins).sum(),
                    best: vs_computer
                        .iter()
                        .map(|r| r.longest_streak)
                        .max()
                        .filter(|n| *n > 0)
                        .map(|n| format!("{n} wins in a row")),
                }
            }
            GameId::Twenty48 => Summary {
                played: self.twenty48.values().map(|r| r.played).sum(),
                won: self.twenty48.values().map(|r| r.won).sum(),
                best: self
                    .twenty48
                    .get(variant)
                    .filter(|r| r.played > 0 && r.best_score > 0)
                    .map(|r| format!("{} on {variant}", r.best_score)),
            },
        }
    }
}

/// `3x3` before `10x10`: boards sort by their first number, then by name.
fn board_order(name: &str) -> (u32, &str) {
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

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
