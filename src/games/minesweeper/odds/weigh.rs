//! The parts combined: the weight of each total of mines on the frontier is the product of the
//! parts' counts times the ways to place the rest of the mines on the cells off it.

use super::super::grid::Pos;
use super::super::solver::{Deductions, PlayerView, solve};
use super::big::Big;
use super::binomial::ln_choose;
use super::parts::{Frontier, Part, split};
use super::position::{Position, Seen};
use super::{Conflict, Odds};

/// Past this many decimal digits the number of layouts is given in scientific notation.
const MAX_DIGITS: f64 = 4000.0;
/// Work allowed for combining the parts exactly, in multiplications; past it each part is
/// weighed with the rest of the board as an unlimited supply at one density (not exact).
const COMBINE_WORK: usize = 20_000_000;

/// A position weighed: every hidden cell's chance, and the logarithm of the number of layouts.
pub(super) struct Weighed {
    pub mine: Vec<Option<f64>>,
    pub ln_layouts: f64,
    pub exact: bool,
    frontier: Frontier,
}

pub(super) fn weigh(position: &Position) -> Result<Weighed, Conflict> {
    let weighed = weigh_as_seen(position)?;
    if weighed.exact {
        return Ok(weighed);
    }
    // An estimate makes certain only what a single number forces, and a proved safe cell left a
    // little likely to be a mine would be guessed: the mines logic proves are known before the
    // position is weighed again, which may also split the part small enough to count.
    let Some(proved) = proved(position) else {
        return Ok(weighed);
    };
    // The cells the position leaves hidden (a cell it already knows is a mine stays as it is).
    let hidden = |cells: &[Pos]| -> Vec<usize> {
        (cells.iter().map(|pos| pos.row * position.cols + pos.col))
            .filter(|&index| position.cells[index] == Seen::Hidden)
            .collect()
    };
    let (mines, safe) = (hidden(&proved.mines), hidden(&proved.safe));
    let mut known = position.clone();
    for &index in &mines {
        known.cells[index] = Seen::Mine;
    }
    let Ok(mut again) = weigh_as_seen(&known) else {
        return Ok(weighed);
    };
    for index in mines {
        again.mine[index] = Some(1.0);
    }
    for index in safe {
        again.mine[index] = Some(0.0);
    }
    Ok(again)
}

/// What logic proves from the numbers of `position`; `None` where nothing fits them.
fn proved(position: &Position) -> Option<Deductions> {
    let mut view = PlayerView::new(position.rows, position.cols, position.mines as usize).ok()?;
    for (index, seen) in position.cells.iter().enumerate() {
        if let Seen::Revealed(number) = *seen {
            view.reveal(position.pos(index), number);
        }
    }
    solve(&view)
}

/// `position` weighed as it is seen.
fn weigh_as_seen(position: &Position) -> Result<Weighed, Conflict> {
    let frontier = split(position)?;
    let outside = frontier.outside.len() as i64;
    let left = frontier.mines_left;
    let hidden = outside
        + frontier
            .parts
            .iter()
            .flat_map(|part| &part.groups)
            .map(|group| group.len() as i64)
            .sum::<i64>();
    if left < 0 || left > hidden {
        return Err(Conflict::Mines {
            mines: position.mines,
        });
    }
    let span: usize = frontier
        .parts
        .iter()
        .map(|part| part.tally.ways.len() - 1)
        .sum();
    let mut mine = vec![None; position.cells.len()];
    let (ln_layouts, exact, outside_chance) = if 3 * (span + 1) * (span + 1) <= COMBINE_WORK {
        let combined = combine(&frontier, span, &mut mine).ok_or(Conflict::Mines {
            mines: position.mines,
        })?;
        (
            combined.0,
            frontier.parts.iter().all(|part| part.tally.counted),
            combined.1,
        )
    } else {
        let (ln_layouts, chance) = tilt(&frontier, &mut mine);
        (ln_layouts, false, chance)
    };
    for &cell in &frontier.outside {
        mine[cell as usize] = Some(outside_chance);
    }
    Ok(Weighed {
        mine,
        ln_layouts,
        exact,
        frontier,
    })
}

/// The exact combination: fills the frontier's chances and returns the logarithm of the number
/// of layouts and the chance of a cell off the frontier; `None` when no total fits.
fn combine(frontier: &Frontier, span: usize, mine: &mut [Option<f64>]) -> Option<(f64, f64)> {
    let parts = &frontier.parts;
    let (outside, left) = (frontier.outside.len() as i64, frontier.mines_left);
    let fits = |total: usize| (0..=outside).contains(&(left - total as i64));
    let (prefixes, prefix_ln) = prefixes(parts);
    let (last, last_support) = &prefixes[parts.len()];
    let ln_rest: Vec<f64> = (0..=span)
        .map(|total| match fits(total) {
            true => ln_choose(outside as u64, (left - total as i64) as u64),
            false => f64::NEG_INFINITY,
        })
        .collect();
    let feasible: Vec<usize> = (0..=span)
        .filter(|&total| last_support[total] && fits(total))
        .collect();
    // The reference total is the heaviest, so that nothing that counts underflows.
    let reference = feasible
        .iter()
        .copied()
        .filter(|&total| last[total] > 0.0)
        .max_by(|&a, &b| (last[a].ln() + ln_rest[a]).total_cmp(&(last[b].ln() + ln_rest[b])))
        .or(feasible.first().copied())?;
    let rest: Vec<f64> = ln_rest
        .iter()
        .map(|&ln| match ln == f64::NEG_INFINITY {
            true => 0.0,
            false => (ln - ln_rest[reference]).min(700.0).exp(),
        })
        .collect();
    let (mut weight, mut rest_mines) = (0.0, 0.0);
    for &total in &feasible {
        weight += last[total] * rest[total];
        rest_mines += last[total] * rest[total] * (left - total as i64) as f64;
    }
    let ln_layouts = weight.ln()
        + prefix_ln
        + ln_rest[reference]
        + parts.iter().map(|part| part.tally.ln_scale).sum::<f64>();

    // `after[c][u]`: the weight of the parts from `c` on and of the cells off the frontier
    // when the parts before `c` hold `u` mines.
    let mut after: Vec<Totals> = vec![(Vec::new(), Vec::new()); parts.len() + 1];
    after[parts.len()] = (rest, (0..=span).map(fits).collect::<Vec<bool>>());
    for (index, part) in parts.iter().enumerate().rev() {
        let (next, next_support) = &after[index + 1];
        let (mut here, mut here_support) = (vec![0.0; span + 1], vec![false; span + 1]);
        for used in 0..=span {
            for (k, &ways) in part.tally.ways.iter().enumerate().take(span + 1 - used) {
                here[used] += ways * next[used + k];
                here_support[used] |= part.tally.reached(k) && next_support[used + k];
            }
        }
        normalise(&mut here);
        after[index] = (here, here_support);
    }
    for (index, part) in parts.iter().enumerate() {
        let (before, before_support) = &prefixes[index];
        let (next, next_support) = &after[index + 1];
        let count = part.tally.ways.len();
        let (mut others, mut possible) = (vec![0.0; count], vec![false; count]);
        for (k, (other, possible)) in others.iter_mut().zip(&mut possible).enumerate() {
            for (used, &ways) in before.iter().enumerate().take((span + 1).saturating_sub(k)) {
                *other += ways * next[used + k];
                *possible |= before_support[used] && next_support[used + k];
            }
            *possible &= part.tally.reached(k);
        }
        fill_part(part, &others, &possible, mine);
    }
    let can_mine = feasible.iter().any(|&total| left - total as i64 > 0);
    let can_be_safe = feasible
        .iter()
        .any(|&total| left - (total as i64) < outside);
    let chance = certain(
        rest_mines / weight / outside.max(1) as f64,
        can_mine,
        can_be_safe,
    );
    Some((ln_layouts, chance))
}

/// The scaled weight and the possibility of each total of mines.
type Totals = (Vec<f64>, Vec<bool>);

/// `prefixes[c]`: the weights (scaled) and the possibility of each total of the parts before
/// `c`; with the logarithm of the last one's scale.
fn prefixes(parts: &[Part]) -> (Vec<Totals>, f64) {
    let mut prefixes = vec![(vec![1.0], vec![true])];
    let mut ln_scale = 0.0;
    for part in parts {
        let (before, before_support) = prefixes.last().expect("starts with one");
        let length = before.len() + part.tally.ways.len() - 1;
        let (mut sums, mut support) = (vec![0.0; length], vec![false; length]);
        for (used, (&ways, &possible)) in before.iter().zip(before_support).enumerate() {
            for (k, &part_ways) in part.tally.ways.iter().enumerate() {
                sums[used + k] += ways * part_ways;
                support[used + k] |= possible && part.tally.reached(k);
            }
        }
        ln_scale += normalise(&mut sums);
        prefixes.push((sums, support));
    }
    (prefixes, ln_scale)
}

/// Scales `values` so that the largest is 1; returns the logarithm of the scale.
fn normalise(values: &mut [f64]) -> f64 {
    let top = values.iter().copied().fold(0.0, f64::max);
    if top == 0.0 || !top.is_finite() {
        return 0.0;
    }
    for value in values.iter_mut() {
        *value /= top;
    }
    top.ln()
}

/// For boards with too wide a frontier to combine exactly: every part weighed as if the mines
/// were spread independently at the one density that makes the expected total come out right.
fn tilt(frontier: &Frontier, mine: &mut [Option<f64>]) -> (f64, f64) {
    let parts = &frontier.parts;
    let (outside, left) = (frontier.outside.len() as f64, frontier.mines_left as f64);
    // Log-odds of a mine: each part's expected mines grows with it.
    let expected = |ln_odds: f64| -> f64 {
        let spread: f64 = parts.iter().map(|part| tilted(part, ln_odds).1).sum();
        spread + outside / (1.0 + (-ln_odds).exp())
    };
    let (mut low, mut high) = (-60.0, 60.0);
    for _ in 0..80 {
        let middle = (low + high) / 2.0;
        if expected(middle) < left {
            low = middle;
        } else {
            high = middle;
        }
    }
    let ln_odds = (low + high) / 2.0;
    let mut ln_layouts = 0.0;
    let mut frontier_mines = 0.0;
    for part in parts {
        let (ln_weight, mean) = tilted(part, ln_odds);
        ln_layouts += part.tally.ln_scale + ln_weight - mean * ln_odds;
        frontier_mines += mean;
        let others: Vec<f64> = (0..part.tally.ways.len())
            .map(|k| (k as f64 * ln_odds).exp())
            .collect();
        let possible: Vec<bool> = (0..part.tally.ways.len())
            .map(|k| part.tally.reached(k))
            .collect();
        fill_part(part, &others, &possible, mine);
    }
    let rest = (left - frontier_mines).round().clamp(0.0, outside);
    ln_layouts += ln_choose(outside as u64, rest as u64);
    let density = 1.0 / (1.0 + (-ln_odds).exp());
    (
        ln_layouts,
        certain(density, left > 0.0, left < outside + frontier_mines),
    )
}

/// A part under log-odds `ln_odds` per mine: the logarithm of its total weight and its
/// expected mines.
fn tilted(part: &Part, ln_odds: f64) -> (f64, f64) {
    let terms: Vec<f64> = part
        .tally
        .ways
        .iter()
        .enumerate()
        .map(|(k, &ways)| {
            if ways > 0.0 {
                ways.ln() + k as f64 * ln_odds
            } else {
                f64::NEG_INFINITY
            }
        })
        .collect();
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (mut sum, mut mean) = (0.0, 0.0);
    for (k, &term) in terms.iter().enumerate() {
        let weight = (term - top).exp();
        sum += weight;
        mean += weight * k as f64;
    }
    (top + sum.ln(), mean / sum)
}

/// Each group's chance, with `others[k]` the weight of the rest of the board when the part
/// holds `k` mines and `possible[k]` whether any layout has that.
fn fill_part(part: &Part, others: &[f64], possible: &[bool], mine: &mut [Option<f64>]) {
    let tally = &part.tally;
    let total: f64 = others
        .iter()
        .zip(&tally.ways)
        .map(|(other, ways)| other * ways)
        .sum();
    for (group, cells) in part.groups.iter().enumerate() {
        let size = cells.len() as u8;
        let mines: f64 = others
            .iter()
            .zip(&tally.mines)
            .map(|(other, mines)| other * mines[group])
            .sum();
        let can = |test: &dyn Fn(usize) -> bool| (0..others.len()).any(|k| possible[k] && test(k));
        let can_mine = can(&|k| tally.most[k][group] > 0);
        let can_be_safe = can(&|k| tally.least[k][group] < size);
        let chance = certain(mines / total / f64::from(size), can_mine, can_be_safe);
        for &cell in cells {
            mine[cell as usize] = Some(chance);
        }
    }
}

/// A chance that is 0 or 1 exactly when certain, and strictly between otherwise (rounding may
/// have pushed it out).
fn certain(chance: f64, can_mine: bool, can_be_safe: bool) -> f64 {
    match (can_mine, can_be_safe) {
        (false, _) => 0.0,
        (true, false) => 1.0,
        _ if chance.is_nan() => 0.5,
        _ => chance.clamp(f64::MIN_POSITIVE, 1.0 - f64::EPSILON),
    }
}

impl Weighed {
    /// The chances with the number of layouts written out.
    pub fn odds(self) -> Odds {
        let layouts = self
            .exact_layouts()
            .unwrap_or_else(|| scientific(self.ln_layouts));
        Odds {
            mine: self.mine,
            layouts,
            exact: self.exact,
        }
    }

    /// The number of layouts exactly, when every part was counted and it is not too long.
    fn exact_layouts(&self) -> Option<String> {
        if !self.exact || self.ln_layouts / std::f64::consts::LN_10 > MAX_DIGITS {
            return None;
        }
        let frontier = &self.frontier;
        let mut totals = vec![Big::from_u128(1)];
        for part in &frontier.parts {
            let counts = part.tally.exact.as_ref()?;
            let mut sums = vec![Big::default(); totals.len() + counts.len() - 1];
            for (used, before) in totals.iter().enumerate() {
                for (k, &count) in counts.iter().enumerate().filter(|(_, count)| **count > 0) {
                    sums[used + k].add(&before.mul(&Big::from_u128(count)));
                }
            }
            totals = sums;
        }
        let (outside, left) = (frontier.outside.len() as u64, frontier.mines_left);
        let mut layouts = Big::default();
        for (total, count) in totals.iter().enumerate() {
            let rest = left - total as i64;
            if !count.is_zero() && (0..=outside as i64).contains(&rest) {
                layouts.add(&count.mul(&Big::choose(outside, rest as u64)));
            }
        }
        Some(layouts.to_decimal())
    }
}

/// `ln_value` as a number in scientific notation: `1.234e5678`.
fn scientific(ln_value: f64) -> String {
    let log10 = ln_value / std::f64::consts::LN_10;
    let exponent = log10.floor();
    format!("{:.3}e{}", 10f64.powf(log10 - exponent), exponent as i64)
}
