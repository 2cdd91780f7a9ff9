//! Easy, Medium, and Hard on boards too large to solve: legal, reproducible, and never blind to a
//! win in one or a loss in one.

use std::collections::HashSet;

use super::super::{Budget, Computer, Game, Level, Mark, Outcome, PRESETS, Pos, Rules};
use super::support::{random_positions, winning_cells};
use crate::games::rng_from_seed;

/// Checks that `choices` take a win in one when there is one, and otherwise block the
/// opponent's wins in one.
fn assert_wins_or_blocks(game: &Game, choices: &[Pos]) {
    let me = game.turn().unwrap();
    let wins = winning_cells(game, me);
    let losses = winning_cells(game, me.other());
    assert!(!choices.is_empty());
    for choice in choices {
        if !wins.is_empty() {
            assert!(
                wins.contains(choice),
                "missed a win after {:?}",
                game.history()
            );
        } else if !losses.is_empty() {
            assert!(
                losses.contains(choice),
                "missed a block after {:?}",
                game.history()
            );
        }
    }
}

#[test]
fn medium_takes_every_win_in_one_and_blocks_every_loss_in_one() {
    let boards = PRESETS
        .map(|preset| preset.rules)
        .into_iter()
        .chain([Rules::new(6, 7, 4).unwrap()]);
    let mut rng = rng_from_seed(1);
    let mut computer = Computer::new();
    let mut urgent = 0;
    for rules in boards {
        for game in random_positions(rules, 400, 2) {
            let choice = computer
                .choose_move(&game, Level::Medium, Budget::PER_MOVE, &mut rng)
                .unwrap();
            assert_wins_or_blocks(&game, &[choice]);
            let me = game.turn().unwrap();
            urgent += usize::from(
                !winning_cells(&game, me).is_empty()
                    || !winning_cells(&game, me.other()).is_empty(),
            );
        }
    }
    assert!(
        urgent > 500,
        "only {urgent} positions had a win or loss in one"
    );
}

#[test]
fn hard_on_large_boards_takes_every_win_in_one_and_blocks_every_loss_in_one() {
    let mut computer = Computer::new();
    for rules in [Rules::preset("5x5").unwrap(), Rules::new(7, 7, 5).unwrap()] {
        for game in random_positions(rules, 150, 3) {
            assert_wins_or_blocks(&game, &computer.best_moves(&game, Budget::Nodes(2_000)));
        }
    }
}

#[test]
fn hard_on_5x5_does_not_lose_to_medium() {
    let rules = Rules::preset("5x5").unwrap();
    for seed in 0..8_u64 {
        let hard = if seed.is_multiple_of(2) {
            Mark::X
        } else {
            Mark::O
        };
        let mut rng = rng_from_seed(seed);
        let mut computer = Computer::new();
        let mut game = Game::new(rules);
        while let Some(turn) = game.turn() {
            let level = if turn == hard {
                Level::Hard
            } else {
                Level::Medium
            };
            game.play(
                computer
                    .choose_move(&game, level, Budget::Nodes(20_000), &mut rng)
                    .unwrap(),
            )
            .unwrap();
        }
        if let Some(Outcome::Win { mark, .. }) = game.outcome() {
            assert_eq!(*mark, hard, "seed {seed}: {:?}", game.history());
        }
    }
}

#[test]
fn easy_plays_free_cells_all_over_the_board() {
    let mut computer = Computer::new();
    let mut rng = rng_from_seed(4);
    let game = Game::from_moves(Rules::default(), &[Pos::new(1, 1)]).unwrap();
    let chosen: HashSet<Pos> = (0..200)
        .map(|_| {
            computer
                .choose_move(&game, Level::Easy, Budget::PER_MOVE, &mut rng)
                .unwrap()
        })
        .collect();
    let free: HashSet<Pos> = game.free_cells().collect();
    assert_eq!(chosen, free);
}

#[test]
fn a_seed_and_a_node_budget_give_the_same_game() {
    let play = |seed: u64| {
        let mut rng = rng_from_seed(seed);
        let mut computer = Computer::new();
        let mut game = Game::new(Rules::new(6, 6, 4).unwrap());
        let levels = [Level::Hard, Level::Medium, Level::Easy];
        while game.turn().is_some() {
            let level = levels[game.history().len() % 3];
            game.play(
                computer
                    .choose_move(&game, level, Budget::Nodes(3_000), &mut rng)
                    .unwrap(),
            )
            .unwrap();
        }
        game.history().to_vec()
    };
    assert_eq!(play(5), play(5));
    assert_ne!(play(5), play(6));
}

#[test]
fn no_move_and_no_hint_once_the_game_is_over() {
    let won = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)].map(|(row, col)| Pos::new(row, col));
    let game = Game::from_moves(Rules::default(), &won).unwrap();
    let mut computer = Computer::new();
    let mut rng = rng_from_seed(0);
    for level in Level::ALL {
        assert_eq!(
            computer.choose_move(&game, level, Budget::PER_MOVE, &mut rng),
            None
        );
    }
    assert_eq!(computer.hint(&game, Budget::PER_MOVE, &mut rng), None);
}

#[test]
fn a_hint_is_one_of_hards_best_moves_for_the_player_to_move() {
    let mut computer = Computer::new();
    let mut rng = rng_from_seed(7);
    // X threatens the top row; O to move must block at (0, 2).
    let game = Game::from_moves(
        Rules::default(),
        &[Pos::new(0, 0), Pos::new(1, 1), Pos::new(0, 1)],
    )
    .unwrap();
    assert_eq!(
        computer.hint(&game, Budget::PER_MOVE, &mut rng),
        Some(Pos::new(0, 2))
    );
}

#[test]
fn one_computer_follows_a_change_of_board() {
    let mut computer = Computer::new();
    let mut rng = rng_from_seed(8);
    for preset in PRESETS {
        let game = Game::new(preset.rules);
        let pos = computer
            .choose_move(&game, Level::Hard, Budget::Nodes(5_000), &mut rng)
            .unwrap();
        assert!(preset.rules.contains(pos));
    }
}

#[test]
fn levels_go_by_their_names() {
    for level in Level::ALL {
        assert_eq!(Level::from_name(level.name()), Some(level));
        assert_eq!(level.to_string(), level.name());
    }
    assert_eq!(Level::ALL.map(Level::name), ["easy", "medium", "hard"]);
    assert_eq!(Level::from_name("impossible"), None);
}

#[test]
fn hard_can_think_on_a_worker_thread() {
    let game = Game::from_moves(Rules::preset("5x5").unwrap(), &[Pos::new(2, 2)]).unwrap();
    let (computer, rng) = (Computer::new(), rng_from_seed(10));
    let worker = std::thread::spawn({
        let game = game.clone();
        move || {
            let (mut computer, mut rng) = (computer, rng);
            let choice = computer.choose_move(&game, Level::Hard, Budget::Nodes(5_000), &mut rng);
            (choice, computer, rng)
        }
    });
    let (choice, _computer, _rng) = worker.join().unwrap();
    assert!(game.free_cells().any(|pos| Some(pos) == choice));
}
