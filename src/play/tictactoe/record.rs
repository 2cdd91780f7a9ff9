//! Tic-tac-toe records per board and opponent: `[records.tictactoe."<board>".<opponent>]`.
//! Against the computer they count the player's wins, losses and draws; two-player games (opponent
//! `human`) count the wins of each mark.

use std::collections::BTreeMap;

use serde::Serialize;

use super::GAME;
use super::settings::TWO_PLAYERS;
use crate::records::{Fields, ScoreTable, sub_tables, sub_tables_of};
use crate::store::{Change, Op, Store};

/// Every tic-tac-toe record of the file, by board, then by opponent.
pub type Records = BTreeMap<String, BoardRecords>;

/// Tic-tac-toe's records in `store`.
pub fn records(store: &Store) -> &Records {
    static NONE: Records = BTreeMap::new();
    store.records::<Records>().unwrap_or(&NONE)
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TicTacToeRecord {
    /// Against the computer: the player's results. Two players: wins of X, wins of O.
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// Positive: wins in a row; negative: losses in a row; a draw ends both.
    pub streak: i64,
    pub longest_streak: u64,
    /// Games helped: a hint asked for or a move undone.
    pub hinted: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
}

impl TicTacToeRecord {
    fn decode(fields: &mut Fields) -> TicTacToeRecord {
        TicTacToeRecord {
            wins: fields.count("wins"),
            losses: fields.count("losses"),
            draws: fields.count("draws"),
            streak: fields.integer("streak"),
            longest_streak: fields.count("longest_streak"),
            hinted: fields.count("hinted"),
        }
    }

    pub fn played(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// The changes that record one game. For two players, `Win` means X won and `Loss` O won.
    pub fn changes(
        &self,
        board: &str,
        opponent: &str,
        outcome: Outcome,
        hinted: bool,
    ) -> Vec<Change> {
        let path = |key: &'static str| ["records", GAME.key(), board, opponent, key];
        let counter = match outcome {
            Outcome::Win => "wins",
            Outcome::Loss => "losses",
            Outcome::Draw => "draws",
        };
        let mut changes = vec![Change::new(&path(counter), Op::Add(1))];
        if hinted {
            changes.push(Change::new(&path("hinted"), Op::Add(1)));
        }
        if opponent != TWO_PLAYERS {
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

/// Records of one board: one per opponent (`easy`, `medium`, `hard`, `human`).
pub type BoardRecords = BTreeMap<String, TicTacToeRecord>;

/// Where an opponent comes in a board's table: easiest first, two players last, any other name
/// after them.
pub fn opponent_order(opponent: &str) -> usize {
    const OPPONENTS: [&str; 4] = ["easy", "medium", "hard", TWO_PLAYERS];
    OPPONENTS
        .iter()
        .position(|o| *o == opponent)
        .unwrap_or(OPPONENTS.len())
}

pub fn board_table(board: &str, records: &BoardRecords) -> ScoreTable {
    let mut ordered: Vec<(&String, &TicTacToeRecord)> = records.iter().collect();
    ordered.sort_by_key(|(name, _)| opponent_order(name));
    ScoreTable {
        game: GAME,
        key: board.to_string(),
        title: format!("Tic-tac-toe {board}"),
        facts: Vec::new(),
        header: vec!["opponent", "wins", "losses", "draws", "streak", "longest"],
        rows: ordered
            .into_iter()
            .map(|(opponent, r)| {
                if opponent == TWO_PLAYERS {
                    vec![
                        "2 players".to_string(),
                        format!("X {}", r.wins),
                        format!("O {}", r.losses),
                        r.draws.to_string(),
                        String::new(),
                        String::new(),
                    ]
                } else {
                    vec![
                        opponent.clone(),
                        r.wins.to_string(),
                        r.losses.to_string(),
                        r.draws.to_string(),
                        format_streak(r.streak),
                        r.longest_streak.to_string(),
                    ]
                }
            })
            .collect(),
        reset: Change::new(&["records", GAME.key(), board], Op::Remove),
    }
}

fn format_streak(streak: i64) -> String {
    match streak {
        0 => "-".to_string(),
        n if n > 0 => format!("{n} won"),
        n => format!("{} lost", -n),
    }
}

/// Reads the records from the file's `[records]` table.
pub fn decode_all(records: Option<&toml_edit::Item>, notices: &mut Vec<String>) -> Records {
    let item = records.and_then(|r| r.get(GAME.key()));
    let at = format!("records.{}", GAME.key());
    let mut boards = BTreeMap::new();
    for (board, table) in sub_tables_of(item, &at, notices) {
        let board_at = format!("{at}.{board}");
        let mut records = BoardRecords::new();
        for (opponent, table) in sub_tables(table, &board_at, notices) {
            let mut fields = Fields::new(table, format!("{board_at}.{opponent}"), notices);
            records.insert(opponent.to_string(), TicTacToeRecord::decode(&mut fields));
        }
        boards.insert(board.to_string(), records);
    }
    boards
}
