//! Figures of the gomoku computer player: `cargo bench --bench gomoku_engine [-- PART... OPTIONS]`.
//! `-- --help` prints the parts and the options. Everything runs on one thread.

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
usage: cargo bench --bench gomoku_engine -- [PART...] [OPTIONS]

Parts (all three when none is named):
  vcf        the positions of benches/data/gomoku_vcf.txt: Hard's win by fours found in each
             one that has one within 15 moves, none claimed where there is none, and the time
             to find it; with --write, first rebuilds the file from seeded games, each position
             proven by this bench's own exhaustive search
  match      Hard against Medium, sides alternating, the first two moves random near the
             centre; then Hard against itself, with the share of games X wins
  movetime   Hard's move time within the default budget over positions of seeded games; then,
             within 100 ms, positions with a five to make or a four to block, checked

Options:
  --games N        match: games of Hard against Medium (default 100)
  --self-games N   match: games of Hard against itself (default 20)
  --ms M           match: the time limit of a move (default 1000)
  --positions N    movetime: positions timed (default 60)
  --seed S         first seed (default 1); game i uses seed S + i
  --write          vcf: rebuild the positions first
  -h, --help       this text";

struct Options {
    parts: Vec<String>,
    games: u64,
    self_games: u64,
    ms: u64,
    positions: u64,
    seed: u64,
    write: bool,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        parts: Vec::new(),
        games: 100,
        self_games: 20,
        ms: 1000,
        positions: 60,
        seed: 1,
        write: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = || -> Result<u64, String> {
            let text = args.next().ok_or(format!("{arg} needs a value"))?;
            text.parse()
                .map_err(|_| format!("{arg} {text:?} is not a whole number"))
        };
        match arg.as_str() {
            // `cargo bench` passes --bench to every bench binary.
            "--bench" => {}
            "-h" | "--help" => return Err(String::new()),
            "--games" => options.games = number()?,
            "--self-games" => options.self_games = number()?,
            "--ms" => options.ms = number()?,
            "--positions" => options.positions = number()?,
            "--seed" => options.seed = number()?,
            "--write" => options.write = true,
            part @ ("vcf" | "match" | "movetime") => options.parts.push(part.to_string()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if options.parts.is_empty() {
        options.parts = vec!["vcf".into(), "match".into(), "movetime".into()];
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("gomoku_engine bench: {message}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(if message.is_empty() { 0 } else { 2 });
        }
    };
    for part in &options.parts {
        let result = match part.as_str() {
            "vcf" => vcf(&options),
            "match" => matches(&options),
            _ => movetime(&options),
        };
        if let Err(message) = result {
            eprintln!("gomoku_engine bench: {message}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

static NEVER: AtomicBool = AtomicBool::new(false);

/// A game whose first two moves are random: X within two cells of the centre, O next to X.
fn opening(rng: &mut GameRng) -> Game {
    let mut game = Game::new(Rules::default());
    let centre = Rules::DEFAULT_SIZE / 2;
    let x = Pos::new(
        centre + rng.random_range(0..5) - 2,
        centre + rng.random_range(0..5) - 2,
    );
    game.play(x).unwrap();
    loop {
        let o = Pos::new(
            x.row + rng.random_range(0..3) - 1,
            x.col + rng.random_range(0..3) - 1,
        );
        if game.play(o).is_ok() {
            return game;
        }
    }
}

/// Plays a game from a seeded opening: the winner, and the time of each move `timed` made.
fn play_out(
    seed: u64,
    levels: [Level; 2],
    budget: Budget,
    timed: Option<Mark>,
) -> (Option<Mark>, Vec<Duration>, Vec<Pos>) {
    let mut rng = rng_from_seed(seed);
    let mut game = opening(&mut rng);
    let mut computers = [Computer::new(), Computer::new()];
    let mut times = Vec::new();
    while let Some(turn) = game.turn() {
        let side = usize::from(turn == Mark::O);
        let start = Instant::now();
        let pos = computers[side]
            .choose_move(&game, levels[side], budget, &mut rng, &NEVER)
            .expect("a move while the game goes on");
        if timed == Some(turn) {
            times.push(start.elapsed());
        }
        game.play(pos).expect("a legal move");
    }
    let winner = match game.outcome() {
        Some(Outcome::Win { mark, .. }) => Some(*mark),
        _ => None,
    };
    (winner, times, game.history().to_vec())
}

fn matches(options: &Options) -> Result<(), String> {
    let budget = Budget::Time(Duration::from_millis(options.ms));
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut times = Vec::new();
    for i in 0..options.games {
        let hard = if i % 2 == 0 { Mark::X } else { Mark::O };
        let levels = match hard {
            Mark::X => [Level::Hard, Level::Medium],
            Mark::O => [Level::Medium, Level::Hard],
        };
        let (winner, hard_times, moves) = play_out(options.seed + i, levels, budget, Some(hard));
        match winner {
            Some(mark) if mark == hard => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
        times.extend(hard_times);
        let outcome = result(winner, hard);
        // A lost game's moves, to replay it.
        let moves = if outcome == "lost" {
            moves_text(&moves)
        } else {
            String::new()
        };
        println!("game {i}: Hard as {hard}, {outcome} {moves}");
    }
    let games = options.games.max(1) as f64;
    times.sort();
    println!(
        "Hard against Medium, {} games, {} ms a move: {wins} won ({:.0}%), {draws} drawn, \
         {losses} lost; Hard's moves: median {}, p99 {}",
        options.games,
        options.ms,
        100.0 * f64::from(wins) / games,
        millis(percentile(&times, 0.5), 0),
        millis(percentile(&times, 0.99), 0),
    );
    let mut x_wins = 0;
    for i in 0..options.self_games {
        let (winner, ..) = play_out(options.seed + i, [Level::Hard; 2], budget, None);
        x_wins += u32::from(winner == Some(Mark::X));
        println!("self-play {i}: {}", result(winner, Mark::X));
    }
    println!(
        "Hard against Hard, {} games, {} ms a move: X won {x_wins} ({:.0}%)",
        options.self_games,
        options.ms,
        100.0 * f64::from(x_wins) / options.self_games.max(1) as f64
    );
    Ok(())
}

fn result(winner: Option<Mark>, me: Mark) -> &'static str {
    match winner {
        Some(mark) if mark == me => "won",
        Some(_) => "lost",
        None => "drawn",
    }
}

fn movetime(options: &Options) -> Result<(), String> {
    // Positions of quick seeded games of Medium against itself: every third one to time, and
    // each with a five to make or a four to block to check.
    let (mut positions, mut urgent) = (Vec::new(), Vec::new());
    let mut seed = options.seed;
    while positions.len() < options.positions as usize || urgent.len() < 200 {
        let mut rng = rng_from_seed(seed);
        seed += 1;
        let mut game = opening(&mut rng);
        let mut computer = Computer::new();
        while !game.is_over() {
            if game.history().len().is_multiple_of(3)
                && positions.len() < options.positions as usize
            {
                positions.push(game.clone());
            }
            let me = game.turn().unwrap();
            let mut expected = five_cells(&game, me);
            if expected.is_empty() {
                expected = five_cells(&game, me.other());
            }
            if !expected.is_empty() {
                urgent.push((game.clone(), expected));
            }
            let budget = Budget::Nodes(20_000);
            let pos = computer.choose_move(&game, Level::Medium, budget, &mut rng, &NEVER);
            game.play(pos.expect("a move")).unwrap();
        }
    }
    let mut times = Vec::new();
    for game in &positions {
        // A computer of its own for each position: nothing learned before, as on a first move.
        let start = Instant::now();
        let mut rng = rng_from_seed(options.seed);
        Computer::new().choose_move(game, Level::Hard, Budget::PER_MOVE, &mut rng, &NEVER);
        times.push(start.elapsed());
    }
    times.sort();
    println!(
        "Hard within {:?}: {} positions, median {}, p99 {}, worst {}",
        Budget::PER_MOVE,
        times.len(),
        millis(percentile(&times, 0.5), 1),
        millis(percentile(&times, 0.99), 1),
        millis(*times.last().unwrap(), 1),
    );
    let budget = Budget::Time(Duration::from_millis(100));
    let (mut checks, mut failed, mut worst) = (0, 0, Duration::ZERO);
    for (n, (game, expected)) in urgent.iter().enumerate() {
        let mut rng = rng_from_seed(n as u64);
        let start = Instant::now();
        let pos = Computer::new().choose_move(game, Level::Hard, budget, &mut rng, &NEVER);
        worst = worst.max(start.elapsed());
        checks += 1;
        failed += usize::from(!pos.is_some_and(|pos| expected.contains(&pos)));
    }
    println!(
        "Hard within 100 ms, a five to make or a four to block: {checks} checks, {failed} \
         failed, worst time {}",
        millis(worst, 1)
    );
    Ok(())
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
    times.sort();
    println!(
        "VCF within {VCF_MOVES} moves: found in {found} of {with} positions that have one, \
         claimed in {claimed} of {without} that have none; time median {}, p99 {}",
        millis(percentile(&times, 0.5), 2),
        millis(percentile(&times, 0.99), 2),
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
                .take_while(|&cell| game.stone_at(cell) == Some(mark))
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
        let key: Vec<Option<Mark>> = cells(game).map(|pos| game.stone_at(pos)).collect();
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
            let mut fives: Vec<Pos> = DIRECTIONS
                .iter()
                .flat_map(|&(dr, dc)| (-4..=4).map(move |k| (k * dr, k * dc)))
                .filter_map(|(dr, dc)| offset(game, pos, dr, dc))
                .filter(|&cell| game.stone_at(cell).is_none() && makes_five(game, cell, me))
                .collect();
            fives.dedup();
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

fn cells(game: &Game) -> impl Iterator<Item = Pos> {
    let size = game.rules().size();
    (0..size * size).map(move |i| Pos::new(i / size, i % size))
}

fn near_stone(game: &Game, pos: Pos) -> bool {
    (-2..=2).any(|dr| {
        (-2..=2).any(|dc| offset(game, pos, dr, dc).is_some_and(|c| game.stone_at(c).is_some()))
    })
}

/// Rebuilds the data file from seeded games of Medium against itself, in both rules: positions
/// with a VCF of 3 to 15 moves (at most 6 of each length and rule, for a spread of lengths) and
/// 20 of each rule with none, each proven by [`Checker`].
fn write_positions(options: &Options) -> Result<(), String> {
    let (mut with, mut without) = (Vec::new(), Vec::new());
    let mut counts: HashMap<(Rule, Option<usize>), usize> = HashMap::new();
    for seed in options.seed..options.seed + 400 {
        let mut rng = rng_from_seed(seed);
        let rule = Rule::ALL[seed as usize % 2];
        let mut game = Game::from_moves(Rules::new(15, rule).unwrap(), opening(&mut rng).history())
            .map_err(|e| e.to_string())?;
        let mut computer = Computer::new();
        while !game.is_over() {
            let proven = match game.history().len() {
                8.. => Checker::shortest(&game, VCF_MOVES),
                _ => None,
            };
            if let Some(moves) = proven.filter(|moves| moves.is_none_or(|moves| moves >= 3)) {
                let count = counts.entry((rule, moves)).or_default();
                if *count < moves.map_or(20, |_| 6) {
                    *count += 1;
                    let expect = moves.map_or("none".to_string(), |moves| moves.to_string());
                    let entry = format!("{} {expect} {}", rule.name(), moves_text(game.history()));
                    if moves.is_some() {
                        with.push(entry)
                    } else {
                        without.push(entry)
                    }
                }
            }
            let budget = Budget::Nodes(20_000);
            let pos = computer.choose_move(&game, Level::Medium, budget, &mut rng, &NEVER);
            game.play(pos.expect("a move")).unwrap();
        }
    }
    let header = "# Written by `cargo bench --bench gomoku_engine -- vcf --write`: rule, the length \
                  of the shortest VCF of the player to move (their moves, the five included) or \
                  none within 15, and the moves (row,col) from the start.\n";
    let text = header.to_string() + &[with, without].concat().join("\n") + "\n";
    std::fs::write(DATA, text).map_err(|e| format!("{DATA}: {e}"))
}
