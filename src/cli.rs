//! The command line.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::games::GameId;
use crate::games::minesweeper::{BoardSize, Difficulty};
use crate::games::tictactoe::PRESETS;
use crate::ui::minesweeper::{self, first_click};
use crate::ui::tictactoe::{self, Opponent, PlayAs};

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
    Tictactoe(TicTacToeArgs),
    /// Play 2048 (without options: resume the saved game, if any)
    #[command(name = "2048")]
    Twenty48(Twenty48Args),
    /// Play the game of a code (shown on every game's screen, for example AMAG5068WQTCHWYAT)
    Play {
        /// The code; case, spaces and dashes do not matter
        code: String,
    },
    /// Open today's daily challenge: the same Minesweeper and 2048 boards for every player
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
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Only this game's games
    #[arg(value_parser = ["minesweeper", "tictactoe", "2048"])]
    pub game: Option<String>,
    /// Every game as JSON instead of the summary
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Every game as CSV (a row per game) instead of the summary
    #[arg(long)]
    pub csv: bool,
}

impl Command {
    /// The game this command opens, if any.
    pub fn game(&self) -> Option<GameId> {
        match self {
            Command::Minesweeper(_) => Some(GameId::Minesweeper),
            Command::Tictactoe(_) => Some(GameId::TicTacToe),
            Command::Twenty48(_) => Some(GameId::Twenty48),
            Command::Play { .. }
            | Command::Daily { .. }
            | Command::Replay { .. }
            | Command::Scores { .. }
            | Command::Stats(_)
            | Command::ConfigPath => None,
        }
    }
}

#[derive(Debug, Args)]
pub struct MinesweeperArgs {
    /// beginner (9x9, 10 mines), medium (16x16, 40), expert (20x25, 99) or classic (16x30, 99:
    /// the expert board of other Minesweepers)
    #[arg(long, value_parser = ["beginner", "medium", "expert", "classic"], conflicts_with = "rows")]
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
    /// opening: the first cell and its neighbours are mine-free; safe: only the cell; no-guess: a
    /// board that logic alone clears from the first click
    #[arg(long = "first-click", value_parser = ["opening", "safe", "no-guess"])]
    pub first_click: Option<String>,
}

impl MinesweeperArgs {
    /// The settings' setup with this command line's choices on top; `None` when it chose nothing.
    pub fn setup(
        &self,
        from_settings: minesweeper::Setup,
    ) -> Result<Option<minesweeper::Setup>, String> {
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

#[derive(Debug, Args)]
pub struct TicTacToeArgs {
    /// 3x3 (three in a row), 4x4 (four in a row) or 5x5 (four in a row)
    #[arg(long, value_parser = ["3x3", "4x4", "5x5"])]
    pub board: Option<String>,
    /// The computer's strength, or human for two players at one keyboard
    #[arg(long, value_parser = ["easy", "medium", "hard", "human"])]
    pub opponent: Option<String>,
    /// Your mark against the computer; alternate swaps who starts every game
    #[arg(long = "play-as", value_parser = ["x", "o", "alternate"])]
    pub play_as: Option<String>,
}

impl TicTacToeArgs {
    /// The settings' setup with this command line's choices on top; `None` when it chose nothing.
    pub fn setup(&self, from_settings: tictactoe::Setup) -> Option<tictactoe::Setup> {
        let mut setup = from_settings;
        // Clap accepts only the listed names, so each lookup below finds its value.
        if let Some(board) = PRESETS
            .iter()
            .find(|p| Some(p.name) == self.board.as_deref())
        {
            setup.board = *board;
        }
        if let Some(opponent) = self.opponent.as_deref().and_then(Opponent::from_name) {
            setup.opponent = opponent;
        }
        if let Some(play_as) = self.play_as.as_deref().and_then(PlayAs::from_name) {
            setup.play_as = play_as;
        }
        (setup != from_settings).then_some(setup)
    }
}

#[derive(Debug, Args)]
pub struct Twenty48Args {
    /// Board size, 3 to 8 (a new game)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(3..=8))]
    pub size: Option<u8>,
}
