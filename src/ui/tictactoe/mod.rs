//! The tic-tac-toe screen: the player's moves from keys and clicks, the computer's moves from a
//! worker thread shown after a short pause, hints, undo, the session's tally and the records.

mod draw;
mod input;
pub mod layout;
mod thinking;

use std::time::{Duration, Instant};

use ratatui::layout::{Rect, Size};

use crate::games::tictactoe::{Game, Level, Mark, Outcome, PRESETS, Pos, Preset};
use crate::games::{GameId, GameRng, rng_from_seed};
use crate::records::tictactoe::{Outcome as Recorded, TWO_PLAYERS};
use crate::screen::{Context, ScreenId, Transition};
use crate::store::Store;
use crate::store::settings::{self, Settings};
pub use draw::render;
pub use input::action_for;
use layout::GridLayout;
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
    pub fn from_name(name: &str) -> Option<PlayAs> {
        match name {
            "x" => Some(PlayAs::X),
            "o" => Some(PlayAs::O),
            "alternate" => Some(PlayAs::Alternate),
            _ => None,
        }
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
    /// Confirms (or with `false` cancels) leaving a game that would count as a loss.
    Confirm(bool),
    ChangeLevel,
    Setup,
    Back,
}

/// Results of this session (not of the records): by result against the computer, by mark for two.
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
    pub cursor: Pos,
    pub hint: Option<Pos>,
    pub hints_used: bool,
    pub tally: Tally,
    /// Games started in this session, for alternating sides.
    games_started: u32,
    thinking: Thinking,
    /// The computer's move, ready to show from `due`.
    computer_due: Option<Instant>,
    /// The computer's answer, waiting for `computer_due`.
    computer_move: Option<Pos>,
    /// Moves pressed while the computer was to move, played once it has.
    queued: Vec<TicTacToeAction>,
    /// Waiting for the player to confirm a new game that makes this one a loss.
    pub confirming_new: bool,
    rng: Option<GameRng>,
    recorded: bool,
    /// The command line's setup, kept for new games until the player changes the settings.
    pub pinned: Option<Setup>,
}

impl TicTacToeScreen {
    pub fn new(
        setup: Setup,
        seed: u64,
        now: Instant,
        waker: Option<&crate::event_loop::Waker>,
    ) -> TicTacToeScreen {
        let rules = setup.board.rules;
        let mut screen = TicTacToeScreen {
            game: Game::new(rules),
            setup,
            human: Mark::X,
            cursor: Pos::new(rules.rows() / 2, rules.cols() / 2),
            hint: None,
            hints_used: false,
            tally: Tally::default(),
            games_started: 0,
            thinking: new_thinking(),
            computer_due: None,
            computer_move: None,
            queued: Vec::new(),
            confirming_new: false,
            rng: Some(rng_from_seed(seed)),
            recorded: false,
            pinned: None,
        };
        screen.begin(setup, now, waker);
        screen
    }

    pub fn layout(&self, area: Rect) -> GridLayout {
        let rules = self.game.rules();
        layout::layout(area, rules.rows(), rules.cols())
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

    /// Against the computer, a game left after its first move counts as lost.
    pub fn in_progress(&self) -> bool {
        !self.game.is_over() && !self.game.history().is_empty()
    }

    /// Against the computer, a game left after its first move counts as a loss.
    pub fn leaving_loses(&self) -> bool {
        self.against_computer().is_some() && self.in_progress()
    }

    /// The computer's move shows at its due time, once its thinking is done.
    pub fn deadline(&self) -> Option<Instant> {
        self.computer_move.and(self.computer_due)
    }

    /// The game and move that background answers must belong to.
    fn tag(&self) -> Tag {
        (self.games_started, self.game.history().len())
    }

    /// Starts a game: sides follow the setting, and the computer starts thinking if it opens.
    fn begin(&mut self, setup: Setup, now: Instant, waker: Option<&crate::event_loop::Waker>) {
        self.setup = setup;
        self.game = Game::new(setup.board.rules);
        let rules = setup.board.rules;
        self.cursor = Pos::new(
            self.cursor.row.min(rules.rows() - 1),
            self.cursor.col.min(rules.cols() - 1),
        );
        self.human = match setup.play_as {
            PlayAs::X => Mark::X,
            PlayAs::O => Mark::O,
            PlayAs::Alternate if self.games_started.is_multiple_of(2) => Mark::X,
            PlayAs::Alternate => Mark::O,
        };
        self.hint = None;
        self.hints_used = false;
        self.recorded = false;
        self.queued.clear();
        self.computer_due = None;
        self.computer_move = None;
        self.start_computer(now, waker);
    }

    pub fn update(&mut self, action: TicTacToeAction, ctx: &mut Context) -> Transition {
        if self.confirming_new {
            self.confirming_new = false;
            if action == TicTacToeAction::Confirm(true) {
                self.new_game(ctx);
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
                if !self.game.is_over() {
                    self.hints_used = true;
                    self.hint = None;
                    self.think(Job::Hint, ctx);
                }
            }
            TicTacToeAction::NewGame if self.leaving_loses() => self.confirming_new = true,
            TicTacToeAction::NewGame => self.new_game(ctx),
            TicTacToeAction::Confirm(_) => {}
            TicTacToeAction::ChangeLevel => {
                let next = match self.setup.opponent {
                    Opponent::Computer(Level::Easy) => "medium",
                    Opponent::Computer(Level::Medium) => "hard",
                    Opponent::Computer(Level::Hard) => "human",
                    Opponent::Human => "easy",
                };
                ctx.store.set(
                    &settings::TTT_OPPONENT,
                    settings::SettingValue::Choice(next),
                );
                // The level of a game in progress stays; the next game takes the new one.
                if self.game.history().is_empty() {
                    let setup = self.next_setup(ctx.store);
                    self.begin(setup, ctx.now, ctx.waker);
                }
            }
        }
        Transition::Stay
    }

    /// A deadline passed or background work finished: take the answer, show the computer's move
    /// when it is due, and start whatever thinking is needed next.
    pub fn tick(&mut self, ctx: &mut Context) {
        if let Some(answer) = self.thinking.take_answer() {
            self.rng = Some(answer.rng);
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
        self.start_computer(ctx.now, ctx.waker);
    }

    fn place(&mut self, pos: Pos, ctx: &mut Context) {
        if self.game.play(pos).is_ok() {
            self.hint = None;
            self.after_move(ctx);
            self.start_computer(ctx.now, ctx.waker);
        }
    }

    /// Takes back the player's last move and, against the computer, its answer too.
    fn undo(&mut self, ctx: &mut Context) {
        if self.game.is_over() {
            return;
        }
        self.game.undo();
        if self.against_computer().is_some() && self.game.turn() != Some(self.human) {
            self.game.undo();
        }
        self.hint = None;
        // The computer opened the game: after taking everything back, it opens again.
        self.start_computer(ctx.now, ctx.waker);
    }

    /// Starts the computer's move when it is to move and not already on it. While the worker is
    /// busy (a hint), the move starts when that answer comes in.
    fn start_computer(&mut self, now: Instant, waker: Option<&crate::event_loop::Waker>) {
        let waiting = self.computer_move.is_some() || self.computer_due.is_some();
        if self.computer_to_move() && !self.game.is_over() && !waiting && self.thinking.is_idle() {
            self.computer_due = Some(now + MOVE_PAUSE);
            self.start_job(Job::Move, waker);
        }
    }

    fn think(&mut self, job: Job, ctx: &mut Context) {
        if self.thinking.is_idle() {
            self.start_job(job, ctx.waker);
        }
    }

    fn start_job(&mut self, job: Job, waker: Option<&crate::event_loop::Waker>) {
        let Some(rng) = self.rng.take() else {
            return;
        };
        let level = match job {
            Job::Move => self.against_computer().unwrap_or(Level::Hard),
            Job::Hint => Level::Hard,
        };
        let tag = self.tag();
        think(
            &mut self.thinking,
            job,
            tag,
            &self.game,
            level,
            rng,
            waker.cloned(),
        );
    }

    fn after_move(&mut self, ctx: &mut Context) {
        if self.game.is_over() && !self.recorded {
            self.recorded = true;
            let result = self.result_for_records();
            self.count(result);
            self.write_record(ctx.store, result);
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
        match result {
            Recorded::Win => self.tally.wins += 1,
            Recorded::Loss => self.tally.losses += 1,
            Recorded::Draw => self.tally.draws += 1,
        }
    }

    fn write_record(&self, store: &mut Store, result: Recorded) {
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
    }

    fn new_game(&mut self, ctx: &mut Context) {
        self.abandon(ctx.store);
        self.games_started += 1;
        let setup = self.next_setup(ctx.store);
        self.begin(setup, ctx.now, ctx.waker);
    }

    /// The setup of the next game: the settings, with the command line's choices on top until the
    /// player changes the settings.
    fn next_setup(&self, store: &Store) -> Setup {
        self.pinned
            .unwrap_or_else(|| Setup::from_settings(store.settings()))
    }

    /// Records a game against the computer left after its first move as a loss.
    pub fn abandon(&mut self, store: &mut Store) {
        if self.leaving_loses() && !self.recorded {
            self.recorded = true;
            self.count(Recorded::Loss);
            self.write_record(store, Recorded::Loss);
        }
    }
}
