//! Figures of replays:
//!
//! 1. opening the replay of a 20,000-move 2048 game (8x8, a player who keeps to a corner): the
//!    history read for it, every move played and checked against the recorded end, the screen
//!    made and first drawn into a 100x35 `TestBackend`; then a step back from the end and a jump
//!    to the middle;
//! 2. `grid-arcade replay ID` of a short 2048 game in a 100x35 pseudo-terminal, paused once its
//!    turning points are found: CPU time, wake-ups and bytes while nothing is typed.
//!
//! It prints figures and asserts nothing about time. Options (arguments win over the environment):
//!
//! ```text
//! cargo bench --bench replay -- --opens 20 --idle-secs 10
//! GRID_ARCADE_BENCH_OPENS=20 GRID_ARCADE_BENCH_IDLE_SECS=10 cargo bench --bench replay
//! ```

#[path = "../tests/common/drive.rs"]
mod drive;
#[path = "support/options.rs"]
mod options;
#[path = "support/pty.rs"]
mod pty;
#[path = "support/sandbox.rs"]
mod sandbox;

use std::io;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use grid_arcade::app::{App, Launch};
use grid_arcade::games::twenty48::{Game, Status, tile_value, win_exponent};
use grid_arcade::history::{Entry, FILE, MOVES_FILE, Outcome};
use grid_arcade::play::twenty48::facts::Facts as Twenty48Facts;
use grid_arcade::store::Store;
use grid_arcade::timestamp::Timestamp;
use grid_arcade::ui::replay::ReplayAction;
use ratatui::backend::TestBackend;
use ratatui::layout::Size;
use ratatui::{Terminal, TerminalOptions, Viewport};

use drive::TRAITS;
use sandbox::{FRAME_TIMEOUT, Sandbox};

const MOVES: u64 = 20_000;
const SIZE: usize = 8;
const SEED: u64 = 7;
const ID: &str = "g20k2048";
/// A short game (3x3), whose turning points are found at once, for the paused figures.
const SHORT_ID: &str = "g3x32048";
/// How long the turning points of the short game may take before the bench gives up.
const ANALYSIS_TIMEOUT: Duration = Duration::from_secs(60);

struct Options {
    opens: usize,
    idle_secs: u64,
}

const USAGE: &str = "usage: cargo bench --bench replay -- [--opens N] [--idle-secs N]
  --opens N      timed openings of the replay (default 20; GRID_ARCADE_BENCH_OPENS)
  --idle-secs N  seconds paused while CPU, wake-ups and bytes are counted
                 (default 10; GRID_ARCADE_BENCH_IDLE_SECS)";

impl Options {
    fn parse() -> Result<Options, String> {
        let [opens, idle_secs] = options::parse([
            ("--opens", "GRID_ARCADE_BENCH_OPENS", 20),
            ("--idle-secs", "GRID_ARCADE_BENCH_IDLE_SECS", 10),
        ])?;
        if opens == 0 || idle_secs == 0 {
            return Err("--opens and --idle-secs must be at least 1".into());
        }
        Ok(Options {
            opens: opens as usize,
            idle_secs,
        })
    }
}

/// A game of `size` played by a player who keeps to a corner, to its end or `moves` moves, as
/// the history keeps it with `id`: its line and its inputs.
fn corner_game(id: &str, size: usize, moves: u64) -> (String, String) {
    let mut game = Game::new(size, SEED).unwrap();
    while game.moves() < moves {
        let Some(direction) = drive::twenty48::corner_move(&game) else {
            break;
        };
        game.play(direction);
        game.keep_going();
    }
    let inputs: String = game.inputs().iter().map(|i| i.letter()).collect();
    let result = if game.biggest_tile() >= win_exponent(size) {
        Outcome::Won
    } else if game.status() == Status::Over {
        Outcome::Over
    } else {
        Outcome::Abandoned
    };
    let start = Timestamp {
        unix_seconds: 1_796_119_200,
    };
    let facts = Twenty48Facts {
        size: size as u32,
        score: game.score(),
        tile: u64::try_from(tile_value(game.biggest_tile())).unwrap_or(u64::MAX),
        moves: game.moves(),
    };
    let mut entry = Entry::new("2048", &facts, start, 3_600_000, result, SEED);
    entry.id = id.to_string().into();
    let line = serde_json::to_string(&entry).unwrap() + "\n";
    let moves = format!("{{\"id\":\"{id}\",\"moves\":\"{inputs}\"}}\n");
    (line, moves)
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// 1. Opening the replay in-process, `opens` times.
fn open(sandbox: &Sandbox, opens: usize) {
    let mut times = Vec::new();
    let mut steps = Vec::new();
    for _ in 0..opens {
        let mut app = App::new(
            Store::open(
                sandbox.path("config.toml"),
                grid_arcade::ui::games::schema(),
            )
            .unwrap(),
            TRAITS,
            Size::new(100, 35),
            Launch::default(),
            Some(sandbox.path("data/grid-arcade")),
            None,
        );
        let mut terminal = Terminal::with_options(
            TestBackend::new(100, 35),
            TerminalOptions {
                viewport: Viewport::Fullscreen,
            },
        )
        .unwrap();
        let start = Instant::now();
        app.open_replay(ID);
        terminal
            .draw(|frame| grid_arcade::app::draw(&app, frame))
            .unwrap();
        times.push(start.elapsed());
        assert!(
            app.replay.is_some(),
            "the long game replays: {:?}",
            app.notices
        );
        let start = Instant::now();
        app.update(grid_arcade::app::Action::Replay(ReplayAction::End));
        app.update(grid_arcade::app::Action::Replay(ReplayAction::Step(false)));
        let back = start.elapsed();
        let middle = app.replay.as_ref().unwrap().replay.len() / 2;
        let start = Instant::now();
        app.replay.as_mut().unwrap().replay.seek(middle);
        steps.push((back, start.elapsed()));
    }
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "1. opening the replay of a {MOVES}-move 2048 game ({SIZE}x{SIZE}), {opens} times \
         (target at most 50 ms):"
    );
    println!(
        "   median {:.1} ms, fastest {:.1} ms, slowest {:.1} ms",
        millis(median),
        millis(times[0]),
        millis(times[times.len() - 1])
    );
    let worst = |pick: fn(&(Duration, Duration)) -> Duration| {
        steps.iter().map(pick).max().unwrap_or_default()
    };
    println!(
        "   the end and a step back: at most {:.2} ms; a jump to the middle: at most {:.2} ms",
        millis(worst(|s| s.0)),
        millis(worst(|s| s.1))
    );
}

/// 2. A replay in a terminal, paused once its turning points are found: its cost.
fn paused(sandbox: &Sandbox, secs: u64) -> io::Result<()> {
    let mut pty = sandbox.launch(&["replay", SHORT_ID])?;
    pty.read_until(b"Replay: 2048", FRAME_TIMEOUT)?;
    pty.read_until(b"marked on the bar", ANALYSIS_TIMEOUT)?;
    pty.send(b" ")?;
    // Only what changed is written: "playing" becomes "paused" from its second letter.
    pty.read_until(b"aused", FRAME_TIMEOUT)?;
    pty.read_until_quiet(Duration::from_millis(300), FRAME_TIMEOUT)?;
    let quiet = pty.quiet_for(Duration::from_secs(secs))?;
    quiet.print_idle(&format!(
        "2. a 2048 replay (3x3) paused in a 100x35 terminal, {secs} s without input"
    ));
    pty.send(b"q")?;
    pty.wait(Duration::from_secs(5))?;
    Ok(())
}

fn run(options: &Options) -> io::Result<()> {
    let sandbox = Sandbox::new()?;
    let data = sandbox.path("data/grid-arcade");
    std::fs::create_dir_all(&data)?;
    let (line, moves) = corner_game(ID, SIZE, MOVES);
    let (short_line, short_moves) = corner_game(SHORT_ID, 3, MOVES);
    std::fs::write(data.join(FILE), line + &short_line)?;
    std::fs::write(data.join(MOVES_FILE), moves.clone() + &short_moves)?;
    println!(
        "A {MOVES}-move game: {} bytes of moves in the history.",
        moves.len()
    );
    open(&sandbox, options.opens);
    paused(&sandbox, options.idle_secs)
}

fn main() -> ExitCode {
    options::main("replay", USAGE, Options::parse, run)
}
