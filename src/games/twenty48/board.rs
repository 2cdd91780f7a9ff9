//! The square board of exponents and how a move slides it in each of the four directions.

use std::fmt;

use serde::{Deserialize, Serialize};

pub use super::line::MAX_SIZE;
use super::line::{Line, slide_in_place};

/// The smallest board side.
pub const MIN_SIZE: usize = 3;
/// The board side of the original game.
pub const DEFAULT_SIZE: usize = 4;

const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// The largest exponent a board of `size` can ever hold: with every cell in use, the tiles
/// 2^(cells+1), 2^cells, …, 8, 4 are the most a chain of merges ending in a spawned 4 can build.
pub fn max_exponent(size: usize) -> u8 {
    u8::try_from(size * size + 1).unwrap_or(u8::MAX)
}

/// The value of the tile with `exponent`: 0 for an empty cell. Any exponent a board holds fits.
pub fn tile_value(exponent: u8) -> u128 {
    if exponent == 0 {
        0
    } else {
        1u128.checked_shl(exponent.into()).unwrap_or(u128::MAX)
    }
}

/// A place on the board, counted from the top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

impl Cell {
    /// The cell at `index` of a board of `size` stored row by row.
    fn at(index: usize, size: usize) -> Cell {
        Cell {
            row: index / size,
            col: index % size,
        }
    }
}

/// Where one tile went during a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Motion {
    pub from: Cell,
    pub to: Cell,
    /// The tile's exponent before the move.
    pub exponent: u8,
    /// The tile merged with another into a new tile (of the next exponent) at `to`.
    pub merged: bool,
}

/// The wall a move pushes the tiles toward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// "up", "down", "left" or "right", as a hint names the move.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }

    /// The arrow of the move: ↑ ↓ ← →.
    pub fn arrow(self) -> char {
        match self {
            Direction::Up => '↑',
            Direction::Down => '↓',
            Direction::Left => '←',
            Direction::Right => '→',
        }
    }
}

/// Why a board cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The side is outside `MIN_SIZE..=MAX_SIZE`.
    Size(usize),
    /// The number of cells is not the side squared.
    CellCount { size: usize, cells: usize },
    /// An exponent no board of this side can reach (see [`max_exponent`]).
    Exponent { exponent: u8, max: u8 },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Size(size) => write!(
                f,
                "a board side of {size} is outside {MIN_SIZE}..={MAX_SIZE}"
            ),
            BoardError::CellCount { size, cells } => {
                write!(
                    f,
                    "a {size}x{size} board needs {} cells, not {cells}",
                    size * size
                )
            }
            BoardError::Exponent { exponent, max } => {
                write!(f, "tile exponent {exponent} is above the reachable {max}")
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// A square board of tile exponents (0 = empty, 1 = a 2, 2 = a 4, …).
///
/// The cells live in a fixed array sized for the largest board, so a board is `Copy` and a game
/// keeps its undo history without allocating per move. Cells past `size * size` stay 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "BoardRecord", into = "BoardRecord")]
pub struct Board {
    size: u8,
    cells: [u8; MAX_CELLS],
}

/// How a board is saved: its side and its cells row by row.
#[derive(Serialize, Deserialize)]
struct BoardRecord {
    size: usize,
    cells: Vec<u8>,
}

impl From<Board> for BoardRecord {
    fn from(board: Board) -> BoardRecord {
        BoardRecord {
            size: board.size(),
            cells: board.used().to_vec(),
        }
    }
}

impl TryFrom<BoardRecord> for Board {
    type Error = BoardError;

    fn try_from(record: BoardRecord) -> Result<Board, BoardError> {
        Board::from_cells(record.size, &record.cells)
    }
}

impl Board {
    /// An empty board of `size` x `size`.
    pub fn new(size: usize) -> Result<Board, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BoardError::Size(size));
        }
        Ok(Board {
            size: size as u8,
            cells: [0; MAX_CELLS],
        })
    }

    /// A board from its exponents row by row, checked: the side, the cell count and that every
    /// exponent is one the board could reach.
    pub fn from_cells(size: usize, cells: &[u8]) -> Result<Board, BoardError> {
        let mut board = Board::new(size)?;
        if cells.len() != size * size {
            return Err(BoardError::CellCount {
                size,
                cells: cells.len(),
            });
        }
        let max = max_exponent(size);
        if let Some(&exponent) = cells.iter().find(|&&e| e > max) {
            return Err(BoardError::Exponent { exponent, max });
        }
        board.cells[..cells.len()].copy_from_slice(cells);
        Ok(board)
    }

    pub fn size(&self) -> usize {
        self.size.into()
    }

    /// The exponent at `cell`, or None outside the board.
    pub fn get(&self, cell: Cell) -> Option<u8> {
        let size = self.size();
        (cell.row < size && cell.col < size).then(|| self.cells[cell.row * size + cell.col])
    }

    /// The rows from top to bottom, each a slice of exponents from left to right.
    pub fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.used().chunks(self.size())
    }

    /// The exponent of the biggest tile, 0 on an empty board.
    pub fn biggest_tile(&self) -> u8 {
        self.used().iter().copied().max().unwrap_or(0)
    }

    /// True when some move would change the board: it has a tile and either an empty cell or two
    /// equal neighbours.
    pub fn can_move(&self) -> bool {
        let size = self.size();
        let cells = self.used();
        let has_tile = cells.iter().any(|&e| e != 0);
        let has_gap = cells.contains(&0);
        let equal_neighbours = (0..cells.len()).any(|i| {
            let beside = i % size + 1 < size && cells[i] == cells[i + 1];
            let below = i + size < cells.len() && cells[i] == cells[i + size];
            beside || below
        });
        has_tile && (has_gap || equal_neighbours)
    }

    /// Moves every tile toward the wall of `direction` with merges, without a new tile.
    ///
    /// Returns the points scored, or None when the move changes nothing (the board is untouched).
    pub fn slide(&mut self, direction: Direction) -> Option<u64> {
        self.slide_reporting(direction, |_| {})
    }

    /// [`Board::slide`] that also tells `on_motion` where every tile went, line by line from the
    /// wall outward.
    pub(super) fn slide_reporting(
        &mut self,
        direction: Direction,
        mut on_motion: impl FnMut(Motion),
    ) -> Option<u64> {
        let size = self.size();
        let walk = Walk::new(direction, size);
        let mut score = 0u64;
        let mut changed = false;
        for line in 0..size {
            // Copy the line out in the move's order, padded with empty cells (see `Line`); write it
            // back only when the slide changed it.
            let mut cells: Line = [0; MAX_SIZE];
            for (exponent, index) in cells.iter_mut().zip(walk.indices(line)) {
                *exponent = self.cells[index];
            }
            let before = cells;
            let points = slide_in_place(&mut cells, |from, to, exponent, merged| {
                on_motion(Motion {
                    from: walk.cell(line, from),
                    to: walk.cell(line, to),
                    exponent,
                    merged,
                })
            });
            if cells != before {
                for (&exponent, index) in cells.iter().zip(walk.indices(line)) {
                    self.cells[index] = exponent;
                }
                changed = true;
            }
            score = score.saturating_add(points);
        }
        changed.then_some(score)
    }

    /// The number of empty cells.
    pub(super) fn empty_count(&self) -> usize {
        self.used().iter().filter(|&&e| e == 0).count()
    }

    /// Puts `exponent` on the `nth` empty cell in reading order and returns that cell, or None
    /// when there are not that many empty cells.
    pub(super) fn fill_nth_empty(&mut self, nth: usize, exponent: u8) -> Option<Cell> {
        let used = self.size() * self.size();
        let index = (0..used).filter(|&i| self.cells[i] == 0).nth(nth)?;
        self.cells[index] = exponent;
        Some(Cell::at(index, self.size()))
    }

    fn used(&self) -> &[u8] {
        &self.cells[..self.size() * self.size()]
    }
}

/// How a move walks the board: place `place` (0 at the wall) of line `line` is the cell
/// `origin + line * across + place * along`, in (row, column) steps. Lines are rows for moves left
/// and right, columns for moves up and down.
struct Walk {
    size: usize,
    origin: (usize, usize),
    along: (isize, isize),
    across: (isize, isize),
}

impl Walk {
    fn new(direction: Direction, size: usize) -> Walk {
        let far = size - 1;
        let (origin, along, across) = match direction {
            Direction::Left => ((0, 0), (0, 1), (1, 0)),
            Direction::Right => ((0, far), (0, -1), (1, 0)),
            Direction::Up => ((0, 0), (1, 0), (0, 1)),
            Direction::Down => ((far, 0), (-1, 0), (0, 1)),
        };
        Walk {
            size,
            origin,
            along,
            across,
        }
    }

    fn cell(&self, line: usize, place: usize) -> Cell {
        let step = |origin: usize, along: isize, across: isize| {
            origin.wrapping_add_signed(place as isize * along + line as isize * across)
        };
        Cell {
            row: step(self.origin.0, self.along.0, self.across.0),
            col: step(self.origin.1, self.along.1, self.across.1),
        }
    }

    /// The indices of the cells of line `line`, from the wall outward, in a board stored row by
    /// row: a start and a fixed step, which is all a slide needs to read and write a line.
    fn indices(&self, line: usize) -> impl Iterator<Item = usize> {
        let first = self.cell(line, 0);
        let start = first.row * self.size + first.col;
        let step = self.along.0 * self.size as isize + self.along.1;
        (0..self.size).map(move |place| start.wrapping_add_signed(place as isize * step))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.rows()).finish()
    }
}

#[cfg(test)]
#[path = "board_tests.rs"]
mod tests;
