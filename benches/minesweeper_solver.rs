//! Figures of the Minesweeper odds engine: `cargo bench --bench minesweeper_solver [-- PART...
//! OPTIONS]`; `-- --help` lists them.
//!
//! `winrate` plays seeded games with the autoplay's choices (`odds::best_move`) and prints the
//! share won with its standard error and the time a game; `odds` times the chances alone on the
//! positions of such games. Times are the playing thread's CPU time (on a busy machine that is
//! the engine's figure) and wall time.

#[path = "support/timing.rs"]
mod timing;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use grid_arcade::games::minesweeper::odds::{self, Position, Seen};
use grid_arcade::games::minesweeper::{BoardSize, FirstClick, Game, GameOptions, Pos, Status};

use timing::{millis, percentile, thread_cpu_time};

const USAGE: &str = "\
usage: cargo bench --bench minesweeper_solver -- [PART...] [OPTIONS]

Parts (winrate when none is named):
  winrate    plays seeded games with the autoplay's choices: the share won, its standard
             error, the mean and 99th percentile time a game
  odds       the time of the chances alone, per position, over the mid-game positions (a
             tenth to nine tenths of the safe cells open) of seeded expert games

Options:
  --level L     beginner (9x9, 10 mines) | intermediate (16x16, 40) | expert (16x30, 99) |
                all (default expert)
  --rule R      classic: the first click is the engine's, a mine under it is moved away;
                modern: the first click is at row 3, column 3 (from 0) and opens an area;
                no-guess: the arcade's no-guess boards, first click as modern; all
                (default classic)
  --games N     games a figure (default 1000; odds: 200)
  --seed S      first seed (default 1); game i uses seed S + i
  --each        winrate: also a line a game (seed, won or lost), to compare two engines
                game by game
  -h, --help    this text";

#[derive(Clone, Copy)]
struct Level {
    name: &'static str,
    size: BoardSize,
}

const LEVELS: [Level; 3] = [
    Level {
        name: "beginner",
        size: BoardSize::BEGINNER,
    },
    Level {
        name: "intermediate",
        size: BoardSize::MEDIUM,
    },
    Level {
        name: "expert",
        size: BoardSize::CLASSIC,
    },
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    Classic,
    Modern,
    NoGuess,
}

impl Rule {
    const ALL: [Rule; 3] = [Rule::Classic, Rule::Modern, Rule::NoGuess];

    fn name(self) -> &'static str {
        match self {
            Rule::Classic => "classic",
            Rule::Modern => "modern",
            Rule::NoGuess => "no-guess",
        }
    }

    /// A mine under the first click moved to a cell chosen at random among the free ones leaves
    /// every layout avoiding that cell equally likely: the arcade's `Safe` placement.
    fn first_click(self) -> FirstClick {
        match self {
            Rule::Classic => FirstClick::Safe,
            Rule::Modern => FirstClick::Opening,
            Rule::NoGuess => FirstClick::NoGuess,
        }
    }
}

struct Options {
    parts: Vec<String>,
    levels: Vec<Level>,
    rules: Vec<Rule>,
    games: Option<u64>,
    seed: u64,
    each: bool,
}

/// The options of the command line; `Err` with an empty message asks for the usage alone.
fn options() -> Result<Options, String> {
    let mut options = Options {
        parts: Vec::new(),
        levels: vec![LEVELS[2]],
        rules: vec![Rule::Classic],
        games: None,
        seed: 1,
        each: false,
    };
    // `cargo bench` passes --bench to every bench binary.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| arg != "--bench")
        .collect();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = || rest.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => return Err(String::new()),
            "--level" => options.levels = pick(&LEVELS, value()?, |level| level.name)?,
            "--rule" => options.rules = pick(&Rule::ALL, value()?, Rule::name)?,
            "--games" => options.games = Some(whole(arg, value()?)?.max(1)),
            "--seed" => options.seed = whole(arg, value()?)?,
            "--each" => options.each = true,
            part @ ("winrate" | "odds") => options.parts.push(part.to_string()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if options.parts.is_empty() {
        options.parts.push("winrate".into());
    }
    Ok(options)
}

/// The entries of `all` called `name`, or all of them for `all`.
fn pick<T: Copy>(
    all: &[T],
    name: &str,
    name_of: impl Fn(T) -> &'static str,
) -> Result<Vec<T>, String> {
    let chosen: Vec<T> = all
        .iter()
        .copied()
        .filter(|&entry| name == "all" || name_of(entry) == name)
        .collect();
    if chosen.is_empty() {
        let names: Vec<&str> = all.iter().map(|&entry| name_of(entry)).collect();
        return Err(format!("no {name:?}: {} or all", names.join(", ")));
    }
    Ok(chosen)
}

fn whole(flag: &str, text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("{flag} {text:?} is not a whole number"))
}

/// One game played to its end by the engine; `visit` sees every position it weighed.
fn play(level: Level, rule: Rule, seed: u64, visit: &mut impl FnMut(&Position)) -> Status {
    let options = GameOptions {
        first_click: rule.first_click(),
        question_marks: false,
    };
    let mut game = Game::new(level.size, seed, options);
    if let Some(start) = options.first_click.computer_start(game.rows(), game.cols()) {
        game.reveal(start);
    }
    while !game.status().is_over() {
        let position = Position::of_board(&game);
        visit(&position);
        let chances = odds::odds(&position).expect("a real board fits what is seen");
        // The autoplay opens one safe cell a move; opening all of one weighing's safe cells at
        // once reaches the same position before each guess, in fewer weighings.
        let safe: Vec<usize> = (0..chances.mine.len())
            .filter(|&index| chances.mine[index] == Some(0.0))
            .collect();
        if safe.is_empty() {
            let choice = odds::best_move(&position, &chances).expect("a game not over has a move");
            game.reveal(Pos::new(choice.row, choice.col));
        }
        for index in safe {
            game.reveal(Pos::new(index / position.cols, index % position.cols));
        }
    }
    game.status()
}

/// The time since `wall` and since `cpu` (the thread's CPU time; the wall time where Linux's
/// figure is missing).
fn elapsed(wall: Instant, cpu: Option<Duration>) -> (Duration, Duration) {
    let wall = wall.elapsed();
    let cpu = cpu
        .zip(thread_cpu_time())
        .map_or(wall, |(start, end)| end - start);
    (wall, cpu)
}

fn winrate(options: &Options) {
    let games = options.games.unwrap_or(1000);
    println!(
        "Win rate of the autoplay, {games} games a line from seed {}; times a game: CPU (wall)",
        options.seed
    );
    println!(
        "{:<14} {:<9} {:>8} {:>16} {:>18} {:>18}",
        "level", "rule", "won", "rate ± s.e.", "mean", "p99"
    );
    for level in &options.levels {
        for &rule in &options.rules {
            let (mut won, mut cpu_times, mut wall_total) = (0u64, Vec::new(), Duration::ZERO);
            let mut wall_times = Vec::new();
            for seed in options.seed..options.seed + games {
                let (wall, cpu) = (Instant::now(), thread_cpu_time());
                let status = play(*level, rule, seed, &mut |_| {});
                let (wall, cpu) = elapsed(wall, cpu);
                won += u64::from(status == Status::Won);
                if options.each {
                    let outcome = if status == Status::Won { "won" } else { "lost" };
                    println!("{} {seed} {outcome}", rule.name());
                }
                cpu_times.push(cpu);
                wall_times.push(wall);
                wall_total += wall;
            }
            let share = won as f64 / games as f64;
            let error = (share * (1.0 - share) / games as f64).sqrt();
            let mean = |times: &[Duration]| times.iter().sum::<Duration>() / games as u32;
            cpu_times.sort();
            wall_times.sort();
            println!(
                "{:<14} {:<9} {:>8} {:>8.2}% ± {:>4.2} {:>8} ({:>7}) {:>8} ({:>7})",
                level.name,
                rule.name(),
                won,
                100.0 * share,
                100.0 * error,
                millis(mean(&cpu_times), 2),
                millis(mean(&wall_times), 2),
                millis(percentile(&cpu_times, 0.99), 1),
                millis(percentile(&wall_times, 0.99), 1),
            );
        }
    }
}

/// The share of the safe cells open in `position`.
fn progress(position: &Position) -> f64 {
    let open = position
        .cells
        .iter()
        .filter(|seen| matches!(seen, Seen::Revealed(_)))
        .count();
    open as f64 / (position.cells.len() - position.mines as usize) as f64
}

fn odds_speed(options: &Options) {
    let games = options.games.unwrap_or(200);
    let mut positions = Vec::new();
    for seed in options.seed..options.seed + games {
        play(LEVELS[2], Rule::Classic, seed, &mut |position| {
            if (0.1..=0.9).contains(&progress(position)) {
                positions.push(position.clone());
            }
        });
    }
    let (mut cpu_times, mut wall_times, mut estimated) = (Vec::new(), Vec::new(), 0);
    for position in &positions {
        let (wall, cpu) = (Instant::now(), thread_cpu_time());
        let chances = odds::odds(position).expect("a real board fits what is seen");
        let (wall, cpu) = elapsed(wall, cpu);
        estimated += usize::from(!chances.exact);
        cpu_times.push(cpu);
        wall_times.push(wall);
    }
    cpu_times.sort();
    wall_times.sort();
    println!(
        "Chances of {} mid-game expert positions from {games} classic games (seed {}), \
         {estimated} not exact",
        positions.len(),
        options.seed
    );
    for (name, times) in [("CPU", &cpu_times), ("wall", &wall_times)] {
        println!(
            "{name:<5} median {}  p99 {}  worst {}",
            millis(percentile(times, 0.5), 3),
            millis(percentile(times, 0.99), 3),
            millis(percentile(times, 1.0), 3),
        );
    }
}

fn main() -> ExitCode {
    match options() {
        Ok(options) => {
            for part in &options.parts {
                match part.as_str() {
                    "odds" => odds_speed(&options),
                    _ => winrate(&options),
                }
            }
            ExitCode::SUCCESS
        }
        Err(message) if message.is_empty() => {
            eprintln!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("minesweeper_solver bench: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
