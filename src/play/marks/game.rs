//! Every game of marks in a row as a game of the list: what the menu, the records, `scores`,
//! `stats`, codes and replays ask of it, from its [`Variant`].

use std::any::Any;
use std::collections::BTreeMap;

use toml_edit::Item;

use super::Variant;
use super::code::{self, CodeGame};
use super::facts::{Facts, MarksDigest, Results};
use super::record::{self, records};
use super::settings::{Opponent, PlayAs, TWO_PLAYERS};
use crate::code::{CodeError, Format, GameCode, Reader};
use crate::games::marks::Game as Board;
use crate::games::{GameId, Named};
use crate::history::Entry;
use crate::history::digest::{ByTable, Kind, Tallies};
use crate::play::{DailyBoard, Game, Pins, ToolRun};
use crate::records::daily::DayResult;
use crate::records::{ScoreTable, Summary, counted};
use crate::replay::{Replay, ReplayError, Replayable};
use crate::store::settings::SettingValue;
use crate::store::{Section, Setting, Settings, Store};
use crate::timestamp::Date;

impl<V: Variant> Named for V {
    fn id(&self) -> GameId {
        V::GAME
    }
}

impl<V: Variant> Section for V {
    fn decode(&self, records: Option<&Item>, notices: &mut Vec<String>) -> Box<dyn Any> {
        Box::new(record::decode::<V>(records, notices))
    }
}

impl<V: Variant> Format for V {
    fn letter(&self) -> char {
        V::LETTER
    }

    fn read_fields(&self, bits: &mut Reader) -> Result<(), CodeError> {
        code::read::<V>(bits).map(|_| ())
    }
}

impl<V: Variant> Kind for V {
    fn tallies(&self) -> Box<dyn Tallies> {
        Box::new(ByTable::<Results<V>>::default())
    }
}

impl<V: Variant> Replayable for V {
    fn entry_code(&self, entry: &Entry) -> Option<GameCode> {
        let facts = entry.facts::<Facts>()?;
        let table = *code::tables::<V>().iter().find(|t| **t == facts.table())?;
        let opponent = Opponent::from_name(&facts.opponent)?;
        let game = CodeGame::new(table, opponent, facts.mark.as_deref() == Some("X"));
        game.code::<V>(entry.seed)
    }

    fn replay(&self, entry: Entry<'static>, moves: &str) -> Result<Replay, ReplayError> {
        crate::replay::build::<Board<V::Rules>>(entry, V::GAME, moves)
    }
}

impl<V: Variant> Game for V {
    fn title(&self) -> &'static str {
        V::TITLE
    }

    fn settings(&self) -> &'static [&'static Setting] {
        V::settings()
    }

    fn command(&self) -> clap::Command {
        V::command()
    }

    fn pins(&self, matches: &clap::ArgMatches) -> Result<Pins, String> {
        V::pins(matches)
    }

    fn instead(&self, matches: &clap::ArgMatches) -> Option<ToolRun> {
        V::instead(matches)
    }

    /// The code's table, opponent and sides, as options on the command line would hold them.
    fn code_pins(&self, code: &GameCode) -> Pins {
        let Some(game) = CodeGame::of::<V>(code) else {
            return Pins::new();
        };
        let play_as = if game.plays_x { PlayAs::X } else { PlayAs::O };
        vec![
            (V::table_setting(), SettingValue::Choice(game.table)),
            (
                V::opponent_setting(),
                SettingValue::Choice(game.opponent.name()),
            ),
            (V::play_as_setting(), SettingValue::Choice(play_as.name())),
        ]
    }

    fn longest_code(&self) -> usize {
        code::longest::<V>()
    }

    fn save_stem(&self, _: &Settings) -> String {
        V::STEM.to_string()
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
        let mut tables: Vec<_> = records::<V>(store).iter().collect();
        tables.sort_by_key(|(table, _)| (V::table_order(table), table.as_str()));
        tables
            .into_iter()
            .map(|(table, rows)| record::table::<V>(table, rows))
            .collect()
    }

    /// Played and won against the computer, over every table; the longest run of wins.
    fn summary(&self, store: &Store) -> Summary {
        let vs_computer: Vec<_> = (records::<V>(store).values())
            .flat_map(|table| table.iter())
            .filter(|(row, _)| *row != TWO_PLAYERS)
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
        serde_json::to_value(records::<V>(store)).unwrap_or_default()
    }

    fn daily_json(&self, _: &Store) -> Option<serde_json::Value> {
        None
    }

    fn entry_table(&self, entry: &Entry) -> String {
        (entry.facts::<Facts>()).map_or_else(String::new, |facts| facts.table().to_string())
    }

    fn stats(&self, table: &(dyn Any + Send + Sync)) -> Vec<String> {
        let Some(d) = table.downcast_ref::<MarksDigest>() else {
            return Vec::new();
        };
        vec![format!(
            "won {}, lost {}, drawn {}, given up {}",
            d.won, d.lost, d.drawn, d.given_up
        )]
    }

    fn csv_columns(&self) -> &'static [&'static str] {
        V::CSV_COLUMNS
    }

    fn csv(&self, entry: &Entry) -> Vec<String> {
        let Some(facts) = entry.facts::<Facts>() else {
            return Vec::new();
        };
        V::CSV_COLUMNS
            .iter()
            .map(|name| facts.column(name))
            .collect()
    }

    fn json_figures(&self, _: &Entry) -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }
}
