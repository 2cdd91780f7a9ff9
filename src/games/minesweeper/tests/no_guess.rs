//! No-guess boards, each played to the end by a separately written, straightforward player that
//! shares no code with the solver: it opens and flags only what is certain, by the single-number
//! rule or else by trying every assignment of each frontier component together with the mine
//! count.

use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

use super::{around, mines_around};
use crate::games::minesweeper::no_guess::{Limits, place_no_guess_within};
use crate::games::minesweeper::{
    BoardSize, FirstClick, MineField, Pos, place_mines, place_no_guess,
};

/// Whether playing only certain moves from an opening at `first` opens every safe cell.
fn clears_without_guessing(field: &MineField, first: Pos) -> bool {
    let mut player = Player::new(field);
    player.open(first);
    let safe_cells = field.grid().cells() - field.mine_count();
    while player.opened.len() < safe_cells {
        if !player.simple_step() && !player.exhaustive_step() {
            return false;
        }
    }
    true
}

struct Player<'a> {
    field: &'a MineField,
    rows: usize,
    cols: usize,
    opened: HashSet<Pos>,
    flagged: HashSet<Pos>,
}

impl<'a> Player<'a> {
    fn new(field: &'a MineField) -> Self {
        let grid = field.grid();
        Player {
            field,
            rows: grid.rows(),
            cols: grid.cols(),
            opened: HashSet::new(),
            flagged: HashSet::new(),
        }
    }

    fn around(&self, pos: Pos) -> Vec<Pos> {
        around(self.rows, self.cols, pos)
    }

    fn hidden(&self, pos: Pos) -> bool {
        !self.opened.contains(&pos) && !self.flagged.contains(&pos)
    }

    /// Opens a cell proven safe, and the zero area behind it.
    fn open(&mut self, pos: Pos) {
        assert!(!self.field.is_mine(pos), "opened a mine at {pos:?}");
        let mut todo = vec![pos];
        while let Some(pos) = todo.pop() {
            if self.opened.insert(pos) && mines_around(self.field, pos) == 0 {
                todo.extend(
                    self.around(pos)
                        .into_iter()
                        .filter(|&near| self.hidden(near)),
                );
            }
        }
    }

    fn flag(&mut self, pos: Pos) {
        assert!(self.field.is_mine(pos), "flagged a safe cell at {pos:?}");
        self.flagged.insert(pos);
    }

    /// The opened numbers with hidden neighbours: (those neighbours, the mines among them).
    fn constraints(&self) -> Vec<Number> {
        let mut opened: Vec<Pos> = self.opened.iter().copied().collect();
        opened.sort();
        opened
            .into_iter()
            .filter_map(|pos| {
                let near = self.around(pos);
                let hidden: Vec<Pos> = near.iter().copied().filter(|&n| self.hidden(n)).collect();
                let flags = near.iter().filter(|n| self.flagged.contains(n)).count();
                let need = usize::from(mines_around(self.field, pos)) - flags;
                (!hidden.is_empty()).then_some((hidden, need))
            })
            .collect()
    }

    /// A number whose hidden neighbours are all safe or all mines. Each verdict is certain, so
    /// it stays true after the moves made before it in the same step.
    fn simple_step(&mut self) -> bool {
        let mut progress = false;
        for (hidden, need) in self.constraints() {
            let mine = match need {
                0 => false,
                _ if need == hidden.len() => true,
                _ => continue,
            };
            for pos in hidden {
                if self.hidden(pos) {
                    progress = true;
                    if mine {
                        self.flag(pos);
                    } else {
                        self.open(pos);
                    }
                }
            }
        }
        progress
    }

    /// Every assignment of each frontier component, with the mine count.
    fn exhaustive_step(&mut self) -> bool {
        let constraints = self.constraints();
        let mut frontier: Vec<Pos> = constraints
            .iter()
            .flat_map(|(cells, _)| cells.clone())
            .collect();
        frontier.sort();
        frontier.dedup();
        let hidden_count = self.rows * self.cols - self.opened.len() - self.flagged.len();
        let outside = hidden_count - frontier.len();
        let mines_left = self.field.mine_count() - self.flagged.len();
        let components = components(&frontier, &constraints);
        let tallies: Vec<Tally> = components
            .iter()
            .map(|(cells, constraints)| enumerate(cells, constraints))
            .collect();
        let mut safe = Vec::new();
        let mut mines = Vec::new();
        for (index, ((cells, _), tally)) in components.iter().zip(&tallies).enumerate() {
            let others = sums(
                tallies
                    .iter()
                    .enumerate()
                    .filter(|&(other, _)| other != index)
                    .map(|(_, t)| t),
            );
            let fits = |count: usize| {
                others.iter().any(|&sum| {
                    let total = sum + count;
                    total <= mines_left && mines_left - total <= outside
                })
            };
            let mut can_be_mine = vec![false; cells.len()];
            let mut can_be_safe = vec![false; cells.len()];
            for (&count, (mine, safe)) in tally {
                if fits(count) {
                    for cell in 0..cells.len() {
                        can_be_mine[cell] |= mine[cell];
                        can_be_safe[cell] |= safe[cell];
                    }
                }
            }
            for (cell, &pos) in cells.iter().enumerate() {
                if !can_be_mine[cell] {
                    safe.push(pos);
                } else if !can_be_safe[cell] {
                    mines.push(pos);
                }
            }
        }
        let totals: Vec<usize> = sums(tallies.iter())
            .into_iter()
            .filter(|&total| total <= mines_left && mines_left - total <= outside)
            .collect();
        if outside > 0 {
            let outside_cells = || {
                (0..self.rows)
                    .flat_map(|row| (0..self.cols).map(move |col| Pos::new(row, col)))
                    .filter(|pos| self.hidden(*pos) && !frontier.contains(pos))
            };
            if totals.iter().all(|&total| total == mines_left) {
                safe.extend(outside_cells());
            } else if totals.iter().all(|&total| mines_left - total == outside) {
                mines.extend(outside_cells());
            }
        }
        let progress = !safe.is_empty() || !mines.is_empty();
        for pos in safe {
            if self.hidden(pos) {
                self.open(pos);
            }
        }
        for pos in mines {
            self.flag(pos);
        }
        progress
    }
}

/// An opened number's hidden neighbours and the mines among them.
type Number = (Vec<Pos>, usize);

/// Splits the frontier into groups of cells linked by shared numbers, each with its numbers.
fn components(frontier: &[Pos], constraints: &[Number]) -> Vec<(Vec<Pos>, Vec<Number>)> {
    let mut group: Vec<usize> = (0..frontier.len()).collect();
    let place = |pos: &Pos| frontier.binary_search(pos).unwrap();
    // Relabel until every number's cells share one label (the smallest): simple, if slow.
    loop {
        let mut changed = false;
        for (cells, _) in constraints {
            let least = cells.iter().map(|pos| group[place(pos)]).min().unwrap();
            for pos in cells {
                if group[place(pos)] != least {
                    group[place(pos)] = least;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut labels: Vec<usize> = group.clone();
    labels.sort();
    labels.dedup();
    labels
        .into_iter()
        .map(|label| {
            let cells: Vec<Pos> = frontier
                .iter()
                .copied()
                .filter(|pos| group[place(pos)] == label)
                .collect();
            let numbers = constraints
                .iter()
                .filter(|(hidden, _)| group[place(&hidden[0])] == label)
                .cloned()
                .collect();
            (cells, numbers)
        })
        .collect()
}

/// Per mine count: which cells are a mine in some assignment, and which are safe in some.
type Tally = BTreeMap<usize, (Vec<bool>, Vec<bool>)>;

/// For each mine count some assignment of `cells` meeting `constraints` uses: which cells are
/// a mine in some such assignment, and which are safe in some.
fn enumerate(cells: &[Pos], constraints: &[Number]) -> Tally {
    let numbers: Vec<(Vec<usize>, usize)> = constraints
        .iter()
        .map(|(hidden, need)| {
            let places = hidden
                .iter()
                .map(|pos| cells.iter().position(|cell| cell == pos).unwrap())
                .collect();
            (places, *need)
        })
        .collect();
    let search = Search {
        cells: cells.len(),
        touching: (0..cells.len())
            .map(|place| {
                (0..numbers.len())
                    .filter(|&number| numbers[number].0.contains(&place))
                    .collect()
            })
            .collect(),
        numbers,
    };
    let mut tally = Tally::new();
    search.try_next(&mut Vec::with_capacity(cells.len()), &mut tally);
    tally
}

struct Search {
    cells: usize,
    /// Each number's cells (as places) and mine count.
    numbers: Vec<(Vec<usize>, usize)>,
    /// The numbers touching each cell.
    touching: Vec<Vec<usize>>,
}

impl Search {
    /// Tries both values for the next cell, after checking that the numbers touching the cell
    /// just decided can still be met.
    fn try_next(&self, assignment: &mut Vec<bool>, tally: &mut Tally) {
        if let Some(last) = assignment.len().checked_sub(1) {
            let can_still_hold = self.touching[last].iter().all(|&number| {
                let (places, need) = &self.numbers[number];
                let decided: Vec<bool> = places
                    .iter()
                    .filter(|&&place| place < assignment.len())
                    .map(|&place| assignment[place])
                    .collect();
                let mines = decided.iter().filter(|&&mine| mine).count();
                mines <= *need && mines + places.len() - decided.len() >= *need
            });
            if !can_still_hold {
                return;
            }
        }
        if assignment.len() == self.cells {
            let count = assignment.iter().filter(|&&mine| mine).count();
            let (mine, safe) = tally
                .entry(count)
                .or_insert_with(|| (vec![false; self.cells], vec![false; self.cells]));
            for (place, &is_mine) in assignment.iter().enumerate() {
                mine[place] |= is_mine;
                safe[place] |= !is_mine;
            }
            return;
        }
        for value in [false, true] {
            assignment.push(value);
            self.try_next(assignment, tally);
            assignment.pop();
        }
    }
}

/// Every total of one mine count from each tally.
fn sums<'t>(tallies: impl Iterator<Item = &'t Tally>) -> Vec<usize> {
    let mut totals = vec![0];
    for tally in tallies {
        let mut next: Vec<usize> = totals
            .iter()
            .flat_map(|&total| tally.keys().map(move |count| total + count))
            .collect();
        next.sort();
        next.dedup();
        totals = next;
    }
    totals
}

const SEEDS: u64 = 200;

/// Generates boards for `seeds` with the first click in the centre and checks each: the first
/// click opens an area, the mine count is right, and the straightforward player clears it.
/// Returns how many fell back to an ordinary board.
fn check_boards(size: BoardSize, seeds: std::ops::Range<u64>, first: Pos) -> usize {
    let mut fell_back = 0;
    for seed in seeds {
        let board = place_no_guess(size, seed, first).unwrap();
        let field = &board.field;
        assert_eq!(field.mine_count(), size.mines(), "{size:?} seed {seed}");
        assert!(!field.is_mine(first));
        assert_eq!(
            mines_around(field, first),
            0,
            "{size:?} seed {seed}: no opening"
        );
        if board.fell_back {
            fell_back += 1;
        } else {
            assert!(
                clears_without_guessing(field, first),
                "{size:?} seed {seed}"
            );
        }
    }
    fell_back
}

fn centre(size: BoardSize) -> Pos {
    Pos::new(size.rows() / 2, size.cols() / 2)
}

#[test]
fn beginner_boards_are_cleared_without_guessing() {
    let size = BoardSize::BEGINNER;
    assert_eq!(check_boards(size, 0..SEEDS, centre(size)), 0);
    assert_eq!(check_boards(size, 0..SEEDS, Pos::new(0, 0)), 0);
}

#[test]
fn medium_boards_are_cleared_without_guessing() {
    let size = BoardSize::MEDIUM;
    assert_eq!(check_boards(size, 0..SEEDS, centre(size)), 0);
}

#[test]
fn expert_boards_are_cleared_without_guessing() {
    let size = BoardSize::EXPERT;
    assert_eq!(check_boards(size, 0..SEEDS, centre(size)), 0);
    assert_eq!(check_boards(size, 0..SEEDS / 2, Pos::new(19, 24)), 0);
}

#[test]
fn dense_boards_are_cleared_without_guessing() {
    let size = BoardSize::new(16, 16, 99).unwrap();
    assert_eq!(check_boards(size, 0..SEEDS / 2, centre(size)), 0);
}

#[test]
fn classic_boards_are_cleared_without_guessing() {
    let size = BoardSize::new(16, 30, 99).unwrap();
    assert_eq!(check_boards(size, 0..SEEDS / 2, centre(size)), 0);
}

#[test]
fn out_of_budget_the_generator_falls_back_to_an_opening_board() {
    let size = BoardSize::EXPERT;
    let no_work = Limits {
        work: 0,
        time: Duration::from_secs(1),
    };
    for seed in 0..5 {
        let board = place_no_guess_within(size, seed, centre(size), no_work).unwrap();
        assert!(board.fell_back);
        let opening = place_mines(size, seed, centre(size), FirstClick::Opening).unwrap();
        assert_eq!(board.field, opening);
    }
}

#[test]
fn the_same_seed_size_and_first_cell_give_the_same_no_guess_board() {
    for (size, first) in [
        (BoardSize::MEDIUM, Pos::new(0, 15)),
        (BoardSize::new(16, 16, 99).unwrap(), Pos::new(8, 8)),
    ] {
        for seed in 0..10 {
            let board = place_no_guess(size, seed, first).unwrap();
            assert_eq!(place_no_guess(size, seed, first), Some(board));
        }
    }
}

#[test]
fn the_straightforward_player_gets_stuck_where_it_should() {
    // The opening ends in two 1s that both see the last column's two cells: a 50/50.
    let field = MineField::from_mines(2, 4, &[Pos::new(0, 3)]).unwrap();
    assert!(!clears_without_guessing(&field, Pos::new(1, 0)));
    // Ordinary boards often need a guess.
    let stuck = (0..20)
        .filter(|&seed| {
            let size = BoardSize::EXPERT;
            let field = place_mines(size, seed, centre(size), FirstClick::Opening).unwrap();
            !clears_without_guessing(&field, centre(size))
        })
        .count();
    assert!(stuck > 0);
}
