//! Moves per second of the 2048 rules engine on 4x4 and 8x8: `cargo bench --bench twenty48`.
//!
//! Two figures per size: a bare slide of a realistic board (no new tile), and a full move through
//! `Game::play` (slide, new tile, report for the screen, undo history). Each is given per second of
//! this thread's time on a CPU, which other load on the machine does not dilute, and per second of
//! wall-clock time.

#[path = "support/timing.rs"]
mod timing;

use std::hint::black_box;
use std::time::{Duration, Instant};

use grid_arcade::games::twenty48::{Board, Direction, Game, Status};

use timing::thread_cpu_time;

/// How long each figure is measured for.
const RUN: Duration = Duration::from_secs(2);

/// The order a simple corner strategy tries the moves in; it plays long games, as people do.
const PREFERENCE: [Direction; 4] = [
    Direction::Down,
    Direction::Left,
    Direction::Right,
    Direction::Up,
];

/// Plays the corner strategy's next move; false when the game is over.
fn play_next(game: &mut Game) -> bool {
    game.keep_going();
    PREFERENCE
        .iter()
        .any(|&direction| black_box(game.play(direction)).is_some())
}

/// Boards met in play: every position of corner-strategy games, new games as each one ends.
fn realistic_boards(size: usize, count: usize) -> Vec<Board> {
    let mut boards = Vec::with_capacity(count);
    let mut seed = 0;
    let mut game = Game::new(size, seed).unwrap();
    while boards.len() < count {
        boards.push(*game.board());
        if !play_next(&mut game) {
            seed += 1;
            game = Game::new(size, seed).unwrap();
        }
    }
    boards
}

/// Wall-clock and CPU time from a start.
struct Stopwatch {
    wall: Instant,
    cpu: Option<Duration>,
}

/// Events per second of CPU time (when known) and of wall-clock time.
struct Rate {
    per_cpu_second: Option<f64>,
    per_wall_second: f64,
}

impl Stopwatch {
    fn start() -> Stopwatch {
        Stopwatch {
            wall: Instant::now(),
            cpu: thread_cpu_time(),
        }
    }

    fn running(&self) -> bool {
        self.wall.elapsed() < RUN
    }

    fn rate(&self, events: u64) -> Rate {
        let per_wall_second = events as f64 / self.wall.elapsed().as_secs_f64();
        let cpu = self
            .cpu
            .zip(thread_cpu_time())
            .map(|(start, end)| end - start);
        Rate {
            per_cpu_second: cpu.map(|cpu| events as f64 / cpu.as_secs_f64()),
            per_wall_second,
        }
    }
}

/// Slides per second: each board in each direction, on a copy.
fn slides_per_second(boards: &[Board]) -> Rate {
    let watch = Stopwatch::start();
    let mut slides = 0u64;
    while watch.running() {
        for board in boards {
            for direction in Direction::ALL {
                let mut copy = *board;
                black_box(copy.slide(black_box(direction)));
                black_box(&copy);
            }
        }
        slides += boards.len() as u64 * 4;
    }
    watch.rate(slides)
}

/// Moves per second through `Game::play`, over whole games. Tries of moves that change nothing
/// are part of the cost but not counted as moves.
fn plays_per_second(size: usize) -> (Rate, u64) {
    let mut seed = 1_000;
    let mut game = Game::new(size, seed).unwrap();
    let mut games = 1;
    let mut moves = 0u64;
    let watch = Stopwatch::start();
    while watch.running() {
        for _ in 0..1_000 {
            if play_next(&mut game) {
                moves += 1;
            } else {
                assert_eq!(game.status(), Status::Over);
                seed += 1;
                games += 1;
                game = Game::new(size, seed).unwrap();
            }
        }
    }
    (watch.rate(moves), games)
}

fn report(label: &str, rate: Rate) {
    let cpu = match rate.per_cpu_second {
        Some(per_second) => format!(
            "{:>7.2} million/s of CPU time ({:>6.1} ns each)",
            per_second / 1e6,
            1e9 / per_second
        ),
        None => "CPU time unknown".to_string(),
    };
    println!(
        "  {label:<44} {cpu}, {:>6.2} million/s of wall time",
        rate.per_wall_second / 1e6
    );
}

fn main() {
    println!("2048 rules engine, moves per second");
    for size in [4, 8] {
        let boards = realistic_boards(size, 20_000);
        report(
            &format!("{size}x{size} slide of a realistic board, no spawn"),
            slides_per_second(&boards),
        );
        let (rate, games) = plays_per_second(size);
        report(
            &format!("{size}x{size} Game::play with spawn ({games} games)"),
            rate,
        );
    }
}
