//! The transposition table: results of positions already searched, kept for the whole game so
//! that each move's search starts from what the previous ones learned.
//!
//! Scores are stored as they are because they never depend on the path: a won game scores by the
//! number of marks on the board when it ends, which is a property of the position.

/// What a stored score says about the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    pub score: i32,
    pub bound: Bound,
    /// How many moves ahead the score looked; a draft of all the empty cells is a solved score.
    pub draft: u8,
    pub best: Option<usize>,
}

/// A fixed-size table indexed by the position hash; a new entry replaces whatever shares its slot.
/// Each slot is two words: the full hash, to tell positions apart, and the entry packed into one.
pub(super) struct Table {
    words: Vec<u64>,
}

impl Table {
    pub fn new(size_bits: u32) -> Table {
        // An all-zero slot decodes as empty, so the table starts out as zeroed memory.
        Table {
            words: vec![0; 2 << size_bits],
        }
    }

    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let slot = self.slot(hash);
        let (stored_hash, packed) = (self.words[slot], self.words[slot + 1]);
        if stored_hash != hash {
            return None;
        }
        let bound = match (packed >> 32) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            score: packed as u32 as i32,
            bound,
            draft: (packed >> 34) as u8,
            best: ((packed >> 42) as u8).checked_sub(1).map(usize::from),
        })
    }

    pub fn store(&mut self, hash: u64, entry: Entry) {
        let bound: u64 = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        // Cells number at most 225, so the best cell plus one fits in a byte.
        let best = entry.best.map_or(0, |cell| cell as u64 + 1);
        let packed =
            u64::from(entry.score as u32) | bound << 32 | u64::from(entry.draft) << 34 | best << 42;
        let slot = self.slot(hash);
        self.words[slot] = hash;
        self.words[slot + 1] = packed;
    }

    /// The index of the slot's first word.
    fn slot(&self, hash: u64) -> usize {
        (hash as usize).wrapping_mul(2) & (self.words.len() - 1)
    }
}
