//! No-guess boards: after the first reveal (always an opening) the solver alone, reading only
//! what the player sees, can clear the whole board.
//!
//! The generator places mines at random, then plays the board with the solver. Where the solver
//! gets stuck, it repairs the board locally instead of starting again: it picks a revealed number
//! whose hidden neighbours are undecided and empties them (or fills them with mines), moving the
//! mines to or from cells nearby, which keeps the mine count and makes that number decide its
//! cells; hidden cells walled in by proven mines get one of those mines moved inside, which opens
//! the wall. A move changes numbers the solver has already read, so what it derived before may
//! no longer follow from the new board; the board is therefore solved again from the first
//! reveal, repairing again where needed, until one whole pass needs no repair. That last pass is
//! the verification: the board is handed out only after the solver cleared it untouched.
//!
//! Work is bounded in deterministic units, so that the same seed, size and first cell always give
//! the same board: the solver's own count of rule applications, cells looked at and enumeration
//! steps, plus one unit per cell for each new layout and each pass, and per cell a repair looks
//! at. A unit took 10 to 20 ns on the (busy) development machine. A board may use 2 million units
//! plus 50 per cell: 20 to 40 ms on an Expert board, well within its 250 ms limit. Over 1000
//! seeds, the hardest boards measured (16x16 with 99 mines) used at most a sixth of that, and
//! 1000x1000 boards with a fifth of their cells mined used about 15 million of their 52 million.
//! The wall-clock limit (250 ms, or 1 µs per cell on boards of over 250 000 cells) stays only as a
//! last-resort stop for a slow or busy machine; only when it fires can the result depend on the
//! machine. Past either limit the generator falls back to an ordinary board with an opening and
//! says so.

use std::time::{Duration, Instant};

use rand::RngExt;
use rand::seq::SliceRandom;

use super::field::MineField;
use super::grid::{Grid, Pos};
use super::size::BoardSize;
use super::solver::{Cell, Solver};
use super::uniform::place_uniform;
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
    /// The limits for a board of `cells` cells, as the module notes explain.
    fn for_cells(cells: usize) -> Self {
        Limits {
            work: WORK_BASE + WORK_PER_CELL * cells as u64,
            time: MIN_TIME.max(TIME_PER_CELL * cells as u32),
        }
    }
}

const WORK_BASE: u64 = 2_000_000;
const WORK_PER_CELL: u64 = 50;
const MIN_TIME: Duration = Duration::from_millis(250);
const TIME_PER_CELL: Duration = Duration::from_micros(1);

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
        budget.spend(grid.cells() as u64);
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
        field: place_uniform(size, seed, first, true)?,
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
        if !budget.left() || !repair(&mut solver, layout, rng, budget) {
            return None;
        }
        repairs += 1;
    }
}

/// Changes the board where the solver is stuck so that it can go on; false when it cannot.
/// Usually it picks a revealed number with undecided neighbours and moves mines so that those
/// neighbours are all safe or all mines, whichever takes fewer moves. When no number has
/// undecided neighbours, the unknown cells are walled in by proven mines, and one of those mines
/// moves into the unknown cells, which opens the wall there.
fn repair(
    solver: &mut Solver,
    layout: &mut Layout,
    rng: &mut GameRng,
    budget: &mut Budget,
) -> bool {
    let grid = layout.grid;
    budget.spend(solver.numbers().len() as u64);
    let undecided: Vec<usize> = solver
        .numbers()
        .iter()
        .map(|&number| number as usize)
        .filter(|&number| solver.unknown_around(number) != 0)
        .collect();
    if undecided.is_empty() {
        return open_wall(solver, layout, rng, budget);
    }
    let number = undecided[rng.random_range(0..undecided.len())];
    let set: Vec<usize> = grid
        .neighbour_indices(number)
        .filter(|&cell| solver.cell(cell) == Cell::Unknown)
        .collect();
    let (full, empty): (Vec<usize>, Vec<usize>) = set.iter().partition(|&&cell| layout.mine[cell]);
    // Mines move to and from cells near the number, so the board's density stays even; the
    // square searched grows only when it holds too few.
    for reach in REACHES {
        let candidates = Candidates::around(solver, layout, number, reach, &set, rng, budget);
        let can_empty = candidates.free.len() >= full.len();
        let can_fill = candidates.mines.len() >= empty.len();
        let empty_it = match (can_empty, can_fill) {
            (false, false) => continue,
            (true, false) => true,
            (false, true) => false,
            (true, true) => {
                full.len() < empty.len() || (full.len() == empty.len() && rng.random_bool(0.5))
            }
        };
        let (to_toggle, sources) = if empty_it {
            (&full, candidates.free)
        } else {
            (&empty, candidates.mines)
        };
        for &cell in to_toggle.iter().chain(&sources[..to_toggle.len()]) {
            toggle(solver, layout, cell);
        }
        return true;
    }
    false
}

/// Half-sides of the squares searched for cells to move mines to or from; the last one covers
/// any board.
const REACHES: [usize; 4] = [3, 12, 48, usize::MAX];

/// Cells to take mines from or put them in, in the order they should be used.
struct Candidates {
    /// Unknown cells without a mine: first those no number sees (a mine moved there changes
    /// nothing the solver has read), then those next to numbers; in random order within each.
    free: Vec<usize>,
    /// Unknown cells with a mine, in the same order, then proven mines.
    mines: Vec<usize>,
}

impl Candidates {
    /// The candidates within `reach` rows and columns of `centre`, outside `set`.
    fn around(
        solver: &Solver,
        layout: &Layout,
        centre: usize,
        reach: usize,
        set: &[usize],
        rng: &mut GameRng,
        budget: &mut Budget,
    ) -> Self {
        let grid = layout.grid;
        let (row, col) = (centre / grid.cols(), centre % grid.cols());
        let rows = row.saturating_sub(reach)..=row.saturating_add(reach).min(grid.rows() - 1);
        let cols = col.saturating_sub(reach)..=col.saturating_add(reach).min(grid.cols() - 1);
        budget.spend((rows.clone().count() * cols.clone().count()) as u64);
        // Indexed by [has a mine][seen by a number].
        let mut unknown: [[Vec<usize>; 2]; 2] = Default::default();
        let mut proven = Vec::new();
        for row in rows {
            for cell in cols.clone().map(|col| row * grid.cols() + col) {
                match solver.cell(cell) {
                    Cell::Unknown if !set.contains(&cell) => {
                        let seen = grid
                            .neighbour_indices(cell)
                            .any(|near| solver.cell(near) == Cell::Revealed);
                        unknown[usize::from(layout.mine[cell])][usize::from(seen)].push(cell);
                    }
                    Cell::Mine => proven.push(cell),
                    _ => {}
                }
            }
        }
        for list in unknown.iter_mut().flatten().chain([&mut proven]) {
            list.shuffle(rng);
        }
        let [[free_unseen, free_seen], [mines_unseen, mines_seen]] = unknown;
        Candidates {
            free: free_unseen.into_iter().chain(free_seen).collect(),
            mines: mines_unseen
                .into_iter()
                .chain(mines_seen)
                .chain(proven)
                .collect(),
        }
    }
}

/// Moves a proven mine next to the unknown cells into one of them, so that the cell it leaves
/// opens as a number next to the unknown cells.
fn open_wall(
    solver: &mut Solver,
    layout: &mut Layout,
    rng: &mut GameRng,
    budget: &mut Budget,
) -> bool {
    let grid = layout.grid;
    budget.spend(grid.cells() as u64);
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
