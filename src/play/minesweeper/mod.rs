//! Minesweeper, as the rest of the program asks it: its settings and command line, its session,
//! its records and daily days, its history fields and figures, its codes and replays.

pub mod analyse;
pub mod analysis;
mod assist;
pub mod chance;
pub mod code;
pub mod digest;
mod ending;
pub mod facts;
pub mod rates;
pub mod record;
pub mod replay;
pub mod saved;
pub mod session;
pub mod settings;
pub mod verdict;

use std::any::Any;
use std::collections::BTreeMap;

use clap::Args;
use toml_edit::Item;

use crate::code::{CodeError, Format, GameCode, Reader};
use crate::games::minesweeper::{BoardSize, Difficulty, FirstClick, Pos};
use crate::games::{GameId, Named};
use crate::history::Entry;
use crate::history::digest::{ByTable, Kind, Tallies};
use crate::play::{DailyBoard, Game, Pins, Tool};
use crate::records::daily::{self, DayResult};
use crate::records::{ScoreTable, Summary, format_time_ms};
use crate::replay::{Replay, ReplayError, Replayable};
use crate::store::{Section, Setting, Settings, Store};
use crate::timestamp::Date;
use code::CodeBoard;
use digest::MinesweeperDigest;
use facts::Facts;
use record::{Records, records, variant_order};
pub use session::Session;
pub use settings::Setup;

pub const GAME: GameId = GameId::new("minesweeper");

/// Minesweeper's description, in the list of games.
pub struct Minesweeper;

impl Named for Minesweeper {
    fn id(&self) -> GameId {
        GAME
    }
}

impl Section for Minesweeper {
    fn decode(&self, records: Option<&Item>, notices: &mut Vec<String>) -> Box<dyn Any> {
        Box::new(Records::decode(records, notices))
    }
}

impl Format for Minesweeper {
    fn letter(&self) -> char {
        code::LETTER
    }

    fn read_fields(&self, bits: &mut Reader) -> Result<(), CodeError> {
        code::read(bits).map(|_| ())
    }
}

impl Kind for Minesweeper {
    fn tallies(&self) -> Box<dyn Tallies> {
        Box::new(ByTable::<digest::Games>::default())
    }
}

impl Replayable for Minesweeper {
    fn entry_code(&self, entry: &Entry) -> Option<GameCode> {
        entry.facts::<Facts>()?.code(entry.seed)
    }

    fn replay(&self, entry: Entry<'static>, moves: &str) -> Result<Replay, ReplayError> {
        crate::replay::build::<crate::games::minesweeper::Game>(entry, GAME, moves)
    }
}

impl Game for Minesweeper {
    fn title(&self) -> &'static str {
        "Minesweeper"
    }

    fn settings(&self) -> &'static [&'static Setting] {
        settings::SETTINGS
    }

    fn command(&self) -> clap::Command {
        settings::Options::augment_args(clap::Command::new(GAME.key()).about("Play Minesweeper"))
    }

    fn pins(&self, matches: &clap::ArgMatches) -> Result<Pins, String> {
        settings::pins(matches)
    }

    fn tools(&self) -> &'static [Tool] {
        std::slice::from_ref(&analyse::TOOL)
    }

    fn code_pins(&self, code: &GameCode) -> Pins {
        CodeBoard::of(code).map_or_else(Pins::new, |board| {
            Setup {
                difficulty: board.level,
                size: board.size,
                options: crate::games::minesweeper::GameOptions {
                    first_click: board.first_click,
                    question_marks: false,
                },
            }
            .pins()
        })
    }

    fn longest_code(&self) -> usize {
        code::longest()
    }

    fn save_stem(&self, _: &Settings) -> String {
        session::STEM.to_string()
    }

    fn daily_code(&self, seed: u64) -> Option<GameCode> {
        let board = CodeBoard {
            level: Difficulty::Classic,
            size: BoardSize::CLASSIC,
            first_click: FirstClick::NoGuess,
            // Everyone starts from the same opening, in the middle of the board.
            first: Some(Pos::new(8, 15)),
        };
        Some(board.code(seed))
    }

    fn daily(&self) -> Option<DailyBoard> {
        Some(DailyBoard {
            table: "classic-no-guess",
            about: "16x30, 99 mines, no guessing",
        })
    }

    fn daily_days(&self, store: &Store) -> BTreeMap<Date, DayResult> {
        let records = records(store);
        daily::with_retries(&records.days, &records.retries, |day| day.result())
    }

    fn tables(&self, store: &Store) -> Vec<ScoreTable> {
        let mut tables: Vec<_> = records(store).tables.iter().collect();
        tables.sort_by_key(|(variant, _)| variant_order(variant));
        tables
            .into_iter()
            .map(|(variant, record)| record.table(variant))
            .collect()
    }

    fn summary(&self, store: &Store) -> Summary {
        let tables = &records(store).tables;
        let variant = Setup::from_settings(store.settings()).variant();
        Summary {
            played: tables.values().map(|r| r.played).sum(),
            won: tables.values().map(|r| r.won).sum(),
            best: tables
                .get(&variant)
                .filter(|r| r.played > 0)
                .and_then(|r| r.best.as_ref())
                .map(|b| format!("{} {}", format_time_ms(b.time_ms), variant)),
        }
    }

    fn records_json(&self, store: &Store) -> serde_json::Value {
        serde_json::to_value(&records(store).tables).unwrap_or_default()
    }

    fn daily_json(&self, store: &Store) -> Option<serde_json::Value> {
        let records = records(store);
        daily::days_json(&records.days, &records.retries)
    }

    fn entry_table(&self, entry: &Entry) -> String {
        entry
            .facts::<Facts>()
            .map_or_else(String::new, |facts| facts.table(entry.hints))
    }

    fn stats(&self, table: &(dyn Any + Send + Sync)) -> Vec<String> {
        let Some(d) = table.downcast_ref::<MinesweeperDigest>() else {
            return Vec::new();
        };
        let mut lines = vec![format!("won: {}", d.won)];
        lines.extend(d.luck());
        if let (Some(best), Some(mean)) = (d.sorted_times_ms.first(), d.mean_win_ms()) {
            lines.push(format!(
                "best time: {} (code {}), mean winning time: {}",
                format_time_ms(u64::from(*best)),
                d.best_code,
                format_time_ms(mean)
            ));
        }
        lines
    }

    fn csv_columns(&self) -> &'static [&'static str] {
        &[
            "level",
            "rows",
            "cols",
            "mines",
            "rule",
            "first_row",
            "first_col",
            "bbbv",
            "bbbv_per_s",
            "clicks",
            "efficiency",
            "loss",
        ]
    }

    fn csv(&self, entry: &Entry) -> Vec<String> {
        let Some(m) = entry.facts::<Facts>() else {
            return Vec::new();
        };
        let size = m.size();
        let first = |i: usize| m.first.map_or(String::new(), |f| f[i].to_string());
        let rates = m.rates(entry);
        vec![
            m.level.to_string(),
            size.map_or(String::new(), |s| s.rows().to_string()),
            size.map_or(String::new(), |s| s.cols().to_string()),
            size.map_or(String::new(), |s| s.mines().to_string()),
            m.rule.to_string(),
            first(0),
            first(1),
            m.bbbv.to_string(),
            rates.map_or(String::new(), |r| r.bbbv_per_s_text()),
            m.clicks.to_string(),
            rates.map_or(String::new(), |r| r.efficiency.to_string()),
            m.loss.map_or(String::new(), |l| l.name().to_string()),
        ]
    }

    fn json_figures(&self, entry: &Entry) -> Vec<(&'static str, serde_json::Value)> {
        let Some(m) = entry.facts::<Facts>() else {
            return Vec::new();
        };
        m.rates(entry).map_or_else(Vec::new, |rates| {
            vec![
                ("bbbv_per_s", rates.bbbv_per_s.into()),
                ("efficiency", rates.efficiency.into()),
            ]
        })
    }
}
