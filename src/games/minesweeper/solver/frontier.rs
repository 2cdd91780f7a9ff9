//! The frontier for the exact tier: the unknown cells next to a revealed number, the numbers as
//! constraints over them, and the split into components that share no constraint, so that each
//! can be enumerated on its own.

use std::ops::Range;

use super::super::grid::Grid;
use super::window::step;

const NONE: u32 = u32::MAX;

/// A number's unknown neighbours (as places in `Frontier::cells`) hold `need` mines.
#[derive(Clone, Copy, Debug)]
pub(super) struct Constraint {
    pub need: i8,
    pub len: u8,
    pub cells: [u32; 8],
}

impl Constraint {
    pub fn cells(&self) -> &[u32] {
        &self.cells[..usize::from(self.len)]
    }
}

/// The places in `Frontier::cells` and `Frontier::constraints` of one component.
#[derive(Clone, Debug)]
pub(super) struct Component {
    pub cells: Range<usize>,
    pub constraints: Range<usize>,
}

/// Rebuilt each time the exact tier runs; the buffers are kept to avoid reallocating.
#[derive(Default)]
pub(super) struct Frontier {
    /// Per board cell while the frontier is in use: its place in `cells`, or `NONE`.
    place: Vec<u32>,
    /// Board indices, grouped by component.
    pub cells: Vec<u32>,
    /// Grouped by component in the same order as `cells`.
    pub constraints: Vec<Constraint>,
    pub components: Vec<Component>,
    /// Union-find over places.
    parent: Vec<u32>,
}

impl Frontier {
    /// Gathers the numbers among `numbers` that still have unknown neighbours (dropping the
    /// others from `numbers` for next time) and splits their cells into components.
    pub fn build(
        &mut self,
        grid: Grid,
        numbers: &mut Vec<u32>,
        unknown_around: &[u8],
        need: &[i8],
    ) {
        if self.place.len() != grid.cells() {
            self.place = vec![NONE; grid.cells()];
        }
        self.cells.clear();
        self.constraints.clear();
        self.components.clear();
        self.parent.clear();
        numbers.retain(|&number| unknown_around[number as usize] != 0);
        for &number in numbers.iter() {
            let number = number as usize;
            let bits = unknown_around[number];
            let mut constraint = Constraint {
                need: need[number],
                len: 0,
                cells: [0; 8],
            };
            for direction in (0..8).filter(|direction| bits & (1 << direction) != 0) {
                let cell = step(grid.cols(), number, direction);
                if self.place[cell] == NONE {
                    self.place[cell] = self.cells.len() as u32;
                    self.parent.push(self.cells.len() as u32);
                    self.cells.push(cell as u32);
                }
                constraint.cells[usize::from(constraint.len)] = self.place[cell];
                constraint.len += 1;
            }
            for &cell in &constraint.cells()[1..] {
                self.union(constraint.cells[0], cell);
            }
            self.constraints.push(constraint);
        }
        self.group();
    }

    /// Whether `cell` (a board index) is on the frontier; valid until the next `build`.
    pub fn contains(&self, cell: usize) -> bool {
        self.place[cell] != NONE
    }

    /// Forgets the frontier's cells so that `place` is all `NONE` again, ready for next time.
    pub fn clear(&mut self) {
        for &cell in &self.cells {
            self.place[cell as usize] = NONE;
        }
        self.cells.clear();
    }

    fn find(&mut self, mut place: u32) -> u32 {
        while self.parent[place as usize] != place {
            let grandparent = self.parent[self.parent[place as usize] as usize];
            self.parent[place as usize] = grandparent;
            place = grandparent;
        }
        place
    }

    fn union(&mut self, first: u32, second: u32) {
        let (first, second) = (self.find(first), self.find(second));
        if first != second {
            self.parent[first.max(second) as usize] = first.min(second);
        }
    }

    /// Reorders `cells` and `constraints` so that each component's are contiguous, components
    /// in the order of their first cell, and fills `components`.
    fn group(&mut self) {
        let count = self.cells.len();
        let mut component_of = Vec::with_capacity(count);
        let mut sizes = Vec::new();
        for place in 0..count as u32 {
            let root = self.find(place);
            // A root is the smallest place of its component, so it is met first.
            let component = if root == place {
                sizes.push(0);
                sizes.len() - 1
            } else {
                component_of[root as usize]
            };
            component_of.push(component);
            sizes[component] += 1;
        }
        let mut next = offsets(&sizes);
        let mut new_place = vec![0; count];
        let mut cells = vec![0; count];
        for (place, &component) in component_of.iter().enumerate() {
            new_place[place] = next[component] as u32;
            cells[next[component]] = self.cells[place];
            self.place[self.cells[place] as usize] = next[component] as u32;
            next[component] += 1;
        }
        self.cells = cells;

        let component_of_constraint =
            |constraint: &Constraint| component_of[constraint.cells[0] as usize];
        let mut constraint_sizes = vec![0; sizes.len()];
        for constraint in &self.constraints {
            constraint_sizes[component_of_constraint(constraint)] += 1;
        }
        let mut next = offsets(&constraint_sizes);
        let mut constraints = self.constraints.clone();
        for constraint in &self.constraints {
            let component = component_of_constraint(constraint);
            let mut moved = *constraint;
            for cell in &mut moved.cells[..usize::from(moved.len)] {
                *cell = new_place[*cell as usize];
            }
            constraints[next[component]] = moved;
            next[component] += 1;
        }
        self.constraints = constraints;

        let (mut cell_start, mut constraint_start) = (0, 0);
        for (&size, &constraint_size) in sizes.iter().zip(&constraint_sizes) {
            self.components.push(Component {
                cells: cell_start..cell_start + size,
                constraints: constraint_start..constraint_start + constraint_size,
            });
            cell_start += size;
            constraint_start += constraint_size;
        }
    }
}

/// The start of each group in a list grouped by sizes `sizes`.
fn offsets(sizes: &[usize]) -> Vec<usize> {
    let mut start = 0;
    sizes
        .iter()
        .map(|&size| {
            let here = start;
            start += size;
            here
        })
        .collect()
}
