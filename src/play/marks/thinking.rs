//! The computer's jobs on the worker: its move or a hint, for the position they were asked about,
//! so an answer that arrives after the game moved on is recognised and dropped. A job that is no
//! longer wanted is asked to stop, so the worker is soon free for the next.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::Variant;
use crate::games::GameRng;
use crate::games::marks::{Game, Level, Pos};
use crate::waker::Waker;
use crate::worker::Worker;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// The computer's own move, at its level.
    Move(Level),
    /// Hard's choice for the player.
    Hint,
}

/// Which game and move a job was asked about: the game's number in the session and its move count.
pub type Tag = (u32, usize);

pub enum Found<H> {
    Move(Option<Pos>),
    Hint(Option<H>),
}

pub struct Answer<H> {
    pub tag: Tag,
    pub found: Found<H>,
}

/// The worker, which keeps the computer (and what its searches learned) between jobs, and the
/// job it runs.
pub struct Thinking<V: Variant> {
    worker: Worker<V::Computer, Answer<V::Hint>>,
    /// The running job's tag, and the flag that stops it.
    running: Option<(Tag, Arc<AtomicBool>)>,
}

impl<V: Variant> Thinking<V> {
    pub fn new() -> Thinking<V> {
        Thinking {
            worker: Worker::new(V::computer),
            running: None,
        }
    }

    pub fn is_idle(&self) -> bool {
        self.worker.is_idle()
    }

    /// Starts `job` for the player to move in `game`.
    pub fn start(
        &mut self,
        job: Job,
        tag: Tag,
        game: &Game<V::Rules>,
        setup: V::Setup,
        mut rng: GameRng,
        waker: Option<Waker>,
    ) {
        let game = game.clone();
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&cancel);
        self.worker.start(
            move |computer| {
                let found = match job {
                    Job::Move(level) => {
                        Found::Move(V::choose(computer, &game, level, &setup, &mut rng, &stop))
                    }
                    Job::Hint => Found::Hint(V::hint(computer, &game, &setup, &mut rng, &stop)),
                };
                Answer { tag, found }
            },
            waker,
        );
        self.running = Some((tag, cancel));
    }

    /// Asks the running job to stop unless it is about the position of `tag`.
    pub fn drop_unless(&mut self, tag: Tag) {
        if let Some((running, cancel)) = &self.running
            && *running != tag
        {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// The answer, once the job has given it.
    pub fn take_answer(&mut self) -> Option<Answer<V::Hint>> {
        let answer = self.worker.take_answer();
        if self.worker.is_idle() {
            self.running = None;
        }
        answer
    }
}
