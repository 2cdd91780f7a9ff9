//! The computer thinks on a worker thread, so the screen keeps answering keys while Hard searches
//! a large board. The thread takes the computer (with its search memory) and the game's random
//! source, and gives both back with its answer. Each job carries the position it was asked about,
//! so an answer that arrives after the game moved on is recognised and dropped.

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

/// Which game and move a job was asked about: the game's number in the session and its move count.
pub type Tag = (u32, usize);

pub struct Answer {
    pub job: Job,
    pub pos: Option<Pos>,
    pub rng: GameRng,
    pub tag: Tag,
}

/// What the worker sends back.
struct Done {
    answer: Answer,
    computer: Computer,
}

pub struct Thinking {
    /// Present unless a worker has it.
    computer: Option<Computer>,
    running: Option<Receiver<Done>>,
}

impl Thinking {
    pub fn new() -> Thinking {
        Thinking {
            computer: Some(Computer::new()),
            running: None,
        }
    }

    pub fn is_idle(&self) -> bool {
        self.running.is_none()
    }

    /// Starts `job` for the player to move in `game`; `waker` is called when the answer is there.
    pub fn start(
        &mut self,
        job: Job,
        tag: Tag,
        game: &Game,
        level: Level,
        mut rng: GameRng,
        waker: Option<Waker>,
    ) {
        let mut computer = self.computer.take().unwrap_or_default();
        let (send, receive) = mpsc::channel();
        let game = game.clone();
        std::thread::spawn(move || {
            let pos = computer.choose_move(&game, level, Budget::PER_MOVE, &mut rng);
            // If the screen is gone, nobody needs the answer any more.
            let _ = send.send(Done {
                answer: Answer { job, pos, rng, tag },
                computer,
            });
            if let Some(waker) = waker {
                waker.wake();
            }
        });
        self.running = Some(receive);
    }

    /// The answer, once the worker has given it.
    pub fn take_answer(&mut self) -> Option<Answer> {
        let receiver = self.running.as_ref()?;
        match receiver.try_recv() {
            Ok(done) => {
                self.running = None;
                self.computer = Some(done.computer);
                Some(done.answer)
            }
            Err(TryRecvError::Empty) => None,
            // The worker died: a fresh computer rather than a wait forever.
            Err(TryRecvError::Disconnected) => {
                self.running = None;
                self.computer = Some(Computer::new());
                None
            }
        }
    }
}
