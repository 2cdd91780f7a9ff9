//! The first-click rules: what the first reveal is guaranteed to find.

use std::fmt;
use std::str::FromStr;

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
