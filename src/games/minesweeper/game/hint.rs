//! Hints and the post-mortem: what the solver proves from the player's view of the board.

use super::super::grid::Pos;
use super::super::solver::{Cell, Solver};
use super::{Game, Mark, Status};

/// What a hint suggests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hint {
    /// A hidden cell proven safe to open (it may carry a wrong flag, to take off first).
    Safe(Pos),
    /// No safe cell is proven, but this unflagged cell is proven a mine.
    Mine(Pos),
    /// Nothing left to prove: the player has to guess.
    NoSafeMove,
}

/// After a loss, what the player could have proved just before the fatal action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostMortem {
    /// Hidden cells that were provably safe, in reading order.
    pub safe: Vec<Pos>,
    /// Hidden cells that were provably mines, in reading order.
    pub mines: Vec<Pos>,
    /// The mine that ended the game (the first one, when a chord opened several).
    pub fatal: Pos,
}

impl Game {
    /// One move the solver proves from what the player sees: a safe cell if any is proven (one
    /// without a flag first: a flag on a proven safe cell is wrong), else an unflagged mine to
    /// flag; among those, the one nearest the last cell acted on (by rows and columns, ties in
    /// reading order). `None` before the first reveal (any cell is safe then) and after the end:
    /// nothing to prove, and the game is not marked. Otherwise asking marks the game as helped
    /// (`used_hint`).
    pub fn hint(&mut self) -> Option<Hint> {
        if self.status != Status::Playing {
            return None;
        }
        let field = self.placed_field()?;
        let mut solver = Solver::from_view(self.grid, self.mine_count, |index| {
            (self.marks[index] == Mark::Revealed).then(|| field.count_at(index))
        });
        solver.settle(&mut |_| None);
        self.used_hint = true;
        let centre = Pos::new(self.rows() / 2, self.cols() / 2);
        let near = self.last_action.unwrap_or(centre);
        let distance = |pos: Pos| pos.row.abs_diff(near.row).max(pos.col.abs_diff(near.col));
        let flagged = |index: usize| self.marks[index] == Mark::Flagged;
        let (mut safe, mut mine) = (None, None);
        for &index in solver.settled() {
            let index = index as usize;
            let pos = self.grid.pos(index);
            if solver.cell(index) == Cell::Safe {
                let key = (flagged(index), distance(pos), pos);
                safe = Some(safe.map_or(key, |best: (bool, usize, Pos)| best.min(key)));
            } else if !flagged(index) {
                let key = (distance(pos), pos);
                mine = Some(mine.map_or(key, |best: (usize, Pos)| best.min(key)));
            }
        }
        Some(match (safe, mine) {
            (Some((_, _, pos)), _) => Hint::Safe(pos),
            (None, Some((_, pos))) => Hint::Mine(pos),
            (None, None) => Hint::NoSafeMove,
        })
    }

    /// After a loss, the cells that were provably safe or mines just before the fatal action,
    /// from what the player could see then; `None` unless the game is lost.
    pub fn post_mortem(&self) -> Option<PostMortem> {
        let fatal = self.fatal.as_deref()?;
        let field = self.placed_field()?;
        debug_assert_eq!(self.status, Status::Lost);
        let mut seen_before = vec![false; self.grid.cells()];
        for (index, seen) in seen_before.iter_mut().enumerate() {
            *seen = self.marks[index] == Mark::Revealed;
        }
        for &index in &fatal.opened {
            seen_before[index] = false;
        }
        let mut solver = Solver::from_view(self.grid, self.mine_count, |index| {
            seen_before[index].then(|| field.count_at(index))
        });
        solver.settle(&mut |_| None);
        let deductions = solver
            .deductions()
            .expect("a real board fits the player's view");
        Some(PostMortem {
            safe: deductions.safe,
            mines: deductions.mines,
            fatal: self.grid.pos(fatal.mine),
        })
    }
}
