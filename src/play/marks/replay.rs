//! A game of marks in a row of the history played again: its moves on its board, checked against
//! the number of moves and the result recorded, at the game's steady pace.

use super::saved::SetupFields;
use super::settings::{Opponent, PlayAs, TWO_PLAYERS};
use super::{Facts, Variant};
use crate::games::marks::{Game, Mark, Outcome as MarksOutcome, Pos, Shape, read_moves};
use crate::history::{Entry, Outcome};
use crate::replay::{Differences, KEEP_EVERY, Replayed, Start, Steps, Unfit, paced};

/// A board's rules, as the rules of the game they belong to: what a game of the history is
/// replayed by.
pub trait RulesOf: Shape + Send + Sync + 'static {
    type Variant: Variant<Rules = Self>;
}

impl<R: Shape> Steps for Game<R> {
    type Step = Pos;
    fn apply(&mut self, step: Pos) -> bool {
        self.play(step).is_ok()
    }
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }
}

impl<R: RulesOf> Replayed for Game<R> {
    type Facts<'a> = Facts<'a>;

    fn start(_: &Entry, facts: &Facts, moves: &str) -> Result<Start<Self>, Unfit> {
        let setup = R::Variant::setup_of(SetupFields {
            board: &facts.board,
            rule: facts.rule.as_deref(),
            // Any sides: only the board and rule matter here.
            opponent: Opponent::Human,
            play_as: PlayAs::X,
        });
        let rules = R::Variant::rules(&setup.map_err(|_| Unfit::Damaged)?);
        let steps = read_moves(moves).ok_or(Unfit::BadMove(0))?;
        Ok(Start {
            game: Game::new(rules),
            times: paced(steps.len(), R::Variant::PACE_MS),
            steps,
            every: KEEP_EVERY,
            clocked: false,
        })
    }

    /// Where the end `game` reached differs from the one `entry` and `facts` recorded.
    fn differences(entry: &Entry, facts: &Facts, game: &Game<R>) -> Differences {
        let mut differences = Differences::default();
        differences.compare("moves", facts.moves, game.history().len());
        // The records count a two-player game from X's side.
        let good = match (facts.opponent.as_ref(), facts.mark.as_deref()) {
            (TWO_PLAYERS, _) | (_, Some("X")) => Mark::X,
            _ => Mark::O,
        };
        let replayed = match game.outcome() {
            None => Outcome::Abandoned,
            Some(MarksOutcome::Draw) => Outcome::Draw,
            Some(MarksOutcome::Win { mark, .. }) if *mark == good => Outcome::Won,
            Some(MarksOutcome::Win { .. }) => Outcome::Lost,
        };
        differences.compare("result", entry.result.name(), replayed.name());
        differences
    }
}
