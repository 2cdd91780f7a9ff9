//! A game of marks in a row in progress: the rules' game, the sides, the computer's moves from a
//! worker thread shown after a short pause, hints, undo, the session's tally, the file it is kept
//! in and its result recorded once.

mod ending;

pub use ending::Tally;

use std::time::{Duration, Instant};

use super::code::CodeGame;
use super::record::Outcome as Recorded;
use super::saved::SavedGame;
use super::settings::Opponent;
use super::thinking::{Found, Job, Tag, Thinking};
use super::{Variant, table};
use crate::clock::Stopwatch;
use crate::code::GameCode;
use crate::daily::Attempt;
use crate::disk::Durability;
use crate::games::marks::{Game, Level, Mark, MoveError, Pos};
use crate::games::rng_from_seed;
use crate::play::keep::{Keeper, new_slot, resume};
use crate::play::{self, Context, Opening};
use crate::records::daily::DayResult;
use crate::replay::Here;
use crate::seeds::derived;
use crate::store::Settings;
use crate::store::saved_games::SaveSlot;
use crate::store::settings::SettingValue;
use crate::timestamp::Timestamp;
use crate::waker::Waker;

/// How long the computer's move waits before it shows, so the player sees it happen.
const MOVE_PAUSE: Duration = Duration::from_millis(300);

pub struct Session<V: Variant> {
    pub game: Game<V::Rules>,
    pub setup: V::Setup,
    /// The player's mark against the computer.
    pub human: Mark,
    /// Where the computer's random choices in this game come from.
    seed: u64,
    pub hint: Option<V::Hint>,
    pub hints_used: bool,
    /// The session's results by table and opponent.
    tallies: Vec<((&'static str, Opponent), Tally)>,
    /// The opponent chosen for the next game while this one is played.
    pub next_opponent: Option<Opponent>,
    /// Games started in this session, for alternating sides.
    games_started: u32,
    thinking: Thinking<V>,
    /// The computer's move, ready to show from `due`.
    computer_due: Option<Instant>,
    /// The computer's answer, waiting for `computer_due`.
    computer_move: Option<Pos>,
    recorded: bool,
    keeper: Keeper,
    waker: Option<Waker>,
    /// When the game's first move was made.
    started: Option<Timestamp>,
    /// The time the game has been played (on screen, from its first move).
    play: Stopwatch,
    /// A move was taken back in this game.
    pub undone: bool,
    /// A game started at a move of another game's replay: that game's id and move (`k3v9q2m7@17`).
    pub from: Option<String>,
}

/// The session to show when the game is opened: a saved game that fits the settings in force
/// (any, unless the session holds some of the game's settings), else a new one.
pub fn open<V: Variant>(opening: Opening, ctx: &mut Context) -> Session<V> {
    let setup = V::setup(ctx.store.settings());
    let pinned = ctx.store.settings().any_pinned(V::settings());
    if opening.may_resume()
        && let Some((saved, slot)) = resume(
            ctx,
            V::TITLE,
            |stem| stem == V::STEM,
            |saved: &SavedGame<V>| (!pinned || V::same_game(&saved.setup, &setup)).into(),
        )
    {
        return Session::resumed(saved, setup, slot, ctx.now, ctx.waker);
    }
    let slot = opening.slot.or_else(|| new_slot(ctx, V::STEM));
    let seed = play::seed_for(opening.code.as_ref(), ctx.seeds);
    Session::new(setup, seed, slot, ctx.now, ctx.waker)
}

impl<V: Variant> Session<V> {
    pub fn new(
        setup: V::Setup,
        seed: u64,
        slot: Option<SaveSlot>,
        now: Instant,
        waker: Option<&Waker>,
    ) -> Session<V> {
        let mut session = Session::unstarted(setup, seed, slot, waker);
        session.begin(setup, seed, V::play_as(&setup).side(0), now);
        session
    }

    /// The code that gives this game again.
    pub fn code(&self) -> Option<GameCode> {
        let table = table::<V>(&self.setup);
        let game = CodeGame::new(table, self.opponent(), self.human == Mark::X);
        game.code::<V>(self.seed)
    }

    /// A saved game, its moves played again, with the player's own preferences of `current`; the
    /// computer takes up its turn if it is to move.
    pub fn resumed(
        saved: SavedGame<V>,
        current: V::Setup,
        slot: SaveSlot,
        now: Instant,
        waker: Option<&Waker>,
    ) -> Session<V> {
        let setup = V::resumed(saved.setup, current);
        let mut session = Session::unstarted(setup, saved.seed, Some(slot), waker);
        session.games_started = saved.games_started;
        session.game = saved.game;
        session.human = saved.human;
        session.hints_used = saved.hints_used;
        session.undone = saved.undone;
        session.started = saved.started.map(|unix_seconds| Timestamp { unix_seconds });
        session.play = Stopwatch::stopped_at(Duration::from_millis(saved.play_ms));
        session.from = saved.from;
        session.start_computer(now);
        session
    }

    fn unstarted(
        setup: V::Setup,
        seed: u64,
        slot: Option<SaveSlot>,
        waker: Option<&Waker>,
    ) -> Session<V> {
        Session {
            game: Game::new(V::rules(&setup)),
            setup,
            human: Mark::X,
            seed,
            hint: None,
            hints_used: false,
            tallies: Vec::new(),
            next_opponent: None,
            games_started: 0,
            thinking: Thinking::new(),
            computer_due: None,
            computer_move: None,
            recorded: false,
            keeper: Keeper::new(slot),
            waker: waker.cloned(),
            started: None,
            play: Stopwatch::default(),
            undone: false,
            from: None,
        }
    }

    pub fn opponent(&self) -> Opponent {
        V::opponent(&self.setup)
    }

    pub fn against_computer(&self) -> Option<Level> {
        match self.opponent() {
            Opponent::Computer(level) => Some(level),
            Opponent::Human => None,
        }
    }

    /// Whether the computer is to move (thinking, or waiting to show its move).
    pub fn computer_to_move(&self) -> bool {
        self.against_computer().is_some() && self.game.turn() == Some(self.human.other())
    }

    /// A game with a move that has not ended: kept between runs, and offered again.
    pub fn in_progress(&self) -> bool {
        !self.game.is_over() && !self.game.history().is_empty()
    }

    /// Against the computer, a game in progress counts as a loss if a new one is started over it.
    pub fn leaving_loses(&self) -> bool {
        self.against_computer().is_some() && self.in_progress()
    }

    /// Whether the game was helped in a way that marks it: a hint, or an undo where undo does.
    pub fn assisted(&self) -> bool {
        self.hints_used || V::UNDO_ASSISTS && self.undone
    }

    /// Whether undo has a move of the player's to take back.
    pub fn can_undo(&self) -> bool {
        let own = match self.against_computer() {
            Some(_) => self.human,
            None => Mark::X,
        };
        let first = if own == Mark::X { 1 } else { 2 };
        !self.game.is_over() && self.game.history().len() >= first
    }

    /// The game and move that background answers must belong to.
    fn tag(&self) -> Tag {
        (self.games_started, self.game.history().len())
    }

    /// Starts a game with the player as `human`; the computer starts thinking if it opens.
    fn begin(&mut self, setup: V::Setup, seed: u64, human: Mark, now: Instant) {
        self.setup = setup;
        self.seed = seed;
        self.game = Game::new(V::rules(&setup));
        self.human = human;
        self.hint = None;
        self.hints_used = false;
        self.undone = false;
        self.from = None;
        self.started = None;
        self.play = Stopwatch::default();
        self.recorded = false;
        self.computer_due = None;
        self.computer_move = None;
        self.start_computer(now);
    }

    /// Asks the hardest computer for the player's move; the answer shows as `hint`.
    pub fn ask_hint(&mut self) {
        if self.thinking.is_idle() {
            self.hint = None;
            self.hints_used = true;
            self.start_job(Job::Hint);
        }
    }

    /// The next opponent after the one shown (the next game's, else this game's), for the next
    /// game: at once when this game has no move yet. It is saved as the setting too.
    pub fn change_opponent(&mut self, ctx: &mut Context) {
        let next = self.next_opponent.unwrap_or(self.opponent()).next();
        ctx.store
            .set(V::opponent_setting(), SettingValue::Choice(next.name()));
        if self.game.history().is_empty() {
            self.next_opponent = None;
            let setup = V::with_opponent(self.setup, next);
            self.begin(setup, self.seed, self.human, ctx.now);
        } else {
            self.next_opponent = Some(next);
        }
    }

    /// A deadline passed or background work finished: takes the answer, shows the computer's
    /// move when it is due, and starts whatever thinking is needed next. Returns whether the
    /// computer moved.
    pub fn tick(&mut self, ctx: &mut Context) -> bool {
        if let Some(answer) = self.thinking.take_answer() {
            // An answer about an earlier position (a new game, an undo, a move since) is dropped.
            match answer.found {
                Found::Move(_) if answer.tag != self.tag() => self.computer_due = None,
                _ if answer.tag != self.tag() => {}
                Found::Hint(hint) => self.hint = hint,
                Found::Move(pos) => self.computer_move = pos,
            }
        }
        let mut moved = false;
        if let (Some(pos), Some(due)) = (self.computer_move, self.computer_due)
            && ctx.now >= due
        {
            self.computer_move = None;
            self.computer_due = None;
            let _ = self.game.play(pos);
            self.after_move(ctx);
            moved = true;
        }
        self.start_computer(ctx.now);
        moved
    }

    /// Places the mark of the side to move at `pos`, or says why the rules refuse it.
    pub fn place(&mut self, pos: Pos, ctx: &mut Context) -> Result<(), MoveError> {
        self.game.play(pos)?;
        self.hint = None;
        self.after_move(ctx);
        self.start_computer(ctx.now);
        Ok(())
    }

    /// Takes back the player's last move and, against the computer, its answer too.
    pub fn undo(&mut self, ctx: &mut Context) {
        if !self.can_undo() {
            return;
        }
        self.undone |= self.game.undo().is_some();
        if self.against_computer().is_some() && self.game.turn() != Some(self.human) {
            self.game.undo();
        }
        self.hint = None;
        self.save(ctx, Durability::Cached);
        // The computer opened the game: after taking everything back, it opens again.
        self.start_computer(ctx.now);
    }

    /// Starts the computer's move when it is to move and not already on it. While the worker is
    /// busy (a hint, or an answer no longer wanted, which is asked to stop), the move starts
    /// when that answer comes in.
    fn start_computer(&mut self, now: Instant) {
        self.thinking.drop_unless(self.tag());
        let waiting = self.computer_move.is_some() || self.computer_due.is_some();
        if self.computer_to_move() && !self.game.is_over() && !waiting && self.thinking.is_idle() {
            self.computer_due = Some(now + MOVE_PAUSE);
            let level = self.against_computer().unwrap_or(Level::Hard);
            self.start_job(Job::Move(level));
        }
    }

    fn start_job(&mut self, job: Job) {
        let tag = self.tag();
        // Each move's choices come from the game's seed and the move's number, so a game played
        // again from its seed and moves meets the same computer.
        let rng = rng_from_seed(derived(self.seed, tag.1 as u64));
        let waker = self.waker.clone();
        (self.thinking).start(job, tag, &self.game, self.setup, rng, waker);
    }

    fn after_move(&mut self, ctx: &mut Context) {
        if self.started.is_none() {
            self.started = Some(Timestamp::now());
            self.play.start(ctx.now);
        }
        if self.game.is_over() && !self.recorded {
            self.recorded = true;
            let result = self.result_for_records();
            *ctx.decided |= result != Recorded::Draw;
            self.count(result);
            self.record(ctx, result, false);
            self.keeper.forget(ctx.notices);
        } else {
            self.save(ctx, Durability::Cached);
        }
    }

    /// Starts the next game; a game against the computer left in progress counts as a loss.
    pub fn new_game(&mut self, ctx: &mut Context) {
        self.give_up(ctx);
        self.games_started += 1;
        let mut setup = V::setup(ctx.store.settings());
        if let Some(next) = self.next_opponent.take() {
            setup = V::with_opponent(setup, next);
        }
        let human = V::play_as(&setup).side(self.games_started);
        self.begin(setup, ctx.seeds.next_seed(), human, ctx.now);
    }

    /// The same game again, with the same sides and seed; one in progress counts as a loss.
    pub fn restart(&mut self, ctx: &mut Context) {
        self.give_up(ctx);
        self.begin(self.setup, self.seed, self.human, ctx.now);
    }

    /// The game makes way for another: against the computer, one in progress is a loss.
    fn give_up(&mut self, ctx: &mut Context) {
        if self.leaving_loses() && !self.recorded {
            self.recorded = true;
            self.count(Recorded::Loss);
            self.record(ctx, Recorded::Loss, true);
        }
        self.keeper.forget(ctx.notices);
    }

    fn saved(&self) -> SavedGame<V> {
        SavedGame {
            setup: self.setup,
            human: self.human,
            seed: self.seed,
            game: self.game.clone(),
            hints_used: self.hints_used,
            games_started: self.games_started,
            undone: self.undone,
            started: self.started.map(|t| t.unix_seconds),
            play_ms: self.play.elapsed(Instant::now()).as_millis() as u64,
            from: self.from.clone(),
        }
    }

    fn save(&self, ctx: &mut Context, durability: Durability) {
        if self.in_progress() {
            self.keeper.save(&self.saved(), durability, ctx.notices);
        }
    }
}

impl<V: Variant> play::Session for Session<V> {
    fn in_progress(&self) -> bool {
        Session::in_progress(self)
    }

    fn keeps(&self, settings: &Settings) -> bool {
        self.in_progress() || !self.game.is_over() && self.set_up_as(settings)
    }

    fn set_up_as(&self, settings: &Settings) -> bool {
        self.setup == V::setup(settings)
    }

    fn make_way(self: Box<Self>, _: &mut Context) -> Option<SaveSlot> {
        self.keeper.into_slot()
    }

    /// The game's time stops, and a game in progress goes to disk for good.
    fn leave(&mut self, ctx: &mut Context) {
        self.play.stop(ctx.now);
        self.save(ctx, Durability::Synced);
    }

    /// The replay's board, marked as helped; the computer takes up its turn if it is to move.
    fn start_from(&mut self, here: &Here, ctx: &mut Context) -> bool {
        let Some(position) = here.position.downcast_ref::<Game<V::Rules>>() else {
            return false;
        };
        self.game = position.clone();
        self.hint = None;
        self.hints_used = true;
        self.from = Some(here.from.clone());
        self.start_computer(ctx.now);
        self.save(ctx, Durability::Cached);
        true
    }

    fn come_back(&mut self, now: Instant) {
        if self.in_progress() {
            self.play.start(now);
        }
    }

    fn focus(&mut self, present: bool, now: Instant) {
        if present {
            self.come_back(now);
        } else {
            self.play.stop(now);
        }
    }

    /// The computer's move shows at its due time, once its thinking is done.
    fn deadline(&self, _: Instant) -> Option<Instant> {
        self.computer_move.and(self.computer_due)
    }

    fn daily(&self) -> Option<Attempt> {
        None
    }

    fn set_daily(&mut self, _: Attempt) {}

    fn daily_result(&self) -> Option<DayResult> {
        None
    }
}
