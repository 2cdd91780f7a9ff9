//! How the program was started.

use crate::games::GameId;
use crate::ui::{minesweeper, tictactoe};

/// How the program was started: the seed for every random choice, and a game to open at once.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    pub seed: Option<u64>,
    pub open: Option<GameId>,
    /// Minesweeper board and options from the command line, instead of the settings.
    pub minesweeper: Option<minesweeper::Setup>,
    /// Tic-tac-toe board, opponent and side from the command line, instead of the settings.
    pub tictactoe: Option<tictactoe::Setup>,
    /// 2048 board size from the command line, instead of the settings.
    pub twenty48_size: Option<usize>,
}
