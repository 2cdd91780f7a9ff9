//! Tests of `game.rs`, in a file of their own to keep that one short.

use super::*;
use crate::games::twenty48::Cell;

/// A game on the given board, as if it had just started from `seed`.
fn game_on(size: usize, cells: &[u8], seed: u64) -> Game {
    let mut game = Game::new(size, seed).unwrap();
    game.position.board = Board::from_cells(size, cells).unwrap();
    game
}

#[test]
fn a_new_game_has_two_small_tiles() {
    for size in 3..=8 {
        let game = Game::new(size, size as u64).unwrap();
        let tiles: Vec<u8> = game
            .board()
            .rows()
            .flatten()
            .copied()
            .filter(|&e| e > 0)
            .collect();
        assert_eq!(tiles.len(), 2);
        assert!(tiles.iter().all(|&e| e == 1 || e == 2));
        assert_eq!((game.score(), game.moves()), (0, 0));
        assert_eq!(game.status(), Status::Playing);
        assert!(!game.undo_used() && !game.can_undo());
    }
    assert_eq!(Game::new(2, 0), Err(BoardError::Size(2)));
    assert_eq!(Game::new(9, 0), Err(BoardError::Size(9)));
}

#[test]
fn a_move_that_changes_nothing_does_nothing() {
    let mut game = game_on(3, &[1, 2, 0, 3, 0, 0, 0, 0, 0], 5);
    let before = game.clone();
    assert_eq!(game.play(Direction::Left), None);
    assert_eq!(game.play(Direction::Up), None);
    assert_eq!(game, before);
}

#[test]
fn a_move_slides_scores_counts_and_spawns() {
    let mut game = game_on(4, &[1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], 5);
    let report = game.play(Direction::Left).unwrap();
    assert_eq!(report.score_gained, 4);
    assert_eq!((game.score(), game.moves()), (4, 1));
    let cell = |row, col| Cell { row, col };
    assert_eq!(
        report.merged,
        vec![Tile {
            cell: cell(0, 0),
            exponent: 2
        }]
    );
    let mut motions: Vec<_> = report
        .motions
        .iter()
        .map(|m| (m.from, m.to, m.exponent, m.merged))
        .collect();
    motions.sort();
    assert_eq!(
        motions,
        vec![
            (cell(0, 0), cell(0, 0), 1, true),
            (cell(0, 1), cell(0, 0), 1, true),
            (cell(3, 3), cell(3, 0), 2, false),
        ]
    );
    let spawned = report.spawned;
    assert_ne!(spawned.cell, cell(0, 0));
    assert_ne!(spawned.cell, cell(3, 0));
    assert_eq!(game.board().get(spawned.cell), Some(spawned.exponent));
    assert!(!report.won);
}

#[test]
fn the_win_at_2048_is_reported_once() {
    // Two 1024s side by side, and two 512s to make a second 2048 later.
    let mut cells = [0; 16];
    cells[..2].copy_from_slice(&[10, 10]);
    cells[12..14].copy_from_slice(&[9, 9]);
    let mut game = game_on(4, &cells, 1);
    let report = game.play(Direction::Left).unwrap();
    assert!(report.won);
    assert_eq!(game.status(), Status::Won);
    assert_eq!(game.biggest_tile(), 11);

    // The win waits for an answer: moves and undo do nothing.
    let waiting = game.clone();
    assert_eq!(game.play(Direction::Right), None);
    assert!(!game.undo());
    assert_eq!(game, waiting);

    game.keep_going();
    assert_eq!(game.status(), Status::Playing);
    // Undo back before the win and win again: not reported a second time.
    assert!(game.undo());
    assert!(!game.play(Direction::Left).unwrap().won);
    assert_eq!(game.status(), Status::Playing);
}

#[test]
fn the_win_on_3x3_is_512() {
    let mut game = game_on(3, &[8, 8, 0, 0, 0, 0, 0, 0, 0], 1);
    assert!(game.play(Direction::Right).unwrap().won);
    assert_eq!(game.status(), Status::Won);

    let mut bigger = game_on(4, &[8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 1);
    assert!(!bigger.play(Direction::Right).unwrap().won);
    assert_eq!(bigger.status(), Status::Playing);
}

#[test]
fn a_full_board_without_merges_is_over() {
    let mut game = game_on(3, &[1, 2, 1, 2, 1, 2, 1, 2, 1], 1);
    assert_eq!(game.status(), Status::Over);
    assert!(!game.can_move());
    for direction in Direction::ALL {
        assert_eq!(game.play(direction), None);
    }
}

#[test]
fn the_last_move_can_end_the_game_and_undo_revives_it() {
    // Sliding left merges the two 4s and leaves one gap at the top right; whether a 2 or a 4
    // lands there, no two neighbours are equal.
    let mut game = game_on(3, &[2, 2, 4, 5, 6, 7, 3, 4, 3], 1);
    assert_eq!(game.status(), Status::Playing);
    let report = game.play(Direction::Left).unwrap();
    assert_eq!(report.spawned.cell, Cell { row: 0, col: 2 });
    assert_eq!(game.status(), Status::Over);
    assert!(game.undo());
    assert_eq!(game.status(), Status::Playing);
}

#[test]
fn undo_takes_back_the_move_its_tile_and_its_score() {
    let mut game = Game::new(4, 9).unwrap();
    let start = game.clone();
    let mut played = 0;
    for direction in Direction::ALL.iter().cycle().take(40) {
        played += u64::from(game.play(*direction).is_some());
    }
    assert_eq!(game.moves(), played);
    while game.undo() {}
    assert_eq!(game.position, start.position);
    assert!(game.undo_used());
    assert_eq!(game.assists().collect::<Vec<_>>(), vec![Assist::Undo]);
    assert!(!game.can_undo());
}

#[test]
fn a_retried_move_after_undo_spawns_the_same_tile() {
    let mut game = Game::new(4, 21).unwrap();
    let direction = Direction::ALL
        .into_iter()
        .find(|&d| game.board().clone().slide(d).is_some())
        .unwrap();
    let first = game.play(direction).unwrap();
    assert!(game.undo());
    assert_eq!(game.play(direction).unwrap(), first);
}

#[test]
fn undo_reaches_back_at_most_the_limit() {
    let mut game = Game::new(8, 4).unwrap();
    let mut played = 0;
    for direction in Direction::ALL.iter().cycle() {
        played += usize::from(game.play(*direction).is_some());
        if played == UNDO_LIMIT + 10 {
            break;
        }
    }
    let mut undone = 0;
    while game.undo() {
        undone += 1;
    }
    assert_eq!(undone, UNDO_LIMIT);
    assert_eq!(game.moves(), 10);
}

#[test]
fn hints_and_autoplay_mark_the_game_and_are_saved() {
    let mut game = Game::new(4, 2).unwrap();
    assert!(!game.hint_used() && !game.autoplayed());
    game.mark_assist(Assist::Hint);
    assert!(game.hint_used() && !game.autoplayed());
    game.mark_assist(Assist::Autoplay);
    game.mark_assist(Assist::Hint);
    assert_eq!(
        game.assists().collect::<Vec<_>>(),
        vec![Assist::Hint, Assist::Autoplay]
    );
    assert!(!game.undo_used() && game.autoplayed());
    let json = serde_json::to_string(&game).unwrap();
    assert!(json.contains("\"hint\"") && json.contains("\"autoplay\""));
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
}

#[test]
fn no_undo_at_the_start_leaves_the_game_unassisted() {
    let mut game = Game::new(4, 2).unwrap();
    assert!(!game.undo());
    assert!(!game.undo_used());
    assert_eq!(game.assists().count(), 0);
}
