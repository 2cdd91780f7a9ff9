//! Replays: a game of the history played again from its entry and its moves, by the games' own
//! rules, with any position reachable at once. A replay is made only when the rules, played
//! through, reach exactly the end the history recorded (its result, score, biggest tile, 3BV and
//! clicks, its number of moves); a game they do not reach, or one recorded in another format, is
//! refused with a message that says why, never shown wrong. No terminal types here: the screen
//! is in `ui::replay`.

pub mod analysis;
mod find;
mod playback;
mod timeline;

use std::fmt;

pub use find::{Wanted, find};
pub use playback::{Playback, SPEEDS};
pub use timeline::{Steps, Timeline};

use crate::games::GameId;
use crate::games::minesweeper::{
    self, FirstClick, GameOptions, Move, Pos as MinesPos, Status as MinesStatus,
};
use crate::games::tictactoe::{self, Mark, Outcome as TicTacToeOutcome, PRESETS, Pos};
use crate::games::twenty48::{self, Input, tile_value, win_exponent};
use crate::history::{Entry, FORMAT, Outcome};

/// Positions kept: one every this many steps. A 20,000-move 2048 game keeps 313, and any
/// position is at most 63 moves from one of them.
const KEEP_EVERY: usize = 64;
/// A Minesweeper position costs two bytes a cell: on large boards positions are kept further
/// apart, so that the kept ones stay within about this many bytes in all.
const MINES_KEPT_BYTES: usize = 64 << 20;

/// The time between two moves of a replay at 1x, for the games whose moves carry no time.
pub const TICTACTOE_PACE_MS: u64 = 700;
pub const TWENTY48_PACE_MS: u64 = 150;

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

impl Steps for minesweeper::Game {
    type Step = Move;
    /// Every move the player made was logged, those that changed nothing included.
    fn apply(&mut self, step: Move) -> bool {
        self.play(step);
        true
    }
}

impl Steps for tictactoe::Game {
    type Step = Pos;
    fn apply(&mut self, step: Pos) -> bool {
        self.play(step).is_ok()
    }
}

impl Steps for twenty48::Game {
    type Step = Input;
    fn apply(&mut self, step: Input) -> bool {
        match step {
            Input::Slide(direction) => self.play(direction).is_some(),
            Input::Undo => self.undo(),
            Input::KeepGoing => self.keep_going(),
        }
    }
}

/// The positions of a replay, by game.
pub enum Positions {
    Minesweeper(Timeline<minesweeper::Game>),
    TicTacToe(Timeline<tictactoe::Game>),
    Twenty48(Timeline<twenty48::Game>),
}

/// Calls `$body` with the timeline of any game.
macro_rules! each {
    ($positions:expr, $timeline:ident => $body:expr) => {
        match $positions {
            Positions::Minesweeper($timeline) => $body,
            Positions::TicTacToe($timeline) => $body,
            Positions::Twenty48($timeline) => $body,
        }
    };
}

/// A game of the history, ready to be watched.
pub struct Replay {
    pub entry: Entry,
    pub positions: Positions,
    /// When each step happens, in ms from the start of the replay at 1x.
    times: Vec<u64>,
}

impl Replay {
    /// The replay of `entry` with its `moves` (as the history writes them), checked against the
    /// end the entry recorded.
    pub fn new(entry: Entry, moves: &str) -> Result<Replay, ReplayError> {
        let id = entry.id.clone();
        if entry.v != FORMAT {
            return Err(ReplayError::Version {
                id,
                found: entry.v.into(),
            });
        }
        let bad_move = |at| ReplayError::BadMove { id: id.clone(), at };
        let damaged = || ReplayError::Damaged(id.clone());
        let (positions, times) = match entry.game().ok_or_else(damaged)? {
            GameId::Minesweeper => {
                let facts = entry.minesweeper.as_ref().ok_or_else(damaged)?;
                let size = facts.size().ok_or_else(damaged)?;
                let first_click: FirstClick = facts.rule.parse().map_err(|_| damaged())?;
                let options = GameOptions {
                    first_click,
                    question_marks: facts.marks,
                };
                let timed = minesweeper::decode_moves(moves).map_err(|_| bad_move(0))?;
                let times = timed.iter().map(|m| m.at_ms).collect();
                let steps = timed.iter().map(|m| m.play).collect();
                let cells = size.rows() * size.cols() * 2;
                let every = KEEP_EVERY.max(cells * timed.len() / MINES_KEPT_BYTES);
                let start = minesweeper::Game::new(size, entry.seed, options);
                let timeline = Timeline::build(start, steps, every).map_err(bad_move)?;
                (Positions::Minesweeper(timeline), times)
            }
            GameId::TicTacToe => {
                let facts = entry.tictactoe.as_ref().ok_or_else(damaged)?;
                let board = PRESETS
                    .iter()
                    .find(|p| p.name == facts.board)
                    .ok_or_else(damaged)?;
                let steps = tictactoe::read_moves(moves).ok_or_else(|| bad_move(0))?;
                let times = paced(steps.len(), TICTACTOE_PACE_MS);
                let start = tictactoe::Game::new(board.rules);
                let timeline = Timeline::build(start, steps, KEEP_EVERY).map_err(bad_move)?;
                (Positions::TicTacToe(timeline), times)
            }
            GameId::Twenty48 => {
                let facts = entry.twenty48.as_ref().ok_or_else(damaged)?;
                let steps = moves
                    .chars()
                    .enumerate()
                    .map(|(at, letter)| Input::from_letter(letter).ok_or_else(|| bad_move(at)))
                    .collect::<Result<Vec<_>, _>>()?;
                let times = paced(steps.len(), TWENTY48_PACE_MS);
                let start =
                    twenty48::Game::new(facts.size as usize, entry.seed).map_err(|_| damaged())?;
                let timeline = Timeline::build(start, steps, KEEP_EVERY).map_err(bad_move)?;
                (Positions::Twenty48(timeline), times)
            }
        };
        let replay = Replay {
            entry,
            positions,
            times,
        };
        match replay.differences().first() {
            Some(what) => Err(ReplayError::Mismatch {
                id,
                what: what.clone(),
            }),
            None => Ok(replay),
        }
    }

    pub fn game(&self) -> GameId {
        match self.positions {
            Positions::Minesweeper(_) => GameId::Minesweeper,
            Positions::TicTacToe(_) => GameId::TicTacToe,
            Positions::Twenty48(_) => GameId::Twenty48,
        }
    }

    /// How many steps the game has.
    pub fn len(&self) -> usize {
        each!(&self.positions, timeline => timeline.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many steps the shown position is after the start.
    pub fn at(&self) -> usize {
        each!(&self.positions, timeline => timeline.at())
    }

    /// Shows the position after `k` steps.
    pub fn seek(&mut self, k: usize) {
        each!(&mut self.positions, timeline => timeline.seek(k))
    }

    /// When step `k` happens, in ms at 1x (the end for `k` past the last).
    pub fn time_of(&self, k: usize) -> u64 {
        self.times.get(k).copied().unwrap_or_else(|| self.end_ms())
    }

    /// How many steps have happened by `ms` at 1x.
    pub fn steps_by(&self, ms: u64) -> usize {
        self.times.partition_point(|&t| t <= ms)
    }

    /// When the replay ends, in ms at 1x: its last step, or for Minesweeper its clock at the end.
    pub fn end_ms(&self) -> u64 {
        let last = self.times.last().copied().unwrap_or(0);
        match self.positions {
            Positions::Minesweeper(_) => last.max(self.entry.duration_ms),
            _ => last,
        }
    }

    /// Where the game's end, as the rules reach it, differs from the recorded one: nothing for a
    /// faithful replay.
    fn differences(&self) -> Vec<String> {
        let entry = &self.entry;
        let mut differences = Vec::new();
        let mut compare = |what: &str, recorded: String, replayed: String| {
            if recorded != replayed {
                differences.push(format!("{what} {recorded} recorded, {replayed} replayed"));
            }
        };
        let result = |outcome: Outcome| format!("{outcome:?}").to_lowercase();
        match &self.positions {
            Positions::Minesweeper(timeline) => {
                let (Some(facts), game) = (&entry.minesweeper, timeline.current()) else {
                    return vec!["no Minesweeper facts".to_string()];
                };
                let replayed = match game.status() {
                    MinesStatus::Won => Outcome::Won,
                    MinesStatus::Lost => Outcome::Lost,
                    _ => Outcome::Abandoned,
                };
                compare("result", result(entry.result), result(replayed));
                compare(
                    "3BV",
                    facts.bbbv.to_string(),
                    game.bbbv().unwrap_or(0).to_string(),
                );
                compare(
                    "clicks",
                    facts.clicks.to_string(),
                    game.clicks().to_string(),
                );
                let cell = |first: Option<MinesPos>| {
                    first.map_or("none".to_string(), |p| format!("{},{}", p.row, p.col))
                };
                compare(
                    "first cell",
                    cell(
                        facts
                            .first
                            .map(|[r, c]| MinesPos::new(r as usize, c as usize)),
                    ),
                    cell(game.first_reveal()),
                );
                compare(
                    "hints",
                    entry.hints.to_string(),
                    game.used_hint().to_string(),
                );
            }
            Positions::TicTacToe(timeline) => {
                let (Some(facts), game) = (&entry.tictactoe, timeline.current()) else {
                    return vec!["no tic-tac-toe facts".to_string()];
                };
                compare(
                    "moves",
                    facts.moves.to_string(),
                    game.history().len().to_string(),
                );
                // The records count a two-player game from X's side.
                let good = match (facts.opponent.as_str(), facts.mark.as_deref()) {
                    (crate::records::tictactoe::TWO_PLAYERS, _) | (_, Some("X")) => Mark::X,
                    _ => Mark::O,
                };
                let replayed = match game.outcome() {
                    None => Outcome::Abandoned,
                    Some(TicTacToeOutcome::Draw) => Outcome::Draw,
                    Some(TicTacToeOutcome::Win { mark, .. }) if *mark == good => Outcome::Won,
                    Some(TicTacToeOutcome::Win { .. }) => Outcome::Lost,
                };
                compare("result", result(entry.result), result(replayed));
            }
            Positions::Twenty48(timeline) => {
                let (Some(facts), game) = (&entry.twenty48, timeline.current()) else {
                    return vec!["no 2048 facts".to_string()];
                };
                compare("score", facts.score.to_string(), game.score().to_string());
                compare("moves", facts.moves.to_string(), game.moves().to_string());
                let tile = u64::try_from(tile_value(game.biggest_tile())).unwrap_or(u64::MAX);
                compare("biggest tile", facts.tile.to_string(), tile.to_string());
                let replayed = if game.biggest_tile() >= win_exponent(game.size()) {
                    Outcome::Won
                } else if game.status() == twenty48::Status::Over {
                    Outcome::Over
                } else {
                    Outcome::Abandoned
                };
                compare("result", result(entry.result), result(replayed));
            }
        }
        differences
    }
}

/// Step times `pace` apart, the first after one pace.
fn paced(steps: usize, pace: u64) -> Vec<u64> {
    (1..=steps as u64).map(|k| k * pace).collect()
}
