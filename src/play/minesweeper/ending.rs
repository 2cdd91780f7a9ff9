//! How a Minesweeper game ends: the clock stops, the moves are examined through, a loss gets its
//! verdict, and the game goes to its records table and the history.

use super::GAME;
use super::facts::Facts;
use super::record::{self, FinishedGame, table_name, with_hints};
use super::session::Session;
use super::verdict::Verdict;
use crate::games::minesweeper::{Guess, Move, Pos, Status, encode_moves};
use crate::history::{Entry, Outcome};
use crate::play::Context;
use crate::timestamp::Timestamp;

impl Session {
    /// The game was just won or lost by a move: it is judged and recorded at once.
    pub(super) fn end(&mut self, ctx: &mut Context) {
        *ctx.decided = true;
        self.clock.stop(ctx.now);
        self.autoplay = None;
        self.analysis.finish(&mut self.moves);
        let won = self.game.status() == Status::Won;
        let fatal = self.moves.last().and_then(|timed| timed.guess);
        self.verdict = (self.game.post_mortem())
            .filter(|_| !won)
            .map(|seen| Verdict::of(fatal, &seen));
        self.record(ctx, if won { Outcome::Won } else { Outcome::Lost });
        self.keeper.forget(ctx.notices);
        if self.daily.is_some() {
            *ctx.daily_ended = self.daily;
        }
    }

    /// Records the game in its table and in the history; a game given up for another counts as
    /// lost.
    pub(super) fn record(&mut self, ctx: &mut Context, result: Outcome) {
        let won = result == Outcome::Won;
        let time_ms = self.clock.elapsed(ctx.now).as_millis() as u64;
        // Games played with hints are kept apart from the player's own.
        let variant = with_hints(&self.setup.variant(), self.game.used_hint());
        let current = record::records(ctx.store)
            .tables
            .get(&variant)
            .cloned()
            .unwrap_or_default();
        let beaten = current.best.as_ref().is_none_or(|b| time_ms < b.time_ms);
        self.new_best = (won && beaten).then(|| table_name(&variant));
        let first = self.game.first_reveal().unwrap_or(Pos::new(
            self.setup.size.rows() / 2,
            self.setup.size.cols() / 2,
        ));
        let game = FinishedGame {
            won,
            time_ms,
            bbbv_per_s: self.rates(time_ms).map_or(0.0, |rates| rates.bbbv_per_s),
            seed: self.seed,
            first_cell: (first.row, first.col),
            first_click: self.setup.options.first_click.name(),
            date: Timestamp::now().date(),
        };
        // The table and the day of a daily game, in one save.
        let today = self.day(time_ms);
        let day = (self.daily).and_then(|attempt| today.change(attempt));
        ctx.store
            .commit(current.changes(&variant, &game).into_iter().chain(day));
        let days = &record::records(ctx.store).days;
        self.daily = (self.daily).map(|attempt| attempt.settled(days, &today));
        let entry = self.entry(result, time_ms);
        ctx.store.remember(&entry, &encode_moves(&self.moves));
    }

    /// The game as the history keeps it.
    fn entry(&self, result: Outcome, time_ms: u64) -> Entry<'static> {
        // A level's board is its name; only a custom one is written out.
        let custom = self.setup.difficulty.preset().is_none();
        let size = |n: usize| if custom { n as u32 } else { 0 };
        // The risk of the guesses a game took where no cell was safe, once it is examined through.
        let examined = self.analysis.examined() >= self.moves.len();
        let survival: f64 = (self.moves.iter())
            .filter_map(|timed| timed.guess)
            .filter(|guess| guess.forced())
            .map(|guess| 1.0 - guess.mine_chance())
            .product();
        let facts = Facts {
            level: self.setup.difficulty.name().into(),
            rows: size(self.setup.size.rows()),
            cols: size(self.setup.size.cols()),
            mines: size(self.setup.size.mines()),
            rule: self.setup.options.first_click.name().into(),
            marks: self.setup.options.question_marks,
            first: self
                .game
                .first_reveal()
                .map(|pos| [pos.row as u32, pos.col as u32]),
            bbbv: self.game.bbbv().unwrap_or(0) as u32,
            clicks: self.game.clicks() as u32,
            loss: self.verdict.map(Verdict::loss),
            risk: examined.then(|| Guess::thousandths(1.0 - survival)),
        };
        let start = self
            .started
            .unwrap_or_else(|| Timestamp::now().earlier_by(time_ms));
        let mut entry = Entry::new(GAME.key(), &facts, start, time_ms, result, self.seed);
        entry.hints = self.game.used_hint();
        entry.autoplay = self.moves.iter().any(|timed| timed.play == Move::Autoplay);
        entry.daily = self.daily.map(Into::into);
        entry.from = self.from.clone().map(Into::into);
        entry
    }
}
