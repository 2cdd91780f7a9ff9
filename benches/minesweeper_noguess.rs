//! No-guess generation times; run with `cargo bench --bench minesweeper_noguess`, and add
//! `-- --seeds N` to change the number of seeds per size (1000 by default). The first click is
//! the centre cell (row rows/2, column cols/2). Prints the median, 95th percentile and worst time
//! over the seeds, and how many boards fell back to an ordinary opening board; asserts nothing
//! about time: the figures are read, not tested.

use std::time::{Duration, Instant};

use grid_arcade::games::minesweeper::{BoardSize, Pos, place_no_guess};

const DEFAULT_SEEDS: u64 = 1000;

fn seeds_from_args() -> u64 {
    let args: Vec<String> = std::env::args().collect();
    match args.iter().position(|arg| arg == "--seeds") {
        Some(at) => args
            .get(at + 1)
            .and_then(|count| count.parse().ok())
            .unwrap_or_else(|| panic!("--seeds needs a whole number")),
        None => DEFAULT_SEEDS,
    }
}

fn millis(time: Duration) -> f64 {
    time.as_secs_f64() * 1e3
}

fn measure(name: &str, size: BoardSize, seeds: u64) {
    let centre = Pos::new(size.rows() / 2, size.cols() / 2);
    let mut times = Vec::with_capacity(seeds as usize);
    let mut fell_back = 0;
    for seed in 0..seeds {
        let start = Instant::now();
        let board = place_no_guess(size, seed, centre).expect("the centre is on the board");
        times.push(start.elapsed());
        fell_back += usize::from(board.fell_back);
    }
    times.sort();
    let at = |share: f64| times[((times.len() - 1) as f64 * share).round() as usize];
    println!(
        "{name:<22} {:>9.3} {:>9.3} {:>9.3} {:>9} {:>7.2}%",
        millis(at(0.5)),
        millis(at(0.95)),
        millis(at(1.0)),
        fell_back,
        100.0 * fell_back as f64 / seeds as f64,
    );
}

fn main() {
    let seeds = seeds_from_args();
    let size = |rows, cols, mines| BoardSize::new(rows, cols, mines).expect("a valid size");
    println!("No-guess generation, {seeds} seeds each, first click in the centre; times in ms");
    println!(
        "{:<22} {:>9} {:>9} {:>9} {:>9} {:>8}",
        "board (rows x cols)", "median", "p95", "worst", "fell back", "share"
    );
    measure("beginner 9x9/10", BoardSize::BEGINNER, seeds);
    measure("medium 16x16/40", BoardSize::MEDIUM, seeds);
    measure("expert 20x25/99", BoardSize::EXPERT, seeds);
    measure("classic 16x30/99", size(16, 30, 99), seeds);
    measure("dense 16x16/99", size(16, 16, 99), seeds);
}
