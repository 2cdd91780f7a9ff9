//! Telling a guess from a move that logic proves safe, from what the player sees (flags are not
//! trusted): the solver first, which settles most moves cheaply, and the exact odds only for a
//! move it cannot prove.

use super::game::{CellView, Game, Status};
use super::guess::Guess;
use super::moves::Move;
use super::odds::{self, Position};
use super::solver::{Cell, Solver};

impl Game {
    /// Whether `play` is a guess on the board as it stands, before it is played: `None` when it
    /// opens nothing, or only cells that logic proves safe from the numbers in view and the mine
    /// count (the first reveal, which the rules keep safe, among them).
    pub fn examine(&self, play: Move) -> Option<Guess> {
        let opens = self.would_open(play);
        if opens.is_empty() {
            return None;
        }
        let grid = self.grid();
        let mut solver = Solver::from_view(grid, self.mines(), |index| {
            match self.cell(grid.pos(index)) {
                CellView::Revealed(number) => Some(number),
                _ => None,
            }
        });
        solver.settle(&mut |_| None);
        if !solver.contradiction() && opens.iter().all(|&i| solver.cell(i) == Cell::Safe) {
            return None;
        }
        let position = Position::of_board(self);
        let odds = odds::odds(&position).ok()?;
        let chance = |index: usize| odds.mine[index].unwrap_or(0.0);
        let mine = opens.iter().map(|&i| chance(i)).fold(0.0, f64::max);
        if mine <= 0.0 {
            return None;
        }
        let safest = odds.safest().map_or(1.0, |(_, chance)| chance);
        let mut guess = Guess {
            mine: Guess::thousandths(mine),
            safest: Guess::thousandths(safest),
            advised: false,
        };
        // Whether the computer would have opened this cell: asked only where the margin alone
        // would call the guess risky, since its choice takes a look ahead.
        if guess.beyond_margin()
            && let (Move::Reveal(pos), Some(choice)) = (play, odds::best_move(&position, &odds))
        {
            guess.advised = (choice.row, choice.col) == (pos.row, pos.col);
        }
        Some(guess)
    }

    /// The cells `play` would open: the cell of a reveal, the neighbours of a chord that its
    /// flags allow; none once the game is over or before the mines are placed (the first reveal
    /// is always safe).
    fn would_open(&self, play: Move) -> Vec<usize> {
        if self.status() != Status::Playing {
            return Vec::new();
        }
        let (pos, chord_only) = match play {
            Move::Reveal(pos) => (pos, false),
            Move::Chord(pos) => (pos, true),
            Move::Flag(_) | Move::Hint | Move::Opening(_) | Move::Autoplay => return Vec::new(),
        };
        let grid = self.grid();
        let (Some(index), view) = (grid.index(pos), self.cell(pos)) else {
            return Vec::new();
        };
        let around = || {
            grid.neighbour_indices(index)
                .map(|n| (n, self.cell(grid.pos(n))))
        };
        match view {
            CellView::Revealed(number)
                if around().filter(|(_, v)| *v == CellView::Flagged).count()
                    == usize::from(number) =>
            {
                around()
                    .filter(|(_, v)| matches!(v, CellView::Hidden | CellView::Question))
                    .map(|(n, _)| n)
                    .collect()
            }
            CellView::Hidden | CellView::Question if !chord_only => vec![index],
            _ => Vec::new(),
        }
    }
}
