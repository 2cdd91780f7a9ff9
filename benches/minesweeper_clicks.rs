//! How long a Minesweeper click takes on a large board while the computer follows the game:
//!
//! 1. a click on a cell logic proves safe, through the whole app (the worker examines it in the
//!    background meanwhile), at a player's pace;
//! 2. what the worker spends on a click: examining one logic proves safe, and one it cannot
//!    (the exact odds);
//! 3. the click that loses the game, which examines at once what the worker has not and judges
//!    the loss.
//!
//! It prints figures and asserts nothing about time. Options (arguments win over the environment):
//!
//! ```text
//! cargo bench --bench minesweeper_clicks -- --side 1000 --mines 150000 --clicks 40 --pace-ms 100
//! ```

#[path = "../tests/common/drive.rs"]
mod drive;
#[path = "support/options.rs"]
mod options;
#[path = "support/timing.rs"]
mod timing;

use std::hint::black_box;
use std::io;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use grid_arcade::app::{Action, App, Launch};
use grid_arcade::games::minesweeper::{
    BoardSize, CellView, Difficulty, FirstClick, Game, GameOptions, Hint, Move, Pos, Status,
};
use grid_arcade::play::minesweeper::settings::Setup;
use grid_arcade::store::Store;
use grid_arcade::ui::minesweeper::{MinesAction, MinesweeperScreen};
use ratatui::layout::Size;

use drive::TRAITS;
use drive::minesweeper::{move_to, play};
use timing::{millis, percentile};

const USAGE: &str = "cargo bench --bench minesweeper_clicks -- [--side N] [--mines N] \
                     [--clicks N] [--pace-ms N]";

struct Options {
    side: usize,
    mines: usize,
    clicks: usize,
    pace: Duration,
}

impl Options {
    fn parse() -> Result<Options, String> {
        let [side, mines, clicks, pace] = options::parse([
            ("--side", "GRID_ARCADE_BENCH_SIDE", 1000),
            ("--mines", "GRID_ARCADE_BENCH_MINES", 150_000),
            ("--clicks", "GRID_ARCADE_BENCH_CLICKS", 40),
            ("--pace-ms", "GRID_ARCADE_BENCH_PACE_MS", 100),
        ])?;
        BoardSize::new(side as usize, side as usize, mines as usize)
            .map_err(|error| error.to_string())?;
        if clicks == 0 {
            return Err("--clicks must be at least 1".into());
        }
        Ok(Options {
            side: side as usize,
            mines: mines as usize,
            clicks: clicks as usize,
            pace: Duration::from_millis(pace),
        })
    }
}

fn game(app: &App) -> &Game {
    &app.games.find::<MinesweeperScreen>().unwrap().session.game
}

/// A cell logic proves safe on the board of `app`, found on a copy of the game.
fn proven_safe(app: &App) -> Option<Pos> {
    match game(app).clone().hint() {
        Some(Hint::Safe(pos)) => Some(pos),
        _ => None,
    }
}

/// A covered cell next to an open one that logic does not prove safe, and one that holds a
/// mine, on a copy of the game `app` plays.
fn guesses(app: &App, field_mines: &[Pos]) -> (Option<Pos>, Option<Pos>) {
    let game = game(app);
    let bordering = |pos: &Pos| {
        game.cell(*pos) == CellView::Hidden
            && game
                .grid()
                .neighbours(*pos)
                .any(|n| matches!(game.cell(n), CellView::Revealed(_)))
    };
    let guess = game
        .grid()
        .positions()
        .filter(bordering)
        .find(|&pos| game.examine(Move::Reveal(pos)).is_some());
    let mine = field_mines.iter().copied().find(|pos| {
        bordering(pos)
            && game
                .examine(Move::Reveal(*pos))
                .is_some_and(|guess| guess.mine < 1000)
    });
    (guess, mine)
}

fn report(what: &str, times: &mut [Duration]) {
    times.sort();
    println!(
        "   {what}: median {}, p99 {}, max {} ({} samples)",
        millis(percentile(times, 0.5), 2),
        millis(percentile(times, 0.99), 2),
        millis(times[times.len() - 1], 2),
        times.len()
    );
}

fn run(options: &Options) -> io::Result<()> {
    let dir = tempfile::TempDir::new()?;
    let size = BoardSize::new(options.side, options.side, options.mines).expect("checked");
    let setup = Setup {
        difficulty: Difficulty::Custom,
        size,
        options: GameOptions {
            first_click: FirstClick::Opening,
            question_marks: false,
        },
    };
    let launch = Launch {
        seed: Some(11),
        open: Some(grid_arcade::play::minesweeper::GAME),
        pins: setup.pins(),
        ..Launch::default()
    };
    let store = Store::open(
        dir.path().join("config.toml"),
        grid_arcade::ui::games::schema(),
    )?;
    let mut app = App::new(store, TRAITS, Size::new(100, 35), launch, None, None);
    play(&mut app, MinesAction::Reveal);
    println!(
        "{}x{} board, {} mines: the computer follows every click on a worker thread",
        options.side, options.side, options.mines
    );
    println!();
    println!(
        "1. a click on a cell logic proves safe, through the app, one every {} ms:",
        options.pace.as_millis()
    );
    let mut clicks = Vec::new();
    for _ in 0..options.clicks {
        let Some(pos) = proven_safe(&app) else {
            break;
        };
        move_to(&mut app, pos);
        let start = Instant::now();
        play(&mut app, MinesAction::Reveal);
        clicks.push(start.elapsed());
        // The player's pace; the loop takes up the worker's answers meanwhile.
        std::thread::sleep(options.pace);
        app.update(Action::Tick);
    }
    if clicks.is_empty() {
        println!("   no cell is proven safe after the first click: try another --mines");
        return Ok(());
    }
    report("click", &mut clicks);
    println!();
    println!("2. what the worker spends examining a click:");
    let safe = proven_safe(&app);
    let field = game(&app).clone();
    let mines: Vec<Pos> = {
        // The mines, from a copy that opens every cell: a lost game shows them all.
        let mut copy = field.clone();
        let positions: Vec<Pos> = copy.grid().positions().collect();
        for pos in positions {
            if copy.status() == Status::Playing && copy.cell(pos) == CellView::Hidden {
                copy.reveal(pos);
            }
        }
        (copy.grid().positions())
            .filter(|&pos| matches!(copy.cell(pos), CellView::Mine | CellView::ExplodedMine))
            .collect()
    };
    let (guess, mine) = guesses(&app, &mines);
    for (what, cell) in [
        ("a cell logic proves safe (the solver alone)", safe),
        ("a cell it cannot (the solver, then the odds)", guess),
    ] {
        let Some(pos) = cell else {
            println!("   {what}: none on this board");
            continue;
        };
        let mut times: Vec<Duration> = (0..7)
            .map(|_| {
                let start = Instant::now();
                black_box(field.examine(Move::Reveal(pos)));
                start.elapsed()
            })
            .collect();
        report(what, &mut times);
    }
    println!();
    println!("3. the click that loses, judged at once:");
    match mine {
        Some(pos) => {
            move_to(&mut app, pos);
            let start = Instant::now();
            play(&mut app, MinesAction::Reveal);
            let time = start.elapsed();
            assert_eq!(game(&app).status(), Status::Lost);
            println!("   {}", millis(time, 2));
        }
        None => println!("   no mine borders the open cells"),
    }
    Ok(())
}

fn main() -> ExitCode {
    options::main("minesweeper_clicks", USAGE, Options::parse, run)
}
