//! What the games of marks in a row (tic-tac-toe, gomoku) share: the two marks, a cell, the game
//! itself on any board ([`Game`] over a [`Shape`]), how a game ended, why a move is refused, the
//! computer's levels, and moves as text.

mod game;
pub mod table;

use std::fmt;

pub use game::{Game, Shape};

/// One of the two players' marks. X always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Mark {
    X,
    O,
}

impl Mark {
    pub fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }

    /// The mark whose turn it is after `moves_made` moves.
    pub fn to_move_after(moves_made: usize) -> Mark {
        if moves_made.is_multiple_of(2) {
            Mark::X
        } else {
            Mark::O
        }
    }

    /// 0 for X, 1 for O: an index into per-player arrays.
    pub(in crate::games) fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mark::X => "X",
            Mark::O => "O",
        })
    }
}

/// A cell of the board, counted from the top-left corner.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Pos {
    pub row: usize,
    pub col: usize,
}

impl Pos {
    pub fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `line` holds every cell of the winning run, in order, for the screen to highlight.
    Win {
        mark: Mark,
        line: Vec<Pos>,
    },
    Draw,
}

/// Why a move was refused. The game is unchanged after a refused move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    OutOfRange(Pos),
    Occupied(Pos),
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::OutOfRange(pos) => {
                write!(
                    f,
                    "row {}, column {} is off the board",
                    pos.row + 1,
                    pos.col + 1
                )
            }
            MoveError::Occupied(pos) => {
                write!(
                    f,
                    "row {}, column {} is already taken",
                    pos.row + 1,
                    pos.col + 1
                )
            }
            MoveError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for MoveError {}

/// How strongly the computer plays; each game's computer says what a level does on its boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// "easy", "medium" or "hard", as in the settings.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Moves as `row,col` words, X's first: in the saves and in the history.
pub fn moves_text(moves: &[Pos]) -> String {
    let words: Vec<String> = moves
        .iter()
        .map(|pos| format!("{},{}", pos.row, pos.col))
        .collect();
    words.join(" ")
}

/// The moves of [`moves_text`] read back; `None` when a word is not a cell.
pub fn read_moves(text: &str) -> Option<Vec<Pos>> {
    text.split_whitespace()
        .map(|word| {
            let (row, col) = word.split_once(',')?;
            Some(Pos::new(row.parse().ok()?, col.parse().ok()?))
        })
        .collect()
}
