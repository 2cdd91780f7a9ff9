//! Games in progress and everything a game is besides its rules: its settings and command line,
//! its session (the rules' state, the clock, the moves, the saved file, the result recorded), its
//! records, its history fields, its codes and its replays. Each game has a folder here; the rest of
//! the program asks a game through [`Game`] and [`Session`] and names none of them. No terminal
//! types: the screens are in `ui`.

pub mod gomoku;
pub mod keep;
pub mod marks;
pub mod minesweeper;
pub mod tictactoe;
pub mod twenty48;

use std::any::Any;
use std::collections::{BTreeMap, VecDeque};
use std::path::Path;
use std::time::Instant;

use crate::code::{self, GameCode};
use crate::daily::Attempt;
use crate::history::Entry;
use crate::history::digest;
use crate::records::daily::DayResult;
use crate::records::{ScoreTable, Summary};
use crate::replay::{Here, Replayable};
use crate::seeds::Seeds;
use crate::store::saved_games::{SaveSlot, SavedGames};
use crate::store::{Section, Setting, SettingValue, Settings, Store};
use crate::timestamp::Date;
use crate::waker::Waker;

/// Settings held for the session: a command line's options, or a code's board.
pub type Pins = Vec<(&'static Setting, SettingValue)>;

/// The board a game's daily challenge is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyBoard {
    /// The key of its table in the records.
    pub table: &'static str,
    /// As the daily screen describes it: `16x30, 99 mines, no guessing`.
    pub about: &'static str,
}

/// A command a game runs in place of the arcade: it reads standard input and writes standard
/// output, and never opens the screen (an engine protocol, the analysis of a position).
pub type ToolRun = fn(&clap::ArgMatches) -> Result<(), String>;

/// A command of a game's own beside its subcommand: `grid-arcade <name> ...`.
#[derive(Clone, Copy)]
pub struct Tool {
    /// Its subcommand, options and help.
    pub command: fn() -> clap::Command,
    /// Runs it with its options; `Err` is the one line to print, with exit code 2.
    pub run: ToolRun,
}

/// A game: what the menu, the settings, the command line, the records, `stats`, codes, the daily
/// challenge and replays ask of it. One value per game, in the list of games.
pub trait Game: Section + code::Format + digest::Kind + Replayable {
    /// As players read it: `Minesweeper`, `Tic-tac-toe`.
    fn title(&self) -> &'static str;
    /// Its settings, in the order of the settings screen and of `config.example.toml`.
    fn settings(&self) -> &'static [&'static Setting];

    /// Its subcommand: `grid-arcade <key> [options]`.
    fn command(&self) -> clap::Command;
    /// The settings its subcommand's options hold for the session; `Err` says why they do not
    /// make a game.
    fn pins(&self, matches: &clap::ArgMatches) -> Result<Pins, String>;
    /// What its subcommand's options run instead of the game, when they ask for a tool
    /// (`grid-arcade gomoku --engine`).
    fn instead(&self, matches: &clap::ArgMatches) -> Option<ToolRun> {
        let _ = matches;
        None
    }
    /// Its commands of its own, beside its subcommand.
    fn tools(&self) -> &'static [Tool] {
        &[]
    }
    /// The settings a code of the game holds for the session, as options on the command line
    /// would: new games keep the code's board.
    fn code_pins(&self, code: &GameCode) -> Pins;
    /// The most letters and digits one of its codes takes with a seed the program draws.
    fn longest_code(&self) -> usize;

    /// The name its games in progress are kept under with `settings` in force
    /// (`minesweeper`, `2048-4x4`).
    fn save_stem(&self, settings: &Settings) -> String;
    /// At start-up, moves its saves of earlier versions in the data folder `dir` to where this
    /// version looks for them.
    fn adopt_old_saves(&self, saves: &SavedGames, dir: &Path) {
        let _ = (saves, dir);
    }

    /// The code of its daily game from `seed`, when it has a daily challenge.
    fn daily_code(&self, seed: u64) -> Option<GameCode>;
    /// Its daily challenge's board, when it has one.
    fn daily(&self) -> Option<DailyBoard>;
    /// Its daily games' counted results, day by day.
    fn daily_days(&self, store: &Store) -> BTreeMap<Date, DayResult>;

    /// Its score tables, easiest first, as the records screen and `scores` show them.
    fn tables(&self, store: &Store) -> Vec<ScoreTable>;
    /// Its line in the menu: played and won over every table, the best of the table a new game
    /// would go to.
    fn summary(&self, store: &Store) -> Summary;
    /// Its records as `grid-arcade scores --json` prints them: its tables, and its daily days
    /// when it has a daily challenge.
    fn records_json(&self, store: &Store) -> serde_json::Value;
    fn daily_json(&self, store: &Store) -> Option<serde_json::Value>;

    /// The key of the table an entry of this game counts in.
    fn entry_table(&self, entry: &Entry) -> String;
    /// What `grid-arcade stats` says of one of its tables, from the history's digest of it.
    fn stats(&self, table: &(dyn Any + Send + Sync)) -> Vec<String>;
    /// Its own columns of `stats --csv`; a column of the same name as another game's is the
    /// same column.
    fn csv_columns(&self) -> &'static [&'static str];
    /// One entry's cells of those columns, in their order.
    fn csv(&self, entry: &Entry) -> Vec<String>;
    /// The fields `stats --json` adds to an entry's own: figures that follow from them.
    fn json_figures(&self, entry: &Entry) -> Vec<(&'static str, serde_json::Value)>;
}

/// A game in progress, whatever its game: what the app asks of the game shown or kept.
pub trait Session: Any {
    /// A game worth coming back to: the menu offers to resume it, and starting another over it
    /// counts it.
    fn in_progress(&self) -> bool;
    /// Whether this is the game to show when its game is opened with `settings` in force: one
    /// in progress (of the board asked for, where a game keeps one per board), or one not
    /// started that a new game would be.
    fn keeps(&self, settings: &Settings) -> bool;
    /// Whether a new game started with `settings` would be set up as this one (its board, its
    /// level, its opponent): when not, a changed option applies to the next game.
    fn set_up_as(&self, settings: &Settings) -> bool;
    /// The game makes way for another of its kind; its file, for the next game when that one is
    /// kept under the same name.
    fn make_way(self: Box<Self>, ctx: &mut Context) -> Option<SaveSlot>;
    /// The player leaves the screen or the program: clocks stop, a game in progress goes to disk
    /// for good (and one that ended but waited for the player to move on is recorded).
    fn leave(&mut self, ctx: &mut Context);
    /// The screen is shown again: the clock of a game in progress runs again.
    fn come_back(&mut self, now: Instant);
    /// Starts this new game, of the replayed game's code, at a position of that replay: the
    /// moves that led there are its own, made before its clock starts, and it counts as helped
    /// (part of it was played before). `false` when `here` is of another game.
    fn start_from(&mut self, here: &Here, ctx: &mut Context) -> bool;
    /// The player looks away (the terminal lost focus) or back.
    fn focus(&mut self, _present: bool, _now: Instant) {}
    /// A question covers the game (`true`) or was answered: the time played does not run while
    /// the player reads it.
    fn asking(&mut self, asking: bool, now: Instant) {
        self.focus(!asking, now);
    }
    /// A deadline passed or background work finished.
    fn tick(&mut self, _ctx: &mut Context) {}
    /// The next moment the game changes by itself; `None` while nothing moves.
    fn deadline(&self, now: Instant) -> Option<Instant>;
    /// The daily challenge's attempt the game is, if it is one.
    fn daily(&self) -> Option<Attempt>;
    fn set_daily(&mut self, attempt: Attempt);
    /// A daily game's result as the day would count it, once the game is over.
    fn daily_result(&self) -> Option<DayResult>;
}

/// What a session's update may use besides its own state.
pub struct Context<'a> {
    pub store: &'a mut Store,
    pub seeds: &'a mut Seeds,
    pub now: Instant,
    /// Wakes the event loop when background work is done.
    pub waker: Option<&'a Waker>,
    /// Messages for the player.
    pub notices: &'a mut VecDeque<String>,
    /// Where games in progress are kept between runs.
    pub saves: Option<&'a SavedGames>,
    /// Set by a session whose game was just won or lost, for the bell.
    pub decided: &'a mut bool,
    /// Set by a session whose daily game just ended: the day's share line is due.
    pub daily_ended: &'a mut Option<Attempt>,
}

/// How a game is to be opened.
#[derive(Debug, Default)]
pub struct Opening {
    /// A code to play: a new game of it, whatever is saved.
    pub code: Option<GameCode>,
    /// A new game from the next seed rather than the saved one (a `--seed` on the command line).
    pub seeded: bool,
    /// Any saved game of the game, whatever its board: the game was opened from the command line
    /// with no option. The board of the game resumed then holds for the session.
    pub any_board: bool,
    /// The file of a game that made way, for a new game kept under the same name.
    pub slot: Option<SaveSlot>,
}

impl Opening {
    /// Whether a saved game may be resumed rather than a new one started.
    pub fn may_resume(&self) -> bool {
        self.code.is_none() && !self.seeded
    }
}

/// The seed of a new game: the code's, else the next one.
pub fn seed_for(code: Option<&GameCode>, seeds: &mut Seeds) -> u64 {
    code.map_or_else(|| seeds.next_seed(), GameCode::seed)
}
