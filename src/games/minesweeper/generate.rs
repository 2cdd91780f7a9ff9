//! Placing the mines once the first cell is known.

use std::fmt;
use std::str::FromStr;

use rand::seq::SliceRandom;

use super::field::MineField;
use super::grid::{Grid, Pos};
use super::no_guess::place_no_guess;
use super::size::BoardSize;
use crate::games::rng_from_seed;

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

/// The board for a first reveal at `first`; `None` when `first` is off the board. The same seed,
/// size, mode and first cell always give the same board. `Opening` and `Safe` spread the mines
/// uniformly over the cells the mode leaves free, and first cells close together give much the
/// same board for one seed; `NoGuess` gives `place_no_guess`'s board, which may be an ordinary
/// opening board when generation fell back (`place_no_guess` tells).
pub fn place_mines(size: BoardSize, seed: u64, first: Pos, mode: FirstClick) -> Option<MineField> {
    if mode == FirstClick::NoGuess {
        return place_no_guess(size, seed, first).map(|board| board.field);
    }
    let grid = Grid::new(size.rows(), size.cols());
    let first = grid.index(first)?;
    let mut kept_free = vec![first];
    if mode == FirstClick::Opening {
        kept_free.extend(grid.neighbour_indices(first));
    }
    // Candidates start as 0..cells (at most a million, so u32 halves the memory) with each index at
    // its own place. Removing the kept-free ones from the largest down with swap_remove leaves
    // every smaller kept-free index still at its place.
    let mut candidates: Vec<u32> = (0..grid.cells() as u32).collect();
    kept_free.sort_unstable();
    for &index in kept_free.iter().rev() {
        candidates.swap_remove(index);
    }
    let mut rng = rng_from_seed(seed);
    let (mines, _) = candidates.partial_shuffle(&mut rng, size.mines());
    Some(MineField::from_indices(
        grid,
        mines.iter().map(|&index| index as usize),
    ))
}
