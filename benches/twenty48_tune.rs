//! Tunes the weights of the 2048 evaluation by a simple evolution strategy over seeded games:
//! `cargo bench --bench twenty48_tune [-- OPTIONS]` (`-- --help` lists them).
//!
//! Each generation draws `--population` weight sets around the current mean (every weight scaled
//! by e^(step * normal), so weights stay positive and move by ratios; the powers by a quarter of
//! the step), plays each on the same
//! `--games` seeded 4x4 games (the same games for every set of a generation, new games for the
//! next: the sets are compared on equal luck), and moves the mean toward the better half, weighted
//! by rank. The step shrinks when the best sets stop improving on the mean. A set's fitness is
//! the mean score of its games, each stopped at its first `--stop-at` tile: a game that dies
//! earlier scores less. It prints every set and the new mean, as Rust to paste into
//! `strategy.rs`. The whole run is deterministic given `--seed` and the options.

use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use grid_arcade::games::twenty48::engine::{Evaluation, STRATEGY, Strategy, Weights};
use grid_arcade::games::twenty48::{Budget, Game, Player};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

const USAGE: &str = "\
usage: cargo bench --bench twenty48_tune -- [OPTIONS]

Tunes the evaluation weights by an evolution strategy over seeded 4x4 games, starting from
the engine's weights and searching as the engine does.

Options:
  --generations N   generations to run (default 12)
  --population N    weight sets a generation (default 8)
  --games N         games each set plays a generation (default 12)
  --nodes N         node budget of a move (default 20000; smaller than the level's, for speed)
  --stop-at TILE    each game ends at its first TILE (default 16384)
  --step S          starting step, in hundredths of a log ratio (default 20: weights move by
                    about 20%)
  --seed S          seed of the run: draws and games (default 1)
  --threads T       games played at once (default: every core)
  -h, --help        this text";

struct Options {
    generations: u64,
    population: usize,
    games: u64,
    nodes: u64,
    stop_at: u8,
    step: f64,
    seed: u64,
    threads: usize,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        generations: 12,
        population: 8,
        games: 12,
        nodes: 20_000,
        stop_at: 14,
        step: 0.2,
        seed: 1,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
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
            "--generations" => options.generations = number(text()?)?,
            "--population" => options.population = number(text()?)?.max(2) as usize,
            "--games" => options.games = number(text()?)?.max(1),
            "--nodes" => options.nodes = number(text()?)?,
            "--stop-at" => {
                let tile = number(text()?)?;
                if !tile.is_power_of_two() || tile < 4 {
                    return Err(format!("--stop-at {tile}: a tile, such as 8192"));
                }
                options.stop_at = tile.trailing_zeros() as u8;
            }
            "--step" => options.step = number(text()?)? as f64 / 100.0,
            "--seed" => options.seed = number(text()?)?,
            "--threads" => options.threads = number(text()?)?.max(1) as usize,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(options)
}

/// The tuned weights, as a vector; `base` is left out, since only its distance to a lost
/// position matters and that is fixed.
const NAMES: [&str; 6] = [
    "empty",
    "merges",
    "monotone",
    "monotone_power",
    "sum",
    "sum_power",
];

/// The step of each weight, as a share of the common step: a power changes the value of big
/// tiles far more than a factor does, so the powers move by smaller ratios.
const STEP_SCALE: [f64; 6] = [1.0, 1.0, 1.0, 0.25, 1.0, 0.25];

fn to_vector(w: &Weights) -> [f64; 6] {
    [
        w.empty,
        w.merges,
        w.monotone,
        w.monotone_power,
        w.sum,
        w.sum_power,
    ]
    .map(f64::from)
}

fn to_weights(base: f32, v: &[f64; 6]) -> Weights {
    Weights {
        base,
        empty: v[0] as f32,
        merges: v[1] as f32,
        monotone: v[2] as f32,
        monotone_power: v[3] as f32,
        sum: v[4] as f32,
        sum_power: v[5] as f32,
    }
}

/// A standard normal draw (Box-Muller).
fn normal(rng: &mut Pcg64) -> f64 {
    let u: f64 = rng.random::<f64>().max(f64::MIN_POSITIVE);
    let v: f64 = rng.random();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// The score of one game with `strategy`, stopped at its first tile of exponent `stop_at`.
fn play(strategy: &Strategy, seed: u64, budget: Budget, stop_at: u8, player: &mut Player) -> u64 {
    let mut game = Game::new(4, seed).unwrap();
    loop {
        game.keep_going();
        if game.biggest_tile() >= stop_at {
            return game.score();
        }
        let Some(analysis) = player.analyse_with(game.board(), strategy, budget) else {
            return game.score();
        };
        game.play(analysis.best).unwrap();
    }
}

/// The mean score of every strategy on the games of `seeds`, the games shared among threads.
fn fitness(strategies: &[Strategy], seeds: &[u64], options: &Options) -> Vec<f64> {
    let jobs: Vec<(usize, u64)> = (0..strategies.len())
        .flat_map(|s| seeds.iter().map(move |&seed| (s, seed)))
        .collect();
    let next = AtomicUsize::new(0);
    let totals = Mutex::new(vec![0u64; strategies.len()]);
    let budget = Budget::nodes(options.nodes);
    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(|| {
                let mut player = Player::new();
                while let Some(&(s, seed)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let score = play(&strategies[s], seed, budget, options.stop_at, &mut player);
                    totals.lock().unwrap()[s] += score;
                }
            });
        }
    });
    totals
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|total| total as f64 / seeds.len() as f64)
        .collect()
}

fn strategy(like: &Strategy, weights: Weights) -> Strategy {
    Strategy {
        evaluation: Evaluation::new(weights),
        probability_cut: like.probability_cut,
        depth_offset: like.depth_offset,
        max_depth: like.max_depth,
    }
}

fn print_weights(label: &str, base: f32, v: &[f64; 6]) {
    println!("{label}: Weights {{");
    println!("    base: {base:.1},");
    for (name, value) in NAMES.iter().zip(v) {
        println!("    {name}: {value:.3},");
    }
    println!("}}");
}

fn run(options: &Options) {
    let start = &STRATEGY;
    let base = start.evaluation.weights().base;
    let mut mean = to_vector(start.evaluation.weights()).map(f64::ln);
    let mut step = options.step;
    let mut rng = Pcg64::seed_from_u64(options.seed);
    let population = options.population;
    let parents = population / 2;
    // Log-rank weights of the better half, summing to 1.
    let ranks: Vec<f64> = (0..parents)
        .map(|i| ((parents as f64 + 0.5) / (i as f64 + 1.0)).ln())
        .collect();
    let rank_sum: f64 = ranks.iter().sum();
    println!(
        "Tuning the evaluation weights: {} generations of {} sets, {} games each stopped at {}, \
         {} nodes a move, seed {}",
        options.generations,
        population,
        options.games,
        1u32 << options.stop_at,
        options.nodes,
        options.seed
    );
    print_weights("start", base, &mean.map(f64::exp));
    for generation in 0..options.generations {
        let seeds: Vec<u64> = (0..options.games)
            .map(|i| 1_000_000 * (options.seed + 1) + generation * options.games + i)
            .collect();
        // The mean itself is the first set, the yardstick of the generation.
        let mut points = vec![mean];
        while points.len() < population + 1 {
            points.push(std::array::from_fn(|i| {
                mean[i] + step * STEP_SCALE[i] * normal(&mut rng)
            }));
        }
        let strategies: Vec<Strategy> = points
            .iter()
            .map(|p| strategy(start, to_weights(base, &p.map(f64::exp))))
            .collect();
        let scores = fitness(&strategies, &seeds, options);
        let mut order: Vec<usize> = (1..points.len()).collect();
        order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
        println!(
            "generation {generation}: mean scores {:.0}, step {step:.3}",
            scores[0]
        );
        for &i in &order {
            let shown: Vec<String> = points[i]
                .iter()
                .map(|x| format!("{:.3}", x.exp()))
                .collect();
            println!("  {:>9.0}  [{}]", scores[i], shown.join(", "));
        }
        mean = std::array::from_fn(|k| {
            ranks
                .iter()
                .zip(&order)
                .map(|(r, &i)| r * points[i][k])
                .sum::<f64>()
                / rank_sum
        });
        // Widen while the best sets beat the mean clearly, narrow when they do not.
        let better = order[..parents]
            .iter()
            .filter(|&&i| scores[i] > scores[0])
            .count();
        step *= if better * 2 > parents { 1.1 } else { 0.85 };
    }
    print_weights("tuned", base, &mean.map(f64::exp));
}

fn main() -> ExitCode {
    match options() {
        Ok(options) => {
            run(&options);
            ExitCode::SUCCESS
        }
        Err(message) if message.is_empty() => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("twenty48_tune bench: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
