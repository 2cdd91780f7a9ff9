//! Work that may take longer than a frame (the computer's move, a hint) runs on a worker thread,
//! so the screen keeps answering keys. The worker takes a state it needs across jobs (a search's
//! memory), gives it back with the answer, and wakes the event loop when it is done. The state is
//! made by the first job, on its thread: a screen where the computer never plays (a 2048 game
//! without hints) never pays for it (the 2048 player's tables and cache take megabytes).

use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::event_loop::Waker;

pub struct Worker<S: Send + 'static, A: Send + 'static> {
    /// Present once a job has made it, unless a job has it.
    state: Option<S>,
    running: Option<Receiver<(S, A)>>,
    /// Makes the state for a job when there is none: the first, or the one after a job that died.
    fresh: fn() -> S,
}

impl<S: Send + 'static, A: Send + 'static> Worker<S, A> {
    pub fn new(fresh: fn() -> S) -> Worker<S, A> {
        Worker {
            state: None,
            running: None,
            fresh,
        }
    }

    pub fn is_idle(&self) -> bool {
        self.running.is_none()
    }

    /// Runs `job` on a thread with the state; `waker` is called when the answer is there. Does
    /// nothing while another job runs.
    pub fn start(&mut self, job: impl FnOnce(&mut S) -> A + Send + 'static, waker: Option<Waker>) {
        if !self.is_idle() {
            return;
        }
        let (state, fresh) = (self.state.take(), self.fresh);
        let (send, receive) = mpsc::channel();
        std::thread::spawn(move || {
            let mut state = state.unwrap_or_else(fresh);
            let answer = job(&mut state);
            // If the screen is gone, nobody needs the answer any more.
            let _ = send.send((state, answer));
            if let Some(waker) = waker {
                waker.wake();
            }
        });
        self.running = Some(receive);
    }

    /// The answer, once the job has given it.
    pub fn take_answer(&mut self) -> Option<A> {
        let receiver = self.running.as_ref()?;
        match receiver.try_recv() {
            Ok((state, answer)) => {
                self.running = None;
                self.state = Some(state);
                Some(answer)
            }
            Err(TryRecvError::Empty) => None,
            // The job died, and its state with it: the next job makes a fresh one.
            Err(TryRecvError::Disconnected) => {
                self.running = None;
                None
            }
        }
    }
}
