//! The replay screen: a game of the history watched again, played at a speed or stepped move by
//! move, drawn by the games' own board drawing. For 2048 the computer player looks through the
//! game on a worker thread for its turning points, the moves it would have made otherwise.

mod draw;
mod input;

use std::sync::Arc;
use std::time::{Duration, Instant};

pub use draw::{min_size, render};
pub use input::action_for;

use crate::event_loop::Waker;
use crate::games::twenty48::Player;
use crate::replay::Playback;
use crate::replay::analysis::{self, Progress, TurningPoint};
use crate::replay::{Positions, Replay, SPEEDS};
use crate::screen::{ScreenId, Transition};
use crate::ui::worker::Worker;

/// The progress bar of the analysis moves by itself: it is drawn again this often.
const PROGRESS_STEP: Duration = Duration::from_millis(100);
/// The Minesweeper clock shows tenths of a second.
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
    /// 2048: to the next turning point.
    NextTurningPoint,
    Back,
}

/// The search for a 2048 game's turning points.
pub enum Analysis {
    /// Not a 2048 game.
    None,
    Running {
        worker: Worker<Player, Vec<TurningPoint>>,
        progress: Arc<Progress>,
    },
    Done(Vec<TurningPoint>),
}

pub struct ReplayScreen {
    pub replay: Replay,
    pub playback: Playback,
    /// Where Esc goes: the records, or the menu.
    pub return_to: ScreenId,
    pub analysis: Analysis,
}

impl ReplayScreen {
    /// Shows `replay` from its start, playing; a 2048 game's turning points are looked for at
    /// once.
    pub fn new(
        mut replay: Replay,
        return_to: ScreenId,
        now: Instant,
        waker: Option<&Waker>,
    ) -> ReplayScreen {
        let analysis = match &replay.positions {
            Positions::Twenty48(timeline) => {
                let game = timeline.current();
                let (size, seed) = (game.size(), replay.entry.seed);
                let inputs = timeline.steps().to_vec();
                let progress = Arc::new(Progress::default());
                let shared = Arc::clone(&progress);
                let mut worker = Worker::new(Player::new);
                worker.start(
                    move |player| analysis::turning_points(size, seed, &inputs, player, &shared),
                    waker.cloned(),
                );
                Analysis::Running { worker, progress }
            }
            _ => Analysis::None,
        };
        replay.seek(0);
        let mut playback = Playback::default();
        playback.play(now);
        ReplayScreen {
            replay,
            playback,
            return_to,
            analysis,
        }
    }

    /// The game's time shown: the clock of a Minesweeper replay.
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
            ReplayAction::NextTurningPoint => {
                if let Some(point) = self.turning_points().iter().find(|p| p.step > at) {
                    self.go_to(point.step, now);
                }
            }
            ReplayAction::Back => return Transition::Open(self.return_to),
        }
        Transition::Stay
    }

    fn at_end(&self, now: Instant) -> bool {
        self.replay.at() == self.replay.len() && self.playback.time_ms(now) >= self.replay.end_ms()
    }

    /// Time passed or background work finished: the position follows the replay's clock, which
    /// stops at the end; a finished analysis is taken up.
    pub fn tick(&mut self, now: Instant) {
        if self.playback.is_playing() {
            let time = self.playback.time_ms(now);
            self.replay.seek(self.replay.steps_by(time));
            if time >= self.replay.end_ms() {
                self.playback.pause(now);
                self.playback.set_time(self.replay.end_ms(), now);
            }
        }
        if let Analysis::Running { worker, .. } = &mut self.analysis
            && let Some(points) = worker.take_answer()
        {
            self.analysis = Analysis::Done(points);
        }
    }

    /// The next moment the screen changes by itself: the next move or tenth of the clock while
    /// playing, the progress bar while the analysis runs; `None` while paused with nothing
    /// running.
    pub fn deadline(&self, now: Instant) -> Option<Instant> {
        let next_move = self.playback.when(self.time_at(self.replay.at() + 1), now);
        let clock = match self.replay.positions {
            Positions::Minesweeper(_) => {
                let time = self.playback.time_ms(now);
                self.playback
                    .when((time / CLOCK_STEP_MS + 1) * CLOCK_STEP_MS, now)
            }
            _ => None,
        };
        let progress = match self.analysis {
            Analysis::Running { .. } => Some(now + PROGRESS_STEP),
            _ => None,
        };
        [next_move, clock, progress].into_iter().flatten().min()
    }

    /// The turning points found so far (none until the analysis is done).
    pub fn turning_points(&self) -> &[TurningPoint] {
        match &self.analysis {
            Analysis::Done(points) => points,
            _ => &[],
        }
    }
}

impl Drop for ReplayScreen {
    /// Nobody waits for the analysis any more: it stops.
    fn drop(&mut self) {
        if let Analysis::Running { progress, .. } = &self.analysis {
            progress.cancel();
        }
    }
}
