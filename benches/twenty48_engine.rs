//! Figures of the 2048 computer player: `cargo bench --bench twenty48_engine [-- PART... OPTIONS]`.
//!
//! Parts (all three when none is named):
//! - `moves`: packed 4x4 moves per second on one thread, next to the rules' `Board::slide`.
//! - `hint`: the latency of [`Budget::HINT`] over the positions of real 4x4 games: median, 99th
//!   percentile and worst; then on 3x3, 5x5, 6x6 and 8x8 over the first moves of a game.
//! - `strength`: whole games of autoplay on 4x4 through the rules' `Game` (so every game is legal
//!   by construction, its new tiles drawn from the game's seed): the share of games reaching
//!   2048 to 32768, the median score, moves per second and search time per move.
//!
//! Options: `--games N` (strength, default 100), `--seed S` (first seed, default 1; game i uses
//! seed S + i), `--threads T` (default: every core), `--nodes N` (node budget of a move, default
//! that of [`Budget::AUTOPLAY`], without its time limit so that a run is reproducible), `--ms M` (a time budget per move instead), `--hint-games N`
//! (games whose positions the hint is timed on, default 4), `--stop-at TILE` (end each game at its
//! first TILE, e.g. 8192: quicker, when only the shares up to TILE matter).
//!
//! Times are given in wall-clock time and in CPU time of the searching thread; on a busy machine
//! the CPU time is the figure of the engine, the wall time that of the machine.

#[path = "support/timing.rs"]
mod timing;

use std::hint::black_box;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use grid_arcade::games::twenty48::engine::Packed;
use grid_arcade::games::twenty48::{Board, Budget, Direction, Game, Player, Status};

use timing::percentile;

/// The time this thread has spent on a CPU, to the nanosecond (the thread's CPU-time clock).
fn thread_cpu_time() -> Option<Duration> {
    let now = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Some(Duration::new(
        now.tv_sec.try_into().ok()?,
        now.tv_nsec.try_into().ok()?,
    ))
}

fn cpu_since(start: Option<Duration>) -> Option<Duration> {
    start.zip(thread_cpu_time()).map(|(start, end)| end - start)
}

struct Options {
    parts: Vec<String>,
    games: u64,
    seed: u64,
    threads: usize,
    budget: Budget,
    hint_games: u64,
    stop_at: Option<u8>,
}

fn options() -> Options {
    let mut options = Options {
        parts: Vec::new(),
        games: 100,
        seed: 1,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        budget: Budget::nodes(Budget::AUTOPLAY.nodes),
        hint_games: 4,
        stop_at: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| -> u64 {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{name} needs a number"))
        };
        match arg.as_str() {
            "--bench" => {}
            "--games" => options.games = value("--games"),
            "--seed" => options.seed = value("--seed"),
            "--threads" => options.threads = value("--threads").max(1) as usize,
            "--nodes" => options.budget = Budget::nodes(value("--nodes")),
            "--ms" => options.budget = Budget::time(Duration::from_millis(value("--ms"))),
            "--hint-games" => options.hint_games = value("--hint-games"),
            "--stop-at" => options.stop_at = Some(value("--stop-at").trailing_zeros() as u8),
            part @ ("moves" | "hint" | "strength") => options.parts.push(part.to_string()),
            other => panic!("unknown argument {other}"),
        }
    }
    if options.parts.is_empty() {
        options.parts = vec!["moves".into(), "hint".into(), "strength".into()];
    }
    options
}

/// Plays a whole game with `player` within `budget`, calling `seen` with every position before a
/// move, and returns the game with the nodes and the depths of its searches added up.
fn autoplay(
    player: &mut Player,
    seed: u64,
    budget: Budget,
    stop_at: Option<u8>,
    mut seen: impl FnMut(&Game),
) -> (Game, u64, u64) {
    let mut game = Game::new(4, seed).unwrap();
    let (mut nodes, mut depths) = (0, 0);
    loop {
        game.keep_going();
        if stop_at.is_some_and(|tile| game.biggest_tile() >= tile) {
            return (game, nodes, depths);
        }
        seen(&game);
        let Some(analysis) = player.analyse(game.board(), budget) else {
            assert_eq!(game.status(), Status::Over);
            return (game, nodes, depths);
        };
        nodes += analysis.nodes;
        depths += u64::from(analysis.depth);
        assert!(
            game.play(analysis.best).is_some(),
            "the player chose a move that does nothing"
        );
    }
}

/// Boards of real games: every position of a few autoplayed games.
fn game_boards(games: u64, seed: u64) -> Vec<Board> {
    let mut player = Player::new();
    let mut boards = Vec::new();
    for i in 0..games {
        autoplay(&mut player, seed + i, Budget::nodes(5_000), None, |game| {
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
    measure("packed evaluation", &|| {
        for &board in &packed {
            black_box(black_box(board).evaluate());
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

fn hint(boards: &[Board]) {
    let mut player = Player::new();
    let mut wall = Vec::with_capacity(boards.len());
    let mut cpu = Vec::with_capacity(boards.len());
    let mut depths = 0u64;
    for board in boards {
        let cpu_start = thread_cpu_time();
        let start = Instant::now();
        let analysis = player.analyse(board, Budget::HINT);
        wall.push(start.elapsed());
        if let Some(time) = cpu_since(cpu_start) {
            cpu.push(time);
        }
        depths += analysis.map_or(0, |a| u64::from(a.depth));
    }
    wall.sort();
    cpu.sort();
    println!(
        "Hint latency (Budget::HINT) over {} positions of real 4x4 games, mean depth {:.1}",
        boards.len(),
        depths as f64 / boards.len() as f64
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
fn hint_other_sizes(seed: u64) {
    println!("Hint latency (Budget::HINT) on the general path, first 150 moves of one game");
    let mut player = Player::new();
    for size in [3, 5, 6, 8] {
        let mut game = Game::new(size, seed).unwrap();
        let mut wall = Vec::new();
        let mut depths = 0;
        while wall.len() < 150 {
            game.keep_going();
            let start = Instant::now();
            let Some(analysis) = player.analyse(game.board(), Budget::HINT) else {
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
    nodes: u64,
    depths: u64,
    biggest: u8,
    score: u64,
    moves: u64,
    cpu: Option<Duration>,
    wall: Duration,
}

fn strength(options: &Options) {
    let next = AtomicU64::new(0);
    let results = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(|| {
                let mut player = Player::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= options.games {
                        break;
                    }
                    let cpu = thread_cpu_time();
                    let wall = Instant::now();
                    let (game, nodes, depths) = autoplay(
                        &mut player,
                        options.seed + i,
                        options.budget,
                        options.stop_at,
                        |_| {},
                    );
                    let played = Played {
                        nodes,
                        depths,
                        biggest: game.biggest_tile(),
                        score: game.score(),
                        moves: game.moves(),
                        cpu: cpu_since(cpu),
                        wall: wall.elapsed(),
                    };
                    results.lock().unwrap().push(played);
                }
            });
        }
    });
    let elapsed = started.elapsed();
    let results = results.into_inner().unwrap();
    let games = results.len() as f64;
    println!(
        "Autoplay strength on 4x4: {} games from seed {}, {} threads, budget {:?}{}",
        results.len(),
        options.seed,
        options.threads,
        options.budget,
        options.stop_at.map_or(String::new(), |tile| format!(
            ", each game stopped at its first {}",
            1u32 << tile
        ))
    );
    for exponent in 11..=15u8 {
        let reached = results.iter().filter(|p| p.biggest >= exponent).count();
        println!(
            "  reached {:>5}: {:>5.1}%",
            1u32 << exponent,
            100.0 * reached as f64 / games
        );
    }
    let mut scores: Vec<u64> = results.iter().map(|p| p.score).collect();
    scores.sort();
    let moves: u64 = results.iter().map(|p| p.moves).sum();
    let wall: Duration = results.iter().map(|p| p.wall).sum();
    println!(
        "  median score {}, best {}, worst {}",
        scores[scores.len() / 2],
        scores.last().unwrap(),
        scores[0]
    );
    let cpu: Option<Duration> = results.iter().map(|p| p.cpu).sum();
    let nodes: u64 = results.iter().map(|p| p.nodes).sum();
    let depths: u64 = results.iter().map(|p| p.depths).sum();
    println!(
        "  per move: {:.0} nodes, depth {:.2} on average",
        nodes as f64 / moves as f64,
        depths as f64 / moves as f64
    );
    println!(
        "  {moves} moves in {:.0} s: {:.0} moves/s of wall time over all threads; per move {:.3} ms of wall time{}",
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64(),
        ms(wall) / moves as f64,
        cpu.map_or(String::new(), |cpu| format!(
            ", {:.3} ms of CPU time",
            ms(cpu) / moves as f64
        ))
    );
}

fn main() {
    let options = options();
    let wants = |part: &str| options.parts.iter().any(|p| p == part);
    if wants("moves") || wants("hint") {
        let boards = game_boards(options.hint_games, options.seed);
        if wants("moves") {
            moves(&boards);
        }
        if wants("hint") {
            hint(&boards);
            hint_other_sizes(options.seed);
        }
    }
    if wants("strength") {
        strength(&options);
    }
}
