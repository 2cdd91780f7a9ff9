//! Where the board and its cells are: one function used for drawing and for mapping the mouse back
//! to a cell, so the two can never disagree. Cells grow with the terminal and shrink to fit small
//! ones; their size depends on the terminal and the board only, never on the game's state. Boards
//! larger than the terminal show a window onto the board.

use ratatui::layout::{Position, Rect, Size};

use crate::ui::split_bottom;

use crate::games::minesweeper::Pos;

/// Columns beside the board for the result panel after a game.
pub const SIDE_PANEL_WIDTH: u16 = 30;

/// Cell sizes, smallest first: about twice as wide as tall, as a terminal cell is about half as
/// wide as tall, and an odd width so that the glyph has a middle column.
const CELL_SIZES: [Size; 4] = [
    Size::new(2, 1),
    Size::new(3, 1),
    Size::new(5, 2),
    Size::new(7, 3),
];

/// The cell size for a `rows` x `cols` board in `room` (`status` rows and the board's border
/// included): the largest with which the whole board fits, else the widest one-row size with
/// which every column fits, else the smallest.
fn cell_size(room: Size, status: u16, rows: usize, cols: usize) -> Size {
    let fits =
        |length: usize, side: u16, room: u16| length.saturating_mul(side.into()) + 2 <= room.into();
    let room_rows = room.height.saturating_sub(status);
    CELL_SIZES
        .into_iter()
        .rev()
        .find(|cell| fits(rows, cell.height, room_rows) && fits(cols, cell.width, room.width))
        .or_else(|| {
            CELL_SIZES
                .into_iter()
                .rev()
                .find(|cell| cell.height == 1 && fits(cols, cell.width, room.width))
        })
        .unwrap_or(CELL_SIZES[0])
}

/// Where the board goes across the terminal, before the text around it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Across {
    /// Whether the result panel goes beside the board.
    pub side: bool,
    /// The board's border, in columns.
    pub frame_width: u16,
    /// The status's width: the terminal's.
    pub width: u16,
    /// The rows the status may take with a row of cells still in view.
    pub rows: u16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    /// The status above the board: one row, or more where its text wraps.
    pub status: Rect,
    /// The board's border.
    pub frame: Rect,
    /// The cells inside the border.
    pub cells: Rect,
    /// Terminal columns and rows of one cell.
    pub cell: Size,
    /// Cells shown: rows and columns.
    pub shown_rows: usize,
    pub shown_cols: usize,
    /// The first cell shown (top left), kept inside the board.
    pub origin: Pos,
    pub side: Option<Rect>,
    pub footer: Rect,
    /// The board's place across, as the text around it was fitted to it.
    pub across: Across,
}

/// Lays out a `rows` x `cols` board in `area`, showing from `view` (clamped so the window stays on
/// the board). `panel_rows` asks for a result panel of that many rows of text beside the board,
/// where it fits to the right of the board; `status_rows` says how many rows the status takes
/// once the board's place across is known. A status that wraps takes its rows from the cells'
/// size before it takes them from the board, so that the whole board stays in view.
pub fn layout(
    area: Rect,
    rows: usize,
    cols: usize,
    view: Pos,
    panel_rows: Option<u16>,
    status_rows: impl Fn(Across) -> u16,
    footer_rows: u16,
) -> BoardLayout {
    let (area, footer) = split_bottom(area, footer_rows);
    let place = |status: u16| {
        let cell = cell_size(area.as_size(), status, rows, cols);
        let shown_cols = cols.min((area.width.saturating_sub(2) / cell.width) as usize);
        let frame_width = (shown_cols as u16 * cell.width + 2).min(area.width);
        let left = area.x + (area.width - frame_width) / 2;
        let panel_height = panel_rows.map(|rows| rows + 2).filter(|height| {
            *height <= area.height && area.right() - (left + frame_width) >= SIDE_PANEL_WIDTH
        });
        let side = panel_height.is_some();
        let across = Across {
            side,
            frame_width,
            width: area.width,
            // The border's two rows and one row of cells.
            rows: area.height.saturating_sub(2 + 1),
        };
        let status = status_rows(across).min(area.height);
        (cell, shown_cols, left, panel_height, status, across)
    };
    let one_row = place(1);
    let (cell, shown_cols, left, panel_height, status_height, across) = match one_row.4 {
        0 | 1 => one_row,
        status => place(status),
    };
    let frame_width = across.frame_width;
    let window_rows = |status: u16| {
        rows.min((area.height.saturating_sub(status + 2) / cell.height) as usize) as u16
    };
    // The board stays where one status row puts it, as long as the status has room above it.
    let one_row_height = window_rows(1) * cell.height + 2;
    let settled_top = (area.height.saturating_sub(1 + one_row_height)) / 2 + 1;
    let shown_rows = window_rows(status_height);
    let frame_height = (shown_rows * cell.height + 2).min(area.height - status_height);
    let frame_top = settled_top
        .max(status_height)
        .min(area.height - frame_height);
    let frame = Rect::new(left, area.y + frame_top, frame_width, frame_height);
    let shown_rows = shown_rows as usize;
    let origin = Pos::new(
        view.row.min(rows - shown_rows),
        view.col.min(cols - shown_cols),
    );
    BoardLayout {
        status: Rect::new(area.x, frame.y - status_height, area.width, status_height),
        frame,
        cells: Rect::new(
            frame.x + 1,
            frame.y + 1,
            shown_cols as u16 * cell.width,
            shown_rows as u16 * cell.height,
        )
        .intersection(frame),
        cell,
        shown_rows,
        shown_cols,
        origin,
        side: panel_height.map(|height| {
            let top = frame.y.min(area.bottom() - height);
            Rect::new(frame.right(), top, SIDE_PANEL_WIDTH, height)
        }),
        footer,
        across,
    }
}

impl BoardLayout {
    /// The cell drawn at a terminal position.
    pub fn cell_at(&self, position: Position) -> Option<Pos> {
        if !self.cells.contains(position) {
            return None;
        }
        let col = ((position.x - self.cells.x) / self.cell.width) as usize;
        let row = ((position.y - self.cells.y) / self.cell.height) as usize;
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
            self.cells.x + col as u16 * self.cell.width,
            self.cells.y + row as u16 * self.cell.height,
            self.cell.width,
            self.cell.height,
        ))
    }

    /// Where a cell's glyph goes in its rect: the middle (left of the middle in an even width,
    /// above it in an even height).
    pub fn glyph_at(rect: Rect) -> Position {
        Position::new(
            rect.x + (rect.width.max(1) - 1) / 2,
            rect.y + (rect.height.max(1) - 1) / 2,
        )
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

    fn playing(area: Rect, rows: usize, cols: usize, view: Pos) -> BoardLayout {
        layout(area, rows, cols, view, None, |_| 1, 1)
    }

    #[test]
    fn every_cell_maps_back_to_itself() {
        for (area, rows, cols) in [
            (Rect::new(0, 0, 80, 24), 9, 9),
            (Rect::new(0, 0, 80, 24), 20, 25),
            (Rect::new(3, 2, 50, 15), 100, 100),
            (Rect::new(0, 0, 200, 60), 16, 30),
            (Rect::new(0, 0, 200, 60), 9, 9),
        ] {
            let layout = playing(area, rows, cols, Pos::new(40, 40));
            for row in 0..rows {
                for col in 0..cols {
                    let pos = Pos::new(row, col);
                    if let Some(rect) = layout.cell_rect(pos) {
                        for position in rect.positions() {
                            assert_eq!(layout.cell_at(position), Some(pos));
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
    fn cells_grow_with_the_terminal() {
        let cell = |width, height, rows, cols| {
            let layout = playing(Rect::new(0, 0, width, height), rows, cols, Pos::new(0, 0));
            (layout.cell.width, layout.cell.height)
        };
        // Beginner, Expert and the 16x30 board at 40x12, 80x24, 100x35 and 200x60.
        assert_eq!(
            [(40, 12), (80, 24), (100, 35), (200, 60)].map(|(w, h)| cell(w, h, 9, 9)),
            [(3, 1), (5, 2), (7, 3), (7, 3)]
        );
        assert_eq!(
            [(40, 12), (80, 24), (100, 35), (200, 60)].map(|(w, h)| cell(w, h, 20, 25)),
            [(2, 1), (3, 1), (3, 1), (5, 2)]
        );
        assert_eq!(
            [(40, 12), (80, 24), (100, 35), (200, 60)].map(|(w, h)| cell(w, h, 16, 30)),
            [(2, 1), (2, 1), (3, 1), (5, 2)]
        );
    }

    #[test]
    fn expert_fits_80x24_with_three_columns_per_cell() {
        let layout = playing(Rect::new(0, 0, 80, 24), 20, 25, Pos::new(0, 0));
        assert_eq!(layout.cell, Size::new(3, 1));
        assert!(layout.shows_everything(20, 25));
    }

    #[test]
    fn more_status_rows_take_the_margin_first_and_then_board_rows() {
        let area = Rect::new(0, 0, 80, 24);
        let beginner = |rows| layout(area, 9, 9, Pos::new(0, 0), None, |_| rows, 1);
        assert_eq!(beginner(2).frame, beginner(1).frame);
        assert_eq!(beginner(2).status.bottom(), beginner(2).frame.y);
        let expert = |rows| layout(area, 20, 25, Pos::new(0, 0), None, |_| rows, 1);
        assert_eq!(expert(2).shown_rows, 19);
        assert_eq!(expert(2).cell, expert(1).cell);
    }

    #[test]
    fn a_status_of_two_rows_shrinks_the_cells_rather_than_cut_the_board() {
        let area = Rect::new(0, 0, 80, 21);
        let beginner = |rows| layout(area, 9, 9, Pos::new(0, 0), None, |_| rows, 0);
        assert_eq!(beginner(1).cell, Size::new(5, 2));
        assert!(beginner(1).shows_everything(9, 9));
        assert_eq!(beginner(2).cell, Size::new(3, 1));
        assert!(beginner(2).shows_everything(9, 9));
    }

    #[test]
    fn the_result_panel_goes_beside_the_board_only_where_it_fits() {
        let ended = |width, height, rows, cols, panel| {
            layout(
                Rect::new(0, 0, width, height),
                rows,
                cols,
                Pos::new(0, 0),
                Some(panel),
                |_| 1,
                1,
            )
        };
        let wide = ended(200, 60, 9, 9, 10);
        let side = wide.side.expect("room beside the board");
        assert_eq!(
            (side.x, side.y, side.height),
            (wide.frame.right(), wide.frame.y, 12)
        );
        assert_eq!(
            wide.frame,
            playing(Rect::new(0, 0, 200, 60), 9, 9, Pos::new(0, 0)).frame
        );
        assert_eq!(ended(80, 24, 20, 25, 10).side, None);
        assert_eq!(
            ended(200, 12, 9, 9, 11).side,
            None,
            "too short for the panel"
        );
    }

    #[test]
    fn a_big_board_scrolls_to_keep_the_cursor_in_view() {
        let at = |view| playing(Rect::new(0, 0, 40, 12), 100, 200, view);
        let first = at(Pos::new(0, 0));
        assert_eq!((first.shown_rows, first.shown_cols), (8, 19));
        let view = first.view_showing(Pos::new(99, 199));
        let moved = at(view);
        assert!(moved.cell_rect(Pos::new(99, 199)).is_some());
        assert_eq!(moved.origin, Pos::new(92, 181));
        // A view past the board's end is pulled back.
        assert_eq!(at(Pos::new(500, 500)).origin, Pos::new(92, 181));
    }

    #[test]
    fn no_size_panics() {
        for width in 0..60 {
            for height in 0..30 {
                let area = Rect::new(0, 0, width, height);
                for status in 0..4 {
                    let layout = layout(area, 20, 25, Pos::new(19, 24), Some(12), |_| status, 1);
                    assert!(area.contains(layout.frame.as_position()) || layout.frame.is_empty());
                    assert!(layout.status.bottom() <= layout.frame.y);
                }
            }
        }
    }
}
