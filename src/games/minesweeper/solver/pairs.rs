//! Tier 2: two numbers whose unknown neighbours overlap. Splitting their cells into the shared
//! part and the two parts of one only, the mines in the shared part are bounded by both numbers;
//! a part whose count those bounds pin to zero or to its size is settled. This is the subset
//! rule (one set inside the other) and the difference rule that solves 1-2-1 and 1-2-2-1.

use super::state::{Cell, Solver};
use super::window::{NEAR, cell_of_bit, spread};

/// What comparing two numbers proves, as window bits.
#[derive(Debug, PartialEq, Eq)]
enum Comparison {
    Nothing,
    Settles { safe: u64, mines: u64 },
    Contradiction,
}

/// `first` and `second` are two numbers' unknown cells as window bits, `first_need` and
/// `second_need` the mines among them.
fn compare(first: u64, first_need: i8, second: u64, second_need: i8) -> Comparison {
    let shared = first & second;
    let (only_first, only_second) = (first & !second, second & !first);
    let size = |bits: u64| bits.count_ones() as i8;
    // Bounds on the mines in the shared part.
    let low = 0
        .max(first_need - size(only_first))
        .max(second_need - size(only_second));
    let high = size(shared).min(first_need).min(second_need);
    if low > high {
        return Comparison::Contradiction;
    }
    let (mut safe, mut mines) = (0, 0);
    for (part, need) in [(only_first, first_need), (only_second, second_need)] {
        // The part holds `need - shared mines`, between these two.
        if need - low == 0 {
            safe |= part;
        } else if need - high == size(part) {
            mines |= part;
        }
    }
    if high == 0 {
        safe |= shared;
    } else if low == size(shared) {
        mines |= shared;
    }
    if safe | mines == 0 {
        Comparison::Nothing
    } else {
        Comparison::Settles { safe, mines }
    }
}

impl Solver {
    /// Compares the number at `index` with every number within two rows and columns whose
    /// unknown neighbours overlap its own.
    pub(super) fn pair(&mut self, index: usize, open: &mut impl FnMut(usize) -> Option<u8>) {
        let (rows, cols) = (self.grid.rows() as isize, self.grid.cols() as isize);
        let (row, col) = (index as isize / cols, index as isize % cols);
        for row_step in -NEAR..=NEAR {
            for col_step in -NEAR..=NEAR {
                let (other_row, other_col) = (row + row_step, col + col_step);
                let inside = (0..rows).contains(&other_row) && (0..cols).contains(&other_col);
                if !inside || (row_step, col_step) == (0, 0) {
                    continue;
                }
                let own = self.unknown_around[index];
                if own == 0 || self.contradiction {
                    return;
                }
                let other = (other_row * cols + other_col) as usize;
                if self.cells[other] != Cell::Revealed || self.unknown_around[other] == 0 {
                    continue;
                }
                let first = spread(own, 0, 0);
                let second = spread(self.unknown_around[other], row_step, col_step);
                if first & second == 0 {
                    continue;
                }
                self.work += 1;
                match compare(first, self.need[index], second, self.need[other]) {
                    Comparison::Nothing => {}
                    Comparison::Contradiction => self.contradiction = true,
                    Comparison::Settles { safe, mines } => {
                        for (bits, mine) in [(safe, false), (mines, true)] {
                            let mut bits = bits;
                            while bits != 0 {
                                let cell =
                                    cell_of_bit(self.grid.cols(), index, bits.trailing_zeros());
                                self.conclude(cell, mine, open);
                                bits &= bits - 1;
                            }
                        }
                    }
                }
            }
        }
    }
}
