//! What the games of marks in a row (tic-tac-toe, gomoku) share besides their rules: the session
//! (sides, the computer thinking on a worker, hints, undo, the result recorded once), the opponents
//! and sides of the settings, the records per table and opponent, the history's tallies, saved
//! games and replays. Each game describes what is its own as a [`Variant`], and is then a game of
//! the list through the implementations in `game`.

pub mod code;
mod facts;
mod game;
pub mod record;
mod replay;
pub mod saved;
pub mod session;
pub mod settings;
mod thinking;

use std::fmt;
use std::sync::atomic::AtomicBool;

use crate::games::marks::{Game, Level, Mark, Pos};
use crate::games::{GameId, GameRng};
use crate::play::{Pins, ToolRun};
use crate::store::{Setting, Settings};
pub use code::CodeGame;
pub use facts::{Facts, MarksDigest};
pub use record::{Tables, records};
pub use replay::RulesOf;
pub use saved::SetupFields;
pub use session::Session;
pub use settings::{Opponent, PlayAs, TWO_PLAYERS};

/// A game of marks in a row, as the shared parts ask it: its names, its settings, its setup and
/// its computer.
pub trait Variant: Sync + Sized + 'static {
    /// The board's shape and winning rule.
    type Rules: RulesOf<Variant = Self>;
    /// What a new game is made of: the board or rule, the opponent, the sides, and the player's
    /// own preferences that shape no game (how digits place, how long the computer thinks).
    type Setup: Copy + PartialEq + fmt::Debug + Send + 'static;
    /// The computer player, kept on the worker between moves.
    type Computer: Send + 'static;
    /// A hint as the screen shows it: the move, and what else the computer says of it.
    type Hint: Copy + PartialEq + fmt::Debug + Send + 'static;

    /// As the file, the history and the command line name it.
    const GAME: GameId;
    /// As players read it: `Tic-tac-toe`.
    const TITLE: &'static str;
    /// The one name its games in progress are kept under.
    const STEM: &'static str;
    /// The letter of its codes.
    const LETTER: char;
    /// Its own columns of `stats --csv`, among those of [`Facts::column`].
    const CSV_COLUMNS: &'static [&'static str];
    /// The time between two moves of a replay at 1x, in ms.
    const PACE_MS: u64;
    /// Whether undo asks first and marks the game, as a hint does.
    const UNDO_ASSISTS: bool;

    fn settings() -> &'static [&'static Setting];
    /// The setting that names a game's table (its board, or its rule): its choices are the
    /// tables, in order.
    fn table_setting() -> &'static Setting;
    /// The setting of the opponent, which the `c` key changes.
    fn opponent_setting() -> &'static Setting;
    fn play_as_setting() -> &'static Setting;
    fn command() -> clap::Command;
    fn pins(matches: &clap::ArgMatches) -> Result<Pins, String>;
    /// What its subcommand's options run instead of the game.
    fn instead(matches: &clap::ArgMatches) -> Option<ToolRun> {
        let _ = matches;
        None
    }

    fn setup(settings: &Settings) -> Self::Setup;
    fn rules(setup: &Self::Setup) -> Self::Rules;
    fn opponent(setup: &Self::Setup) -> Opponent;
    fn play_as(setup: &Self::Setup) -> PlayAs;
    fn with_opponent(setup: Self::Setup, opponent: Opponent) -> Self::Setup;
    /// The board of `setup` as files and the history name it, and its rule where a board has
    /// several.
    fn board(setup: &Self::Setup) -> (&'static str, Option<&'static str>);
    /// The setup a saved game's file or a history line describes, with the player's own
    /// preferences at their defaults; `Err` says what makes no game.
    fn setup_of(fields: SetupFields) -> Result<Self::Setup, String>;
    /// Where a table comes among the game's tables, before its name.
    fn table_order(table: &str) -> u32;
    /// Whether a saved game of `saved` is the game `current` asks for, when the session holds
    /// settings.
    fn same_game(saved: &Self::Setup, current: &Self::Setup) -> bool;
    /// A saved game's setup, with the player's own preferences of `current`.
    fn resumed(saved: Self::Setup, current: Self::Setup) -> Self::Setup;

    /// A fresh computer, for the worker's first job.
    fn computer() -> Self::Computer;
    /// The computer's move at `level`; `cancel` asks it to stop early.
    fn choose(
        computer: &mut Self::Computer,
        game: &Game<Self::Rules>,
        level: Level,
        setup: &Self::Setup,
        rng: &mut GameRng,
        cancel: &AtomicBool,
    ) -> Option<Pos>;
    /// The strongest move for the player to move, as a hint.
    fn hint(
        computer: &mut Self::Computer,
        game: &Game<Self::Rules>,
        setup: &Self::Setup,
        rng: &mut GameRng,
        cancel: &AtomicBool,
    ) -> Option<Self::Hint>;
    fn hint_pos(hint: Self::Hint) -> Pos;

    /// The row of a table a game counts in: by opponent, and where the sides differ, by side.
    fn row(opponent: Opponent, player: Mark) -> String;
    /// Every row a table may have, in the order the records show them.
    fn rows() -> Vec<String>;
    /// A row as the records name it: `hard`, `2 players`.
    fn row_label(row: &str) -> String;
}

/// The records table a game of `setup` counts in: the rule where its board has several, else
/// the board.
pub fn table<V: Variant>(setup: &V::Setup) -> &'static str {
    let (board, rule) = V::board(setup);
    rule.unwrap_or(board)
}
