//! A game of marks in a row in progress, whatever its board: the marks on the board, the move
//! history, whose turn it is and the result.

use std::fmt;

use super::{Mark, MoveError, Outcome, Pos};

/// What a game's rules say of its board: its size and which runs of marks win.
pub trait Shape: Copy + fmt::Debug + PartialEq + Eq {
    fn rows(&self) -> usize;
    fn cols(&self) -> usize;
    /// Whether a run of `length` marks in a line wins.
    fn wins(&self, length: usize) -> bool;
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<R: Shape> {
    rules: R,
    cells: Vec<Option<Mark>>,
    history: Vec<Pos>,
    outcome: Option<Outcome>,
}

/// The four line directions as (row step, column step): across, down and both diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

impl<R: Shape> Game<R> {
    pub fn new(rules: R) -> Game<R> {
        Game {
            rules,
            cells: vec![None; rules.rows() * rules.cols()],
            history: Vec::new(),
            outcome: None,
        }
    }

    /// Replays `moves` from an empty board, as when resuming a saved game.
    pub fn from_moves(rules: R, moves: &[Pos]) -> Result<Game<R>, MoveError> {
        let mut game = Game::new(rules);
        for &pos in moves {
            game.play(pos)?;
        }
        Ok(game)
    }

    pub fn rules(&self) -> R {
        self.rules
    }

    pub fn mark_at(&self, pos: Pos) -> Option<Mark> {
        self.index(pos).and_then(|index| self.cells[index])
    }

    /// Whose turn it is, or `None` once the game is over. X moves first.
    pub fn turn(&self) -> Option<Mark> {
        match self.outcome {
            Some(_) => None,
            None => Some(Mark::to_move_after(self.history.len())),
        }
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The moves so far, oldest first; X made the even-numbered ones.
    pub fn history(&self) -> &[Pos] {
        &self.history
    }

    /// Empty cells in row-major order (all of them stay listed after the game ends).
    pub fn free_cells(&self) -> impl Iterator<Item = Pos> + '_ {
        let cols = self.rules.cols();
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, mark)| mark.is_none())
            .map(move |(index, _)| Pos::new(index / cols, index % cols))
    }

    /// Puts the mark of the player to move on `pos`.
    pub fn play(&mut self, pos: Pos) -> Result<(), MoveError> {
        let Some(mark) = self.turn() else {
            return Err(MoveError::GameOver);
        };
        let index = self.index(pos).ok_or(MoveError::OutOfRange(pos))?;
        if self.cells[index].is_some() {
            return Err(MoveError::Occupied(pos));
        }
        self.cells[index] = Some(mark);
        self.history.push(pos);
        self.outcome = match self.winning_run(pos, mark) {
            Some(line) => Some(Outcome::Win { mark, line }),
            None if self.history.len() == self.cells.len() => Some(Outcome::Draw),
            None => None,
        };
        Ok(())
    }

    /// Takes back the last move and returns where it was, or `None` on an empty board.
    pub fn undo(&mut self) -> Option<Pos> {
        let pos = self.history.pop()?;
        if let Some(index) = self.index(pos) {
            self.cells[index] = None;
        }
        self.outcome = None;
        Some(pos)
    }

    /// The run of `mark` through `pos` in the first direction where it wins. Only lines through
    /// the last move can have been completed by it, so this is all `play` needs to look at.
    fn winning_run(&self, pos: Pos, mark: Mark) -> Option<Vec<Pos>> {
        DIRECTIONS.iter().find_map(|&(dr, dc)| {
            let backward = self.run_from(pos, mark, -dr, -dc);
            let forward = self.run_from(pos, mark, dr, dc);
            let length = backward.len() + 1 + forward.len();
            self.rules.wins(length).then(|| {
                backward
                    .into_iter()
                    .rev()
                    .chain([pos])
                    .chain(forward)
                    .collect()
            })
        })
    }

    /// The cells next to `pos` in one direction that hold `mark`, nearest first.
    fn run_from(&self, pos: Pos, mark: Mark, dr: isize, dc: isize) -> Vec<Pos> {
        let mut run = Vec::new();
        let mut at = pos;
        while let Some(next) = self.step(at, dr, dc) {
            if self.mark_at(next) != Some(mark) {
                break;
            }
            run.push(next);
            at = next;
        }
        run
    }

    /// The cell one step from `pos` in a direction, if it is on the board.
    fn step(&self, pos: Pos, dr: isize, dc: isize) -> Option<Pos> {
        let next = Pos::new(
            pos.row.checked_add_signed(dr)?,
            pos.col.checked_add_signed(dc)?,
        );
        self.index(next).map(|_| next)
    }

    /// The row-major index of `pos`, if it is on the board.
    fn index(&self, pos: Pos) -> Option<usize> {
        (pos.row < self.rules.rows() && pos.col < self.rules.cols())
            .then(|| pos.row * self.rules.cols() + pos.col)
    }
}
