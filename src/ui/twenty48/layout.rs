//! Where the board and its tiles are, for drawing, animating and mouse swipes. Tiles grow with the
//! terminal and shrink to fit small ones; a gap of the board's colour separates them.

use ratatui::layout::{Position, Rect, Size};

use crate::games::twenty48::{Cell, Direction};
use crate::ui::split_footer;

/// Tiles are at least this wide: "2048", and "2^k" for anything wider, fit.
const MIN_TILE_WIDTH: u16 = 4;
const MAX_TILE_HEIGHT: u16 = 5;
/// Rows above the board (status) and their gap to it.
const STATUS_ROWS: u16 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    pub status: Rect,
    /// The board, gaps and outer edge included.
    pub board: Rect,
    pub size: usize,
    pub tile_width: u16,
    pub tile_height: u16,
    /// Rows between tiles (0 when the terminal is short).
    pub gap_rows: u16,
    /// Columns between tiles: twice the rows, since a row is about two columns tall.
    pub gap_cols: u16,
    pub footer: Rect,
}

/// Columns between tiles for a number of rows between them (never none, so tiles stay apart).
fn gap_cols(gap_rows: u16) -> u16 {
    (2 * gap_rows).max(1)
}

/// Columns and rows of a board of `size` with tiles of the given size.
fn board_size(size: u16, tile_width: u16, tile_height: u16, gap_rows: u16) -> Size {
    Size::new(
        size * tile_width + (size + 1) * gap_cols(gap_rows),
        size * tile_height + (size + 1) * gap_rows,
    )
}

/// The smallest terminal a board of `size` fits in.
pub fn min_size(size: usize) -> Size {
    let board = board_size(size as u16, MIN_TILE_WIDTH, 1, 0);
    Size::new(board.width.max(36), board.height + STATUS_ROWS + 1)
}

pub fn layout(area: Rect, size: usize) -> BoardLayout {
    let n = size as u16;
    let (area, footer) = split_footer(area);
    let room = Size::new(area.width, area.height.saturating_sub(STATUS_ROWS));
    // The largest tiles that fit, about twice as wide as tall, with gaps between rows if possible.
    let fitting = |gap_rows: u16| {
        (1..=MAX_TILE_HEIGHT).rev().find_map(|h| {
            let w = (2 * h + 4).max(MIN_TILE_WIDTH);
            let board = board_size(n, w, h, gap_rows);
            (board.width <= room.width && board.height <= room.height).then_some((w, h, gap_rows))
        })
    };
    let (tile_width, tile_height, gap_rows) = fitting(1)
        .or_else(|| fitting(0))
        .or_else(|| {
            let w = ((room.width.saturating_sub(n + 1)) / n.max(1)).max(MIN_TILE_WIDTH);
            // No room for gaps between rows: tiles touch above and below, one column apart.
            (board_size(n, w, 1, 0).width <= room.width).then_some((w, 1, 0))
        })
        .unwrap_or((MIN_TILE_WIDTH, 1, 0));
    let board = board_size(n, tile_width, tile_height, gap_rows);
    let used_height = STATUS_ROWS + board.height;
    let top = area.y + area.height.saturating_sub(used_height) / 2;
    let board = Rect::new(
        area.x + area.width.saturating_sub(board.width) / 2,
        top + STATUS_ROWS,
        board.width,
        board.height,
    )
    .intersection(area);
    BoardLayout {
        status: Rect::new(area.x, top, area.width, 1).intersection(area),
        board,
        size,
        tile_width,
        tile_height,
        gap_rows,
        gap_cols: gap_cols(gap_rows),
        footer,
    }
}

impl BoardLayout {
    /// The top-left corner of a tile, in columns and rows from the board's corner; fractional
    /// cells give the in-between places of a sliding tile.
    pub fn tile_origin(&self, row: f64, col: f64) -> (f64, f64) {
        let x = f64::from(self.gap_cols) + col * f64::from(self.tile_width + self.gap_cols);
        let y = f64::from(self.gap_rows) + row * f64::from(self.tile_height + self.gap_rows);
        (f64::from(self.board.x) + x, f64::from(self.board.y) + y)
    }

    pub fn tile_rect(&self, cell: Cell) -> Rect {
        let (x, y) = self.tile_origin(cell.row as f64, cell.col as f64);
        Rect::new(x as u16, y as u16, self.tile_width, self.tile_height).intersection(self.board)
    }

    /// A click away from the middle moves toward the nearest edge: the outer quarter of the board
    /// on each side is that edge's band.
    pub fn band_direction(&self, position: Position) -> Option<Direction> {
        if !self.board.contains(position) {
            return None;
        }
        // Distances to each edge as fractions of the board, so tall and wide boards compare fairly.
        let fx = (f64::from(position.x - self.board.x) + 0.5) / f64::from(self.board.width);
        let fy = (f64::from(position.y - self.board.y) + 0.5) / f64::from(self.board.height);
        let (direction, distance) = [
            (Direction::Left, fx),
            (Direction::Right, 1.0 - fx),
            (Direction::Up, fy),
            (Direction::Down, 1.0 - fy),
        ]
        .into_iter()
        .min_by(|a, b| a.1.total_cmp(&b.1))?;
        (distance < 0.25).then_some(direction)
    }
}

/// A press and release this far apart is a swipe: at least one row or two columns, along the
/// longer way (a row is about two columns tall).
pub fn swipe(from: Position, to: Position) -> Option<Direction> {
    let dx = i32::from(to.x) - i32::from(from.x);
    let dy = i32::from(to.y) - i32::from(from.y);
    if dx.abs() < 2 && dy.abs() < 1 {
        return None;
    }
    Some(if dx.abs() >= 2 * dy.abs() {
        if dx > 0 {
            Direction::Right
        } else {
            Direction::Left
        }
    } else if dy > 0 {
        Direction::Down
    } else {
        Direction::Up
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_grow_with_the_terminal_and_fit_small_ones() {
        let big = layout(Rect::new(0, 0, 200, 60), 4);
        let small = layout(Rect::new(0, 0, 80, 24), 4);
        assert!(big.tile_height > small.tile_height);
        for size in 3..=8 {
            let min = min_size(size);
            let tight = layout(Rect::new(0, 0, min.width, min.height), size);
            let last = tight.tile_rect(Cell {
                row: size - 1,
                col: size - 1,
            });
            assert_eq!(
                (last.width, last.height),
                (tight.tile_width, tight.tile_height),
                "{size}"
            );
        }
    }

    #[test]
    fn swipes_follow_the_longer_axis_and_short_moves_are_clicks() {
        let at = Position::new;
        assert_eq!(swipe(at(10, 10), at(11, 10)), None);
        assert_eq!(swipe(at(10, 10), at(12, 10)), Some(Direction::Right));
        assert_eq!(swipe(at(10, 10), at(10, 9)), Some(Direction::Up));
        assert_eq!(swipe(at(10, 10), at(13, 8)), Some(Direction::Up));
        assert_eq!(swipe(at(10, 10), at(5, 12)), Some(Direction::Left));
    }

    #[test]
    fn clicks_near_an_edge_move_toward_it() {
        let layout = layout(Rect::new(0, 0, 80, 24), 4);
        let b = layout.board;
        let mid = Position::new(b.x + b.width / 2, b.y + b.height / 2);
        assert_eq!(layout.band_direction(mid), None);
        assert_eq!(
            layout.band_direction(Position::new(mid.x, b.y)),
            Some(Direction::Up)
        );
        assert_eq!(
            layout.band_direction(Position::new(b.right() - 1, mid.y)),
            Some(Direction::Right)
        );
        assert_eq!(
            layout.band_direction(Position::new(mid.x, b.bottom() - 1)),
            Some(Direction::Down)
        );
        assert_eq!(
            layout.band_direction(Position::new(b.x, mid.y)),
            Some(Direction::Left)
        );
    }
}
