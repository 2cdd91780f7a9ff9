//! A game in progress: the board as the player sees it, its status and its statistics.
//! The player's actions are in `actions`, the per-cell view for drawing in `view`.

use std::cell::OnceCell;

mod actions;
mod hint;
mod view;

pub use actions::Outcome;
pub use hint::{Hint, PostMortem};
pub use view::CellView;

use super::field::MineField;
use super::first_click::FirstClick;
use super::grid::{Grid, Pos};
use super::size::BoardSize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// No cell revealed yet (flags may already be placed); the mines may not be placed yet.
    NotStarted,
    Playing,
    Won,
    Lost,
}

impl Status {
    pub fn is_over(self) -> bool {
        matches!(self, Status::Won | Status::Lost)
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    pub first_click: FirstClick,
    /// Whether the flag action cycles flag -> ? -> blank instead of flag -> blank.
    pub question_marks: bool,
}

/// The player's mark on one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Hidden,
    Flagged,
    Question,
    Revealed,
}

impl Mark {
    /// Whether a reveal, a chord or a spreading opening may open the cell: a flag protects it.
    fn can_open(self) -> bool {
        matches!(self, Mark::Hidden | Mark::Question)
    }
}

#[derive(Clone, Debug)]
enum Mines {
    /// Waiting for the first revealed cell, which the generator keeps free.
    Pending {
        size: BoardSize,
        seed: u64,
        first_click: FirstClick,
    },
    /// The 3BV is worked out when first asked for, so that it does not slow the first reveal.
    Placed {
        field: MineField,
        bbbv: OnceCell<usize>,
    },
}

#[derive(Clone, Debug)]
pub struct Game {
    grid: Grid,
    mine_count: usize,
    mines: Mines,
    /// One per cell, row by row.
    marks: Vec<Mark>,
    status: Status,
    question_marks: bool,
    flags: usize,
    safe_revealed: usize,
    clicks: usize,
    used_flags: bool,
    used_hint: bool,
    /// No-guess mode was asked for but the generator fell back to an ordinary opening board.
    fell_back: bool,
    /// The last position the player acted on, where hints look first.
    last_action: Option<Pos>,
    /// The first cell revealed: with the seed and the first-click mode it fixes the board.
    first_reveal: Option<Pos>,
    /// After a loss: what the fatal action opened, to see the board as it was just before.
    fatal: Option<Box<FatalAction>>,
}

/// The action that lost the game.
#[derive(Clone, Debug)]
struct FatalAction {
    /// The first mine it opened.
    mine: usize,
    /// Every cell it opened, mines included.
    opened: Vec<usize>,
}

impl Game {
    /// A new game whose mines are placed at the first reveal, from `seed` and that cell.
    pub fn new(size: BoardSize, seed: u64, options: GameOptions) -> Self {
        let grid = Grid::new(size.rows(), size.cols());
        let mines = Mines::Pending {
            size,
            seed,
            first_click: options.first_click,
        };
        Self::with_mines(grid, size.mines(), mines, options.question_marks)
    }

    /// A game on a board whose mines are already known, such as a hand-made one.
    pub fn from_field(field: MineField, question_marks: bool) -> Self {
        let (grid, mine_count) = (field.grid(), field.mine_count());
        let mines = Mines::Placed {
            field,
            bbbv: OnceCell::new(),
        };
        Self::with_mines(grid, mine_count, mines, question_marks)
    }

    fn with_mines(grid: Grid, mine_count: usize, mines: Mines, question_marks: bool) -> Self {
        Game {
            grid,
            mine_count,
            mines,
            marks: vec![Mark::Hidden; grid.cells()],
            status: Status::NotStarted,
            question_marks,
            flags: 0,
            safe_revealed: 0,
            clicks: 0,
            used_flags: false,
            used_hint: false,
            fell_back: false,
            last_action: None,
            first_reveal: None,
            fatal: None,
        }
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn grid(&self) -> Grid {
        self.grid
    }

    pub fn rows(&self) -> usize {
        self.grid.rows()
    }

    pub fn cols(&self) -> usize {
        self.grid.cols()
    }

    pub fn mines(&self) -> usize {
        self.mine_count
    }

    pub fn flags_placed(&self) -> usize {
        self.flags
    }

    /// The mine counter: mines minus flags, never negative since flags are capped at the mines.
    pub fn mines_unflagged(&self) -> usize {
        self.mine_count - self.flags
    }

    pub fn safe_cells_left(&self) -> usize {
        self.grid.cells() - self.mine_count - self.safe_revealed
    }

    pub fn question_marks(&self) -> bool {
        self.question_marks
    }

    /// Existing question marks stay when the mode is turned off; the next flag action clears them.
    pub fn set_question_marks(&mut self, on: bool) {
        self.question_marks = on;
    }

    /// The board's 3BV, known once the mines are placed.
    pub fn bbbv(&self) -> Option<usize> {
        match &self.mines {
            Mines::Pending { .. } => None,
            Mines::Placed { field, bbbv } => Some(*bbbv.get_or_init(|| field.bbbv())),
        }
    }

    /// Reveal, chord and flag requests on the board before the game ended, wasted ones included;
    /// with `bbbv` it gives the efficiency 3BV / clicks.
    pub fn clicks(&self) -> usize {
        self.clicks
    }

    /// The first cell revealed, once the game has started.
    pub fn first_reveal(&self) -> Option<Pos> {
        self.first_reveal
    }

    /// Whether the player ever placed a flag (the flags a win adds do not count).
    pub fn used_flags(&self) -> bool {
        self.used_flags
    }

    /// Whether the player asked for a hint during this game, or any other help of the
    /// computer's.
    pub fn used_hint(&self) -> bool {
        self.used_hint
    }

    /// The computer helped (it played, or showed the odds): the game counts as one with hints.
    pub fn mark_helped(&mut self) {
        self.used_hint = true;
    }

    /// Whether no-guess mode fell back to an ordinary board with an opening, on which the
    /// player may have to guess (known once the mines are placed).
    pub fn fell_back(&self) -> bool {
        self.fell_back
    }

    fn placed_field(&self) -> Option<&MineField> {
        match &self.mines {
            Mines::Pending { .. } => None,
            Mines::Placed { field, .. } => Some(field),
        }
    }

    fn flags_around(&self, index: usize) -> usize {
        self.grid
            .neighbour_indices(index)
            .filter(|&neighbour| self.marks[neighbour] == Mark::Flagged)
            .count()
    }
}
