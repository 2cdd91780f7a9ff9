//! Difficulties and the validated board size they stand for.

use std::fmt;
use std::str::FromStr;

/// The smallest and largest number of rows or columns of a board.
pub const MIN_SIDE: usize = 5;
pub const MAX_SIDE: usize = 1000;
/// Cells that must stay free of mines: the first revealed cell and its eight neighbours.
const FIRST_OPENING_CELLS: usize = 9;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Difficulty {
    Beginner,
    Medium,
    Expert,
    /// The expert board of every other Minesweeper, 16x30 with 99 mines, so that times compare
    /// with the world's lists.
    Classic,
    Custom,
}

impl Difficulty {
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Beginner,
        Difficulty::Medium,
        Difficulty::Expert,
        Difficulty::Classic,
        Difficulty::Custom,
    ];

    /// The name used in settings and records.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Beginner => "beginner",
            Difficulty::Medium => "medium",
            Difficulty::Expert => "expert",
            Difficulty::Classic => "classic",
            Difficulty::Custom => "custom",
        }
    }

    /// The fixed size of a preset; `None` for `Custom`, whose size the player chooses.
    pub fn preset(self) -> Option<BoardSize> {
        match self {
            Difficulty::Beginner => Some(BoardSize::BEGINNER),
            Difficulty::Medium => Some(BoardSize::MEDIUM),
            Difficulty::Expert => Some(BoardSize::EXPERT),
            Difficulty::Classic => Some(BoardSize::CLASSIC),
            Difficulty::Custom => None,
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownDifficulty(pub String);

impl fmt::Display for UnknownDifficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown difficulty {:?} (expected beginner, medium, expert, classic or custom)",
            self.0
        )
    }
}

impl std::error::Error for UnknownDifficulty {}

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL
            .into_iter()
            .find(|difficulty| difficulty.name() == name)
            .ok_or_else(|| UnknownDifficulty(name.to_owned()))
    }
}

/// Rows, columns and mines of a board that can be played: sides between `MIN_SIDE` and
/// `MAX_SIDE`, and between 1 and `cells - 9` mines so that the first reveal can always open an
/// area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    rows: usize,
    cols: usize,
    mines: usize,
}

impl BoardSize {
    pub const BEGINNER: BoardSize = BoardSize {
        rows: 9,
        cols: 9,
        mines: 10,
    };
    pub const MEDIUM: BoardSize = BoardSize {
        rows: 16,
        cols: 16,
        mines: 40,
    };
    pub const EXPERT: BoardSize = BoardSize {
        rows: 20,
        cols: 25,
        mines: 99,
    };
    pub const CLASSIC: BoardSize = BoardSize {
        rows: 16,
        cols: 30,
        mines: 99,
    };

    pub fn new(rows: usize, cols: usize, mines: usize) -> Result<Self, BoardSizeError> {
        let side_ok = |side: usize| (MIN_SIDE..=MAX_SIDE).contains(&side);
        if !side_ok(rows) {
            return Err(BoardSizeError::Rows(rows));
        }
        if !side_ok(cols) {
            return Err(BoardSizeError::Cols(cols));
        }
        let max_mines = rows * cols - FIRST_OPENING_CELLS;
        if !(1..=max_mines).contains(&mines) {
            return Err(BoardSizeError::Mines {
                rows,
                cols,
                mines,
                max: max_mines,
            });
        }
        Ok(BoardSize { rows, cols, mines })
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn mines(&self) -> usize {
        self.mines
    }

    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }
}

/// Why `BoardSize::new` refused a size; the message is meant to be shown to the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardSizeError {
    Rows(usize),
    Cols(usize),
    Mines {
        rows: usize,
        cols: usize,
        mines: usize,
        max: usize,
    },
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BoardSizeError::Rows(rows) => {
                write!(
                    f,
                    "rows must be between {MIN_SIDE} and {MAX_SIDE}, not {rows}"
                )
            }
            BoardSizeError::Cols(cols) => {
                write!(
                    f,
                    "columns must be between {MIN_SIDE} and {MAX_SIDE}, not {cols}"
                )
            }
            BoardSizeError::Mines {
                rows,
                cols,
                mines,
                max,
            } => write!(
                f,
                "mines must be between 1 and {max} for a {rows}x{cols} board, not {mines}"
            ),
        }
    }
}

impl std::error::Error for BoardSizeError {}
