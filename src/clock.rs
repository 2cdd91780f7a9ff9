//! A stopwatch that can be paused, read against an explicit `now` so that drawing stays a function
//! of state and tests can use any instant.

use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stopwatch {
    /// Time counted before the current run.
    banked: Duration,
    /// When the current run started, while running.
    running_since: Option<Instant>,
}

impl Stopwatch {
    /// A stopped watch showing `elapsed`: a clock saved with its game.
    pub fn stopped_at(elapsed: Duration) -> Stopwatch {
        Stopwatch {
            banked: elapsed,
            running_since: None,
        }
    }

    pub fn start(&mut self, now: Instant) {
        if self.running_since.is_none() {
            self.running_since = Some(now);
        }
    }

    pub fn stop(&mut self, now: Instant) {
        if let Some(since) = self.running_since.take() {
            self.banked += now.saturating_duration_since(since);
        }
    }

    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    pub fn elapsed(&self, now: Instant) -> Duration {
        self.banked
            + self
                .running_since
                .map_or(Duration::ZERO, |since| now.saturating_duration_since(since))
    }

    /// While running, the moment the elapsed time next reaches a whole multiple of `step`: when a
    /// display rounded down to `step` changes.
    pub fn next_change(&self, now: Instant, step: Duration) -> Option<Instant> {
        self.running_since?;
        let elapsed = self.elapsed(now).as_nanos();
        let step_nanos = step.as_nanos().max(1);
        let wait = step_nanos - elapsed % step_nanos;
        Some(now + Duration::from_nanos(wait as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_while_running() {
        let t0 = Instant::now();
        let at = |ms| t0 + Duration::from_millis(ms);
        let mut watch = Stopwatch::default();
        assert_eq!(watch.elapsed(at(50)), Duration::ZERO);
        watch.start(at(100));
        watch.stop(at(350));
        assert_eq!(watch.elapsed(at(1000)), Duration::from_millis(250));
        watch.start(at(1000));
        assert_eq!(watch.elapsed(at(1100)), Duration::from_millis(350));
        assert!(watch.is_running());
    }

    #[test]
    fn the_next_change_is_the_next_whole_step() {
        let t0 = Instant::now();
        let mut watch = Stopwatch::default();
        assert_eq!(watch.next_change(t0, Duration::from_millis(100)), None);
        watch.start(t0);
        let next = watch.next_change(t0 + Duration::from_millis(130), Duration::from_millis(100));
        assert_eq!(next, Some(t0 + Duration::from_millis(200)));
    }
}
