//! Hard on the boards it solves: it never loses, whatever the opponent does, and its choices are
//! exactly the moves plain minimax rates best.

use std::collections::{HashMap, HashSet};

use super::super::{Budget, Computer, Game, Level, Mark, Outcome, Pos, Rules};
use super::support::board_key;
use crate::games::rng_from_seed;

/// Hard's budget does not matter on boards it solves; a tiny one shows that it is ignored.
const IGNORED_BUDGET: Budget = Budget::Nodes(1);

/// Follows every line of play against Hard, once per position. Hard plays either all its equally
/// good moves or, where that tree is too large, the one it picks with a source seeded from `seed`
/// and the position: one fixed way for Hard to choose, so that transpositions meet again.
fn assert_never_loses(rules: Rules, hard: Mark, picks: Picks) {
    fn explore(
        game: &mut Game,
        hard: Mark,
        picks: Picks,
        computer: &mut Computer,
        seen: &mut HashSet<u64>,
    ) {
        if let Some(Outcome::Win { mark, .. }) = game.outcome() {
            assert_eq!(*mark, hard, "Hard lost after {:?}", game.history());
        }
        if game.is_over() || !seen.insert(board_key(game)) {
            return;
        }
        let moves: Vec<Pos> = match (game.turn() == Some(hard), picks) {
            (true, Picks::AllBest) => computer.best_moves(game, IGNORED_BUDGET),
            (true, Picks::Seeded(seed)) => {
                let mut rng = rng_from_seed(seed ^ board_key(game));
                computer
                    .choose_move(game, Level::Hard, IGNORED_BUDGET, &mut rng)
                    .into_iter()
                    .collect()
            }
            (false, _) => game.free_cells().collect(),
        };
        assert!(!moves.is_empty());
        for pos in moves {
            game.play(pos).unwrap();
            explore(game, hard, picks, computer, seen);
            game.undo();
        }
    }
    explore(
        &mut Game::new(rules),
        hard,
        picks,
        &mut Computer::new(),
        &mut HashSet::new(),
    );
}

#[derive(Clone, Copy)]
enum Picks {
    AllBest,
    Seeded(u64),
}

#[test]
fn hard_never_loses_on_3x3() {
    for hard in [Mark::X, Mark::O] {
        assert_never_loses(Rules::preset("3x3").unwrap(), hard, Picks::AllBest);
    }
}

/// All of Hard's equally good moves on 4x4 lead to millions of positions, so this follows the
/// moves it picks with one seed.
#[test]
fn hard_never_loses_on_4x4() {
    for hard in [Mark::X, Mark::O] {
        assert_never_loses(Rules::preset("4x4").unwrap(), hard, Picks::Seeded(0x4a4d));
    }
}

/// The score of the position for the player to move with perfect play on both sides: a win is
/// worth more the fewer marks the board holds when it ends, a loss the more it holds.
fn minimax(game: &mut Game, scores: &mut HashMap<u64, i32>) -> i32 {
    const WIN: i32 = 1_000;
    let key = board_key(game);
    if let Some(&score) = scores.get(&key) {
        return score;
    }
    let score = match game.outcome() {
        Some(Outcome::Win { .. }) => -(WIN - game.history().len() as i32),
        Some(Outcome::Draw) => 0,
        None => {
            let moves: Vec<Pos> = game.free_cells().collect();
            moves
                .into_iter()
                .map(|pos| {
                    game.play(pos).unwrap();
                    let score = -minimax(game, scores);
                    game.undo();
                    score
                })
                .max()
                .unwrap()
        }
    };
    scores.insert(key, score);
    score
}

/// Checks Hard's choices in every position reachable on a board against minimax's best moves.
fn assert_hard_matches_minimax(rules: Rules) {
    fn visit(
        game: &mut Game,
        computer: &mut Computer,
        scores: &mut HashMap<u64, i32>,
        seen: &mut HashSet<u64>,
    ) {
        if game.is_over() || !seen.insert(board_key(game)) {
            return;
        }
        let moves: Vec<Pos> = game.free_cells().collect();
        let move_scores: Vec<i32> = moves
            .iter()
            .map(|&pos| {
                game.play(pos).unwrap();
                let score = -minimax(game, scores);
                game.undo();
                score
            })
            .collect();
        let top = *move_scores.iter().max().unwrap();
        let best: Vec<Pos> = moves
            .iter()
            .zip(&move_scores)
            .filter(|&(_, &s)| s == top)
            .map(|(&pos, _)| pos)
            .collect();
        let chosen = computer.best_moves(game, IGNORED_BUDGET);
        let lost_next_move = top == -(1_000 - game.history().len() as i32 - 2);
        if lost_next_move {
            // Every move loses at once; Hard blocks one of the threats rather than any move.
            assert!(!chosen.is_empty() && chosen.iter().all(|pos| best.contains(pos)));
        } else {
            assert_eq!(chosen, best, "after {:?}", game.history());
        }
        for pos in moves {
            game.play(pos).unwrap();
            visit(game, computer, scores, seen);
            game.undo();
        }
    }
    let mut game = Game::new(rules);
    visit(
        &mut game,
        &mut Computer::new(),
        &mut HashMap::new(),
        &mut HashSet::new(),
    );
}

#[test]
fn hard_chooses_exactly_the_best_moves_on_every_3x3_position() {
    assert_hard_matches_minimax(Rules::preset("3x3").unwrap());
}

#[test]
fn hard_chooses_exactly_the_best_moves_on_every_position_of_small_odd_boards() {
    assert_hard_matches_minimax(Rules::new(3, 4, 3).unwrap());
    assert_hard_matches_minimax(Rules::new(2, 5, 2).unwrap());
}
