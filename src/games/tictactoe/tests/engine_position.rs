//! The engine's board keeps its per-line bookkeeping right through moves and take-backs.

use std::sync::Arc;

use rand::RngExt;

use super::super::geometry::Geometry;
use super::super::position::Position;
use super::super::{Game, Mark, Pos, Rules};
use super::support::{all_lines, winning_cells};
use crate::games::rng_from_seed;

/// Checks what the engine's board says against the rules' game with the same moves.
fn assert_agrees(position: &Position, game: &Game) {
    let rules = game.rules();
    let cells = |set: super::super::cells::Cells| -> Vec<Pos> {
        set.iter().map(|cell| rules.pos(cell)).collect()
    };
    assert_eq!(
        cells(position.empty_cells()),
        game.free_cells().collect::<Vec<_>>()
    );
    for mark in [Mark::X, Mark::O] {
        assert_eq!(
            cells(position.threats(mark)),
            winning_cells(game, mark),
            "after {:?}",
            game.history()
        );
        let open = all_lines(rules)
            .iter()
            .filter(|line| {
                line.iter()
                    .all(|&pos| game.mark_at(pos) != Some(mark.other()))
            })
            .count();
        assert_eq!(position.open_lines(mark), open);
    }
    let fresh = Position::from_game(Arc::new(Geometry::new(rules)), game);
    assert_eq!(
        (position.hash(), position.potential()),
        (fresh.hash(), fresh.potential())
    );
}

#[test]
fn moves_and_take_backs_keep_threats_open_lines_and_hash_right() {
    let boards = [
        (3, 3, 3),
        (4, 4, 4),
        (5, 5, 4),
        (3, 6, 2),
        (2, 2, 1),
        (15, 15, 5),
        (1, 15, 15),
    ];
    let mut rng = rng_from_seed(9);
    for (rows, cols, in_a_row) in boards {
        let rules = Rules::new(rows, cols, in_a_row).unwrap();
        let mut position = Position::new(Arc::new(Geometry::new(rules)));
        let mut game = Game::new(rules);
        for _ in 0..200 {
            let take_back =
                game.is_over() || !game.history().is_empty() && rng.random_range(0..3) == 0;
            if take_back {
                let pos = game.undo().unwrap();
                position.undo(rules.index(pos));
            } else {
                let free: Vec<Pos> = game.free_cells().collect();
                let pos = free[rng.random_range(0..free.len())];
                game.play(pos).unwrap();
                let won = position.play(rules.index(pos));
                assert_eq!(
                    won,
                    game.outcome()
                        .is_some_and(|outcome| outcome != &super::super::Outcome::Draw)
                );
            }
            assert_agrees(&position, &game);
        }
    }
}

#[test]
fn mirror_images_share_a_hash() {
    let rules = Rules::preset("4x4").unwrap();
    let geometry = Arc::new(Geometry::new(rules));
    let hash_of = |moves: [(usize, usize); 3]| {
        let game = Game::from_moves(rules, &moves.map(|(row, col)| Pos::new(row, col))).unwrap();
        Position::from_game(Arc::clone(&geometry), &game).hash().0
    };
    let original = hash_of([(0, 1), (2, 3), (1, 1)]);
    let reflected = hash_of([(0, 2), (2, 0), (1, 2)]);
    let transposed = hash_of([(1, 0), (3, 2), (1, 1)]);
    let rotated = hash_of([(2, 0), (0, 2), (2, 1)]);
    assert_eq!([reflected, transposed, rotated], [original; 3]);
    assert_ne!(hash_of([(0, 1), (2, 3), (1, 2)]), original);
}
