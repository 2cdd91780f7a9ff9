//! The odds of a position: for every hidden cell, the exact chance that it holds a mine, counting
//! every layout of the mines that fits the revealed numbers and the mine count, all layouts
//! equally likely; and the move a careful player would make from them.
//!
//! The hidden cells next to a number (the frontier) are split into parts that share no number,
//! and cells touched by exactly the same numbers are taken together, so a part is enumerated as
//! how many mines each such group holds. Each part's layouts are counted by how many mines they
//! use; the parts are then combined with the ways to place the remaining mines on the cells
//! that touch no number. Weights are kept relative (each list scaled to its largest entry, the
//! binomials in log space), so no figure overflows on a 1000x1000 board; the number of layouts
//! itself is an exact big integer.
//!
//! A part whose enumeration would take too long is estimated from its numbers alone (see
//! `estimate`), and the result says it is not exact.

mod big;
mod binomial;
mod choice;
mod endgame;
mod estimate;
mod fifty;
mod guess;
mod look;
mod parts;
mod position;
mod tally;
mod weigh;

#[cfg(test)]
mod guess_tests;
#[cfg(test)]
mod tests;

use std::fmt;

pub use choice::{Choice, Why, best_move};
pub use position::{ParseError, Position, Seen};

/// The chances of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    /// Row by row: the chance that each hidden cell holds a mine (0 and 1 only when certain),
    /// `None` for a revealed cell or a known mine.
    pub mine: Vec<Option<f64>>,
    /// The number of layouts of the mines that fit the position, in decimal; past a few
    /// thousand digits, in scientific notation (`1.234e5678`), which is then not exact.
    pub layouts: String,
    /// False when some part was too large to count and its chances were estimated.
    pub exact: bool,
}

impl Odds {
    /// The hidden cell least likely to hold a mine (the first in reading order of equals) and its
    /// chance; `None` when every hidden cell is a known mine.
    pub fn safest(&self) -> Option<(usize, f64)> {
        (self.mine.iter().enumerate())
            .filter_map(|(index, chance)| chance.filter(|&chance| chance < 1.0).map(|c| (index, c)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }
}

/// Why no layout fits a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// The number at this cell cannot be satisfied (alone, or together with the numbers near it).
    Number { row: usize, col: usize, value: u8 },
    /// The numbers fit, but not with this many mines on the board.
    Mines { mines: u32 },
    /// The position's cells are not `rows` times `cols`.
    Shape,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conflict::Number { row, col, value } => write!(
                f,
                "no layout of the mines fits the {value} at row {row}, column {col}"
            ),
            Conflict::Mines { mines } => write!(
                f,
                "no layout of the mines fits the numbers with {mines} mines on the board"
            ),
            Conflict::Shape => f.write_str("the cells do not fill the board's rows and columns"),
        }
    }
}

impl std::error::Error for Conflict {}

/// The chance of a mine under every hidden cell of `position`.
pub fn odds(position: &Position) -> Result<Odds, Conflict> {
    Ok(weigh::weigh(position)?.odds())
}
