//! What grid-arcade costs a terminal, measured on the release binary in a pseudo-terminal of
//! 100 x 35 with TERM=xterm-256color: the binary's size, the time from launch to the first full
//! menu frame, CPU and wake-ups while the menu sits idle, the bytes written for one Down key, and
//! the peak memory of sessions from launch to quit (the menu, each game at its default size, a
//! lost Minesweeper expert game, every screen once, the menu of a player with records; see
//! support/sessions.rs); and the time to draw each of the menu, records,
//! settings and help into a 200 x 60 `TestBackend`.
//!
//! It prints figures and asserts nothing about time. Options (arguments win over the environment):
//!
//! ```text
//! cargo bench --bench terminal -- --launches 10 --idle-secs 3 --downs 4 --memory-runs 3
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
#[path = "support/sessions.rs"]
mod sessions;
#[path = "support/timing.rs"]
mod timing;

use std::io;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use drive::{RECORDS, TRAITS};
use grid_arcade::app::{Action, App, Launch};
use grid_arcade::store::Store;
use grid_arcade::ui::menu::{MenuAction, MenuItem};
use pty::{Pty, Resident, escape};
use ratatui::layout::Size;
use sandbox::{COLS, FRAME_TIMEOUT, QUIET_TIMEOUT, ROWS, Sandbox, quit};
use sessions::{DOWN, Session, sessions};
use timing::{millis, percentile};

/// The footer's last word ("… ? help  q quit"). ratatui draws a frame top to bottom and the
/// footer is the last row, so once these bytes are in, the whole first frame is. "q quit" never
/// arrives as such: the space between the two words is blank already, so ratatui skips it with a
/// cursor move, and "q" and "quit" come in different styles. Lowercase "quit" appears nowhere
/// else on the menu.
const FRAME_END: &[u8] = b"quit";
/// Silence that ends a redraw: well above the time one key takes to handle and draw.
const KEY_QUIET: Duration = Duration::from_millis(200);
/// Silence awaited after the first frame before anything is measured.
const SETTLE_QUIET: Duration = Duration::from_millis(300);
struct Options {
    launches: usize,
    idle_secs: u64,
    downs: usize,
    memory_runs: usize,
    frames: usize,
}

const USAGE: &str =
    "usage: cargo bench --bench terminal -- [--launches N] [--idle-secs N] [--downs N]
                                   [--memory-runs N] [--frames N]
  --launches N     launches timed to the first menu frame (default 50; GRID_ARCADE_BENCH_LAUNCHES)
  --idle-secs N    seconds the menu sits idle while CPU and wake-ups are counted
                   (default 10; GRID_ARCADE_BENCH_IDLE_SECS)
  --downs N        Down keys whose output is counted (default 4; GRID_ARCADE_BENCH_DOWNS)
  --memory-runs N  launches per memory session (default 5; GRID_ARCADE_BENCH_MEMORY_RUNS)
  --frames N       draws timed per screen (default 2000; GRID_ARCADE_BENCH_FRAMES)
GRID_ARCADE_BENCH_BINARY=PATH measures another build of grid-arcade (the static one, say)";

impl Options {
    fn parse() -> Result<Options, String> {
        let [launches, idle_secs, downs, memory_runs, frames] = options::parse([
            ("--launches", "GRID_ARCADE_BENCH_LAUNCHES", 50),
            ("--idle-secs", "GRID_ARCADE_BENCH_IDLE_SECS", 10),
            ("--downs", "GRID_ARCADE_BENCH_DOWNS", 4),
            ("--memory-runs", "GRID_ARCADE_BENCH_MEMORY_RUNS", 5),
            ("--frames", "GRID_ARCADE_BENCH_FRAMES", 2000),
        ])?;
        if launches == 0 || memory_runs == 0 || frames == 0 {
            return Err("--launches, --memory-runs and --frames must be at least 1".into());
        }
        Ok(Options {
            launches: launches as usize,
            idle_secs,
            downs: downs as usize,
            memory_runs: memory_runs as usize,
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

/// 3. Bytes written for one Down key.
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

/// 4. Peak resident memory (VmHWM) of each session, and what is resident at its end.
fn memory(runs: usize) -> io::Result<()> {
    println!(
        "4. peak memory (VmHWM) from launch to the end of each session, median of {runs} \
         launch(es) (min to max), in MB; then what is resident at the end of the median launch: \
         pages of the program's file, of other files (shared libraries), anonymous (heap, stacks):"
    );
    let mb = |kib: u64| format!("{:.2}", kib as f64 / 1024.0);
    for session in sessions() {
        let mut samples = Vec::with_capacity(runs);
        for _ in 0..runs {
            samples.push(measure(&session)?);
        }
        samples.sort_by_key(|(peak, _)| *peak);
        let (peak, resident) = samples[(runs - 1) / 2];
        println!(
            "   {:<44} {} ({} to {})   file {}  libraries {}  anonymous {}",
            session.name,
            mb(peak),
            mb(samples[0].0),
            mb(samples[runs - 1].0),
            mb(resident.program),
            mb(resident.libraries),
            mb(resident.anonymous),
        );
    }
    Ok(())
}

/// One launch of `session` in a sandbox of its own (a game left by an earlier launch would be
/// resumed): its peak memory in KiB and what is resident at its end.
fn measure(session: &Session) -> io::Result<(u64, Resident)> {
    let sandbox = Sandbox::new()?;
    let mut pty = session.play(&sandbox, |sandbox, args| sandbox.launch(args))?;
    let peak = pty::peak_rss_kib(pty.pid())?;
    let resident = pty::resident_kib(pty.pid())?;
    session.quit(&mut pty)?;
    Ok((peak, resident))
}

fn run(options: &Options) -> io::Result<()> {
    let binary = sandbox::binary();
    let size = std::fs::metadata(&binary)?.len();
    println!(
        "grid-arcade: {binary} ({:.2} MB, {size} bytes)",
        size as f64 / (1024.0 * 1024.0)
    );
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
    quit(&mut pty, "q")?;
    println!();
    memory(options.memory_runs)?;
    println!();
    screen_draws(&sandbox, options.frames)
}

/// 5. The time to draw each screen of the arcade around the games into a 200x60 `TestBackend`.
fn screen_draws(sandbox: &Sandbox, frames: usize) -> io::Result<()> {
    let path = sandbox.path("draws.toml");
    std::fs::write(&path, RECORDS)?;
    let mut app = App::new(
        Store::open(path, grid_arcade::ui::games::schema()).unwrap(),
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
        ("records", Some(MenuItem::Records.position())),
        ("settings", Some(MenuItem::Settings.position())),
        ("help", Some(MenuItem::Help.position())),
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
