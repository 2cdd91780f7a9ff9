//! A position as the odds engine reads it: what each cell shows and the total mine count, from a
//! game in progress or from text.

use std::fmt;

use super::super::game::{CellView, Game};
use super::super::grid::{Grid, Pos};

/// What is known of one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seen {
    Hidden,
    /// Opened, with the number of mines around it.
    Revealed(u8),
    /// Known to be a mine.
    Mine,
}

/// A board as far as it is known: `cells` row by row, and the mines on the whole board (known
/// ones included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub rows: usize,
    pub cols: usize,
    pub mines: u32,
    pub cells: Vec<Seen>,
}

/// Text that is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Malformed at a line and column (both counted from 1).
    At {
        line: usize,
        column: usize,
        problem: String,
    },
    /// No mine count was given and no standard level has this size.
    NoMineCount { rows: usize, cols: usize },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::At {
                line,
                column,
                problem,
            } => write!(f, "line {line}, column {column}: {problem}"),
            ParseError::NoMineCount { rows, cols } => write!(
                f,
                "a {rows}x{cols} board is no standard level (9x9, 16x16, 16x30, 30x16): \
                 give the mine count with --mines"
            ),
        }
    }
}

impl std::error::Error for ParseError {}

impl Position {
    /// Whether the cell at `index` is next to a revealed number.
    pub(super) fn touches_number(&self, index: usize) -> bool {
        Grid::new(self.rows, self.cols)
            .neighbour_indices(index)
            .any(|neighbour| matches!(self.cells[neighbour], Seen::Revealed(_)))
    }

    /// What the player of `game` sees: its revealed numbers and its mine count. Flags are not
    /// trusted (they may be wrong), so a flagged cell counts as hidden; a mine the player opened
    /// is a known mine.
    pub fn of_board(game: &Game) -> Position {
        let cells = game
            .grid()
            .positions()
            .map(|pos| match game.cell(pos) {
                CellView::Revealed(number) => Seen::Revealed(number),
                CellView::ExplodedMine => Seen::Mine,
                _ => Seen::Hidden,
            })
            .collect();
        Position {
            rows: game.rows(),
            cols: game.cols(),
            mines: game.mines() as u32,
            cells,
        }
    }

    /// One row a line: `1`-`8` a revealed number, a space or `0` a revealed cell with no mine
    /// around it, `.` a hidden cell, `F` or `*` a known mine. Every line holds the same number of
    /// cells; empty lines at the end are ignored. With `mines` unknown, the mine count is the one
    /// of the standard level whose size matches.
    pub fn parse(text: &str, mines: Option<u32>) -> Result<Position, ParseError> {
        let lines: Vec<&str> = text.lines().collect();
        let used = lines.len()
            - lines
                .iter()
                .rev()
                .take_while(|line| line.is_empty())
                .count();
        let error = |line: usize, column: usize, problem: String| ParseError::At {
            line,
            column,
            problem,
        };
        if used == 0 {
            return Err(error(1, 1, "no board: the text has no rows".into()));
        }
        let cols = lines[0].chars().count();
        let mut cells = Vec::with_capacity(used * cols);
        for (row, line) in lines[..used].iter().enumerate() {
            let mut count = 0;
            for (col, symbol) in line.chars().enumerate() {
                count += 1;
                if col >= cols {
                    return Err(error(
                        row + 1,
                        col + 1,
                        format!("the row is longer than the first ({cols} cells)"),
                    ));
                }
                cells.push(match symbol {
                    '.' => Seen::Hidden,
                    'F' | '*' => Seen::Mine,
                    ' ' => Seen::Revealed(0),
                    '0'..='8' => Seen::Revealed(symbol as u8 - b'0'),
                    other => {
                        return Err(error(
                            row + 1,
                            col + 1,
                            format!("{other:?} is not a cell (expected 1-8, 0 or a space, '.', 'F' or '*')"),
                        ));
                    }
                });
            }
            if count < cols {
                return Err(error(
                    row + 1,
                    count + 1,
                    format!("the row is shorter than the first ({cols} cells)"),
                ));
            }
        }
        if cols == 0 {
            return Err(error(1, 1, "no board: the first row is empty".into()));
        }
        let mines = mines
            .or_else(|| level_mines(used, cols))
            .ok_or(ParseError::NoMineCount { rows: used, cols })?;
        Ok(Position {
            rows: used,
            cols,
            mines,
            cells,
        })
    }

    pub(super) fn pos(&self, index: usize) -> Pos {
        Pos::new(index / self.cols, index % self.cols)
    }
}

/// The mines of the standard level of that size: beginner, intermediate, expert either way up.
fn level_mines(rows: usize, cols: usize) -> Option<u32> {
    match (rows, cols) {
        (9, 9) => Some(10),
        (16, 16) => Some(40),
        (16, 30) | (30, 16) => Some(99),
        _ => None,
    }
}
