//! Tic-tac-toe's settings, what a new game is made of (board, opponent, sides), and the command
//! line's options, which hold settings for the session.

use clap::{ArgMatches, Args, FromArgMatches};

use super::TicTacToe;
use crate::games::tictactoe::{Level, PRESETS, Preset};
use crate::play::Pins;
pub use crate::play::marks::settings::{Opponent, PlayAs, TWO_PLAYERS};
use crate::play::marks::settings::{SideOptions, opponent_setting, play_as_setting};
use crate::store::settings::{Kind, Setting, SettingValue, Settings};

pub static BOARD: Setting = Setting {
    path: &["tictactoe", "board"],
    label: "Board",
    about: "3x3 with three in a row, 4x4 with four, 5x5 with four",
    kind: Kind::Choice(&["3x3", "4x4", "5x5"]),
    default: SettingValue::Choice("3x3"),
    max_now: None,
};

pub static OPPONENT: Setting = opponent_setting(&["tictactoe", "opponent"]);

pub static PLAY_AS: Setting = play_as_setting(&["tictactoe", "play_as"]);

pub static KEYPAD: Setting = Setting {
    path: &["tictactoe", "keypad"],
    label: "Digit layout",
    about: "digits 1-9 on 3x3: phone puts 1 top left, numpad puts 7 top left",
    kind: Kind::Choice(&["phone", "numpad"]),
    default: SettingValue::Choice("phone"),
    max_now: None,
};

pub static SETTINGS: &[&Setting] = &[&BOARD, &OPPONENT, &PLAY_AS, &KEYPAD];

/// Digits 1-9 on 3x3: a phone keypad has 1 2 3 on top, a numeric keypad 7 8 9.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keypad {
    Phone,
    Numpad,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: Preset,
    pub opponent: Opponent,
    pub play_as: PlayAs,
    pub keypad: Keypad,
}

impl Setup {
    pub fn from_settings(settings: &Settings) -> Setup {
        let board_name = settings.choice(&BOARD);
        Setup {
            board: PRESETS
                .into_iter()
                .find(|p| p.name == board_name)
                .unwrap_or(PRESETS[0]),
            opponent: Opponent::from_name(settings.choice(&OPPONENT))
                .unwrap_or(Opponent::Computer(Level::Medium)),
            play_as: PlayAs::from_name(settings.choice(&PLAY_AS)).unwrap_or(PlayAs::Alternate),
            keypad: match settings.choice(&KEYPAD) {
                "numpad" => Keypad::Numpad,
                _ => Keypad::Phone,
            },
        }
    }

    /// The settings that make this game's board, opponent and sides, for a session that holds
    /// them (how digits place marks stays the player's).
    pub fn pins(&self) -> Pins {
        vec![
            (&BOARD, SettingValue::Choice(self.board.name)),
            (&OPPONENT, SettingValue::Choice(self.opponent.name())),
            (&PLAY_AS, SettingValue::Choice(self.play_as.name())),
        ]
    }
}

#[derive(Debug, Args)]
pub struct Options {
    /// 3x3 (three in a row), 4x4 (four in a row) or 5x5 (four in a row)
    #[arg(long, value_parser = ["3x3", "4x4", "5x5"])]
    pub board: Option<String>,
    #[command(flatten)]
    pub sides: SideOptions,
}

/// The settings the command line's options hold for the session.
pub fn pins(matches: &ArgMatches) -> Result<Pins, String> {
    let options = Options::from_arg_matches(matches).map_err(|e| e.to_string())?;
    Ok(options.sides.pins::<TicTacToe>(options.board.as_deref()))
}
