use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use grid_arcade::app::run::{self, Ending};
use grid_arcade::app::{App, Launch};
use grid_arcade::cli::{Asked, Cli, Command, StatsArgs, report, stats};
use grid_arcade::history::History;
use grid_arcade::records::counted;
use grid_arcade::replay::{self, Replay, Wanted};
use grid_arcade::store::{Store, settings};
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::games::{self, GAMES};
use grid_arcade::ui::theme::{TerminalTraits, Theme};
use grid_arcade::{daily, disk, terminal};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return command_line_error(&error),
    };
    ignore_file_size_limit_signal();
    let path = disk::resolve_config_path(cli.globals.config);
    let mut launch = Launch {
        seed: cli.globals.seed,
        ..Launch::default()
    };
    let mut replay = None;
    match cli.asked {
        Asked::Menu => {}
        Asked::Game(game, pins) => {
            launch.open = Some(game);
            launch.pins = pins;
        }
        Asked::Tool(run, options) => {
            return match run(&options) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("grid-arcade: {error}");
                    ExitCode::from(2)
                }
            };
        }
        Asked::Command(Command::Help { command }) => {
            return command_line_error(&Cli::help_of(command.as_deref()));
        }
        Asked::Command(Command::ConfigPath) => {
            if let Err(error) = disk::check_regular(&path) {
                return unusable(&error);
            }
            // As the shell that runs it would find it, whatever folder it is run from later.
            println!("{}", std::path::absolute(&path).unwrap_or(path).display());
            return ExitCode::SUCCESS;
        }
        Asked::Command(Command::Scores { json }) => {
            let mut store = match read_store(path) {
                Ok(store) => store,
                Err(code) => return code,
            };
            for notice in store.take_notices() {
                eprintln!("grid-arcade: {notice}");
            }
            print!(
                "{}",
                if json {
                    report::json(&store)
                } else {
                    report::text(&store)
                }
            );
            return ExitCode::SUCCESS;
        }
        Asked::Command(Command::Stats(args)) => return print_stats(&args),
        Asked::Command(Command::Daily { share: true }) => {
            let mut store = match read_store(path) {
                Ok(store) => store,
                Err(code) => return code,
            };
            for notice in store.take_notices() {
                eprintln!("grid-arcade: {notice}");
            }
            println!("{}", games::daily(&store).share_line(daily::today()));
            return ExitCode::SUCCESS;
        }
        Asked::Command(Command::Daily { share: false }) => launch.daily = true,
        Asked::Command(Command::Play { code }) => match games::decode_code(&code) {
            // A code's game opens with the code's board, which new games keep for the session.
            Ok(decoded) => {
                if let Some(game) = games::of_code(&decoded) {
                    launch.open = Some(game.id());
                    launch.pins = game.code_pins(&decoded);
                    launch.code = Some(decoded);
                }
            }
            Err(error) => {
                eprintln!("grid-arcade: {code:?} is not a game code: {error}");
                return ExitCode::from(2);
            }
        },
        // The game to watch is found, and checked, before the screen opens.
        Asked::Command(Command::Replay { game }) => match find_replay(&game) {
            Ok(found) => replay = Some(found),
            Err(error) => {
                eprintln!("grid-arcade: {error}");
                return ExitCode::from(2);
            }
        },
    }
    // Before any file is touched and before anything is sent to the terminal: a terminal that
    // says it understands no control sequences is left exactly as it is.
    if std::env::var_os("TERM").is_some_and(|term| term == "dumb") {
        eprintln!(
            "grid-arcade: this terminal (TERM=dumb) cannot show the full-screen game; run it in \
             another terminal (`grid-arcade scores` prints the records anywhere)"
        );
        return ExitCode::from(2);
    }
    // Without a terminal there is nothing to play in.
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

/// Help and version are printed as clap prints them; an error is one line and exit code 2.
fn command_line_error(error: &clap::Error) -> ExitCode {
    if !error.use_stderr() {
        error.exit()
    }
    eprintln!(
        "grid-arcade: {} (see grid-arcade --help)",
        grid_arcade::cli::one_line(error)
    );
    ExitCode::from(2)
}

/// `grid-arcade stats`: the history, summed up or exported.
fn print_stats(args: &StatsArgs) -> ExitCode {
    let Some(dir) = disk::default_data_dir() else {
        eprintln!("grid-arcade: this system has no data folder, so no history");
        return ExitCode::FAILURE;
    };
    let chosen: Vec<_> = GAMES
        .iter()
        .copied()
        .filter(|game| {
            args.game
                .as_deref()
                .is_none_or(|key| game.id().key() == key)
        })
        .collect();
    let history = History::new(&dir);
    let summary = !args.json && !args.csv;
    let (text, skipped) = if summary {
        // Every game's lines are read, so that another game's are not taken for damaged ones.
        let kinds: Vec<_> = GAMES.iter().map(|game| *game as _).collect();
        match grid_arcade::history::digest::Digest::read(&history, &kinds) {
            Ok(digest) => (stats::text(&digest, &chosen), digest.skipped),
            Err(error) => return unreadable(&error),
        }
    } else {
        let read = match history.entries() {
            Ok(read) => read,
            Err(error) => return unreadable(&error),
        };
        let entries: Vec<_> = read
            .items
            .into_iter()
            .filter_map(|entry| Some((games::by_key(&entry.game)?, entry)))
            .filter(|(game, _)| chosen.iter().any(|c| c.id() == game.id()))
            .collect();
        let text = if args.json {
            stats::json(&entries)
        } else {
            stats::csv(&entries)
        };
        (text, read.skipped)
    };
    if skipped > 0 {
        eprintln!(
            "grid-arcade: {} of the history could not be read; left as written",
            counted(skipped as u64, "line", "lines")
        );
    }
    print!("{text}");
    ExitCode::SUCCESS
}

fn unreadable(error: &io::Error) -> ExitCode {
    eprintln!("grid-arcade: the history could not be read: {error}");
    ExitCode::FAILURE
}

/// The settings and records file, or exit code 2 when something that is not a file is in its place.
fn open_store(path: PathBuf) -> Result<Store, ExitCode> {
    Store::open(path, games::schema()).map_err(|error| unusable(&error))
}

/// The file for a command that only prints: one that cannot be read is left as it is, and the
/// command fails saying where it fails.
fn read_store(path: PathBuf) -> Result<Store, ExitCode> {
    Store::read_only(path, games::schema()).map_err(|error| {
        if disk::NotAFile::is(&error) {
            return unusable(&error);
        }
        eprintln!("grid-arcade: {error}");
        ExitCode::from(2)
    })
}

fn unusable(error: &io::Error) -> ExitCode {
    eprintln!("grid-arcade: {error}; choose another file with --config PATH");
    ExitCode::from(2)
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
    let dir = disk::default_data_dir()
        .ok_or_else(|| "this system has no data folder, so no history".to_string())?;
    let wanted = Wanted::parse(wanted, &games::formats())?;
    replay::find(&History::new(&dir), &wanted, &games::replayables())
        .map_err(|error| error.to_string())
}

fn play(store: Store, launch: Launch, replay: Option<Replay>) -> io::Result<Ending> {
    let mut traits = TerminalTraits::from_env();
    // Before the thread that reads input starts, so that the answer is not taken for keys.
    if Theme::follows_background(store.settings().choice(&settings::THEME), &traits) {
        traits.ask_background();
    }
    let (mut tui, guard) = terminal::enter()?;
    let (inputs, waker) = run::spawn_sources()?;
    let data_dir = disk::default_data_dir();
    let mut app = App::new(store, traits, tui.size()?, launch, data_dir, Some(waker));
    if let Some(replay) = replay {
        app.show_replay(replay, ScreenId::Menu);
    }
    let ending = run::run(&mut tui, &mut app, &inputs, |bytes| {
        // A failed bell or clipboard is no reason to stop.
        let mut out = io::stdout();
        let _ = out.write_all(bytes).and_then(|()| out.flush());
    });
    drop(guard);
    Ok(ending)
}
