//! Work that may take longer than a frame (the computer's move, a hint) runs on a worker thread,
//! so the screen keeps answering keys. The worker takes a state it needs across jobs (a search's
//! memory), gives it back with the answer, and wakes the event loop when it is done.

use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::event_loop::Waker;

pub struct Worker<S: Send + 'static, A: Send + 'static> {
    /// Present unless a job has it.
    state: Option<S>,
    running: Option<Receiver<(S, A)>>,
    /// Makes a fresh state if a job dies with it.
    fresh: fn() -> S,
}

impl<S: Send + 'static, A: Send + 'static> Worker<S, A> {
    pub fn new(fresh: fn() -> S) -> Worker<S, A> {
        Worker {
            state: Some(fresh()),
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
        let mut state = self.state.take().unwrap_or_else(self.fresh);
        let (send, receive) = mpsc::channel();
        std::thread::spawn(move || {
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
            // The job died: a fresh state rather than a wait forever.
            Err(TryRecvError::Disconnected) => {
                self.running = None;
                self.state = Some((self.fresh)());
                None
            }
        }
    }
}
