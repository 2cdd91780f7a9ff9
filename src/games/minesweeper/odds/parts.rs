//! The frontier in parts: the numbers as constraints on their hidden neighbours, the hidden cells
//! touched by exactly the same numbers taken together as one group, and the groups split into
//! parts that share no number; then, for each part, its layouts counted by how many mines they
//! use.

use super::super::grid::Grid;
use super::Conflict;
use super::estimate::estimate;
use super::position::{Position, Seen};
use super::tally::{Constraint, Tally};

/// Search steps one part may take before it is estimated instead of counted.
const PART_STEPS: u64 = 400_000;

/// `CHOOSE[n][k]` for the at most eight cells of a group.
const CHOOSE: [[u32; 9]; 9] = choose_table();

/// A part of the frontier and what its layouts are.
pub(super) struct Part {
    /// Per group: its board cells.
    pub groups: Vec<Vec<u32>>,
    pub tally: Tally,
}

/// The frontier's parts, and the hidden cells off it.
pub(super) struct Frontier {
    pub parts: Vec<Part>,
    /// Hidden cells next to no number.
    pub outside: Vec<u32>,
    /// Mines not yet known.
    pub mines_left: i64,
}

pub(super) fn split(position: &Position) -> Result<Frontier, Conflict> {
    let grid = Grid::new(position.rows.max(1), position.cols.max(1));
    let cells = &position.cells;
    if position.rows == 0 || position.cols == 0 || cells.len() != position.rows * position.cols {
        return Err(Conflict::Shape);
    }
    let known = cells.iter().filter(|&&seen| seen == Seen::Mine).count() as i64;
    let mines_left = i64::from(position.mines) - known;
    // Each number with hidden neighbours, and every (hidden cell, number) pair next to each other.
    let mut needs = Vec::new();
    let mut numbers = Vec::new();
    let mut touching: Vec<(u32, u32)> = Vec::new();
    for (index, &seen) in cells.iter().enumerate() {
        let Seen::Revealed(value) = seen else {
            continue;
        };
        let (mut hidden, mut mines) = (0, 0);
        for neighbour in grid.neighbour_indices(index) {
            match cells[neighbour] {
                Seen::Hidden => hidden += 1,
                Seen::Mine => mines += 1,
                Seen::Revealed(_) => {}
            }
        }
        let need = i32::from(value) - mines;
        if need < 0 || need > hidden {
            let pos = position.pos(index);
            return Err(Conflict::Number {
                row: pos.row,
                col: pos.col,
                value,
            });
        }
        if hidden == 0 {
            continue;
        }
        let id = needs.len() as u32;
        for neighbour in grid.neighbour_indices(index) {
            if cells[neighbour] == Seen::Hidden {
                touching.push((neighbour as u32, id));
            }
        }
        needs.push(need);
        numbers.push(index);
    }
    // Sorted by cell, each frontier cell's numbers are a run, in board order.
    touching.sort_unstable();
    let mut runs: Vec<(u32, std::ops::Range<usize>)> = Vec::new();
    for (at, &(cell, _)) in touching.iter().enumerate() {
        match runs.last_mut() {
            Some((last, run)) if *last == cell => run.end = at + 1,
            _ => runs.push((cell, at..at + 1)),
        }
    }
    let mut frontier_cells = runs.iter().map(|(cell, _)| *cell).peekable();
    let mut outside = Vec::new();
    for index in 0..cells.len() as u32 {
        if frontier_cells.next_if_eq(&index).is_none() && cells[index as usize] == Seen::Hidden {
            outside.push(index);
        }
    }

    // Groups: cells with the same numbers, found next to each other once sorted by numbers.
    let numbers_of = |run: &std::ops::Range<usize>| touching[run.clone()].iter().map(|pair| pair.1);
    runs.sort_by(|(a, run_a), (b, run_b)| numbers_of(run_a).cmp(numbers_of(run_b)).then(a.cmp(b)));
    let mut groups: Vec<(std::ops::Range<usize>, Vec<u32>)> = Vec::new();
    for (cell, run) in &runs {
        match groups.last_mut() {
            Some((first, group)) if numbers_of(first).eq(numbers_of(run)) => group.push(*cell),
            _ => groups.push((run.clone(), vec![*cell])),
        }
    }

    // Parts: numbers joined through the groups they share.
    let mut parent: Vec<u32> = (0..needs.len() as u32).collect();
    for (run, _) in &groups {
        let first = touching[run.start].1;
        for other in numbers_of(run).skip(1) {
            union(&mut parent, first, other);
        }
    }
    let mut part_of_root = vec![u32::MAX; needs.len()];
    let mut place = vec![0u32; needs.len()];
    let mut members: Vec<(Vec<usize>, Vec<u32>)> = Vec::new();
    for number in 0..needs.len() as u32 {
        let root = find(&mut parent, number) as usize;
        if part_of_root[root] == u32::MAX {
            part_of_root[root] = members.len() as u32;
            members.push((Vec::new(), Vec::new()));
        }
        let part = &mut members[part_of_root[root] as usize];
        place[number as usize] = part.1.len() as u32;
        part.1.push(number);
    }
    for (group, (run, _)) in groups.iter().enumerate() {
        let root = find(&mut parent, touching[run.start].1) as usize;
        members[part_of_root[root] as usize].0.push(group);
    }

    let mut parts = Vec::with_capacity(members.len());
    for (part_groups, part_numbers) in members {
        let mut constraints: Vec<Constraint> = part_numbers
            .iter()
            .map(|&number| Constraint {
                need: needs[number as usize],
                groups: Vec::new(),
            })
            .collect();
        let mut around = Vec::with_capacity(part_groups.len());
        let mut cells_of = Vec::with_capacity(part_groups.len());
        for (local, &group) in part_groups.iter().enumerate() {
            let (run, group_cells) = &mut groups[group];
            let local_numbers: Vec<u32> = numbers_of(run)
                .map(|number| place[number as usize])
                .collect();
            for &number in &local_numbers {
                constraints[number as usize].groups.push(local as u32);
            }
            around.push(local_numbers);
            cells_of.push(std::mem::take(group_cells));
        }
        let sizes: Vec<u8> = cells_of.iter().map(|cells| cells.len() as u8).collect();
        let tally =
            count(&sizes, &around, &constraints).unwrap_or_else(|| estimate(&sizes, &constraints));
        if !(0..tally.ways.len()).any(|k| tally.reached(k)) {
            let index = numbers[part_numbers[0] as usize];
            let pos = position.pos(index);
            let Seen::Revealed(value) = cells[index] else {
                unreachable!("numbers are revealed")
            };
            return Err(Conflict::Number {
                row: pos.row,
                col: pos.col,
                value,
            });
        }
        parts.push(Part {
            groups: cells_of,
            tally,
        });
    }
    Ok(Frontier {
        parts,
        outside,
        mines_left,
    })
}

fn find(parent: &mut [u32], mut item: u32) -> u32 {
    while parent[item as usize] != item {
        parent[item as usize] = parent[parent[item as usize] as usize];
        item = parent[item as usize];
    }
    item
}

fn union(parent: &mut [u32], first: u32, second: u32) {
    let (first, second) = (find(parent, first), find(parent, second));
    if first != second {
        parent[first.max(second) as usize] = first.min(second);
    }
}

/// The depth-first count of one part's layouts: each group in turn takes every number of mines
/// its numbers still allow.
struct Search<'a> {
    sizes: &'a [u8],
    around: &'a [Vec<u32>],
    order: Vec<usize>,
    /// Per number: mines still needed, and cells not yet decided.
    left: Vec<i32>,
    room: Vec<i32>,
    chosen: Vec<u8>,
    steps: u64,
    raw_ways: Vec<f64>,
    raw_exact: Vec<u128>,
    overflow: bool,
    raw_mines: Vec<Vec<f64>>,
    least: Vec<Vec<u8>>,
    most: Vec<Vec<u8>>,
}

impl Search<'_> {
    /// False when the steps ran out.
    fn go(&mut self, depth: usize, mines: usize, ways: f64, exact: u128) -> bool {
        self.steps += 1;
        if self.steps > PART_STEPS {
            return false;
        }
        if depth == self.order.len() {
            self.record(mines, ways, exact);
            return true;
        }
        let group = self.order[depth];
        let size = i32::from(self.sizes[group]);
        let (mut low, mut high) = (0, size);
        for &number in &self.around[group] {
            let (left, room) = (self.left[number as usize], self.room[number as usize]);
            low = low.max(left - (room - size));
            high = high.min(left);
        }
        for &number in &self.around[group] {
            self.room[number as usize] -= size;
        }
        let mut finished = true;
        for taken in low..=high {
            for &number in &self.around[group] {
                self.left[number as usize] -= taken;
            }
            self.chosen[group] = taken as u8;
            let choose = CHOOSE[size as usize][taken as usize];
            let exact = exact.checked_mul(u128::from(choose)).unwrap_or_else(|| {
                self.overflow = true;
                0
            });
            finished = self.go(
                depth + 1,
                mines + taken as usize,
                ways * f64::from(choose),
                exact,
            );
            for &number in &self.around[group] {
                self.left[number as usize] += taken;
            }
            if !finished {
                break;
            }
        }
        for &number in &self.around[group] {
            self.room[number as usize] += size;
        }
        finished
    }

    fn record(&mut self, mines: usize, ways: f64, exact: u128) {
        self.raw_ways[mines] += ways;
        match self.raw_exact[mines].checked_add(exact) {
            Some(sum) => self.raw_exact[mines] = sum,
            None => self.overflow = true,
        }
        for (group, &taken) in self.chosen.iter().enumerate() {
            self.raw_mines[mines][group] += ways * f64::from(taken);
            self.least[mines][group] = self.least[mines][group].min(taken);
            self.most[mines][group] = self.most[mines][group].max(taken);
        }
    }
}

/// Every layout of a part; `None` when that takes too many steps.
fn count(sizes: &[u8], around: &[Vec<u32>], constraints: &[Constraint]) -> Option<Tally> {
    let cells: usize = sizes.iter().map(|&size| usize::from(size)).sum();
    let groups = sizes.len();
    let mut search = Search {
        sizes,
        around,
        order: search_order(groups, around, constraints),
        left: constraints
            .iter()
            .map(|constraint| constraint.need)
            .collect(),
        room: constraints
            .iter()
            .map(|constraint| {
                constraint
                    .groups
                    .iter()
                    .map(|&group| i32::from(sizes[group as usize]))
                    .sum()
            })
            .collect(),
        chosen: vec![0; groups],
        steps: 0,
        raw_ways: vec![0.0; cells + 1],
        raw_exact: vec![0; cells + 1],
        overflow: false,
        raw_mines: vec![vec![0.0; groups]; cells + 1],
        least: vec![vec![u8::MAX; groups]; cells + 1],
        most: vec![vec![0; groups]; cells + 1],
    };
    if !search.go(0, 0, 1.0, 1) {
        return None;
    }
    let top = search.raw_ways.iter().copied().fold(0.0, f64::max);
    let scale = if top > 0.0 { top } else { 1.0 };
    Some(Tally {
        ways: search.raw_ways.iter().map(|ways| ways / scale).collect(),
        ln_scale: scale.ln(),
        exact: (!search.overflow).then_some(search.raw_exact),
        mines: search
            .raw_mines
            .into_iter()
            .map(|row| row.into_iter().map(|mines| mines / scale).collect())
            .collect(),
        least: search.least,
        most: search.most,
        counted: true,
    })
}

/// Groups breadth-first through shared numbers, so that each number's groups come close
/// together and a number that can no longer be met stops the search early.
fn search_order(groups: usize, around: &[Vec<u32>], constraints: &[Constraint]) -> Vec<usize> {
    let mut seen = vec![false; groups];
    let mut order = Vec::with_capacity(groups);
    for start in 0..groups {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        order.push(start);
        let mut next = order.len() - 1;
        while next < order.len() {
            let group = order[next];
            next += 1;
            for &number in &around[group] {
                for &other in &constraints[number as usize].groups {
                    if !seen[other as usize] {
                        seen[other as usize] = true;
                        order.push(other as usize);
                    }
                }
            }
        }
    }
    order
}

const fn choose_table() -> [[u32; 9]; 9] {
    let mut table = [[0; 9]; 9];
    let mut n = 0;
    while n < 9 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
}
