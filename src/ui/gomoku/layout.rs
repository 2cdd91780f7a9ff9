//! Where the gomoku board, its labels and its intersections are, for drawing and for clicks. The
//! stones sit on the lines' crossings, one terminal row apart at 80x24; the spacing grows with
//! the terminal, about twice as wide as tall so that the board looks square.

use ratatui::layout::{Position, Rect, Size};

use crate::games::gomoku::Pos;
use crate::ui::marks::{BoardLayout, Rows};
use crate::ui::split_bottom;

/// The columns of the row numbers left of the board: two digits and a space.
const LABEL_WIDTH: u16 = 3;
/// The widest spacing: beyond it the board only gets emptier.
const MAX_CELL_HEIGHT: u16 = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GomokuLayout {
    pub status: Rect,
    /// The board's intersections: a cell each, `cell_width` x `cell_height`, its crossing in
    /// the middle of its top half.
    pub grid: Rect,
    /// The row of column letters above the grid.
    pub letters: Rect,
    /// The columns of row numbers left of the grid.
    pub numbers: Rect,
    pub cell_width: u16,
    pub cell_height: u16,
    pub size: usize,
    /// Lines under the board: the game's code, with the hint or the result beside or above it.
    pub result: Rect,
    pub footer: Rect,
}

/// The width of a cell `height` rows tall.
fn cell_width(height: u16) -> u16 {
    2 * height + 1
}

/// The room a board of `size` x `size` takes with cells `height` tall, labels included. The
/// halves of the outer cells beyond the edge lines are blank: the row numbers take the left
/// ones, and the right ones need no room.
pub fn board_size(size: usize, height: u16) -> Size {
    let n = size as u16;
    let width = cell_width(height);
    Size::new(LABEL_WIDTH + n * width - width / 2 * 2, 1 + n * height)
}

/// The smallest area a board of `size` needs with `rows` around it: one row per board row.
pub fn min_size(size: usize, rows: Rows) -> Size {
    let board = board_size(size, 1);
    Size::new(
        board.width,
        rows.status + board.height + rows.result + rows.footer,
    )
}

/// Lays out a board of `size` x `size` in `area`, with `rows` of status above and of result and
/// footer below, a blank row above and below the board where there is room for them.
pub fn layout(area: Rect, size: usize, rows: Rows) -> GomokuLayout {
    let (area, footer) = split_bottom(area, rows.footer);
    let room = Size::new(
        area.width,
        area.height.saturating_sub(rows.status + rows.result),
    );
    let fits = |h: u16| {
        let board = board_size(size, h);
        board.width <= room.width && board.height <= room.height
    };
    let cell_height = (1..=MAX_CELL_HEIGHT).rev().find(|&h| fits(h)).unwrap_or(1);
    let board = board_size(size, cell_height);
    let spare = room.height.saturating_sub(board.height);
    let (above, below) = (spare.min(1), spare.saturating_sub(1).min(1));
    let used = rows.status + above + board.height + below + rows.result;
    let top = area.y + area.height.saturating_sub(used) / 2;
    let left = area.x + area.width.saturating_sub(board.width) / 2;
    let n = size as u16;
    let grid = Rect::new(
        left + LABEL_WIDTH - cell_width(cell_height) / 2,
        top + rows.status + above + 1,
        n * cell_width(cell_height),
        n * cell_height,
    );
    let result_top = grid.bottom() + below;
    GomokuLayout {
        status: Rect::new(area.x, top, area.width, rows.status).intersection(area),
        grid: grid.intersection(area),
        letters: Rect::new(grid.x, grid.y.saturating_sub(1), grid.width, 1).intersection(area),
        numbers: Rect::new(left, grid.y, LABEL_WIDTH - 1, grid.height).intersection(area),
        cell_width: cell_width(cell_height),
        cell_height,
        size,
        result: Rect::new(area.x, result_top, area.width, rows.result).intersection(area),
        footer,
    }
}

impl GomokuLayout {
    /// The terminal cell of the crossing of `pos`, even where it is outside the terminal.
    pub fn crossing(&self, pos: Pos) -> (u16, u16) {
        (
            self.grid.x + pos.col as u16 * self.cell_width + self.cell_width / 2,
            self.grid.y + pos.row as u16 * self.cell_height + (self.cell_height - 1) / 2,
        )
    }
}

impl BoardLayout for GomokuLayout {
    fn around(&self) -> [Rect; 3] {
        [self.status, self.result, self.footer]
    }

    /// The intersection whose cell holds `position`: a click anywhere near a crossing is on it.
    fn cell_at(&self, position: Position) -> Option<Pos> {
        if !self.grid.contains(position) {
            return None;
        }
        let col = usize::from((position.x - self.grid.x) / self.cell_width);
        let row = usize::from((position.y - self.grid.y) / self.cell_height);
        (row < self.size && col < self.size).then_some(Pos::new(row, col))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROWS: Rows = Rows {
        status: 1,
        result: 1,
        footer: 1,
    };

    #[test]
    fn one_row_per_board_row_at_80x24_and_more_room_in_a_big_terminal() {
        let small = layout(Rect::new(0, 0, 80, 24), 15, ROWS);
        assert_eq!((small.cell_width, small.cell_height), (3, 1));
        assert_eq!(small.grid.height, 15);
        let big = layout(Rect::new(0, 0, 100, 35), 15, ROWS);
        assert_eq!((big.cell_width, big.cell_height), (5, 2));
        assert!(min_size(15, ROWS).height <= 24);
    }

    #[test]
    fn clicks_find_the_crossing_they_are_near() {
        for area in [Rect::new(0, 0, 80, 24), Rect::new(3, 2, 150, 60)] {
            let board = layout(area, 15, ROWS);
            for row in 0..15 {
                for col in 0..15 {
                    let pos = Pos::new(row, col);
                    let (x, y) = board.crossing(pos);
                    assert_eq!(board.cell_at(Position::new(x, y)), Some(pos));
                    let left = x - board.cell_width / 2;
                    assert_eq!(board.cell_at(Position::new(left, y)), Some(pos));
                }
            }
            let outside = Position::new(board.grid.right(), board.grid.y);
            assert_eq!(board.cell_at(outside), None);
        }
    }
}
