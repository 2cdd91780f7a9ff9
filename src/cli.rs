//! The command line.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::games::GameId;

#[derive(Debug, Parser)]
#[command(
    name = "grid-arcade",
    version,
    about = "Minesweeper, tic-tac-toe and 2048 in the terminal, with keys and mouse",
    after_help = "Without a command, grid-arcade opens its main menu."
)]
pub struct Cli {
    /// Make every random choice reproducible (0 to 9223372036854775807)
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=i64::MAX as u64))]
    pub seed: Option<u64>,

    /// The settings and records file [default: $GRID_ARCADE_CONFIG, else the platform's config folder]
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play Minesweeper
    Minesweeper,
    /// Play tic-tac-toe
    Tictactoe,
    /// Play 2048
    #[command(name = "2048")]
    Twenty48,
    /// Print the records as a table and exit
    Scores {
        /// Print JSON instead
        #[arg(long)]
        json: bool,
    },
    /// Print the path of the settings and records file and exit
    ConfigPath,
}

impl Command {
    /// The game this command opens, if any.
    pub fn game(&self) -> Option<GameId> {
        match self {
            Command::Minesweeper => Some(GameId::Minesweeper),
            Command::Tictactoe => Some(GameId::TicTacToe),
            Command::Twenty48 => Some(GameId::Twenty48),
            Command::Scores { .. } | Command::ConfigPath => None,
        }
    }
}
