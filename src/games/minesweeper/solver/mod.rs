//! A solver that reasons only from what a player can see: the revealed numbers, which cells are
//! still hidden, and the total mine count. It finds every hidden cell that is certainly safe and
//! every one that is certainly a mine, and never calls a cell certain when it is not.
//!
//! Deductions come in tiers, cheapest first, run to a fixed point over work lists of the numbers
//! that changed:
//! 1. a single number whose hidden neighbours must all be safe or all be mines;
//! 2. two overlapping numbers (subset and difference rules: 1-2-1, 1-2-2-1 and the like);
//! 3. the mine count alone (no mines left, or as many as hidden cells);
//! 4. exact enumeration of the frontier (hidden cells next to a number), split into components
//!    that share no number, with the mine count combining them. Each component may take only a
//!    bounded number of search steps; past that its cells stay undecided ("unknown"), which can
//!    lose a deduction but never make a wrong one.
//!
//! Player flags are not read: they may be wrong.

mod enumerate;
mod exact;
mod frontier;
mod mine_count;
mod pairs;
mod state;
mod window;

pub(crate) use state::{Cell, Solver};

use super::field::LayoutError;
use super::grid::{Grid, Pos};

/// Stored for a hidden cell in place of a number.
const HIDDEN: u8 = u8::MAX;

/// What a player can see of a board: its size, its mine count and the numbers revealed so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    grid: Grid,
    mines: usize,
    /// Row by row: the number of each revealed cell, `HIDDEN` for the others.
    numbers: Vec<u8>,
}

impl PlayerView {
    /// A board of any size of at least one cell with `mines` mines, all of it hidden.
    pub fn new(rows: usize, cols: usize, mines: usize) -> Result<Self, LayoutError> {
        if rows == 0 || cols == 0 {
            return Err(LayoutError::Empty);
        }
        let grid = Grid::new(rows, cols);
        Ok(PlayerView {
            grid,
            mines,
            numbers: vec![HIDDEN; grid.cells()],
        })
    }

    pub fn grid(&self) -> Grid {
        self.grid
    }

    pub fn mines(&self) -> usize {
        self.mines
    }

    /// Shows `number` at `pos`; a position off the board is ignored.
    pub fn reveal(&mut self, pos: Pos, number: u8) {
        if let Some(index) = self.grid.index(pos) {
            self.numbers[index] = number.min(HIDDEN - 1);
        }
    }

    /// The number shown at `pos`, `None` when hidden or off the board.
    pub fn number(&self, pos: Pos) -> Option<u8> {
        self.grid.index(pos).and_then(|index| self.number_at(index))
    }

    fn number_at(&self, index: usize) -> Option<u8> {
        Some(self.numbers[index]).filter(|&number| number != HIDDEN)
    }
}

/// The hidden cells the solver proved safe and proved to be mines, each in reading order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deductions {
    pub safe: Vec<Pos>,
    pub mines: Vec<Pos>,
    /// Some frontier component was too large to enumerate within the bound, so cells that a
    /// full enumeration might decide were left undecided.
    pub bounded: bool,
}

/// Everything the solver can prove from `view`; `None` when no placement of the mines fits it.
pub fn solve(view: &PlayerView) -> Option<Deductions> {
    let mut solver = Solver::from_view(view.grid, view.mines, |index| view.number_at(index));
    solver.settle(&mut |_| None);
    solver.deductions()
}

impl Solver {
    /// What the solver has proved so far; `None` after a contradiction.
    pub(crate) fn deductions(&self) -> Option<Deductions> {
        if self.contradiction() {
            return None;
        }
        let mut settled = self.settled().to_vec();
        settled.sort_unstable();
        let mut deductions = Deductions {
            bounded: self.gave_up(),
            ..Deductions::default()
        };
        for index in settled {
            let pos = self.grid.pos(index as usize);
            match self.cell(index as usize) {
                Cell::Mine => deductions.mines.push(pos),
                _ => deductions.safe.push(pos),
            }
        }
        Some(deductions)
    }
}
