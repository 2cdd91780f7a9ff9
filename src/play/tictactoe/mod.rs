//! Tic-tac-toe, as the rest of the program asks it: a game of marks in a row on a board of 3x3,
//! 4x4 or 5x5, with its settings and command line, its history fields and its records.

pub mod facts;
pub mod record;
pub mod settings;

use std::sync::atomic::AtomicBool;

use clap::Args;

use crate::games::tictactoe::{Budget, Computer, Game, Level, Mark, PRESETS, Pos, Rules};
use crate::games::{GameId, GameRng};
use crate::play::Pins;
use crate::play::marks::{self, RulesOf, SetupFields, Variant};
use crate::records::board_order;
use crate::store::{Setting, Settings};
pub use settings::{Opponent, PlayAs, Setup, TWO_PLAYERS};

pub const GAME: GameId = GameId::new("tictactoe");

/// A tic-tac-toe game in progress.
pub type Session = marks::Session<TicTacToe>;

/// Tic-tac-toe's description, in the list of games.
pub struct TicTacToe;

impl RulesOf for Rules {
    type Variant = TicTacToe;
}

impl Variant for TicTacToe {
    type Rules = Rules;
    type Setup = Setup;
    type Computer = Computer;
    type Hint = Pos;

    const GAME: GameId = GAME;
    const TITLE: &'static str = "Tic-tac-toe";
    const STEM: &'static str = "tictactoe";
    const LETTER: char = 'T';
    const CSV_COLUMNS: &'static [&'static str] = &["board", "opponent", "mark", "moves"];
    const PACE_MS: u64 = 700;
    const UNDO_ASSISTS: bool = true;

    fn settings() -> &'static [&'static Setting] {
        settings::SETTINGS
    }

    fn table_setting() -> &'static Setting {
        &settings::BOARD
    }

    fn opponent_setting() -> &'static Setting {
        &settings::OPPONENT
    }

    fn play_as_setting() -> &'static Setting {
        &settings::PLAY_AS
    }

    fn command() -> clap::Command {
        settings::Options::augment_args(clap::Command::new(GAME.key()).about("Play tic-tac-toe"))
    }

    fn pins(matches: &clap::ArgMatches) -> Result<Pins, String> {
        settings::pins(matches)
    }

    fn setup(settings: &Settings) -> Setup {
        Setup::from_settings(settings)
    }

    fn rules(setup: &Setup) -> Rules {
        setup.board.rules
    }

    fn opponent(setup: &Setup) -> Opponent {
        setup.opponent
    }

    fn play_as(setup: &Setup) -> PlayAs {
        setup.play_as
    }

    fn with_opponent(setup: Setup, opponent: Opponent) -> Setup {
        Setup { opponent, ..setup }
    }

    /// Each board has its one rule.
    fn board(setup: &Setup) -> (&'static str, Option<&'static str>) {
        (setup.board.name, None)
    }

    fn setup_of(fields: SetupFields) -> Result<Setup, String> {
        let board = PRESETS
            .into_iter()
            .find(|p| p.name == fields.board && fields.rule.is_none())
            .ok_or_else(|| format!("unknown board {:?}", fields.board))?;
        Ok(Setup {
            board,
            opponent: fields.opponent,
            play_as: fields.play_as,
            // How digits place marks is the player's setting, not part of the game.
            keypad: settings::Keypad::Phone,
        })
    }

    fn table_order(table: &str) -> u32 {
        board_order(table).0
    }

    fn same_game(saved: &Setup, current: &Setup) -> bool {
        saved.board == current.board && saved.opponent == current.opponent
    }

    fn resumed(saved: Setup, current: Setup) -> Setup {
        Setup {
            keypad: current.keypad,
            ..saved
        }
    }

    fn computer() -> Computer {
        Computer::new()
    }

    fn choose(
        computer: &mut Computer,
        game: &Game,
        level: Level,
        _: &Setup,
        rng: &mut GameRng,
        _: &AtomicBool,
    ) -> Option<Pos> {
        computer.choose_move(game, level, Budget::PER_MOVE, rng)
    }

    fn hint(
        computer: &mut Computer,
        game: &Game,
        _: &Setup,
        rng: &mut GameRng,
        _: &AtomicBool,
    ) -> Option<Pos> {
        computer.hint(game, Budget::PER_MOVE, rng)
    }

    fn hint_pos(hint: Pos) -> Pos {
        hint
    }

    /// The records keep one row per opponent: the player's side makes no table of its own.
    fn row(opponent: Opponent, _: Mark) -> String {
        opponent.name().to_string()
    }

    fn rows() -> Vec<String> {
        Opponent::ALL.map(|o| o.name().to_string()).to_vec()
    }

    fn row_label(row: &str) -> String {
        match row {
            TWO_PLAYERS => "2 players".to_string(),
            other => other.to_string(),
        }
    }
}
