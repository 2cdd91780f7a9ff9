//! 2048's settings and the command line's option, which holds the board size for the session.

use clap::{ArgMatches, Args, FromArgMatches};

use crate::games::twenty48::Level;
use crate::play::Pins;
use crate::store::settings::{Kind, Setting, SettingValue, Settings};

pub static SIZE: Setting = Setting {
    path: &["2048", "size"],
    label: "Board size",
    about: "board of 3x3 to 8x8 (the win tile is 512 on 3x3, 2048 otherwise)",
    kind: Kind::Number { min: 3, max: 8 },
    default: SettingValue::Number(4),
    max_now: None,
};

pub static ANIMATIONS: Setting = Setting {
    path: &["2048", "animations"],
    label: "Animations",
    about: "tiles slide, merged tiles flash, new tiles appear",
    kind: Kind::Toggle,
    default: SettingValue::Toggle(true),
    max_now: None,
};

pub static AUTOPLAY_SPEED: Setting = Setting {
    path: &["2048", "autoplay_speed"],
    label: "Autoplay speed",
    about: "moves a second when the computer plays (the A key)",
    kind: Kind::Number { min: 1, max: 60 },
    default: SettingValue::Number(10),
    max_now: None,
};

pub static COMPUTER: Setting = Setting {
    path: &["2048", "computer"],
    label: "Computer",
    about: "how well hints and autoplay play: fast, or strong (a few ms a move)",
    kind: Kind::Choice(&["fast", "strong"]),
    default: SettingValue::Choice("fast"),
    max_now: None,
};

pub static SETTINGS: &[&Setting] = &[&SIZE, &ANIMATIONS, &AUTOPLAY_SPEED, &COMPUTER];

/// The board size the settings in force ask for.
pub fn size(settings: &Settings) -> usize {
    settings.number(&SIZE) as usize
}

/// What the settings say about the computer's play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Autoplay's moves a second.
    pub autoplay_speed: i64,
    /// How well the computer plays hints and autoplay.
    pub computer: Level,
}

impl Options {
    pub fn from_settings(settings: &Settings) -> Options {
        Options {
            autoplay_speed: settings.number(&AUTOPLAY_SPEED),
            computer: Level::from_name(settings.choice(&COMPUTER)).unwrap_or_default(),
        }
    }
}

#[derive(Debug, Args)]
pub struct CommandLine {
    /// Board size, 3 to 8 (a new game)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(3..=8))]
    pub size: Option<u8>,
}

/// The board size the command line holds for the session.
pub fn pins(matches: &ArgMatches) -> Result<Pins, String> {
    let options = CommandLine::from_arg_matches(matches).map_err(|e| e.to_string())?;
    Ok(options
        .size
        .map(|size| (&SIZE, SettingValue::Number(size.into())))
        .into_iter()
        .collect())
}
