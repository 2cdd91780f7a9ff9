//! Where the grid and its cells are, for drawing and for clicks. Cells grow with the terminal,
//! about twice as wide as tall so that marks look square.

use ratatui::layout::{Position, Rect};

use crate::games::tictactoe::Pos;
use crate::ui::marks::BoardLayout;
use crate::ui::split_bottom;

/// The tallest a cell gets: beyond this, marks only get emptier.
const MAX_CELL_HEIGHT: u16 = 7;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridLayout {
    pub status: Rect,
    /// The grid: cells with one line between neighbours, none around the outside.
    pub grid: Rect,
    pub cell_width: u16,
    pub cell_height: u16,
    pub rows: usize,
    pub cols: usize,
    /// Lines under the grid: the game's code, with the hint or the result beside or above it.
    pub result: Rect,
    pub footer: Rect,
}

/// The smallest grid of `rows` x `cols` cells: one row and three columns a cell, and the lines
/// between them.
pub fn min_grid(rows: usize, cols: usize) -> (u16, u16) {
    let (r, c) = (rows as u16, cols as u16);
    (4 * c - 1, 2 * r - 1)
}

/// Lays out a grid of `rows` x `cols` cells in `area`, under `status_rows` rows of status and
/// above `result_rows` of result and `footer_rows` of footer.
pub fn layout(
    area: Rect,
    rows: usize,
    cols: usize,
    status_rows: u16,
    result_rows: u16,
    footer_rows: u16,
) -> GridLayout {
    let (area, footer) = split_bottom(area, footer_rows);
    let (r, c) = (rows as u16, cols as u16);
    // A blank row above and below the grid, where there is room for them and the smallest grid.
    let spacer = u16::from(area.height >= status_rows + result_rows + 2 * r - 1 + 2);
    let room_height = area
        .height
        .saturating_sub(status_rows + result_rows + 2 * spacer);
    // The largest height h whose cells (2h + 1 wide) fit, at least one row.
    let fits = |h: u16| {
        let w = 2 * h + 1;
        c * w + c.saturating_sub(1) <= area.width && r * h + r.saturating_sub(1) <= room_height
    };
    let cell_height = (1..=MAX_CELL_HEIGHT).rev().find(|&h| fits(h)).unwrap_or(1);
    let cell_width = 2 * cell_height + 1;
    let grid_width = (c * cell_width + c.saturating_sub(1)).min(area.width);
    let grid_height = (r * cell_height + r.saturating_sub(1)).min(room_height.max(r));
    let used = status_rows + spacer + grid_height + spacer + result_rows;
    let top = area.y + area.height.saturating_sub(used) / 2;
    let grid = Rect::new(
        area.x + (area.width - grid_width) / 2,
        top + status_rows + spacer,
        grid_width,
        grid_height,
    )
    .intersection(area);
    GridLayout {
        status: Rect::new(area.x, top, area.width, status_rows).intersection(area),
        grid,
        cell_width,
        cell_height,
        rows,
        cols,
        result: Rect::new(area.x, grid.bottom() + spacer, area.width, result_rows)
            .intersection(area),
        footer,
    }
}

impl BoardLayout for GridLayout {
    fn around(&self) -> [Rect; 3] {
        [self.status, self.result, self.footer]
    }

    fn cell_at(&self, position: Position) -> Option<Pos> {
        GridLayout::cell_at(self, position)
    }
}

impl GridLayout {
    pub fn cell_rect(&self, pos: Pos) -> Option<Rect> {
        if pos.row >= self.rows || pos.col >= self.cols {
            return None;
        }
        let rect = Rect::new(
            self.grid.x + pos.col as u16 * (self.cell_width + 1),
            self.grid.y + pos.row as u16 * (self.cell_height + 1),
            self.cell_width,
            self.cell_height,
        );
        Some(rect.intersection(self.grid)).filter(|r| !r.is_empty())
    }

    /// The cell at a terminal position; the grid lines between cells belong to none.
    pub fn cell_at(&self, position: Position) -> Option<Pos> {
        if !self.grid.contains(position) {
            return None;
        }
        let dx = position.x - self.grid.x;
        let dy = position.y - self.grid.y;
        let (col, col_offset) = (dx / (self.cell_width + 1), dx % (self.cell_width + 1));
        let (row, row_offset) = (dy / (self.cell_height + 1), dy % (self.cell_height + 1));
        let pos = Pos::new(row as usize, col as usize);
        (col_offset < self.cell_width
            && row_offset < self.cell_height
            && pos.row < self.rows
            && pos.col < self.cols)
            .then_some(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_grow_with_the_terminal_and_clicks_find_them() {
        let small = layout(Rect::new(0, 0, 40, 14), 3, 3, 1, 1, 1);
        let large = layout(Rect::new(0, 0, 120, 40), 3, 3, 1, 1, 1);
        assert!(large.cell_height > small.cell_height);
        for grid in [small, large, layout(Rect::new(2, 1, 80, 24), 5, 5, 1, 1, 1)] {
            for row in 0..grid.rows {
                for col in 0..grid.cols {
                    let pos = Pos::new(row, col);
                    let rect = grid.cell_rect(pos).unwrap();
                    for (x, y) in [(rect.x, rect.y), (rect.right() - 1, rect.bottom() - 1)] {
                        assert_eq!(grid.cell_at(Position::new(x, y)), Some(pos));
                    }
                    // The line right of a cell is no cell.
                    if col + 1 < grid.cols {
                        assert_eq!(grid.cell_at(Position::new(rect.right(), rect.y)), None);
                    }
                }
            }
        }
    }
}
