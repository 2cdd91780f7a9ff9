//! A Minesweeper game of the history played again: its timed moves on its board, checked against
//! the result, 3BV, clicks, first cell and hints recorded; and its guesses, with their chances.

use crate::games::minesweeper::{self, FirstClick, GameOptions, Guess, Pos, Status, TimedMove};
use crate::history::{Entry, Outcome};
use crate::replay::{Differences, KEEP_EVERY, Progress, Replayed, Start, Steps, Unfit};

use super::facts::Facts;

/// A Minesweeper position costs two bytes a cell: on large boards positions are kept further
/// apart, so that the kept ones stay within about this many bytes in all.
const KEPT_BYTES: usize = 64 << 20;

impl Steps for minesweeper::Game {
    /// A move with its time and, for a guess, its chances.
    type Step = TimedMove;
    /// Every move the player made was logged, those that changed nothing included.
    fn apply(&mut self, step: TimedMove) -> bool {
        self.play(step.play);
        true
    }
    fn is_over(&self) -> bool {
        self.status().is_over()
    }
}

impl Replayed for minesweeper::Game {
    type Facts<'a> = Facts<'a>;

    fn start(entry: &Entry, facts: &Facts, moves: &str) -> Result<Start<Self>, Unfit> {
        let game = first_position(entry, facts).ok_or(Unfit::Damaged)?;
        let timed = minesweeper::decode_moves(moves).map_err(|_| Unfit::BadMove(0))?;
        let cells = game.rows() * game.cols() * 2;
        Ok(Start {
            game,
            times: timed.iter().map(|m| m.at_ms).collect(),
            every: KEEP_EVERY.max(cells * timed.len() / KEPT_BYTES),
            steps: timed,
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

/// The board of `entry` before its first move.
fn first_position(entry: &Entry, facts: &Facts) -> Option<minesweeper::Game> {
    let size = facts.size()?;
    let first_click: FirstClick = facts.rule.parse().ok()?;
    let options = GameOptions {
        first_click,
        question_marks: facts.marks,
    };
    Some(minesweeper::Game::new(size, entry.seed, options))
}

/// The guesses of `entry`'s game played by `steps`, each with the index of its step: as the
/// history recorded them, or, for a game recorded before guesses were, examined again move by
/// move (reporting to `progress`, and stopping when it is cancelled).
pub fn guesses(entry: &Entry, steps: &[TimedMove], progress: &Progress) -> Vec<(usize, Guess)> {
    let Some(facts) = entry.facts::<Facts>() else {
        return Vec::new();
    };
    let recorded = |(step, timed): (usize, &TimedMove)| Some((step, timed.guess?));
    if facts.risk.is_some() {
        return steps.iter().enumerate().filter_map(recorded).collect();
    }
    let Some(mut game) = first_position(entry, &facts) else {
        return Vec::new();
    };
    progress.set_total(steps.len());
    let mut found = Vec::new();
    for (step, timed) in steps.iter().enumerate() {
        if progress.cancelled() {
            break;
        }
        if let Some(guess) = game.examine(timed.play) {
            found.push((step, guess));
        }
        game.play(timed.play);
        progress.set_done(step + 1);
    }
    found
}
