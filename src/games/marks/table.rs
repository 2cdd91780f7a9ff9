//! The transposition table of the computers' alpha-beta searches: positions already searched,
//! kept for the whole game so that each move's search starts from what the previous ones learned.

/// What a stored score says about the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

impl Bound {
    /// What the score of a search in the window from `alpha` to `beta` says: a score outside
    /// the window is only a bound, as the search stopped looking past it.
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score <= alpha {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }

    /// Whether a stored `score` of this kind settles a search in the window from `alpha` to
    /// `beta` without searching again.
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub score: i32,
    pub bound: Bound,
    /// How many moves ahead the score looked.
    pub depth: u8,
    /// The best move found, as a board index.
    pub best: Option<usize>,
}

/// A fixed-size table indexed by the position hash; a new entry replaces whatever shares its slot.
/// Each slot is two words: the full hash, to tell positions apart, and the entry packed into one.
pub struct Table {
    words: Vec<u64>,
}

impl Table {
    /// A table of 2^`bits` slots.
    pub fn new(bits: u32) -> Table {
        // An all-zero slot decodes as empty, so the table starts out as zeroed memory.
        Table {
            words: vec![0; 2 << bits],
        }
    }

    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let slot = self.slot(hash);
        let (stored_hash, packed) = (self.words[slot], self.words[slot + 1]);
        if stored_hash != hash {
            return None;
        }
        let bound = match (packed >> 40) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            score: packed as u32 as i32,
            bound,
            depth: (packed >> 32) as u8,
            best: ((packed >> 42) as u16 as usize).checked_sub(1),
        })
    }

    pub fn store(&mut self, hash: u64, entry: Entry) {
        let bound: u64 = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        // Board indices stay below 1000, so the best move plus one fits in 16 bits.
        let best = entry.best.map_or(0, |cell| cell as u64 + 1);
        let packed =
            u64::from(entry.score as u32) | u64::from(entry.depth) << 32 | bound << 40 | best << 42;
        let slot = self.slot(hash);
        self.words[slot] = hash;
        self.words[slot + 1] = packed;
    }

    /// The index of the slot's first word.
    fn slot(&self, hash: u64) -> usize {
        (hash as usize).wrapping_mul(2) & (self.words.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_as_stored_and_another_position_misses() {
        let mut table = Table::new(4);
        let entry = Entry {
            score: -123_456,
            bound: Bound::Upper,
            depth: 200,
            best: Some(224),
        };
        table.store(0xdead_beef, entry);
        assert_eq!(table.probe(0xdead_beef), Some(entry));
        assert_eq!(table.probe(0xdead_beef + 16), None);
        let no_move = Entry {
            best: None,
            ..entry
        };
        table.store(7, no_move);
        assert_eq!(table.probe(7), Some(no_move));
    }

    #[test]
    fn a_score_outside_the_window_is_a_bound_that_settles_only_its_side() {
        assert_eq!(Bound::of(-5, -5, 5), Bound::Upper);
        assert_eq!(Bound::of(5, -5, 5), Bound::Lower);
        assert_eq!(Bound::of(0, -5, 5), Bound::Exact);
        // At most 3 settles a window whose alpha is 3 or more, not one below it.
        assert!(Bound::Upper.settles(3, 3, 9));
        assert!(!Bound::Upper.settles(3, 2, 9));
        assert!(Bound::Lower.settles(9, 0, 9));
        assert!(!Bound::Lower.settles(8, 0, 9));
        assert!(Bound::Exact.settles(100, 0, 9));
    }
}
