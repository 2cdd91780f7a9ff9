//! The time `ui::draw` takes to draw an app's screen into ratatui's `TestBackend`, as the screen
//! benches report it.
//!
//! Included from a bench file with `#[path = "support/draw.rs"] mod draw;`, beside
//! `support/timing.rs` as `mod timing`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use grid_arcade::app::App;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::timing::{micros, percentile, thread_cpu_time};

/// Frames drawn before timing starts.
const WARM_UP: usize = 100;

/// The times of the draws of one screen.
pub struct DrawTimes {
    /// `ui::draw` filling a blank buffer.
    render: Vec<Duration>,
    /// The whole `terminal.draw`: render and diff, nothing changed.
    whole: Vec<Duration>,
    /// `terminal.draw` after a clear: every cell sent.
    after_clear: Vec<Duration>,
    /// This thread's CPU time over the whole `terminal.draw`s, when counted.
    cpu: Option<Duration>,
}

/// Times `frames` draws of the app's screen into a `TestBackend` of the app's size, after
/// [`WARM_UP`] untimed ones: the render alone into a blank buffer, the whole `terminal.draw`
/// (render and diff, nothing changed), and `terminal.draw` after a clear (every cell sent to the
/// backend). With `count_cpu`, this thread's CPU time over each whole `terminal.draw` is added up
/// too, read before and after it (within its time).
pub fn time_draws(app: &App, frames: usize, count_cpu: bool) -> DrawTimes {
    // TestBackend cannot fail: its error type has no values.
    let Ok(mut terminal) = Terminal::new(TestBackend::new(app.size.width, app.size.height));
    let mut times = DrawTimes {
        render: Vec::with_capacity(frames),
        whole: Vec::with_capacity(frames),
        after_clear: Vec::with_capacity(frames),
        cpu: count_cpu.then_some(Duration::ZERO),
    };
    for i in 0..WARM_UP + frames {
        // ratatui resets the buffer before each frame, so the render fills a blank buffer; the
        // diff against the previous frame finds nothing to send.
        let start = Instant::now();
        let mut render_time = Duration::ZERO;
        let cpu_before = if count_cpu { thread_cpu_time() } else { None };
        let Ok(_) = terminal.draw(|frame| {
            let start = Instant::now();
            grid_arcade::app::draw(app, frame);
            render_time = start.elapsed();
        });
        let whole_time = start.elapsed();
        let cpu = if count_cpu {
            thread_cpu_time()
                .zip(cpu_before)
                .map_or(Duration::ZERO, |(after, before)| after - before)
        } else {
            Duration::ZERO
        };
        // After a clear every cell differs from the (reset) previous frame and goes to the backend.
        let Ok(()) = terminal.clear();
        let start = Instant::now();
        let Ok(_) = terminal.draw(|frame| grid_arcade::app::draw(black_box(app), frame));
        let cleared_time = start.elapsed();
        if i >= WARM_UP {
            times.render.push(render_time);
            times.whole.push(whole_time);
            times.after_clear.push(cleared_time);
            if let Some(total) = &mut times.cpu {
                *total += cpu;
            }
        }
    }
    times
}

impl DrawTimes {
    /// Prints the median and p99 of each kind of draw, a line each after `indent`, then the mean
    /// CPU time of a draw if it was counted and came to more than nothing.
    pub fn print(mut self, indent: &str) {
        let frames = self.render.len();
        for (label, times) in [
            ("ui::draw filling a blank buffer", &mut self.render),
            (
                "terminal.draw (render, diff, nothing changed)",
                &mut self.whole,
            ),
            (
                "terminal.draw after clear (every cell sent)",
                &mut self.after_clear,
            ),
        ] {
            times.sort();
            println!(
                "{indent}{label:<46} median {:>9}   p99 {:>9}",
                micros(percentile(times, 0.5)),
                micros(percentile(times, 0.99)),
            );
        }
        if let Some(cpu) = self.cpu.filter(|cpu| *cpu > Duration::ZERO) {
            println!(
                "{indent}CPU time of terminal.draw (this thread, mean)  {:>9}",
                micros(cpu / frames as u32)
            );
        }
    }
}
