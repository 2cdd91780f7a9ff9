use std::io::{self, IsTerminal};
use std::process::ExitCode;

use clap::Parser;
use grid_arcade::app::{App, Launch};
use grid_arcade::cli::{Cli, Command};
use grid_arcade::store::{Store, file};
use grid_arcade::ui::theme::TerminalTraits;
use grid_arcade::ui::{minesweeper, tictactoe};
use grid_arcade::{event_loop, report, terminal};

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
    let path = file::resolve_config_path(cli.config);
    match &cli.command {
        Some(Command::ConfigPath) => {
            println!("{}", path.display());
            return ExitCode::SUCCESS;
        }
        Some(Command::Scores { json }) => {
            let mut store = Store::open(path);
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
        _ => {}
    }
    let store = Store::open(path);
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
    if !io::stdout().is_terminal() {
        eprintln!(
            "grid-arcade: standard output is not a terminal; run grid-arcade in a terminal \
             (`grid-arcade scores` prints the records anywhere)"
        );
        return ExitCode::from(2);
    }
    let launch = Launch {
        seed: cli.seed,
        open: cli.command.as_ref().and_then(Command::game),
        minesweeper,
        tictactoe,
        twenty48_size: match &cli.command {
            Some(Command::Twenty48(args)) => args.size.map(usize::from),
            _ => None,
        },
    };
    match play(store, launch) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("grid-arcade: {error}");
            ExitCode::FAILURE
        }
    }
}

fn play(store: Store, launch: Launch) -> io::Result<()> {
    let (mut tui, guard) = terminal::enter()?;
    let (inputs, waker) = event_loop::spawn_sources()?;
    let data_dir = file::default_data_dir();
    let mut app = App::new(
        store,
        TerminalTraits::from_env(),
        tui.size()?,
        launch,
        data_dir,
    );
    app.waker = Some(waker);
    let result = event_loop::run(&mut tui, &mut app, &inputs);
    drop(guard);
    result
}
