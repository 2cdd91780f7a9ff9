//! Who plays a game of marks in a row: the opponent (the computer at a level, or a second player at
//! the same keyboard) and the player's side, as the settings, the command line and codes name them.

use clap::Args;

use super::Variant;
use crate::games::marks::{Level, Mark};
use crate::play::Pins;
use crate::store::settings::{Kind, Setting, SettingValue};

/// The opponent key under which two-player games are kept.
pub const TWO_PLAYERS: &str = "human";

/// A game's opponent setting, at `path` in the file.
pub const fn opponent_setting(path: &'static [&'static str]) -> Setting {
    Setting {
        path,
        label: "Opponent",
        about: "the computer's strength, or human for two players at one keyboard",
        kind: Kind::Choice(&["easy", "medium", "hard", TWO_PLAYERS]),
        default: SettingValue::Choice("medium"),
        max_now: None,
    }
}

/// A game's side setting, at `path` in the file.
pub const fn play_as_setting(path: &'static [&'static str]) -> Setting {
    Setting {
        path,
        label: "Play as",
        about: "your mark against the computer; alternate swaps who starts every game",
        kind: Kind::Choice(&["alternate", "x", "o"]),
        default: SettingValue::Choice("alternate"),
        max_now: None,
    }
}

// The command line's options for the opponent and the sides. (A doc comment here would stand as
// the about of every command that flattens them.)
#[derive(Debug, Args)]
pub struct SideOptions {
    /// The computer's strength, or human for two players at one keyboard
    #[arg(long, value_parser = ["easy", "medium", "hard", "human"])]
    pub opponent: Option<String>,
    /// Your mark against the computer; alternate swaps who starts every game
    #[arg(long = "play-as", value_parser = ["x", "o", "alternate"])]
    pub play_as: Option<String>,
}

impl SideOptions {
    /// The settings these options and the table's name `table` hold for a session of `V`.
    pub fn pins<V: Variant>(&self, table: Option<&str>) -> Pins {
        choice_pins([
            (V::table_setting(), table),
            (V::opponent_setting(), self.opponent.as_deref()),
            (V::play_as_setting(), self.play_as.as_deref()),
        ])
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    Computer(Level),
    Human,
}

impl Opponent {
    /// Every opponent, easiest first and two players last: the order of the records, of codes
    /// and of the `c` key.
    pub const ALL: [Opponent; 4] = [
        Opponent::Computer(Level::Easy),
        Opponent::Computer(Level::Medium),
        Opponent::Computer(Level::Hard),
        Opponent::Human,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Opponent::Computer(level) => level.name(),
            Opponent::Human => TWO_PLAYERS,
        }
    }

    pub fn from_name(name: &str) -> Option<Opponent> {
        match name {
            TWO_PLAYERS => Some(Opponent::Human),
            _ => Level::from_name(name).map(Opponent::Computer),
        }
    }

    /// The opponent after this one in [`Opponent::ALL`], round to the first.
    pub fn next(self) -> Opponent {
        let at = Opponent::ALL.iter().position(|o| *o == self).unwrap_or(0);
        Opponent::ALL[(at + 1) % Opponent::ALL.len()]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayAs {
    X,
    O,
    /// The starting side swaps every game.
    Alternate,
}

impl PlayAs {
    const ALL: [PlayAs; 3] = [PlayAs::X, PlayAs::O, PlayAs::Alternate];

    pub fn name(self) -> &'static str {
        match self {
            PlayAs::X => "x",
            PlayAs::O => "o",
            PlayAs::Alternate => "alternate",
        }
    }

    pub fn from_name(name: &str) -> Option<PlayAs> {
        PlayAs::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The player's mark in a game after `games_started` others of the session.
    pub fn side(self, games_started: u32) -> Mark {
        match self {
            PlayAs::X => Mark::X,
            PlayAs::O => Mark::O,
            PlayAs::Alternate if games_started.is_multiple_of(2) => Mark::X,
            PlayAs::Alternate => Mark::O,
        }
    }
}

/// The settings a command line's choices hold for the session, each given as the setting and
/// the name typed. Clap accepts only the listed names, so each is a value of its setting; a name
/// it is not is left out.
fn choice_pins<'a>(options: impl IntoIterator<Item = (&'static Setting, Option<&'a str>)>) -> Pins {
    options
        .into_iter()
        .filter_map(|(setting, name)| {
            let Kind::Choice(names) = setting.kind else {
                return None;
            };
            let name = names.iter().find(|n| Some(**n) == name)?;
            Some((setting, SettingValue::Choice(name)))
        })
        .collect()
}
