//! Work that may take longer than a frame (the computer's move, a hint) runs on a worker thread,
//! so the screen keeps answering keys. The worker takes a state it needs across jobs (a search's
//! memory), gives it back with the answer, and wakes the event loop when it is done. The state is
//! made by the first job, on its thread: a screen where the computer never plays (a 2048 game
//! without hints) never pays for it (the 2048 player's tables and cache take megabytes).
//!
//! A thread that has run a job waits for the next one, from any worker, rather than ending: a
//! thread's end pages in some 150 kB of the C library that nothing else touches. There are as
//! many as ever had jobs at the same moment: one or two in play (2048's autoplay asks for its next
//! move as soon as an answer is in, sometimes before that answer's thread is waiting again).

use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::waker::Waker;

type Task = Box<dyn FnOnce() + Send>;

/// The threads waiting for a task.
static IDLE: Mutex<Vec<Sender<Task>>> = Mutex::new(Vec::new());

/// Runs `task` on a waiting thread, or on a new one if none waits.
fn run_on_a_thread(task: Task) {
    let waiting = idle_threads().pop();
    let task = match waiting {
        Some(thread) => match thread.send(task) {
            Ok(()) => return,
            // A waiting thread never ends, but if one had, a new thread takes the task.
            Err(unsent) => unsent.0,
        },
        None => task,
    };
    let (send, receive) = mpsc::channel::<Task>();
    std::thread::spawn(move || {
        // The thread holds a sender of its own queue, so the queue never ends.
        for task in std::iter::once(task).chain(&receive) {
            task();
            idle_threads().push(send.clone());
        }
    });
}

fn idle_threads() -> MutexGuard<'static, Vec<Sender<Task>>> {
    // A push or a pop cannot leave the list half-changed, whatever panicked while holding it.
    IDLE.lock().unwrap_or_else(PoisonError::into_inner)
}

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
        run_on_a_thread(Box::new(move || {
            let mut state = state.unwrap_or_else(fresh);
            let answer = job(&mut state);
            // If the screen is gone, nobody needs the answer any more.
            let _ = send.send((state, answer));
            if let Some(waker) = waker {
                waker.wake();
            }
        }));
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
