//! Figures of the gomoku computer player: `cargo bench --bench gomoku_engine [-- PART... OPTIONS]`.
//! `-- --help` prints the parts and the options. Everything runs on one thread.

#[path = "gomoku/play.rs"]
mod play;
#[path = "gomoku/threats.rs"]
mod threats;
#[path = "support/timing.rs"]
mod timing;

use std::collections::HashMap;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use grid_arcade::games::gomoku::{
    Budget, Computer, Game, Level, Mark, Outcome, Pos, Rule, Rules, VCF_MOVES, moves_text,
    read_moves,
};
use grid_arcade::games::{GameRng, rng_from_seed};
use rand::RngExt;

use timing::{millis, percentile};

const USAGE: &str = "\
usage: cargo bench --bench gomoku_engine -- [vcf] [vct] [match] [movetime] [play] [OPTIONS]
       (all five by default)

  vcf        Hard's wins by fours in the positions of benches/data/gomoku_vcf.txt: found where
             there is one within 15 moves, none claimed where there is none, the time to find;
             --write first rebuilds the file from seeded games, proven by the bench's own search
  vct        Hard's wins by threats: positions of seeded games of Medium where Hard's hint sees
             one (--vct-positions N, default 20), each played out by Hard against Hard
             defending (--ms M a move, default 1000)
  match      Hard against Medium, sides alternating, the first two moves random near the centre
             (--games N, default 100; --ms M a move, default 1000); then Hard against itself
             (--self-games N, default 20) with the share X wins
  movetime   Hard's move time within the default 1 s over positions of seeded games
             (--positions N, default 60); then 200 positions with a five to make or a four to
             block, within 100 ms, checked
  play       the app at 80x24 with Hard behind it at 1 s a move, the player's moves Medium's
             (--moves N, default 20): cursor keys handled and drawn while Hard thinks, and
             Hard's answer times on the worker
  --seed S   the first seed (default 1); game i uses seed S + i";

struct Options {
    parts: Vec<String>,
    numbers: HashMap<String, u64>,
    write: bool,
}

impl Options {
    fn number(&self, flag: &str, default: u64) -> u64 {
        self.numbers.get(flag).copied().unwrap_or(default)
    }
}

/// The options of the command line; `Err` with an empty message asks for the usage alone.
fn options() -> Result<Options, String> {
    let (mut parts, mut numbers, mut write) = (Vec::new(), HashMap::new(), false);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            // `cargo bench` passes --bench to every bench binary.
            "--bench" => {}
            "-h" | "--help" => return Err(String::new()),
            "--write" => write = true,
            "vcf" | "vct" | "match" | "movetime" | "play" => parts.push(arg),
            "--games" | "--self-games" | "--ms" | "--positions" | "--seed" | "--moves"
            | "--vct-positions" => {
                let text = args.next().ok_or(format!("{arg} needs a value"))?;
                let value = text
                    .parse()
                    .map_err(|_| format!("{arg} {text:?}: a number"))?;
                numbers.insert(arg, value);
            }
            _ => return Err(format!("unknown argument {arg:?}")),
        }
    }
    if parts.is_empty() {
        parts = ["vcf", "vct", "match", "movetime", "play"]
            .map(String::from)
            .to_vec();
    }
    Ok(Options {
        parts,
        numbers,
        write,
    })
}

fn main() -> ExitCode {
    let result = options().and_then(|options| {
        options
            .parts
            .iter()
            .try_for_each(|part| match part.as_str() {
                "vcf" => vcf(&options),
                "vct" => threats::run(&options),
                "match" => matches(&options),
                "play" => play::run(&options),
                _ => movetime(&options),
            })
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) if message.is_empty() => {
            eprintln!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("gomoku_engine bench: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

static NEVER: AtomicBool = AtomicBool::new(false);

/// A game whose first two moves are random: X within two cells of the centre, O next to X.
fn opening(rules: Rules, rng: &mut GameRng) -> Game {
    let mut near = |pos: Pos, reach: usize| {
        let mut step = || rng.random_range(0..2 * reach + 1);
        Pos::new(pos.row + step() - reach, pos.col + step() - reach)
    };
    let mut game = Game::new(rules);
    let x = near(Pos::new(rules.size() / 2, rules.size() / 2), 2);
    game.play(x).unwrap();
    while game.play(near(x, 1)).is_err() {}
    game
}

/// Plays a game from a seeded opening, showing `each` every position and the time of the move
/// made in it.
fn play(
    seed: u64,
    rule: Rule,
    levels: [Level; 2],
    budget: Budget,
    mut each: impl FnMut(&Game, Duration),
) -> Game {
    let mut rng = rng_from_seed(seed);
    let mut game = opening(Rules::new(15, rule).unwrap(), &mut rng);
    let mut computers = [Computer::new(), Computer::new()];
    while let Some(turn) = game.turn() {
        let side = usize::from(turn == Mark::O);
        let start = Instant::now();
        let pos = computers[side].choose_move(&game, levels[side], budget, &mut rng, &NEVER);
        each(&game, start.elapsed());
        game.play(pos.expect("a move while the game goes on"))
            .unwrap();
    }
    game
}

/// Shows `each` every position of a seeded game of Medium against itself, within a node budget:
/// the same game in every run.
fn medium_game(seed: u64, rule: Rule, mut each: impl FnMut(&Game)) {
    play(
        seed,
        rule,
        [Level::Medium; 2],
        Budget::Nodes(20_000),
        |game, _| each(game),
    );
}

/// 0 when `me` won the game, 1 for a draw, 2 when `me` lost.
fn result(game: &Game, me: Mark) -> usize {
    match game.outcome() {
        Some(Outcome::Win { mark, .. }) if *mark == me => 0,
        Some(Outcome::Win { .. }) => 2,
        _ => 1,
    }
}

const RESULTS: [&str; 3] = ["won", "drawn", "lost"];

fn matches(options: &Options) -> Result<(), String> {
    let (games, self_games) = (
        options.number("--games", 100),
        options.number("--self-games", 20),
    );
    let (ms, first) = (options.number("--ms", 1000), options.number("--seed", 1));
    let budget = Budget::Time(Duration::from_millis(ms));
    let (mut tally, mut times) = ([0; 3], Vec::new());
    for i in 0..games {
        let hard = [Mark::X, Mark::O][i as usize % 2];
        let mut levels = [Level::Hard, Level::Medium];
        if hard == Mark::O {
            levels.reverse();
        }
        let game = play(first + i, Rule::Freestyle, levels, budget, |game, time| {
            if game.turn() == Some(hard) {
                times.push(time);
            }
        });
        let result = result(&game, hard);
        tally[result] += 1;
        // A lost game's moves, to replay it.
        let moves = if result == 2 {
            moves_text(game.history())
        } else {
            String::new()
        };
        println!("game {i}: Hard as {hard}, {} {moves}", RESULTS[result]);
    }
    println!(
        "Hard against Medium, {} games, {} ms a move: {} won ({:.0}%), {} drawn, {} lost; \
         Hard's moves: {}",
        games,
        ms,
        tally[0],
        100.0 * tally[0] as f64 / games.max(1) as f64,
        tally[1],
        tally[2],
        spread(&mut times, 0),
    );
    let mut x_wins = 0;
    for i in 0..self_games {
        let game = play(
            first + i,
            Rule::Freestyle,
            [Level::Hard; 2],
            budget,
            |_, _| {},
        );
        x_wins += usize::from(result(&game, Mark::X) == 0);
    }
    println!(
        "Hard against Hard, {} games, {} ms a move: X won {x_wins} ({:.0}%)",
        self_games,
        ms,
        100.0 * x_wins as f64 / self_games.max(1) as f64
    );
    Ok(())
}

fn movetime(options: &Options) -> Result<(), String> {
    let first = options.number("--seed", 1);
    // Positions of quick seeded games of Medium against itself: every third one to time, and
    // each with a five to make or a four to block to check.
    let (mut positions, mut urgent) = (Vec::new(), Vec::new());
    let wanted = options.number("--positions", 60) as usize;
    for seed in first.. {
        if positions.len() >= wanted && urgent.len() >= 200 {
            break;
        }
        medium_game(seed, Rule::Freestyle, |game| {
            if game.history().len().is_multiple_of(3) && positions.len() < wanted {
                positions.push(game.clone());
            }
            let me = game.turn().unwrap();
            let wins = five_cells(game, me);
            let expected = if wins.is_empty() {
                five_cells(game, me.other())
            } else {
                wins
            };
            if !expected.is_empty() {
                urgent.push((game.clone(), expected));
            }
        });
    }
    let mut times: Vec<Duration> = positions
        .iter()
        .map(|game| hard_move(game, Budget::PER_MOVE, first).1)
        .collect();
    println!(
        "Hard within {:?}: {} positions, {}, worst {}",
        Budget::PER_MOVE,
        times.len(),
        spread(&mut times, 1),
        millis(*times.last().unwrap(), 1),
    );
    let budget = Budget::Time(Duration::from_millis(100));
    let (mut failed, mut worst) = (0, Duration::ZERO);
    for (n, (game, expected)) in urgent.iter().enumerate() {
        let (pos, time) = hard_move(game, budget, n as u64);
        worst = worst.max(time);
        failed += usize::from(!pos.is_some_and(|pos| expected.contains(&pos)));
    }
    println!(
        "Hard within 100 ms, a five to make or a four to block: {} checks, {failed} failed, \
         worst time {}",
        urgent.len(),
        millis(worst, 1)
    );
    Ok(())
}

/// Hard's move in `game` by a computer of its own, as on a first move, and the time it took.
fn hard_move(game: &Game, budget: Budget, seed: u64) -> (Option<Pos>, Duration) {
    let start = Instant::now();
    let mut rng = rng_from_seed(seed);
    let pos = Computer::new().choose_move(game, Level::Hard, budget, &mut rng, &NEVER);
    (pos, start.elapsed())
}

/// The median and 99th percentile of `times`, which it sorts.
fn spread(times: &mut [Duration], places: usize) -> String {
    times.sort();
    let median = millis(percentile(times, 0.5), places);
    format!(
        "median {median}, p99 {}",
        millis(percentile(times, 0.99), places)
    )
}

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/gomoku_vcf.txt");

fn vcf(options: &Options) -> Result<(), String> {
    if options.write {
        write_positions(options)?;
    }
    let text = std::fs::read_to_string(DATA).map_err(|e| format!("{DATA}: {e}"))?;
    let (mut found, mut with, mut claimed, mut without) = (0, 0, 0, 0);
    let mut times = Vec::new();
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let (rule, rest) = line.split_once(' ').ok_or("a rule first")?;
        let (expect, moves) = rest.split_once(' ').ok_or("a length second")?;
        let rules = Rules::new(15, Rule::from_name(rule).ok_or("a rule")?).unwrap();
        let game = Game::from_moves(rules, &read_moves(moves).ok_or("moves")?)
            .map_err(|e| e.to_string())?;
        let start = Instant::now();
        let budget = Budget::Time(Duration::from_secs(10));
        let line = Computer::new().win_by_fours(&game, budget, &NEVER);
        times.push(start.elapsed());
        if expect == "none" {
            without += 1;
            claimed += usize::from(line.is_some());
        } else {
            with += 1;
            found += usize::from(line.is_some_and(|line| wins_by(&game, &line)));
        }
    }
    println!(
        "VCF within {VCF_MOVES} moves: found in {found} of {with} positions that have one, \
         claimed in {claimed} of {without} that have none; time {}",
        spread(&mut times, 2)
    );
    Ok(())
}

/// Whether `line` is a win by fours of the player to move: each of their moves but the last
/// leaves one cell to make five, the other player blocks it, and the last makes five.
fn wins_by(game: &Game, line: &[Pos]) -> bool {
    let mut game = game.clone();
    let me = game.turn().unwrap();
    for (n, &pos) in line.iter().enumerate() {
        if game.play(pos).is_err() {
            return false;
        }
        let forced = five_cells(&game, me);
        if n % 2 == 0 && n + 1 < line.len() && !forced.contains(&line[n + 1]) {
            return false;
        }
    }
    line.len().div_ceil(2) <= VCF_MOVES
        && matches!(game.outcome(), Some(Outcome::Win { mark, .. }) if *mark == me)
}

const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

fn offset(game: &Game, pos: Pos, dr: isize, dc: isize) -> Option<Pos> {
    let next = Pos::new(
        pos.row.checked_add_signed(dr)?,
        pos.col.checked_add_signed(dc)?,
    );
    game.rules().contains(next).then_some(next)
}

/// Whether `mark` makes five on the empty `pos`, counting the stones in a row each way.
fn makes_five(game: &Game, pos: Pos, mark: Mark) -> bool {
    DIRECTIONS.iter().any(|&(dr, dc)| {
        let run = |sign: isize| {
            (1..)
                .map_while(|k| offset(game, pos, sign * k * dr, sign * k * dc))
                .take_while(|&cell| game.mark_at(cell) == Some(mark))
                .count()
        };
        game.rules().rule().wins(run(1) + run(-1) + 1)
    })
}

fn five_cells(game: &Game, mark: Mark) -> Vec<Pos> {
    game.free_cells()
        .filter(|&pos| makes_five(game, pos, mark))
        .collect()
}

/// This bench's own VCF search, for the positions it writes: plain and exhaustive, trying every
/// free cell near the stones and taking as fours the moves after which a cell on their lines
/// makes five.
struct Checker {
    failed: HashMap<Vec<Option<Mark>>, usize>,
    nodes: u64,
}

impl Checker {
    const NODES: u64 = 400_000;

    /// The length of the shortest VCF of the player to move within `max` of their moves:
    /// `Some(None)` when there is none, `None` when the search gave up.
    fn shortest(game: &Game, max: usize) -> Option<Option<usize>> {
        let mut checker = Checker {
            failed: HashMap::new(),
            nodes: 0,
        };
        let mut game = game.clone();
        for moves in 1..=max {
            if checker.wins(&mut game, moves)? {
                return Some(Some(moves));
            }
        }
        Some(None)
    }

    fn wins(&mut self, game: &mut Game, moves: usize) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > Self::NODES {
            return None;
        }
        let me = game.turn()?;
        if !five_cells(game, me).is_empty() {
            return Some(true);
        }
        let size = game.rules().size();
        let key: Vec<Option<Mark>> = (0..size * size)
            .map(|i| game.mark_at(Pos::new(i / size, i % size)))
            .collect();
        if moves < 2 || self.failed.get(&key).is_some_and(|&known| known >= moves) {
            return Some(false);
        }
        let theirs = five_cells(game, me.other());
        let tries: Vec<Pos> = match theirs.len() {
            0 => game
                .free_cells()
                .filter(|&pos| near_stone(game, pos))
                .collect(),
            1 => theirs,
            _ => Vec::new(),
        };
        for pos in tries {
            game.play(pos).unwrap();
            let fives: Vec<Pos> = DIRECTIONS
                .iter()
                .flat_map(|&(dr, dc)| (-4..=4).map(move |k| (k * dr, k * dc)))
                .filter_map(|(dr, dc)| offset(game, pos, dr, dc))
                .filter(|&cell| game.mark_at(cell).is_none() && makes_five(game, cell, me))
                .collect();
            let won = match fives.as_slice() {
                [] => Some(false),
                [answer] => {
                    game.play(*answer).unwrap();
                    let won = self.wins(game, moves - 1);
                    game.undo();
                    won
                }
                _ => Some(true),
            };
            game.undo();
            if won? {
                return Some(true);
            }
        }
        self.failed.insert(key, moves);
        Some(false)
    }
}

fn near_stone(game: &Game, pos: Pos) -> bool {
    let near = |stone: &Pos| stone.row.abs_diff(pos.row) <= 2 && stone.col.abs_diff(pos.col) <= 2;
    game.history().iter().any(near)
}

/// Rebuilds the data file from seeded games of Medium against itself, in both rules: positions
/// with a VCF of 3 to 15 moves (at most 6 of each length and rule, for a spread of lengths) and
/// 20 of each rule with none, each proven by [`Checker`].
fn write_positions(options: &Options) -> Result<(), String> {
    let first = options.number("--seed", 1);
    let (mut with, mut without) = (Vec::new(), Vec::new());
    let mut counts: HashMap<(Rule, Option<usize>), usize> = HashMap::new();
    for seed in first..first + 400 {
        let rule = Rule::ALL[seed as usize % 2];
        medium_game(seed, rule, |game| {
            let Some(moves) = (game.history().len() >= 8)
                .then(|| Checker::shortest(game, VCF_MOVES))
                .flatten()
                .filter(|moves| moves.is_none_or(|moves| moves >= 3))
            else {
                return;
            };
            let count = counts.entry((rule, moves)).or_default();
            if *count < moves.map_or(20, |_| 6) {
                *count += 1;
                let expect = moves.map_or("none".to_string(), |moves| moves.to_string());
                let entry = format!("{} {expect} {}", rule.name(), moves_text(game.history()));
                if moves.is_some() {
                    &mut with
                } else {
                    &mut without
                }
                .push(entry);
            }
        });
    }
    let header = "# Written by `cargo bench --bench gomoku_engine -- vcf --write`: rule, the length \
                  of the shortest VCF of the player to move (their moves, the five included) or \
                  none within 15, and the moves (row,col) from the start.\n";
    let text = header.to_string() + &[with, without].concat().join("\n") + "\n";
    std::fs::write(DATA, text).map_err(|e| format!("{DATA}: {e}"))
}
