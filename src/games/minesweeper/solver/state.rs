//! The solver's knowledge of one board, kept up to date cell by cell, and the loop that runs the
//! deduction tiers over work lists of changed numbers until nothing more follows.

use super::super::grid::Grid;
use super::enumerate::Enumerator;
use super::frontier::Frontier;
use super::window::{on_board, opposite, step};

/// What the solver knows about one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cell {
    Unknown,
    /// Proven safe but not opened (the player's view cannot open cells).
    Safe,
    Mine,
    /// Opened, with a number the solver has read.
    Revealed,
}

/// Bits of `Solver::queued`: which work lists hold a number.
const IN_SINGLES: u8 = 1;
const IN_PAIRS: u8 = 2;

/// Enumeration steps one frontier component may take before it counts as too hard ("unknown").
const COMPONENT_STEPS: u32 = 100_000;

pub(crate) struct Solver {
    pub(super) grid: Grid,
    pub(super) cells: Vec<Cell>,
    /// For a revealed cell: its neighbours still unknown, a bit per direction (see `window`).
    pub(super) unknown_around: Vec<u8>,
    /// For a revealed cell: how many of its unknown neighbours are mines.
    pub(super) need: Vec<i8>,
    queued: Vec<u8>,
    /// Numbers changed since the single-number rule last looked at them.
    singles: Vec<u32>,
    /// Numbers changed since the pair rule last compared them with their neighbours.
    pairs: Vec<u32>,
    /// Every number revealed with unknown neighbours; the exact tier keeps only those that still
    /// have some, so it never scans the whole board for them.
    pub(super) numbers: Vec<u32>,
    pub(super) mines_left: isize,
    pub(super) unknown: usize,
    pub(super) contradiction: bool,
    /// Set when the exact tier left some cells undecided because of its bounds.
    pub(super) gave_up: bool,
    /// Cells proven safe or mines, in the order found.
    pub(super) settled: Vec<u32>,
    /// A deterministic measure of the effort spent so far (rule applications, cells looked at
    /// and enumeration steps), for callers that must bound their work without a clock.
    pub(super) work: u64,
    pub(super) component_steps: u32,
    pub(super) frontier: Frontier,
    pub(super) enumerator: Enumerator,
}

impl Solver {
    /// Nothing known yet: every cell unknown, `mines` mines somewhere.
    pub(crate) fn new(grid: Grid, mines: usize) -> Self {
        let cells = grid.cells();
        Solver {
            grid,
            cells: vec![Cell::Unknown; cells],
            unknown_around: vec![0; cells],
            need: vec![0; cells],
            queued: vec![0; cells],
            singles: Vec::new(),
            pairs: Vec::new(),
            numbers: Vec::new(),
            mines_left: mines as isize,
            unknown: cells,
            contradiction: false,
            gave_up: false,
            settled: Vec::new(),
            work: 0,
            component_steps: COMPONENT_STEPS,
            frontier: Frontier::default(),
            enumerator: Enumerator::default(),
        }
    }

    /// What a player sees: `number(index)` is the number of each revealed cell, `None` for a
    /// hidden one. Built in one pass instead of a reveal at a time, for large boards.
    pub(crate) fn from_view(
        grid: Grid,
        mines: usize,
        number: impl Fn(usize) -> Option<u8>,
    ) -> Self {
        let mut solver = Solver::new(grid, mines);
        for index in 0..grid.cells() {
            if let Some(value) = number(index) {
                solver.cells[index] = Cell::Revealed;
                solver.need[index] = value.min(9) as i8;
                solver.unknown -= 1;
            }
        }
        for index in 0..grid.cells() {
            if solver.cells[index] == Cell::Revealed {
                solver.unknown_around[index] = solver.unknown_neighbours(index);
                if solver.unknown_around[index] != 0 {
                    solver.numbers.push(index as u32);
                    solver.enqueue(index);
                } else {
                    solver.contradiction |= solver.need[index] != 0;
                }
            }
        }
        solver
    }

    /// Bounds the exact tier: enumeration steps per frontier component (0 turns it off).
    #[cfg(test)]
    pub(crate) fn set_component_steps(&mut self, steps: u32) {
        self.component_steps = steps;
    }

    pub(crate) fn cell(&self, index: usize) -> Cell {
        self.cells[index]
    }

    /// Cells neither proven safe, proven mines, nor revealed.
    pub(crate) fn unknown(&self) -> usize {
        self.unknown
    }

    pub(crate) fn work(&self) -> u64 {
        self.work
    }

    /// The revealed numbers that may still have unknown neighbours (some may have none left).
    pub(crate) fn numbers(&self) -> &[u32] {
        &self.numbers
    }

    /// A revealed cell's unknown neighbours, as direction bits.
    pub(crate) fn unknown_around(&self, index: usize) -> u8 {
        self.unknown_around[index]
    }

    pub(crate) fn contradiction(&self) -> bool {
        self.contradiction
    }

    pub(crate) fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// The cells proven safe or mines, in the order found.
    pub(crate) fn settled(&self) -> &[u32] {
        &self.settled
    }

    /// Opens `index`, which shows `number`; a cell proven a mine cannot be opened.
    pub(crate) fn reveal(&mut self, index: usize, number: u8) {
        match self.cells[index] {
            Cell::Revealed => return,
            Cell::Mine => {
                self.contradiction = true;
                return;
            }
            Cell::Unknown => self.mark(index, Cell::Safe),
            Cell::Safe => {}
        }
        self.work += 1;
        self.cells[index] = Cell::Revealed;
        let mines_around = self
            .neighbours(index)
            .filter(|&neighbour| self.cells[neighbour] == Cell::Mine)
            .count();
        self.need[index] = number.min(9) as i8 - mines_around as i8;
        self.unknown_around[index] = self.unknown_neighbours(index);
        if self.unknown_around[index] != 0 {
            self.numbers.push(index as u32);
        }
        self.enqueue(index);
    }

    /// The generator moved a mine into or out of the unknown cell `index`: the numbers around it
    /// change by one, and whatever the solver derived from them stays true of the new board.
    pub(crate) fn mine_moved(&mut self, index: usize, now_mine: bool) {
        debug_assert_eq!(self.cells[index], Cell::Unknown);
        let change = if now_mine { 1 } else { -1 };
        for neighbour in self.neighbours(index) {
            if self.cells[neighbour] == Cell::Revealed {
                self.need[neighbour] += change;
                self.enqueue(neighbour);
            }
        }
    }

    /// The generator took the mine out of `index`, a cell proven a mine; it is opened at once,
    /// showing `number`. The numbers around it lose a mine and a known mine together, so what
    /// they still need is unchanged.
    pub(crate) fn mine_removed(&mut self, index: usize, number: u8) {
        debug_assert_eq!(self.cells[index], Cell::Mine);
        self.cells[index] = Cell::Safe;
        self.mines_left += 1;
        self.reveal(index, number);
    }

    /// Runs the tiers, cheapest first, until nothing more follows. Each cell proven safe is
    /// offered to `open`, which returns its number when the caller can open it (a generator
    /// knows the board), or `None` when only the player's view is known.
    pub(crate) fn settle(&mut self, open: &mut impl FnMut(usize) -> Option<u8>) {
        while !self.contradiction {
            if let Some(index) = self.singles.pop() {
                self.queued[index as usize] &= !IN_SINGLES;
                self.single(index as usize, open);
            } else if let Some(index) = self.pairs.pop() {
                self.queued[index as usize] &= !IN_PAIRS;
                self.pair(index as usize, open);
            } else if self.unknown == 0 {
                self.contradiction = self.mines_left != 0;
                break;
            } else if !self.mine_count(open) && (self.contradiction || !self.exhaust(open)) {
                break;
            }
        }
    }

    /// Tier 1: a number whose unknown neighbours must all be safe, or all be mines.
    fn single(&mut self, index: usize, open: &mut impl FnMut(usize) -> Option<u8>) {
        let (bits, need) = (self.unknown_around[index], self.need[index]);
        if bits == 0 {
            self.contradiction |= need != 0;
            return;
        }
        self.work += 1;
        let unknown = bits.count_ones() as i8;
        if need < 0 || need > unknown {
            self.contradiction = true;
        } else if need == 0 || need == unknown {
            let mine = need != 0;
            for direction in (0..8).filter(|direction| bits & (1 << direction) != 0) {
                let neighbour = step(self.grid.cols(), index, direction);
                self.conclude(neighbour, mine, open);
            }
        }
    }

    /// Records that `index` is a mine or safe, and opens it through `open` when safe.
    pub(super) fn conclude(
        &mut self,
        index: usize,
        mine: bool,
        open: &mut impl FnMut(usize) -> Option<u8>,
    ) {
        match (self.cells[index], mine) {
            (Cell::Unknown, _) => {}
            (Cell::Mine, true) | (Cell::Safe | Cell::Revealed, false) => return,
            _ => {
                self.contradiction = true;
                return;
            }
        }
        let known = if mine { Cell::Mine } else { Cell::Safe };
        self.mark(index, known);
        self.settled.push(index as u32);
        if !mine && let Some(number) = open(index) {
            self.reveal(index, number);
        }
    }

    /// An unknown cell becomes known: the numbers around it lose it from their unknown
    /// neighbours (and, for a mine, need one mine fewer) and go back on the work lists.
    fn mark(&mut self, index: usize, known: Cell) {
        self.cells[index] = known;
        self.unknown -= 1;
        let mine = known == Cell::Mine;
        if mine {
            self.mines_left -= 1;
        }
        let bits = on_board(self.grid, index);
        for direction in (0..8).filter(|direction| bits & (1 << direction) != 0) {
            let neighbour = step(self.grid.cols(), index, direction);
            if self.cells[neighbour] == Cell::Revealed {
                self.unknown_around[neighbour] &= !(1 << opposite(direction));
                self.need[neighbour] -= i8::from(mine);
                self.enqueue(neighbour);
            }
        }
    }

    fn enqueue(&mut self, index: usize) {
        let queued = &mut self.queued[index];
        if *queued & IN_SINGLES == 0 {
            self.singles.push(index as u32);
        }
        if *queued & IN_PAIRS == 0 {
            self.pairs.push(index as u32);
        }
        *queued = IN_SINGLES | IN_PAIRS;
    }

    fn unknown_neighbours(&self, index: usize) -> u8 {
        let bits = on_board(self.grid, index);
        (0..8)
            .filter(|&direction| {
                bits & (1 << direction) != 0
                    && self.cells[step(self.grid.cols(), index, direction)] == Cell::Unknown
            })
            .fold(0, |unknown, direction| unknown | (1 << direction))
    }

    pub(super) fn neighbours(&self, index: usize) -> impl Iterator<Item = usize> + use<> {
        let (bits, cols) = (on_board(self.grid, index), self.grid.cols());
        (0..8)
            .filter(move |direction| bits & (1 << direction) != 0)
            .map(move |direction| step(cols, index, direction))
    }
}
