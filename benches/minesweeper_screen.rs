//! Figures of the Minesweeper screen, from the rules to the bytes a terminal receives:
//!
//! 1. revealing the whole of a 1000x1000 board with one mine from one click (rules only);
//! 2. drawing an Expert game in progress into a 200x60 `TestBackend`;
//! 3. the bytes written for one cursor step, in a 100x35 pseudo-terminal, before the first reveal
//!    and then with the clock running;
//! 4. wake-ups and bytes per second with the clock running and no input, then paused.
//!
//! It prints figures and asserts nothing about time. Options (arguments win over the environment):
//!
//! ```text
//! cargo bench --bench minesweeper_screen -- --runs 15 --frames 2000 --steps 4 --clock-secs 5
//! GRID_ARCADE_BENCH_RUNS=15 GRID_ARCADE_BENCH_FRAMES=2000 GRID_ARCADE_BENCH_STEPS=4 \
//!     GRID_ARCADE_BENCH_CLOCK_SECS=5 cargo bench --bench minesweeper_screen
//! ```
//!
//! The program in the pseudo-terminal runs with a clean environment (TERM=xterm-256color,
//! LANG=C.UTF-8) and its own temporary HOME, XDG folders and `--config` file.

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

use std::hint::black_box;
use std::io;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use grid_arcade::app::{App, Launch};
use grid_arcade::games::minesweeper::{
    BoardSize, CellView, Difficulty, FirstClick, Game, GameOptions, Pos, Status, place_mines,
};
use grid_arcade::play::minesweeper::settings::Setup;
use grid_arcade::store::Store;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::minesweeper::MinesAction;
use ratatui::layout::{Rect, Size};

use draw::time_draws;
use drive::TRAITS;
use drive::minesweeper::{move_to, play};
use pty::{Pty, escape};
use sandbox::{COLS, FRAME_TIMEOUT, QUIET_TIMEOUT, ROWS, Sandbox, quit_from_game};
use timing::{millis, percentile};

// 1. The big reveal.
const BIG: (usize, usize) = (1000, 1000);
const BIG_CLICK: Pos = Pos::new(500, 500);

// 2. Drawing.
const DRAW_SIZE: Size = Size::new(200, 60);
const SEED: u64 = 7;

// 3 and 4. The pseudo-terminal.
/// The footer's last word ("… p pause  ? help"): the footer is the last row ratatui draws, and
/// "help" appears nowhere else on the Minesweeper screen.
const FRAME_END: &[u8] = b"help";
const RIGHT: &[u8] = b"\x1b[C";
const LEFT: &[u8] = b"\x1b[D";
/// Silence that ends a redraw: well above the time one key takes to handle and draw.
const KEY_QUIET: Duration = Duration::from_millis(200);
/// Silence awaited after the first frame before anything is measured.
const SETTLE_QUIET: Duration = Duration::from_millis(300);
/// With the clock running the program is never quiet for long: a step's output is what arrives
/// in this window after the key, told apart from the clock's by the row it is written to.
const STEP_WINDOW: Duration = Duration::from_millis(300);

struct Options {
    runs: usize,
    frames: usize,
    steps: usize,
    clock_secs: u64,
}

const USAGE: &str = "usage: cargo bench --bench minesweeper_screen -- [--runs N] [--frames N] \
                     [--steps N] [--clock-secs N]
  --runs N        timed reveals of the 1000x1000 board (default 15; GRID_ARCADE_BENCH_RUNS)
  --frames N      timed draws of the Expert game (default 2000; GRID_ARCADE_BENCH_FRAMES)
  --steps N       cursor steps whose output is counted, 1 to 4 (default 4; GRID_ARCADE_BENCH_STEPS)
  --clock-secs N  seconds without input, clock running and then paused, while wake-ups and
                  bytes are counted (default 5; GRID_ARCADE_BENCH_CLOCK_SECS)";

impl Options {
    fn parse() -> Result<Options, String> {
        let [runs, frames, steps, clock_secs] = options::parse([
            ("--runs", "GRID_ARCADE_BENCH_RUNS", 15),
            ("--frames", "GRID_ARCADE_BENCH_FRAMES", 2000),
            ("--steps", "GRID_ARCADE_BENCH_STEPS", 4),
            ("--clock-secs", "GRID_ARCADE_BENCH_CLOCK_SECS", 5),
        ])?;
        if runs == 0 || frames == 0 || clock_secs == 0 {
            return Err("--runs, --frames and --clock-secs must be at least 1".into());
        }
        // The cursor starts in the middle column of a 9-column board: 4 steps reach its edge.
        if !(1..=4).contains(&steps) {
            return Err("--steps must be 1 to 4".into());
        }
        Ok(Options {
            runs: runs as usize,
            frames: frames as usize,
            steps: steps as usize,
            clock_secs,
        })
    }
}

/// 1. One click reveals a whole 1000x1000 board with one mine (placement included).
fn big_reveal(runs: usize) {
    let size = BoardSize::new(BIG.0, BIG.1, 1).expect("a valid board");
    let mut times: Vec<Duration> = (0..runs as u64)
        .map(|seed| {
            let mut game = Game::new(size, seed, GameOptions::default());
            let start = Instant::now();
            black_box(game.reveal(BIG_CLICK));
            let time = start.elapsed();
            assert_eq!(game.status(), Status::Won, "one click clears the board");
            drop(black_box(game));
            time
        })
        .collect();
    times.sort();
    println!(
        "1. reveal of a whole {}x{} board with 1 mine from one click ({runs} runs, target < 20 ms):",
        BIG.0, BIG.1
    );
    println!(
        "   median {}   min {}   max {}",
        millis(percentile(&times, 0.5), 2),
        millis(times[0], 2),
        millis(times[times.len() - 1], 2),
    );
}

/// An Expert game in progress in a 200x60 app: an opening, more cells revealed around the
/// top-left, and flags on about half the mines that border what is open.
fn expert_app(sandbox: &Sandbox) -> App {
    let options = GameOptions {
        first_click: FirstClick::Opening,
        question_marks: false,
    };
    let setup = Setup {
        difficulty: Difficulty::Expert,
        size: BoardSize::EXPERT,
        options,
    };
    let launch = Launch {
        seed: Some(SEED),
        open: Some(grid_arcade::play::minesweeper::GAME),
        pins: setup.pins(),
        ..Launch::default()
    };
    let mut app = App::new(
        Store::open(
            sandbox.path("config.toml"),
            grid_arcade::ui::games::schema(),
        )
        .unwrap(),
        TRAITS,
        DRAW_SIZE,
        launch,
        None,
        None,
    );
    assert_eq!(
        app.screen,
        ScreenId::Game(grid_arcade::play::minesweeper::GAME)
    );
    let first = app
        .games
        .find::<grid_arcade::ui::minesweeper::MinesweeperScreen>()
        .unwrap()
        .cursor;
    play(&mut app, MinesAction::Reveal);
    let field = place_mines(BoardSize::EXPERT, SEED, first, FirstClick::Opening).unwrap();
    let grid = field.grid();
    let view = |app: &App, pos| {
        app.games
            .find::<grid_arcade::ui::minesweeper::MinesweeperScreen>()
            .unwrap()
            .session
            .game
            .cell(pos)
    };
    // Safe cells in the top-left quarter.
    for pos in grid.positions() {
        if pos.row < 10
            && pos.col < 12
            && !field.is_mine(pos)
            && view(&app, pos) == CellView::Hidden
        {
            move_to(&mut app, pos);
            play(&mut app, MinesAction::Reveal);
        }
    }
    // Every other mine next to an open cell.
    let bordering: Vec<Pos> = field
        .mines()
        .filter(|m| {
            grid.neighbours(*m)
                .any(|n| matches!(view(&app, n), CellView::Revealed(_)))
        })
        .collect();
    for mine in bordering.iter().step_by(2) {
        move_to(&mut app, *mine);
        play(&mut app, MinesAction::Flag);
    }
    move_to(&mut app, first);
    app
}

/// 2. Drawing an Expert game in progress.
fn draw_expert(frames: usize) -> io::Result<()> {
    let sandbox = Sandbox::new()?;
    let app = expert_app(&sandbox);
    let game = &app
        .games
        .find::<grid_arcade::ui::minesweeper::MinesweeperScreen>()
        .unwrap()
        .session
        .game;
    assert_eq!(game.status(), Status::Playing);
    let cells = game.rows() * game.cols();
    let revealed = game
        .grid()
        .positions()
        .filter(|p| matches!(game.cell(*p), CellView::Revealed(_)))
        .count();
    let flags = game.flags_placed();

    let times = time_draws(&app, frames, false);
    println!(
        "2. draw of an Expert game in progress (20x25, 99 mines; {revealed} of {cells} cells \
         revealed, {flags} flags) into a {}x{} TestBackend, {frames} frames (target < 300 µs):",
        DRAW_SIZE.width, DRAW_SIZE.height
    );
    times.print("   ");
    Ok(())
}

/// The terminal row the status line (and so the clock) is drawn on, from the program's layout.
fn status_row() -> u16 {
    let size = BoardSize::BEGINNER;
    let layout = grid_arcade::ui::minesweeper::layout::layout(
        Rect::new(0, 0, COLS, ROWS),
        size.rows(),
        size.cols(),
        Pos::new(0, 0),
        None,
        |_| 1,
        1,
    );
    assert_eq!(layout.status.height, 1);
    layout.status.y
}

/// The 0-based row of a cursor move at the start of `bytes`.
fn cursor_move_row(bytes: &[u8]) -> Option<u16> {
    let rest = bytes.strip_prefix(b"\x1b[")?;
    let end = rest
        .iter()
        .position(|b| !(b.is_ascii_digit() || *b == b';'))?;
    if rest[end] != b'H' {
        return None;
    }
    let text = std::str::from_utf8(&rest[..end]).ok()?;
    let row: u16 = text.split(';').next()?.parse().ok()?;
    row.checked_sub(1)
}

/// 3a. Cursor steps before the first reveal: nothing else changes on screen.
fn steps_before_reveal(pty: &mut Pty, steps: usize) -> io::Result<()> {
    println!(
        "3. bytes written for one cursor step (Right, \\e[C) on the board, before the first reveal \
         (clock stopped), output until {} ms of quiet (target <= 60 bytes):",
        KEY_QUIET.as_millis()
    );
    for i in 1..=steps {
        pty.send(RIGHT)?;
        let written = pty.read_until_quiet(KEY_QUIET, QUIET_TIMEOUT)?;
        println!("   step {i}: {} bytes: {}", written.len(), escape(&written));
    }
    Ok(())
}

/// 3b. Cursor steps with the clock running: the output of each window is split between the status
/// row (the clock) and the rest (the step).
fn steps_with_clock(pty: &mut Pty, steps: usize, status_row: u16) -> io::Result<()> {
    println!(
        "3b. the same steps (Left, \\e[D) after the first reveal (Space), clock running: the output \
         of {} ms after each key, split by the row it is written to (the clock is on row {}):",
        STEP_WINDOW.as_millis(),
        status_row + 1
    );
    for i in 1..=steps {
        pty.send(LEFT)?;
        let written = pty.read_for(STEP_WINDOW)?;
        let (mut clock, mut other) = (0, 0);
        let mut step = Vec::new();
        for part in split_parts(&written) {
            match cursor_move_row(part) {
                Some(row) if row == status_row => clock += part.len(),
                Some(_) => step.extend_from_slice(part),
                None => other += part.len(),
            }
        }
        println!(
            "   step {i}: {} bytes: board rows {}, clock row {clock}, before any cursor move \
             {other}",
            written.len(),
            step.len()
        );
        println!("      board rows' bytes: {}", escape(&step));
    }
    Ok(())
}

/// The output cut before each cursor move (`ESC [ row ; col H`), so that each part but perhaps
/// the first is written to one row.
fn split_parts(output: &[u8]) -> Vec<&[u8]> {
    let mut parts = Vec::new();
    let mut start = 0;
    for i in 1..output.len() {
        if cursor_move_row(&output[i..]).is_some() {
            parts.push(&output[start..i]);
            start = i;
        }
    }
    if start < output.len() {
        parts.push(&output[start..]);
    }
    parts
}

/// 4. Wake-ups and bytes while nothing is typed.
fn quiet_period(pty: &mut Pty, secs: u64, what: &str, target: &str) -> io::Result<()> {
    let quiet = pty.quiet_for(Duration::from_secs(secs))?;
    let used = &quiet.used;
    println!(
        "   {what}, {secs} s without input ({} threads; {target}):",
        used.threads
    );
    println!(
        "      wake-ups (context switches) {} = {:.1}/s: voluntary {:.1}/s (the program sleeping \
         again), involuntary {:.1}/s (preempted)",
        used.switches(),
        quiet.per_second(used.switches()),
        quiet.per_second(used.voluntary_switches),
        quiet.per_second(used.nonvoluntary_switches),
    );
    println!(
        "      bytes written {} = {:.1}/s   CPU {:.2} s",
        quiet.written.len(),
        quiet.per_second(quiet.written.len() as u64),
        used.cpu_seconds(),
    );
    if !quiet.written.is_empty() {
        println!("      first bytes: {}", quiet.first_bytes());
    }
    Ok(())
}

fn terminal_figures(options: &Options) -> io::Result<()> {
    println!(
        "grid-arcade minesweeper --seed {SEED} in a {COLS}x{ROWS} pseudo-terminal, \
         TERM=xterm-256color, LANG=C.UTF-8"
    );
    let sandbox = Sandbox::new()?;
    // A beginner board.
    let seed = SEED.to_string();
    let mut pty = sandbox.launch(&["minesweeper", "--seed", &seed])?;
    pty.read_until(FRAME_END, FRAME_TIMEOUT)?;
    pty.read_until_quiet(SETTLE_QUIET, QUIET_TIMEOUT)?;
    steps_before_reveal(&mut pty, options.steps)?;
    println!();

    // The first reveal starts the clock.
    pty.send(b" ")?;
    pty.read_for(SETTLE_QUIET)?;
    steps_with_clock(&mut pty, options.steps, status_row())?;
    println!();

    pty.read_for(SETTLE_QUIET)?;
    println!("4. wake-ups and bytes written with the clock running (after the first reveal):");
    quiet_period(
        &mut pty,
        options.clock_secs,
        "clock running",
        "targets <= 10 wake-ups/s, <= 200 bytes/s",
    )?;
    pty.send(b"p")?;
    pty.read_until_quiet(KEY_QUIET, QUIET_TIMEOUT)?;
    quiet_period(
        &mut pty,
        options.clock_secs,
        "paused (p)",
        "expected 0 wake-ups, 0 bytes",
    )?;

    quit_from_game(&mut pty, KEY_QUIET)
}

fn run(options: &Options) -> io::Result<()> {
    println!("grid-arcade: {}", sandbox::binary());
    println!();
    big_reveal(options.runs);
    println!();
    draw_expert(options.frames)?;
    println!();
    terminal_figures(options)
}

fn main() -> ExitCode {
    options::main("minesweeper_screen", USAGE, Options::parse, run)
}
