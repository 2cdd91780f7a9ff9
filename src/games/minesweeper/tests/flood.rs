use std::collections::HashSet;

use proptest::prelude::*;
use proptest::sample::Index;

use super::{around, game, mines_around, views};
use crate::games::minesweeper::{BoardSize, CellView, Game, GameOptions, MineField, Pos, Status};

/// What one reveal of `start` should open, by growing the open set until nothing changes: add
/// every unflagged neighbour of every open cell with no mine around it.
fn reference_opening(field: &MineField, flagged: &HashSet<Pos>, start: Pos) -> HashSet<Pos> {
    let (rows, cols) = (field.grid().rows(), field.grid().cols());
    let mut open = HashSet::from([start]);
    loop {
        let more: Vec<Pos> = open
            .iter()
            .filter(|&&pos| mines_around(field, pos) == 0)
            .flat_map(|&pos| around(rows, cols, pos))
            .filter(|near| !flagged.contains(near) && !open.contains(near))
            .collect();
        if more.is_empty() {
            return open;
        }
        open.extend(more);
    }
}

/// Each cell of a test board is drawn from `0..KINDS`: below the board's density a mine, `FLAG` a
/// flag request on a safe cell, anything else a plain safe cell.
const KINDS: u8 = 20;
const FLAG: u8 = KINDS - 1;

/// A board of up to 30x30 with 0% to 20% of mines, so that some zero areas are large and twisted.
fn board() -> impl Strategy<Value = (usize, usize, Vec<bool>, Vec<bool>, Index)> {
    (1..31usize, 1..31usize, 0..5u8).prop_flat_map(|(rows, cols, density)| {
        let kinds = prop::collection::vec(0..KINDS, rows * cols);
        (Just(rows), Just(cols), kinds, any::<Index>()).prop_map(
            move |(rows, cols, kinds, start)| {
                let mines = kinds.iter().map(|&kind| kind < density).collect();
                let flags = kinds.iter().map(|&kind| kind == FLAG).collect();
                (rows, cols, mines, flags, start)
            },
        )
    })
}

proptest! {
    #[test]
    fn reveal_opens_what_the_reference_opens((rows, cols, mines, flags, start) in board()) {
        let pos = |index: usize| Pos::new(index / cols, index % cols);
        let mines: Vec<Pos> = (0..mines.len()).filter(|&i| mines[i]).map(pos).collect();
        let field = MineField::from_mines(rows, cols, &mines).unwrap();
        let mut game = Game::from_field(field.clone(), false);
        for index in (0..flags.len()).filter(|&i| flags[i]) {
            game.toggle_flag(pos(index));
        }
        // The flag cap may have refused some requests: the reference uses the flags really placed.
        let flagged: HashSet<Pos> =
            game.grid().positions().filter(|&p| game.cell(p) == CellView::Flagged).collect();
        let closed_safe: Vec<Pos> = game
            .grid()
            .positions()
            .filter(|&p| !field.is_mine(p) && !flagged.contains(&p))
            .collect();
        prop_assume!(!closed_safe.is_empty());
        let start = *start.get(&closed_safe);

        let outcome = game.reveal(start);

        let expected = reference_opening(&field, &flagged, start);
        let opened: HashSet<Pos> = game
            .grid()
            .positions()
            .filter(|&p| matches!(game.cell(p), CellView::Revealed(_)))
            .collect();
        prop_assert_eq!(&opened, &expected);
        for &p in &opened {
            prop_assert_eq!(game.cell(p), CellView::Revealed(mines_around(&field, p)));
        }
        prop_assert!(outcome.changed);
        prop_assert_eq!(game.safe_cells_left(), closed_safe.len() + flagged.len() - opened.len());
        let won = game.safe_cells_left() == 0;
        prop_assert_eq!(game.status(), if won { Status::Won } else { Status::Playing });
    }
}

#[test]
fn opening_stops_at_the_numbered_border() {
    let mut game = game(
        "..*..
         ..*..
         ..*..",
    );
    game.reveal(Pos::new(0, 0));
    use CellView::{Hidden as H, Revealed as R};
    #[rustfmt::skip]
    let expected = [
        R(0), R(2), H, H, H,
        R(0), R(3), H, H, H,
        R(0), R(2), H, H, H,
    ];
    assert_eq!(views(&game), expected);
    assert_eq!(game.safe_cells_left(), 6);
    assert_eq!(game.status(), Status::Playing);
}

#[test]
fn a_number_opens_alone() {
    let mut game = game(
        "*....
         .....
         .....",
    );
    game.reveal(Pos::new(1, 1));
    let opened = views(&game)
        .iter()
        .filter(|view| **view != CellView::Hidden)
        .count();
    assert_eq!(opened, 1);
    assert_eq!(game.cell(Pos::new(1, 1)), CellView::Revealed(1));
}

#[test]
fn a_question_mark_does_not_stop_the_opening_but_a_flag_does() {
    let mut game = Game::from_field(super::field("......\n......\n.....*"), true);
    game.toggle_flag(Pos::new(0, 4));
    game.toggle_flag(Pos::new(0, 4));
    assert_eq!(game.cell(Pos::new(0, 4)), CellView::Question);
    game.toggle_flag(Pos::new(0, 5));

    game.reveal(Pos::new(0, 0));

    assert_eq!(game.cell(Pos::new(0, 4)), CellView::Revealed(0));
    assert_eq!(game.cell(Pos::new(0, 5)), CellView::Flagged);
    assert_eq!(game.safe_cells_left(), 1);
}

#[test]
fn a_thousand_square_board_with_one_mine_opens_in_one_reveal() {
    let size = BoardSize::new(1000, 1000, 1).unwrap();
    let mut game = Game::new(size, 7, GameOptions::default());
    let outcome = game.reveal(Pos::new(500, 500));
    assert!(outcome.started() && outcome.ended());
    assert_eq!(game.status(), Status::Won);
    assert_eq!(game.safe_cells_left(), 0);
    let flagged = views(&game)
        .iter()
        .filter(|view| **view == CellView::Flagged)
        .count();
    assert_eq!(flagged, 1);
    assert_eq!(game.bbbv(), Some(1));
}

#[test]
fn a_full_thousand_square_board_is_won_by_the_first_opening() {
    let size = BoardSize::new(1000, 1000, 1_000_000 - 9).unwrap();
    let mut game = Game::new(size, 3, GameOptions::default());
    game.reveal(Pos::new(500, 500));
    // Every cell but the first and its neighbours holds a mine: the opening is the whole game.
    assert_eq!(game.cell(Pos::new(500, 500)), CellView::Revealed(0));
    assert_eq!(game.cell(Pos::new(499, 499)), CellView::Revealed(5));
    assert_eq!(game.status(), Status::Won);
}
