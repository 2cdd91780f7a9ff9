//! Speed figures of the Minesweeper rules; run with `cargo bench --bench minesweeper`.
//! Prints medians and asserts nothing about time: the figures are read, not tested.

use std::hint::black_box;
use std::time::{Duration, Instant};

use grid_arcade::games::minesweeper::{
    BoardSize, FirstClick, Game, GameOptions, MineField, Pos, Status, place_mines,
};

const RUNS: usize = 15;
/// Expert boards are too quick to time one by one: each run times this many.
const BATCH: u64 = 1000;
const CENTRE: Pos = Pos::new(500, 500);
const EXPERT_CENTRE: Pos = Pos::new(10, 12);

/// The median of `RUNS` timings of `run`, each on a fresh input made by `setup` from the run's
/// number; neither making the input nor dropping the output is timed.
fn median<T, R>(mut setup: impl FnMut(u64) -> T, mut run: impl FnMut(T) -> R) -> Duration {
    let mut times: Vec<Duration> = (0..RUNS as u64)
        .map(|round| {
            let input = setup(round);
            let start = Instant::now();
            let output = black_box(run(input));
            let time = start.elapsed();
            drop(output);
            time
        })
        .collect();
    times.sort();
    times[RUNS / 2]
}

fn report(what: &str, time: Duration) {
    println!("{what:<62} {:>10.4} ms", time.as_secs_f64() * 1e3);
}

fn reveal_centre(mut game: Game) -> Game {
    game.reveal(CENTRE);
    game
}

fn first_reveal(size: BoardSize) -> Duration {
    median(
        |seed| Game::new(size, seed, GameOptions::default()),
        reveal_centre,
    )
}

fn placement(size: BoardSize) -> Duration {
    median(
        |seed| seed,
        |seed| place_mines(size, seed, CENTRE, FirstClick::Opening),
    )
}

/// The mean time of `each` on an Expert board, over a batch of seeds.
fn expert_mean<R>(mut each: impl FnMut(u64) -> R) -> Duration {
    let batch = median(
        |round| round * BATCH,
        |first_seed| {
            for seed in first_seed..first_seed + BATCH {
                black_box(each(seed));
            }
        },
    );
    batch / BATCH as u32
}

fn main() {
    let one_mine = BoardSize::new(1000, 1000, 1).unwrap();
    let dense = BoardSize::new(1000, 1000, 200_000).unwrap();

    let mut game = reveal_centre(Game::new(one_mine, 0, GameOptions::default()));
    assert_eq!(
        game.status(),
        Status::Won,
        "one reveal should clear a board with one mine"
    );
    game = reveal_centre(Game::new(dense, 0, GameOptions::default()));
    assert_eq!(game.status(), Status::Playing);

    report(
        "1000x1000, 1 mine: first reveal, placement included",
        first_reveal(one_mine),
    );
    let by_hand = MineField::from_mines(1000, 1000, &[Pos::new(0, 0)]).unwrap();
    report(
        "1000x1000, 1 mine placed beforehand: reveal",
        median(|_| Game::from_field(by_hand.clone(), false), reveal_centre),
    );
    report("1000x1000, 1 mine: place mines", placement(one_mine));
    report(
        "1000x1000, 1 mine: 3BV",
        median(|_| &by_hand, MineField::bbbv),
    );
    report(
        "1000x1000, 200000 mines: first reveal, placement included",
        first_reveal(dense),
    );
    report("1000x1000, 200000 mines: place mines", placement(dense));
    report(
        "Expert: place mines (mean of 1000)",
        expert_mean(|seed| {
            place_mines(BoardSize::EXPERT, seed, EXPERT_CENTRE, FirstClick::Opening)
        }),
    );
    report(
        "Expert: first reveal, placement included (mean of 1000)",
        expert_mean(|seed| {
            Game::new(BoardSize::EXPERT, seed, GameOptions::default()).reveal(EXPERT_CENTRE)
        }),
    );
}
