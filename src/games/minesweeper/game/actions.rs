//! The player's actions: reveal, chord and the flag action.

use std::cell::OnceCell;

use super::super::first_click::FirstClick;
use super::super::flood::open_area;
use super::super::generate::place_mines;
use super::super::grid::Pos;
use super::super::no_guess::place_no_guess;
use super::{FatalAction, Game, Mark, Mines, Status};

/// What an action did, so that the screen can redraw only on change and start or stop its clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub changed: bool,
    pub previous: Status,
    pub status: Status,
}

impl Outcome {
    /// This action was the first reveal.
    pub fn started(&self) -> bool {
        self.previous == Status::NotStarted && self.status != Status::NotStarted
    }

    /// This action won or lost the game.
    pub fn ended(&self) -> bool {
        !self.previous.is_over() && self.status.is_over()
    }
}

impl Game {
    /// Opens a hidden or question-marked cell (and the zero area it starts), or chords when `pos`
    /// is a revealed number. A flagged cell stays closed.
    pub fn reveal(&mut self, pos: Pos) -> Outcome {
        self.act(pos, true, Self::reveal_at)
    }

    /// Opens the first cell for the player (a game from a code, or restarted) as a reveal would,
    /// without counting a click: the player did not make it.
    pub fn open_for_player(&mut self, pos: Pos) -> Outcome {
        self.act(pos, false, Self::reveal_at)
    }

    fn reveal_at(&mut self, index: usize) -> bool {
        match self.marks[index] {
            Mark::Revealed => self.chord_at(index),
            Mark::Flagged => false,
            Mark::Hidden | Mark::Question => {
                self.start(index);
                self.open_cells(&[index])
            }
        }
    }

    /// On a revealed number with exactly that many flags around it, opens every other hidden
    /// neighbour; anywhere else it does nothing.
    pub fn chord(&mut self, pos: Pos) -> Outcome {
        self.act(pos, true, Self::chord_at)
    }

    /// Flags a hidden cell (unless every mine already has a flag), and takes the flag off again,
    /// through a question mark when that mode is on.
    pub fn toggle_flag(&mut self, pos: Pos) -> Outcome {
        self.act(pos, true, Self::cycle_mark)
    }

    /// What every action shares: nothing happens off the board or once the game is over, and any
    /// other request of the player's (`click`) counts as a click, whether or not it changes the
    /// board.
    fn act(
        &mut self,
        pos: Pos,
        click: bool,
        action: impl FnOnce(&mut Self, usize) -> bool,
    ) -> Outcome {
        let previous = self.status;
        let changed = match self.grid.index(pos) {
            Some(index) if !previous.is_over() => {
                self.clicks += usize::from(click);
                self.last_action = Some(pos);
                action(self, index)
            }
            _ => false,
        };
        Outcome {
            changed,
            previous,
            status: self.status,
        }
    }

    fn start(&mut self, first: usize) {
        if let Mines::Pending {
            size,
            seed,
            first_click,
        } = self.mines
        {
            let first = self.grid.pos(first);
            let field = if first_click == FirstClick::NoGuess {
                let board =
                    place_no_guess(size, seed, first).expect("the first cell is on the board");
                self.fell_back = board.fell_back;
                board.field
            } else {
                place_mines(size, seed, first, first_click).expect("the first cell is on the board")
            };
            self.mines = Mines::Placed {
                field,
                bbbv: OnceCell::new(),
            };
        }
        if self.status == Status::NotStarted {
            self.status = Status::Playing;
            self.first_reveal = Some(self.grid.pos(first));
        }
    }

    fn chord_at(&mut self, index: usize) -> bool {
        let Some(field) = self.placed_field() else {
            return false;
        };
        if self.marks[index] != Mark::Revealed || field.is_mine_at(index) {
            return false;
        }
        // No special case for a zero: with a flag around it, it is not satisfied; without, all its
        // neighbours are already open.
        if self.flags_around(index) != usize::from(field.count_at(index)) {
            return false;
        }
        let neighbours: Vec<usize> = self.grid.neighbour_indices(index).collect();
        self.open_cells(&neighbours)
    }

    /// Opens those of `cells` that a flag does not protect, each with the zero area it starts,
    /// then settles a loss (a mine was opened) or a win (no safe cell is left). An action that
    /// opens a mine keeps a list of what it opened, for the post-mortem.
    fn open_cells(&mut self, cells: &[usize]) -> bool {
        let Mines::Placed { field, .. } = &self.mines else {
            return false;
        };
        let marks = &mut self.marks;
        let fatal_mine = cells
            .iter()
            .copied()
            .find(|&cell| marks[cell].can_open() && field.is_mine_at(cell));
        let mut fatal_opened = Vec::new();
        let mut opened = 0;
        let mut mines_opened = 0;
        let mut open = |cell: usize| {
            let can_open = marks[cell].can_open();
            if can_open {
                marks[cell] = Mark::Revealed;
                opened += 1;
                if fatal_mine.is_some() {
                    fatal_opened.push(cell);
                }
            }
            can_open
        };
        for &cell in cells {
            if !open(cell) {
                continue;
            }
            if field.is_mine_at(cell) {
                mines_opened += 1;
            } else {
                open_area(field, cell, &mut open);
            }
        }
        self.safe_revealed += opened - mines_opened;
        if let Some(mine) = fatal_mine {
            self.status = Status::Lost;
            self.fatal = Some(Box::new(FatalAction {
                mine,
                opened: fatal_opened,
            }));
        } else if self.safe_cells_left() == 0 {
            self.win();
        }
        opened > 0
    }

    /// Every mine counts as flagged once the board is cleared.
    fn win(&mut self) {
        self.status = Status::Won;
        if let Mines::Placed { field, .. } = &self.mines {
            for (index, mark) in self.marks.iter_mut().enumerate() {
                if field.is_mine_at(index) {
                    *mark = Mark::Flagged;
                }
            }
        }
        self.flags = self.mine_count;
    }

    fn cycle_mark(&mut self, index: usize) -> bool {
        let next = match self.marks[index] {
            Mark::Hidden if self.flags < self.mine_count => Mark::Flagged,
            Mark::Flagged if self.question_marks => Mark::Question,
            Mark::Flagged | Mark::Question => Mark::Hidden,
            Mark::Hidden | Mark::Revealed => return false,
        };
        if self.marks[index] == Mark::Flagged {
            self.flags -= 1;
        }
        if next == Mark::Flagged {
            self.flags += 1;
            self.used_flags = true;
        }
        self.marks[index] = next;
        true
    }
}
