//! A Minesweeper game in progress: the rules' game, the clock (paused by the player or while they
//! are away), every move with its time, the computer following it, the file it is kept in, and
//! its result recorded once (see `ending`; the computer's help is in `assist`).

use std::time::{Duration, Instant};

use super::analysis::{Analysis, Board};
use super::code::CodeBoard;
use super::rates::Rates;
use super::record;
use super::saved::SavedGame;
use super::settings::{self, Setup};
use super::verdict::Verdict;
use crate::clock::Stopwatch;
use crate::code::GameCode;
use crate::daily::Attempt;
use crate::disk::Durability;
use crate::games::minesweeper::odds::Choice;
use crate::games::minesweeper::{
    CellView, FirstClick, Game, Hint, Move, Pos, PostMortem, Status, TimedMove,
};
use crate::history::Outcome;
use crate::play::keep::{Keeper, new_slot, resume};
use crate::play::{self, Context, Opening};
use crate::records::daily::DayResult;
use crate::replay::Here;
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
    /// While a question is on screen: the board stays in sight, and the answer resumes.
    Asking,
}

/// Autoplay's pace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Autoplay {
    /// When its next move may be played.
    pub(super) due: Instant,
    pub(super) pace: Duration,
}

pub struct Session {
    pub game: Game,
    pub setup: Setup,
    pub seed: u64,
    /// Every move given to the rules, with the clock's time (and, once examined, the chances of
    /// the guesses): with the setup and the seed, the game.
    pub(super) moves: Vec<TimedMove>,
    pub(super) clock: Stopwatch,
    paused: Paused,
    /// The finished game beat the best time of the table it went to (named here).
    pub new_best: Option<String>,
    /// The last hint, shown until the next move.
    pub hint: Option<Hint>,
    /// Where no cell is provably safe, the best guess once the computer has it.
    pub best_guess: Option<Choice>,
    /// After a loss: the cells that were provably safe before the fatal click, while shown.
    pub post_mortem: Option<PostMortem>,
    /// After a loss: what the fatal move was.
    pub verdict: Option<Verdict>,
    /// A word for the player until the next move: why a flag was refused, why there is no hint
    /// before the first reveal.
    pub note: Option<String>,
    /// The chance of a mine under every hidden cell shows on the board.
    pub odds_shown: bool,
    /// The computer is playing.
    pub(super) autoplay: Option<Autoplay>,
    /// The computer following the game.
    pub(super) analysis: Analysis,
    /// The number of moves made when a cell last opened: a reading of the position after that
    /// many moves or more is of the board as it stands (flags change no chance).
    pub(super) opened_at: usize,
    pub(super) keeper: Keeper,
    /// When the first cell was revealed.
    pub(super) started: Option<Timestamp>,
    /// The first cell was opened for the player (a game from a code, or restarted): the clock
    /// and the game start with the player's next move.
    waiting: bool,
    /// A game of the daily challenge: its day, and whether it is a retry.
    pub daily: Option<Attempt>,
    /// A game started at a move of another game's replay: that game's id and move (`k3v9q2m7@17`).
    pub from: Option<String>,
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
            |saved: &SavedGame| (!pinned || saved.setup == setup).into(),
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
        let board = Board {
            size: setup.size,
            seed,
            options: setup.options,
        };
        Session {
            game: Game::new(setup.size, seed, setup.options),
            setup,
            seed,
            moves: Vec::new(),
            clock: Stopwatch::default(),
            paused: Paused::No,
            new_best: None,
            hint: None,
            best_guess: None,
            post_mortem: None,
            verdict: None,
            note: None,
            odds_shown: false,
            autoplay: None,
            analysis: Analysis::new(board, 0),
            opened_at: 0,
            keeper: Keeper::new(slot),
            started: None,
            waiting: false,
            daily: None,
            from: None,
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
            session.moves.push(TimedMove::new(0, Move::Opening(first)));
            session.opened_at = 1;
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
        session.opened_at = saved.moves.len();
        session.analysis = Analysis::new(
            Board {
                size: saved.setup.size,
                seed: saved.seed,
                options: saved.setup.options,
            },
            saved.examined,
        );
        session.moves = saved.moves;
        session.started = saved.started.map(|unix_seconds| Timestamp { unix_seconds });
        session.clock = Stopwatch::stopped_at(Duration::from_millis(saved.clock_ms));
        session.paused = Paused::Away;
        session.daily = saved.daily;
        session.from = saved.from;
        session
    }

    /// The cell of the last move: where the cursor goes on a game resumed.
    pub fn last_cell(&self) -> Option<Pos> {
        self.moves.iter().rev().find_map(|timed| timed.play.cell())
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

    /// Paused with the board hidden.
    pub fn is_paused(&self) -> bool {
        matches!(self.paused, Paused::ByKey | Paused::Away)
    }

    pub fn elapsed(&self, now: Instant) -> Duration {
        self.clock.elapsed(now)
    }

    /// The time of a game that is over: its clock stands still, so any moment tells it.
    pub fn final_elapsed(&self) -> Duration {
        self.clock.elapsed(Instant::now())
    }

    /// The game, ended in `time_ms`, as a day of the daily challenge.
    pub(super) fn day(&self, time_ms: u64) -> record::Day {
        record::Day {
            won: self.game.status() == Status::Won,
            time_ms,
            helped: self.game.used_hint(),
        }
    }

    /// Plays a move, then starts or stops the clock, keeps the game on disk and records the end.
    pub fn play(&mut self, play: Move, ctx: &mut Context) {
        self.hint = None;
        self.best_guess = None;
        self.note = None;
        if self.game.status().is_over() || self.is_paused() {
            return;
        }
        let flags_before = self.game.flags_placed();
        let safe_left = self.game.safe_cells_left();
        let outcome = self.game.play(play);
        // A game whose first cell was opened for the player starts with the first move that
        // changes the board.
        if outcome.started() || self.waiting && outcome.changed {
            self.waiting = false;
            self.started = Some(Timestamp::now());
            self.clock.start(ctx.now);
        }
        self.log(play, ctx.now);
        if self.game.safe_cells_left() != safe_left || outcome.ended() {
            self.opened_at = self.moves.len();
        }
        if let Move::Flag(pos) = play
            && !outcome.changed
            && flags_before == self.game.mines()
            && self.game.cell(pos) == CellView::Hidden
        {
            self.note = Some(format!("all {} flags are placed", self.game.mines()));
        }
        if outcome.ended() {
            self.end(ctx);
        } else {
            self.save(ctx, Durability::Cached);
            self.follow(ctx);
        }
    }

    /// A hint while playing: the move the solver proves, logged; `None` when there is nothing to
    /// prove. Where no cell is provably safe, the computer works out the best guess.
    pub fn hint(&mut self, ctx: &mut Context) -> Option<Hint> {
        let hint = self.game.hint();
        if hint.is_some() {
            self.log(Move::Hint, ctx.now);
            self.save(ctx, Durability::Cached);
        }
        self.hint = hint;
        if hint == Some(Hint::NoSafeMove) {
            self.analysis.want_reading(self.moves.len());
            self.follow(ctx);
        }
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

    pub(super) fn log(&mut self, play: Move, now: Instant) {
        let at_ms = self.clock.elapsed(now).as_millis() as u64;
        self.moves.push(TimedMove::new(at_ms, play));
    }

    pub fn toggle_pause(&mut self, now: Instant) {
        self.autoplay = None;
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
            examined: self.analysis.examined(),
            started: self.started.map(|t| t.unix_seconds),
            daily: self.daily,
            from: self.from.clone(),
        }
    }

    /// Writes a game in progress to its file (a game not started has nothing worth keeping).
    pub(super) fn save(&self, ctx: &mut Context, durability: Durability) {
        if self.in_progress() {
            self.keeper
                .save(&self.saved(ctx.now), durability, ctx.notices);
        }
    }
}

impl play::Session for Session {
    fn in_progress(&self) -> bool {
        Session::in_progress(self)
    }

    fn keeps(&self, settings: &Settings) -> bool {
        self.in_progress() || !self.game.status().is_over() && self.set_up_as(settings)
    }

    fn set_up_as(&self, settings: &Settings) -> bool {
        self.setup == Setup::from_settings(settings)
    }

    fn make_way(self: Box<Self>, _: &mut Context) -> Option<SaveSlot> {
        self.keeper.into_slot()
    }

    /// The clock and the computer stop, and a game in progress goes to disk for good.
    fn leave(&mut self, ctx: &mut Context) {
        self.autoplay = None;
        self.pause_away(ctx.now);
        self.save(ctx, Durability::Synced);
    }

    /// Undoes the pause of a player away; a pause the player asked for stays.
    fn come_back(&mut self, now: Instant) {
        if self.paused == Paused::Away {
            self.set_paused(Paused::No, now);
        }
    }

    /// The board is made again and the replay's moves played on it at time 0, then a hint's
    /// mark; the clock starts with the next move that changes the board, as after a code's
    /// opening.
    fn start_from(&mut self, here: &Here, _: &mut Context) -> bool {
        let Some(steps) = here.steps.downcast_ref::<Vec<TimedMove>>() else {
            return false;
        };
        self.game = Game::new(self.setup.size, self.seed, self.setup.options);
        self.moves.clear();
        for step in steps {
            self.game.play(step.play);
            self.moves.push(TimedMove { at_ms: 0, ..*step });
        }
        if !self.game.used_hint() {
            self.game.play(Move::Hint);
            self.moves.push(TimedMove::new(0, Move::Hint));
        }
        self.opened_at = self.moves.len();
        self.waiting = true;
        self.from = Some(here.from.clone());
        true
    }

    fn focus(&mut self, present: bool, now: Instant) {
        if present {
            self.come_back(now);
        } else {
            self.pause_away(now);
        }
    }

    fn asking(&mut self, asking: bool, now: Instant) {
        match (asking, self.paused) {
            (true, Paused::No) => self.set_paused(Paused::Asking, now),
            (false, Paused::Asking) => self.set_paused(Paused::No, now),
            _ => {}
        }
    }

    /// The computer's answers and moves are taken up.
    fn tick(&mut self, ctx: &mut Context) {
        self.follow(ctx);
    }

    /// The clock changes by itself, while it runs unpaused, and autoplay's next move is due once
    /// the computer has found it (until then, the worker wakes the loop).
    fn deadline(&self, now: Instant) -> Option<Instant> {
        let clock = self.clock.next_change(now, CLOCK_STEP);
        [clock, self.autoplay_due()].into_iter().flatten().min()
    }

    fn daily(&self) -> Option<Attempt> {
        self.daily
    }

    fn set_daily(&mut self, attempt: Attempt) {
        self.daily = Some(attempt);
    }

    fn daily_result(&self) -> Option<DayResult> {
        let status = self.game.status();
        (self.daily.is_some() && status.is_over())
            .then(|| self.day(self.final_elapsed().as_millis() as u64).result())
    }
}
