//! How a game of marks in a row ends in the session: its result as the records count it, the
//! session's tally, and the game recorded once in its table and in the history.

use super::Session;
use crate::games::marks::{Mark, Outcome, moves_text};
use crate::history::{Entry, Outcome as HistoryOutcome};
use crate::play::Context;
use crate::play::marks::record::{self, Help, Outcome as Recorded};
use crate::play::marks::settings::Opponent;
use crate::play::marks::{Facts, Variant, table};
use crate::timestamp::Timestamp;

/// Results of this session (not of the records) in one table against one opponent: by result
/// against the computer, by mark for two players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl<V: Variant> Session<V> {
    /// The session's results in this table against this opponent.
    pub fn tally(&self) -> Tally {
        self.tallies
            .iter()
            .find(|(key, _)| *key == self.tally_key())
            .map_or_else(Tally::default, |(_, tally)| *tally)
    }

    pub(super) fn tally_key(&self) -> (&'static str, Opponent) {
        (table::<V>(&self.setup), self.opponent())
    }

    /// The finished game's result as the records count it.
    pub(super) fn result_for_records(&self) -> Recorded {
        let winner = match self.game.outcome() {
            Some(Outcome::Win { mark, .. }) => *mark,
            _ => return Recorded::Draw,
        };
        let good = match self.opponent() {
            Opponent::Human => Mark::X,
            Opponent::Computer(_) => self.human,
        };
        if winner == good {
            Recorded::Win
        } else {
            Recorded::Loss
        }
    }

    pub(super) fn count(&mut self, result: Recorded) {
        let key = self.tally_key();
        let at = match self.tallies.iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                self.tallies.push((key, Tally::default()));
                self.tallies.len() - 1
            }
        };
        let tally = &mut self.tallies[at].1;
        match result {
            Recorded::Win => tally.wins += 1,
            Recorded::Loss => tally.losses += 1,
            Recorded::Draw => tally.draws += 1,
        }
    }

    /// Records the game in its table and in the history (`abandoned`: given up for a new one).
    pub(super) fn record(&mut self, ctx: &mut Context, result: Recorded, abandoned: bool) {
        let table = table::<V>(&self.setup);
        let opponent = self.opponent();
        let row = V::row(opponent, self.human);
        let current = record::records::<V>(ctx.store)
            .get(table)
            .and_then(|rows| rows.get(&row))
            .cloned()
            .unwrap_or_default();
        let help = Help {
            hinted: self.hints_used,
            undone: V::UNDO_ASSISTS && self.undone,
        };
        ctx.store
            .commit(current.changes::<V>(table, &row, result, help));
        self.play.stop(ctx.now);
        let played_ms = self.play.elapsed(ctx.now).as_millis() as u64;
        let outcome = match result {
            _ if abandoned => HistoryOutcome::Abandoned,
            Recorded::Win => HistoryOutcome::Won,
            Recorded::Loss => HistoryOutcome::Lost,
            Recorded::Draw => HistoryOutcome::Draw,
        };
        let mark = match (opponent, self.game.outcome()) {
            (Opponent::Computer(_), _) => Some(self.human),
            (Opponent::Human, Some(Outcome::Win { mark, .. })) => Some(*mark),
            (Opponent::Human, _) => None,
        };
        let start = self
            .started
            .unwrap_or_else(|| Timestamp::now().earlier_by(played_ms));
        let (board, rule) = V::board(&self.setup);
        let facts = Facts {
            board: board.into(),
            rule: rule.map(Into::into),
            opponent: opponent.name().into(),
            mark: mark.map(|mark| mark.to_string().into()),
            moves: self.game.history().len() as u32,
        };
        let mut entry = Entry::new(V::GAME.key(), &facts, start, played_ms, outcome, self.seed);
        entry.hints = self.hints_used;
        entry.undo = self.undone;
        entry.from = self.from.clone().map(Into::into);
        ctx.store.remember(&entry, &moves_text(self.game.history()));
    }
}
