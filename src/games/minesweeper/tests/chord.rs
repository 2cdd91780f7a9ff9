use super::{game, views};
use crate::games::minesweeper::{CellView, Game, Pos, Status};

/// One mine in the corner; (1, 1) is a 1 whose other neighbours lead to a zero area.
const CORNER_MINE: &str = "*....
                           .....
                           .....";

fn corner_game_with_one_revealed() -> Game {
    let mut game = game(CORNER_MINE);
    game.reveal(Pos::new(1, 1));
    assert_eq!(game.cell(Pos::new(1, 1)), CellView::Revealed(1));
    game
}

#[test]
fn chord_with_the_right_flags_opens_the_rest_and_its_zero_areas() {
    let mut game = corner_game_with_one_revealed();
    game.toggle_flag(Pos::new(0, 0));
    let outcome = game.chord(Pos::new(1, 1));
    assert!(outcome.changed && outcome.ended());
    assert_eq!(game.status(), Status::Won);
    assert_eq!(game.cell(Pos::new(2, 4)), CellView::Revealed(0));
}

#[test]
fn reveal_on_a_satisfied_number_chords() {
    let mut game = corner_game_with_one_revealed();
    game.toggle_flag(Pos::new(0, 0));
    assert!(game.reveal(Pos::new(1, 1)).changed);
    assert_eq!(game.status(), Status::Won);
}

#[test]
fn chord_with_a_wrong_flag_loses() {
    let mut game = corner_game_with_one_revealed();
    game.toggle_flag(Pos::new(0, 1));
    let outcome = game.chord(Pos::new(1, 1));
    assert!(outcome.changed && outcome.ended());
    assert_eq!(game.status(), Status::Lost);
    assert_eq!(game.cell(Pos::new(0, 0)), CellView::ExplodedMine);
    assert_eq!(game.cell(Pos::new(0, 1)), CellView::WrongFlag);
}

#[test]
fn chord_on_an_unsatisfied_number_changes_nothing() {
    let mut game = corner_game_with_one_revealed();
    let before = views(&game);
    assert!(!game.chord(Pos::new(1, 1)).changed);
    assert!(!game.reveal(Pos::new(1, 1)).changed);
    assert_eq!(views(&game), before);
}

#[test]
fn chord_on_an_overflagged_number_changes_nothing() {
    let mut game = game(
        "*...*
         .....
         .....",
    );
    game.reveal(Pos::new(1, 1));
    game.toggle_flag(Pos::new(0, 0));
    game.toggle_flag(Pos::new(0, 1));
    let before = views(&game);
    assert!(!game.chord(Pos::new(1, 1)).changed);
    assert_eq!(views(&game), before);
    assert_eq!(game.status(), Status::Playing);
}

#[test]
fn chord_on_a_hidden_cell_or_a_zero_changes_nothing() {
    let mut game = game(
        "..*..
         ..*..
         .....",
    );
    game.toggle_flag(Pos::new(1, 0));
    game.reveal(Pos::new(0, 0));
    game.reveal(Pos::new(0, 4));
    let before = views(&game);
    assert!(!game.chord(Pos::new(2, 2)).changed, "hidden cell");
    assert!(!game.chord(Pos::new(1, 0)).changed, "flagged cell");
    assert!(!game.chord(Pos::new(0, 0)).changed, "zero next to a flag");
    assert!(!game.chord(Pos::new(0, 4)).changed, "zero");
    assert_eq!(views(&game), before);
    assert_eq!(game.status(), Status::Playing);
}

#[test]
fn chord_opens_question_marks_but_not_flags() {
    let mut game = Game::from_field(super::field("*..\n...\n..*"), true);
    game.reveal(Pos::new(1, 1));
    game.toggle_flag(Pos::new(0, 2));
    game.toggle_flag(Pos::new(0, 2));
    assert_eq!(game.cell(Pos::new(0, 2)), CellView::Question);
    game.toggle_flag(Pos::new(0, 0));
    game.toggle_flag(Pos::new(2, 2));
    game.chord(Pos::new(1, 1));
    assert_eq!(game.cell(Pos::new(0, 2)), CellView::Revealed(0));
    assert_eq!(game.status(), Status::Won);
}
