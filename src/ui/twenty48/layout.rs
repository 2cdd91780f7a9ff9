//! Where the board and its tiles are, for drawing, animating and mouse swipes. Tiles grow with the
//! terminal and shrink to fit small ones; a gap of the board's colour separates them. At the end
//! of a game a card beside or below the board tells how it went, the board in full beside it.

use ratatui::layout::{Position, Rect, Size};

use crate::games::twenty48::{Cell, Direction};
use crate::ui::split_bottom;

/// Tile sizes, largest first: odd widths and heights, so that numbers of an odd number of digits
/// (2, 4, 8, 128, ...) sit exactly in the middle, and about twice as wide as tall.
const TILE_SIZES: [Size; 5] = [
    Size::new(17, 7),
    Size::new(13, 5),
    Size::new(9, 3),
    Size::new(7, 1),
    Size::new(5, 1),
];
/// The smallest tiles, for the smallest terminals: "2048", and "2^k" for anything wider, fit.
const MIN_TILE: Size = Size::new(4, 1);
/// Columns between the board and a card beside it.
const CARD_GAP: u16 = 2;

/// A card's text with its border and a column of room on each side, if it has a border.
fn framed(card: Size, border: bool) -> Size {
    if border {
        Size::new(card.width + 4, card.height + 2)
    } else {
        card
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    /// The status rows above the board (none while the card shows).
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
    /// The card at the end of a game, and whether it has room for a border.
    pub card: Option<Rect>,
    pub card_border: bool,
    pub footer: Rect,
}

/// Columns between tiles for a number of rows between them (never none, so tiles stay apart).
fn gap_cols(gap_rows: u16) -> u16 {
    (2 * gap_rows).max(1)
}

/// Columns and rows of a board of `size` with tiles of the given size.
fn board_size(size: u16, tile: Size, gap_rows: u16) -> Size {
    Size::new(
        size * tile.width + (size + 1) * gap_cols(gap_rows),
        size * tile.height + (size + 1) * gap_rows,
    )
}

/// The smallest terminal a board of `size` fits in, with `other_rows` above and below it.
pub fn min_size(size: usize, other_rows: u16) -> Size {
    let board = board_size(size as u16, MIN_TILE, 0);
    Size::new(board.width.max(36), board.height + other_rows)
}

/// Tiles and row gaps that fit, largest first: every size with gaps, then every size without.
fn candidates() -> impl Iterator<Item = (Size, u16)> {
    [1, 0]
        .into_iter()
        .flat_map(|gap| TILE_SIZES.into_iter().map(move |tile| (tile, gap)))
        .chain([(MIN_TILE, 0)])
}

/// Where a card of `card` columns and rows goes beside (`true`) or below a board of `board`
/// in `room`: with a border if possible.
fn place_card(room: Size, board: Size, card: Size) -> Option<(bool, bool)> {
    [true, false].into_iter().find_map(|border| {
        let card = framed(card, border);
        let beside = board.width + CARD_GAP + card.width <= room.width
            && board.height.max(card.height) <= room.height;
        let below =
            board.width.max(card.width) <= room.width && board.height + card.height <= room.height;
        (beside || below).then_some((beside, border))
    })
}

/// Lays out a board of `size` in `area` under `status_rows` rows of status; with a `card` (its
/// text's columns and rows) the status gives way to the card, beside the board or below it, and
/// the tiles shrink only if the card needs the room.
pub fn layout(
    area: Rect,
    size: usize,
    status_rows: u16,
    card: Option<Size>,
    footer_rows: u16,
) -> BoardLayout {
    let n = size as u16;
    let (area, footer) = split_bottom(area, footer_rows);
    let playing_room = Size::new(area.width, area.height.saturating_sub(status_rows));
    let fits = |tile, gap, room: Size| {
        let board = board_size(n, tile, gap);
        board.width <= room.width && board.height <= room.height
    };
    // The tiles of the game in play: the largest that fit, else the smallest.
    let playing = candidates()
        .position(|(tile, gap)| fits(tile, gap, playing_room))
        .unwrap_or(TILE_SIZES.len() * 2);
    let largest = candidates().nth(playing).map_or(MIN_TILE, |(tile, _)| tile);
    let chosen = card.and_then(|card| {
        let smaller =
            |(tile, _): &(Size, u16)| tile.width <= largest.width && tile.height <= largest.height;
        candidates()
            .skip(playing)
            .filter(smaller)
            .find_map(|(tile, gap)| {
                place_card(area.as_size(), board_size(n, tile, gap), card)
                    .map(|placed| (tile, gap, placed, card))
            })
    });
    let (tile, gap_rows) = match chosen {
        Some((tile, gap, ..)) => (tile, gap),
        None => candidates().nth(playing).unwrap_or((MIN_TILE, 0)),
    };
    let board = board_size(n, tile, gap_rows);
    let (board, status, card_rect, card_border) = match chosen {
        Some((_, _, (beside, border), card)) => {
            let card = framed(card, border);
            let group = if beside {
                Size::new(
                    board.width + CARD_GAP + card.width,
                    board.height.max(card.height),
                )
            } else {
                Size::new(board.width.max(card.width), board.height + card.height)
            };
            let corner = centred(area, group);
            // Beside, board and card share a middle; below, the card follows the board.
            let middle = |height: u16| {
                corner.y
                    + if beside {
                        (group.height - height) / 2
                    } else {
                        0
                    }
            };
            let board_rect = Rect::new(
                corner.x + (group.width - board.width) / 2 * u16::from(!beside),
                middle(board.height),
                board.width,
                board.height,
            );
            let card_rect = if beside {
                Rect::new(
                    board_rect.right() + CARD_GAP,
                    middle(card.height),
                    card.width,
                    card.height,
                )
            } else {
                Rect::new(
                    corner.x + (group.width - card.width) / 2,
                    board_rect.bottom(),
                    card.width,
                    card.height,
                )
            };
            (
                board_rect,
                Rect::new(area.x, corner.y, area.width, 0),
                Some(card_rect),
                border,
            )
        }
        None => {
            let corner = centred(area, Size::new(board.width, board.height + status_rows));
            let board_rect = Rect::new(
                area.x + area.width.saturating_sub(board.width) / 2,
                corner.y + status_rows,
                board.width,
                board.height,
            );
            let status = Rect::new(area.x, corner.y, area.width, status_rows);
            (board_rect, status, None, false)
        }
    };
    BoardLayout {
        status: status.intersection(area),
        board: board.intersection(area),
        size,
        tile_width: tile.width,
        tile_height: tile.height,
        gap_rows,
        gap_cols: gap_cols(gap_rows),
        card: card_rect.map(|card| card.intersection(area)),
        card_border,
        footer,
    }
}

/// The top-left corner of `size` centred in `area` (at its corner where it is larger).
fn centred(area: Rect, size: Size) -> Position {
    Position::new(
        area.x + area.width.saturating_sub(size.width) / 2,
        area.y + area.height.saturating_sub(size.height) / 2,
    )
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
        let tile = |width, height| {
            let layout = layout(Rect::new(0, 0, width, height), 4, 2, None, 1);
            (layout.tile_width, layout.tile_height)
        };
        assert_eq!(
            [(40, 12), (80, 24), (100, 35), (200, 60)].map(|(w, h)| tile(w, h)),
            [(7, 1), (9, 3), (13, 5), (17, 7)]
        );
        for size in 3..=8 {
            let min = min_size(size, 4 + 1);
            let tight = layout(Rect::new(0, 0, min.width, min.height), size, 4, None, 1);
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
    fn the_card_goes_beside_a_board_in_a_wide_terminal_and_below_it_in_a_tall_one() {
        let card = Some(Size::new(20, 6));
        let wide = layout(Rect::new(0, 0, 100, 35), 4, 2, card, 1);
        let (board, beside) = (wide.board, wide.card.unwrap());
        assert_eq!(beside.x, board.right() + CARD_GAP);
        let (above, below) = (beside.y - board.y, board.bottom() - beside.bottom());
        assert!(above.abs_diff(below) <= 1, "beside the middle");
        assert!(wide.card_border);
        assert_eq!(
            wide.tile_height,
            layout(Rect::new(0, 0, 100, 35), 4, 2, None, 1).tile_height
        );
        let tall = layout(Rect::new(0, 0, 50, 40), 4, 2, card, 1);
        let below = tall.card.unwrap();
        assert_eq!(below.y, tall.board.bottom());
        assert!(below.intersection(tall.board).is_empty());
        for (width, height) in [(36, 11), (40, 12), (80, 24), (200, 60)] {
            for size in 3..=8 {
                let ended = layout(Rect::new(0, 0, width, height), size, 2, card, 1);
                if let Some(card) = ended.card {
                    assert!(
                        card.intersection(ended.board).is_empty(),
                        "{size} at {width}x{height}"
                    );
                    assert_eq!(ended.status.height, 0);
                }
            }
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
        let layout = layout(Rect::new(0, 0, 80, 24), 4, 2, None, 1);
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
