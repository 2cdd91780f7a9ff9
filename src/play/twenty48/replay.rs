//! A 2048 game of the history played again: its inputs from its seed, checked against the score,
//! moves, biggest tile and result recorded, at a steady pace.

use super::facts::Facts;
use crate::games::twenty48::{self, Input, Status, tile_value, win_exponent};
use crate::history::{Entry, Outcome};
use crate::replay::{Differences, KEEP_EVERY, Replayed, Start, Steps, Unfit, paced};

/// The time between two moves of a replay at 1x.
pub const PACE_MS: u64 = 150;

impl Steps for twenty48::Game {
    type Step = Input;
    fn apply(&mut self, step: Input) -> bool {
        match step {
            Input::Slide(direction) => self.play(direction).is_some(),
            Input::Undo => self.undo(),
            Input::KeepGoing => self.keep_going(),
        }
    }
    fn is_over(&self) -> bool {
        self.status() == twenty48::Status::Over
    }
}

impl Replayed for twenty48::Game {
    type Facts<'a> = Facts;

    /// The moves are a letter an input.
    fn start(entry: &Entry, facts: &Facts, moves: &str) -> Result<Start<Self>, Unfit> {
        let steps = moves
            .chars()
            .enumerate()
            .map(|(at, letter)| Input::from_letter(letter).ok_or(Unfit::BadMove(at)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Start {
            game: twenty48::Game::new(facts.size as usize, entry.seed)
                .map_err(|_| Unfit::Damaged)?,
            times: paced(steps.len(), PACE_MS),
            steps,
            every: KEEP_EVERY,
            clocked: false,
        })
    }

    fn differences(entry: &Entry, facts: &Facts, game: &twenty48::Game) -> Differences {
        let mut differences = Differences::default();
        differences.compare("score", facts.score, game.score());
        differences.compare("moves", facts.moves, game.moves());
        let tile = u64::try_from(tile_value(game.biggest_tile())).unwrap_or(u64::MAX);
        differences.compare("biggest tile", facts.tile, tile);
        let replayed = if game.biggest_tile() >= win_exponent(game.size()) {
            Outcome::Won
        } else if game.status() == Status::Over {
            Outcome::Over
        } else {
            Outcome::Abandoned
        };
        differences.compare("result", entry.result.name(), replayed.name());
        differences
    }
}
