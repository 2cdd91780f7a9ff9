//! Tests of the engine against the rules, of the evaluation, and of the player in whole games.

use proptest::prelude::*;

use super::super::game::{Game, Status};
use super::super::{Board, Direction};
use super::budget::Budget;
use super::eval::LOST;
use super::packed::{PACKED_MAX_EXPONENT, Packed};
use super::player::Player;
use super::strategy::{Level, STRATEGY};

fn board(size: usize, cells: &[u8]) -> Board {
    Board::from_cells(size, cells).unwrap()
}

fn direction() -> impl Strategy<Value = Direction> {
    proptest::sample::select(Direction::ALL.to_vec())
}

/// 4x4 boards as in play (half the cells empty, small tiles common) and with every exponent a
/// packed board holds, two 32768s side by side included.
fn board_4x4() -> impl Strategy<Value = Board> {
    let exponent = prop_oneof![
        4 => Just(0u8),
        3 => 1u8..=4,
        2 => 1u8..=PACKED_MAX_EXPONENT,
        1 => 13u8..=PACKED_MAX_EXPONENT,
    ];
    proptest::collection::vec(exponent, 16).prop_map(|cells| board(4, &cells))
}

/// The board with every row reversed.
fn mirror(board: &Board) -> Board {
    let cells: Vec<u8> = board
        .rows()
        .flat_map(|row| row.iter().rev().copied())
        .collect();
    Board::from_cells(board.size(), &cells).unwrap()
}

/// Whether two tiles of `exponent` are neighbours on the board.
fn touching_pair_of(board: &Board, exponent: u8) -> bool {
    let rows: Vec<&[u8]> = board.rows().collect();
    (0..4).any(|r| {
        (0..4).any(|c| {
            rows[r][c] == exponent
                && ((c + 1 < 4 && rows[r][c + 1] == exponent)
                    || (r + 1 < 4 && rows[r + 1][c] == exponent))
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn packed_moves_are_the_rules_moves(start in board_4x4(), direction in direction()) {
        let packed = Packed::from_board(&start).unwrap();
        prop_assert_eq!(packed.to_board(), start);
        let mut rules = start;
        let points = rules.slide(direction);
        let fits = rules.rows().flatten().all(|&e| e <= PACKED_MAX_EXPONENT);
        if fits {
            let expected = points.map(|points| (Packed::from_board(&rules).unwrap(), points));
            prop_assert_eq!(packed.slide(direction), expected);
            prop_assert_eq!(packed.moved(direction).to_board(), rules);
        } else {
            // Two 32768s met: the rules make a 65536, the packed board keeps them apart, and the
            // player never searches such a position on the packed board (see below).
            prop_assert!(rules.biggest_tile() == PACKED_MAX_EXPONENT + 1);
            prop_assert!(packed.moved(direction).biggest_tile() <= PACKED_MAX_EXPONENT);
        }
    }

    #[test]
    fn packed_counts_are_the_boards(start in board_4x4()) {
        let packed = Packed::from_board(&start).unwrap();
        let cells: Vec<u8> = start.rows().flatten().copied().collect();
        prop_assert_eq!(packed.empty_count() as usize, cells.iter().filter(|&&e| e == 0).count());
        prop_assert_eq!(packed.biggest_tile(), start.biggest_tile());
        // Two 32768s side by side merge under the rules but not in four bits: then the packed board
        // may see no move where the rules see one, never the other way round.
        if touching_pair_of(&start, PACKED_MAX_EXPONENT) {
            prop_assert!(!packed.can_move() || start.can_move());
        } else {
            prop_assert_eq!(packed.can_move(), start.can_move());
        }
    }

    #[test]
    fn the_packed_evaluation_is_the_general_one(start in board_4x4()) {
        let evaluation = &STRATEGY.evaluation;
        let packed = evaluation.packed(Packed::from_board(&start).unwrap());
        let general = evaluation.board(&start);
        prop_assert!((packed - general).abs() <= general.abs() * 1e-5, "{} {}", packed, general);
    }

    #[test]
    fn the_evaluation_is_the_same_for_every_symmetry_of_the_board(start in board_4x4()) {
        let packed = Packed::from_board(&start).unwrap();
        let mirrored = Packed::from_board(&mirror(&start)).unwrap();
        let evaluation = &STRATEGY.evaluation;
        let value = evaluation.packed(packed);
        for same in [packed.transpose(), mirrored, mirrored.transpose()] {
            let other = evaluation.packed(same);
            // The same eight line values added in another order: equal up to the rounding of
            // sums of a few million in f32.
            prop_assert!((value - other).abs() <= 4.0, "{} {}", value, other);
        }
    }

    #[test]
    fn the_suggested_move_changes_the_board(start in board_4x4(), nodes in 1u64..3_000) {
        let mut player = Player::new();
        let suggested = player.best_move(&start, Budget::nodes(nodes));
        prop_assert_eq!(suggested.is_some(), start.can_move());
        if let Some(direction) = suggested {
            prop_assert!(start.clone().slide(direction).is_some());
        }
    }
}

#[test]
fn exponents_above_15_do_not_pack() {
    let mut cells = [0u8; 16];
    cells[0] = 16;
    assert_eq!(Packed::from_board(&board(4, &cells)), None);
    assert_eq!(Packed::from_board(&Board::new(5).unwrap()), None);
}

#[test]
fn boards_too_big_for_the_packed_search_take_the_general_path() {
    let mut player = Player::new();
    // A 65536 in the corner: only the general path holds it.
    let mut cells = [0u8; 16];
    cells[0] = 16;
    cells[1] = 15;
    cells[5] = 1;
    let big = board(4, &cells);
    let analysis = player.analyse(&big, Budget::nodes(50_000)).unwrap();
    assert!(!analysis.packed);
    assert!(big.clone().slide(analysis.best).is_some());

    // Two 32768s side by side: the packed move would keep them apart, so the general path
    // plays, and merges them (the only move that frees a cell).
    let mut cells = [1, 2, 1, 2, 2, 1, 2, 1, 1, 2, 1, 2, 15, 15, 3, 4];
    let two = board(4, &cells);
    let analysis = player.analyse(&two, Budget::nodes(50_000)).unwrap();
    assert!(!analysis.packed);
    assert!(matches!(analysis.best, Direction::Left | Direction::Right));

    // The same without the second 32768 is packed.
    cells[13] = 14;
    assert!(
        player
            .analyse(&board(4, &cells), Budget::nodes(1_000))
            .is_none()
    );
    cells[14] = 14;
    assert!(
        player
            .analyse(&board(4, &cells), Budget::nodes(1_000))
            .unwrap()
            .packed
    );
}

/// Boards from rows of tile values (0 = empty), so the examples read like the game.
fn from_values(rows: &[[u32; 4]; 4]) -> Board {
    let cells: Vec<u8> = rows
        .iter()
        .flatten()
        .map(|&v| if v == 0 { 0 } else { v.trailing_zeros() as u8 })
        .collect();
    board(4, &cells)
}

#[test]
fn free_cells_and_monotone_lines_score_higher() {
    let evaluation = &STRATEGY.evaluation;
    let value = |rows: &[[u32; 4]; 4]| evaluation.board(&from_values(rows));
    // The same tiles, in order along the top row or out of order.
    let ordered = value(&[[64, 32, 16, 8], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
    let disordered = value(&[[32, 64, 8, 16], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
    assert!(ordered > disordered, "{ordered} {disordered}");
    // One more free cell: the 2 merged away.
    let crowded = value(&[[64, 32, 16, 8], [2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
    assert!(ordered > crowded, "{ordered} {crowded}");
    // Equal neighbours about to merge are worth more than the same count of unequal tiles.
    let pair = value(&[[64, 32, 16, 8], [4, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
    let apart = value(&[[64, 32, 16, 8], [4, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
    assert!(pair > apart, "{pair} {apart}");
    // A big tile in the corner beats the same tile in the middle.
    let corner = value(&[[256, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]]);
    let middle = value(&[[0, 0, 0, 0], [0, 256, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]]);
    assert!(corner > middle, "{corner} {middle}");
    // Every one of them is worth more than a lost position.
    for living in [ordered, disordered, crowded, pair, apart, corner, middle] {
        assert!(living > LOST);
    }
}

#[test]
fn the_player_keeps_its_big_tile_in_the_corner() {
    // Up would pull the 512 out of its corner; left keeps the row in order and merges the 8s.
    let start = from_values(&[[512, 8, 8, 2], [4, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
    let mut player = Player::new();
    assert_eq!(
        player.best_move(&start, Budget::nodes(20_000)),
        Some(Direction::Left)
    );
}

#[test]
fn the_same_node_budget_gives_the_same_answer() {
    // A player that has searched other boards before answers as a new one does.
    let mut game = Game::new(4, 17).unwrap();
    let mut kept = Player::new();
    for _ in 0..40 {
        let budget = Budget::nodes(20_000);
        let analysis = kept.analyse(game.board(), budget).unwrap();
        assert_eq!(Player::new().analyse(game.board(), budget), Some(analysis));
        game.play(analysis.best).unwrap();
    }
}

#[test]
fn a_time_budget_answers_in_time() {
    let mut game = Game::new(4, 3).unwrap();
    let mut player = Player::new();
    for _ in 0..30 {
        let start = std::time::Instant::now();
        let direction = player
            .best_move(
                game.board(),
                Budget::time(std::time::Duration::from_millis(5)),
            )
            .unwrap();
        // Generous: the machine running the tests may be busy.
        assert!(start.elapsed() < std::time::Duration::from_millis(500));
        game.play(direction).unwrap();
    }
}

#[test]
fn no_move_no_suggestion() {
    let stuck = board(3, &[1, 2, 1, 2, 1, 2, 1, 2, 1]);
    assert_eq!(Player::new().best_move(&stuck, Level::Fast.hint()), None);
    let full = board(4, &[1, 2, 1, 2, 2, 1, 2, 1, 1, 2, 1, 2, 2, 1, 2, 1]);
    assert_eq!(Player::new().best_move(&full, Level::Fast.hint()), None);
}

#[test]
fn the_player_waits_for_keep_going_after_the_win() {
    let mut game = Game::new(4, 1).unwrap();
    let mut player = Player::new();
    // Play until the 2048; a modest budget gets there in about a thousand moves.
    while game.status() == Status::Playing {
        let direction = player.next_move(&game, Budget::nodes(3_000)).unwrap();
        game.play(direction).unwrap();
    }
    assert_eq!(game.status(), Status::Won);
    assert_eq!(player.next_move(&game, Budget::nodes(3_000)), None);
    game.keep_going();
    assert!(player.next_move(&game, Budget::nodes(3_000)).is_some());
}

#[test]
fn the_player_can_think_on_another_thread() {
    fn is_send<T: Send>(_: &T) {}
    let mut player = Player::new();
    is_send(&player);
    let board = *Game::new(4, 5).unwrap().board();
    let answer = std::thread::spawn(move || player.best_move(&board, Level::Fast.hint()))
        .join()
        .unwrap();
    assert!(answer.is_some());
}

/// Plays `game` to its end with `player`, checking every move: the chosen move changes the
/// board, and the player gives up only when no move does. Returns the moves played.
fn play_out(game: &mut Game, player: &mut Player, budget: Budget) -> u64 {
    loop {
        game.keep_going();
        let Some(direction) = player.next_move(game, budget) else {
            assert_eq!(game.status(), Status::Over);
            assert!(!game.can_move());
            return game.moves();
        };
        let before = *game.board();
        assert!(
            game.play(direction).is_some(),
            "{direction:?} on {before:?}"
        );
        assert_ne!(*game.board(), before);
    }
}

#[test]
fn autoplay_plays_legal_games_to_the_end() {
    let mut player = Player::new();
    for seed in 0..3 {
        // Small budgets keep the games short: hundreds of moves, not thousands.
        let mut game = Game::new(4, seed).unwrap();
        let moves = play_out(&mut game, &mut player, Budget::nodes(40));
        assert!(moves > 50, "{moves}");
        let mut game = Game::new(3, seed).unwrap();
        play_out(&mut game, &mut player, Budget::nodes(2_000));
    }
}

#[test]
fn the_general_path_plays_every_size() {
    let mut player = Player::new();
    for size in 5..=8 {
        let mut game = Game::new(size, size as u64).unwrap();
        for _ in 0..30 {
            let analysis = player.analyse(game.board(), Budget::nodes(20_000)).unwrap();
            assert!(!analysis.packed);
            assert!(analysis.depth >= 1);
            game.play(analysis.best).unwrap();
        }
    }
}

#[test]
fn the_strong_level_looks_deeper_and_plays_legal_moves() {
    // Mid-game positions of a seeded game, searched with each level's autoplay node budget.
    let mut game = Game::new(4, 11).unwrap();
    let mut player = Player::new();
    let (mut fast, mut strong) = (0, 0);
    for _ in 0..300 {
        let board = *game.board();
        let depth = |player: &mut Player, level: Level| {
            let budget = Budget::nodes(level.autoplay().nodes);
            let analysis = player.analyse(&board, budget).unwrap();
            assert!(board.clone().slide(analysis.best).is_some());
            (analysis.best, analysis.depth)
        };
        fast += depth(&mut player, Level::Fast).1;
        let (best, depth) = depth(&mut player, Level::Strong);
        strong += depth;
        game.play(best).unwrap();
    }
    assert!(strong > fast, "strong {strong}, fast {fast}");
}
