use super::{field, game, views};
use crate::games::minesweeper::{CellView, Game, Pos, Status};

/// A mine in each corner; no zero anywhere, so each safe cell needs its own reveal.
const CORNERS: &str = "*.*
                       ...
                       *.*";

fn assert_nothing_changes_any_more(game: &mut Game) {
    let (before, clicks, status) = (views(game), game.clicks(), game.status());
    for pos in game.grid().positions().collect::<Vec<_>>() {
        assert!(!game.reveal(pos).changed);
        assert!(!game.chord(pos).changed);
        assert!(!game.toggle_flag(pos).changed);
    }
    assert_eq!(views(game), before);
    assert_eq!((game.clicks(), game.status()), (clicks, status));
}

#[test]
fn revealing_every_safe_cell_wins_and_flags_every_mine() {
    let mut game = Game::from_field(field(CORNERS), true);
    let safe = [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)].map(|(r, c)| Pos::new(r, c));
    // A question mark on a mine should turn into a flag too.
    game.toggle_flag(Pos::new(2, 0));
    game.toggle_flag(Pos::new(2, 0));
    for (done, &pos) in safe.iter().enumerate() {
        assert_eq!(game.safe_cells_left(), safe.len() - done);
        let outcome = game.reveal(pos);
        assert_eq!(outcome.ended(), done == safe.len() - 1);
    }
    assert_eq!(game.status(), Status::Won);
    for mine in [(0, 0), (0, 2), (2, 0), (2, 2)].map(|(r, c)| Pos::new(r, c)) {
        assert_eq!(game.cell(mine), CellView::Flagged);
    }
    assert_eq!(
        (
            game.mines_unflagged(),
            game.flags_placed(),
            game.safe_cells_left()
        ),
        (0, 4, 0)
    );
    assert_nothing_changes_any_more(&mut game);
}

#[test]
fn revealing_a_mine_loses_and_the_end_view_tells_every_kind_of_cell_apart() {
    let mut game = Game::from_field(
        field(
            "*.*.
             ....
             *..*",
        ),
        true,
    );
    game.reveal(Pos::new(1, 1));
    game.toggle_flag(Pos::new(0, 2)); // right
    game.toggle_flag(Pos::new(2, 2)); // wrong
    game.toggle_flag(Pos::new(2, 3)); // a question mark on a mine
    game.toggle_flag(Pos::new(2, 3));
    game.toggle_flag(Pos::new(0, 3)); // a question mark on a safe cell
    game.toggle_flag(Pos::new(0, 3));

    let outcome = game.reveal(Pos::new(0, 0));

    assert!(outcome.changed && outcome.ended() && !outcome.started());
    assert_eq!(game.status(), Status::Lost);
    use CellView::{
        ExplodedMine as B, Flagged as F, Hidden as H, Mine as M, Question as Q, Revealed as R,
        WrongFlag as X,
    };
    #[rustfmt::skip]
    let expected = [
        B, H,    F, Q,
        H, R(3), H, H,
        M, H,    X, M,
    ];
    assert_eq!(views(&game), expected);
    assert_nothing_changes_any_more(&mut game);
}

#[test]
fn status_follows_the_game() {
    let mut game = game(CORNERS);
    assert_eq!(game.status(), Status::NotStarted);
    game.toggle_flag(Pos::new(0, 0));
    assert_eq!(
        game.status(),
        Status::NotStarted,
        "flags do not start the game"
    );
    let first = game.reveal(Pos::new(1, 1));
    assert!(first.started() && !first.ended());
    assert_eq!(
        (first.previous, first.status),
        (Status::NotStarted, Status::Playing)
    );
    let second = game.reveal(Pos::new(0, 1));
    assert!(!second.started() && !second.ended());
    assert_eq!(game.status(), Status::Playing);
}

#[test]
fn a_first_reveal_on_a_hand_placed_mine_loses_at_once() {
    let mut game = game(CORNERS);
    let outcome = game.reveal(Pos::new(0, 0));
    assert!(outcome.started() && outcome.ended());
    assert_eq!(game.status(), Status::Lost);
}

#[test]
fn positions_off_the_board_change_nothing_and_are_not_clicks() {
    let mut game = game(CORNERS);
    game.reveal(Pos::new(1, 1));
    let before = views(&game);
    for pos in [
        Pos::new(3, 0),
        Pos::new(0, 3),
        Pos::new(usize::MAX, usize::MAX),
    ] {
        assert!(!game.reveal(pos).changed);
        assert!(!game.chord(pos).changed);
        assert!(!game.toggle_flag(pos).changed);
        assert_eq!(game.cell(pos), CellView::Hidden);
        assert!(!game.is_overflagged(pos));
        assert_eq!(game.grid().neighbours(pos).count(), 0);
    }
    assert_eq!(views(&game), before);
    assert_eq!(game.clicks(), 1);
}
