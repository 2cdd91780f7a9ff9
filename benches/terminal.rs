//! What grid-arcade costs a terminal, measured on the release binary in a pseudo-terminal of
//! 100 x 35 with TERM=xterm-256color: the time from launch to the first full menu frame, CPU and
//! wake-ups while the menu sits idle, the bytes written for one Down key, and peak memory; and the
//! time to draw each of the menu, records, settings and help into a 200 x 60 `TestBackend`.
//!
//! It prints figures and asserts nothing about time. Options (arguments win over the environment):
//!
//! ```text
//! cargo bench --bench terminal -- --launches 10 --idle-secs 3 --downs 4
//! GRID_ARCADE_BENCH_LAUNCHES=10 GRID_ARCADE_BENCH_IDLE_SECS=3 cargo bench --bench terminal
//! ```
//!
//! The program runs with a clean environment and its own temporary HOME, XDG folders and
//! `--config` file, so neither the user's settings nor their records are read or touched.

#[path = "support/draw.rs"]
mod draw;
#[path = "../tests/common/drive.rs"]
mod drive;
#[path = "support/options.rs"]
mod options;
#[path = "support/pty.rs"]
mod pty;
#[path = "support/sandbox.rs"]
mod sandbox;
#[path = "support/timing.rs"]
mod timing;

use std::io;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use drive::{RECORDS, TRAITS};
use grid_arcade::app::{Action, App, Launch};
use grid_arcade::store::Store;
use grid_arcade::ui::menu::MenuAction;
use pty::{Pty, escape};
use ratatui::layout::Size;
use sandbox::{BINARY, COLS, FRAME_TIMEOUT, QUIET_TIMEOUT, ROWS, Sandbox, quit};
use timing::{millis, percentile};

/// The footer's last word ("… ? help  q quit"). ratatui draws a frame top to bottom and the
/// footer is the last row, so once these bytes are in, the whole first frame is. "q quit" never
/// arrives as such: the space between the two words is blank already, so ratatui skips it with a
/// cursor move, and "q" and "quit" come in different styles. Lowercase "quit" appears nowhere
/// else on the menu.
const FRAME_END: &[u8] = b"quit";
const DOWN: &[u8] = b"\x1b[B";

/// Silence that ends a redraw: well above the time one key takes to handle and draw.
const KEY_QUIET: Duration = Duration::from_millis(200);
/// Silence awaited after the first frame before anything is measured.
const SETTLE_QUIET: Duration = Duration::from_millis(300);

struct Options {
    launches: usize,
    idle_secs: u64,
    downs: usize,
    frames: usize,
}

const USAGE: &str =
    "usage: cargo bench --bench terminal -- [--launches N] [--idle-secs N] [--downs N]
  --launches N   launches timed to the first menu frame (default 50; GRID_ARCADE_BENCH_LAUNCHES)
  --idle-secs N  seconds the menu sits idle while CPU and wake-ups are counted
                 (default 10; GRID_ARCADE_BENCH_IDLE_SECS)
  --downs N      Down keys whose output is counted (default 4; GRID_ARCADE_BENCH_DOWNS)
  --frames N     draws timed per screen (default 2000; GRID_ARCADE_BENCH_FRAMES)";

impl Options {
    fn parse() -> Result<Options, String> {
        let [launches, idle_secs, downs, frames] = options::parse([
            ("--launches", "GRID_ARCADE_BENCH_LAUNCHES", 50),
            ("--idle-secs", "GRID_ARCADE_BENCH_IDLE_SECS", 10),
            ("--downs", "GRID_ARCADE_BENCH_DOWNS", 4),
            ("--frames", "GRID_ARCADE_BENCH_FRAMES", 2000),
        ])?;
        if launches == 0 || frames == 0 {
            return Err("--launches and --frames must be at least 1".into());
        }
        Ok(Options {
            launches: launches as usize,
            idle_secs,
            downs: downs as usize,
            frames: frames as usize,
        })
    }
}

/// 1. Launch to the first full menu frame.
fn launch_time(sandbox: &Sandbox, launches: usize) -> io::Result<()> {
    let mut times = Vec::with_capacity(launches);
    let mut frame_bytes = 0;
    for _ in 0..launches {
        let start = Instant::now();
        // No arguments: the main menu.
        let mut pty = sandbox.launch(&[])?;
        let frame = pty.read_until(FRAME_END, FRAME_TIMEOUT)?;
        times.push(start.elapsed());
        frame_bytes = frame.len();
        quit(&mut pty, "q")?;
    }
    let first = times[0];
    times.sort();
    println!("launch to first menu frame ({launches} launches):");
    println!(
        "  median {}   p90 {}   min {}   max {}   (first launch {})",
        millis(percentile(&times, 0.5), 1),
        millis(percentile(&times, 0.9), 1),
        millis(times[0], 1),
        millis(times[times.len() - 1], 1),
        millis(first, 1),
    );
    println!("  first frame: {frame_bytes} bytes up to the footer's last word");
    Ok(())
}

/// 2. CPU and wake-ups while the menu sits idle.
fn idle(pty: &mut Pty, idle_secs: u64) -> io::Result<()> {
    let quiet = pty.quiet_for(Duration::from_secs(idle_secs))?;
    let (written, used) = (&quiet.written, &quiet.used);
    println!("menu idle for {idle_secs} s ({} threads):", used.threads);
    println!(
        "  CPU {:.2} s   wake-ups (context switches) {} ({} voluntary, {} involuntary)   \
         bytes written {}",
        used.cpu_seconds(),
        used.switches(),
        used.voluntary_switches,
        used.nonvoluntary_switches,
        written.len(),
    );
    if !written.is_empty() {
        println!("  written while idle: {}", escape(written));
    }
    Ok(())
}

/// 4. Bytes written for one Down key.
fn down_keys(pty: &mut Pty, downs: usize) -> io::Result<()> {
    println!(
        "Down key (\\e[B) on the menu, output until {} ms of quiet:",
        KEY_QUIET.as_millis()
    );
    for i in 1..=downs {
        let (written, used) = pty.usage_during(|pty| {
            pty.send(DOWN)?;
            pty.read_until_quiet(KEY_QUIET, QUIET_TIMEOUT)
        })?;
        println!(
            "  Down {i}: {} bytes, {} context switches: {}",
            written.len(),
            used.switches(),
            escape(&written)
        );
    }
    Ok(())
}

/// 3. Peak resident memory.
fn peak_memory(pty: &Pty, downs: usize) -> io::Result<()> {
    let kib = pty::peak_rss_kib(pty.pid())?;
    println!(
        "peak memory (VmHWM) after the first frame, the idle wait and {downs} Down key(s): \
         {:.1} MB ({kib} kB)",
        kib as f64 / 1024.0
    );
    Ok(())
}

fn run(options: &Options) -> io::Result<()> {
    println!("grid-arcade: {BINARY}");
    println!("terminal: {COLS}x{ROWS}, TERM=xterm-256color, LANG=C.UTF-8");
    println!();
    let sandbox = Sandbox::new()?;
    launch_time(&sandbox, options.launches)?;
    println!();

    let mut pty = sandbox.launch(&[])?;
    pty.read_until(FRAME_END, FRAME_TIMEOUT)?;
    // The rest of the first frame (style reset, cursor) and anything else the start-up writes.
    pty.read_until_quiet(SETTLE_QUIET, QUIET_TIMEOUT)?;
    idle(&mut pty, options.idle_secs)?;
    println!();
    down_keys(&mut pty, options.downs)?;
    println!();
    peak_memory(&pty, options.downs)?;
    quit(&mut pty, "q")?;
    println!();
    screen_draws(&sandbox, options.frames)
}

/// 5. The time to draw each screen of the arcade around the games into a 200x60 `TestBackend`.
fn screen_draws(sandbox: &Sandbox, frames: usize) -> io::Result<()> {
    let path = sandbox.path("draws.toml");
    std::fs::write(&path, RECORDS)?;
    let mut app = App::new(
        Store::open(path).unwrap(),
        TRAITS,
        Size::new(200, 60),
        Launch::default(),
        None,
        None,
    );
    println!(
        "5. draw of each screen into a 200x60 TestBackend, {frames} frames (target <= 300 µs):"
    );
    for (name, item) in [
        ("menu", None),
        ("records", Some(3)),
        ("settings", Some(4)),
        ("help", Some(5)),
    ] {
        if let Some(item) = item {
            app.update(Action::Menu(MenuAction::OpenItem(item)));
        }
        println!("   {name}:");
        draw::time_draws(&app, frames, false).print("      ");
        app.update(Action::Back);
    }
    Ok(())
}

fn main() -> ExitCode {
    options::main("terminal", USAGE, Options::parse, run)
}
