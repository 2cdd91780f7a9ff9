//! Figures of the 2048 screen, from drawing to the bytes a terminal receives:
//!
//! 1. drawing a 4x4 and an 8x8 game in progress into a 200x60 `TestBackend`, still and mid-slide;
//! 2. the frames one move draws and the bytes they write, with animations on and off, counted
//!    in-process with the program's own backend and a simulated clock that wakes exactly at each
//!    deadline, as the event loop asks;
//! 3. the same in a 100x35 pseudo-terminal: bytes written for each move, and how many separate
//!    writes (frames that changed something) arrived, with animations on and off;
//! 4. CPU time, wake-ups and bytes while the board sits still with no input.
//!
//! The moves per second of the rules engine are printed by `benches/twenty48.rs`.
//!
//! It prints figures and asserts nothing about time. Options (arguments win over the environment):
//!
//! ```text
//! cargo bench --bench twenty48_screen -- --frames 2000 --moves 4 --idle-secs 10
//! GRID_ARCADE_BENCH_FRAMES=2000 GRID_ARCADE_BENCH_MOVES=4 GRID_ARCADE_BENCH_IDLE_SECS=10 \
//!     cargo bench --bench twenty48_screen
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

use std::cell::Cell as Shared;
use std::io::{self, Write};
use std::process::ExitCode;
use std::rc::Rc;
use std::time::{Duration, Instant};

use grid_arcade::app::{Action, App, Launch};
use grid_arcade::games::twenty48::{Direction, Game, Status};
use grid_arcade::play::twenty48::settings::SIZE;
use grid_arcade::store::{SettingValue, Store};
use grid_arcade::terminal::CompactBackend;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::twenty48::{Animation, SLIDE, Twenty48Action};
use ratatui::layout::{Rect, Size};
use ratatui::{Terminal, TerminalOptions, Viewport};

use drive::TRAITS;
use drive::twenty48::corner_move;
use pty::{Chunk, Pty, escape};
use sandbox::{COLS, FRAME_TIMEOUT, QUIET_TIMEOUT, ROWS, Sandbox, quit_from_game};

const SEED: u64 = 7;

// 1. Drawing.
const DRAW_SIZE: Size = Size::new(200, 60);
/// Moves of the corner strategy played before the boards are drawn: far into a game, with many
/// tiles, yet not over.
const DRAWN_MOVES: [(usize, usize); 2] = [(4, 150), (8, 1500)];

// 2, 3 and 4. The terminal.
/// The footer's last word ("… o options  ? help"): the footer is the last row ratatui draws, and
/// "help" appears nowhere else on the 2048 screen.
const FRAME_END: &[u8] = b"help";
/// Silence that ends a move's output: the whole animation (200 ms) plus a margin, so that frames
/// that change nothing (and so write nothing) inside it cannot end the count early.
const MOVE_QUIET: Duration = Duration::from_millis(400);
/// Silence awaited after the first frame before anything is measured.
const SETTLE_QUIET: Duration = Duration::from_millis(400);
/// Output chunks closer together than this are taken as one write: frames are 25 ms apart.
const SAME_WRITE: Duration = Duration::from_millis(8);

struct Options {
    frames: usize,
    moves: usize,
    idle_secs: u64,
}

const USAGE: &str = "usage: cargo bench --bench twenty48_screen -- [--frames N] [--moves N] \
                     [--idle-secs N]
  --frames N     timed draws of each board (default 2000; GRID_ARCADE_BENCH_FRAMES)
  --moves N      moves whose output is counted in the terminal (default 4; GRID_ARCADE_BENCH_MOVES)
  --idle-secs N  seconds without input while CPU, wake-ups and bytes are counted
                 (default 10; GRID_ARCADE_BENCH_IDLE_SECS)";

impl Options {
    fn parse() -> Result<Options, String> {
        let [frames, moves, idle_secs] = options::parse([
            ("--frames", "GRID_ARCADE_BENCH_FRAMES", 2000),
            ("--moves", "GRID_ARCADE_BENCH_MOVES", 4),
            ("--idle-secs", "GRID_ARCADE_BENCH_IDLE_SECS", 10),
        ])?;
        if frames == 0 || moves == 0 || idle_secs == 0 {
            return Err("--frames, --moves and --idle-secs must be at least 1".into());
        }
        Ok(Options {
            frames: frames as usize,
            moves: moves as usize,
            idle_secs,
        })
    }
}

/// `grid-arcade 2048 --seed SEED --size SIZE` in a terminal of `size` with 256 colours, the
/// settings and records in `sandbox`, nothing saved between runs.
fn app(sandbox: &Sandbox, board: usize, size: Size) -> App {
    let launch = Launch {
        seed: Some(SEED),
        open: Some(grid_arcade::play::twenty48::GAME),
        pins: vec![(&SIZE, SettingValue::Number(board as i64))],
        ..Launch::default()
    };
    let app = App::new(
        Store::open(
            sandbox.path("config.toml"),
            grid_arcade::ui::games::schema(),
        )
        .unwrap(),
        TRAITS,
        size,
        launch,
        None,
        None,
    );
    assert_eq!(
        app.screen,
        ScreenId::Game(grid_arcade::play::twenty48::GAME)
    );
    app
}

/// A game of `size` after `moves` moves of the corner strategy from `Game::new(size, SEED)`.
fn played(size: usize, moves: usize) -> Game {
    let mut game = Game::new(size, SEED).expect("a valid size");
    for _ in 0..moves {
        game.keep_going();
        let direction = corner_move(&game).expect("the game lasts that long");
        game.play(direction);
    }
    assert_eq!(game.status(), Status::Playing);
    game
}

/// Times `frames` draws of the app's screen and prints them under `what`.
fn report_draws(app: &App, frames: usize, what: &str) {
    let times = draw::time_draws(app, frames, true);
    println!("   {what}:");
    times.print("      ");
}

/// 1. Drawing a 4x4 and an 8x8 game in progress, still and half-way through a slide.
fn draw_figures(frames: usize) -> io::Result<()> {
    println!(
        "1. draw of a 2048 game in progress into a {}x{} TestBackend, 256 colours, {frames} frames \
         each (target < 300 µs):",
        DRAW_SIZE.width, DRAW_SIZE.height
    );
    for (size, moves) in DRAWN_MOVES {
        let sandbox = Sandbox::with_config("")?;
        let mut app = app(&sandbox, size, DRAW_SIZE);
        let mut game = played(size, moves);
        let tiles = game.board().rows().flatten().filter(|&&e| e > 0).count();
        let screen = app
            .games
            .find_mut::<grid_arcade::ui::twenty48::Twenty48Screen>()
            .expect("2048 is open");
        screen.session.game = game.clone();
        let layout = screen.layout(
            Rect::from((ratatui::layout::Position::ORIGIN, DRAW_SIZE)),
            &app.store,
        );
        report_draws(
            &app,
            frames,
            &format!(
                "{size}x{size} after {moves} moves ({tiles} tiles, score {}, tiles {}x{})",
                game.score(),
                layout.tile_width,
                layout.tile_height
            ),
        );
        // The next move, half-way through its slide.
        let direction = corner_move(&game).expect("not over");
        let report = game.play(direction).expect("the move changes the board");
        let screen = app
            .games
            .find_mut::<grid_arcade::ui::twenty48::Twenty48Screen>()
            .expect("2048 is open");
        screen.session.game = game;
        screen.animation = Some(Animation {
            report,
            started: app.now,
        });
        app.now += SLIDE / 2;
        report_draws(
            &app,
            frames,
            &format!("{size}x{size} half-way through a slide ({direction:?})"),
        );
    }
    Ok(())
}

/// Counts the bytes written through it.
#[derive(Clone, Default)]
struct Counter(Rc<Shared<usize>>);

impl Counter {
    fn take(&self) -> usize {
        self.0.replace(0)
    }
}

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.set(self.0.get() + buf.len());
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// One move as the event loop runs it (for figure 2), with a clock that wakes exactly at each
/// deadline: the frames drawn and the bytes each writes through the program's own backend.
fn simulated_move(animations: bool) -> io::Result<Vec<usize>> {
    let sandbox = Sandbox::with_config(&format!("[2048]\nanimations = {animations}\n"))?;
    let mut app = app(&sandbox, 4, Size::new(COLS, ROWS));
    let counter = Counter::default();
    let mut terminal = Terminal::with_options(
        CompactBackend::new(counter.clone()),
        TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, COLS, ROWS)),
        },
    )?;
    terminal.draw(|frame| grid_arcade::app::draw(&app, frame))?;
    counter.take();
    let game = &app
        .games
        .find::<grid_arcade::ui::twenty48::Twenty48Screen>()
        .expect("2048 is open")
        .session
        .game;
    let direction = corner_move(game).expect("a new game has a move");
    app.update(Action::from(Twenty48Action::Slide(direction)));
    let mut frames = Vec::new();
    terminal.draw(|frame| grid_arcade::app::draw(&app, frame))?;
    frames.push(counter.take());
    while let Some(deadline) = app.next_deadline() {
        app.now = deadline;
        app.update(Action::Tick);
        terminal.draw(|frame| grid_arcade::app::draw(&app, frame))?;
        frames.push(counter.take());
    }
    Ok(frames)
}

fn simulated_figures() -> io::Result<()> {
    println!(
        "2. one move (the first of a new 4x4 game, seed {SEED}) in a {COLS}x{ROWS} terminal, drawn \
         through the program's backend with a simulated clock that wakes at each deadline:"
    );
    for animations in [true, false] {
        let frames = simulated_move(animations)?;
        let total: usize = frames.iter().sum();
        let writing = frames.iter().filter(|&&n| n > 0).count();
        println!(
            "   animations {}: {} frames drawn ({} after the key's), {writing} of them changed \
             something; {total} bytes in all",
            if animations { "on " } else { "off" },
            frames.len(),
            frames.len() - 1,
        );
        println!("      bytes per frame: {frames:?}");
    }
    Ok(())
}

/// What the terminal received for one move.
struct MoveOutput {
    bytes: usize,
    /// Bursts of output: chunks closer together than [`SAME_WRITE`] count as one.
    writes: usize,
    /// From the key to the last byte.
    last_byte: Duration,
}

/// Sends `key` and reads until the program has been quiet for [`MOVE_QUIET`].
fn one_move(pty: &mut Pty, key: &[u8]) -> io::Result<MoveOutput> {
    pty.send(key)?;
    let sent = Instant::now();
    let mut out = Vec::new();
    let mut writes = 0;
    let mut last: Option<Instant> = None;
    loop {
        let quiet_until = last.unwrap_or(sent) + MOVE_QUIET;
        let now = Instant::now();
        if now >= quiet_until {
            break;
        }
        if now >= sent + QUIET_TIMEOUT {
            return Err(io::Error::other(format!(
                "the program did not go quiet after a move; received {}",
                escape(&out)
            )));
        }
        match pty.read_chunk(&mut out, quiet_until - now)? {
            Chunk::Data(_) => {
                let at = Instant::now();
                if last.is_none_or(|l| at - l > SAME_WRITE) {
                    writes += 1;
                }
                last = Some(at);
            }
            Chunk::Nothing => {}
            Chunk::Closed => return Err(io::Error::other("the program closed the terminal")),
        }
    }
    Ok(MoveOutput {
        bytes: out.len(),
        writes,
        last_byte: last.map_or(Duration::ZERO, |l| l - sent),
    })
}

fn arrow(direction: Direction) -> &'static [u8] {
    match direction {
        Direction::Up => b"\x1b[A",
        Direction::Down => b"\x1b[B",
        Direction::Right => b"\x1b[C",
        Direction::Left => b"\x1b[D",
    }
}

/// 4. CPU time, wake-ups and bytes while nothing is typed.
fn idle(pty: &mut Pty, secs: u64) -> io::Result<()> {
    let quiet = pty.quiet_for(Duration::from_secs(secs))?;
    quiet.print_idle(&format!(
        "4. the board sitting still, {secs} s without input"
    ));
    Ok(())
}

/// Figures 3 and, with animations on, 4: the program in a pseudo-terminal.
fn terminal_figures(options: &Options, animations: bool) -> io::Result<()> {
    let sandbox = Sandbox::with_config(&format!("[2048]\nanimations = {animations}\n"))?;
    // A new 4x4 game.
    let seed = SEED.to_string();
    let mut pty = sandbox.launch(&["2048", "--seed", &seed])?;
    let first = pty.read_until(FRAME_END, FRAME_TIMEOUT)?;
    let rest = pty.read_until_quiet(SETTLE_QUIET, QUIET_TIMEOUT)?;
    let mut model = Game::new(4, SEED).expect("a valid size");
    println!(
        "   animations {}: first frame {} bytes",
        if animations { "on " } else { "off" },
        first.len() + rest.len()
    );
    let mut bytes = Vec::new();
    for i in 1..=options.moves {
        let direction = corner_move(&model).expect("the game lasts that long");
        model.play(direction);
        let output = one_move(&mut pty, arrow(direction))?;
        println!(
            "      move {i} ({direction:?}): {} bytes in {} writes, the last {:.0} ms after the key",
            output.bytes,
            output.writes,
            output.last_byte.as_secs_f64() * 1e3
        );
        bytes.push(output.bytes);
    }
    println!(
        "      mean {:.0} bytes per move",
        bytes.iter().sum::<usize>() as f64 / bytes.len() as f64
    );
    if animations {
        println!();
        idle(&mut pty, options.idle_secs)?;
    }
    quit_from_game(&mut pty, SETTLE_QUIET)
}

fn run(options: &Options) -> io::Result<()> {
    println!("grid-arcade: {}", sandbox::binary());
    println!();
    draw_figures(options.frames)?;
    println!();
    simulated_figures()?;
    println!();
    println!(
        "3. grid-arcade 2048 --seed {SEED} in a {COLS}x{ROWS} pseudo-terminal, TERM=xterm-256color, \
         LANG=C.UTF-8: each move's output until {} ms of quiet; writes are bursts of output more \
         than {} ms apart",
        MOVE_QUIET.as_millis(),
        SAME_WRITE.as_millis()
    );
    terminal_figures(options, false)?;
    terminal_figures(options, true)
}

fn main() -> ExitCode {
    options::main("twenty48_screen", USAGE, Options::parse, run)
}
