//! The command line: the options every command takes, a subcommand for each game of the list of
//! games (its options hold settings for the session), and the commands that print.

pub mod report;
pub mod stats;

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{ArgMatches, Args, FromArgMatches, Subcommand};

use crate::games::GameId;
use crate::play::{Pins, ToolRun};
use crate::ui::game::GameUi;
use crate::ui::games::{self, GAMES};

/// What every command takes.
#[derive(Debug, Args)]
pub struct Globals {
    /// Make every random choice reproducible (0 to 9223372036854775807)
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=i64::MAX as u64))]
    pub seed: Option<u64>,

    /// The settings and records file [default: $GRID_ARCADE_CONFIG, else the platform's config folder]
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
}

/// The commands that are no game's.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play the game of a code (shown on every game's screen, for example AMAG5068WQTCHWYAT)
    Play {
        /// The code; case, spaces and dashes do not matter
        code: String,
    },
    /// Open today's daily challenge: the same boards for every player
    Daily {
        /// Print the line that sums up today's results, to share, and exit
        #[arg(long)]
        share: bool,
    },
    /// Watch a game of the history again: the last one, the one with an id (`grid-arcade stats
    /// --json` lists them) or the latest with a code
    Replay {
        /// last, an id or a code
        #[arg(default_value = "last", value_name = "last|ID|CODE")]
        game: String,
    },
    /// Print the records as a table and exit
    Scores {
        /// Print JSON instead
        #[arg(long)]
        json: bool,
    },
    /// Print the history of games summed up, or exported for a spreadsheet, and exit
    Stats(StatsArgs),
    /// Print the path of the settings and records file and exit
    ConfigPath,
    /// Print this message or the help of the given command
    // Clap's own help command refuses `help --help`; this one is a command like the others.
    Help {
        /// The command whose help to print
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
    },
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Only this game's games
    pub game: Option<String>,
    /// Every game as JSON instead of the summary
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Every game as CSV (a row per game) instead of the summary
    #[arg(long)]
    pub csv: bool,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Asked {
    /// The main menu.
    Menu,
    /// A game, with the settings its options hold.
    Game(GameId, Pins),
    /// A game's tool, with its options.
    Tool(ToolRun, ArgMatches),
    Command(Command),
}

#[derive(Debug)]
pub struct Cli {
    pub globals: Globals,
    pub asked: Asked,
}

/// The whole command line's definition, its games' subcommands from the list of games.
pub fn command() -> clap::Command {
    let titles: Vec<&str> = GAMES.iter().map(|game| game.title()).collect();
    let keys: Vec<&'static str> = GAMES.iter().map(|game| game.id().key()).collect();
    let about = format!(
        "{} and {} in the terminal, with keys and mouse",
        titles[..titles.len() - 1].join(", "),
        titles[titles.len() - 1]
    );
    let command = clap::Command::new("grid-arcade");
    let command = Globals::augment_args(command);
    let command = command.subcommands(GAMES.iter().map(|game| game.command()));
    let command = command.subcommands(tools().map(|tool| (tool.command)()));
    Command::augment_subcommands(command)
        .mut_subcommand("stats", |stats| {
            stats.mut_arg("game", |game| {
                game.value_parser(clap::builder::PossibleValuesParser::new(keys))
            })
        })
        // After the derived parts, whose doc comments would otherwise stand as the about.
        .version(env!("CARGO_PKG_VERSION"))
        .about(about)
        .after_help("Without a command, grid-arcade opens its main menu.")
        .disable_help_subcommand(true)
}

impl Cli {
    /// The error clap gives for `grid-arcade COMMAND --help` (the help to print), or for a
    /// command that does not exist.
    pub fn help_of(command: Option<&str>) -> clap::Error {
        let args = ["grid-arcade"].into_iter().chain(command).chain(["--help"]);
        // `--help` always ends parsing, with the help as its error.
        self::command()
            .try_get_matches_from(args)
            .err()
            .unwrap_or_else(|| clap::Error::new(clap::error::ErrorKind::DisplayHelp))
    }

    /// The command line of the process.
    pub fn try_parse() -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::env::args_os())
    }

    pub fn try_parse_from(
        args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
    ) -> Result<Cli, clap::Error> {
        let matches = command().try_get_matches_from(args)?;
        let globals = Globals::from_arg_matches(&matches)?;
        let asked = match matches.subcommand() {
            None => Asked::Menu,
            Some((name, options)) => match (games::by_key(name), tool_named(name)) {
                (Some(game), _) => match game.instead(options) {
                    Some(run) => Asked::Tool(run, options.clone()),
                    None => Asked::Game(game.id(), pins_of(game, options)?),
                },
                (None, Some(tool)) => Asked::Tool(tool.run, options.clone()),
                (None, None) => Asked::Command(Command::from_arg_matches(&matches)?),
            },
        };
        Ok(Cli { globals, asked })
    }
}

/// Every game's tools.
fn tools() -> impl Iterator<Item = &'static crate::play::Tool> {
    GAMES.iter().flat_map(|game| game.tools())
}

fn tool_named(name: &str) -> Option<&'static crate::play::Tool> {
    tools().find(|tool| (tool.command)().get_name() == name)
}

/// The settings a game's options hold; options that make no game are an error of the command
/// line, as clap's own are.
fn pins_of(game: &dyn GameUi, options: &ArgMatches) -> Result<Pins, clap::Error> {
    game.pins(options)
        .map_err(|message| clap::Error::raw(clap::error::ErrorKind::ValueValidation, message))
}

/// A command-line error as one line: clap's first line with the details it lists below it (the
/// allowed values, the missing flags), without its usage and advice.
pub fn one_line(error: &clap::Error) -> String {
    let text = error.render().to_string();
    let mut lines = text.lines();
    let first = lines
        .next()
        .unwrap_or_default()
        .trim_start_matches("error: ");
    let details: Vec<&str> = lines
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    match details.as_slice() {
        [] => first.to_string(),
        _ if first.ends_with(':') => format!("{first} {}", details.join(", ")),
        _ => format!("{first} {}", details.join(" ")),
    }
}
