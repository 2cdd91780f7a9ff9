//! Mines spread uniformly over the cells a first reveal leaves free.

use rand::seq::SliceRandom;

use super::field::MineField;
use super::grid::{Grid, Pos};
use super::size::BoardSize;
use crate::games::rng_from_seed;

/// The mines of `size` spread uniformly over every cell but `first` (and, for an `opening`, its
/// neighbours); `None` when `first` is off the board.
pub fn place_uniform(size: BoardSize, seed: u64, first: Pos, opening: bool) -> Option<MineField> {
    let grid = Grid::new(size.rows(), size.cols());
    let first = grid.index(first)?;
    let mut kept_free = vec![first];
    if opening {
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
