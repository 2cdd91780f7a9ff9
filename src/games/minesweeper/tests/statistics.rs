use proptest::prelude::*;

use super::{field, game, mines_around};
use crate::games::minesweeper::{BoardSize, CellView, Game, GameOptions, MineField, Pos, Status};

#[test]
fn bbbv_of_hand_made_boards() {
    let cases = [
        // No mine: one click opens everything.
        (".....\n.....", 1),
        // One zero area reaches every safe cell, the three 1s around the mine included.
        ("*....\n.....\n.....", 1),
        // A wall of mines: the zero column on each side opens itself and the 2-3-2 column next
        // to it, so one click per side.
        ("..*..\n..*..\n..*..", 2),
        // Mines in the corners: the five safe cells are 2, 2, 4, 2, 2 and no zero, five clicks.
        ("*.*\n...\n*.*", 5),
        // Counts 0 1 * 2 * 1 0: each end zero opens itself and its 1; the middle 2 touches no
        // zero and needs its own click: 2 + 1.
        ("..*.*..", 3),
        // Counts, row by row: 1 * 1 0 / 2 2 2 1 / * 1 1 * / 1 1 1 1. The only zero, top right,
        // opens itself and the 1, 2, 1 around it; the other nine numbers need a click each: 1 + 9.
        (".*..\n....\n*..*\n....", 10),
        // Every cell a mine but one, a 3 in the corner: one click.
        (".*\n**", 1),
        // Nothing safe: nothing to click.
        ("**\n**", 0),
    ];
    for (picture, expected) in cases {
        assert_eq!(field(picture).bbbv(), expected, "\n{picture}");
    }
}

#[test]
fn the_game_knows_its_bbbv_once_the_mines_are_placed() {
    let mut game = Game::new(BoardSize::EXPERT, 11, GameOptions::default());
    assert_eq!(game.bbbv(), None);
    game.reveal(Pos::new(0, 0));
    let bbbv = game.bbbv().unwrap();
    assert!(
        bbbv > 1,
        "an Expert board needs more than one click, got {bbbv}"
    );
    assert_eq!(super::game("..*..\n..*..\n..*..").bbbv(), Some(2));
}

/// A small board where each cell is a mine with probability about 1/6.
fn random_field() -> impl Strategy<Value = MineField> {
    (1..13usize, 1..13usize)
        .prop_flat_map(|(rows, cols)| {
            (
                Just(rows),
                Just(cols),
                prop::collection::vec(prop::bool::weighted(0.16), rows * cols),
            )
        })
        .prop_map(|(rows, cols, mines)| {
            let mines: Vec<Pos> = (0..mines.len())
                .filter(|&index| mines[index])
                .map(|index| Pos::new(index / cols, index % cols))
                .collect();
            MineField::from_mines(rows, cols, &mines).unwrap()
        })
}

proptest! {
    /// Clicking a cell of every zero area first, then every number still closed, clears the board
    /// in exactly 3BV clicks.
    #[test]
    fn bbbv_clicks_clear_the_board(field in random_field()) {
        let mut game = Game::from_field(field.clone(), false);
        let safe: Vec<Pos> = field.grid().positions().filter(|&pos| !field.is_mine(pos)).collect();
        let (zeros, numbers): (Vec<Pos>, Vec<Pos>) =
            safe.iter().partition(|&&pos| mines_around(&field, pos) == 0);
        for pos in zeros.into_iter().chain(numbers) {
            if game.cell(pos) == CellView::Hidden {
                game.reveal(pos);
            }
        }
        prop_assert_eq!(game.clicks(), field.bbbv());
        let expected = if safe.is_empty() { Status::NotStarted } else { Status::Won };
        prop_assert_eq!(game.status(), expected);
    }
}

#[test]
fn clicks_count_every_request_wasted_ones_included() {
    let mut game = game(
        "*....
         .....
         .....",
    );
    game.toggle_flag(Pos::new(0, 1)); // a flag, wrong but counted
    game.reveal(Pos::new(0, 1)); // blocked by the flag
    game.toggle_flag(Pos::new(0, 0)); // over the cap: refused
    game.toggle_flag(Pos::new(0, 1)); // taken off
    game.reveal(Pos::new(1, 1)); // opens a 1
    game.chord(Pos::new(1, 1)); // unsatisfied
    game.chord(Pos::new(2, 4)); // on a hidden cell
    assert_eq!(game.clicks(), 7);
    assert_eq!(game.status(), Status::Playing);
    game.reveal(Pos::new(2, 4)); // wins
    assert_eq!(game.clicks(), 8);
    game.reveal(Pos::new(0, 0)); // after the end: not counted
    assert_eq!(game.clicks(), 8);
    assert_eq!(game.bbbv(), Some(1));
}
