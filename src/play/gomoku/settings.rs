//! Gomoku's settings, what a new game is made of (rule, opponent, sides, the computer's time),
//! and the command line's options, which hold settings for the session or ask for the engine.

use std::time::Duration;

use clap::{ArgMatches, Args, FromArgMatches};

use super::Gomoku;
use crate::games::gomoku::{Level, Rule};
use crate::play::Pins;
pub use crate::play::marks::settings::{Opponent, PlayAs, TWO_PLAYERS};
use crate::play::marks::settings::{SideOptions, opponent_setting, play_as_setting};
use crate::store::settings::{Kind, Setting, SettingValue, Settings};

pub static RULE: Setting = Setting {
    path: &["gomoku", "rule"],
    label: "Rule",
    about: "freestyle: five or more in a row win; standard: exactly five (six do not)",
    kind: Kind::Choice(&["freestyle", "standard"]),
    default: SettingValue::Choice("freestyle"),
    max_now: None,
};

pub static OPPONENT: Setting = opponent_setting(&["gomoku", "opponent"]);

pub static PLAY_AS: Setting = play_as_setting(&["gomoku", "play_as"]);

/// The times offered, shortest first.
const MOVE_TIMES: &[&str] = &["0.1s", "0.2s", "0.5s", "1s", "2s", "5s", "10s"];

pub static MOVE_TIME: Setting = Setting {
    path: &["gomoku", "move_time"],
    label: "Computer's time",
    about: "the longest the computer thinks about a move or a hint; longer plays stronger",
    kind: Kind::Choice(MOVE_TIMES),
    default: SettingValue::Choice("1s"),
    max_now: None,
};

pub static SETTINGS: &[&Setting] = &[&RULE, &OPPONENT, &PLAY_AS, &MOVE_TIME];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub rule: Rule,
    pub opponent: Opponent,
    pub play_as: PlayAs,
    /// The computer's time for a move or a hint: the player's preference, part of no game.
    pub move_time: Duration,
}

impl Setup {
    pub fn from_settings(settings: &Settings) -> Setup {
        Setup {
            rule: Rule::from_name(settings.choice(&RULE)).unwrap_or_default(),
            opponent: Opponent::from_name(settings.choice(&OPPONENT))
                .unwrap_or(Opponent::Computer(Level::Medium)),
            play_as: PlayAs::from_name(settings.choice(&PLAY_AS)).unwrap_or(PlayAs::Alternate),
            move_time: seconds(settings.choice(&MOVE_TIME)).unwrap_or(Duration::from_secs(1)),
        }
    }
}

/// `0.5s` as a time.
fn seconds(name: &str) -> Option<Duration> {
    let seconds: f64 = name.strip_suffix('s')?.parse().ok()?;
    Some(Duration::from_secs_f64(seconds))
}

#[derive(Debug, Args)]
pub struct Options {
    /// freestyle (five or more in a row win) or standard (exactly five)
    #[arg(long, value_parser = ["freestyle", "standard"])]
    pub rule: Option<String>,
    #[command(flatten)]
    pub sides: SideOptions,
    /// Speak the Gomocup engine protocol on standard input and output instead of playing
    #[arg(long, conflicts_with_all = ["rule", "opponent", "play_as"])]
    pub engine: bool,
}

/// The settings the command line's options hold for the session.
pub fn pins(matches: &ArgMatches) -> Result<Pins, String> {
    let options = Options::from_arg_matches(matches).map_err(|e| e.to_string())?;
    Ok(options.sides.pins::<Gomoku>(options.rule.as_deref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_time_offered_is_a_time() {
        let times: Vec<Duration> = MOVE_TIMES.iter().map(|t| seconds(t).unwrap()).collect();
        assert!(times.is_sorted());
        assert_eq!(seconds("1s"), Some(Duration::from_secs(1)));
        assert_eq!(times[0], Duration::from_millis(100));
    }
}
