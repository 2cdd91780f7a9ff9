//! The tic-tac-toe screen: the player's moves from keys and clicks, the computer's moves from a
//! worker thread shown after a short pause, hints, undo, the session's tally and the records.

mod draw;
mod input;
pub mod layout;
mod saved;
mod thinking;

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use ratatui::layout::{Rect, Size};

use crate::clock::Stopwatch;
use crate::code::GameCode;
use crate::event_loop::Waker;
use crate::games::tictactoe::{Game, Level, Mark, Outcome, PRESETS, Pos, Preset, moves_text};
use crate::games::{GameId, rng_from_seed};
use crate::history::{Entry, Outcome as HistoryOutcome, TicTacToeFacts};
use crate::records::tictactoe::{Outcome as Recorded, TWO_PLAYERS};
use crate::screen::{Context, ScreenId, Transition};
use crate::seeds::derived;
use crate::store::Store;
use crate::store::file::Durability;
use crate::store::saved_games::SaveSlot;
use crate::store::settings::{self, Settings};
use crate::timestamp::Timestamp;
use crate::ui::question::Question;
use crate::ui::{footer, status};
#[cfg(test)]
pub(in crate::ui) use draw::mark_style;
pub use draw::render;
pub(in crate::ui) use draw::render_board;
pub use input::action_for;
use layout::GridLayout;
pub use saved::SavedGame;
use thinking::{Job, Tag, Thinking, new_thinking, think};

pub const MIN_SIZE: Size = Size::new(34, 10);

/// How long the computer's move waits before it shows, so the player sees it happen.
const MOVE_PAUSE: Duration = Duration::from_millis(300);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    Computer(Level),
    Human,
}

impl Opponent {
    pub fn name(self) -> &'static str {
        match self {
            Opponent::Computer(level) => level.name(),
            Opponent::Human => TWO_PLAYERS,
        }
    }

    pub fn from_name(name: &str) -> Option<Opponent> {
        match name {
            TWO_PLAYERS => Some(Opponent::Human),
            _ => Level::from_name(name).map(Opponent::Computer),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayAs {
    X,
    O,
    /// The starting side swaps every game.
    Alternate,
}

impl PlayAs {
    const ALL: [PlayAs; 3] = [PlayAs::X, PlayAs::O, PlayAs::Alternate];

    pub fn name(self) -> &'static str {
        match self {
            PlayAs::X => "x",
            PlayAs::O => "o",
            PlayAs::Alternate => "alternate",
        }
    }

    pub fn from_name(name: &str) -> Option<PlayAs> {
        PlayAs::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// Digits 1-9 on 3x3: a phone keypad has 1 2 3 on top, a numeric keypad 7 8 9.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keypad {
    Phone,
    Numpad,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: Preset,
    pub opponent: Opponent,
    pub play_as: PlayAs,
    pub keypad: Keypad,
}

impl Setup {
    pub fn from_settings(settings: &Settings) -> Setup {
        let board_name = settings.choice(&settings::TTT_BOARD);
        Setup {
            board: PRESETS
                .into_iter()
                .find(|p| p.name == board_name)
                .unwrap_or(PRESETS[0]),
            opponent: Opponent::from_name(settings.choice(&settings::TTT_OPPONENT))
                .unwrap_or(Opponent::Computer(Level::Medium)),
            play_as: PlayAs::from_name(settings.choice(&settings::TTT_PLAY_AS))
                .unwrap_or(PlayAs::Alternate),
            keypad: match settings.choice(&settings::TTT_KEYPAD) {
                "numpad" => Keypad::Numpad,
                _ => Keypad::Phone,
            },
        }
    }

    /// The board, opponent and side of a tic-tac-toe code, with `keypad`.
    pub fn from_code(code: GameCode, keypad: Keypad) -> Option<Setup> {
        let GameCode::TicTacToe {
            board,
            opponent,
            plays_x,
            ..
        } = code
        else {
            return None;
        };
        Some(Setup {
            board,
            opponent: opponent.map_or(Opponent::Human, Opponent::Computer),
            play_as: if plays_x { PlayAs::X } else { PlayAs::O },
            keypad,
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum TicTacToeAction {
    Move {
        rows: isize,
        cols: isize,
    },
    Place,
    /// A digit key on 3x3, already turned into a cell.
    PlaceAt(Pos),
    /// A click on a cell.
    Click(Pos),
    Undo,
    Hint,
    NewGame,
    /// The same game again: the same board, opponent, sides and seed.
    Restart,
    /// The answer to the question on screen.
    Answer(bool),
    ChangeOpponent,
    Setup,
    Back,
}

/// Results of this session (not of the records) on one board against one opponent: by result
/// against the computer, by mark for two players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

pub struct TicTacToeScreen {
    pub game: Game,
    pub setup: Setup,
    /// The player's mark against the computer.
    pub human: Mark,
    /// Where the computer's random choices in this game come from.
    seed: u64,
    pub cursor: Pos,
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
    /// Moves pressed while the computer was to move, played once it has.
    queued: Vec<TicTacToeAction>,
    /// The question waiting for an answer.
    pub question: Option<Question>,
    recorded: bool,
    /// The command line's setup, kept for new games until the player changes the settings.
    pub pinned: Option<Setup>,
    /// Where the game in progress is kept between runs; `None` keeps nothing.
    slot: Option<SaveSlot>,
    waker: Option<Waker>,
    /// When the game's first move was made.
    started: Option<Timestamp>,
    /// The time the game has been played (on screen, from its first move).
    play: Stopwatch,
    /// A move was taken back in this game.
    undone: bool,
}

impl TicTacToeScreen {
    pub fn new(
        setup: Setup,
        seed: u64,
        slot: Option<SaveSlot>,
        now: Instant,
        waker: Option<&Waker>,
    ) -> TicTacToeScreen {
        let mut screen = TicTacToeScreen::unstarted(setup, seed, slot, waker);
        screen.begin(setup, seed, screen.side(setup.play_as), now);
        screen
    }

    /// The code that gives this game again.
    pub fn code(&self) -> GameCode {
        GameCode::TicTacToe {
            board: self.setup.board,
            opponent: self.against_computer(),
            // Two players have no side of their own: their codes all say X.
            plays_x: self.against_computer().is_none() || self.human == Mark::X,
            seed: self.seed,
        }
    }

    /// A saved game, its moves played again; the computer takes up its turn if it is to move.
    pub fn resumed(
        saved: SavedGame,
        keypad: Keypad,
        slot: SaveSlot,
        now: Instant,
        waker: Option<&Waker>,
    ) -> TicTacToeScreen {
        let setup = Setup {
            keypad,
            ..saved.setup
        };
        let mut screen = TicTacToeScreen::unstarted(setup, saved.seed, Some(slot), waker);
        screen.cursor = saved
            .game
            .history()
            .last()
            .copied()
            .unwrap_or(screen.cursor);
        screen.games_started = saved.games_started;
        screen.game = saved.game;
        screen.human = saved.human;
        screen.hints_used = saved.hints_used;
        screen.undone = saved.undone;
        screen.started = saved.started.map(|unix_seconds| Timestamp { unix_seconds });
        screen.play = Stopwatch::stopped_at(Duration::from_millis(saved.play_ms));
        screen.start_computer(now);
        screen
    }

    fn unstarted(
        setup: Setup,
        seed: u64,
        slot: Option<SaveSlot>,
        waker: Option<&Waker>,
    ) -> TicTacToeScreen {
        let rules = setup.board.rules;
        TicTacToeScreen {
            game: Game::new(rules),
            setup,
            human: Mark::X,
            seed,
            cursor: centre(rules.rows(), rules.cols()),
            hint: None,
            hints_used: false,
            tallies: Vec::new(),
            next_opponent: None,
            games_started: 0,
            thinking: new_thinking(),
            computer_due: None,
            computer_move: None,
            queued: Vec::new(),
            question: None,
            recorded: false,
            pinned: None,
            slot,
            waker: waker.cloned(),
            started: None,
            play: Stopwatch::default(),
            undone: false,
        }
    }

    pub fn layout(&self, area: Rect) -> GridLayout {
        let rules = self.game.rules();
        let status_rows = status::height(&draw::status_parts(self), area.width);
        let result_rows = draw::result_rows(self, area.width);
        let footer_rows = footer::height(&self.playing_footer(), area.width);
        layout::layout(
            area,
            rules.rows(),
            rules.cols(),
            status_rows,
            result_rows,
            footer_rows,
        )
    }

    /// The keys the screen needs in its current state.
    pub fn footer(&self) -> Vec<footer::Hint> {
        if self.game.is_over() {
            return vec![
                ("n", "new"),
                ("r", "restart"),
                ("c", "opponent"),
                ("o", "options"),
                ("Esc", "back"),
                ("?", "help"),
            ];
        }
        self.playing_footer()
    }

    /// The keys of a game being played: the longest footer, whose rows the layout keeps in
    /// every state so that the grid never moves when the game ends.
    fn playing_footer(&self) -> Vec<footer::Hint> {
        let rules = self.game.rules();
        let place = if (rules.rows(), rules.cols()) == (3, 3) {
            ("Space/1-9", "place")
        } else {
            ("Space", "place")
        };
        vec![
            ("←↑↓→", "move"),
            place,
            ("u", "undo"),
            ("t", "hint"),
            ("n", "new"),
            ("c", "opponent"),
            ("o", "options"),
            ("?", "help"),
        ]
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

    /// The computer's move shows at its due time, once its thinking is done.
    pub fn deadline(&self) -> Option<Instant> {
        self.computer_move.and(self.computer_due)
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
        let rules = setup.board.rules;
        self.cursor = centre(rules.rows(), rules.cols());
        self.human = human;
        self.hint = None;
        self.hints_used = false;
        self.undone = false;
        self.started = None;
        self.play = Stopwatch::default();
        self.recorded = false;
        self.queued.clear();
        self.computer_due = None;
        self.computer_move = None;
        self.start_computer(now);
    }

    pub fn update(&mut self, action: TicTacToeAction, ctx: &mut Context) -> Transition {
        if let Some(question) = self.question.take() {
            if action == TicTacToeAction::Answer(true) {
                match question {
                    Question::NewGame => self.new_game(ctx),
                    Question::Restart => self.restart(ctx),
                    _ => {
                        self.hints_used = true;
                        return self.update(TicTacToeAction::Hint, ctx);
                    }
                }
            }
            return Transition::Stay;
        }
        match action {
            TicTacToeAction::Back => return Transition::Open(ScreenId::Menu),
            TicTacToeAction::Setup => return Transition::Setup(GameId::TicTacToe),
            TicTacToeAction::Move { rows, cols } => {
                let rules = self.game.rules();
                self.cursor = Pos::new(
                    self.cursor
                        .row
                        .saturating_add_signed(rows)
                        .min(rules.rows() - 1),
                    self.cursor
                        .col
                        .saturating_add_signed(cols)
                        .min(rules.cols() - 1),
                );
            }
            TicTacToeAction::Hint if self.game.is_over() => {}
            // The first hint of a game asks: the game is then recorded as one with a hint.
            TicTacToeAction::Hint if !self.hints_used => self.question = Some(Question::Hint),
            // While the computer is to move, the player's moves wait their turn.
            TicTacToeAction::Place
            | TicTacToeAction::PlaceAt(_)
            | TicTacToeAction::Click(_)
            | TicTacToeAction::Undo
            | TicTacToeAction::Hint
                if self.computer_to_move() && !self.game.is_over() =>
            {
                self.queued.push(action);
            }
            TicTacToeAction::Place => self.place(self.cursor, ctx),
            TicTacToeAction::PlaceAt(pos) | TicTacToeAction::Click(pos) => {
                self.cursor = pos;
                self.place(pos, ctx);
            }
            TicTacToeAction::Undo => self.undo(ctx),
            TicTacToeAction::Hint => {
                if self.thinking.is_idle() {
                    self.hint = None;
                    self.start_job(Job::Hint);
                }
            }
            TicTacToeAction::NewGame if self.leaving_loses() => {
                self.question = Some(Question::NewGame)
            }
            TicTacToeAction::NewGame => self.new_game(ctx),
            TicTacToeAction::Restart if self.leaving_loses() => {
                self.question = Some(Question::Restart)
            }
            TicTacToeAction::Restart => self.restart(ctx),
            TicTacToeAction::Answer(_) => {}
            TicTacToeAction::ChangeOpponent => self.change_opponent(ctx),
        }
        Transition::Stay
    }

    /// The next opponent after the one shown (the next game's, else this game's), for the next
    /// game: at once when this game has no move yet. It is saved as the setting too.
    fn change_opponent(&mut self, ctx: &mut Context) {
        let next = match self.next_opponent.unwrap_or(self.setup.opponent) {
            Opponent::Computer(Level::Easy) => Opponent::Computer(Level::Medium),
            Opponent::Computer(Level::Medium) => Opponent::Computer(Level::Hard),
            Opponent::Computer(Level::Hard) => Opponent::Human,
            Opponent::Human => Opponent::Computer(Level::Easy),
        };
        ctx.store.set(
            &settings::TTT_OPPONENT,
            settings::SettingValue::Choice(next.name()),
        );
        if let Some(pinned) = &mut self.pinned {
            pinned.opponent = next;
        }
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

    /// A deadline passed or background work finished: take the answer, show the computer's move
    /// when it is due, and start whatever thinking is needed next.
    pub fn tick(&mut self, ctx: &mut Context) {
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
        if let (Some(pos), Some(due)) = (self.computer_move, self.computer_due)
            && ctx.now >= due
        {
            self.computer_move = None;
            self.computer_due = None;
            let _ = self.game.play(pos);
            self.after_move(ctx);
            for action in std::mem::take(&mut self.queued) {
                self.update(action, ctx);
            }
        }
        self.start_computer(ctx.now);
    }

    fn place(&mut self, pos: Pos, ctx: &mut Context) {
        if self.game.play(pos).is_ok() {
            self.hint = None;
            self.after_move(ctx);
            self.start_computer(ctx.now);
        }
    }

    /// Takes back the player's last move and, against the computer, its answer too.
    fn undo(&mut self, ctx: &mut Context) {
        if self.game.is_over() {
            return;
        }
        self.undone |= self.game.undo().is_some();
        if self.against_computer().is_some() && self.game.turn() != Some(self.human) {
            self.game.undo();
        }
        self.hint = None;
        self.save(ctx.notices, Durability::Cached);
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
            self.write_record(ctx.store, result, false, ctx.now);
            self.forget(ctx.notices);
        } else {
            self.save(ctx.notices, Durability::Cached);
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
    fn write_record(&mut self, store: &mut Store, result: Recorded, abandoned: bool, now: Instant) {
        let board = self.setup.board.name;
        let opponent = self.setup.opponent.name();
        let current = store
            .records()
            .tictactoe
            .get(board)
            .and_then(|b| b.get(opponent))
            .cloned()
            .unwrap_or_default();
        store.commit(current.changes(board, opponent, result, self.hints_used));
        self.play.stop(now);
        let played_ms = self.play.elapsed(now).as_millis() as u64;
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
        let entry = Entry {
            hints: self.hints_used,
            undo: self.undone,
            tictactoe: Some(TicTacToeFacts {
                board: board.to_string(),
                opponent: opponent.to_string(),
                mark: mark.map(|mark| mark.to_string()),
                moves: self.game.history().len() as u32,
            }),
            ..Entry::new(start, played_ms, outcome, self.seed)
        };
        store.remember(&entry, &moves_text(self.game.history()));
    }

    /// Starts the next game; a game against the computer left in progress counts as a loss.
    fn new_game(&mut self, ctx: &mut Context) {
        self.give_up(ctx);
        self.games_started += 1;
        let mut setup = self
            .pinned
            .unwrap_or_else(|| Setup::from_settings(ctx.store.settings()));
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
    fn restart(&mut self, ctx: &mut Context) {
        self.give_up(ctx);
        self.begin(self.setup, self.seed, self.human, ctx.now);
    }

    /// The game makes way for another: against the computer, one in progress is a loss.
    fn give_up(&mut self, ctx: &mut Context) {
        if self.leaving_loses() && !self.recorded {
            self.recorded = true;
            self.count(Recorded::Loss);
            self.write_record(ctx.store, Recorded::Loss, true, ctx.now);
        }
        self.forget(ctx.notices);
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

    /// The player leaves the screen or the program: the game's time stops, and a game in
    /// progress goes to disk for good.
    pub fn leave(&mut self, notices: &mut VecDeque<String>, now: Instant) {
        self.play.stop(now);
        self.save(notices, Durability::Synced);
    }

    /// The screen is shown again: a game in progress counts its time again.
    pub fn come_back(&mut self, now: Instant) {
        if self.in_progress() {
            self.play.start(now);
        }
    }

    fn save(&self, notices: &mut VecDeque<String>, durability: Durability) {
        if let Some(slot) = &self.slot
            && self.in_progress()
        {
            super::report_save(notices, slot.save(&self.saved(), durability), slot);
        }
    }

    /// The claimed file, for the next game where this one makes way.
    pub fn into_slot(self) -> Option<SaveSlot> {
        self.slot
    }

    /// The game ended or makes way for another: its file goes.
    fn forget(&self, notices: &mut VecDeque<String>) {
        if let Some(slot) = &self.slot {
            super::report_save(notices, slot.delete(), slot);
        }
    }
}

/// Where the cursor starts: the middle cell, or on an even board the cell below and right of the
/// middle lines, inside the centre area.
fn centre(rows: usize, cols: usize) -> Pos {
    Pos::new(rows / 2, cols / 2)
}
