//! The `vct` part: Hard's wins by threats (threes and fours). In positions of seeded games of
//! Medium against itself, Hard's hint within the time a move says whether it wins by threats;
//! from each position where it says so, Hard plays the attack out against Hard defending, both
//! with the time a move, and the attacks won are counted.

use std::time::{Duration, Instant};

use grid_arcade::games::gomoku::{Budget, Computer, Game, Level, Rule, Threat};
use grid_arcade::games::rng_from_seed;

use super::{NEVER, Options, medium_game, result, spread};

pub fn run(options: &Options) -> Result<(), String> {
    let wanted = options.number("--vct-positions", 20) as usize;
    let (ms, first) = (options.number("--ms", 1000), options.number("--seed", 1));
    let budget = Budget::Time(Duration::from_millis(ms));
    let (mut found, mut times, mut looked) = (Vec::new(), Vec::new(), 0);
    for seed in first.. {
        if found.len() >= wanted {
            break;
        }
        let mut positions = Vec::new();
        medium_game(seed, Rule::Freestyle, |game| {
            if game.history().len() >= 8 {
                positions.push(game.clone());
            }
        });
        for game in positions {
            if found.len() >= wanted {
                break;
            }
            looked += 1;
            let start = Instant::now();
            let mut rng = rng_from_seed(seed);
            let hint = Computer::new().hint(&game, budget, &mut rng, &NEVER);
            if let Some((_, Threat::WinsByThreats(moves))) = hint {
                times.push(start.elapsed());
                found.push((game, moves));
            }
        }
    }
    let mut won = 0;
    for (n, (game, _)) in found.iter().enumerate() {
        won += usize::from(attack_wins(game, budget, first + n as u64));
    }
    println!(
        "VCT: Hard saw a win by threats in {} of {looked} positions (its time to see it {}); \
         played out against Hard defending, {ms} ms a move, it won {won} of them",
        found.len(),
        spread(&mut times, 0),
    );
    Ok(())
}

/// Whether the player to move in `game` wins it, Hard playing both sides.
fn attack_wins(game: &Game, budget: Budget, seed: u64) -> bool {
    let attacker = game.turn().expect("a game that goes on");
    let mut game = game.clone();
    let mut computers = [Computer::new(), Computer::new()];
    let mut rng = rng_from_seed(seed);
    while let Some(turn) = game.turn() {
        let side = usize::from(turn != attacker);
        let pos = computers[side].choose_move(&game, Level::Hard, budget, &mut rng, &NEVER);
        game.play(pos.expect("a move while the game goes on"))
            .unwrap();
    }
    result(&game, attacker) == 0
}
