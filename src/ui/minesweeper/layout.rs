//! Where the board and its cells are: one function used for drawing and for mapping the mouse back
//! to a cell, so the two can never disagree. Boards larger than the terminal show a window that
//! starts at the view's first cell.

use ratatui::layout::{Position, Rect};

use crate::ui::split_footer;

use crate::games::minesweeper::Pos;

/// Columns beside the board for the result panel after a game.
pub const SIDE_PANEL_WIDTH: u16 = 30;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    /// The status line above the board (two rows when a finished game's summary needs them).
    pub status: Rect,
    /// The board's border.
    pub frame: Rect,
    /// The cells inside the border.
    pub cells: Rect,
    /// Terminal columns per cell: 3 when the board fits that way, else 2.
    pub cell_width: u16,
    /// Cells shown: rows and columns.
    pub shown_rows: usize,
    pub shown_cols: usize,
    /// The first cell shown (top left), kept inside the board.
    pub origin: Pos,
    pub side: Option<Rect>,
    pub footer: Rect,
}

/// Lays out a `rows` x `cols` board in `area`, showing from `view` (clamped so the window stays on
/// the board). `side_panel` asks for room beside the board; `status_rows` is 1 or 2.
pub fn layout(
    area: Rect,
    rows: usize,
    cols: usize,
    view: Pos,
    side_panel: bool,
    status_rows: u16,
) -> BoardLayout {
    let (area, footer) = split_footer(area);
    let status_height = status_rows.min(area.height);
    let frame_room = Rect {
        y: area.y + status_height,
        height: area.height - status_height,
        ..area
    };
    let wide = |width: u16| cols.saturating_mul(width as usize) + 2;
    let board_room = if side_panel && area.width >= wide(2) as u16 + SIDE_PANEL_WIDTH {
        area.width - SIDE_PANEL_WIDTH
    } else {
        area.width
    };
    let side = side_panel && board_room < area.width;
    let cell_width = if wide(3) <= board_room as usize { 3 } else { 2 };
    let inner_width = board_room.saturating_sub(2);
    let inner_height = frame_room.height.saturating_sub(2);
    let shown_cols = cols.min((inner_width / cell_width) as usize);
    let shown_rows = rows.min(inner_height as usize);
    let frame_width = (shown_cols as u16 * cell_width + 2).min(board_room);
    let frame_height = (shown_rows as u16 + 2).min(frame_room.height);
    let group_width = frame_width + if side { SIDE_PANEL_WIDTH } else { 0 };
    let left = area.x + (area.width - group_width.min(area.width)) / 2;
    // Status and board sit together in the middle of the room above the footer.
    let top = (frame_room.height - frame_height) / 2;
    let frame = Rect::new(left, frame_room.y + top, frame_width, frame_height);
    let origin = Pos::new(
        view.row.min(rows - shown_rows),
        view.col.min(cols - shown_cols),
    );
    BoardLayout {
        status: Rect::new(area.x, area.y + top, area.width, status_height),
        frame,
        cells: Rect::new(
            frame.x + 1,
            frame.y + 1,
            shown_cols as u16 * cell_width,
            shown_rows as u16,
        )
        .intersection(frame),
        cell_width,
        shown_rows,
        shown_cols,
        origin,
        side: side.then(|| {
            Rect::new(
                frame.right(),
                frame.y,
                SIDE_PANEL_WIDTH,
                frame_height.max(12).min(frame_room.height),
            )
        }),
        footer,
    }
}

impl BoardLayout {
    /// The cell drawn at a terminal position.
    pub fn cell_at(&self, position: Position) -> Option<Pos> {
        if !self.cells.contains(position) {
            return None;
        }
        let col = ((position.x - self.cells.x) / self.cell_width) as usize;
        let row = (position.y - self.cells.y) as usize;
        (col < self.shown_cols && row < self.shown_rows)
            .then(|| Pos::new(self.origin.row + row, self.origin.col + col))
    }

    /// Where a cell is drawn, if it is in the window.
    pub fn cell_rect(&self, pos: Pos) -> Option<Rect> {
        let row = pos
            .row
            .checked_sub(self.origin.row)
            .filter(|r| *r < self.shown_rows)?;
        let col = pos
            .col
            .checked_sub(self.origin.col)
            .filter(|c| *c < self.shown_cols)?;
        Some(Rect::new(
            self.cells.x + col as u16 * self.cell_width,
            self.cells.y + row as u16,
            self.cell_width,
            1,
        ))
    }

    /// The view that shows the same window as now, moved just enough to show `cursor`.
    pub fn view_showing(&self, cursor: Pos) -> Pos {
        let follow = |first: usize, shown: usize, at: usize| {
            if at < first {
                at
            } else if shown > 0 && at >= first + shown {
                at + 1 - shown
            } else {
                first
            }
        };
        Pos::new(
            follow(self.origin.row, self.shown_rows, cursor.row),
            follow(self.origin.col, self.shown_cols, cursor.col),
        )
    }

    /// Whether the whole board is on screen.
    pub fn shows_everything(&self, rows: usize, cols: usize) -> bool {
        self.shown_rows == rows && self.shown_cols == cols
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_maps_back_to_itself() {
        for (area, rows, cols) in [
            (Rect::new(0, 0, 80, 24), 9, 9),
            (Rect::new(0, 0, 80, 24), 20, 25),
            (Rect::new(3, 2, 50, 15), 100, 100),
            (Rect::new(0, 0, 200, 60), 16, 30),
        ] {
            let layout = layout(area, rows, cols, Pos::new(40, 40), false, 1);
            for row in 0..rows {
                for col in 0..cols {
                    let pos = Pos::new(row, col);
                    if let Some(rect) = layout.cell_rect(pos) {
                        for dx in 0..rect.width {
                            assert_eq!(
                                layout.cell_at(Position::new(rect.x + dx, rect.y)),
                                Some(pos)
                            );
                        }
                    }
                }
            }
            assert_eq!(
                layout.cell_at(Position::new(layout.frame.x, layout.frame.y)),
                None
            );
        }
    }

    #[test]
    fn expert_fits_80x24_with_three_columns_per_cell() {
        let layout = layout(Rect::new(0, 0, 80, 24), 20, 25, Pos::new(0, 0), false, 1);
        assert_eq!(layout.cell_width, 3);
        assert!(layout.shows_everything(20, 25));
    }

    #[test]
    fn a_big_board_scrolls_to_keep_the_cursor_in_view() {
        let at = |view| layout(Rect::new(0, 0, 40, 12), 100, 200, view, false, 1);
        let first = at(Pos::new(0, 0));
        assert_eq!((first.shown_rows, first.shown_cols), (8, 19));
        let view = first.view_showing(Pos::new(99, 199));
        let moved = at(view);
        assert!(moved.cell_rect(Pos::new(99, 199)).is_some());
        assert_eq!(moved.origin, Pos::new(92, 181));
        // A view past the board's end is pulled back.
        assert_eq!(at(Pos::new(500, 500)).origin, Pos::new(92, 181));
    }
}
