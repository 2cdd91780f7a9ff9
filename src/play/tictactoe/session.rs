//! A tic-tac-toe game in progress: the rules' game, the sides, the computer's moves from a worker
//! thread shown after a short pause, hints, undo, the session's tally, the file it is kept in and
//! its result recorded once.

use std::time::{Duration, Instant};

use super::GAME;
use super::code::CodeGame;
use super::facts::Facts;
use super::record::{self, Outcome as Recorded};
use super::saved::SavedGame;
use super::settings::{self, Opponent, PlayAs, Setup};
use super::thinking::{Job, Tag, Thinking, new_thinking, think};
use crate::clock::Stopwatch;
use crate::code::GameCode;
use crate::daily::Attempt;
use crate::disk::Durability;
use crate::games::rng_from_seed;
use crate::games::tictactoe::{Game, Level, Mark, Outcome, Pos, moves_text};
use crate::history::{Entry, Outcome as HistoryOutcome};
use crate::play::keep::{Keeper, new_slot, resume};
use crate::play::{self, Context, Opening};
use crate::records::daily::DayResult;
use crate::seeds::derived;
use crate::store::Settings;
use crate::store::saved_games::SaveSlot;
use crate::store::settings::SettingValue;
use crate::timestamp::Timestamp;
use crate::waker::Waker;

/// How long the computer's move waits before it shows, so the player sees it happen.
const MOVE_PAUSE: Duration = Duration::from_millis(300);

/// The one name tic-tac-toe games in progress are kept under.
pub const STEM: &str = "tictactoe";

/// Results of this session (not of the records) on one board against one opponent: by result
/// against the computer, by mark for two players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

pub struct Session {
    pub game: Game,
    pub setup: Setup,
    /// The player's mark against the computer.
    pub human: Mark,
    /// Where the computer's random choices in this game come from.
    seed: u64,
    pub hint: Option<Pos>,
    pub hints_used: bool,
    /// The session's results by board and opponent.
    tallies: Vec<((&'static str, Opponent), Tally)>,
    /// The opponent chosen for the next game while this one is played.
    pub next_opponent: Option<Opponent>,
    /// Games started in this session, for alternating sides.
    games_started: u32,
    thinking: Thinking,
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
    undone: bool,
}

/// The session to show when tic-tac-toe is opened: a saved game that fits the settings in force
/// (any, unless the session holds a board or opponent), else a new one.
pub fn open(opening: Opening, ctx: &mut Context) -> Session {
    let setup = Setup::from_settings(ctx.store.settings());
    let pinned = ctx.store.settings().any_pinned(settings::SETTINGS);
    if opening.may_resume()
        && let Some((saved, slot)) = resume(
            ctx,
            "Tic-tac-toe",
            |stem| stem == STEM,
            |saved: &SavedGame| {
                !pinned
                    || saved.setup.board == setup.board && saved.setup.opponent == setup.opponent
            },
        )
    {
        return Session::resumed(saved, setup.keypad, slot, ctx.now, ctx.waker);
    }
    let slot = opening.slot.or_else(|| new_slot(ctx, STEM));
    let seed = play::seed_for(opening.code.as_ref(), ctx.seeds);
    Session::new(setup, seed, slot, ctx.now, ctx.waker)
}

impl Session {
    pub fn new(
        setup: Setup,
        seed: u64,
        slot: Option<SaveSlot>,
        now: Instant,
        waker: Option<&Waker>,
    ) -> Session {
        let mut session = Session::unstarted(setup, seed, slot, waker);
        session.begin(setup, seed, session.side(setup.play_as), now);
        session
    }

    /// The code that gives this game again.
    pub fn code(&self) -> GameCode {
        let opponent = self.setup.opponent;
        CodeGame {
            board: self.setup.board,
            opponent,
            // Two players have no side of their own: their codes all say X.
            plays_x: opponent == Opponent::Human || self.human == Mark::X,
        }
        .code(self.seed)
    }

    /// A saved game, its moves played again; the computer takes up its turn if it is to move.
    pub fn resumed(
        saved: SavedGame,
        keypad: settings::Keypad,
        slot: SaveSlot,
        now: Instant,
        waker: Option<&Waker>,
    ) -> Session {
        let setup = Setup {
            keypad,
            ..saved.setup
        };
        let mut session = Session::unstarted(setup, saved.seed, Some(slot), waker);
        session.games_started = saved.games_started;
        session.game = saved.game;
        session.human = saved.human;
        session.hints_used = saved.hints_used;
        session.undone = saved.undone;
        session.started = saved.started.map(|unix_seconds| Timestamp { unix_seconds });
        session.play = Stopwatch::stopped_at(Duration::from_millis(saved.play_ms));
        session.start_computer(now);
        session
    }

    fn unstarted(
        setup: Setup,
        seed: u64,
        slot: Option<SaveSlot>,
        waker: Option<&Waker>,
    ) -> Session {
        Session {
            game: Game::new(setup.board.rules),
            setup,
            human: Mark::X,
            seed,
            hint: None,
            hints_used: false,
            tallies: Vec::new(),
            next_opponent: None,
            games_started: 0,
            thinking: new_thinking(),
            computer_due: None,
            computer_move: None,
            recorded: false,
            keeper: Keeper::new(slot),
            waker: waker.cloned(),
            started: None,
            play: Stopwatch::default(),
            undone: false,
        }
    }

    pub fn against_computer(&self) -> Option<Level> {
        match self.setup.opponent {
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

    /// The session's results on this board against this opponent.
    pub fn tally(&self) -> Tally {
        self.tallies
            .iter()
            .find(|(key, _)| *key == self.tally_key())
            .map_or_else(Tally::default, |(_, tally)| *tally)
    }

    fn tally_key(&self) -> (&'static str, Opponent) {
        (self.setup.board.name, self.setup.opponent)
    }

    /// The game and move that background answers must belong to.
    fn tag(&self) -> Tag {
        (self.games_started, self.game.history().len())
    }

    /// The player's mark in the next game: the setting's, or for alternate, X in every other game.
    fn side(&self, play_as: PlayAs) -> Mark {
        match play_as {
            PlayAs::X => Mark::X,
            PlayAs::O => Mark::O,
            PlayAs::Alternate if self.games_started.is_multiple_of(2) => Mark::X,
            PlayAs::Alternate => Mark::O,
        }
    }

    /// Starts a game with the player as `human`; the computer starts thinking if it opens.
    fn begin(&mut self, setup: Setup, seed: u64, human: Mark, now: Instant) {
        self.setup = setup;
        self.seed = seed;
        self.game = Game::new(setup.board.rules);
        self.human = human;
        self.hint = None;
        self.hints_used = false;
        self.undone = false;
        self.started = None;
        self.play = Stopwatch::default();
        self.recorded = false;
        self.computer_due = None;
        self.computer_move = None;
        self.start_computer(now);
    }

    /// Whether the game was helped: a hint asked for, or a move taken back.
    pub fn assisted(&self) -> bool {
        self.hints_used || self.undone
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
        let next = match self.next_opponent.unwrap_or(self.setup.opponent) {
            Opponent::Computer(Level::Easy) => Opponent::Computer(Level::Medium),
            Opponent::Computer(Level::Medium) => Opponent::Computer(Level::Hard),
            Opponent::Computer(Level::Hard) => Opponent::Human,
            Opponent::Human => Opponent::Computer(Level::Easy),
        };
        ctx.store
            .set(&settings::OPPONENT, SettingValue::Choice(next.name()));
        if self.game.history().is_empty() {
            self.next_opponent = None;
            let setup = Setup {
                opponent: next,
                ..self.setup
            };
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
            match answer.job {
                _ if answer.tag != self.tag() => {
                    if answer.job == Job::Move {
                        self.computer_due = None;
                    }
                }
                Job::Hint => self.hint = answer.pos,
                Job::Move => self.computer_move = answer.pos,
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

    /// Places the mark of the side to move at `pos`; `false` when the rules refuse it.
    pub fn place(&mut self, pos: Pos, ctx: &mut Context) -> bool {
        let placed = self.game.play(pos).is_ok();
        if placed {
            self.hint = None;
            self.after_move(ctx);
            self.start_computer(ctx.now);
        }
        placed
    }

    /// Takes back the player's last move and, against the computer, its answer too.
    pub fn undo(&mut self, ctx: &mut Context) {
        if self.game.is_over() {
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
    /// busy (a hint), the move starts when that answer comes in.
    fn start_computer(&mut self, now: Instant) {
        let waiting = self.computer_move.is_some() || self.computer_due.is_some();
        if self.computer_to_move() && !self.game.is_over() && !waiting && self.thinking.is_idle() {
            self.computer_due = Some(now + MOVE_PAUSE);
            self.start_job(Job::Move);
        }
    }

    fn start_job(&mut self, job: Job) {
        let level = match job {
            Job::Move => self.against_computer().unwrap_or(Level::Hard),
            Job::Hint => Level::Hard,
        };
        let tag = self.tag();
        // Each move's choices come from the game's seed and the move's number, so a game played
        // again from its seed and moves meets the same computer.
        let rng = rng_from_seed(derived(self.seed, tag.1 as u64));
        think(
            &mut self.thinking,
            job,
            tag,
            &self.game,
            level,
            rng,
            self.waker.clone(),
        );
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

    /// The finished game's result as the records count it.
    fn result_for_records(&self) -> Recorded {
        let winner = match self.game.outcome() {
            Some(Outcome::Win { mark, .. }) => *mark,
            _ => return Recorded::Draw,
        };
        let good = match self.setup.opponent {
            Opponent::Human => Mark::X,
            Opponent::Computer(_) => self.human,
        };
        if winner == good {
            Recorded::Win
        } else {
            Recorded::Loss
        }
    }

    fn count(&mut self, result: Recorded) {
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
    fn record(&mut self, ctx: &mut Context, result: Recorded, abandoned: bool) {
        let board = self.setup.board.name;
        let opponent = self.setup.opponent.name();
        let current = record::records(ctx.store)
            .get(board)
            .and_then(|b| b.get(opponent))
            .cloned()
            .unwrap_or_default();
        ctx.store
            .commit(current.changes(board, opponent, result, self.assisted()));
        self.play.stop(ctx.now);
        let played_ms = self.play.elapsed(ctx.now).as_millis() as u64;
        let outcome = match result {
            _ if abandoned => HistoryOutcome::Abandoned,
            Recorded::Win => HistoryOutcome::Won,
            Recorded::Loss => HistoryOutcome::Lost,
            Recorded::Draw => HistoryOutcome::Draw,
        };
        let mark = match (self.setup.opponent, self.game.outcome()) {
            (Opponent::Computer(_), _) => Some(self.human),
            (Opponent::Human, Some(Outcome::Win { mark, .. })) => Some(*mark),
            (Opponent::Human, _) => None,
        };
        let start = self
            .started
            .unwrap_or_else(|| Timestamp::now().earlier_by(played_ms));
        let facts = Facts {
            board: board.into(),
            opponent: opponent.into(),
            mark: mark.map(|mark| mark.to_string().into()),
            moves: self.game.history().len() as u32,
        };
        let mut entry = Entry::new(GAME.key(), &facts, start, played_ms, outcome, self.seed);
        entry.hints = self.hints_used;
        entry.undo = self.undone;
        ctx.store.remember(&entry, &moves_text(self.game.history()));
    }

    /// Starts the next game; a game against the computer left in progress counts as a loss.
    pub fn new_game(&mut self, ctx: &mut Context) {
        self.give_up(ctx);
        self.games_started += 1;
        let mut setup = Setup::from_settings(ctx.store.settings());
        if let Some(next) = self.next_opponent.take() {
            setup.opponent = next;
        }
        self.begin(
            setup,
            ctx.seeds.next_seed(),
            self.side(setup.play_as),
            ctx.now,
        );
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

    fn saved(&self) -> SavedGame {
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
        }
    }

    fn save(&self, ctx: &mut Context, durability: Durability) {
        if self.in_progress() {
            self.keeper.save(&self.saved(), durability, ctx.notices);
        }
    }
}

impl play::Session for Session {
    fn in_progress(&self) -> bool {
        Session::in_progress(self)
    }

    fn keeps(&self, settings: &Settings) -> bool {
        self.in_progress() || !self.game.is_over() && self.setup == Setup::from_settings(settings)
    }

    fn make_way(self: Box<Self>, _: &mut Context) -> Option<SaveSlot> {
        self.keeper.into_slot()
    }

    /// The game's time stops, and a game in progress goes to disk for good.
    fn leave(&mut self, ctx: &mut Context) {
        self.play.stop(ctx.now);
        self.save(ctx, Durability::Synced);
    }

    fn come_back(&mut self, now: Instant) {
        if self.in_progress() {
            self.play.start(now);
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
