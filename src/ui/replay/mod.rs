//! The replay screen: a game of the history watched again, played at a speed or stepped move by
//! move, its board drawn as its game's screen draws it. A game may look through its replay in
//! the background for marks (2048's turning points, where the computer would have gone another
//! way): they show on the progress bar and `m` goes from one to the next.

mod board;
mod draw;
mod input;

use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};

pub use board::BoardView;
pub use draw::{min_size, render};
pub use input::{action_for, keys};

use super::status::Part;
use super::{ScreenId, Transition, View};
use crate::replay::{Playback, Progress, Replay, SPEEDS};
use crate::waker::Waker;
use crate::worker::Worker;

/// The progress bar of a search moves by itself: it is drawn again this often.
const PROGRESS_STEP: Duration = Duration::from_millis(100);
/// A clock of a replay shows tenths of a second.
const CLOCK_STEP_MS: u64 = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayAction {
    /// Plays from where the replay is (from the start once at the end), or pauses.
    PlayPause,
    /// The speed at this index of [`SPEEDS`].
    Speed(usize),
    Faster,
    Slower,
    /// One move forward (`true`) or back.
    Step(bool),
    Start,
    End,
    /// To the next mark.
    NextMark,
    /// A new game from the position shown.
    PlayFromHere,
    Back,
}

/// How a game's replays are drawn, and what they are looked through for.
pub trait ReplayView: Sync {
    /// The game as its table is named: `Minesweeper Beginner 9x9, 10 mines`.
    fn title(&self, replay: &Replay) -> String;
    /// The figure in the status at the position shown (the clock, whose turn, the score), with
    /// room for its longest.
    fn figure(&self, replay: &Replay, time_ms: u64) -> Part<'static>;
    /// What the move before the position shown did.
    fn last_move(&self, replay: &Replay) -> String;
    /// The longest text [`ReplayView::last_move`] gives: its room under the board is kept.
    fn longest_move(&self) -> &'static str;
    /// The board at its smallest.
    fn min_board(&self, replay: &Replay, width: u16) -> Size;
    /// Draws the board in `area`, leaving `status_rows` for the status above it and
    /// `bottom_rows` below it; where those two go.
    fn render(
        &self,
        replay: &Replay,
        area: Rect,
        rows: (u16, u16),
        view: &View,
        buf: &mut Buffer,
    ) -> (Rect, Rect);
    /// What to look through the replay for in the background, if anything.
    fn marks(&self, replay: &Replay) -> Option<MarkSearch>;
}

/// A step of the replay worth stopping at, and what it says there (in ASCII too, for terminals
/// that show no more).
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub step: usize,
    pub text: String,
    pub ascii: String,
}

/// What the marks are called, in every form the screen says them.
pub struct MarkNames {
    /// `turning point`, `turning points`.
    pub one: &'static str,
    pub many: &'static str,
    /// While the search runs: `looking for turning points`.
    pub searching: &'static str,
    /// When it found none.
    pub none: &'static str,
    /// The longest line a mark makes, for the room kept under the board.
    pub longest: &'static str,
    /// What the key to the next mark does, in the footer: `next turning point`.
    pub next: &'static str,
}

/// A search for a replay's marks: what they are called, and the work, given the progress to
/// report and to stop by.
pub struct MarkSearch {
    pub names: &'static MarkNames,
    pub job: MarkJob,
}

/// The work of a search for marks, run on a worker thread.
pub type MarkJob = Box<dyn FnOnce(&Progress) -> Vec<Mark> + Send>;

/// The search for a replay's marks.
pub enum Marks {
    /// The game looks for none.
    None,
    Running {
        worker: Worker<(), Vec<Mark>>,
        progress: Arc<Progress>,
        names: &'static MarkNames,
    },
    Done(Vec<Mark>, &'static MarkNames),
}

pub struct ReplayScreen {
    pub replay: Replay,
    pub view: &'static dyn ReplayView,
    pub playback: Playback,
    /// Where Esc goes: the records, or the menu.
    pub return_to: ScreenId,
    pub marks: Marks,
}

impl ReplayScreen {
    /// Shows `replay` from its start, playing; the game's marks are looked for at once.
    pub fn new(
        mut replay: Replay,
        view: &'static dyn ReplayView,
        return_to: ScreenId,
        now: Instant,
        waker: Option<&Waker>,
    ) -> ReplayScreen {
        let marks = match view.marks(&replay) {
            Some(search) => {
                let progress = Arc::new(Progress::default());
                let shared = Arc::clone(&progress);
                let mut worker = Worker::new(|| ());
                let job = search.job;
                worker.start(move |_| job(&shared), waker.cloned());
                Marks::Running {
                    worker,
                    progress,
                    names: search.names,
                }
            }
            None => Marks::None,
        };
        replay.seek(0);
        let mut playback = Playback::default();
        playback.play(now);
        ReplayScreen {
            replay,
            view,
            playback,
            return_to,
            marks,
        }
    }

    /// The game's time shown: the clock of a game on a clock.
    pub fn time_ms(&self, now: Instant) -> u64 {
        self.playback.time_ms(now).min(self.replay.end_ms())
    }

    /// The game's time at the position after `k` steps.
    fn time_at(&self, k: usize) -> u64 {
        match k {
            0 => 0,
            k if k >= self.replay.len() => self.replay.end_ms(),
            k => self.replay.time_of(k - 1),
        }
    }

    /// Shows the position before the last move (the one that lost the game), paused: the next
    /// step makes it.
    pub fn show_fatal_move(&mut self, now: Instant) {
        self.go_to(self.replay.len().saturating_sub(1), now);
    }

    /// Shows the position after `k` steps, paused.
    fn go_to(&mut self, k: usize, now: Instant) {
        self.playback.pause(now);
        self.replay.seek(k);
        self.playback.set_time(self.time_at(self.replay.at()), now);
    }

    pub fn update(&mut self, action: ReplayAction, now: Instant) -> Transition {
        self.tick(now);
        let at = self.replay.at();
        match action {
            ReplayAction::PlayPause if self.playback.is_playing() => self.playback.pause(now),
            ReplayAction::PlayPause => {
                if self.at_end(now) {
                    self.go_to(0, now);
                }
                self.playback.play(now);
            }
            ReplayAction::Speed(index) => self.playback.set_speed(index, now),
            ReplayAction::Faster => {
                let faster = (self.playback.speed_index() + 1).min(SPEEDS.len() - 1);
                self.playback.set_speed(faster, now);
            }
            ReplayAction::Slower => {
                let slower = self.playback.speed_index().saturating_sub(1);
                self.playback.set_speed(slower, now);
            }
            ReplayAction::Step(true) => self.go_to(at + 1, now),
            ReplayAction::Step(false) => self.go_to(at.saturating_sub(1), now),
            ReplayAction::Start => self.go_to(0, now),
            ReplayAction::End => self.go_to(self.replay.len(), now),
            ReplayAction::NextMark => {
                if let Some(mark) = self.found_marks().iter().find(|m| m.step > at) {
                    self.go_to(mark.step, now);
                }
            }
            ReplayAction::PlayFromHere => {
                self.playback.pause(now);
                return Transition::PlayFromHere;
            }
            ReplayAction::Back => return Transition::Open(self.return_to),
        }
        Transition::Stay
    }

    fn at_end(&self, now: Instant) -> bool {
        self.replay.at() == self.replay.len() && self.playback.time_ms(now) >= self.replay.end_ms()
    }

    /// Time passed or background work finished: the position follows the replay's clock, which
    /// stops at the end; a finished search is taken up.
    pub fn tick(&mut self, now: Instant) {
        if self.playback.is_playing() {
            let time = self.playback.time_ms(now);
            self.replay.seek(self.replay.steps_by(time));
            if time >= self.replay.end_ms() {
                self.playback.pause(now);
                self.playback.set_time(self.replay.end_ms(), now);
            }
        }
        if let Marks::Running { worker, names, .. } = &mut self.marks
            && let Some(marks) = worker.take_answer()
        {
            self.marks = Marks::Done(marks, names);
        }
    }

    /// The next moment the screen changes by itself: the next move or tenth of the clock while
    /// playing, the progress bar while a search runs; `None` while paused with nothing running.
    pub fn deadline(&self, now: Instant) -> Option<Instant> {
        let next_move = self.playback.when(self.time_at(self.replay.at() + 1), now);
        let clock = self.replay.clocked().then(|| {
            let time = self.playback.time_ms(now);
            self.playback
                .when((time / CLOCK_STEP_MS + 1) * CLOCK_STEP_MS, now)
        });
        let progress = match self.marks {
            Marks::Running { .. } => Some(now + PROGRESS_STEP),
            _ => None,
        };
        [next_move, clock.flatten(), progress]
            .into_iter()
            .flatten()
            .min()
    }

    /// What the game's marks are called, if it looks for any.
    pub fn mark_names(&self) -> Option<&'static MarkNames> {
        match &self.marks {
            Marks::None => None,
            Marks::Running { names, .. } | Marks::Done(_, names) => Some(names),
        }
    }

    /// The marks found so far (none until the search is done).
    pub fn found_marks(&self) -> &[Mark] {
        match &self.marks {
            Marks::Done(marks, _) => marks,
            _ => &[],
        }
    }
}

impl Drop for ReplayScreen {
    /// Nobody waits for the search any more: it stops.
    fn drop(&mut self) {
        if let Marks::Running { progress, .. } = &self.marks {
            progress.cancel();
        }
    }
}
