//! Timings as the benches report them: percentiles of sorted samples, durations written in
//! microseconds or milliseconds, and the CPU time of the running thread.
//!
//! Included from a bench file with `#[path = "support/timing.rs"] mod timing;`.

// Each bench uses the part it needs.
#![allow(dead_code)]

use std::time::Duration;

/// The value at `fraction` of the sorted samples (nearest rank).
pub fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let rank = (fraction * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// `d` in microseconds, to a tenth.
pub fn micros(d: Duration) -> String {
    format!("{:.1} µs", d.as_secs_f64() * 1e6)
}

/// `d` in milliseconds, to `places` decimal places.
pub fn millis(d: Duration, places: usize) -> String {
    format!("{:.*} ms", places, d.as_secs_f64() * 1e3)
}

/// The time this thread has spent on a CPU, to the nanosecond (the thread's CPU-time clock;
/// Linux's scheduler statistics count it only in whole ticks).
pub fn thread_cpu_time() -> Option<Duration> {
    let now = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Some(Duration::new(
        now.tv_sec.try_into().ok()?,
        now.tv_nsec.try_into().ok()?,
    ))
}
