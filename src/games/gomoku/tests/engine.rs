//! The engine's board against the rules: shapes read from the pattern table, and the counts kept
//! move by move equal to those of a board built afresh.

use super::super::board::Board;
use super::super::pattern::{Class, Shape};
use super::super::{Game, Mark, Pos, Rule, Rules};
use super::support::{random_positions, winning_cells};

fn board_of(rules: Rules, xs: &[(usize, usize)], os: &[(usize, usize)]) -> Board {
    let mut board = Board::new(rules);
    for &(row, col) in xs {
        board.put(board.index(Pos::new(row, col)), Mark::X);
    }
    for &(row, col) in os {
        board.put(board.index(Pos::new(row, col)), Mark::O);
    }
    board
}

/// The shape X makes across (direction 0) by playing `(row, col)`.
fn across(board: &Board, row: usize, col: usize) -> Shape {
    board.shapes(board.index(Pos::new(row, col)), Mark::X)[0]
}

#[test]
fn shapes_along_a_row() {
    let rules = Rules::default();
    let three = board_of(rules, &[(7, 5), (7, 6), (7, 7)], &[]);
    assert_eq!(across(&three, 7, 4), Shape::OpenFour);
    assert_eq!(across(&three, 7, 8), Shape::OpenFour);
    assert_eq!(across(&three, 7, 3), Shape::Four);
    assert_eq!(across(&three, 7, 9), Shape::Four);
    let blocked = board_of(rules, &[(7, 5), (7, 6), (7, 7)], &[(7, 4)]);
    assert_eq!(across(&blocked, 7, 8), Shape::Four);
    let four = board_of(rules, &[(7, 5), (7, 6), (7, 7), (7, 8)], &[(7, 4)]);
    assert_eq!(across(&four, 7, 9), Shape::Five);
    let two = board_of(rules, &[(7, 6), (7, 7)], &[]);
    assert_eq!(across(&two, 7, 5), Shape::OpenThree);
    assert_eq!(across(&two, 7, 9), Shape::OpenThree);
    // At the edge no five fits through a cell walled in by O.
    let edge = board_of(rules, &[], &[(0, 4)]);
    assert_eq!(across(&edge, 0, 2), Shape::Dead);
}

#[test]
fn six_is_no_five_in_the_standard_rule() {
    let xs = [(3, 2), (3, 3), (3, 5), (3, 6), (3, 7)];
    for (rule, five) in [(Rule::Freestyle, true), (Rule::Standard, false)] {
        let board = board_of(Rules::new(15, rule).unwrap(), &xs, &[]);
        assert_eq!(across(&board, 3, 4) == Shape::Five, five, "{rule}");
    }
    // The standard rule's four next to a stone two away makes no six: X X X X _ _ X.
    let board = board_of(
        Rules::new(15, Rule::Standard).unwrap(),
        &[(3, 2), (3, 3), (3, 4), (3, 5), (3, 8)],
        &[],
    );
    assert_eq!(across(&board, 3, 6), Shape::Five);
    assert_eq!(across(&board, 3, 1), Shape::Five);
}

#[test]
fn classes_of_moves() {
    let rules = Rules::default();
    // A four across and an open three down meet on (7, 9).
    let board = board_of(rules, &[(7, 6), (7, 7), (7, 8), (8, 9), (9, 9)], &[(7, 5)]);
    assert_eq!(
        board.class(board.index(Pos::new(7, 9)), Mark::X),
        Class::FourThree
    );
    let board = board_of(rules, &[(7, 7), (7, 8), (8, 9), (9, 9)], &[]);
    assert_eq!(
        board.class(board.index(Pos::new(7, 9)), Mark::X),
        Class::DoubleThree
    );
}

/// Everything a board keeps, to compare two boards.
fn summary(board: &Board) -> (u64, [i32; 2], Vec<[Shape; 4]>) {
    let size = board.rules().size();
    let shapes = (0..size * size)
        .flat_map(|i| {
            let index = board.index(Pos::new(i / size, i % size));
            [board.shapes(index, Mark::X), board.shapes(index, Mark::O)]
        })
        .collect();
    (
        board.hash(),
        [board.potential(Mark::X), board.potential(Mark::O)],
        shapes,
    )
}

#[test]
fn the_board_kept_move_by_move_equals_one_built_afresh_and_undo_restores_it() {
    for rule in Rule::ALL {
        let rules = Rules::new(15, rule).unwrap();
        for game in random_positions(rules, 40, 7) {
            let mut board = Board::from_game(&game);
            let before = summary(&board);
            let extra: Vec<Pos> = game.free_cells().step_by(17).take(4).collect();
            for &pos in &extra {
                board.play(board.index(pos));
            }
            for _ in &extra {
                board.undo();
            }
            assert_eq!(summary(&board), before);
            assert_eq!(summary(&Board::from_game(&game)), before);
        }
    }
}

#[test]
fn fives_on_the_board_are_the_winning_cells_of_the_rules() {
    for rule in Rule::ALL {
        let rules = Rules::new(15, rule).unwrap();
        let mut seen = 0;
        for game in random_positions(rules, 150, 11) {
            let board = Board::from_game(&game);
            for mark in [Mark::X, Mark::O] {
                let mut fives = Vec::new();
                board.fives(mark, &mut fives);
                let mut fives: Vec<Pos> = fives.into_iter().map(|i| board.pos(i)).collect();
                fives.sort();
                let expected = winning_cells(&game, mark);
                seen += expected.len();
                assert_eq!(fives, expected, "{mark} after {:?}", game.history());
            }
        }
        assert!(seen > 20, "only {seen} winning cells");
    }
}

#[test]
fn a_game_replays_onto_the_board() {
    let game = Game::from_moves(
        Rules::default(),
        &[Pos::new(7, 7), Pos::new(8, 8), Pos::new(0, 14)],
    )
    .unwrap();
    let board = Board::from_game(&game);
    assert_eq!(board.to_move(), Mark::O);
    assert!(!board.is_empty(board.index(Pos::new(0, 14))));
    assert!(!board.is_empty(board.index(Pos::new(8, 8))));
    assert!(board.is_empty(board.index(Pos::new(8, 7))));
    assert_eq!(board.stones(), 3);
}
