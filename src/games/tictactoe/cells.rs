//! A set of cells by row-major index, as a fixed 256-bit mask: room for the largest board
//! (15 x 15 = 225 cells) without allocating, so the search copies and compares sets cheaply.

use std::ops::{BitAnd, BitOr};

const WORDS: usize = 4;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct Cells([u64; WORDS]);

impl Cells {
    pub const CAPACITY: usize = WORDS * 64;

    pub fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    pub fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    pub fn contains(self, cell: usize) -> bool {
        self.0[cell / 64] & (1 << (cell % 64)) != 0
    }

    pub fn len(self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// The cells of `self` that are not in `other`.
    pub fn without(self, other: Cells) -> Cells {
        Cells(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The lowest cell in the set.
    pub fn first(self) -> Option<usize> {
        let word = self.0.iter().position(|&word| word != 0)?;
        Some(word * 64 + self.0[word].trailing_zeros() as usize)
    }

    /// The cells in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        let mut rest = self;
        std::iter::from_fn(move || {
            let cell = rest.first()?;
            rest.remove(cell);
            Some(cell)
        })
    }
}

impl FromIterator<usize> for Cells {
    fn from_iter<I: IntoIterator<Item = usize>>(cells: I) -> Cells {
        let mut set = Cells::default();
        cells.into_iter().for_each(|cell| set.insert(cell));
        set
    }
}

impl BitAnd for Cells {
    type Output = Cells;

    fn bitand(self, other: Cells) -> Cells {
        Cells(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
}

impl BitOr for Cells {
    type Output = Cells;

    fn bitor(self, other: Cells) -> Cells {
        Cells(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
}
