//! How long the computer may think: the budget of a move, shared out between the searches it
//! runs one after another, and the caller's flag that stops it early.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What one move may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time: what a game uses. The move comes within 50 ms of it.
    Time(Duration),
    /// Positions searched: the same move on every machine, for tests.
    Nodes(u64),
}

impl Budget {
    /// The budget of a move in a game.
    pub const PER_MOVE: Budget = Budget::Time(Duration::from_secs(1));
}

/// The move's budget as the searches spend it: each search gets a share of what is left and
/// asks [`Clock::tick`] at every node whether to stop.
pub(super) struct Clock<'a> {
    cancel: &'a AtomicBool,
    start: Instant,
    budget: Budget,
    nodes: u64,
    /// Where the current search ends: an instant for a time budget, a node count for a node one.
    share_end: ShareEnd,
    stopped: bool,
}

#[derive(Clone, Copy)]
enum ShareEnd {
    At(Instant),
    After(u64),
}

/// Reading the clock costs tens of nanoseconds, a node a few microseconds: it is read every 64
/// nodes, well under a millisecond.
const CHECK_EVERY: u64 = 64;

/// Time kept back for what follows the searches (building the answer) and for a busy machine.
const MARGIN: Duration = Duration::from_millis(10);

impl<'a> Clock<'a> {
    pub fn new(budget: Budget, cancel: &'a AtomicBool) -> Clock<'a> {
        let start = Instant::now();
        let mut clock = Clock {
            cancel,
            start,
            budget,
            nodes: 0,
            share_end: ShareEnd::After(0),
            stopped: false,
        };
        clock.share(1.0);
        clock
    }

    /// Starts a search that may spend `fraction` of what is left of the move's budget.
    pub fn share(&mut self, fraction: f64) {
        self.share_end = match self.budget {
            Budget::Time(time) => {
                let end = self.start + time.saturating_sub(MARGIN);
                let now = Instant::now();
                ShareEnd::At(now + end.saturating_duration_since(now).mul_f64(fraction))
            }
            Budget::Nodes(nodes) => {
                let left = nodes.saturating_sub(self.nodes);
                ShareEnd::After(self.nodes + (left as f64 * fraction) as u64)
            }
        };
        self.stopped = self.cancelled();
    }

    /// Counts a node; true once the current search must stop.
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped {
            self.stopped = match self.share_end {
                ShareEnd::After(end) => self.nodes >= end || self.check_cancel(),
                ShareEnd::At(end) => {
                    self.nodes.is_multiple_of(CHECK_EVERY)
                        && (Instant::now() >= end || self.cancelled())
                }
            };
        }
        self.stopped
    }

    /// Whether the current search has been stopped.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    fn check_cancel(&self) -> bool {
        self.nodes.is_multiple_of(CHECK_EVERY) && self.cancelled()
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}
