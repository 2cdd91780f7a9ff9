//! Times of Hard's moves: the first move on empty 3x3 and 4x4 boards (a fresh computer each run, so
//! nothing is remembered between runs) and the moves of whole 5x5 games against Medium, within the
//! per-move budget of a game.

use std::time::{Duration, Instant};

use grid_arcade::games::rng_from_seed;
use grid_arcade::games::tictactoe::{Budget, Computer, Game, Level, Mark, Rules};

fn main() {
    for (name, runs) in [("3x3", 201), ("4x4", 21)] {
        let rules = Rules::preset(name).expect("a preset");
        let times: Vec<Duration> = (0..runs).map(|seed| time_first_move(rules, seed)).collect();
        let (median, worst) = median_and_worst(times);
        println!(
            "Hard, first move on an empty {name}: median {median:?}, worst {worst:?} ({runs} runs)"
        );
    }

    let rules = Rules::preset("5x5").expect("a preset");
    let mut times = Vec::new();
    for seed in 0..6 {
        times.extend(time_hard_moves_in_game(rules, seed));
    }
    let count = times.len();
    // Most moves are settled at once (a forced block, or a win already found), so the median is
    // small; the moves that search a long time show in how many come near the budget.
    let long = times
        .iter()
        .filter(|&&time| time >= Duration::from_millis(150))
        .count();
    let (median, worst) = median_and_worst(times);
    println!(
        "Hard on 5x5 against Medium, budget {:?}: median {median:?}, worst {worst:?} \
         ({count} moves, {long} of them 150 ms or longer)",
        Budget::PER_MOVE
    );
}

fn time_first_move(rules: Rules, seed: u64) -> Duration {
    let mut computer = Computer::new();
    let mut rng = rng_from_seed(seed);
    let game = Game::new(rules);
    let start = Instant::now();
    let chosen = computer.choose_move(&game, Level::Hard, Budget::PER_MOVE, &mut rng);
    let elapsed = start.elapsed();
    assert!(chosen.is_some());
    elapsed
}

/// Plays Hard against Medium, Hard taking X in even seeds and O in odd ones, and times Hard's moves.
fn time_hard_moves_in_game(rules: Rules, seed: u64) -> Vec<Duration> {
    let hard = if seed.is_multiple_of(2) {
        Mark::X
    } else {
        Mark::O
    };
    let mut computer = Computer::new();
    let mut rng = rng_from_seed(seed);
    let mut game = Game::new(rules);
    let mut times = Vec::new();
    while let Some(turn) = game.turn() {
        let level = if turn == hard {
            Level::Hard
        } else {
            Level::Medium
        };
        let start = Instant::now();
        let pos = computer
            .choose_move(&game, level, Budget::PER_MOVE, &mut rng)
            .expect("a move while the game goes on");
        if turn == hard {
            times.push(start.elapsed());
        }
        game.play(pos).expect("the computer plays legal moves");
    }
    times
}

fn median_and_worst(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    (times[times.len() / 2], times[times.len() - 1])
}
