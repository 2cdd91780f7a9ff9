//! Reference code shared by the tests: deliberately plain, so that it can judge the fast code.

use rand::RngExt;

use super::super::{Game, Mark, Outcome, Pos, Rules};
use crate::games::rng_from_seed;

/// The free cells where `mark` would win at once, found by trying each on a copy of the game.
/// When it is the other player's turn, they first play a stand-in move elsewhere that does not
/// end the game (the other player's stone cannot spoil a row of `mark`'s).
pub fn winning_cells(game: &Game, mark: Mark) -> Vec<Pos> {
    game.free_cells()
        .filter(|&pos| {
            let mut trial = game.clone();
            if trial.turn() != Some(mark) {
                let stand_in = game
                    .free_cells()
                    .filter(|&other| other != pos)
                    .find(|&other| {
                        let mut next = trial.clone();
                        next.play(other).unwrap();
                        !next.is_over()
                    });
                let Some(other) = stand_in else {
                    return false;
                };
                trial.play(other).unwrap();
            }
            trial.play(pos).unwrap();
            matches!(trial.outcome(), Some(Outcome::Win { mark: winner, .. }) if *winner == mark)
        })
        .collect()
}

/// Games still in progress after random moves next to the stones already played, so that rows
/// form as in real games; reproducible from `seed`.
pub fn random_positions(rules: Rules, count: usize, seed: u64) -> Vec<Game> {
    let mut rng = rng_from_seed(seed);
    let mut positions = Vec::new();
    let size = rules.size();
    while positions.len() < count {
        let mut game = Game::new(rules);
        let length = rng.random_range(1..60);
        game.play(Pos::new(size / 2, size / 2)).unwrap();
        while game.history().len() < length && !game.is_over() {
            let near: Vec<Pos> = game
                .free_cells()
                .filter(|pos| {
                    game.history().iter().any(|stone| {
                        stone.row.abs_diff(pos.row) <= 1 && stone.col.abs_diff(pos.col) <= 1
                    })
                })
                .collect();
            game.play(near[rng.random_range(0..near.len())]).unwrap();
        }
        if !game.is_over() {
            positions.push(game);
        }
    }
    positions
}
