//! A part of the frontier with too many layouts to count in time, estimated from its numbers.
//!
//! Each group's chance is fitted to the numbers: in turn, every number's expected mines are
//! brought to what it needs, until the chances settle. The part's mine count is then spread
//! around the mines those chances add up to, as if its undecided cells were independent, so
//! that the parts and the cells off the frontier can still share out the board's mines: a
//! single count, off by a few mines, could leave no total that fits a board that is real.

use super::binomial::ln_choose;
use super::tally::{Constraint, Tally};

/// Rounds of fitting every number in turn.
const FIT_ROUNDS: usize = 60;
/// An undecided group's chance is kept this far from 0 and 1: only the numbers make it certain.
const UNDECIDED: f64 = 1e-6;

pub(super) fn estimate(sizes: &[u8], constraints: &[Constraint]) -> Tally {
    let chance = fitted(sizes, constraints);
    let size = |group: usize| f64::from(sizes[group]);
    let undecided = |group: usize| 0.0 < chance[group] && chance[group] < 1.0;
    let cells: usize = sizes.iter().map(|&size| usize::from(size)).sum();
    let (mut sure, mut free, mut expected) = (0usize, 0usize, 0.0);
    for group in 0..sizes.len() {
        if undecided(group) {
            free += usize::from(sizes[group]);
            expected += size(group) * chance[group];
        } else if chance[group] == 1.0 {
            sure += usize::from(sizes[group]);
        }
    }
    // The free cells' mines as a binomial count with the fitted mean, in log space.
    let share = if free > 0 {
        expected / free as f64
    } else {
        0.0
    };
    // `n` times the logarithm of `x`, 0 when `n` is (`x` may be 0 then).
    let times_ln = |n: usize, x: f64| if n == 0 { 0.0 } else { n as f64 * x.ln() };
    let ln_ways: Vec<f64> = (0..=free)
        .map(|taken| {
            ln_choose(free as u64, taken as u64)
                + times_ln(taken, share)
                + times_ln(free - taken, 1.0 - share)
        })
        .collect();
    let top = ln_ways.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let groups = sizes.len();
    let mut tally = Tally {
        ways: vec![0.0; cells + 1],
        // About the logarithm of the number of layouts, were the cells independent.
        ln_scale: (0..groups)
            .filter(|&group| undecided(group))
            .map(|group| size(group) * entropy(chance[group]))
            .sum(),
        exact: None,
        mines: vec![vec![0.0; groups]; cells + 1],
        least: vec![vec![u8::MAX; groups]; cells + 1],
        most: vec![vec![0; groups]; cells + 1],
        counted: false,
    };
    for (taken, ln) in ln_ways.into_iter().enumerate() {
        let k = sure + taken;
        let ways = (ln - top).exp();
        tally.ways[k] = ways;
        // The free groups' chances scaled to this many mines.
        let scale = if expected > 0.0 {
            taken as f64 / expected
        } else {
            0.0
        };
        for group in 0..groups {
            // A decided group keeps its chance, 0 or 1, whatever the part's count.
            let group_chance = match undecided(group) {
                true => (chance[group] * scale).min(1.0),
                false => chance[group],
            };
            tally.mines[k][group] = ways * size(group) * group_chance;
            tally.least[k][group] = if chance[group] == 1.0 {
                sizes[group]
            } else {
                0
            };
            tally.most[k][group] = if chance[group] == 0.0 {
                0
            } else {
                sizes[group]
            };
        }
    }
    tally
}

/// Each group's chance of a mine fitted to the numbers: 0 or 1 only where a number leaves no
/// choice (it needs none, or all of its cells).
fn fitted(sizes: &[u8], constraints: &[Constraint]) -> Vec<f64> {
    let room = |constraint: &Constraint| -> i32 {
        (constraint.groups.iter())
            .map(|&group| i32::from(sizes[group as usize]))
            .sum()
    };
    let mut chance = vec![0.5; sizes.len()];
    let mut certain = vec![false; sizes.len()];
    for constraint in constraints {
        let forced = match constraint.need {
            0 => Some(0.0),
            need if need == room(constraint) => Some(1.0),
            _ => None,
        };
        if let Some(value) = forced {
            for &group in &constraint.groups {
                chance[group as usize] = value;
                certain[group as usize] = true;
            }
        }
    }
    for _ in 0..FIT_ROUNDS {
        for constraint in constraints {
            let (mut settled, mut open) = (0.0, 0.0);
            for &group in &constraint.groups {
                let mines = f64::from(sizes[group as usize]) * chance[group as usize];
                match certain[group as usize] {
                    true => settled += mines,
                    false => open += mines,
                }
            }
            if open == 0.0 {
                continue;
            }
            let factor = (f64::from(constraint.need) - settled).max(0.0) / open;
            for &group in &constraint.groups {
                if !certain[group as usize] {
                    let fitted = chance[group as usize] * factor;
                    chance[group as usize] = fitted.clamp(UNDECIDED, 1.0 - UNDECIDED);
                }
            }
        }
    }
    chance
}

/// The entropy of a cell with chance `p` of a mine, in nats.
fn entropy(p: f64) -> f64 {
    -(p * p.ln() + (1.0 - p) * (1.0 - p).ln())
}
