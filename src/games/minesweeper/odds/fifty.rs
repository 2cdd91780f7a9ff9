//! Unavoidable 50/50s: cells that hold one of two arrangements of mines that no cell can ever
//! tell apart. Two side-by-side cells holding one mine, when every cell next to one but not the
//! other is a mine or off the board; or a 2x2 square holding two mines on a diagonal, when the
//! four cells diagonally outside its corners are (every other cell beside the square touches
//! one cell of each diagonal, so it shows the same number either way). Such a 50/50 has to be
//! guessed some time, at even odds whatever happens elsewhere.
//!
//! So half the chance that a cell ends in one is risk it carries anyway: guessing it now takes
//! that risk early instead of adding another guess's risk to it. A guess's risk that counts
//! is its chance of a mine less a share of the chance that it is in an unavoidable 50/50
//! (`PAIR_WEIGHT` in `guess`: less than the whole half won more games), and a cell that is a mine
//! only in such a 50/50 is as good as safe to guess at once: its number may spare a guess
//! elsewhere.

use super::super::grid::Grid;
use super::position::{Position, Seen};
use super::weigh::{Weighed, weigh};

/// A 50/50 is looked at only when at most this many of the cells that must be mines around it
/// are yet to be.
const MOST_MISSING: usize = 1;

/// For every cell, the chance that it ends in an unavoidable 50/50 (at most 1).
pub(super) fn fifty_risks(position: &Position, weighed: &Weighed) -> Vec<f64> {
    let grid = Grid::new(position.rows, position.cols);
    let mut risk = vec![0.0; position.cells.len()];
    for cell in (0..position.cells.len()).filter(|&cell| open(weighed, cell)) {
        let (row, col) = (cell / position.cols, cell % position.cols);
        // Each pair once: the cell below and the cell to the right.
        let after = [
            (row + 1 < position.rows).then(|| cell + position.cols),
            (col + 1 < position.cols).then(|| cell + 1),
        ];
        for other in after
            .into_iter()
            .flatten()
            .filter(|&other| open(weighed, other))
        {
            let Some(walls) = missing(position, weighed, flanks(&grid, cell, other)) else {
                continue;
            };
            let chance = pair_chance(position, weighed, [cell, other], &walls);
            risk[cell] += chance;
            risk[other] += chance;
        }
        let square = (row + 1 < position.rows && col + 1 < position.cols)
            .then(|| {
                [
                    cell,
                    cell + 1,
                    cell + position.cols,
                    cell + position.cols + 1,
                ]
            })
            .filter(|square| square.iter().all(|&cell| open(weighed, cell)));
        if let Some(square) = square
            && let Some(walls) = missing(position, weighed, corners(position, row, col))
        {
            let chance = square_chance(position, weighed, square, &walls);
            for cell in square {
                risk[cell] += chance;
            }
        }
    }
    for risk in &mut risk {
        *risk = risk.min(1.0);
    }
    risk
}

/// The layouts of `position` that also have the cells `mines` mines: their share of all, and
/// the chances within them (`None` when there are none).
fn with_mines(position: &Position, weighed: &Weighed, mines: &[usize]) -> Option<(f64, Weighed)> {
    let mut with = position.clone();
    for &cell in mines {
        with.cells[cell] = Seen::Mine;
    }
    let after = weigh(&with).ok()?;
    Some(((after.ln_layouts - weighed.ln_layouts).exp(), after))
}

/// The chance that the cells `walls` are mines and the pair holds one mine.
fn pair_chance(position: &Position, weighed: &Weighed, pair: [usize; 2], walls: &[usize]) -> f64 {
    let Some((walled, within)) = with_mines(position, weighed, walls) else {
        return 0.0;
    };
    let chance = |at: usize| within.mine[at].unwrap_or(0.0);
    let [first, second] = pair;
    let both =
        with_mines(position, weighed, &[walls, &pair].concat()).map_or(0.0, |(share, _)| share);
    // One of the two is a mine, by inclusion and exclusion.
    (walled * (chance(first) + chance(second)) - 2.0 * both).max(0.0)
}

/// The chance that the cells `walls` are mines and the square holds two mines on a diagonal
/// (`square` is top left, top right, bottom left, bottom right).
fn square_chance(
    position: &Position,
    weighed: &Weighed,
    square: [usize; 4],
    walls: &[usize],
) -> f64 {
    // `x` and `y` mines and `u` and `v` not, by inclusion and exclusion.
    let diagonal = |[x, y, u, v]: [usize; 4]| {
        let Some((both, within)) = with_mines(position, weighed, &[walls, &[x, y]].concat()) else {
            return 0.0;
        };
        let chance = |at: usize| within.mine[at].unwrap_or(0.0);
        let all = with_mines(position, weighed, &[walls, &[x, y, u, v]].concat())
            .map_or(0.0, |(share, _)| share);
        both * (1.0 - chance(u) - chance(v)) + all
    };
    let [top_left, top_right, bottom_left, bottom_right] = square;
    (diagonal([top_left, bottom_right, top_right, bottom_left])
        + diagonal([top_right, bottom_left, top_left, bottom_right]))
    .max(0.0)
}

/// A hidden cell that may be safe and may be a mine.
fn open(weighed: &Weighed, cell: usize) -> bool {
    weighed.mine[cell].is_some_and(|chance| 0.0 < chance && chance < 1.0)
}

/// The cells next to exactly one of `first` and `second`.
fn flanks(grid: &Grid, first: usize, second: usize) -> Vec<usize> {
    let around_first: Vec<usize> = grid.neighbour_indices(first).collect();
    let around_second: Vec<usize> = grid.neighbour_indices(second).collect();
    let apart = |around: &[usize], other: usize, other_around: &[usize]| -> Vec<usize> {
        (around.iter().copied())
            .filter(|&cell| cell != other && !other_around.contains(&cell))
            .collect()
    };
    [
        apart(&around_first, second, &around_second),
        apart(&around_second, first, &around_first),
    ]
    .concat()
}

/// The four cells diagonally outside the corners of the square whose top left is at `row`,
/// `col`, those on the board.
fn corners(position: &Position, row: usize, col: usize) -> Vec<usize> {
    let (rows, cols) = (position.rows as isize, position.cols as isize);
    let (row, col) = (row as isize, col as isize);
    [(-1, -1), (-1, 2), (2, -1), (2, 2)]
        .into_iter()
        .map(|(down, right)| (row + down, col + right))
        .filter(|(r, c)| (0..rows).contains(r) && (0..cols).contains(c))
        .map(|(r, c)| (r * cols + c) as usize)
        .collect()
}

/// Those of `walls` not yet known to be mines, when none is open or revealed (such a cell can
/// tell the arrangements apart) and at most `MOST_MISSING` remain.
fn missing(position: &Position, weighed: &Weighed, walls: Vec<usize>) -> Option<Vec<usize>> {
    let mut missing = Vec::new();
    for cell in walls {
        match (position.cells[cell], weighed.mine[cell]) {
            (Seen::Mine, _) | (_, Some(1.0)) => {}
            (Seen::Hidden, _) if missing.len() < MOST_MISSING => missing.push(cell),
            _ => return None,
        }
    }
    Some(missing)
}
