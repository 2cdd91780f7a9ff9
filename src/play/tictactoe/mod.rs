//! Tic-tac-toe, as the rest of the program asks it: a game of marks in a row on a board of 3x3,
//! 4x4 or 5x5, with its settings and command line, its codes, its history fields and its saves.

pub mod code;
pub mod facts;
pub mod record;
pub mod settings;

use std::sync::atomic::AtomicBool;

use clap::Args;

use crate::code::{CodeError, GameCode, Reader};
use crate::games::tictactoe::{Budget, Computer, Game, Level, Mark, PRESETS, Pos, Rules};
use crate::games::{GameId, GameRng};
use crate::play::Pins;
use crate::play::marks::{self, RulesOf, SetupFields, Variant};
use crate::records::board_order;
use crate::store::{Setting, Settings};
use code::CodeGame;
use facts::Facts;
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
    type Facts<'a> = Facts<'a>;

    const GAME: GameId = GAME;
    const TITLE: &'static str = "Tic-tac-toe";
    const STEM: &'static str = "tictactoe";
    const LETTER: char = code::LETTER;
    const CSV_COLUMNS: &'static [&'static str] = &["board", "opponent", "mark", "moves"];
    const PACE_MS: u64 = 700;
    const UNDO_ASSISTS: bool = false;

    fn settings() -> &'static [&'static Setting] {
        settings::SETTINGS
    }

    fn opponent_setting() -> &'static Setting {
        &settings::OPPONENT
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

    fn table(setup: &Setup) -> &'static str {
        setup.board.name
    }

    fn table_order(table: &str) -> u32 {
        board_order(table).0
    }

    fn same_game(saved: &Setup, current: &Setup) -> bool {
        saved.board == current.board && saved.opponent == current.opponent
    }

    /// How digits place marks is the player's setting, not part of the game.
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

    fn code(table: &str, opponent: Opponent, plays_x: bool, seed: u64) -> Option<GameCode> {
        let board = *PRESETS.iter().find(|p| p.name == table)?;
        let game = CodeGame {
            board,
            opponent,
            plays_x,
        };
        Some(game.code(seed))
    }

    fn read_code(bits: &mut Reader) -> Result<(), CodeError> {
        code::read(bits).map(|_| ())
    }

    fn code_pins(code: &GameCode) -> Pins {
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

    fn longest_code() -> usize {
        code::longest()
    }

    fn facts(setup: &Setup, mark: Option<Mark>, moves: u32) -> Facts<'static> {
        Facts {
            board: setup.board.name.into(),
            opponent: setup.opponent.name().into(),
            mark: mark.map(|mark| mark.to_string().into()),
            moves,
        }
    }

    fn facts_rules(facts: &Facts) -> Option<Rules> {
        Rules::preset(&facts.board)
    }

    fn csv(facts: &Facts) -> Vec<String> {
        vec![
            facts.board.to_string(),
            facts.opponent.to_string(),
            facts.mark.as_deref().unwrap_or_default().to_string(),
            facts.moves.to_string(),
        ]
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

    fn board_fields(setup: &Setup) -> (String, Option<String>) {
        (setup.board.name.to_string(), None)
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
}
