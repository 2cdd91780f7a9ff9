//! A game in progress: the marks on the board, the move history, whose turn it is and the result.

use super::rules::Rules;
use crate::games::marks::{Mark, MoveError, Outcome, Pos};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    cells: Vec<Option<Mark>>,
    history: Vec<Pos>,
    outcome: Option<Outcome>,
}

/// The four line directions as (row step, column step): across, down and both diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

impl Game {
    pub fn new(rules: Rules) -> Game {
        Game {
            rules,
            cells: vec![None; rules.cell_count()],
            history: Vec::new(),
            outcome: None,
        }
    }

    /// Replays `moves` from an empty board, as when resuming a saved game.
    pub fn from_moves(rules: Rules, moves: &[Pos]) -> Result<Game, MoveError> {
        let mut game = Game::new(rules);
        for &pos in moves {
            game.play(pos)?;
        }
        Ok(game)
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn mark_at(&self, pos: Pos) -> Option<Mark> {
        if self.rules.contains(pos) {
            self.cells[self.rules.index(pos)]
        } else {
            None
        }
    }

    /// Whose turn it is, or `None` once the game is over.
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
        let rules = self.rules;
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, mark)| mark.is_none())
            .map(move |(index, _)| rules.pos(index))
    }

    /// Puts the mark of the player to move on `pos`.
    pub fn play(&mut self, pos: Pos) -> Result<(), MoveError> {
        let Some(mark) = self.turn() else {
            return Err(MoveError::GameOver);
        };
        if !self.rules.contains(pos) {
            return Err(MoveError::OutOfRange(pos));
        }
        let index = self.rules.index(pos);
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
        self.cells[self.rules.index(pos)] = None;
        self.outcome = None;
        Some(pos)
    }

    /// The longest run of `mark` through `pos` if it is long enough to win. Only lines through the
    /// last move can have been completed by it, so this is all `play` needs to look at.
    fn winning_run(&self, pos: Pos, mark: Mark) -> Option<Vec<Pos>> {
        DIRECTIONS.iter().find_map(|&(dr, dc)| {
            let backward = self.run_from(pos, mark, -dr, -dc);
            let forward = self.run_from(pos, mark, dr, dc);
            (backward.len() + 1 + forward.len() >= self.rules.in_a_row()).then(|| {
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

    fn step(&self, pos: Pos, dr: isize, dc: isize) -> Option<Pos> {
        let next = Pos::new(
            pos.row.checked_add_signed(dr)?,
            pos.col.checked_add_signed(dc)?,
        );
        self.rules.contains(next).then_some(next)
    }
}
