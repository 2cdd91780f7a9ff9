//! The three levels: legal and reproducible moves, fives taken, fours blocked, wins by fours
//! found, the opponent's stopped, and a cancelled search that still answers.

use std::sync::atomic::AtomicBool;

use super::super::{Budget, Computer, Game, Level, Mark, Outcome, Pos, Rules, Threat};
use super::support::{random_positions, winning_cells};
use crate::games::rng_from_seed;

static GO_ON: AtomicBool = AtomicBool::new(false);

fn game(moves: &[(usize, usize)]) -> Game {
    let moves: Vec<Pos> = moves.iter().map(|&(r, c)| Pos::new(r, c)).collect();
    Game::from_moves(Rules::default(), &moves).unwrap()
}

fn hard_hint(game: &Game, nodes: u64) -> (Pos, Threat) {
    let mut rng = rng_from_seed(1);
    Computer::new()
        .hint(game, Budget::Nodes(nodes), &mut rng, &GO_ON)
        .unwrap()
}

#[test]
fn medium_and_hard_take_every_five_and_block_every_four() {
    let mut computer = Computer::new();
    let mut rng = rng_from_seed(5);
    let mut urgent = 0;
    for game in random_positions(Rules::default(), 120, 3) {
        let me = game.turn().unwrap();
        let wins = winning_cells(&game, me);
        let blocks = winning_cells(&game, me.other());
        for level in [Level::Medium, Level::Hard] {
            let budget = Budget::Nodes(3_000);
            let pos = computer
                .choose_move(&game, level, budget, &mut rng, &GO_ON)
                .unwrap();
            assert!(game.mark_at(pos).is_none());
            if !wins.is_empty() {
                assert!(
                    wins.contains(&pos),
                    "{level} missed a five: {:?}",
                    game.history()
                );
            } else if !blocks.is_empty() {
                assert!(
                    blocks.contains(&pos),
                    "{level} missed a block: {:?}",
                    game.history()
                );
            }
        }
        urgent += usize::from(!wins.is_empty() || !blocks.is_empty());
    }
    assert!(
        urgent > 20,
        "only {urgent} positions had a five to make or block"
    );
}

#[test]
fn a_seed_and_a_node_budget_replay_the_same_moves() {
    let play = |seed| {
        let mut rng = rng_from_seed(seed);
        let mut game = game(&[(7, 7), (7, 8)]);
        let mut computers = [Computer::new(), Computer::new()];
        let levels = [Level::Hard, Level::Medium];
        for n in 0..16 {
            let pos = computers[n % 2]
                .choose_move(&game, levels[n % 2], Budget::Nodes(4_000), &mut rng, &GO_ON)
                .unwrap();
            game.play(pos).unwrap();
            if game.is_over() {
                break;
            }
        }
        game.history().to_vec()
    };
    assert_eq!(play(3), play(3));
}

#[test]
fn easy_plays_next_to_the_stones() {
    let mut rng = rng_from_seed(9);
    let mut computer = Computer::new();
    for game in random_positions(Rules::default(), 40, 4) {
        let pos = computer
            .choose_move(&game, Level::Easy, Budget::PER_MOVE, &mut rng, &GO_ON)
            .unwrap();
        let near = game
            .history()
            .iter()
            .any(|stone| stone.row.abs_diff(pos.row) <= 2 && stone.col.abs_diff(pos.col) <= 2);
        assert!(near && game.mark_at(pos).is_none());
    }
}

#[test]
fn hard_opens_in_the_centre() {
    assert_eq!(hard_hint(&game(&[]), 100).0, Pos::new(7, 7));
}

#[test]
fn hints_name_the_threat() {
    // X: a row of four open at one end (7,3..7,6 with O on 7,2).
    let four = game(&[(7, 3), (7, 2), (7, 4), (0, 0), (7, 5), (0, 2), (7, 6)]);
    assert_eq!(
        hard_hint(&four, 1_000),
        (Pos::new(7, 7), Threat::BlocksFour)
    );
    let mut own = four.clone();
    own.play(Pos::new(0, 4)).unwrap();
    assert_eq!(hard_hint(&own, 1_000), (Pos::new(7, 7), Threat::Five));
    // X to move with an open three across: the open four wins.
    let three = game(&[(7, 5), (0, 0), (7, 6), (0, 2), (7, 7), (0, 4)]);
    let (pos, threat) = hard_hint(&three, 1_000);
    assert!([Pos::new(7, 4), Pos::new(7, 8)].contains(&pos));
    assert_eq!(threat, Threat::OpenFour);
    // O to move must answer X's open three.
    let mut answer = three.clone();
    answer.undo();
    let (_, threat) = hard_hint(&answer, 20_000);
    assert_eq!(threat, Threat::BlocksOpenThree);
    assert_eq!(Threat::WinsByFours(7).to_string(), "wins by fours in 7");
    assert_eq!(Threat::BlocksOpenThree.to_string(), "blocks an open three");
}

#[test]
fn hard_wins_by_fours_and_finds_the_line() {
    // X has closed threes across rows 7 and 8 and two stones on the diagonal through (7, 7) and
    // (8, 8): fours on those two cells, in either order, leave a double four.
    let xs = [
        (7, 4),
        (7, 5),
        (7, 6),
        (8, 5),
        (8, 6),
        (8, 7),
        (5, 5),
        (6, 6),
    ];
    let os = [
        (7, 3),
        (8, 4),
        (4, 4),
        (0, 0),
        (0, 3),
        (0, 6),
        (0, 9),
        (0, 12),
    ];
    let moves: Vec<(usize, usize)> = xs.iter().zip(&os).flat_map(|(&x, &o)| [x, o]).collect();
    let position = game(&moves);
    let line = Computer::new()
        .win_by_fours(&position, Budget::Nodes(50_000), &GO_ON)
        .expect("a win by fours");
    let mut game = position.clone();
    for (n, &pos) in line.iter().enumerate() {
        game.play(pos).unwrap();
        if n % 2 == 0 && n + 1 < line.len() {
            // Each move of X leaves O one cell to stop five, and O plays it.
            assert!(winning_cells(&game, Mark::X).contains(&line[n + 1]));
        }
    }
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Win { mark: Mark::X, .. })
    ));
    let (_, threat) = hard_hint(&position, 50_000);
    assert!(
        matches!(threat, Threat::WinsByFours(_) | Threat::OpenFour),
        "{threat}"
    );
}

#[test]
fn a_cancelled_search_still_answers_at_once() {
    let cancel = AtomicBool::new(true);
    let mut rng = rng_from_seed(2);
    let position = &random_positions(Rules::default(), 1, 8)[0];
    let start = std::time::Instant::now();
    let pos = Computer::new()
        .choose_move(position, Level::Hard, Budget::PER_MOVE, &mut rng, &cancel)
        .unwrap();
    assert!(position.mark_at(pos).is_none());
    // Far below the budget of a second, with room for a slow machine.
    assert!(start.elapsed() < std::time::Duration::from_millis(500));
}

#[test]
fn hard_stops_the_opponents_win_by_fours() {
    // X's closed three across row 7 and two stones down column 6: a four on (7, 6) is also a
    // three down the column, and after the block an open four follows.
    let xs = [(7, 3), (7, 4), (7, 5), (9, 6), (10, 6)];
    let os = [(7, 2), (0, 0), (0, 3), (0, 6)];
    let moves: Vec<(usize, usize)> = xs
        .iter()
        .zip(os.iter().chain([&(0, 9)]))
        .flat_map(|(&x, &o)| [x, o])
        .collect();
    let x_to_move = game(&moves);
    let mut computer = Computer::new();
    let budget = Budget::Nodes(50_000);
    assert!(computer.win_by_fours(&x_to_move, budget, &GO_ON).is_some());
    let mut position = x_to_move.clone();
    position.undo();
    let (pos, threat) = hard_hint(&position, 50_000);
    assert_eq!(threat, Threat::StopsFours);
    position.play(pos).unwrap();
    assert_eq!(computer.win_by_fours(&position, budget, &GO_ON), None);
}

#[test]
fn hard_stops_the_opponents_win_by_threats() {
    // X's pairs across row 7 and down column 8 meet on (7, 8): a double three there wins.
    let position = game(&[(7, 6), (8, 7), (7, 7), (6, 9), (8, 8), (10, 7), (9, 8)]);
    let (pos, threat) = hard_hint(&position, 50_000);
    assert_eq!(threat, Threat::StopsThreats);
    let mut after = position.clone();
    after.play(pos).unwrap();
    let (_, answer) = hard_hint(&after, 50_000);
    assert!(
        !matches!(answer, Threat::WinsByThreats(_) | Threat::WinsByFours(_)),
        "{pos:?}: {answer}"
    );
}

#[test]
fn the_computer_can_think_on_another_thread() {
    fn send<T: Send>(_: &T) {}
    send(&Computer::new());
    assert_eq!(Threat::StopsThreats.to_string(), "stops a win by threats");
}
