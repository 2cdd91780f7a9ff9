//! The first-click rules: what the first reveal is guaranteed to find.

use std::fmt;
use std::str::FromStr;

use super::grid::Pos;

/// What the first reveal is guaranteed to find.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FirstClick {
    /// The first cell and its neighbours hold no mine, so the first reveal opens an area.
    #[default]
    Opening,
    /// Only the first cell holds no mine.
    Safe,
    /// An opening, on a board that can then be cleared by logic alone (see `place_no_guess`).
    NoGuess,
}

impl FirstClick {
    pub const ALL: [FirstClick; 3] = [FirstClick::Opening, FirstClick::Safe, FirstClick::NoGuess];

    /// Where the computer clicks first when this rule opens an area there: row 4, column 4 (from
    /// 1), or as near as a small board allows, so that the area can spread every way while its
    /// edge is close to the board's, which settles cells; `None` when only the cell itself is
    /// safe, where the odds choose (a corner, the likeliest to open an area).
    pub fn computer_start(self, rows: usize, cols: usize) -> Option<Pos> {
        match self {
            FirstClick::Safe => None,
            FirstClick::Opening | FirstClick::NoGuess => Some(Pos::new(
                3.min(rows.saturating_sub(1)),
                3.min(cols.saturating_sub(1)),
            )),
        }
    }

    /// The name used in settings and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            FirstClick::Opening => "opening",
            FirstClick::Safe => "safe",
            FirstClick::NoGuess => "no-guess",
        }
    }
}

impl fmt::Display for FirstClick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFirstClick(pub String);

impl fmt::Display for UnknownFirstClick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown first click {:?} (expected opening, safe or no-guess)",
            self.0
        )
    }
}

impl std::error::Error for UnknownFirstClick {}

impl FromStr for FirstClick {
    type Err = UnknownFirstClick;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        FirstClick::ALL
            .into_iter()
            .find(|mode| mode.name() == name)
            .ok_or_else(|| UnknownFirstClick(name.to_owned()))
    }
}
