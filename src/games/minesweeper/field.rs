//! The hidden layout of a board: where the mines are and how many touch each safe cell.

use std::fmt;

use super::grid::{Grid, Pos};

/// Stored in place of a neighbour count for a mine, so a whole board costs one byte per cell.
const MINE: u8 = u8::MAX;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MineField {
    grid: Grid,
    mine_count: usize,
    /// Row by row: `MINE`, or the number of mines among the cell's neighbours.
    cells: Vec<u8>,
}

impl MineField {
    /// A board with mines exactly at `mines` (repeats count once), of any size of at least one
    /// cell: hand-made boards for tests and solvers, which need not respect the playable limits.
    pub fn from_mines(rows: usize, cols: usize, mines: &[Pos]) -> Result<Self, LayoutError> {
        if rows == 0 || cols == 0 {
            return Err(LayoutError::Empty);
        }
        let grid = Grid::new(rows, cols);
        let indices = mines
            .iter()
            .map(|&pos| grid.index(pos).ok_or(LayoutError::OffBoard(pos)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self::from_indices(grid, indices))
    }

    pub(super) fn from_indices(grid: Grid, mines: impl IntoIterator<Item = usize>) -> Self {
        let (cols, cells) = (grid.cols(), grid.cells());
        let mut is_mine = vec![0; cells];
        for index in mines {
            is_mine[index] = 1;
        }
        // A count is the number of mines in the 3x3 block around a cell: add up each row's three
        // first, then three of those sums down each column. Whole slices at a time, so the
        // compiler can use vector instructions instead of scattered increments.
        let mut across = is_mine.clone();
        for (sums, line) in across
            .chunks_exact_mut(cols)
            .zip(is_mine.chunks_exact(cols))
        {
            add(&mut sums[1..], &line[..cols - 1]);
            add(&mut sums[..cols - 1], &line[1..]);
        }
        let mut counts = across.clone();
        add(&mut counts[cols..], &across[..cells - cols]);
        add(&mut counts[..cells - cols], &across[cols..]);
        let mut mine_count = 0;
        for (count, &mine) in counts.iter_mut().zip(&is_mine) {
            if mine == 1 {
                *count = MINE;
                mine_count += 1;
            }
        }
        MineField {
            grid,
            mine_count,
            cells: counts,
        }
    }

    pub fn grid(&self) -> Grid {
        self.grid
    }

    pub fn mine_count(&self) -> usize {
        self.mine_count
    }

    /// False for a position off the board.
    pub fn is_mine(&self, pos: Pos) -> bool {
        self.grid
            .index(pos)
            .is_some_and(|index| self.is_mine_at(index))
    }

    /// The mines, row by row.
    pub fn mines(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.cells.len())
            .filter(|&index| self.is_mine_at(index))
            .map(|index| self.grid.pos(index))
    }

    pub(super) fn is_mine_at(&self, index: usize) -> bool {
        self.cells[index] == MINE
    }

    /// The number of mines around a safe cell.
    pub(super) fn count_at(&self, index: usize) -> u8 {
        debug_assert!(!self.is_mine_at(index));
        self.cells[index]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutError {
    Empty,
    OffBoard(Pos),
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::Empty => f.write_str("a board needs at least one row and one column"),
            LayoutError::OffBoard(pos) => {
                write!(
                    f,
                    "mine at row {}, column {} is off the board",
                    pos.row, pos.col
                )
            }
        }
    }
}

impl std::error::Error for LayoutError {}

/// `sums[i] += values[i]` for every `i`.
fn add(sums: &mut [u8], values: &[u8]) {
    for (sum, value) in sums.iter_mut().zip(values) {
        *sum += value;
    }
}
