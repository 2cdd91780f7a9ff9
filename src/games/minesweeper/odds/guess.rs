//! The guess when no cell is certainly safe. The safest cell is not always the best: a guess
//! that is a little less safe but likely to show a number that settles its neighbours saves a
//! later, riskier guess. So the cells not much less safe than the safest are each looked at a
//! move ahead (`look`), and the one with the best chance of surviving both that guess and the
//! next wins; the chance of making progress breaks ties, and a cell whose number is already
//! known (it would tell nothing) is taken only when every cell is like that. A cell that is a
//! mine only when it ends in an unavoidable 50/50 is taken at once: it risks nothing that would
//! not be risked anyway. Before any area has opened, corners come first (see `next_corner`).

use super::super::grid::Grid;
use super::fifty::fifty_risks;
use super::look::{Outlook, look};
use super::position::{Position, Seen};
use super::weigh::Weighed;

// The figures below were tuned on seeded expert games (README, "The Minesweeper computer"); each
// is the best measured, and the win rate moved by less than its standard error for values
// around them.

/// Frontier cells at least this share of the best safety are looked at: a less safe cell whose
/// number settles its neighbours can still win.
const NEAR_BEST: f64 = 0.7;
/// Cells off the frontier are looked at when they are at least this share of the best safety:
/// they are many and alike, so only the nearly best.
const OFF_NEAR: f64 = 0.95;
/// At most this many cells are looked at, the safest first (the lookahead weighs the position
/// once per number a cell may show).
const MOST_LOOKED_AT: usize = 24;
/// How much the chance of progress adds to a guess's score: a tie-breaker only (0.05 lost modern
/// expert games against this, and more lost more).
const PROGRESS_WEIGHT: f64 = 0.001;
/// The share of an unavoidable 50/50's risk counted as risk carried anyway.
const PAIR_WEIGHT: f64 = 0.35;

/// The guess for a position with no safe cell: its index and outlook; `None` with nothing
/// hidden but mines.
pub(super) fn guess(position: &Position, weighed: &Weighed) -> Option<(usize, Outlook)> {
    if let Some(corner) = next_corner(position, weighed) {
        return look(position, weighed, corner, 0.0).map(|outlook| (corner, outlook));
    }
    let risks = fifty_risks(position, weighed);
    let mut queue = candidates(position, weighed, &risks);
    // A cell whose chance of a mine is no more than half its chance of ending in an unavoidable
    // 50/50 is a mine only there: guessing it now costs nothing (the likeliest 50/50 first).
    let pseudo = queue
        .iter()
        .filter(|&&(cell, risk)| {
            risk > 0.0 && weighed.mine[cell].unwrap_or(1.0) <= 0.5 * risk + 1e-9
        })
        .max_by(|a, b| a.1.total_cmp(&b.1));
    if let Some(&(cell, _)) = pseudo {
        return look(position, weighed, cell, 0.0).map(|outlook| (cell, outlook));
    }
    let mut looked = vec![false; position.cells.len()];
    let mut best: Option<(usize, Outlook, f64, bool)> = None;
    let mut next = 0;
    while let Some(&(cell, risk)) = queue.get(next) {
        next += 1;
        if std::mem::replace(&mut looked[cell], true) {
            continue;
        }
        let safe = 1.0 - weighed.mine[cell].unwrap_or(1.0);
        let most = 1.0 + PROGRESS_WEIGHT + PAIR_WEIGHT * risk / safe;
        // A cell that tells nothing sets no floor for one that may.
        let floor = match best {
            Some((_, _, score, false)) => score / most,
            _ => 0.0,
        };
        let Some(outlook) = look(position, weighed, cell, floor) else {
            continue;
        };
        if let Some(safer) = outlook.dominated_by {
            queue.push((safer, risks[safer]));
            continue;
        }
        let score = outlook.secondary
            * (1.0 + (PROGRESS_WEIGHT * outlook.progress + PAIR_WEIGHT * risk) / outlook.safe);
        let dead = outlook.values <= 1 && risk == 0.0;
        let better = match best {
            None => true,
            Some((_, _, held_score, held_dead)) => match (dead, held_dead) {
                (false, true) => true,
                (true, false) => false,
                _ => score > held_score,
            },
        };
        if better {
            best = Some((cell, outlook, score, dead));
        }
    }
    best.map(|(cell, outlook, _, _)| (cell, outlook))
}

/// While every open cell is a corner showing a number (no area has opened yet), another corner
/// away from the numbers, the nearest first, when it is as safe as any cell: a corner has the
/// fewest neighbours, so it is the likeliest cell to open an area, and each corner is a try of
/// its own. The look-ahead, one move deep, prefers a cell two along the edge from the number;
/// over whole games corners measured better (see the README's win rates).
fn next_corner(position: &Position, weighed: &Weighed) -> Option<usize> {
    let (last_row, last_col) = (position.rows - 1, position.cols - 1);
    let corners = [(0, 0), (0, last_col), (last_row, 0), (last_row, last_col)]
        .map(|(row, col)| (row, col, row * position.cols + col));
    let is_corner = |cell: usize| corners.iter().any(|&(_, _, corner)| corner == cell);
    // Called at every guess: the scan stops at the first open cell that is not such a corner.
    let mut open_cells =
        (0..position.cells.len()).filter(|&cell| position.cells[cell] != Seen::Hidden);
    let corner_number = |cell: usize| {
        is_corner(cell) && matches!(position.cells[cell], Seen::Revealed(value) if value > 0)
    };
    if !open_cells.all(corner_number) {
        return None;
    }
    let open: Vec<(usize, usize)> = (corners.iter())
        .filter(|&&(_, _, cell)| position.cells[cell] != Seen::Hidden)
        .map(|&(row, col, _)| (row, col))
        .collect();
    if open.is_empty() {
        return None;
    }
    let safest = weighed.mine.iter().flatten().copied().fold(1.0, f64::min);
    let distance = |row: usize, col: usize| {
        (open.iter())
            .map(|&(r, c)| row.abs_diff(r).max(col.abs_diff(c)))
            .min()
    };
    (corners.into_iter())
        .filter(|&(_, _, cell)| {
            position.cells[cell] == Seen::Hidden
                && !position.touches_number(cell)
                && weighed.mine[cell].is_some_and(|chance| chance < 1.0 && chance <= safest + 1e-12)
        })
        .min_by_key(|&(row, col, cell)| (distance(row, col), cell))
        .map(|(_, _, cell)| cell)
}

/// The cells worth a look, safest first: frontier cells near the best safety, and, when the
/// cells off the frontier are about as safe, those of them most likely to tell something (few
/// hidden neighbours, or two cells from a number).
fn candidates(position: &Position, weighed: &Weighed, risk: &[f64]) -> Vec<(usize, f64)> {
    let grid = Grid::new(position.rows, position.cols);
    let hidden_around = |cell: usize| {
        grid.neighbour_indices(cell)
            .filter(|&neighbour| position.cells[neighbour] == Seen::Hidden)
            .count()
    };
    let open: Vec<usize> = (0..position.cells.len())
        .filter(|&cell| weighed.mine[cell].is_some_and(|chance| chance < 1.0))
        .collect();
    // The safety that counts: risk a cell carries anyway is no new risk.
    let plain = |cell: usize| 1.0 - weighed.mine[cell].unwrap_or(1.0);
    let safety = |cell: usize| plain(cell) + PAIR_WEIGHT * risk[cell];
    // The bar is set by the plain chances: a cell's 50/50 risk lets it in, but does not raise
    // the bar for the others (measured a little better, seeds 1 to 50,000).
    let best = open.iter().map(|&cell| plain(cell)).fold(0.0, f64::max);
    let mut on: Vec<usize> = Vec::new();
    let mut off: Vec<(usize, usize)> = Vec::new();
    for &cell in &open {
        if position.touches_number(cell) || risk[cell] > 0.0 {
            if safety(cell) >= best * NEAR_BEST {
                on.push(cell);
            }
        } else if safety(cell) >= best * OFF_NEAR {
            off.push((cell, hidden_around(cell)));
        }
    }
    // Off the frontier every cell is as safe as the next: those with the fewest hidden
    // neighbours are the likeliest to open an area, those two cells from a number to settle it.
    let near_number = |cell: usize| {
        let (row, col) = ((cell / grid.cols()) as isize, (cell % grid.cols()) as isize);
        [(2, 0), (-2, 0), (0, 2), (0, -2)].iter().any(|(dr, dc)| {
            let (r, c) = (row + dr, col + dc);
            (0..grid.rows() as isize).contains(&r)
                && (0..grid.cols() as isize).contains(&c)
                && matches!(
                    position.cells[r as usize * grid.cols() + c as usize],
                    Seen::Revealed(_)
                )
        })
    };
    off.sort_by_key(|&(cell, hidden)| (!near_number(cell), hidden, cell));
    on.sort_by(|&a, &b| safety(b).total_cmp(&safety(a)).then(a.cmp(&b)));
    let mut chosen: Vec<usize> = on.into_iter().take(MOST_LOOKED_AT).collect();
    let room = MOST_LOOKED_AT.saturating_sub(chosen.len()).max(4);
    chosen.extend(off.into_iter().take(room).map(|(cell, _)| cell));
    chosen.sort_by(|&a, &b| safety(b).total_cmp(&safety(a)).then(a.cmp(&b)));
    chosen.into_iter().map(|cell| (cell, risk[cell])).collect()
}
