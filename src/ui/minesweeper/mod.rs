//! The Minesweeper screen: turns keys and clicks into moves on the rules' `Game`, keeps the clock,
//! the cursor and the view of boards larger than the terminal, and records finished games.

mod draw;
mod input;
pub mod layout;

use std::time::{Duration, Instant};

use ratatui::layout::{Rect, Size};

use crate::clock::Stopwatch;
use crate::games::GameId;
use crate::games::minesweeper::{
    BoardSize, Difficulty, FirstClick, Game, GameOptions, Hint, Pos, PostMortem, Status,
};
use crate::records::minesweeper::{FinishedGame, variant_key, with_hints};
use crate::screen::{Context, ScreenId, Transition};
use crate::store::Store;
use crate::store::settings::{self, Settings};
use crate::timestamp::Timestamp;
pub use draw::render;
pub use input::action_for;
use layout::BoardLayout;

pub const MIN_SIZE: Size = Size::new(30, 8);

/// The clock shows tenths of a second, so it needs waking no more often than that.
const CLOCK_STEP: Duration = Duration::from_millis(100);

/// What a new game is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub difficulty: Difficulty,
    pub size: BoardSize,
    pub options: GameOptions,
}

impl Setup {
    pub fn from_settings(settings: &Settings) -> Setup {
        let difficulty = settings
            .choice(&settings::MINES_DIFFICULTY)
            .parse()
            .unwrap_or(Difficulty::Beginner);
        let custom = BoardSize::new(
            settings.number(&settings::MINES_CUSTOM_ROWS) as usize,
            settings.number(&settings::MINES_CUSTOM_COLS) as usize,
            settings.number(&settings::MINES_CUSTOM_MINES) as usize,
        )
        .unwrap_or(BoardSize::EXPERT);
        Setup {
            difficulty,
            size: difficulty.preset().unwrap_or(custom),
            options: GameOptions {
                first_click: first_click(settings.choice(&settings::MINES_FIRST_CLICK)),
                question_marks: settings.toggle(&settings::MINES_QUESTION_MARKS),
            },
        }
    }

    /// The key of this board in the records.
    pub fn variant(&self) -> String {
        variant_key(
            self.difficulty.name(),
            self.size.rows() as u64,
            self.size.cols() as u64,
            self.size.mines() as u64,
        )
    }

    pub fn title(&self) -> String {
        let name = match self.difficulty {
            Difficulty::Custom => "Custom",
            Difficulty::Beginner => "Beginner",
            Difficulty::Medium => "Medium",
            Difficulty::Expert => "Expert",
        };
        format!(
            "{name} {}x{}, {} mines",
            self.size.rows(),
            self.size.cols(),
            self.size.mines()
        )
    }
}

/// The first-click mode of a setting's name; names come checked from the settings or the
/// command line, so anything else means the default.
pub fn first_click(name: &str) -> FirstClick {
    name.parse().unwrap_or_default()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    Left,
    Middle,
    Right,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pointer {
    Press(Button),
    Release(Button),
    /// Moved, with or without a button held.
    Over,
}

#[derive(Clone, Debug, PartialEq)]
pub enum MinesAction {
    Move {
        rows: isize,
        cols: isize,
    },
    /// To the first or last row or column: Home, End, PgUp, PgDn.
    Edge {
        row: Option<bool>,
        col: Option<bool>,
    },
    Reveal,
    Flag,
    Chord,
    /// A mouse event over a cell (`None`: outside the board).
    Mouse(Pointer, Option<Pos>),
    Scroll {
        rows: isize,
        cols: isize,
    },
    /// A hint while playing; after a loss, the post-mortem.
    Hint,
    NewGame,
    Pause,
    FocusLost,
    FocusGained,
    Setup,
    Back,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Paused {
    #[default]
    No,
    ByKey,
    /// By leaving the terminal's focus or the screen: coming back resumes.
    Away,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Play {
    Reveal,
    Flag,
    Chord,
}

/// Mouse buttons held, for chording by pressing left and right together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Buttons {
    left: bool,
    right: bool,
    /// Both were down: the first release chords and the other release does nothing.
    chording: bool,
}

impl Buttons {
    /// Follows the buttons and says which move a mouse event makes: a right press flags, a middle
    /// press chords, a left release reveals, and with left and right pressed together the first
    /// release chords.
    fn play_for(&mut self, pointer: Pointer) -> Option<Play> {
        match pointer {
            Pointer::Over => None,
            Pointer::Press(Button::Left) => {
                self.left = true;
                self.chording |= self.right;
                None
            }
            Pointer::Press(Button::Right) => {
                self.right = true;
                self.chording |= self.left;
                (!self.chording).then_some(Play::Flag)
            }
            Pointer::Press(Button::Middle) => Some(Play::Chord),
            Pointer::Release(button) => {
                let was_down = match button {
                    Button::Left => std::mem::take(&mut self.left),
                    Button::Right => std::mem::take(&mut self.right),
                    Button::Middle => false,
                };
                if !was_down {
                    None
                } else if self.chording {
                    let first_release = self.left || self.right;
                    self.chording = first_release;
                    first_release.then_some(Play::Chord)
                } else {
                    (button == Button::Left).then_some(Play::Reveal)
                }
            }
        }
    }
}

pub struct MinesweeperScreen {
    pub game: Game,
    pub setup: Setup,
    pub seed: u64,
    pub cursor: Pos,
    /// The first cell shown when the board is larger than the terminal.
    pub view: Pos,
    clock: Stopwatch,
    paused: Paused,
    buttons: Buttons,
    /// The finished game beat the best time.
    new_best: bool,
    /// The last hint, shown until the next move.
    pub hint: Option<Hint>,
    /// After a loss: the cells that were provably safe before the fatal click, while shown.
    pub post_mortem: Option<PostMortem>,
    /// The command line's setup, kept for new games until the player changes the settings.
    pub pinned: Option<Setup>,
}

impl MinesweeperScreen {
    pub fn new(setup: Setup, seed: u64) -> MinesweeperScreen {
        let game = Game::new(setup.size, seed, setup.options);
        MinesweeperScreen {
            cursor: Pos::new(setup.size.rows() / 2, setup.size.cols() / 2),
            game,
            setup,
            seed,
            view: Pos::new(0, 0),
            clock: Stopwatch::default(),
            paused: Paused::No,
            buttons: Buttons::default(),
            new_best: false,
            hint: None,
            post_mortem: None,
            pinned: None,
        }
    }

    /// A game that counts as abandoned (played and lost) if left for another.
    pub fn in_progress(&self) -> bool {
        self.game.status() == Status::Playing
    }

    pub fn is_paused(&self) -> bool {
        self.paused != Paused::No
    }

    pub fn elapsed(&self, now: Instant) -> Duration {
        self.clock.elapsed(now)
    }

    /// The clock is the only thing that changes by itself, and only while it runs unpaused.
    pub fn deadline(&self, now: Instant) -> Option<Instant> {
        self.clock.next_change(now, CLOCK_STEP)
    }

    pub fn layout(&self, area: Rect) -> BoardLayout {
        let finished = self.game.status().is_over();
        let with_side = layout::layout(
            area,
            self.game.rows(),
            self.game.cols(),
            self.view,
            finished,
            1,
        );
        if !finished || with_side.side.is_some() {
            with_side
        } else {
            // No room beside the board: the summary takes a second status row.
            layout::layout(
                area,
                self.game.rows(),
                self.game.cols(),
                self.view,
                false,
                2,
            )
        }
    }

    pub fn update(&mut self, action: MinesAction, ctx: &mut Context) -> Transition {
        let now = ctx.now;
        match action {
            MinesAction::Back => return Transition::Open(ScreenId::Menu),
            MinesAction::Setup => return Transition::Setup(GameId::Minesweeper),
            MinesAction::NewGame => {
                let setup = self
                    .pinned
                    .unwrap_or_else(|| Setup::from_settings(ctx.store.settings()));
                self.start_new(setup, ctx);
            }
            MinesAction::Pause => self.set_paused(
                if self.is_paused() {
                    Paused::No
                } else {
                    Paused::ByKey
                },
                now,
            ),
            MinesAction::FocusLost => self.leave(now),
            MinesAction::FocusGained => self.resume(now),
            _ if self.is_paused() => {}
            MinesAction::Hint if self.game.status() == Status::Lost => {
                self.post_mortem = match self.post_mortem {
                    Some(_) => None,
                    None => self.game.post_mortem(),
                };
            }
            MinesAction::Hint => {
                let hint = self.game.hint();
                if let Hint::Safe(pos) | Hint::Mine(pos) = hint {
                    self.move_cursor(pos, ctx.area);
                }
                self.hint = Some(hint);
            }
            MinesAction::Move { rows, cols } => {
                let moved = Pos::new(
                    step(self.cursor.row, rows, self.game.rows()),
                    step(self.cursor.col, cols, self.game.cols()),
                );
                self.move_cursor(moved, ctx.area);
            }
            MinesAction::Edge { row, col } => {
                let edge = |to_end: Option<bool>, at: usize, len: usize| match to_end {
                    Some(true) => len - 1,
                    Some(false) => 0,
                    None => at,
                };
                let moved = Pos::new(
                    edge(row, self.cursor.row, self.game.rows()),
                    edge(col, self.cursor.col, self.game.cols()),
                );
                self.move_cursor(moved, ctx.area);
            }
            MinesAction::Scroll { rows, cols } => {
                let layout = self.layout(ctx.area);
                self.view = Pos::new(
                    step(layout.origin.row, rows, self.game.rows()),
                    step(layout.origin.col, cols, self.game.cols()),
                );
            }
            // A key acts on the cursor's cell, so that cell comes into view if it scrolled away.
            MinesAction::Reveal | MinesAction::Flag | MinesAction::Chord => {
                self.move_cursor(self.cursor, ctx.area);
                let play = match action {
                    MinesAction::Reveal => Play::Reveal,
                    MinesAction::Flag => Play::Flag,
                    _ => Play::Chord,
                };
                self.act(ctx, self.cursor, play);
            }
            MinesAction::Mouse(pointer, cell) => self.pointer(pointer, cell, ctx),
        }
        Transition::Stay
    }

    fn pointer(&mut self, pointer: Pointer, cell: Option<Pos>, ctx: &mut Context) {
        if let Some(cell) = cell {
            self.cursor = cell;
        }
        let play = self.buttons.play_for(pointer);
        // Presses and releases off the board only change which buttons are held.
        if let (Some(play), Some(at)) = (play, cell) {
            self.act(ctx, at, play);
        }
    }

    /// Plays a move at `at`, then starts or stops the clock and records the end.
    fn act(&mut self, ctx: &mut Context, at: Pos, play: Play) {
        self.hint = None;
        let outcome = match play {
            Play::Reveal => self.game.reveal(at),
            Play::Flag => self.game.toggle_flag(at),
            Play::Chord => self.game.chord(at),
        };
        if outcome.started() {
            self.clock.start(ctx.now);
        }
        if outcome.ended() {
            self.clock.stop(ctx.now);
            self.record(ctx.store, ctx.now);
        }
    }

    /// Keeps the cursor in view after the terminal changed size.
    pub fn follow_cursor(&mut self, area: Rect) {
        self.move_cursor(self.cursor, area);
    }

    fn move_cursor(&mut self, to: Pos, area: Rect) {
        self.cursor = to;
        self.view = self.layout(area).view_showing(to);
    }

    /// Pauses a running game when the player goes away (another screen, another window).
    pub fn leave(&mut self, now: Instant) {
        if self.paused == Paused::No {
            self.set_paused(Paused::Away, now);
        }
    }

    /// Undoes [`leave`](Self::leave); a pause the player asked for stays.
    pub fn resume(&mut self, now: Instant) {
        if self.paused == Paused::Away {
            self.set_paused(Paused::No, now);
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

    /// Starts a new game with `setup`; a game left in progress counts as lost.
    pub fn start_new(&mut self, setup: Setup, ctx: &mut Context) {
        self.abandon(ctx.store, ctx.now);
        let cursor = Pos::new(
            self.cursor.row.min(setup.size.rows() - 1),
            self.cursor.col.min(setup.size.cols() - 1),
        );
        *self = MinesweeperScreen {
            cursor,
            view: self.view,
            pinned: self.pinned,
            ..MinesweeperScreen::new(setup, ctx.seeds.next_seed())
        };
    }

    /// Records a game left after its first reveal as played and lost.
    pub fn abandon(&mut self, store: &mut Store, now: Instant) {
        if self.in_progress() {
            self.clock.stop(now);
            self.write_record(store, false, now);
        }
    }

    fn record(&mut self, store: &mut Store, now: Instant) {
        let won = self.game.status() == Status::Won;
        self.write_record(store, won, now);
    }

    fn write_record(&mut self, store: &mut Store, won: bool, now: Instant) {
        let time_ms = self.clock.elapsed(now).as_millis() as u64;
        // Games played with hints are kept apart from the player's own.
        let variant = with_hints(&self.setup.variant(), self.game.used_hint());
        let current = store
            .records()
            .minesweeper
            .get(&variant)
            .cloned()
            .unwrap_or_default();
        self.new_best = won && current.best.as_ref().is_none_or(|b| time_ms < b.time_ms);
        let game = FinishedGame {
            won,
            time_ms,
            bbbv_per_s: bbbv_per_second(self.game.bbbv().unwrap_or(0), time_ms),
            seed: self.seed,
            date: Timestamp::now().date(),
        };
        store.commit(current.changes(&variant, &game));
    }
}

fn step(at: usize, by: isize, len: usize) -> usize {
    at.saturating_add_signed(by).min(len.saturating_sub(1))
}

pub fn bbbv_per_second(bbbv: usize, time_ms: u64) -> f64 {
    if time_ms == 0 {
        0.0
    } else {
        bbbv as f64 * 1000.0 / time_ms as f64
    }
}
