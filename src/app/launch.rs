//! How the program was started.

use crate::code::GameCode;
use crate::games::GameId;
use crate::games::minesweeper::GameOptions;
use crate::store::settings::{self, Settings};
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
    /// A game to play from its code, until its game is opened.
    pub code: Option<GameCode>,
    /// Open the daily challenge's screen (`grid-arcade daily`).
    pub daily: bool,
}

impl Launch {
    /// Plays the game of `code`: it opens with the code's board, and new games keep the code's
    /// board and settings, as options on the command line would, until the player changes the
    /// settings. What the code does not fix comes from `settings`.
    pub fn play_code(&mut self, code: GameCode, settings: &Settings) {
        match code {
            GameCode::Minesweeper {
                level,
                size,
                first_click,
                ..
            } => {
                self.minesweeper = Some(minesweeper::Setup {
                    difficulty: level,
                    size,
                    options: GameOptions {
                        first_click,
                        question_marks: settings.toggle(&settings::MINES_QUESTION_MARKS),
                    },
                });
            }
            GameCode::TicTacToe { .. } => {
                let keypad = tictactoe::Setup::from_settings(settings).keypad;
                self.tictactoe = tictactoe::Setup::from_code(code, keypad);
            }
            GameCode::Twenty48 { size, .. } => self.twenty48_size = Some(usize::from(size)),
        }
        self.open = Some(code.game());
        self.code = Some(code);
    }
}
