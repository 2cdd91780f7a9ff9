//! 2048, as the rest of the program asks it: its settings and command line, its session (one
//! game per board size), its records and daily days, its history fields and figures, its codes,
//! its replays and their turning points.

pub mod code;
pub mod computer;
pub mod facts;
pub mod record;
pub mod replay;
pub mod saved;
pub mod session;
pub mod settings;
pub mod turning;

use std::any::Any;
use std::collections::BTreeMap;
use std::path::Path;

use clap::Args;
use toml_edit::Item;

use crate::code::{CodeError, Format, GameCode, Reader};
use crate::games::{GameId, Named};
use crate::history::Entry;
use crate::history::digest::{ByTable, Kind, Tallies};
use crate::play::{DailyBoard, Game, Pins};
use crate::records::daily::{self, DayResult};
use crate::records::{ScoreTable, Summary, board_order};
use crate::replay::{Replay, ReplayError, Replayable};
use crate::store::saved_games::SavedGames;
use crate::store::settings::SettingValue;
use crate::store::{Section, Setting, Settings, Store};
use crate::timestamp::Date;
use facts::{Facts, Twenty48Digest};
use record::{Records, records, size_key};
pub use session::{Session, save_stem};

pub const GAME: GameId = GameId::new("2048");

/// 2048's description, in the list of games.
pub struct Twenty48;

impl Named for Twenty48 {
    fn id(&self) -> GameId {
        GAME
    }
}

impl Section for Twenty48 {
    fn decode(&self, records: Option<&Item>, notices: &mut Vec<String>) -> Box<dyn Any> {
        Box::new(Records::decode(records, notices))
    }
}

impl Format for Twenty48 {
    fn letter(&self) -> char {
        code::LETTER
    }

    fn read_fields(&self, bits: &mut Reader) -> Result<(), CodeError> {
        code::read(bits).map(|_| ())
    }
}

impl Kind for Twenty48 {
    fn tallies(&self) -> Box<dyn Tallies> {
        Box::new(ByTable::<facts::Games>::default())
    }
}

impl Replayable for Twenty48 {
    fn entry_code(&self, entry: &Entry) -> Option<GameCode> {
        let facts: Facts = entry.facts()?;
        Some(code::code(u8::try_from(facts.size).ok()?, entry.seed))
    }

    fn replay(&self, entry: Entry<'static>, moves: &str) -> Result<Replay, ReplayError> {
        crate::replay::build::<crate::games::twenty48::Game>(entry, GAME, moves)
    }
}

impl Game for Twenty48 {
    fn title(&self) -> &'static str {
        "2048"
    }

    fn settings(&self) -> &'static [&'static Setting] {
        settings::SETTINGS
    }

    fn command(&self) -> clap::Command {
        let command = clap::Command::new(GAME.key())
            .about("Play 2048 (without options: resume the saved game, if any)");
        settings::CommandLine::augment_args(command)
    }

    fn pins(&self, matches: &clap::ArgMatches) -> Result<Pins, String> {
        settings::pins(matches)
    }

    fn code_pins(&self, code: &GameCode) -> Pins {
        code::size_of(code)
            .map(|size| (&settings::SIZE, SettingValue::Number(size.into())))
            .into_iter()
            .collect()
    }

    fn longest_code(&self) -> usize {
        code::longest()
    }

    fn save_stem(&self, settings: &Settings) -> String {
        save_stem(settings::size(settings))
    }

    fn adopt_old_saves(&self, saves: &SavedGames, dir: &Path) {
        session::adopt_old_save(saves, dir);
    }

    fn daily_code(&self, seed: u64) -> Option<GameCode> {
        Some(code::code(4, seed))
    }

    fn daily(&self) -> Option<DailyBoard> {
        Some(DailyBoard {
            table: "4x4",
            about: "4x4",
        })
    }

    fn daily_days(&self, store: &Store) -> BTreeMap<Date, DayResult> {
        let records = records(store);
        daily::with_retries(&records.days, &records.retries, |day| day.result())
    }

    fn tables(&self, store: &Store) -> Vec<ScoreTable> {
        let mut sizes: Vec<_> = records(store).tables.iter().collect();
        sizes.sort_by_key(|(size, _)| board_order(size));
        sizes
            .into_iter()
            .map(|(size, record)| record.table(size))
            .collect()
    }

    fn summary(&self, store: &Store) -> Summary {
        let tables = &records(store).tables;
        let variant = size_key(settings::size(store.settings()));
        Summary {
            played: tables.values().map(|r| r.played).sum(),
            won: tables.values().map(|r| r.won).sum(),
            best: tables
                .get(&variant)
                .filter(|r| r.played > 0 && r.best_score > 0)
                .map(|r| format!("{} on {variant}", r.best_score)),
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
        entry.facts::<Facts>().map_or_else(String::new, |facts| {
            size_key(usize::try_from(facts.size).unwrap_or(usize::MAX))
        })
    }

    fn stats(&self, table: &(dyn Any + Send + Sync)) -> Vec<String> {
        let Some(d) = table.downcast_ref::<Twenty48Digest>() else {
            return Vec::new();
        };
        let tile = d.tiles.last().map_or(0, |(tile, _)| *tile);
        let best = if d.best_code.is_empty() {
            "-".to_string()
        } else {
            format!("{} (code {})", d.best_score, d.best_code)
        };
        let mut lines = vec![
            format!("reached the win tile: {}", d.won),
            format!(
                "best score: {best}, mean score: {}, biggest tile: {tile}",
                d.mean_score
            ),
        ];
        if d.best_assisted > 0 {
            lines.push(format!("best assisted: {}", d.best_assisted));
        }
        lines
    }

    fn csv_columns(&self) -> &'static [&'static str] {
        &["size", "score", "tile", "moves"]
    }

    fn csv(&self, entry: &Entry) -> Vec<String> {
        let Some(w) = entry.facts::<Facts>() else {
            return Vec::new();
        };
        [w.size.into(), w.score, w.tile, w.moves]
            .map(|n: u64| n.to_string())
            .to_vec()
    }

    fn json_figures(&self, _: &Entry) -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }
}
