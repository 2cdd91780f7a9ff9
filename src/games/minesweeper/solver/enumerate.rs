//! Tier 4, first half: every assignment of mines to one frontier component that satisfies all
//! of its numbers, tallied by how many mines it uses.
//!
//! A depth-first search over the component's cells, in breadth-first order from its first cell
//! so that each number's cells come close together and a number that can no longer be met stops
//! the search early. The search keeps its own stack (a component can have thousands of cells)
//! and stops after a fixed number of steps, leaving the component undecided.

use super::frontier::Constraint;

const NONE: u32 = u32::MAX;

/// What the solutions of one component allow, for each number of mines they use.
pub(super) struct Tally {
    words: usize,
    /// Per mine count `0..=cells`: where its two bitsets start in `bits`, or `NONE` when no
    /// solution uses that many mines.
    slot: Vec<u32>,
    /// For each mine count reached: the cells that are a mine in some solution, then the cells
    /// that are safe in some solution, a bit per cell.
    bits: Vec<u64>,
}

impl Tally {
    fn new(cells: usize) -> Self {
        Tally {
            words: cells.div_ceil(64),
            slot: vec![NONE; cells + 1],
            bits: Vec::new(),
        }
    }

    /// Whether some solution uses exactly `mines` mines.
    pub fn reached(&self, mines: usize) -> bool {
        self.slot[mines] != NONE
    }

    /// The largest possible mine count (the component's size).
    pub fn cells_bound(&self) -> usize {
        self.slot.len() - 1
    }

    /// The cells that are a mine in some solution with `mines` mines.
    pub fn mine_somewhere(&self, mines: usize) -> &[u64] {
        let start = self.slot[mines] as usize;
        &self.bits[start..start + self.words]
    }

    /// The cells that are safe in some solution with `mines` mines.
    pub fn safe_somewhere(&self, mines: usize) -> &[u64] {
        let start = self.slot[mines] as usize + self.words;
        &self.bits[start..start + self.words]
    }

    fn record(&mut self, mines: usize, assignment: &[u64], cells: usize) {
        if self.slot[mines] == NONE {
            self.slot[mines] = self.bits.len() as u32;
            self.bits.resize(self.bits.len() + 2 * self.words, 0);
        }
        let start = self.slot[mines] as usize;
        let (mine, safe) = self.bits[start..start + 2 * self.words].split_at_mut(self.words);
        for (word, (&assigned, (mine, safe))) in
            assignment.iter().zip(mine.iter_mut().zip(safe)).enumerate()
        {
            *mine |= assigned;
            *safe |= !assigned & word_mask(cells, word);
        }
    }
}

/// The bits of word `word` that stand for one of `cells` cells.
fn word_mask(cells: usize, word: usize) -> u64 {
    let used = cells - word * 64;
    if used >= 64 {
        u64::MAX
    } else {
        (1 << used) - 1
    }
}

/// Buffers reused from one component to the next.
#[derive(Default)]
pub(super) struct Enumerator {
    /// Per cell, the constraints it is in: `by_cell[by_cell_start[cell]..by_cell_start[cell + 1]]`.
    by_cell_start: Vec<u32>,
    by_cell: Vec<u32>,
    /// Cells in search order.
    order: Vec<u32>,
    /// Per constraint: mines placed so far, cells not yet decided.
    mines: Vec<i8>,
    open: Vec<i8>,
    assignment: Vec<u64>,
    /// Per depth of the search: how many values its cell has been given so far (0, 1 or 2).
    tried: Vec<u8>,
}

impl Enumerator {
    /// Every solution of a component of `cells` cells under `constraints`, whose cell numbers
    /// start at `first`; `None` when that takes more than `step_limit` steps. Steps taken are
    /// added to `steps`.
    pub fn run(
        &mut self,
        cells: usize,
        first: usize,
        constraints: &[Constraint],
        step_limit: u32,
        steps: &mut u64,
    ) -> Option<Tally> {
        self.index(cells, first, constraints);
        self.search_order(cells, first, constraints);
        self.mines.clear();
        self.mines.resize(constraints.len(), 0);
        self.open.clear();
        self.open
            .extend(constraints.iter().map(|constraint| constraint.len as i8));
        self.assignment.clear();
        self.assignment.resize(cells.div_ceil(64), 0);
        self.tried.clear();
        self.tried.resize(cells, 0);

        let mut tally = Tally::new(cells);
        let (mut depth, mut mines, mut taken) = (0, 0, 0);
        loop {
            if depth == cells {
                tally.record(mines, &self.assignment, cells);
                depth -= 1;
                mines -= self.undo(depth);
                continue;
            }
            let value = self.tried[depth];
            if value == 2 {
                self.tried[depth] = 0;
                if depth == 0 {
                    break;
                }
                depth -= 1;
                mines -= self.undo(depth);
                continue;
            }
            self.tried[depth] += 1;
            taken += 1;
            if taken > step_limit {
                *steps += u64::from(taken);
                return None;
            }
            if self.assign(self.order[depth] as usize, value == 1, constraints) {
                mines += usize::from(value);
                depth += 1;
            }
        }
        *steps += u64::from(taken);
        Some(tally)
    }

    fn index(&mut self, cells: usize, first: usize, constraints: &[Constraint]) {
        self.by_cell_start.clear();
        self.by_cell_start.resize(cells + 1, 0);
        for constraint in constraints {
            for &cell in constraint.cells() {
                self.by_cell_start[cell as usize - first + 1] += 1;
            }
        }
        for cell in 0..cells {
            self.by_cell_start[cell + 1] += self.by_cell_start[cell];
        }
        self.by_cell.clear();
        self.by_cell.resize(self.by_cell_start[cells] as usize, 0);
        let mut next = self.by_cell_start.clone();
        for (number, constraint) in constraints.iter().enumerate() {
            for &cell in constraint.cells() {
                let slot = &mut next[cell as usize - first];
                self.by_cell[*slot as usize] = number as u32;
                *slot += 1;
            }
        }
    }

    fn constraints_of(&self, cell: usize) -> std::ops::Range<usize> {
        self.by_cell_start[cell] as usize..self.by_cell_start[cell + 1] as usize
    }

    /// Breadth-first from cell 0 through shared constraints (a component is connected).
    fn search_order(&mut self, cells: usize, first: usize, constraints: &[Constraint]) {
        self.order.clear();
        let mut seen = vec![false; cells];
        seen[0] = true;
        self.order.push(0);
        let mut next = 0;
        while next < self.order.len() {
            let cell = self.order[next] as usize;
            next += 1;
            for place in self.constraints_of(cell) {
                for &other in constraints[self.by_cell[place] as usize].cells() {
                    let other = other as usize - first;
                    if !seen[other] {
                        seen[other] = true;
                        self.order.push(other as u32);
                    }
                }
            }
        }
        debug_assert_eq!(self.order.len(), cells);
    }

    /// Gives `cell` its value if every constraint on it can still be met, else changes nothing.
    fn assign(&mut self, cell: usize, mine: bool, constraints: &[Constraint]) -> bool {
        let places = self.constraints_of(cell);
        for (done, place) in places.clone().enumerate() {
            let number = self.by_cell[place] as usize;
            self.open[number] -= 1;
            self.mines[number] += i8::from(mine);
            let (mines, open, need) = (
                self.mines[number],
                self.open[number],
                constraints[number].need,
            );
            if mines > need || mines + open < need {
                for place in places.start..=places.start + done {
                    let number = self.by_cell[place] as usize;
                    self.open[number] += 1;
                    self.mines[number] -= i8::from(mine);
                }
                return false;
            }
        }
        if mine {
            self.assignment[cell / 64] |= 1 << (cell % 64);
        }
        true
    }

    /// Takes back the value of the cell at `depth`; returns 1 if it was a mine.
    fn undo(&mut self, depth: usize) -> usize {
        let cell = self.order[depth] as usize;
        let mine = self.tried[depth] == 2;
        for place in self.constraints_of(cell) {
            let number = self.by_cell[place] as usize;
            self.open[number] += 1;
            self.mines[number] -= i8::from(mine);
        }
        self.assignment[cell / 64] &= !(1 << (cell % 64));
        usize::from(mine)
    }
}
