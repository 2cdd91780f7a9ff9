//! Unavoidable 50/50s: two side-by-side cells holding one mine between them that no cell can
//! ever tell apart, since every cell next to one but not the other is a mine or off the board.
//! Such a pair has to be guessed some time, at even odds whatever happens elsewhere.
//!
//! So half the chance that a cell ends in such a pair is risk it carries anyway: guessing it now
//! takes that risk early instead of adding another guess's risk to it. A guess's risk that counts
//! is its chance of a mine less half the chance that it is in an unavoidable 50/50 (which makes
//! a cell certain to end in one as good as safe to guess at once: its number may spare a guess
//! elsewhere).

use super::super::grid::Grid;
use super::position::{Position, Seen};
use super::weigh::{Weighed, weigh};

/// A pair is looked at only when at most this many of its flanking cells are yet to be mines.
const MOST_MISSING: usize = 1;

/// The chance that `cell` ends in an unavoidable 50/50 with a cell beside, above or below it.
pub(super) fn pair_risk(position: &Position, weighed: &Weighed, cell: usize) -> f64 {
    let grid = Grid::new(position.rows, position.cols);
    let (row, col) = (cell / position.cols, cell % position.cols);
    let mut risk = 0.0;
    let beside = [
        (row > 0).then(|| cell - position.cols),
        (row + 1 < position.rows).then(|| cell + position.cols),
        (col > 0).then(|| cell - 1),
        (col + 1 < position.cols).then(|| cell + 1),
    ];
    for other in beside.into_iter().flatten() {
        if !open(weighed, other) {
            continue;
        }
        let Some(missing) = flanks(position, weighed, &grid, cell, other) else {
            continue;
        };
        // Layouts with the flanks all mines, then those with both cells mines too.
        let mut flanked = position.clone();
        for &flank in &missing {
            flanked.cells[flank] = Seen::Mine;
        }
        let Ok(with_flanks) = weigh(&flanked) else {
            continue;
        };
        flanked.cells[cell] = Seen::Mine;
        flanked.cells[other] = Seen::Mine;
        let share = |ln: f64| (ln - weighed.ln_layouts).exp();
        let both = weigh(&flanked).map_or(0.0, |both| share(both.ln_layouts));
        let chance = |at: usize| with_flanks.mine[at].unwrap_or(0.0);
        let one = chance(cell) + chance(other) - 2.0 * both / share(with_flanks.ln_layouts);
        risk += share(with_flanks.ln_layouts) * one.max(0.0);
    }
    risk.min(1.0)
}

/// A hidden cell that may be safe and may be a mine.
fn open(weighed: &Weighed, cell: usize) -> bool {
    weighed.mine[cell].is_some_and(|chance| 0.0 < chance && chance < 1.0)
}

/// The cells next to exactly one of `first` and `second` that are not yet known mines, when none
/// is open (an open cell tells the two apart) and at most `MOST_MISSING` remain.
fn flanks(
    position: &Position,
    weighed: &Weighed,
    grid: &Grid,
    first: usize,
    second: usize,
) -> Option<Vec<usize>> {
    let around_first: Vec<usize> = grid.neighbour_indices(first).collect();
    let around_second: Vec<usize> = grid.neighbour_indices(second).collect();
    let mut missing = Vec::new();
    let apart = around_first
        .iter()
        .filter(|&&cell| cell != second && !around_second.contains(&cell))
        .chain(
            around_second
                .iter()
                .filter(|&&cell| cell != first && !around_first.contains(&cell)),
        );
    for &cell in apart {
        match (position.cells[cell], weighed.mine[cell]) {
            (Seen::Mine, _) | (_, Some(1.0)) => {}
            (Seen::Hidden, _) if missing.len() < MOST_MISSING => missing.push(cell),
            _ => return None,
        }
    }
    Some(missing)
}
