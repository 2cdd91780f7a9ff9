//! Tic-tac-toe, as the rest of the program asks it: its settings and command line, its session,
//! its records, its history fields and figures, its codes and replays.

pub mod code;
pub mod facts;
pub mod record;
pub mod replay;
pub mod saved;
pub mod session;
pub mod settings;
mod thinking;

use std::any::Any;
use std::collections::BTreeMap;

use clap::Args;
use toml_edit::Item;

use crate::code::{CodeError, Format, GameCode, Reader};
use crate::games::{GameId, Named};
use crate::history::Entry;
use crate::history::digest::{ByTable, Kind, Tallies};
use crate::play::{DailyBoard, Game, Pins};
use crate::records::daily::DayResult;
use crate::records::{ScoreTable, Summary, board_order, counted};
use crate::replay::{Replay, ReplayError, Replayable};
use crate::store::{Section, Setting, Settings, Store};
use crate::timestamp::Date;
use code::CodeGame;
use facts::{Facts, TicTacToeDigest};
use record::{board_table, records};
pub use session::Session;
pub use settings::{Opponent, PlayAs, Setup, TWO_PLAYERS};

pub const GAME: GameId = GameId::new("tictactoe");

/// Tic-tac-toe's description, in the list of games.
pub struct TicTacToe;

impl Named for TicTacToe {
    fn id(&self) -> GameId {
        GAME
    }
}

impl Section for TicTacToe {
    fn decode(&self, records: Option<&Item>, notices: &mut Vec<String>) -> Box<dyn Any> {
        Box::new(record::decode_all(records, notices))
    }
}

impl Format for TicTacToe {
    fn letter(&self) -> char {
        code::LETTER
    }

    fn read_fields(&self, bits: &mut Reader) -> Result<(), CodeError> {
        code::read(bits).map(|_| ())
    }
}

impl Kind for TicTacToe {
    fn tallies(&self) -> Box<dyn Tallies> {
        Box::new(ByTable::<facts::Games>::default())
    }
}

impl Replayable for TicTacToe {
    fn entry_code(&self, entry: &Entry) -> Option<GameCode> {
        entry.facts::<Facts>()?.code(entry.seed)
    }

    fn replay(&self, entry: Entry<'static>, moves: &str) -> Result<Replay, ReplayError> {
        crate::replay::build::<crate::games::tictactoe::Game>(entry, GAME, moves)
    }
}

impl Game for TicTacToe {
    fn title(&self) -> &'static str {
        "Tic-tac-toe"
    }

    fn settings(&self) -> &'static [&'static Setting] {
        settings::SETTINGS
    }

    fn command(&self) -> clap::Command {
        settings::Options::augment_args(clap::Command::new(GAME.key()).about("Play tic-tac-toe"))
    }

    fn pins(&self, matches: &clap::ArgMatches) -> Result<Pins, String> {
        settings::pins(matches)
    }

    fn code_pins(&self, code: &GameCode) -> Pins {
        let Some(game) = CodeGame::of(code) else {
            return Pins::new();
        };
        let setup = Setup {
            board: game.board,
            opponent: game.opponent,
            play_as: if game.plays_x { PlayAs::X } else { PlayAs::O },
            keypad: settings::Keypad::Phone,
        };
        setup.pins()
    }

    fn longest_code(&self) -> usize {
        code::longest()
    }

    fn save_stem(&self, _: &Settings) -> String {
        session::STEM.to_string()
    }

    fn daily_code(&self, _: u64) -> Option<GameCode> {
        None
    }

    fn daily(&self) -> Option<DailyBoard> {
        None
    }

    fn daily_days(&self, _: &Store) -> BTreeMap<Date, DayResult> {
        BTreeMap::new()
    }

    fn tables(&self, store: &Store) -> Vec<ScoreTable> {
        let mut boards: Vec<_> = records(store).iter().collect();
        boards.sort_by_key(|(board, _)| board_order(board));
        boards
            .into_iter()
            .map(|(board, records)| board_table(board, records))
            .collect()
    }

    fn summary(&self, store: &Store) -> Summary {
        let vs_computer: Vec<_> = (records(store).values())
            .flat_map(|board| board.iter())
            .filter(|(opponent, _)| *opponent != TWO_PLAYERS)
            .map(|(_, record)| record)
            .collect();
        Summary {
            played: vs_computer.iter().map(|r| r.played()).sum(),
            won: vs_computer.iter().map(|r| r.wins).sum(),
            best: vs_computer
                .iter()
                .map(|r| r.longest_streak)
                .max()
                .filter(|n| *n > 0)
                .map(|n| counted(n, "win in a row", "wins in a row")),
        }
    }

    fn records_json(&self, store: &Store) -> serde_json::Value {
        serde_json::to_value(records(store)).unwrap_or_default()
    }

    fn daily_json(&self, _: &Store) -> Option<serde_json::Value> {
        None
    }

    fn entry_table(&self, entry: &Entry) -> String {
        entry
            .facts::<Facts>()
            .map_or_else(String::new, |facts| facts.board.to_string())
    }

    fn stats(&self, table: &(dyn Any + Send + Sync)) -> Vec<String> {
        let Some(d) = table.downcast_ref::<TicTacToeDigest>() else {
            return Vec::new();
        };
        vec![format!(
            "won {}, lost {}, drawn {}, given up {}",
            d.won, d.lost, d.drawn, d.given_up
        )]
    }

    fn csv_columns(&self) -> &'static [&'static str] {
        &["board", "opponent", "mark", "moves"]
    }

    fn csv(&self, entry: &Entry) -> Vec<String> {
        let Some(t) = entry.facts::<Facts>() else {
            return Vec::new();
        };
        vec![
            t.board.to_string(),
            t.opponent.to_string(),
            t.mark.as_deref().unwrap_or_default().to_string(),
            t.moves.to_string(),
        ]
    }

    fn json_figures(&self, _: &Entry) -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }
}
