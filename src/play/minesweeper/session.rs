//! A Minesweeper game in progress: the rules' game, the clock (paused by the player or while they
//! are away), every move with its time, the file it is kept in, and its result recorded once.

use std::time::{Duration, Instant};

use super::GAME;
use super::code::CodeBoard;
use super::facts::{Facts, Loss};
use super::rates::Rates;
use super::record::{self, FinishedGame, table_name, with_hints};
use super::saved::SavedGame;
use super::settings::{self, Setup};
use crate::clock::Stopwatch;
use crate::code::GameCode;
use crate::daily::Attempt;
use crate::disk::Durability;
use crate::games::minesweeper::{
    CellView, FirstClick, Game, Hint, Move, Pos, PostMortem, Status, TimedMove, encode_moves,
};
use crate::history::{Entry, Outcome};
use crate::play::keep::{Keeper, new_slot, resume};
use crate::play::{self, Context, Opening};
use crate::records::daily::DayResult;
use crate::store::Settings;
use crate::store::saved_games::SaveSlot;
use crate::timestamp::Timestamp;

/// The clock shows tenths of a second, so it needs waking no more often than that.
const CLOCK_STEP: Duration = Duration::from_millis(100);

/// The one name Minesweeper games in progress are kept under.
pub const STEM: &str = "minesweeper";

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Paused {
    #[default]
    No,
    ByKey,
    /// By leaving the terminal's focus or the screen: coming back resumes.
    Away,
}

pub struct Session {
    pub game: Game,
    pub setup: Setup,
    pub seed: u64,
    /// Every move given to the rules, with the clock's time: with the setup and the seed, the game.
    moves: Vec<TimedMove>,
    clock: Stopwatch,
    paused: Paused,
    /// The finished game beat the best time of the table it went to (named here).
    pub new_best: Option<String>,
    /// The last hint, shown until the next move.
    pub hint: Option<Hint>,
    /// After a loss: the cells that were provably safe before the fatal click, while shown.
    pub post_mortem: Option<PostMortem>,
    /// A word for the player until the next move: why a flag was refused, why there is no hint
    /// before the first reveal.
    pub note: Option<String>,
    keeper: Keeper,
    /// When the first cell was revealed.
    started: Option<Timestamp>,
    /// The first cell was opened for the player (a game from a code, or restarted): the clock
    /// and the game start with the player's next move.
    waiting: bool,
    /// A game of the daily challenge: its day, and whether it is a retry.
    pub daily: Option<Attempt>,
}

/// The session to show when Minesweeper is opened: a saved game that fits the settings in force
/// (any, unless the session holds a board), else a new one.
pub fn open(opening: Opening, ctx: &mut Context) -> Session {
    let setup = Setup::from_settings(ctx.store.settings());
    let pinned = ctx.store.settings().any_pinned(settings::SETTINGS);
    if opening.may_resume()
        && let Some((saved, slot)) = resume(
            ctx,
            "Minesweeper",
            |stem| stem == STEM,
            |saved: &SavedGame| !pinned || saved.setup == setup,
        )
    {
        return Session::resumed(saved, slot);
    }
    let slot = opening.slot.or_else(|| new_slot(ctx, STEM));
    let first = opening
        .code
        .as_ref()
        .and_then(CodeBoard::of)
        .and_then(|board| board.first);
    let seed = play::seed_for(opening.code.as_ref(), ctx.seeds);
    Session::from_code(setup, seed, first, slot)
}

impl Session {
    pub fn new(setup: Setup, seed: u64, slot: Option<SaveSlot>) -> Session {
        Session {
            game: Game::new(setup.size, seed, setup.options),
            setup,
            seed,
            moves: Vec::new(),
            clock: Stopwatch::default(),
            paused: Paused::No,
            new_best: None,
            hint: None,
            post_mortem: None,
            note: None,
            keeper: Keeper::new(slot),
            started: None,
            waiting: false,
            daily: None,
        }
    }

    /// The game a code gives: its first cell already open when the code names one.
    pub fn from_code(
        setup: Setup,
        seed: u64,
        first: Option<Pos>,
        slot: Option<SaveSlot>,
    ) -> Session {
        let mut session = Session::new(setup, seed, slot);
        if let Some(first) = first {
            session.game.play(Move::Opening(first));
            session.moves.push(TimedMove {
                at_ms: 0,
                play: Move::Opening(first),
            });
            session.waiting = true;
        }
        session
    }

    /// A saved game, its moves played again and its clock where it stopped (paused until the
    /// screen is shown).
    pub fn resumed(saved: SavedGame, slot: SaveSlot) -> Session {
        let mut session = Session::new(saved.setup, saved.seed, Some(slot));
        for timed in &saved.moves {
            session.game.play(timed.play);
        }
        session.moves = saved.moves;
        session.started = saved.started.map(|unix_seconds| Timestamp { unix_seconds });
        session.clock = Stopwatch::stopped_at(Duration::from_millis(saved.clock_ms));
        session.paused = Paused::Away;
        session.daily = saved.daily;
        session
    }

    /// The cell of the last move: where the cursor goes on a game resumed.
    pub fn last_cell(&self) -> Option<Pos> {
        self.moves.iter().rev().find_map(|timed| match timed.play {
            Move::Reveal(pos) | Move::Flag(pos) | Move::Chord(pos) | Move::Opening(pos) => {
                Some(pos)
            }
            Move::Hint => None,
        })
    }

    /// The code that gives this game again: its board, its seed and, once it is revealed, its
    /// first cell (before that, the board is not made yet).
    pub fn code(&self) -> GameCode {
        CodeBoard {
            level: self.setup.difficulty,
            size: self.setup.size,
            first_click: self.setup.options.first_click,
            first: self.game.first_reveal(),
        }
        .code(self.seed)
    }

    /// A game that counts as lost if a new one is started over it: one the player has made a
    /// move in.
    pub fn in_progress(&self) -> bool {
        self.game.status() == Status::Playing && !self.waiting
    }

    pub fn is_paused(&self) -> bool {
        self.paused != Paused::No
    }

    pub fn elapsed(&self, now: Instant) -> Duration {
        self.clock.elapsed(now)
    }

    /// The time of a game that is over: its clock stands still, so any moment tells it.
    pub fn final_elapsed(&self) -> Duration {
        self.clock.elapsed(Instant::now())
    }

    /// Plays a move, then starts or stops the clock, keeps the game on disk and records the end.
    pub fn play(&mut self, play: Move, ctx: &mut Context) {
        self.hint = None;
        self.note = None;
        if self.game.status().is_over() || self.is_paused() {
            return;
        }
        let flags_before = self.game.flags_placed();
        let outcome = self.game.play(play);
        // A game whose first cell was opened for the player starts with the first move that
        // changes the board.
        if outcome.started() || self.waiting && outcome.changed {
            self.waiting = false;
            self.started = Some(Timestamp::now());
            self.clock.start(ctx.now);
        }
        self.log(play, ctx.now);
        if let Move::Flag(pos) = play
            && !outcome.changed
            && flags_before == self.game.mines()
            && self.game.cell(pos) == CellView::Hidden
        {
            self.note = Some(format!("all {} flags are placed", self.game.mines()));
        }
        if outcome.ended() {
            *ctx.decided = true;
            self.clock.stop(ctx.now);
            let result = if self.game.status() == Status::Won {
                Outcome::Won
            } else {
                Outcome::Lost
            };
            self.record(ctx, result);
            self.keeper.forget(ctx.notices);
            if self.daily.is_some() {
                *ctx.daily_ended = self.daily;
            }
        } else {
            self.save(ctx, Durability::Cached);
        }
    }

    /// A hint while playing: the move the solver proves, logged; `None` when there is nothing to
    /// prove.
    pub fn hint(&mut self, ctx: &mut Context) -> Option<Hint> {
        let hint = self.game.hint();
        if hint.is_some() {
            self.log(Move::Hint, ctx.now);
            self.save(ctx, Durability::Cached);
        }
        self.hint = hint;
        hint
    }

    /// The speed and efficiency of the game, if it was won, with `time_ms` on its clock.
    pub fn rates(&self, time_ms: u64) -> Option<Rates> {
        Rates::of(
            self.game.status() == Status::Won,
            self.game.bbbv().unwrap_or(0),
            self.game.clicks(),
            time_ms,
        )
    }

    /// A hint before the first reveal: there is nothing to prove yet, and the note says why no
    /// cell needs one.
    pub fn explain_first_click(&mut self) {
        self.note = Some(
            match self.setup.options.first_click {
                FirstClick::Safe => "any first cell is safe: the first click never hits a mine",
                FirstClick::Opening | FirstClick::NoGuess => {
                    "any first cell is safe: the first click opens an area"
                }
            }
            .to_string(),
        );
    }

    /// After a loss: shows or hides what could have been proved before the fatal move.
    pub fn toggle_post_mortem(&mut self) {
        self.post_mortem = match self.post_mortem {
            Some(_) => None,
            None => self.game.post_mortem(),
        };
    }

    fn log(&mut self, play: Move, now: Instant) {
        let at_ms = self.clock.elapsed(now).as_millis() as u64;
        self.moves.push(TimedMove { at_ms, play });
    }

    pub fn toggle_pause(&mut self, now: Instant) {
        let paused = if self.is_paused() {
            Paused::No
        } else {
            Paused::ByKey
        };
        self.set_paused(paused, now);
    }

    /// Pauses a running game while the player is away.
    fn pause_away(&mut self, now: Instant) {
        if self.paused == Paused::No {
            self.set_paused(Paused::Away, now);
        }
    }

    fn set_paused(&mut self, paused: Paused, now: Instant) {
        if self.game.status() != Status::Playing {
            self.paused = Paused::No;
            return;
        }
        self.paused = paused;
        if paused == Paused::No {
            self.clock.start(now);
        } else {
            self.clock.stop(now);
        }
    }

    /// A new game, from the settings in force; a game left in progress counts as lost.
    pub fn start_new(&mut self, ctx: &mut Context) {
        let setup = Setup::from_settings(ctx.store.settings());
        let seed = ctx.seeds.next_seed();
        self.replace_with(ctx, |slot| Session::new(setup, seed, slot));
    }

    /// The same board again from its first cell; a game left in progress counts as lost.
    pub fn restart(&mut self, ctx: &mut Context) {
        let (setup, seed, first) = (self.setup, self.seed, self.game.first_reveal());
        let daily = self.daily;
        self.replace_with(ctx, |slot| Session::from_code(setup, seed, first, slot));
        let days = &record::records(ctx.store).days;
        self.daily = daily.map(|attempt| Attempt {
            date: attempt.date,
            retry: days.contains_key(&attempt.date),
        });
    }

    /// Gives the session to another game, made by `next` with this one's file; a game left in
    /// progress is recorded as given up.
    fn replace_with(&mut self, ctx: &mut Context, next: impl FnOnce(Option<SaveSlot>) -> Session) {
        if self.in_progress() {
            self.clock.stop(ctx.now);
            self.record(ctx, Outcome::Abandoned);
        }
        self.keeper.forget(ctx.notices);
        *self = next(self.keeper.take());
    }

    fn saved(&self, now: Instant) -> SavedGame {
        SavedGame {
            setup: self.setup,
            seed: self.seed,
            clock_ms: self.clock.elapsed(now).as_millis() as u64,
            moves: self.moves.clone(),
            started: self.started.map(|t| t.unix_seconds),
            daily: self.daily,
        }
    }

    /// Writes a game in progress to its file (a game not started has nothing worth keeping).
    fn save(&self, ctx: &mut Context, durability: Durability) {
        if self.in_progress() {
            self.keeper
                .save(&self.saved(ctx.now), durability, ctx.notices);
        }
    }

    /// Records the game in its table and in the history; a game given up for another counts as
    /// lost.
    fn record(&mut self, ctx: &mut Context, result: Outcome) {
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
        let day = self
            .daily
            .map(|attempt| record::Day { won, time_ms }.change(attempt.date));
        ctx.store
            .commit(current.changes(&variant, &game).into_iter().chain(day));
        let entry = self.entry(result, time_ms);
        ctx.store.remember(&entry, &encode_moves(&self.moves));
    }

    /// The game as the history keeps it.
    fn entry(&self, result: Outcome, time_ms: u64) -> Entry<'static> {
        // A level's board is its name; only a custom one is written out.
        let custom = self.setup.difficulty.preset().is_none();
        let size = |n: usize| if custom { n as u32 } else { 0 };
        // A loss examined as it happens: could logic have told the fatal cell from a safe one?
        let loss = self.game.post_mortem().map(|seen| {
            if seen.was_forced_guess() {
                Loss::ForcedGuess
            } else {
                Loss::Mistake
            }
        });
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
            loss,
        };
        let start = self
            .started
            .unwrap_or_else(|| Timestamp::now().earlier_by(time_ms));
        let mut entry = Entry::new(GAME.key(), &facts, start, time_ms, result, self.seed);
        entry.hints = self.game.used_hint();
        entry.daily = self.daily.map(Into::into);
        entry
    }
}

impl play::Session for Session {
    fn in_progress(&self) -> bool {
        Session::in_progress(self)
    }

    fn keeps(&self, settings: &Settings) -> bool {
        self.in_progress()
            || !self.game.status().is_over() && self.setup == Setup::from_settings(settings)
    }

    fn make_way(self: Box<Self>, _: &mut Context) -> Option<SaveSlot> {
        self.keeper.into_slot()
    }

    /// The clock stops and a game in progress goes to disk for good.
    fn leave(&mut self, ctx: &mut Context) {
        self.pause_away(ctx.now);
        self.save(ctx, Durability::Synced);
    }

    /// Undoes the pause of a player away; a pause the player asked for stays.
    fn come_back(&mut self, now: Instant) {
        if self.paused == Paused::Away {
            self.set_paused(Paused::No, now);
        }
    }

    fn focus(&mut self, present: bool, now: Instant) {
        if present {
            self.come_back(now);
        } else {
            self.pause_away(now);
        }
    }

    /// The clock is the only thing that changes by itself, and only while it runs unpaused.
    fn deadline(&self, now: Instant) -> Option<Instant> {
        self.clock.next_change(now, CLOCK_STEP)
    }

    fn daily(&self) -> Option<Attempt> {
        self.daily
    }

    fn set_daily(&mut self, attempt: Attempt) {
        self.daily = Some(attempt);
    }

    fn daily_result(&self) -> Option<DayResult> {
        let status = self.game.status();
        (self.daily.is_some() && status.is_over()).then(|| {
            let time_ms = self.final_elapsed().as_millis() as u64;
            record::Day {
                won: status == Status::Won,
                time_ms,
            }
            .result()
        })
    }
}
