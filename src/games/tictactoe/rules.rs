//! The shape of a game: board size and how many in a row win, and the named presets.

use std::fmt;

use crate::games::marks::{Pos, Shape};

/// Board size and line length of a game, always within the limits checked by [`Rules::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "RulesFields")]
pub struct Rules {
    rows: usize,
    cols: usize,
    in_a_row: usize,
}

/// The unchecked form read from a file; [`Rules`] accepts it only through [`Rules::new`].
#[derive(serde::Deserialize)]
struct RulesFields {
    rows: usize,
    cols: usize,
    in_a_row: usize,
}

impl TryFrom<RulesFields> for Rules {
    type Error = RulesError;

    fn try_from(fields: RulesFields) -> Result<Rules, RulesError> {
        Rules::new(fields.rows, fields.cols, fields.in_a_row)
    }
}

/// Why [`Rules::new`] refused a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesError {
    Rows(usize),
    Cols(usize),
    InARow { in_a_row: usize, longest: usize },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let max = Rules::MAX_SIDE;
        match *self {
            RulesError::Rows(rows) => write!(f, "a board has 1 to {max} rows, not {rows}"),
            RulesError::Cols(cols) => write!(f, "a board has 1 to {max} columns, not {cols}"),
            RulesError::InARow { in_a_row, longest } => write!(
                f,
                "a winning line is 1 to {longest} marks long on this board, not {in_a_row}"
            ),
        }
    }
}

impl std::error::Error for RulesError {}

/// A board offered by name in the settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    pub name: &'static str,
    pub rules: Rules,
}

/// The boards of the game's settings, the first being the default.
pub const PRESETS: [Preset; 3] = [
    Preset {
        name: "3x3",
        rules: Rules {
            rows: 3,
            cols: 3,
            in_a_row: 3,
        },
    },
    Preset {
        name: "4x4",
        rules: Rules {
            rows: 4,
            cols: 4,
            in_a_row: 4,
        },
    },
    Preset {
        name: "5x5",
        rules: Rules {
            rows: 5,
            cols: 5,
            in_a_row: 4,
        },
    },
];

impl Rules {
    /// The longest side; 15 x 15 cells still fit the engine's fixed-size cell sets.
    pub const MAX_SIDE: usize = 15;

    pub fn new(rows: usize, cols: usize, in_a_row: usize) -> Result<Rules, RulesError> {
        if !(1..=Self::MAX_SIDE).contains(&rows) {
            return Err(RulesError::Rows(rows));
        }
        if !(1..=Self::MAX_SIDE).contains(&cols) {
            return Err(RulesError::Cols(cols));
        }
        let longest = rows.max(cols);
        if !(1..=longest).contains(&in_a_row) {
            return Err(RulesError::InARow { in_a_row, longest });
        }
        Ok(Rules {
            rows,
            cols,
            in_a_row,
        })
    }

    /// The preset called `name` ("3x3", "4x4" or "5x5").
    pub fn preset(name: &str) -> Option<Rules> {
        PRESETS
            .iter()
            .find(|preset| preset.name == name)
            .map(|preset| preset.rules)
    }

    /// The preset's name, or a description such as "6x7, 4 in a row" for other boards.
    pub fn name(&self) -> String {
        match PRESETS.iter().find(|preset| preset.rules == *self) {
            Some(preset) => preset.name.to_string(),
            None => format!("{}x{}, {} in a row", self.rows, self.cols, self.in_a_row),
        }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// How many marks in a line win.
    pub fn in_a_row(&self) -> usize {
        self.in_a_row
    }

    pub fn cell_count(&self) -> usize {
        self.rows * self.cols
    }

    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.rows && pos.col < self.cols
    }

    /// Row-major index of a cell on the board; `pos` must be on the board.
    pub(super) fn index(&self, pos: Pos) -> usize {
        pos.row * self.cols + pos.col
    }

    pub(super) fn pos(&self, index: usize) -> Pos {
        Pos::new(index / self.cols, index % self.cols)
    }
}

impl Default for Rules {
    fn default() -> Rules {
        PRESETS[0].rules
    }
}

impl Shape for Rules {
    fn rows(&self) -> usize {
        self.rows
    }

    fn cols(&self) -> usize {
        self.cols
    }

    fn wins(&self, length: usize) -> bool {
        length >= self.in_a_row
    }
}
