//! The command line.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::games::GameId;
use crate::games::minesweeper::{BoardSize, Difficulty};
use crate::ui::minesweeper::{Setup, first_click};

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
    Minesweeper(MinesweeperArgs),
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
            Command::Minesweeper(_) => Some(GameId::Minesweeper),
            Command::Tictactoe => Some(GameId::TicTacToe),
            Command::Twenty48 => Some(GameId::Twenty48),
            Command::Scores { .. } | Command::ConfigPath => None,
        }
    }
}

#[derive(Debug, Args)]
pub struct MinesweeperArgs {
    /// beginner (9x9, 10 mines), medium (16x16, 40) or expert (20x25, 99)
    #[arg(long, value_parser = ["beginner", "medium", "expert"], conflicts_with = "rows")]
    pub difficulty: Option<String>,
    /// Rows of a custom board, 5 to 1000 (with --cols and --mines)
    #[arg(long, value_name = "R", requires_all = ["cols", "mines"])]
    pub rows: Option<usize>,
    /// Columns of a custom board, 5 to 1000
    #[arg(long, value_name = "C", requires_all = ["rows", "mines"])]
    pub cols: Option<usize>,
    /// Mines on a custom board, 1 to rows x columns - 9
    #[arg(long, value_name = "M", requires_all = ["rows", "cols"])]
    pub mines: Option<usize>,
    /// opening: the first cell and its neighbours are mine-free; safe: only the cell
    #[arg(long = "first-click", value_parser = ["opening", "safe"])]
    pub first_click: Option<String>,
}

impl MinesweeperArgs {
    /// The settings' setup with this command line's choices on top; `None` when it chose nothing.
    pub fn setup(&self, from_settings: Setup) -> Result<Option<Setup>, String> {
        let mut setup = from_settings;
        if let Some(name) = &self.difficulty {
            setup.difficulty = name.parse().map_err(|e| format!("{e}"))?;
            setup.size = setup.difficulty.preset().unwrap_or(setup.size);
        }
        if let (Some(rows), Some(cols), Some(mines)) = (self.rows, self.cols, self.mines) {
            setup.difficulty = Difficulty::Custom;
            setup.size = BoardSize::new(rows, cols, mines).map_err(|e| e.to_string())?;
        }
        if let Some(name) = &self.first_click {
            setup.options.first_click = first_click(name);
        }
        Ok((setup != from_settings).then_some(setup))
    }
}
