//! The end of a game searched exactly: when few layouts of the mines are left, every order of
//! opening cells is played against every layout, and the guess with the best chance of winning
//! the whole game is taken.
//!
//! A state of the search is the set of layouts that still fit what has been seen. A cell safe
//! in all of them whose number differs between them is opened first, for free (knowing more
//! never hurts); otherwise each cell that may be safe is tried, its layouts split by the
//! number it would show, and the chance of winning is the best over cells of the weighted
//! chances of the parts. States are remembered, and the search gives up past a work budget.

use std::collections::HashMap;

use super::super::grid::Grid;
use super::position::{Position, Seen};
use super::weigh::Weighed;

/// The search is tried when at most this many layouts fit the position.
const MOST_LAYOUTS: f64 = 1000.0;
/// Work allowed, in layouts looked at, which bounds the time the search takes (a few hundred
/// milliseconds at most; the longest move of 40,000 expert games took 0.17 s).
const WORK: u64 = 60_000_000;

/// A layout: bit `i` set when the `i`-th open cell holds a mine.
type Layout = u128;

/// The hidden cells that may be safe ("open" cells below) and what is known around them.
struct Board {
    /// Board index of each open cell.
    cells: Vec<usize>,
    /// Per open cell: the open cells around it, and the mines certain around it.
    around: Vec<Layout>,
    fixed: Vec<u8>,
    layouts: Vec<Layout>,
}

/// The best cell to open and the chance of winning the game; `None` when the position has too
/// many layouts or cells, or the search ran out of work.
pub(super) fn endgame(position: &Position, weighed: &Weighed) -> Option<(usize, f64)> {
    if weighed.ln_layouts > MOST_LAYOUTS.ln() {
        return None;
    }
    let board = Board::new(position, weighed)?;
    let mut search = Search {
        board: &board,
        known: HashMap::new(),
        work: 0,
        budget: WORK,
    };
    let all: Vec<u16> = (0..board.layouts.len() as u16).collect();
    let (win, cell) = search.win(&all)?;
    Some((board.cells[cell?], win))
}

impl Board {
    fn new(position: &Position, weighed: &Weighed) -> Option<Board> {
        let grid = Grid::new(position.rows, position.cols);
        let mut cells: Vec<usize> = (0..position.cells.len())
            .filter(|&cell| weighed.mine[cell].is_some_and(|chance| chance < 1.0))
            .collect();
        if cells.len() > Layout::BITS as usize {
            return None;
        }
        // The cells next to a number first: the enumeration then settles every number before it
        // spreads the mines left over the cells that touch none, instead of trying each spread
        // against the numbers again.
        cells.sort_by_cached_key(|&cell| (!position.touches_number(cell), cell));
        let mut place = vec![usize::MAX; position.cells.len()];
        for (at, &cell) in cells.iter().enumerate() {
            place[cell] = at;
        }
        let certain_mine =
            |cell: usize| position.cells[cell] == Seen::Mine || weighed.mine[cell] == Some(1.0);
        let mut around = vec![0; cells.len()];
        let mut fixed = vec![0; cells.len()];
        for (at, &cell) in cells.iter().enumerate() {
            for neighbour in grid.neighbour_indices(cell) {
                if place[neighbour] != usize::MAX {
                    around[at] |= 1 << place[neighbour];
                } else if certain_mine(neighbour) {
                    fixed[at] += 1;
                }
            }
        }
        // Each number as the open cells around it and the mines they still need.
        let mut numbers = Vec::new();
        for (index, &seen) in position.cells.iter().enumerate() {
            if let Seen::Revealed(value) = seen {
                let mut mask: Layout = 0;
                let mut mines = 0;
                for neighbour in grid.neighbour_indices(index) {
                    if place[neighbour] != usize::MAX {
                        mask |= 1 << place[neighbour];
                    } else if certain_mine(neighbour) {
                        mines += 1;
                    }
                }
                if mask != 0 {
                    numbers.push((mask, u32::from(value).checked_sub(mines)?));
                }
            }
        }
        let known = (0..position.cells.len())
            .filter(|&cell| certain_mine(cell))
            .count() as u32;
        let mines = position.mines.checked_sub(known)?;
        let layouts = enumerate(cells.len(), &numbers, mines)?;
        Some(Board {
            cells,
            around,
            fixed,
            layouts,
        })
    }

    /// The number cell `at` shows in `layout`, or `None` when it holds a mine there.
    fn shows(&self, at: usize, layout: Layout) -> Option<u8> {
        (layout >> at & 1 == 0)
            .then(|| self.fixed[at] + (layout & self.around[at]).count_ones() as u8)
    }
}

/// Every set of `mines` of the `count` cells that gives each number `(cells, mines)` its
/// mines; `None` past `MOST_LAYOUTS` of them or a step budget.
fn enumerate(count: usize, numbers: &[(Layout, u32)], mines: u32) -> Option<Vec<Layout>> {
    struct Walk<'a> {
        count: usize,
        numbers: &'a [(Layout, u32)],
        mines: u32,
        found: Vec<Layout>,
        steps: u64,
        limit: (u64, f64),
    }
    impl Walk<'_> {
        /// Cells below `at` are decided as in `layout`.
        fn go(&mut self, at: usize, layout: Layout, placed: u32) -> bool {
            self.steps += 1;
            if self.steps > self.limit.0 || self.found.len() as f64 > self.limit.1 {
                return false;
            }
            let decided: Layout = if at == 128 { !0 } else { (1 << at) - 1 };
            for &(mask, need) in self.numbers {
                let have = (layout & mask).count_ones();
                let open = (mask & !decided).count_ones();
                if have > need || have + open < need {
                    return true;
                }
            }
            let left = self.count - at;
            if placed > self.mines || placed + (left as u32) < self.mines {
                return true;
            }
            if at == self.count {
                self.found.push(layout);
                return true;
            }
            self.go(at + 1, layout, placed) && self.go(at + 1, layout | 1 << at, placed + 1)
        }
    }
    let mut walk = Walk {
        count,
        numbers,
        mines,
        found: Vec::new(),
        steps: 0,
        limit: (WORK, MOST_LAYOUTS),
    };
    walk.go(0, 0, 0).then_some(walk.found)
}

struct Search<'a> {
    board: &'a Board,
    /// The chance of winning from each set of layouts met, and the cell to guess there.
    known: HashMap<Vec<u16>, (f64, Option<usize>)>,
    work: u64,
    budget: u64,
}

impl Search<'_> {
    /// The chance of winning from the layouts `fitting` and the cell to open (`None` when
    /// one layout is left: nothing to guess); `None` when the work ran out.
    fn win(&mut self, fitting: &[u16]) -> Option<(f64, Option<usize>)> {
        if fitting.len() == 1 {
            return Some((1.0, None));
        }
        if let Some(&known) = self.known.get(fitting) {
            return Some(known);
        }
        self.work += (fitting.len() * self.board.cells.len()) as u64;
        if self.work > self.budget {
            return None;
        }
        let layouts = &self.board.layouts;
        let any = fitting.iter().fold(0, |any, &l| any | layouts[l as usize]);
        let all = fitting.iter().fold(!0, |all, &l| all & layouts[l as usize]);
        let free = (0..self.board.cells.len()).find(|&at| {
            any >> at & 1 == 0 && {
                let first = self.board.shows(at, layouts[fitting[0] as usize]);
                fitting[1..]
                    .iter()
                    .any(|&l| self.board.shows(at, layouts[l as usize]) != first)
            }
        });
        let result = if let Some(at) = free {
            (self.split_win(at, fitting, 0.0)?, Some(at))
        } else {
            let mut guesses: Vec<(usize, usize)> = (0..self.board.cells.len())
                .filter(|&at| any >> at & 1 == 1 && all >> at & 1 == 0)
                .map(|at| {
                    let safe = fitting
                        .iter()
                        .filter(|&&l| layouts[l as usize] >> at & 1 == 0)
                        .count();
                    (at, safe)
                })
                .collect();
            guesses.sort_by_key(|&(at, safe)| (std::cmp::Reverse(safe), at));
            let mut best = (0.0, None);
            for (at, safe) in guesses {
                if safe as f64 / fitting.len() as f64 <= best.0 {
                    break;
                }
                let win = self.split_win(at, fitting, best.0)?;
                if win > best.0 {
                    best = (win, Some(at));
                }
            }
            best
        };
        self.known.insert(fitting.to_vec(), result);
        Some(result)
    }

    /// The chance of winning after opening cell `at`: its layouts split by what it shows. Once
    /// the parts left cannot lift it above `floor`, it stops there and returns a figure no
    /// higher than `floor` (the cell is no better than one already tried).
    fn split_win(&mut self, at: usize, fitting: &[u16], floor: f64) -> Option<f64> {
        let mut parts: [Vec<u16>; 9] = Default::default();
        for &l in fitting {
            if let Some(shown) = self.board.shows(at, self.board.layouts[l as usize]) {
                parts[usize::from(shown)].push(l);
            }
        }
        let total = fitting.len() as f64;
        let mut left = parts.iter().map(Vec::len).sum::<usize>() as f64;
        let mut win = 0.0;
        for part in parts.iter().filter(|part| !part.is_empty()) {
            if (win + left) / total <= floor {
                return Some((win + left) / total);
            }
            left -= part.len() as f64;
            win += part.len() as f64 * self.win(part)?.0;
        }
        Some(win / total)
    }
}
