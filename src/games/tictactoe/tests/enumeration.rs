//! Every game of 3x3, checked against the known totals.

use std::collections::HashSet;

use super::super::{Game, Mark, Outcome, Rules};
use super::support::board_key;

#[derive(Default)]
struct Totals {
    positions: HashSet<u64>,
    x_wins: u64,
    o_wins: u64,
    draws: u64,
}

fn walk(game: &mut Game, totals: &mut Totals) {
    totals.positions.insert(board_key(game));
    match game.outcome() {
        Some(Outcome::Win { mark: Mark::X, .. }) => totals.x_wins += 1,
        Some(Outcome::Win { mark: Mark::O, .. }) => totals.o_wins += 1,
        Some(Outcome::Draw) => totals.draws += 1,
        None => {
            for pos in game.free_cells().collect::<Vec<_>>() {
                game.play(pos).unwrap();
                walk(game, totals);
                game.undo();
            }
        }
    }
}

#[test]
fn every_game_of_3x3_matches_the_known_totals() {
    let mut totals = Totals::default();
    walk(&mut Game::new(Rules::default()), &mut totals);
    assert_eq!(totals.positions.len(), 5_478);
    assert_eq!(
        (totals.x_wins, totals.o_wins, totals.draws),
        (131_184, 77_904, 46_080)
    );
    assert_eq!(totals.x_wins + totals.o_wins + totals.draws, 255_168);
}
