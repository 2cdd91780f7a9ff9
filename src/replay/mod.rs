//! Replays: a game of the history played again from its entry and its moves, by the game's own
//! rules, with any position reachable at once. A replay is made only when the rules, played
//! through, reach exactly the end the history recorded (its result, score, biggest tile, 3BV and
//! clicks, its number of moves); a game they do not reach, or one recorded in another format, is
//! refused with a message that says why, never shown wrong. Each game plays its own moves and says
//! what it compares; no terminal types here: the screen is in `ui::replay`.

mod find;
mod playback;
mod timeline;

use std::any::Any;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde::Deserialize;

pub use find::{Wanted, find};
pub use playback::{Playback, SPEEDS};
pub use timeline::{Steps, Timeline};

use crate::code::GameCode;
use crate::games::{GameId, Named};
use crate::history::{Entry, FORMAT};

/// Positions kept: one every this many steps. A 20,000-move 2048 game keeps 313, and any
/// position is at most 63 moves from one of them.
pub const KEEP_EVERY: usize = 64;

/// Why a game cannot be replayed. Each says it in one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The history has no game (or no data folder).
    NoHistory,
    NotFound(Wanted),
    /// The game's line is of another format than this version reads.
    Version {
        id: String,
        found: u64,
    },
    /// The game's line could not be read.
    Damaged(String),
    NoMoves(String),
    /// A move could not be read, or the rules refused it.
    BadMove {
        id: String,
        at: usize,
    },
    /// The rules reached another end than the recorded one.
    Mismatch {
        id: String,
        what: String,
    },
    /// The history could not be read.
    Unreadable(String),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::NoHistory => f.write_str("the history has no games to replay yet"),
            ReplayError::NotFound(Wanted::Last) => {
                f.write_str("the history has no games to replay yet")
            }
            ReplayError::NotFound(Wanted::Id(id)) => {
                write!(f, "no game of the history has the id {id:?}")
            }
            ReplayError::NotFound(Wanted::Code(code)) => {
                write!(f, "no game of the history has the code {}", code.encode())
            }
            ReplayError::Version { id, found } => write!(
                f,
                "game {id} was recorded in history format {found}, and this version of \
                 grid-arcade replays format {FORMAT} only"
            ),
            ReplayError::Damaged(id) => write!(f, "the history's line of game {id} is damaged"),
            ReplayError::NoMoves(id) => write!(f, "the history has no moves for game {id}"),
            ReplayError::BadMove { id, at } => write!(
                f,
                "move {} of game {id} does not fit its game, so it cannot be replayed",
                at + 1
            ),
            ReplayError::Mismatch { id, what } => write!(
                f,
                "game {id} does not replay to the end the history recorded ({what}), so it is \
                 not shown"
            ),
            ReplayError::Unreadable(error) => write!(f, "the history could not be read: {error}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A game whose games can be watched again: what finding and building a replay asks of it.
pub trait Replayable: Named + Sync {
    /// The code of an entry's game, from the fields that make it.
    fn entry_code(&self, entry: &Entry) -> Option<GameCode>;
    /// The positions of an entry's game played by `moves`, checked against its recorded end.
    fn replay(&self, entry: Entry<'static>, moves: &str) -> Result<Replay, ReplayError>;
}

/// The positions of a replay, whatever its game: what stepping and seeking need. The game's own
/// screen reads its positions back as its own type.
pub trait Positions: Any {
    /// How many steps the game has.
    fn steps(&self) -> usize;
    /// How many steps the shown position is after the start.
    fn at(&self) -> usize;
    fn seek(&mut self, k: usize);
    /// The position shown and the steps that led to it, for a new game to start from; `None`
    /// when no move is left to play there.
    fn here(&self) -> Option<(Box<dyn Any>, Box<dyn Any>)>;
}

impl<G: Steps + 'static> Positions for Timeline<G>
where
    G::Step: 'static,
{
    fn steps(&self) -> usize {
        Timeline::len(self)
    }
    fn at(&self) -> usize {
        Timeline::at(self)
    }
    fn seek(&mut self, k: usize) {
        Timeline::seek(self, k)
    }
    fn here(&self) -> Option<(Box<dyn Any>, Box<dyn Any>)> {
        let position = self.current();
        let steps = self.steps()[..self.at()].to_vec();
        (!position.is_over()).then(|| {
            (
                Box::new(position.clone()) as Box<dyn Any>,
                Box::new(steps) as _,
            )
        })
    }
}

/// A position of a replay that a new game starts from ("play from here"): the game as its rules
/// hold it, and the steps that led to it (a `Vec` of the game's steps).
pub struct Here {
    pub position: Box<dyn Any>,
    pub steps: Box<dyn Any>,
    /// The replayed game's id and the number of steps: the new game's history keeps it as
    /// `from` (`k3v9q2m7@17`).
    pub from: String,
}

/// A game of the history, ready to be watched.
pub struct Replay {
    pub entry: Entry<'static>,
    pub game: GameId,
    positions: Box<dyn Positions>,
    /// When each step happens, in ms from the start of the replay at 1x.
    times: Vec<u64>,
    /// The replay ends on the game's clock (Minesweeper), not on its last step.
    clocked: bool,
}

/// A game's rules as its replays play them: how an entry's facts and moves give the start, and
/// what the end reached is checked against.
pub trait Replayed: Steps + Sized + 'static {
    /// The game's fields in its history line.
    type Facts<'a>: Deserialize<'a>;
    fn start(entry: &Entry, facts: &Self::Facts<'_>, moves: &str) -> Result<Start<Self>, Unfit>;
    /// Where the end the rules reached differs from the one recorded.
    fn differences(entry: &Entry, facts: &Self::Facts<'_>, end: &Self) -> Differences;
}

/// Where a replay starts: the first position and the steps from it, at their times.
pub struct Start<G: Steps> {
    pub game: G,
    pub steps: Vec<G::Step>,
    pub times: Vec<u64>,
    /// A position kept every this many steps.
    pub every: usize,
    /// The replay ends on the game's clock (Minesweeper), not on its last step.
    pub clocked: bool,
}

/// Why an entry's fields or moves give no start.
pub enum Unfit {
    /// The fields do not make a game.
    Damaged,
    /// The move at this index could not be read.
    BadMove(usize),
}

/// The replay of `entry`, a game of `game` played by `moves` as the history writes them.
pub fn build<G: Replayed>(
    entry: Entry<'static>,
    game: GameId,
    moves: &str,
) -> Result<Replay, ReplayError> {
    let id = || entry.id.to_string();
    let bad_move = |at| ReplayError::BadMove { id: id(), at };
    let (timeline, times, clocked, differences) = {
        let facts: G::Facts<'_> = entry.facts().ok_or_else(|| ReplayError::Damaged(id()))?;
        let start = G::start(&entry, &facts, moves).map_err(|unfit| match unfit {
            Unfit::Damaged => ReplayError::Damaged(id()),
            Unfit::BadMove(at) => bad_move(at),
        })?;
        let timeline = Timeline::build(start.game, start.steps, start.every).map_err(bad_move)?;
        let differences = G::differences(&entry, &facts, timeline.current());
        (timeline, start.times, start.clocked, differences)
    };
    Replay::new(entry, game, timeline, times, clocked, differences)
}

/// Where a game's end, as its rules reach it, differs from the one recorded: each difference
/// as the message names it.
#[derive(Default)]
pub struct Differences(Vec<String>);

impl Differences {
    pub fn compare(
        &mut self,
        what: &str,
        recorded: impl fmt::Display,
        replayed: impl fmt::Display,
    ) {
        let (recorded, replayed) = (recorded.to_string(), replayed.to_string());
        if recorded != replayed {
            self.0
                .push(format!("{what} {recorded} recorded, {replayed} replayed"));
        }
    }
}

impl Replay {
    /// The replay of `entry` through `timeline`, its steps at `times`; refused when the game's
    /// `differences` from the recorded end are not none.
    fn new<G: Steps + 'static>(
        entry: Entry<'static>,
        game: GameId,
        timeline: Timeline<G>,
        times: Vec<u64>,
        clocked: bool,
        differences: Differences,
    ) -> Result<Replay, ReplayError> {
        if entry.v != FORMAT {
            return Err(ReplayError::Version {
                id: entry.id.to_string(),
                found: entry.v.into(),
            });
        }
        if let Some(what) = differences.0.into_iter().next() {
            return Err(ReplayError::Mismatch {
                id: entry.id.to_string(),
                what,
            });
        }
        Ok(Replay {
            entry,
            game,
            positions: Box::new(timeline),
            times,
            clocked,
        })
    }

    /// The positions as the game made them: its screen draws them.
    pub fn timeline<G: Steps + 'static>(&self) -> Option<&Timeline<G>> {
        (self.positions.as_ref() as &dyn Any).downcast_ref()
    }

    /// How many steps the game has.
    pub fn len(&self) -> usize {
        self.positions.steps()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many steps the shown position is after the start.
    pub fn at(&self) -> usize {
        self.positions.at()
    }

    /// Shows the position after `k` steps.
    pub fn seek(&mut self, k: usize) {
        self.positions.seek(k)
    }

    /// When step `k` happens, in ms at 1x (the end for `k` past the last).
    pub fn time_of(&self, k: usize) -> u64 {
        self.times.get(k).copied().unwrap_or_else(|| self.end_ms())
    }

    /// How many steps have happened by `ms` at 1x.
    pub fn steps_by(&self, ms: u64) -> usize {
        self.times.partition_point(|&t| t <= ms)
    }

    /// When the replay ends, in ms at 1x: its last step, or for a game on a clock the clock at
    /// the end.
    pub fn end_ms(&self) -> u64 {
        let last = self.times.last().copied().unwrap_or(0);
        if self.clocked {
            last.max(self.entry.duration_ms)
        } else {
            last
        }
    }

    /// The position shown, for a new game to start from; `None` when the game is over there.
    pub fn here(&self) -> Option<Here> {
        let (position, steps) = self.positions.here()?;
        Some(Here {
            position,
            steps,
            from: format!("{}@{}", self.entry.id, self.at()),
        })
    }

    /// Whether the game's time is its clock (and the screen shows it).
    pub fn clocked(&self) -> bool {
        self.clocked
    }
}

/// Step times `pace` apart, the first after one pace: for games whose moves carry no time.
pub fn paced(steps: usize, pace: u64) -> Vec<u64> {
    (1..=steps as u64).map(|k| k * pace).collect()
}

/// How far a search through a replay's positions is, and whether it is still wanted; shared with
/// the thread it runs on.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicUsize,
    total: AtomicUsize,
    cancelled: AtomicBool,
}

impl Progress {
    /// The share of the positions looked at, 0 to 1.
    pub fn ratio(&self) -> f64 {
        let total = self.total.load(Ordering::Relaxed);
        if total == 0 {
            0.0
        } else {
            self.done.load(Ordering::Relaxed) as f64 / total as f64
        }
    }

    pub fn set_total(&self, total: usize) {
        self.total.store(total, Ordering::Relaxed);
    }

    pub fn set_done(&self, done: usize) {
        self.done.store(done, Ordering::Relaxed);
    }

    /// Nobody waits for the search any more: it stops.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    pub fn cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}
