//! The shape of a game: the board's size and which rows of stones win.

use std::fmt;

use super::super::marks::Shape;

/// Which runs of five or more win.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// Five or more in a row win.
    #[default]
    Freestyle,
    /// Exactly five win; six or more in a row do not.
    Standard,
}

impl Rule {
    pub const ALL: [Rule; 2] = [Rule::Freestyle, Rule::Standard];

    /// "freestyle" or "standard", as in the settings.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
        }
    }

    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|rule| rule.name() == name)
    }

    /// Whether a run of `length` stones wins.
    pub fn wins(self, length: usize) -> bool {
        match self {
            Rule::Freestyle => length >= 5,
            Rule::Standard => length == 5,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square board's side and the winning rule, always within the limits of [`Rules::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "RulesFields")]
pub struct Rules {
    size: usize,
    rule: Rule,
}

/// The unchecked form read from a file; [`Rules`] accepts it only through [`Rules::new`].
#[derive(serde::Deserialize)]
struct RulesFields {
    size: usize,
    rule: Rule,
}

impl TryFrom<RulesFields> for Rules {
    type Error = RulesError;

    fn try_from(fields: RulesFields) -> Result<Rules, RulesError> {
        Rules::new(fields.size, fields.rule)
    }
}

/// Why [`Rules::new`] refused a board: its side is outside `MIN_SIZE..=MAX_SIZE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesError(pub usize);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a gomoku board is {} to {} cells a side, not {}",
            Rules::MIN_SIZE,
            Rules::MAX_SIZE,
            self.0
        )
    }
}

impl std::error::Error for RulesError {}

impl Rules {
    /// Five in a row must fit.
    pub const MIN_SIZE: usize = 5;
    /// Gomocup plays on 20 x 20, the largest board the engine is built for.
    pub const MAX_SIZE: usize = 20;
    pub const DEFAULT_SIZE: usize = 15;

    pub fn new(size: usize, rule: Rule) -> Result<Rules, RulesError> {
        if (Self::MIN_SIZE..=Self::MAX_SIZE).contains(&size) {
            Ok(Rules { size, rule })
        } else {
            Err(RulesError(size))
        }
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// "15x15 freestyle", for the screen.
    pub fn name(&self) -> String {
        format!("{0}x{0} {1}", self.size, self.rule)
    }

    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    pub fn contains(&self, pos: super::Pos) -> bool {
        pos.row < self.size && pos.col < self.size
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            size: Self::DEFAULT_SIZE,
            rule: Rule::Freestyle,
        }
    }
}

impl Shape for Rules {
    fn rows(&self) -> usize {
        self.size
    }

    fn cols(&self) -> usize {
        self.size
    }

    fn wins(&self, length: usize) -> bool {
        self.rule.wins(length)
    }
}
