//! The history boiled down for the records screen, table by table, in one pass over the file.
//!
//! Each line is read into a small borrowed view of the fields the screen needs (the rest of the
//! line is checked and passed over, see [`line`]), each game is kept in a few bytes while the file is read, and
//! each table is then reduced to what its plots draw: series thinned to a few hundred points,
//! counts, the latest mistakes. A hundred thousand games fit in a few megabytes while they are
//! read and in far less once reduced.

pub mod minesweeper;
pub mod series;
pub mod tictactoe;
pub mod twenty48;

mod line;

use std::collections::{HashMap, VecDeque};
use std::io;

use super::{FORMAT, History};
use crate::games::GameId;
use crate::games::minesweeper::bbbv_per_second;
use crate::history::Outcome;
use crate::records::minesweeper::{variant_key, with_hints};
use crate::records::twenty48::size_key;
use line::Game;
pub use minesweeper::{MinesweeperDigest, Mistake};
pub use tictactoe::{Tally, TicTacToeDigest};
pub use twenty48::Twenty48Digest;

/// Every table of the history, under its key in the records.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Digest {
    /// By variant key (`expert`, `custom-5x5-3-hinted`).
    pub minesweeper: HashMap<String, MinesweeperDigest>,
    /// By board (`3x3`).
    pub tictactoe: HashMap<String, TicTacToeDigest>,
    /// By size key (`4x4`).
    pub twenty48: HashMap<String, Twenty48Digest>,
    /// The latest games of each table, most recent first, by game and table key.
    pub recent: HashMap<(GameId, String), Vec<Recent>>,
    /// Lines that could not be read (damaged, or of another format); they stay in the file.
    pub skipped: usize,
}

/// Games of a table kept for the records screen's list of games to watch again.
pub const RECENT_GAMES: usize = 100;

/// A game in the list of a table's latest games.
#[derive(Clone, Debug, PartialEq)]
pub struct Recent {
    pub id: String,
    /// When it started (`2026-12-01T14:05:09Z`).
    pub start: String,
    pub result: Outcome,
    /// Time played, in ms.
    pub duration_ms: u64,
    /// 2048: the score; tic-tac-toe: the opponent's name.
    pub detail: String,
}

impl Digest {
    /// Reads the whole history, a long one in parts on as many threads as there are cores.
    pub fn read(history: &History) -> io::Result<Digest> {
        let parts = std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_PARTS));
        let mut read = history
            .scan_in_parts(parts, PART_BYTES, Tables::default, Tables::add)?
            .into_iter();
        let (mut tables, mut skipped) = read.next().unwrap_or_default();
        for (later, later_skipped) in read {
            tables.append(later);
            skipped += later_skipped;
        }
        Ok(tables.digest(skipped))
    }
}

/// More threads than this gain little: the disk and the merge take over.
const MAX_PARTS: usize = 4;
/// A history shorter than this many bytes per part is read on one thread.
const PART_BYTES: u64 = 1 << 20;

/// The games of every table while the history is read, each table under its key. Tables are few,
/// and looked up by a walk through them.
#[derive(Default)]
struct Tables {
    minesweeper: Vec<(String, minesweeper::Games)>,
    tictactoe: Vec<(String, tictactoe::Games)>,
    twenty48: Vec<(String, twenty48::Games)>,
    /// The latest games of each table, oldest first.
    recent: Vec<((GameId, String), VecDeque<Recent>)>,
}

/// The games of the table under `key` in `tables`, made when it is the table's first.
fn table<'a, G: Default>(tables: &'a mut Vec<(String, G)>, key: &str) -> &'a mut G {
    let at = match tables.iter().position(|(k, _)| k == key) {
        Some(at) => at,
        None => {
            tables.push((key.to_string(), G::default()));
            tables.len() - 1
        }
    };
    &mut tables[at].1
}

/// Adds the games of `later` tables after those of the same key in `tables`.
fn append<G: Default>(
    tables: &mut Vec<(String, G)>,
    later: Vec<(String, G)>,
    append_games: fn(&mut G, G),
) {
    for (key, games) in later {
        append_games(table(tables, &key), games);
    }
}

impl Tables {
    /// Adds the game on `text`; `false` when the line cannot be read as a game of this format.
    fn add(&mut self, text: &str) -> bool {
        let Some(line) = line::read(text).filter(|line| line.v == u64::from(FORMAT)) else {
            return false;
        };
        let (game, key, detail) = match line.game {
            Game::Minesweeper {
                level,
                rows,
                cols,
                mines,
                ..
            } => (
                GameId::Minesweeper,
                with_hints(&variant_key(level, rows, cols, mines), line.hints),
                String::new(),
            ),
            Game::TicTacToe {
                board, opponent, ..
            } => (GameId::TicTacToe, board.to_string(), opponent.to_string()),
            Game::Twenty48 { size, score, .. } => (
                GameId::Twenty48,
                size_key(usize::try_from(size).unwrap_or(usize::MAX)),
                score.to_string(),
            ),
        };
        match line.game {
            Game::Minesweeper { bbbv, loss, .. } => table(&mut self.minesweeper, &key).add(
                line.result,
                loss,
                line.duration_ms,
                bbbv_per_second(bbbv as usize, line.duration_ms),
                line.id,
                line.start,
            ),
            Game::TicTacToe { opponent, mark, .. } => {
                table(&mut self.tictactoe, &key).add(opponent, line.result, mark)
            }
            Game::Twenty48 {
                score, tile, moves, ..
            } => table(&mut self.twenty48, &key).add(line.result, score, tile, moves),
        }
        let games = self.recent_of(game, key);
        if games.len() == RECENT_GAMES {
            games.pop_front();
        }
        games.push_back(Recent {
            id: line.id.to_string(),
            start: line.start.to_string(),
            result: line.result,
            duration_ms: line.duration_ms,
            detail,
        });
        true
    }

    /// The latest games of a table, made when it is the table's first.
    fn recent_of(&mut self, game: GameId, key: String) -> &mut VecDeque<Recent> {
        let table = (game, key);
        let at = match self.recent.iter().position(|(t, _)| *t == table) {
            Some(at) => at,
            None => {
                self.recent.push((table, VecDeque::new()));
                self.recent.len() - 1
            }
        };
        &mut self.recent[at].1
    }

    /// Adds the games of a later part of the file.
    fn append(&mut self, later: Tables) {
        for ((game, key), games) in later.recent {
            let mine = self.recent_of(game, key);
            mine.extend(games);
            let extra = mine.len().saturating_sub(RECENT_GAMES);
            mine.drain(..extra);
        }
        append(
            &mut self.minesweeper,
            later.minesweeper,
            minesweeper::Games::append,
        );
        append(
            &mut self.tictactoe,
            later.tictactoe,
            tictactoe::Games::append,
        );
        append(&mut self.twenty48, later.twenty48, twenty48::Games::append);
    }

    fn digest(self, skipped: usize) -> Digest {
        fn each<G, D>(tables: Vec<(String, G)>, digest: fn(G) -> D) -> HashMap<String, D> {
            tables.into_iter().map(|(k, g)| (k, digest(g))).collect()
        }
        Digest {
            minesweeper: each(self.minesweeper, minesweeper::Games::digest),
            tictactoe: each(self.tictactoe, tictactoe::Games::digest),
            twenty48: each(self.twenty48, twenty48::Games::digest),
            recent: self
                .recent
                .into_iter()
                .map(|(table, games)| (table, games.into_iter().rev().collect()))
                .collect(),
            skipped,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::entry::tests::minesweeper_entry;
    use crate::history::{Entry, Outcome, TicTacToeFacts, Twenty48Facts};

    #[test]
    fn every_table_of_the_file_is_digested_and_damaged_lines_are_counted() {
        let dir = tempfile::tempdir().unwrap();
        let mut history = History::new(dir.path());
        let expert = minesweeper_entry();
        let mut hinted = minesweeper_entry();
        hinted.hints = true;
        let mut custom = minesweeper_entry();
        if let Some(m) = &mut custom.minesweeper {
            (m.level, m.rows, m.cols, m.mines) = ("custom".into(), 5, 5, 3);
        }
        let tictactoe = Entry {
            minesweeper: None,
            tictactoe: Some(TicTacToeFacts {
                board: "4x4".into(),
                opponent: "medium".into(),
                mark: Some("X".into()),
                moves: 9,
            }),
            result: Outcome::Won,
            ..minesweeper_entry()
        };
        let twenty48 = Entry {
            minesweeper: None,
            twenty48: Some(Twenty48Facts {
                size: 4,
                score: 2000,
                tile: 256,
                moves: 200,
            }),
            result: Outcome::Over,
            ..minesweeper_entry()
        };
        for entry in [&expert, &expert, &hinted, &custom, &tictactoe, &twenty48] {
            history.append(entry, "").unwrap();
        }
        let path = dir.path().join(crate::history::FILE);
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("{\"v\":1,\"id\":\"cut\n{\"v\":2}\n");
        std::fs::write(&path, text).unwrap();

        let digest = Digest::read(&history).unwrap();
        assert_eq!(digest.skipped, 2);
        let mut keys: Vec<&str> = digest.minesweeper.keys().map(String::as_str).collect();
        keys.sort();
        assert_eq!(keys, ["custom-5x5-3", "expert", "expert-hinted"]);
        let expert = &digest.minesweeper["expert"];
        assert_eq!((expert.games, expert.forced_guesses), (2, 2));
        assert_eq!(digest.tictactoe["4x4"].opponents[0].1.won, 1);
        assert_eq!(digest.twenty48["4x4"].tiles, vec![(256, 1)]);
        let expert_games = &digest.recent[&(GameId::Minesweeper, "expert".to_string())];
        assert_eq!(expert_games.len(), 2);
        assert_eq!(expert_games[0].id, "k3v9q2m7");
        assert_eq!(
            digest.recent[&(GameId::Twenty48, "4x4".to_string())][0].detail,
            "2000"
        );
    }

    #[test]
    fn no_history_file_is_an_empty_digest() {
        let dir = tempfile::tempdir().unwrap();
        let digest = Digest::read(&History::new(dir.path())).unwrap();
        assert_eq!(digest, Digest::default());
    }
}
