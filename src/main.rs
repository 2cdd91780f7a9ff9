use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use grid_arcade::app::{App, Launch};
use grid_arcade::cli::{Cli, Command, StatsArgs};
use grid_arcade::code::GameCode;
use grid_arcade::event_loop::Ending;
use grid_arcade::history::{Entry, History};
use grid_arcade::replay::{self, Replay, Wanted};
use grid_arcade::screen::ScreenId;
use grid_arcade::store::{Store, file, settings};
use grid_arcade::ui::theme::{TerminalTraits, Theme};
use grid_arcade::ui::{minesweeper, tictactoe};
use grid_arcade::{daily, event_loop, report, stats, terminal};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => error.exit(),
        Err(error) => {
            // One line: clap's first line says what was wrong.
            let text = error.render().to_string();
            let first = text.lines().next().unwrap_or_default();
            eprintln!(
                "grid-arcade: {} (see grid-arcade --help)",
                first.trim_start_matches("error: ")
            );
            return ExitCode::from(2);
        }
    };
    ignore_file_size_limit_signal();
    let path = file::resolve_config_path(cli.config);
    match &cli.command {
        Some(Command::ConfigPath) => {
            println!("{}", path.display());
            return ExitCode::SUCCESS;
        }
        Some(Command::Scores { json }) => {
            let mut store = match open_store(path) {
                Ok(store) => store,
                Err(code) => return code,
            };
            for notice in store.take_notices() {
                eprintln!("grid-arcade: {notice}");
            }
            let records = store.records();
            print!(
                "{}",
                if *json {
                    report::json(records)
                } else {
                    report::text(records)
                }
            );
            return ExitCode::SUCCESS;
        }
        Some(Command::Stats(args)) => return print_stats(args),
        Some(Command::Daily { share: true }) => {
            let mut store = match open_store(path) {
                Ok(store) => store,
                Err(code) => return code,
            };
            for notice in store.take_notices() {
                eprintln!("grid-arcade: {notice}");
            }
            println!("{}", store.records().daily.share_line(daily::today()));
            return ExitCode::SUCCESS;
        }
        _ => {}
    }
    let code = match &cli.command {
        Some(Command::Play { code }) => match GameCode::decode(code) {
            Ok(code) => Some(code),
            Err(error) => {
                eprintln!("grid-arcade: {code:?} is not a game code: {error}");
                return ExitCode::from(2);
            }
        },
        _ => None,
    };
    // The game to watch is found, and checked, before the screen opens.
    let replay = match &cli.command {
        Some(Command::Replay { game }) => match find_replay(game) {
            Ok(replay) => Some(replay),
            Err(error) => {
                eprintln!("grid-arcade: {error}");
                return ExitCode::from(2);
            }
        },
        _ => None,
    };
    // Before any file is touched: without a terminal there is nothing to play in.
    if !io::stdout().is_terminal() {
        eprintln!(
            "grid-arcade: standard output is not a terminal; run grid-arcade in a terminal \
             (`grid-arcade scores` prints the records anywhere)"
        );
        return ExitCode::from(2);
    }
    let store = match open_store(path) {
        Ok(store) => store,
        Err(code) => return code,
    };
    let minesweeper = match &cli.command {
        Some(Command::Minesweeper(args)) => {
            match args.setup(minesweeper::Setup::from_settings(store.settings())) {
                Ok(setup) => setup,
                Err(error) => {
                    eprintln!("grid-arcade: {error}");
                    return ExitCode::from(2);
                }
            }
        }
        _ => None,
    };
    let tictactoe = match &cli.command {
        Some(Command::Tictactoe(args)) => {
            args.setup(tictactoe::Setup::from_settings(store.settings()))
        }
        _ => None,
    };
    let mut launch = Launch {
        seed: cli.seed,
        open: cli.command.as_ref().and_then(Command::game),
        minesweeper,
        tictactoe,
        twenty48_size: match &cli.command {
            Some(Command::Twenty48(args)) => args.size.map(usize::from),
            _ => None,
        },
        code: None,
        daily: matches!(cli.command, Some(Command::Daily { .. })),
    };
    if let Some(code) = code {
        launch.play_code(code, store.settings());
    }
    let ending = match play(store, launch, replay) {
        Ok(ending) => ending,
        Err(error) => {
            eprintln!("grid-arcade: {error}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(message) = &ending.message {
        eprintln!("grid-arcade: {message}");
    }
    if let Some(error) = &ending.failure {
        eprintln!("grid-arcade: the terminal failed ({error}); games and records were kept");
        return ExitCode::FAILURE;
    }
    // Leaving because of a signal says so, the way shells expect: 128 + its number.
    ending
        .signal
        .and_then(|signal| u8::try_from(128 + signal).ok())
        .map_or(ExitCode::SUCCESS, ExitCode::from)
}

/// `grid-arcade stats`: the history, summed up or exported.
fn print_stats(args: &StatsArgs) -> ExitCode {
    let Some(dir) = file::default_data_dir() else {
        eprintln!("grid-arcade: this system has no data folder, so no history");
        return ExitCode::FAILURE;
    };
    let read = match History::new(&dir).entries() {
        Ok(read) => read,
        Err(error) => {
            eprintln!("grid-arcade: the history could not be read: {error}");
            return ExitCode::FAILURE;
        }
    };
    if read.skipped > 0 {
        eprintln!(
            "grid-arcade: {} lines of the history could not be read; they are left as they are",
            read.skipped
        );
    }
    let entries: Vec<Entry> = read
        .items
        .into_iter()
        .filter(|e| {
            args.game
                .as_deref()
                .is_none_or(|game| e.game().is_some_and(|g| g.key() == game))
        })
        .collect();
    print!(
        "{}",
        if args.json {
            stats::json(&entries)
        } else if args.csv {
            stats::csv(&entries)
        } else {
            stats::text(&entries)
        }
    );
    ExitCode::SUCCESS
}

/// The settings and records file, or exit code 2 when something that is not a file is in its place.
fn open_store(path: PathBuf) -> Result<Store, ExitCode> {
    Store::open(path).map_err(|error| {
        eprintln!("grid-arcade: {error}; choose another file with --config PATH");
        ExitCode::from(2)
    })
}

/// A write past a file size limit (ulimit -f) fails like any other write, with a notice, instead
/// of the signal ending the program with the terminal left raw.
fn ignore_file_size_limit_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" installs no handler code.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// `grid-arcade replay`: the game wanted, replayed to its end.
fn find_replay(wanted: &str) -> Result<Replay, String> {
    let dir = file::default_data_dir()
        .ok_or_else(|| "this system has no data folder, so no history".to_string())?;
    let wanted = Wanted::parse(wanted)?;
    replay::find(&History::new(&dir), &wanted).map_err(|error| error.to_string())
}

fn play(store: Store, launch: Launch, replay: Option<Replay>) -> io::Result<Ending> {
    let mut traits = TerminalTraits::from_env();
    // Before the thread that reads input starts, so that the answer is not taken for keys.
    if Theme::follows_background(store.settings().choice(&settings::THEME), &traits) {
        traits.ask_background();
    }
    let (mut tui, guard) = terminal::enter()?;
    let (inputs, waker) = event_loop::spawn_sources()?;
    let data_dir = file::default_data_dir();
    let mut app = App::new(store, traits, tui.size()?, launch, data_dir, Some(waker));
    if let Some(replay) = replay {
        app.show_replay(replay, ScreenId::Menu);
    }
    let ending = event_loop::run(&mut tui, &mut app, &inputs, |bytes| {
        // A failed bell or clipboard is no reason to stop.
        let mut out = io::stdout();
        let _ = out.write_all(bytes).and_then(|()| out.flush());
    });
    drop(guard);
    Ok(ending)
}
