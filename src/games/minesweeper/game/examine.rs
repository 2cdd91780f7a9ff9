//! Telling a guess from a move that logic proves safe, from what the player sees (flags are not
//! trusted): the solver first, which settles most moves cheaply, and the exact odds only for a
//! move it cannot prove.

use super::super::moves::Move;
use super::super::odds::{self, Position};
use super::super::solver::{Cell, Solver};
use super::{Game, Mark, Status};

/// A move that opened a cell logic had not proved safe: the chance that it held a mine (for a
/// chord, the riskiest cell it opened) and the lowest chance of any hidden cell at that moment,
/// each in thousandths: 0 only when none, 1000 only when certain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Guess {
    pub mine: u16,
    pub safest: u16,
}

/// How far a guess's chance may lie above the safest cell's, in thousandths, and still be the
/// guess a careful player could make: the best guess also weighs how likely a cell is to open
/// more, so it is not always the lowest chance.
const CAREFUL_MARGIN: u16 = 100;

impl Guess {
    /// A chance between 0 and 1 in thousandths, rounded, kept off 0 and 1000 unless it is one.
    pub fn thousandths(chance: f64) -> u16 {
        if chance <= 0.0 {
            0
        } else if chance >= 1.0 {
            1000
        } else {
            ((chance * 1000.0).round() as u16).clamp(1, 999)
        }
    }

    /// Chances as fractions of 1.
    pub fn mine_chance(self) -> f64 {
        f64::from(self.mine) / 1000.0
    }

    pub fn safest_chance(self) -> f64 {
        f64::from(self.safest) / 1000.0
    }

    /// No cell was certainly safe: a guess was the only way on.
    pub fn forced(self) -> bool {
        self.safest > 0
    }

    /// Forced, and far riskier than the safest cell open.
    pub fn risky(self) -> bool {
        self.forced() && self.mine > self.safest.saturating_add(CAREFUL_MARGIN)
    }
}

impl Game {
    /// Whether `play` is a guess on the board as it stands, before it is played: `None` when it
    /// opens nothing, or only cells that logic proves safe from the numbers in view and the mine
    /// count (the first reveal, which the rules keep safe, among them).
    pub fn examine(&self, play: Move) -> Option<Guess> {
        let opens = self.would_open(play);
        if opens.is_empty() {
            return None;
        }
        let field = self.placed_field()?;
        let mut solver = Solver::from_view(self.grid, self.mine_count, |index| {
            (self.marks[index] == Mark::Revealed).then(|| field.count_at(index))
        });
        solver.settle(&mut |_| None);
        if !solver.contradiction() && opens.iter().all(|&i| solver.cell(i) == Cell::Safe) {
            return None;
        }
        let odds = odds::odds(&Position::of_board(self)).ok()?;
        let chance = |index: usize| odds.mine[index].unwrap_or(0.0);
        let mine = opens.iter().map(|&i| chance(i)).fold(0.0, f64::max);
        if mine <= 0.0 {
            return None;
        }
        let safest = odds.mine.iter().flatten().copied().fold(1.0, f64::min);
        Some(Guess {
            mine: Guess::thousandths(mine),
            safest: Guess::thousandths(safest),
        })
    }

    /// The cells `play` would open: the cell of a reveal, the neighbours of a chord that its
    /// flags allow; none once the game is over or before the mines are placed (the first reveal
    /// is always safe).
    fn would_open(&self, play: Move) -> Vec<usize> {
        let (Some(field), Status::Playing) = (self.placed_field(), self.status) else {
            return Vec::new();
        };
        let (pos, chord_only) = match play {
            Move::Reveal(pos) => (pos, false),
            Move::Chord(pos) => (pos, true),
            Move::Flag(_) | Move::Hint | Move::Opening(_) | Move::Autoplay => return Vec::new(),
        };
        let Some(index) = self.grid.index(pos) else {
            return Vec::new();
        };
        match self.marks[index] {
            Mark::Revealed
                if self.flags_around(index) == usize::from(field.count_at(index))
                    && !field.is_mine_at(index) =>
            {
                self.grid
                    .neighbour_indices(index)
                    .filter(|&n| self.marks[n].can_open())
                    .collect()
            }
            Mark::Hidden | Mark::Question if !chord_only => vec![index],
            _ => Vec::new(),
        }
    }
}
