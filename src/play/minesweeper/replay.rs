//! A Minesweeper game of the history played again: its timed moves on its board, checked against
//! the result, 3BV, clicks, first cell and hints recorded.

use crate::games::minesweeper::{self, FirstClick, GameOptions, Move, Pos, Status};
use crate::history::{Entry, Outcome};
use crate::replay::{Differences, KEEP_EVERY, Replayed, Start, Steps, Unfit};

use super::facts::Facts;

/// A Minesweeper position costs two bytes a cell: on large boards positions are kept further
/// apart, so that the kept ones stay within about this many bytes in all.
const KEPT_BYTES: usize = 64 << 20;

impl Steps for minesweeper::Game {
    type Step = Move;
    /// Every move the player made was logged, those that changed nothing included.
    fn apply(&mut self, step: Move) -> bool {
        self.play(step);
        true
    }
}

impl Replayed for minesweeper::Game {
    type Facts<'a> = Facts<'a>;

    fn start(entry: &Entry, facts: &Facts, moves: &str) -> Result<Start<Self>, Unfit> {
        let size = facts.size().ok_or(Unfit::Damaged)?;
        let first_click: FirstClick = facts.rule.parse().map_err(|_| Unfit::Damaged)?;
        let options = GameOptions {
            first_click,
            question_marks: facts.marks,
        };
        let timed = minesweeper::decode_moves(moves).map_err(|_| Unfit::BadMove(0))?;
        let cells = size.rows() * size.cols() * 2;
        Ok(Start {
            game: minesweeper::Game::new(size, entry.seed, options),
            steps: timed.iter().map(|m| m.play).collect(),
            times: timed.iter().map(|m| m.at_ms).collect(),
            every: KEEP_EVERY.max(cells * timed.len() / KEPT_BYTES),
            clocked: true,
        })
    }

    fn differences(entry: &Entry, facts: &Facts, game: &minesweeper::Game) -> Differences {
        let mut differences = Differences::default();
        let replayed = match game.status() {
            Status::Won => Outcome::Won,
            Status::Lost => Outcome::Lost,
            _ => Outcome::Abandoned,
        };
        differences.compare("result", entry.result.name(), replayed.name());
        differences.compare("3BV", facts.bbbv, game.bbbv().unwrap_or(0));
        differences.compare("clicks", facts.clicks, game.clicks());
        let cell = |first: Option<Pos>| {
            first.map_or("none".to_string(), |p| format!("{},{}", p.row, p.col))
        };
        differences.compare(
            "first cell",
            cell(facts.first.map(|[r, c]| Pos::new(r as usize, c as usize))),
            cell(game.first_reveal()),
        );
        differences.compare("hints", entry.hints, game.used_hint());
        differences
    }
}
