//! The replay's clock: where in the game's time the replay is, playing at a speed or paused.
//! Nothing moves while paused, so a paused replay asks for no wake-up.

use std::time::{Duration, Instant};

const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// The speeds offered, as multiples of the game's own pace.
pub const SPEEDS: [u32; 4] = [1, 2, 4, 8];

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playback {
    /// The game's time at `since`, in ms at 1x.
    at_ms: u64,
    /// Playing since this moment; `None` while paused.
    since: Option<Instant>,
    /// An index into [`SPEEDS`].
    speed: usize,
}

impl Playback {
    pub fn is_playing(&self) -> bool {
        self.since.is_some()
    }

    pub fn speed(&self) -> u32 {
        SPEEDS[self.speed]
    }

    /// The game's time at `now`, in ms at 1x.
    pub fn time_ms(&self, now: Instant) -> u64 {
        match self.since {
            Some(since) => {
                let played = now.saturating_duration_since(since).as_millis() as u64;
                self.at_ms
                    .saturating_add(played.saturating_mul(self.speed().into()))
            }
            None => self.at_ms,
        }
    }

    /// Goes to the game's time `ms`, playing on from there if it was playing.
    pub fn set_time(&mut self, ms: u64, now: Instant) {
        self.at_ms = ms;
        if self.since.is_some() {
            self.since = Some(now);
        }
    }

    pub fn play(&mut self, now: Instant) {
        if self.since.is_none() {
            self.since = Some(now);
        }
    }

    pub fn pause(&mut self, now: Instant) {
        self.at_ms = self.time_ms(now);
        self.since = None;
    }

    /// Picks the speed at `index` of [`SPEEDS`] (the nearest there is), keeping the time.
    pub fn set_speed(&mut self, index: usize, now: Instant) {
        self.at_ms = self.time_ms(now);
        if self.since.is_some() {
            self.since = Some(now);
        }
        self.speed = index.min(SPEEDS.len() - 1);
    }

    pub fn speed_index(&self) -> usize {
        self.speed
    }

    /// The moment the game's time reaches `ms`, while playing (at most a day ahead: a time
    /// further off, from a damaged file, is looked at again then).
    pub fn when(&self, ms: u64, now: Instant) -> Option<Instant> {
        self.since?;
        let ahead = ms.saturating_sub(self.time_ms(now));
        let wait = ahead.div_ceil(self.speed().into()).min(DAY_MS);
        Some(now + Duration::from_millis(wait))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_runs_at_the_speed_only_while_playing() {
        let start = Instant::now();
        let later = |ms| start + Duration::from_millis(ms);
        let mut playback = Playback::default();
        assert_eq!(playback.time_ms(later(500)), 0);
        assert_eq!(playback.when(100, start), None);
        playback.play(start);
        assert_eq!(playback.time_ms(later(500)), 500);
        playback.set_speed(2, later(500));
        assert_eq!(playback.speed(), 4);
        assert_eq!(playback.time_ms(later(600)), 900);
        assert_eq!(playback.when(1300, later(600)), Some(later(700)));
        playback.pause(later(600));
        assert_eq!(playback.time_ms(later(10_000)), 900);
        playback.set_time(40, later(10_000));
        assert_eq!(playback.time_ms(later(20_000)), 40);
        playback.set_speed(9, later(0));
        assert_eq!(playback.speed(), 8);
        playback.play(later(0));
        assert_eq!(
            playback.when(u64::MAX, later(0)),
            Some(later(0) + Duration::from_millis(DAY_MS))
        );
    }
}
