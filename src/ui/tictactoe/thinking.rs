//! The computer thinks on a worker thread, so the screen keeps answering keys while Hard searches
//! a large board. The thread takes the computer (with its search memory) and the game's random
//! source, and gives both back with its answer.

use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::event_loop::Waker;
use crate::games::GameRng;
use crate::games::tictactoe::{Budget, Computer, Game, Level, Pos};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// The computer's own move.
    Move,
    /// Hard's choice for the player.
    Hint,
}

pub struct Answer {
    pub job: Job,
    pub pos: Option<Pos>,
    pub rng: GameRng,
}

/// What the worker sends back.
struct Done {
    answer: Answer,
    computer: Computer,
}

#[derive(Default)]
enum State {
    #[default]
    Idle,
    Running(Receiver<Done>),
    /// An answer taken from the worker but not shown yet.
    Ready(Answer),
}

#[derive(Default)]
pub struct Thinking {
    /// Present unless a worker has it.
    computer: Option<Computer>,
    state: State,
}

impl Thinking {
    pub fn new() -> Thinking {
        Thinking {
            computer: Some(Computer::new()),
            state: State::Idle,
        }
    }

    pub fn is_idle(&self) -> bool {
        matches!(self.state, State::Idle)
    }

    /// An answer is waiting to be shown.
    pub fn is_ready(&self) -> bool {
        matches!(self.state, State::Ready(_))
    }

    /// Starts `job` for the player to move in `game`; `waker` is called when the answer is there.
    pub fn start(
        &mut self,
        job: Job,
        game: &Game,
        level: Level,
        mut rng: GameRng,
        waker: Option<Waker>,
    ) {
        if !self.is_idle() {
            return;
        }
        let mut computer = self.computer.take().unwrap_or_default();
        let (send, receive) = mpsc::channel();
        let game = game.clone();
        std::thread::spawn(move || {
            let pos = computer.choose_move(&game, level, Budget::PER_MOVE, &mut rng);
            // After a new game nobody waits for this answer any more; that is fine.
            let _ = send.send(Done {
                answer: Answer { job, pos, rng },
                computer,
            });
            if let Some(waker) = waker {
                waker.wake();
            }
        });
        self.state = State::Running(receive);
    }

    /// The answer, once the worker has given it.
    pub fn take_answer(&mut self) -> Option<Answer> {
        match std::mem::take(&mut self.state) {
            State::Ready(answer) => Some(answer),
            State::Running(receiver) => match receiver.try_recv() {
                Ok(done) => {
                    self.computer = Some(done.computer);
                    Some(done.answer)
                }
                Err(TryRecvError::Empty) => {
                    self.state = State::Running(receiver);
                    None
                }
                // The worker died: a fresh computer rather than a wait forever.
                Err(TryRecvError::Disconnected) => {
                    self.computer = Some(Computer::new());
                    None
                }
            },
            State::Idle => None,
        }
    }

    /// Holds an answer until it may be shown.
    pub fn keep(&mut self, answer: Answer) {
        self.state = State::Ready(answer);
    }
}
