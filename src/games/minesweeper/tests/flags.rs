use super::{field, game, views};
use crate::games::minesweeper::{CellView, Game, Pos, Status};

/// Two mines, in the top corners.
const TWO_MINES: &str = "*...*
                         .....
                         .....";

#[test]
fn flags_are_capped_at_the_number_of_mines() {
    let mut game = game(TWO_MINES);
    assert!(game.toggle_flag(Pos::new(0, 0)).changed);
    assert!(game.toggle_flag(Pos::new(2, 2)).changed);
    assert_eq!((game.flags_placed(), game.mines_unflagged()), (2, 0));

    assert!(!game.toggle_flag(Pos::new(0, 4)).changed);
    assert_eq!(game.cell(Pos::new(0, 4)), CellView::Hidden);
    assert_eq!(game.flags_placed(), 2);

    assert!(game.toggle_flag(Pos::new(2, 2)).changed);
    assert_eq!(game.mines_unflagged(), 1);
    assert!(game.toggle_flag(Pos::new(0, 4)).changed);
    assert_eq!(game.cell(Pos::new(0, 4)), CellView::Flagged);
}

#[test]
fn a_flag_blocks_reveal_until_taken_off() {
    let mut game = game(TWO_MINES);
    game.toggle_flag(Pos::new(2, 2));
    let outcome = game.reveal(Pos::new(2, 2));
    assert!(!outcome.changed);
    assert_eq!(game.cell(Pos::new(2, 2)), CellView::Flagged);
    assert_eq!(game.status(), Status::NotStarted);

    game.toggle_flag(Pos::new(2, 2));
    assert!(game.reveal(Pos::new(2, 2)).started());
    assert_eq!(game.cell(Pos::new(2, 2)), CellView::Revealed(0));
}

#[test]
fn a_flag_on_a_flagged_mine_also_protects_it() {
    let mut game = game(TWO_MINES);
    game.toggle_flag(Pos::new(0, 0));
    assert!(!game.reveal(Pos::new(0, 0)).changed);
    assert_eq!(game.status(), Status::NotStarted);
}

#[test]
fn the_flag_action_does_nothing_on_a_revealed_cell() {
    let mut game = game(TWO_MINES);
    game.reveal(Pos::new(1, 0));
    assert_eq!(game.status(), Status::Playing);
    let before = views(&game);
    assert!(!game.toggle_flag(Pos::new(1, 0)).changed);
    assert_eq!(views(&game), before);
    assert_eq!(game.flags_placed(), 0);
}

#[test]
fn question_marks_cycle_flag_question_blank() {
    let mut game = Game::from_field(field(TWO_MINES), true);
    let pos = Pos::new(1, 1);
    let mut seen = Vec::new();
    for _ in 0..4 {
        game.toggle_flag(pos);
        seen.push((game.cell(pos), game.flags_placed()));
    }
    assert_eq!(
        seen,
        [
            (CellView::Flagged, 1),
            (CellView::Question, 0),
            (CellView::Hidden, 0),
            (CellView::Flagged, 1),
        ]
    );
}

#[test]
fn without_question_marks_the_flag_action_toggles() {
    let mut game = game(TWO_MINES);
    let pos = Pos::new(1, 1);
    game.toggle_flag(pos);
    game.toggle_flag(pos);
    assert_eq!(game.cell(pos), CellView::Hidden);
}

#[test]
fn question_mark_mode_can_be_switched_during_a_game() {
    let mut game = game(TWO_MINES);
    assert!(!game.question_marks());
    game.set_question_marks(true);
    let pos = Pos::new(1, 1);
    game.toggle_flag(pos);
    game.toggle_flag(pos);
    assert_eq!(game.cell(pos), CellView::Question);
    // Turned off, a question mark left on the board clears with the next flag action.
    game.set_question_marks(false);
    game.toggle_flag(pos);
    assert_eq!(game.cell(pos), CellView::Hidden);
}

#[test]
fn a_question_mark_can_be_revealed() {
    let mut game = Game::from_field(field(TWO_MINES), true);
    let pos = Pos::new(2, 2);
    game.toggle_flag(pos);
    game.toggle_flag(pos);
    assert!(game.reveal(pos).changed);
    assert_eq!(game.cell(pos), CellView::Revealed(0));
}

#[test]
fn a_question_mark_needs_room_under_the_flag_cap() {
    let mut game = Game::from_field(field(TWO_MINES), true);
    game.toggle_flag(Pos::new(0, 0));
    game.toggle_flag(Pos::new(0, 4));
    // The cycle goes through a flag first, so at the cap a blank cell stays blank.
    assert!(!game.toggle_flag(Pos::new(1, 1)).changed);
    assert_eq!(game.cell(Pos::new(1, 1)), CellView::Hidden);
}

#[test]
fn used_flags_remembers_any_flag_ever_placed() {
    let mut game = game(TWO_MINES);
    assert!(!game.used_flags());
    game.toggle_flag(Pos::new(1, 1));
    game.toggle_flag(Pos::new(1, 1));
    assert!(game.used_flags());
    assert_eq!(game.flags_placed(), 0);
}

#[test]
fn winning_without_flags_does_not_count_as_using_them() {
    let mut game = game(TWO_MINES);
    game.reveal(Pos::new(2, 2));
    assert_eq!(game.status(), Status::Won);
    assert!(!game.used_flags());
    assert_eq!(game.flags_placed(), 2);
}

#[test]
fn overflagged_numbers_are_reported() {
    let mut game = game(TWO_MINES);
    game.reveal(Pos::new(1, 0));
    assert_eq!(game.cell(Pos::new(1, 0)), CellView::Revealed(1));
    game.toggle_flag(Pos::new(0, 0));
    assert!(!game.is_overflagged(Pos::new(1, 0)), "exactly satisfied");
    game.toggle_flag(Pos::new(0, 1));
    assert!(game.is_overflagged(Pos::new(1, 0)));
    assert!(!game.is_overflagged(Pos::new(1, 1)), "hidden cell");
    assert!(!game.is_overflagged(Pos::new(9, 9)), "off the board");
}
