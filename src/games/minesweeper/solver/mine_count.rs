//! Tier 3, the global mine count: when the mines left are none, or as many as the unknown
//! cells; and, for the exact tier, which mine counts of each frontier component can go together
//! with the others and the cells off the frontier to make up exactly the mines left.

use super::state::{Cell, Solver};

impl Solver {
    /// Settles every unknown cell when the mine count alone decides them all.
    pub(super) fn mine_count(&mut self, open: &mut impl FnMut(usize) -> Option<u8>) -> bool {
        let mine = if self.mines_left == 0 {
            false
        } else if self.mines_left == self.unknown as isize {
            true
        } else {
            if self.mines_left < 0 || self.mines_left > self.unknown as isize {
                self.contradiction = true;
            }
            return false;
        };
        self.work += self.cells.len() as u64;
        for index in 0..self.cells.len() {
            if self.cells[index] == Cell::Unknown {
                self.conclude(index, mine, open);
            }
        }
        true
    }
}

/// A set of small whole numbers, a bit each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Counts(Vec<u64>);

impl Counts {
    /// The values in `0..=up_to` that `keep` accepts.
    pub fn from_fn(up_to: usize, keep: impl Fn(usize) -> bool) -> Self {
        let mut counts = Counts(vec![0; (up_to + 1).div_ceil(64)]);
        for value in (0..=up_to).filter(|&value| keep(value)) {
            counts.0[value / 64] |= 1 << (value % 64);
        }
        counts
    }

    pub fn contains(&self, value: usize) -> bool {
        self.0
            .get(value / 64)
            .is_some_and(|word| word & (1 << (value % 64)) != 0)
    }

    fn values(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(index, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    index * 64 + bit
                })
            })
        })
    }

    fn min(&self) -> Option<usize> {
        self.values().next()
    }

    fn max(&self) -> Option<usize> {
        let (index, word) = self
            .0
            .iter()
            .enumerate()
            .rev()
            .find(|(_, word)| **word != 0)?;
        Some(index * 64 + 63 - word.leading_zeros() as usize)
    }

    /// Every sum of one value from each set.
    fn plus(&self, other: &Counts) -> Counts {
        let mut sums = Counts(vec![0; self.0.len() + other.0.len()]);
        for value in self.values() {
            let (words, bits) = (value / 64, value % 64);
            for (index, &word) in other.0.iter().enumerate() {
                sums.0[index + words] |= word << bits;
                if bits > 0 {
                    sums.0[index + words + 1] |= word >> (64 - bits);
                }
            }
        }
        sums
    }

    /// Whether some value lies in `low..=high`.
    fn meets(&self, low: isize, high: isize) -> bool {
        self.values()
            .any(|value| (low..=high).contains(&(value as isize)))
    }

    fn work(&self) -> u64 {
        self.0.len() as u64
    }
}

/// What the mine count allows, given the components' possible counts.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Combined {
    /// Per component, the counts that can be part of a whole board.
    pub feasible: Vec<Counts>,
    /// Whether the cells off the frontier must all be safe, or all be mines.
    pub outside: Option<bool>,
}

/// The components' possible mine counts `counts`, `outside` unknown cells off the frontier and
/// `mines_left` mines: which counts of each component fit; `None` when nothing fits. `budget`
/// bounds the work of combining many components: past it every count is kept, so nothing is
/// wrongly ruled out, and the cells off the frontier stay undecided.
pub(super) fn combine(
    counts: &[Counts],
    outside: usize,
    mines_left: usize,
    budget: u64,
    work: &mut u64,
) -> Option<Combined> {
    let (low, high) = (mines_left as isize - outside as isize, mines_left as isize);
    let total = |pick: fn(&Counts) -> Option<usize>| -> Option<isize> {
        counts
            .iter()
            .map(|counts| pick(counts).map(|value| value as isize))
            .sum()
    };
    let (least, most) = (total(Counts::min)?, total(Counts::max)?);
    if least > high || most < low {
        return None;
    }
    if least >= low && most <= high {
        // The count rules nothing out.
        return Some(Combined {
            feasible: counts.to_vec(),
            outside: outside_verdict(least, most, outside, mines_left),
        });
    }
    match fitting_counts(counts, low, high, budget, work) {
        Ok(combined) => combined,
        Err(TooMuchWork) => Some(Combined {
            feasible: counts.to_vec(),
            outside: None,
        }),
    }
}

struct TooMuchWork;

/// The exact combination: a count of one component fits when some choice of the others' counts
/// brings the frontier's total within `low..=high`.
fn fitting_counts(
    counts: &[Counts],
    low: isize,
    high: isize,
    budget: u64,
    work: &mut u64,
) -> Result<Option<Combined>, TooMuchWork> {
    let mut sum = |first: &Counts, second: &Counts| {
        *work += first.work() * second.work();
        if *work > budget {
            Err(TooMuchWork)
        } else {
            Ok(first.plus(second))
        }
    };
    let nothing = Counts::from_fn(0, |_| true);
    // The sums of the components before each one, and after it.
    let mut before = vec![nothing.clone()];
    for component in counts {
        before.push(sum(before.last().expect("starts with one"), component)?);
    }
    let mut after = vec![nothing];
    for component in counts.iter().rev() {
        after.push(sum(after.last().expect("starts with one"), component)?);
    }
    after.reverse();
    let mut feasible = Vec::with_capacity(counts.len());
    for (index, component) in counts.iter().enumerate() {
        let others = sum(&before[index], &after[index + 1])?;
        let top = component.max().unwrap_or(0);
        feasible.push(Counts::from_fn(top, |mines| {
            component.contains(mines) && others.meets(low - mines as isize, high - mines as isize)
        }));
    }
    let totals: Vec<isize> = before[counts.len()]
        .values()
        .map(|total| total as isize)
        .filter(|total| (low..=high).contains(total))
        .collect();
    let (Some(&least), Some(&most)) = (totals.first(), totals.last()) else {
        return Ok(None);
    };
    let outside = (high - low) as usize;
    Ok(Some(Combined {
        feasible,
        outside: outside_verdict(least, most, outside, high as usize),
    }))
}

/// With frontier totals between `least` and `most`, whether the `outside` cells must all be
/// safe or all be mines.
fn outside_verdict(least: isize, most: isize, outside: usize, mines_left: usize) -> Option<bool> {
    if least != most || outside == 0 {
        return None;
    }
    match mines_left as isize - least {
        0 => Some(false),
        mines if mines == outside as isize => Some(true),
        _ => None,
    }
}
