//! A tic-tac-toe game of the history played again: its moves on its board, checked against the
//! number of moves and the result recorded, at a steady pace.

use super::facts::Facts;
use super::settings::TWO_PLAYERS;
use crate::games::tictactoe::{self, Mark, Outcome as TicTacToeOutcome, PRESETS, Pos};
use crate::history::{Entry, Outcome};
use crate::replay::{Differences, KEEP_EVERY, Replayed, Start, Steps, Unfit, paced};

/// The time between two moves of a replay at 1x.
pub const PACE_MS: u64 = 700;

impl Steps for tictactoe::Game {
    type Step = Pos;
    fn apply(&mut self, step: Pos) -> bool {
        self.play(step).is_ok()
    }
}

impl Replayed for tictactoe::Game {
    type Facts<'a> = Facts<'a>;

    fn start(_: &Entry, facts: &Facts, moves: &str) -> Result<Start<Self>, Unfit> {
        let board = PRESETS
            .iter()
            .find(|p| p.name == facts.board)
            .ok_or(Unfit::Damaged)?;
        let steps = tictactoe::read_moves(moves).ok_or(Unfit::BadMove(0))?;
        Ok(Start {
            game: tictactoe::Game::new(board.rules),
            times: paced(steps.len(), PACE_MS),
            steps,
            every: KEEP_EVERY,
            clocked: false,
        })
    }

    fn differences(entry: &Entry, facts: &Facts, game: &tictactoe::Game) -> Differences {
        let mut differences = Differences::default();
        differences.compare("moves", facts.moves, game.history().len());
        // The records count a two-player game from X's side.
        let good = match (facts.opponent.as_ref(), facts.mark.as_deref()) {
            (TWO_PLAYERS, _) | (_, Some("X")) => Mark::X,
            _ => Mark::O,
        };
        let replayed = match game.outcome() {
            None => Outcome::Abandoned,
            Some(TicTacToeOutcome::Draw) => Outcome::Draw,
            Some(TicTacToeOutcome::Win { mark, .. }) if *mark == good => Outcome::Won,
            Some(TicTacToeOutcome::Win { .. }) => Outcome::Lost,
        };
        differences.compare("result", entry.result.name(), replayed.name());
        differences
    }
}
