//! The turning points of a 2048 game: the moves where the computer player would have chosen
//! differently, and how much worse it expected the player's move to be. Made on a worker thread
//! (it searches every position of the game), with its progress readable meanwhile and a way to
//! stop it when nobody waits for it any more.

use crate::games::twenty48::{Budget, Direction, Game, Input, Player, Status};
use crate::replay::Progress;

/// The search given to each position: about a tenth of a fast hint, so that a game of thousands
/// of moves is looked through in seconds.
pub const BUDGET: Budget = Budget::nodes(20_000);
/// A move the computer expected to be at least this much worse (a share of the value of its own
/// choice) is a turning point; smaller differences are within the search's own noise.
pub const THRESHOLD: f32 = 0.05;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TurningPoint {
    /// The index of the input in the game's inputs (the replay's step).
    pub step: usize,
    pub played: Direction,
    pub computer: Direction,
    /// How much worse the computer expected the move played to be than its own: 0.07 is 7%.
    pub cost: f32,
}

/// The turning points of the game of `size` and `seed` played by `inputs`, searched by `player`;
/// what was found so far when `progress` is cancelled.
pub fn turning_points(
    size: usize,
    seed: u64,
    inputs: &[Input],
    player: &mut Player,
    progress: &Progress,
) -> Vec<TurningPoint> {
    let Ok(mut game) = Game::new(size, seed) else {
        return Vec::new();
    };
    progress.set_total(inputs.len());
    let mut found = Vec::new();
    for (step, &input) in inputs.iter().enumerate() {
        if progress.cancelled() {
            break;
        }
        if let Input::Slide(played) = input
            && game.status() == Status::Playing
            && let Some(analysis) = player.analyse(game.board(), BUDGET)
        {
            let value = |d: Direction| analysis.values[d as usize];
            if let (Some(best), Some(mine)) = (value(analysis.best), value(played))
                && analysis.best != played
                && best > 0.0
            {
                let cost = (best - mine) / best;
                if cost >= THRESHOLD {
                    found.push(TurningPoint {
                        step,
                        played,
                        computer: analysis.best,
                        cost,
                    });
                }
            }
        }
        // The game's own rules: an input that does not fit ends the analysis.
        let fits = match input {
            Input::Slide(direction) => game.play(direction).is_some(),
            Input::Undo => game.undo(),
            Input::KeepGoing => game.keep_going(),
        };
        progress.set_done(step + 1);
        if !fits {
            break;
        }
    }
    progress.set_done(inputs.len());
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::twenty48::Budget as B;

    #[test]
    fn moves_against_the_computer_are_found_and_the_analysis_can_stop() {
        // The computer plays; every fourth move goes its own way instead.
        let mut game = Game::new(4, 12).unwrap();
        let mut player = Player::new();
        let mut inputs = Vec::new();
        for i in 0..120 {
            let Some(best) = player.next_move(&game, B::nodes(200_000)) else {
                break;
            };
            let direction = if i % 4 == 3 {
                Direction::ALL
                    .into_iter()
                    .find(|&d| d != best && game.clone().play(d).is_some())
                    .unwrap_or(best)
            } else {
                best
            };
            game.play(direction);
            inputs.push(Input::Slide(direction));
        }
        let progress = Progress::default();
        let points = turning_points(4, 12, &inputs, &mut player, &progress);
        assert_eq!(progress.ratio(), 1.0);
        assert!(!points.is_empty());
        for point in &points {
            assert_ne!(point.played, point.computer);
            assert!(point.cost >= THRESHOLD);
            assert_eq!(inputs[point.step], Input::Slide(point.played));
        }
        let stopped = Progress::default();
        stopped.cancel();
        assert!(turning_points(4, 12, &inputs, &mut player, &stopped).is_empty());
    }
}
