//! Tests of `board.rs`, in a file of their own to keep that one short.

use super::*;

type Rows = Vec<Vec<u64>>;
type Turn = fn(&Rows) -> Rows;

/// A board from rows of tile values (0 = empty), so tests read like the game.
fn board(rows: &[&[u64]]) -> Board {
    let rows: Rows = rows.iter().map(|row| row.to_vec()).collect();
    board_of(&rows)
}

fn board_of(rows: &Rows) -> Board {
    let cells: Vec<u8> = rows
        .iter()
        .flatten()
        .map(|&v| if v == 0 { 0 } else { v.trailing_zeros() as u8 })
        .collect();
    Board::from_cells(rows.len(), &cells).unwrap()
}

fn mirrored(rows: &Rows) -> Rows {
    rows.iter()
        .map(|row| row.iter().rev().copied().collect())
        .collect()
}

fn transposed(rows: &Rows) -> Rows {
    (0..rows.len())
        .map(|col| rows.iter().map(|row| row[col]).collect())
        .collect()
}

fn upside_down(rows: &Rows) -> Rows {
    rows.iter().rev().cloned().collect()
}

/// Checks a move to the left, then the same position turned so each other wall plays the left
/// wall's part: row r of the left move becomes row r read from the right, column r read from
/// the top, and column r read from the bottom.
fn check_every_direction(before: &[&[u64]], after: &[&[u64]], score: u64) {
    let before: Rows = before.iter().map(|row| row.to_vec()).collect();
    let after: Rows = after.iter().map(|row| row.to_vec()).collect();
    let turns: [(Direction, Turn); 4] = [
        (Direction::Left, |rows| rows.clone()),
        (Direction::Right, mirrored),
        (Direction::Up, transposed),
        (Direction::Down, |rows| upside_down(&transposed(rows))),
    ];
    for (direction, turn) in turns {
        let mut start = board_of(&turn(&before));
        assert_eq!(start.slide(direction), Some(score), "{direction:?}");
        assert_eq!(start, board_of(&turn(&after)), "{direction:?}");
    }
}

#[test]
fn the_original_games_examples_in_every_direction() {
    check_every_direction(
        &[&[2, 2, 2, 2], &[2, 2, 2, 0], &[4, 4, 8, 0], &[2, 2, 4, 4]],
        &[&[4, 4, 0, 0], &[4, 2, 0, 0], &[8, 8, 0, 0], &[4, 8, 0, 0]],
        8 + 4 + 8 + 12,
    );
    check_every_direction(
        &[&[8, 0, 0, 8], &[0, 0, 0, 0], &[0, 2, 0, 0], &[0, 0, 0, 0]],
        &[&[16, 0, 0, 0], &[0, 0, 0, 0], &[2, 0, 0, 0], &[0, 0, 0, 0]],
        16,
    );
}

#[test]
fn five_by_five_and_three_by_three_in_every_direction() {
    check_every_direction(
        &[
            &[2, 2, 2, 2, 2],
            &[0, 0, 0, 0, 4],
            &[4, 0, 4, 0, 4],
            &[0, 0, 0, 0, 0],
            &[2, 4, 8, 16, 32],
        ],
        &[
            &[4, 4, 2, 0, 0],
            &[4, 0, 0, 0, 0],
            &[8, 4, 0, 0, 0],
            &[0, 0, 0, 0, 0],
            &[2, 4, 8, 16, 32],
        ],
        8 + 8,
    );
    check_every_direction(
        &[&[2, 2, 2], &[0, 4, 4], &[8, 0, 2]],
        &[&[4, 2, 0], &[8, 0, 0], &[8, 2, 0]],
        4 + 8,
    );
}

#[test]
fn a_move_that_changes_nothing_leaves_the_board() {
    let mut packed = board(&[&[2, 4, 0], &[8, 0, 0], &[0, 0, 0]]);
    let before = packed;
    assert_eq!(packed.slide(Direction::Left), None);
    assert_eq!(packed.slide(Direction::Up), None);
    assert_eq!(packed, before);
    assert_eq!(packed.slide(Direction::Right), Some(0));
}

#[test]
fn motions_name_cells_of_the_board() {
    let mut start = board(&[&[0, 0, 0], &[2, 0, 0], &[2, 4, 0]]);
    let mut motions = Vec::new();
    let score = start.slide_reporting(Direction::Up, |motion| motions.push(motion));
    let motion = |from: (usize, usize), to: (usize, usize), exponent, merged| Motion {
        from: Cell {
            row: from.0,
            col: from.1,
        },
        to: Cell {
            row: to.0,
            col: to.1,
        },
        exponent,
        merged,
    };
    assert_eq!(score, Some(4));
    assert_eq!(start, board(&[&[4, 4, 0], &[0, 0, 0], &[0, 0, 0]]));
    assert_eq!(
        motions,
        vec![
            motion((1, 0), (0, 0), 1, true),
            motion((2, 0), (0, 0), 1, true),
            motion((2, 1), (0, 1), 2, false),
        ]
    );
}

#[test]
fn can_move_needs_a_gap_or_equal_neighbours() {
    assert!(!Board::new(3).unwrap().can_move(), "nothing to move");
    assert!(board(&[&[2, 0, 0], &[0, 0, 0], &[0, 0, 0]]).can_move());
    let stuck = [&[2, 4, 2][..], &[4, 2, 4], &[2, 4, 2]];
    assert!(!board(&stuck).can_move());
    assert!(board(&[&[2, 4, 2], &[4, 2, 4], &[2, 4, 4]]).can_move());
    assert!(board(&[&[2, 4, 2], &[4, 2, 2], &[2, 4, 8]]).can_move());
    assert!(board(&[&[2, 4, 2], &[4, 2, 8], &[2, 4, 8]]).can_move());
    // Equal tiles at the end of one row and the start of the next are not neighbours.
    assert!(!board(&[&[2, 4, 8], &[8, 2, 4], &[2, 4, 2]]).can_move());
}

#[test]
fn building_a_board_checks_its_shape_and_tiles() {
    assert_eq!(Board::new(2), Err(BoardError::Size(2)));
    assert_eq!(Board::new(9), Err(BoardError::Size(9)));
    assert!(Board::new(3).is_ok() && Board::new(8).is_ok());
    assert_eq!(
        Board::from_cells(3, &[0; 8]),
        Err(BoardError::CellCount { size: 3, cells: 8 })
    );
    assert!(Board::from_cells(3, &[10; 9]).is_ok());
    assert_eq!(
        Board::from_cells(3, &[11; 9]),
        Err(BoardError::Exponent {
            exponent: 11,
            max: 10
        })
    );
}

#[test]
fn cells_and_rows_for_drawing() {
    let start = board(&[&[2, 0, 0], &[0, 0, 8], &[0, 4, 0]]);
    assert_eq!(start.get(Cell { row: 1, col: 2 }), Some(3));
    assert_eq!(start.get(Cell { row: 2, col: 1 }), Some(2));
    assert_eq!(start.get(Cell { row: 3, col: 0 }), None);
    assert_eq!(start.get(Cell { row: 0, col: 3 }), None);
    let rows: Vec<&[u8]> = start.rows().collect();
    assert_eq!(rows, vec![&[1, 0, 0][..], &[0, 0, 3], &[0, 2, 0]]);
    assert_eq!(start.biggest_tile(), 3);
    assert_eq!(Board::new(4).unwrap().biggest_tile(), 0);
}

#[test]
fn directions_have_names_and_arrows() {
    let named: Vec<(&str, char)> = Direction::ALL
        .iter()
        .map(|d| (d.name(), d.arrow()))
        .collect();
    assert_eq!(
        named,
        vec![("up", '↑'), ("down", '↓'), ("left", '←'), ("right", '→')]
    );
}

#[test]
fn tile_values() {
    assert_eq!(tile_value(0), 0);
    assert_eq!(tile_value(1), 2);
    assert_eq!(tile_value(11), 2048);
    assert_eq!(tile_value(max_exponent(MAX_SIZE)), 1 << 65);
}
