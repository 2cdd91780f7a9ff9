//! Tier 4: exact enumeration of each frontier component, combined through the mine count.

use super::enumerate::Tally;
use super::frontier::Frontier;
use super::mine_count::{Counts, combine};
use super::state::{Cell, Solver};

/// Work allowed for combining the components' mine counts, in word operations.
const COMBINE_WORK: u64 = 1 << 22;
/// Enumeration steps all components together may take in one round, so that a board with
/// thousands of hard components stays quick too; the components after that stay undecided.
const ROUND_STEPS: u64 = 4_000_000;

impl Solver {
    /// Settles every frontier cell that has the same value in all solutions whose mine count
    /// fits, and the cells off the frontier when the count decides them.
    pub(super) fn exhaust(&mut self, open: &mut impl FnMut(usize) -> Option<u8>) -> bool {
        let mut frontier = std::mem::take(&mut self.frontier);
        frontier.build(
            self.grid,
            &mut self.numbers,
            &self.unknown_around,
            &self.need,
        );
        self.work += (self.numbers.len() + frontier.cells.len()) as u64;
        let conclusions = self.exact_conclusions(&frontier);
        frontier.clear();
        self.frontier = frontier;
        for &(cell, mine) in &conclusions {
            self.conclude(cell, mine, open);
        }
        !conclusions.is_empty()
    }

    fn exact_conclusions(&mut self, frontier: &Frontier) -> Vec<(usize, bool)> {
        let mut conclusions = Vec::new();
        if frontier.components.is_empty() {
            return conclusions;
        }
        let mut steps = 0;
        let tallies: Vec<Option<Tally>> = frontier
            .components
            .iter()
            .map(|component| {
                let allowed =
                    u64::from(self.component_steps).min(ROUND_STEPS.saturating_sub(steps));
                self.enumerator.run(
                    component.cells.len(),
                    component.cells.start,
                    &frontier.constraints[component.constraints.clone()],
                    allowed as u32,
                    &mut steps,
                )
            })
            .collect();
        self.work += steps;
        let counts: Vec<Counts> = tallies
            .iter()
            .zip(&frontier.components)
            .map(|(tally, component)| match tally {
                Some(tally) => Counts::from_fn(tally.cells_bound(), |mines| tally.reached(mines)),
                None => {
                    self.gave_up = true;
                    Counts::from_fn(component.cells.len(), |_| true)
                }
            })
            .collect();
        let outside = self.unknown - frontier.cells.len();
        let Some(combined) = combine(
            &counts,
            outside,
            self.mines_left as usize,
            COMBINE_WORK,
            &mut self.work,
        ) else {
            self.contradiction = true;
            return conclusions;
        };
        for ((tally, feasible), component) in tallies
            .iter()
            .zip(&combined.feasible)
            .zip(&frontier.components)
        {
            let Some(tally) = tally else { continue };
            let cells = component.cells.len();
            let words = cells.div_ceil(64);
            let (mut can_be_mine, mut can_be_safe) = (vec![0; words], vec![0; words]);
            for mines in (0..=cells).filter(|&mines| feasible.contains(mines)) {
                for word in 0..words {
                    can_be_mine[word] |= tally.mine_somewhere(mines)[word];
                    can_be_safe[word] |= tally.safe_somewhere(mines)[word];
                }
            }
            for cell in 0..cells {
                let bit = 1 << (cell % 64);
                let board_cell = frontier.cells[component.cells.start + cell] as usize;
                let (mine, safe) = (can_be_mine[cell / 64] & bit, can_be_safe[cell / 64] & bit);
                match (mine != 0, safe != 0) {
                    (true, true) => {}
                    (false, true) => conclusions.push((board_cell, false)),
                    (true, false) => conclusions.push((board_cell, true)),
                    (false, false) => self.contradiction = true,
                }
            }
        }
        if let Some(mine) = combined.outside {
            for cell in 0..self.cells.len() {
                if self.cells[cell] == Cell::Unknown && !frontier.contains(cell) {
                    conclusions.push((cell, mine));
                }
            }
        }
        conclusions
    }
}
