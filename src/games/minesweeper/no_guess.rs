//! No-guess boards: after the first reveal (always an opening) the solver alone, reading only
//! what the player sees, can clear the whole board.
//!
//! The generator places mines at random, then plays the board with the solver. Where the solver
//! gets stuck, it repairs the board locally instead of starting again: it picks a revealed number
//! whose hidden neighbours are undecided and empties them (or fills them with mines), moving the
//! mines to or from hidden cells elsewhere, which keeps the mine count and makes that number
//! decide its cells. A move changes numbers the solver has already read, so what it derived
//! before may no longer follow from the new board; the board is therefore solved again from the
//! first reveal, repairing again where needed, until one whole pass needs no repair. That last
//! pass is the verification: the board is handed out only after the solver cleared it untouched.
//!
//! Work is bounded in deterministic units (solver work, counted by the solver, and passes), so the
//! same seed, size and first cell always give the same board; the bounds are sized so that
//! generation ends well within the time limit. A wall-clock limit stays as a last-resort safety
//! stop for a slow or busy machine; only when it fires can the result depend on the machine.
//! Past either limit the generator falls back to an ordinary board with an opening and says so.

use std::time::{Duration, Instant};

use rand::RngExt;
use rand::seq::SliceRandom;

use super::field::MineField;
use super::generate::{FirstClick, place_mines};
use super::grid::{Grid, Pos};
use super::size::BoardSize;
use super::solver::{Cell, Solver};
use crate::games::{GameRng, rng_from_seed};

/// A generated board, and whether it is guaranteed solvable without guessing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoGuessBoard {
    pub field: MineField,
    /// The generator ran out of its budget and returned an ordinary board with an opening, on
    /// which the player may have to guess.
    pub fell_back: bool,
}

/// How much generation may take before it falls back (see the module notes).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// In the solver's work units, plus one per cell for each pass and each repair.
    pub work: u64,
    /// The last-resort stop.
    pub time: Duration,
}

impl Limits {
    /// Work: about WORK_PER_CELL per cell. Time: at least MIN_TIME, more on large boards.
    fn for_cells(cells: usize) -> Self {
        Limits {
            work: WORK_PER_CELL * cells as u64,
            time: MIN_TIME.max(TIME_PER_CELL * cells as u32),
        }
    }
}

const WORK_PER_CELL: u64 = 4_000;
const MIN_TIME: Duration = Duration::from_millis(250);
const TIME_PER_CELL: Duration = Duration::from_nanos(500);

/// A board for a first reveal at `first` that the solver can clear from that reveal (see the
/// module notes), or an ordinary opening board when none was found within the limits; `None`
/// when `first` is off the board.
pub fn place_no_guess(size: BoardSize, seed: u64, first: Pos) -> Option<NoGuessBoard> {
    place_no_guess_within(size, seed, first, Limits::for_cells(size.cells()))
}

pub(crate) fn place_no_guess_within(
    size: BoardSize,
    seed: u64,
    first: Pos,
    limits: Limits,
) -> Option<NoGuessBoard> {
    let grid = Grid::new(size.rows(), size.cols());
    let first_index = grid.index(first)?;
    let mut budget = Budget {
        work_left: limits.work,
        deadline: Instant::now() + limits.time,
    };
    let mut rng = rng_from_seed(seed);
    while budget.left() {
        let mut layout = Layout::random(grid, size.mines(), first_index, &mut rng);
        let mut previous_repairs = usize::MAX;
        // Each pass must need fewer repairs than the one before, as a board that keeps needing
        // them is better replaced than patched forever.
        while let Some(repairs) = solve_repairing(&mut layout, first_index, &mut rng, &mut budget) {
            if repairs == 0 {
                return Some(NoGuessBoard {
                    field: layout.field(),
                    fell_back: false,
                });
            }
            if repairs >= previous_repairs {
                break;
            }
            previous_repairs = repairs;
        }
    }
    Some(NoGuessBoard {
        field: place_mines(size, seed, first, FirstClick::Opening)?,
        fell_back: true,
    })
}

struct Budget {
    work_left: u64,
    deadline: Instant,
}

impl Budget {
    fn left(&self) -> bool {
        self.work_left > 0 && Instant::now() < self.deadline
    }

    fn spend(&mut self, work: u64) {
        self.work_left = self.work_left.saturating_sub(work);
    }
}

/// The mines while they are being moved, and the number of each cell.
struct Layout {
    grid: Grid,
    mine: Vec<bool>,
    count: Vec<u8>,
}

impl Layout {
    /// `mines` mines spread uniformly over the cells outside the opening around `first`.
    fn random(grid: Grid, mines: usize, first: usize, rng: &mut GameRng) -> Self {
        let mut candidates: Vec<usize> = (0..grid.cells())
            .filter(|&index| index != first && !grid.neighbour_indices(first).any(|n| n == index))
            .collect();
        let (chosen, _) = candidates.partial_shuffle(rng, mines);
        let mut layout = Layout {
            grid,
            mine: vec![false; grid.cells()],
            count: vec![0; grid.cells()],
        };
        for &index in chosen.iter() {
            layout.toggle(index);
        }
        layout
    }

    fn toggle(&mut self, index: usize) {
        self.mine[index] = !self.mine[index];
        for neighbour in self.grid.neighbour_indices(index) {
            if self.mine[index] {
                self.count[neighbour] += 1;
            } else {
                self.count[neighbour] -= 1;
            }
        }
    }

    fn field(&self) -> MineField {
        MineField::from_indices(
            self.grid,
            (0..self.grid.cells()).filter(|&index| self.mine[index]),
        )
    }
}

/// Plays `layout` with the solver from the first reveal, repairing it where the solver gets
/// stuck; the number of repairs once the board is cleared, `None` when a repair was impossible
/// or the budget ran out.
fn solve_repairing(
    layout: &mut Layout,
    first: usize,
    rng: &mut GameRng,
    budget: &mut Budget,
) -> Option<usize> {
    let mines = layout.mine.iter().filter(|&&mine| mine).count();
    let mut solver = Solver::new(layout.grid, mines);
    solver.reveal(first, layout.count[first]);
    let mut repairs = 0;
    let mut spent = 0;
    // Setting up a pass and each repair look at every cell once.
    budget.spend(layout.grid.cells() as u64);
    loop {
        solver.settle(&mut |index| Some(layout.count[index]));
        // The solver reads a real board, so a contradiction would be a bug; give up the board
        // rather than go on from a wrong state.
        debug_assert!(!solver.contradiction());
        budget.spend(solver.work() - spent);
        spent = solver.work();
        if solver.unknown() == 0 || solver.contradiction() {
            return (!solver.contradiction()).then_some(repairs);
        }
        budget.spend(layout.grid.cells() as u64);
        if !budget.left() || !repair(&mut solver, layout, rng) {
            return None;
        }
        repairs += 1;
    }
}

/// Changes the board where the solver is stuck so that it can go on; false when it cannot.
/// Usually it picks a revealed number with undecided neighbours and moves mines so that those
/// neighbours are all safe or all mines. When no number has undecided neighbours, the unknown
/// cells are walled in by proven mines, and one of those mines moves into the unknown cells,
/// which opens the wall there.
fn repair(solver: &mut Solver, layout: &mut Layout, rng: &mut GameRng) -> bool {
    let grid = layout.grid;
    let undecided: Vec<usize> = solver
        .numbers()
        .iter()
        .map(|&number| number as usize)
        .filter(|&number| solver.unknown_around(number) != 0)
        .collect();
    if undecided.is_empty() {
        return open_wall(solver, layout, rng);
    }
    let number = undecided[rng.random_range(0..undecided.len())];
    let set: Vec<usize> = grid
        .neighbour_indices(number)
        .filter(|&cell| solver.cell(cell) == Cell::Unknown)
        .collect();
    let (full, empty): (Vec<usize>, Vec<usize>) = set.iter().partition(|&&cell| layout.mine[cell]);
    // Cells elsewhere to take the mines from or put them in: unknown ones no number sees first
    // (a mine moved there changes nothing the solver has read), then unknown ones next to
    // numbers, and as sources of mines, proven mines last.
    let mut unseen = Vec::new();
    let mut seen = Vec::new();
    let mut proven = Vec::new();
    for cell in 0..grid.cells() {
        match solver.cell(cell) {
            Cell::Unknown if !set.contains(&cell) => {
                let next_to_number = grid
                    .neighbour_indices(cell)
                    .any(|near| solver.cell(near) == Cell::Revealed);
                if next_to_number {
                    seen.push(cell);
                } else {
                    unseen.push(cell);
                }
            }
            Cell::Mine => proven.push(cell),
            _ => {}
        }
    }
    unseen.shuffle(rng);
    seen.shuffle(rng);
    proven.shuffle(rng);
    let others = unseen.into_iter().chain(seen);
    let (mine_cells, free_cells): (Vec<usize>, Vec<usize>) =
        others.partition(|&cell| layout.mine[cell]);
    let can_empty = free_cells.len() >= full.len();
    let empty_it = can_empty
        && (full.len() < empty.len() || (full.len() == empty.len() && rng.random_bool(0.5)));
    let (to_toggle, sources) = if empty_it {
        (full, free_cells)
    } else {
        (empty, mine_cells.into_iter().chain(proven).collect())
    };
    if sources.len() < to_toggle.len() {
        return false;
    }
    for &cell in to_toggle.iter().chain(&sources[..to_toggle.len()]) {
        toggle(solver, layout, cell);
    }
    true
}

/// Moves a proven mine next to the unknown cells into one of them, so that the cell it leaves
/// opens as a number next to the unknown cells.
fn open_wall(solver: &mut Solver, layout: &mut Layout, rng: &mut GameRng) -> bool {
    let grid = layout.grid;
    let unknown = |cell: usize| solver.cell(cell) == Cell::Unknown;
    let walls: Vec<usize> = (0..grid.cells())
        .filter(|&cell| {
            solver.cell(cell) == Cell::Mine && grid.neighbour_indices(cell).any(unknown)
        })
        .collect();
    let free: Vec<usize> = (0..grid.cells())
        .filter(|&cell| unknown(cell) && !layout.mine[cell])
        .collect();
    if walls.is_empty() || free.is_empty() {
        return false;
    }
    let target = free[rng.random_range(0..free.len())];
    toggle(solver, layout, target);
    toggle(solver, layout, walls[rng.random_range(0..walls.len())]);
    true
}

/// Puts a mine in `cell` or takes it out, and tells the solver: `cell` is unknown, or a proven
/// mine, which then opens.
fn toggle(solver: &mut Solver, layout: &mut Layout, cell: usize) {
    layout.toggle(cell);
    if solver.cell(cell) == Cell::Mine {
        solver.mine_removed(cell, layout.count[cell]);
    } else {
        solver.mine_moved(cell, layout.mine[cell]);
    }
}
