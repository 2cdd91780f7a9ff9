//! Placing the mines once the first cell is known.

use rand::seq::SliceRandom;

use super::field::MineField;
use super::grid::{Grid, Pos};
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
}

/// Spreads `size.mines()` mines uniformly over the cells that `mode` leaves free around `first`,
/// the first revealed cell; `None` when `first` is off the board. The same seed, size, mode and
/// first cell always give the same board; first cells close together give much the same board for
/// one seed.
pub fn place_mines(size: BoardSize, seed: u64, first: Pos, mode: FirstClick) -> Option<MineField> {
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
