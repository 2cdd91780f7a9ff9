//! Wakes the event loop from another thread when work done there is ready (the computer's move,
//! the history read for the records screen). The loop makes the waker; whatever runs in the
//! background only calls it, and so knows nothing of the loop.

use std::fmt;
use std::sync::Arc;

#[derive(Clone)]
pub struct Waker(Arc<dyn Fn() + Send + Sync>);

impl Waker {
    pub fn new(wake: impl Fn() + Send + Sync + 'static) -> Waker {
        Waker(Arc::new(wake))
    }

    pub fn wake(&self) {
        (self.0)();
    }
}

impl fmt::Debug for Waker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Waker")
    }
}
