//! Figures of the 2048 computer player: `cargo bench --bench twenty48_engine [-- PART... OPTIONS]`.
//! `-- --help` prints the parts and the options.
//!
//! Times are given in wall-clock time and in CPU time of the searching thread; on a busy machine
//! the CPU time is the figure of the engine, the wall time that of the machine.

#[path = "support/timing.rs"]
mod timing;

use std::hint::black_box;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use grid_arcade::games::twenty48::engine::{Packed, STRATEGY};
use grid_arcade::games::twenty48::{Board, Budget, Direction, Game, Level, Player, Status};

use timing::{percentile, thread_cpu_time};

fn cpu_since(start: Option<Duration>) -> Option<Duration> {
    start.zip(thread_cpu_time()).map(|(start, end)| end - start)
}

const USAGE: &str = "\
usage: cargo bench --bench twenty48_engine -- [PART...] [OPTIONS]

Parts (all three when none is named):
  moves      packed 4x4 moves per second on one thread, next to the rules' Board::slide
  hint       the latency of the level's hint budget over the positions of real 4x4 games
             (median, 99th percentile, worst), then on 3x3, 5x5, 6x6 and 8x8
  strength   whole seeded 4x4 games of autoplay through the rules' Game: each game's biggest
             tile as it ends, then the share of games reaching 2048 to 32768 (with its
             standard error), the median and mean score, the mean and 99th percentile
             search time a move, moves per second

Options:
  --level L        fast | strong: the computer's level (default fast)
  --games N        strength: games to play (default 100)
  --seed S         first seed (default 1); game i uses seed S + i
  --threads T      strength: games played at once (default: every core)
  --nodes N        node budget of a move (default: the level's autoplay budget, without its
                   time limit, so that a run is reproducible)
  --ms M           a time budget of M milliseconds a move instead
  --stop-at TILE   end each game at its first TILE, e.g. 16384: quicker, when only the shares
                   up to TILE matter
  --hint-games N   hint: games whose positions the hint is timed on (default 4)
  -h, --help       this text";

struct Options {
    parts: Vec<String>,
    level: Level,
    games: u64,
    seed: u64,
    threads: usize,
    budget: Option<Budget>,
    hint_games: u64,
    stop_at: Option<u8>,
}

impl Options {
    /// The budget of an autoplay move: the one asked for, or the level's node budget.
    fn budget(&self) -> Budget {
        self.budget
            .unwrap_or(Budget::nodes(self.level.autoplay().nodes))
    }
}

/// The options of the command line; `Err` with an empty message asks for the usage alone.
fn options() -> Result<Options, String> {
    let mut options = Options {
        parts: Vec::new(),
        level: Level::Fast,
        games: 100,
        seed: 1,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        budget: None,
        hint_games: 4,
        stop_at: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut text = || args.next().ok_or(format!("{arg} needs a value"));
        let number = |text: String| -> Result<u64, String> {
            text.parse()
                .map_err(|_| format!("{arg} {text:?} is not a whole number"))
        };
        match arg.as_str() {
            // `cargo bench` passes --bench to every bench binary.
            "--bench" => {}
            "-h" | "--help" => return Err(String::new()),
            "--level" => {
                let name = text()?;
                options.level =
                    Level::from_name(&name).ok_or(format!("no level {name:?}: fast or strong"))?;
            }
            "--games" => options.games = number(text()?)?,
            "--seed" => options.seed = number(text()?)?,
            "--threads" => options.threads = number(text()?)?.max(1) as usize,
            "--nodes" => options.budget = Some(Budget::nodes(number(text()?)?)),
            "--ms" => options.budget = Some(Budget::time(Duration::from_millis(number(text()?)?))),
            "--hint-games" => options.hint_games = number(text()?)?,
            "--stop-at" => {
                let tile = number(text()?)?;
                if !tile.is_power_of_two() || tile < 4 {
                    return Err(format!("--stop-at {tile}: a tile, such as 8192"));
                }
                options.stop_at = Some(tile.trailing_zeros() as u8);
            }
            part @ ("moves" | "hint" | "strength") => options.parts.push(part.to_string()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if options.parts.is_empty() {
        options.parts = vec!["moves".into(), "hint".into(), "strength".into()];
    }
    Ok(options)
}

/// What a game of autoplay cost: the nodes and depths of its searches added up, and the CPU
/// time of each search.
#[derive(Default)]
struct Searches {
    nodes: u64,
    depths: u64,
    times: Vec<Duration>,
}

/// Plays a whole game with `player` within `budget`, calling `seen` with every position before a
/// move; returns the game and what its searches cost.
fn autoplay(
    player: &mut Player,
    seed: u64,
    budget: Budget,
    stop_at: Option<u8>,
    mut seen: impl FnMut(&Game),
) -> (Game, Searches) {
    let mut game = Game::new(4, seed).unwrap();
    let mut searches = Searches::default();
    loop {
        game.keep_going();
        if stop_at.is_some_and(|tile| game.biggest_tile() >= tile) {
            return (game, searches);
        }
        seen(&game);
        let cpu = thread_cpu_time();
        let analysis = player.analyse(game.board(), budget);
        if let Some(time) = cpu_since(cpu) {
            searches.times.push(time);
        }
        let Some(analysis) = analysis else {
            assert_eq!(game.status(), Status::Over);
            return (game, searches);
        };
        searches.nodes += analysis.nodes;
        searches.depths += u64::from(analysis.depth);
        assert!(
            game.play(analysis.best).is_some(),
            "the player chose a move that does nothing"
        );
    }
}

/// Boards of real games: every position of a few games of the fast level's autoplay, played to
/// their end so that late positions, the slowest to search, are among them.
fn game_boards(games: u64, seed: u64) -> Vec<Board> {
    let mut player = Player::new();
    let budget = Budget::nodes(Level::Fast.autoplay().nodes);
    let mut boards = Vec::new();
    for i in 0..games {
        autoplay(&mut player, seed + i, budget, None, |game| {
            boards.push(*game.board())
        });
    }
    boards
}

fn moves(boards: &[Board]) {
    let packed: Vec<Packed> = boards.iter().filter_map(Packed::from_board).collect();
    let run = Duration::from_secs(2);
    let measure = |label: &str, step: &dyn Fn() -> u64| {
        let cpu = thread_cpu_time();
        let wall = Instant::now();
        let mut count = 0u64;
        while wall.elapsed() < run {
            count += step();
        }
        let wall = wall.elapsed();
        let per_cpu = cpu_since(cpu).map_or("CPU time unknown".into(), |cpu| {
            format!(
                "{:>7.1} million/s of CPU time ({:.2} ns each)",
                count as f64 / cpu.as_secs_f64() / 1e6,
                cpu.as_secs_f64() * 1e9 / count as f64
            )
        });
        println!(
            "  {label:<40} {per_cpu}, {:>7.1} million/s of wall time",
            count as f64 / wall.as_secs_f64() / 1e6
        );
    };
    println!(
        "4x4 moves on one thread, each of {} boards of real games in all four directions",
        packed.len()
    );
    measure("packed move (search)", &|| {
        for &board in &packed {
            for direction in Direction::ALL {
                black_box(black_box(board).moved(direction));
            }
        }
        packed.len() as u64 * 4
    });
    measure("packed move with points", &|| {
        for &board in &packed {
            for direction in Direction::ALL {
                black_box(black_box(board).slide(direction));
            }
        }
        packed.len() as u64 * 4
    });
    let evaluation = &STRATEGY.evaluation;
    measure("packed evaluation", &|| {
        for &board in &packed {
            black_box(evaluation.packed(black_box(board)));
        }
        packed.len() as u64
    });
    measure("rules Board::slide, for comparison", &|| {
        for board in boards {
            for direction in Direction::ALL {
                let mut copy = *board;
                black_box(copy.slide(direction));
            }
        }
        boards.len() as u64 * 4
    });
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

/// The hint is timed on one position in this many of the games' boards.
const HINT_STEP: usize = 8;

fn hint(boards: &[Board], level: Level) {
    let mut player = Player::new();
    let mut wall = Vec::new();
    let mut cpu = Vec::new();
    let mut depths = 0u64;
    for board in boards.iter().step_by(HINT_STEP) {
        let cpu_start = thread_cpu_time();
        let start = Instant::now();
        let analysis = player.analyse(board, level.hint());
        wall.push(start.elapsed());
        if let Some(time) = cpu_since(cpu_start) {
            cpu.push(time);
        }
        depths += analysis.map_or(0, |a| u64::from(a.depth));
    }
    wall.sort();
    cpu.sort();
    println!(
        "Hint latency ({} level, {:?}) over {} positions of real 4x4 games, mean depth {:.1}",
        level.name(),
        level.hint(),
        wall.len(),
        depths as f64 / wall.len() as f64
    );
    let line = |label: &str, times: &[Duration]| {
        if times.is_empty() {
            return;
        }
        println!(
            "  {label:<10} median {:>6.2} ms   99th percentile {:>6.2} ms   worst {:>6.2} ms",
            ms(percentile(times, 0.5)),
            ms(percentile(times, 0.99)),
            ms(*times.last().unwrap())
        );
    };
    line("wall time", &wall);
    line("CPU time", &cpu);
}

/// Hint latency on the other sizes (the general path), over the first moves of a game.
fn hint_other_sizes(seed: u64, level: Level) {
    println!("Hint latency on the general path, first 150 moves of one game");
    let mut player = Player::new();
    for size in [3, 5, 6, 8] {
        let mut game = Game::new(size, seed).unwrap();
        let mut wall = Vec::new();
        let mut depths = 0;
        while wall.len() < 150 {
            game.keep_going();
            let start = Instant::now();
            let Some(analysis) = player.analyse(game.board(), level.hint()) else {
                break;
            };
            wall.push(start.elapsed());
            depths += analysis.depth;
            game.play(analysis.best).unwrap();
        }
        wall.sort();
        println!(
            "  {size}x{size}: median {:>6.2} ms   99th percentile {:>6.2} ms   worst {:>6.2} ms   mean depth {:.1} ({} moves)",
            ms(percentile(&wall, 0.5)),
            ms(percentile(&wall, 0.99)),
            ms(*wall.last().unwrap()),
            f64::from(depths) / wall.len() as f64,
            wall.len()
        );
    }
}

/// One autoplayed game's figures.
struct Played {
    searches: Searches,
    biggest: u8,
    score: u64,
    moves: u64,
}

fn strength(options: &Options) {
    let next = AtomicU64::new(0);
    let results = Mutex::new(Vec::new());
    let started = Instant::now();
    let budget = options.budget();
    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(|| {
                let mut player = Player::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= options.games {
                        break;
                    }
                    let (game, searches) = autoplay(
                        &mut player,
                        options.seed + i,
                        budget,
                        options.stop_at,
                        |_| {},
                    );
                    let played = Played {
                        searches,
                        biggest: game.biggest_tile(),
                        score: game.score(),
                        moves: game.moves(),
                    };
                    // Each game as it ends: a run of strong games takes half an hour, and one
                    // already behind the figures to beat can be stopped early.
                    let cpu: Duration = played.searches.times.iter().sum();
                    println!(
                        "  seed {}: {}, {} moves, {:.2} ms a move",
                        options.seed + i,
                        1u32 << played.biggest,
                        played.moves,
                        ms(cpu) / played.searches.times.len().max(1) as f64
                    );
                    results.lock().unwrap().push(played);
                }
            });
        }
    });
    let elapsed = started.elapsed();
    let results = results.into_inner().unwrap();
    let games = results.len() as f64;
    println!(
        "Autoplay strength on 4x4, {} level: {} games from seed {}, {} threads, budget {:?}{}",
        options.level.name(),
        results.len(),
        options.seed,
        options.threads,
        budget,
        options.stop_at.map_or(String::new(), |tile| format!(
            ", each game stopped at its first {}",
            1u32 << tile
        ))
    );
    for exponent in 11..=15u8 {
        let share = results.iter().filter(|p| p.biggest >= exponent).count() as f64 / games;
        println!(
            "  reached {:>5}: {:>5.1}% ± {:.1}",
            1u32 << exponent,
            100.0 * share,
            100.0 * (share * (1.0 - share) / games).sqrt()
        );
    }
    println!("  (± one standard error of the share, sqrt(p(1 - p)/games))");
    let mut scores: Vec<u64> = results.iter().map(|p| p.score).collect();
    scores.sort();
    let moves: u64 = results.iter().map(|p| p.moves).sum();
    println!(
        "  score: median {}, mean {:.0}, best {}, worst {}",
        scores[scores.len() / 2],
        scores.iter().sum::<u64>() as f64 / games,
        scores.last().unwrap(),
        scores[0]
    );
    let nodes: u64 = results.iter().map(|p| p.searches.nodes).sum();
    let depths: u64 = results.iter().map(|p| p.searches.depths).sum();
    let mut times: Vec<Duration> = results
        .iter()
        .flat_map(|p| p.searches.times.iter().copied())
        .collect();
    times.sort();
    println!(
        "  per move: {:.0} nodes, depth {:.2} on average",
        nodes as f64 / moves as f64,
        depths as f64 / moves as f64
    );
    if !times.is_empty() {
        println!(
            "  search time a move, CPU time of one thread: mean {:.3} ms, 99th percentile {:.3} ms, worst {:.3} ms",
            ms(times.iter().sum::<Duration>()) / times.len() as f64,
            ms(percentile(&times, 0.99)),
            ms(*times.last().unwrap())
        );
    }
    println!(
        "  {moves} moves in {:.0} s: {:.0} moves/s of wall time over {} threads",
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64(),
        options.threads
    );
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            if message.is_empty() {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            eprintln!("twenty48_engine bench: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let wants = |part: &str| options.parts.iter().any(|p| p == part);
    if wants("moves") || wants("hint") {
        let boards = game_boards(options.hint_games, options.seed);
        if wants("moves") {
            moves(&boards);
        }
        if wants("hint") {
            hint(&boards, options.level);
            hint_other_sizes(options.seed, options.level);
        }
    }
    if wants("strength") {
        strength(&options);
    }
    ExitCode::SUCCESS
}
