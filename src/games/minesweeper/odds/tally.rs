//! What a part of the frontier is made of and what its layouts are: its numbers as constraints
//! on its groups, and its layouts tallied by how many mines they use (counted or estimated).

/// A number's hidden neighbours hold `need` mines; `groups` are places in its part.
pub(super) struct Constraint {
    pub need: i32,
    pub groups: Vec<u32>,
}

/// A part's layouts by mine count `k` (0 up to the part's cells).
pub(super) struct Tally {
    /// The number of layouts using `k` mines, scaled so that the largest is 1 (`ln_scale` is the
    /// logarithm of the scale).
    pub ways: Vec<f64>,
    pub ln_scale: f64,
    /// The same counts exactly, when the part was counted and they fit.
    pub exact: Option<Vec<u128>>,
    /// `mines[k][group]`: the mines of the group summed over those layouts, scaled likewise.
    pub mines: Vec<Vec<f64>>,
    /// `least[k][group]`, `most[k][group]`: the fewest and most mines the group holds in them.
    pub least: Vec<Vec<u8>>,
    pub most: Vec<Vec<u8>>,
    /// False when the part was estimated.
    pub counted: bool,
}

impl Tally {
    pub fn reached(&self, k: usize) -> bool {
        self.ways[k] > 0.0 || self.least[k].first().is_some_and(|&least| least != u8::MAX)
    }
}
