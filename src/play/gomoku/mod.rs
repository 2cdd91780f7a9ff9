//! Gomoku, as the rest of the program asks it: a game of marks in a row on a 15x15 board, five in a
//! row winning, with its settings and command line (and the engine protocol in place of the
//! game) and its records per rule, opponent and side.

mod engine;
pub mod settings;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::Args;

use crate::games::gomoku::{Budget, Computer, Game, Level, Mark, Pos, Rule, Rules, Threat};
use crate::games::{GameId, GameRng};
use crate::play::marks::{self, RulesOf, SetupFields, Variant};
use crate::play::{Pins, ToolRun};
use crate::store::{Setting, Settings};
pub use settings::{Opponent, PlayAs, Setup, TWO_PLAYERS};

pub const GAME: GameId = GameId::new("gomoku");

/// A gomoku game in progress.
pub type Session = marks::Session<Gomoku>;

/// Gomoku's description, in the list of games.
pub struct Gomoku;

impl RulesOf for Rules {
    type Variant = Gomoku;
}

/// The board every game is played on.
const BOARD: &str = "15x15";

impl Variant for Gomoku {
    type Rules = Rules;
    type Setup = Setup;
    type Computer = Computer;
    /// The move, and the threat it makes or answers.
    type Hint = (Pos, Threat);

    const GAME: GameId = GAME;
    const TITLE: &'static str = "Gomoku";
    const STEM: &'static str = "gomoku";
    const LETTER: char = 'G';
    const CSV_COLUMNS: &'static [&'static str] = &["board", "rule", "opponent", "mark", "moves"];
    /// Games run to tens of moves: a quicker pace than tic-tac-toe's.
    const PACE_MS: u64 = 400;
    const UNDO_ASSISTS: bool = true;

    fn settings() -> &'static [&'static Setting] {
        settings::SETTINGS
    }

    fn table_setting() -> &'static Setting {
        &settings::RULE
    }

    fn opponent_setting() -> &'static Setting {
        &settings::OPPONENT
    }

    fn play_as_setting() -> &'static Setting {
        &settings::PLAY_AS
    }

    fn command() -> clap::Command {
        let command = clap::Command::new(GAME.key()).about("Play gomoku: five in a row on 15x15");
        settings::Options::augment_args(command)
    }

    fn pins(matches: &clap::ArgMatches) -> Result<Pins, String> {
        settings::pins(matches)
    }

    fn instead(matches: &clap::ArgMatches) -> Option<ToolRun> {
        matches.get_flag("engine").then_some(engine::run as ToolRun)
    }

    fn setup(settings: &Settings) -> Setup {
        Setup::from_settings(settings)
    }

    fn rules(setup: &Setup) -> Rules {
        Rules::new(Rules::DEFAULT_SIZE, setup.rule).unwrap_or_default()
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

    fn board(setup: &Setup) -> (&'static str, Option<&'static str>) {
        (BOARD, Some(setup.rule.name()))
    }

    fn setup_of(fields: SetupFields) -> Result<Setup, String> {
        if fields.board != BOARD {
            return Err(format!("unknown board {:?}", fields.board));
        }
        let rule = fields.rule.unwrap_or_default();
        let rule = Rule::from_name(rule).ok_or_else(|| format!("unknown rule {rule:?}"))?;
        Ok(Setup {
            rule,
            opponent: fields.opponent,
            play_as: fields.play_as,
            // The player's own time takes its place when a game is resumed.
            move_time: Duration::ZERO,
        })
    }

    fn table_order(table: &str) -> u32 {
        let rule = Rule::ALL.iter().position(|rule| rule.name() == table);
        rule.map_or(u32::MAX, |at| at as u32)
    }

    fn same_game(saved: &Setup, current: &Setup) -> bool {
        saved.rule == current.rule && saved.opponent == current.opponent
    }

    /// The computer's time is the player's setting, not part of the game.
    fn resumed(saved: Setup, current: Setup) -> Setup {
        Setup {
            move_time: current.move_time,
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
        setup: &Setup,
        rng: &mut GameRng,
        cancel: &AtomicBool,
    ) -> Option<Pos> {
        computer.choose_move(game, level, Budget::Time(setup.move_time), rng, cancel)
    }

    fn hint(
        computer: &mut Computer,
        game: &Game,
        setup: &Setup,
        rng: &mut GameRng,
        cancel: &AtomicBool,
    ) -> Option<(Pos, Threat)> {
        computer.hint(game, Budget::Time(setup.move_time), rng, cancel)
    }

    fn hint_pos((pos, _): (Pos, Threat)) -> Pos {
        pos
    }

    /// Against the computer, a row per level and side: X, who moves first, has the better game.
    fn row(opponent: Opponent, player: Mark) -> String {
        match opponent {
            Opponent::Computer(level) => format!("{level}-{}", side_key(player)),
            Opponent::Human => TWO_PLAYERS.to_string(),
        }
    }

    fn rows() -> Vec<String> {
        let computer = (Level::ALL.into_iter()).flat_map(|level| {
            [Mark::X, Mark::O].map(|mark| Self::row(Opponent::Computer(level), mark))
        });
        computer.chain([TWO_PLAYERS.to_string()]).collect()
    }

    fn row_label(row: &str) -> String {
        match row.split_once('-') {
            _ if row == TWO_PLAYERS => "2 players".to_string(),
            Some((level, side)) => format!("{level} as {}", side.to_uppercase()),
            None => row.to_string(),
        }
    }
}

/// `x` or `o`, as a row's key writes a side.
fn side_key(mark: Mark) -> &'static str {
    match mark {
        Mark::X => "x",
        Mark::O => "o",
    }
}
