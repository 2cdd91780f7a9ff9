//! The computer player on the 2048 screen: hints and autoplay, searched on a worker thread so the
//! screen answers every key at once. An answer counts only for the board it was asked about.

use std::time::{Duration, Instant};

use crate::games::twenty48::{Assist, Board, Direction, Game, Level, Player, Status};
use crate::waker::Waker;
use crate::worker::Worker;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    Hint,
    Autoplay,
}

struct Suggestion {
    purpose: Purpose,
    board: Board,
    direction: Option<Direction>,
}

pub struct Computer {
    worker: Worker<Player, Suggestion>,
    /// The suggested move, shown until the board changes.
    pub hint: Option<Direction>,
    pub autoplay: bool,
    /// How well hints and autoplay play.
    pub level: Level,
    /// Autoplay's next move, found and waiting for its turn.
    pending: Option<Direction>,
    /// A hint was asked for while the worker was busy.
    wants_hint: bool,
    next_move_at: Instant,
    /// The time between autoplay's moves.
    pace: Duration,
}

impl Computer {
    pub fn new(moves_per_second: i64, level: Level, now: Instant) -> Computer {
        let mut computer = Computer {
            worker: Worker::new(Player::new),
            hint: None,
            autoplay: false,
            level,
            pending: None,
            wants_hint: false,
            next_move_at: now,
            pace: Duration::ZERO,
        };
        computer.set_speed(moves_per_second);
        computer
    }

    pub fn set_speed(&mut self, moves_per_second: i64) {
        self.pace = Duration::from_secs(1) / moves_per_second.clamp(1, 1000) as u32;
    }

    /// Looks for the best move for the player; the game is marked as helped.
    pub fn ask_hint(&mut self, game: &mut Game, waker: Option<&Waker>) {
        if game.status() != Status::Playing {
            return;
        }
        game.mark_assist(Assist::Hint);
        self.wants_hint = true;
        self.keep_busy(game, waker);
    }

    /// Starts or stops autoplay; a game the computer played in is never the player's.
    pub fn toggle_autoplay(&mut self, game: &mut Game, now: Instant, waker: Option<&Waker>) {
        if self.autoplay || game.status() != Status::Playing {
            self.stop();
            return;
        }
        game.mark_assist(Assist::Autoplay);
        self.autoplay = true;
        self.next_move_at = now;
        self.keep_busy(game, waker);
    }

    pub fn stop(&mut self) {
        self.autoplay = false;
        self.pending = None;
    }

    /// Takes a finished search's answer (if it is still about the board on screen) and starts
    /// the search that is wanted next.
    pub fn tick(&mut self, game: &Game, waker: Option<&Waker>) {
        self.take_answer(game);
        self.keep_busy(game, waker);
    }

    fn take_answer(&mut self, game: &Game) {
        let Some(answer) = self.worker.take_answer() else {
            return;
        };
        if answer.board != *game.board() {
            return;
        }
        match answer.purpose {
            Purpose::Hint => self.hint = answer.direction,
            Purpose::Autoplay if self.autoplay => {
                self.pending = answer.direction;
                if answer.direction.is_none() {
                    self.stop();
                }
            }
            Purpose::Autoplay => {}
        }
    }

    /// Autoplay's move once its turn has come; the next search starts right after it is played.
    pub fn due_move(&mut self, now: Instant) -> Option<Direction> {
        if !self.autoplay || now < self.next_move_at {
            return None;
        }
        let direction = self.pending.take()?;
        self.next_move_at = now + self.pace;
        Some(direction)
    }

    /// After a move: the hint is for an old board, and autoplay looks for its next move (or
    /// stops, at a win or the end).
    pub fn moved(&mut self, game: &Game, waker: Option<&Waker>) {
        self.hint = None;
        if game.status() != Status::Playing {
            self.stop();
        }
        self.keep_busy(game, waker);
    }

    /// Starts the search that is wanted, once the worker is free: a hint first, then autoplay's.
    fn keep_busy(&mut self, game: &Game, waker: Option<&Waker>) {
        if !self.worker.is_idle() || game.status() != Status::Playing {
            return;
        }
        if std::mem::take(&mut self.wants_hint) {
            self.search(Purpose::Hint, game, waker);
        } else if self.autoplay && self.pending.is_none() {
            self.search(Purpose::Autoplay, game, waker);
        }
    }

    /// When autoplay's waiting move is due; searches in progress wake the loop themselves.
    pub fn deadline(&self) -> Option<Instant> {
        (self.autoplay && self.pending.is_some()).then_some(self.next_move_at)
    }

    fn search(&mut self, purpose: Purpose, game: &Game, waker: Option<&Waker>) {
        let game = game.clone();
        let level = self.level;
        let budget = match purpose {
            Purpose::Hint => level.hint(),
            Purpose::Autoplay => level.autoplay(),
        };
        self.worker.start(
            move |player| Suggestion {
                purpose,
                board: *game.board(),
                direction: player.next_move(&game, budget),
            },
            waker.cloned(),
        );
    }
}
