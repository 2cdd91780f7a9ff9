//! Property tests of the rules as a whole: slides against a transcription of the original game's
//! algorithm, conservation of tile values, undo, determinism and saves.

use proptest::prelude::*;

use super::game::Game;
use super::{Board, Cell, Direction, MAX_SIZE, MIN_SIZE, max_exponent, slide_line, tile_value};

/// The original game's move on one line toward index 0, transcribed independently of
/// `line.rs`: each tile in turn travels to the farthest free cell, then merges with the tile
/// beyond it if equal and not itself made by a merge in this move.
fn original_slide(line: &[u8]) -> (Vec<u8>, u64) {
    let mut cells = line.to_vec();
    let mut merged_here = vec![false; line.len()];
    let mut score = 0u64;
    for i in 0..cells.len() {
        let tile = cells[i];
        if tile == 0 {
            continue;
        }
        cells[i] = 0;
        let mut farthest = i;
        while farthest > 0 && cells[farthest - 1] == 0 {
            farthest -= 1;
        }
        if farthest > 0 && cells[farthest - 1] == tile && !merged_here[farthest - 1] {
            cells[farthest - 1] = tile + 1;
            merged_here[farthest - 1] = true;
            score = score.saturating_add(1u64.checked_shl((tile + 1).into()).unwrap_or(u64::MAX));
        } else {
            cells[farthest] = tile;
        }
    }
    (cells, score)
}

/// The lines of a board as a move toward `direction` reads them, from the wall outward.
fn lines(board: &Board, direction: Direction) -> Vec<Vec<u8>> {
    let rows: Vec<Vec<u8>> = board.rows().map(|row| row.to_vec()).collect();
    let n = rows.len();
    let column = |c: usize| -> Vec<u8> { rows.iter().map(|row| row[c]).collect() };
    let reversed = |mut line: Vec<u8>| {
        line.reverse();
        line
    };
    match direction {
        Direction::Left => rows.clone(),
        Direction::Right => rows.iter().cloned().map(reversed).collect(),
        Direction::Up => (0..n).map(column).collect(),
        Direction::Down => (0..n).map(|c| reversed(column(c))).collect(),
    }
}

fn sum(board: &Board) -> u128 {
    board.rows().flatten().map(|&e| tile_value(e)).sum()
}

fn exponent() -> impl Strategy<Value = u8> {
    // Half the cells empty, the rest mostly small tiles as in play; 10 (1024) fits every size.
    prop_oneof![3 => Just(0u8), 2 => 1u8..=4, 1 => 1u8..=10]
}

fn board() -> impl Strategy<Value = Board> {
    (MIN_SIZE..=MAX_SIZE).prop_flat_map(|size| {
        proptest::collection::vec(exponent(), size * size)
            .prop_map(move |cells| Board::from_cells(size, &cells).unwrap())
    })
}

fn direction() -> impl Strategy<Value = Direction> {
    proptest::sample::select(Direction::ALL.to_vec())
}

/// A move, or an undo.
#[derive(Clone, Copy, Debug)]
enum Action {
    Play(Direction),
    Undo,
}

fn actions(max: usize) -> impl Strategy<Value = Vec<Action>> {
    let action = prop_oneof![6 => direction().prop_map(Action::Play), 1 => Just(Action::Undo)];
    proptest::collection::vec(action, 0..max)
}

/// A game from `seed` after `actions`, choosing to keep going after a win.
fn played(size: usize, seed: u64, actions: &[Action]) -> Game {
    let mut game = Game::new(size, seed).unwrap();
    for action in actions {
        match action {
            Action::Play(direction) => {
                game.play(*direction);
            }
            Action::Undo => {
                game.undo();
            }
        }
        game.keep_going();
    }
    game
}

/// A game on `board`, as if it had just started from `seed`.
fn game_on(board: Board, seed: u64) -> Game {
    let mut game = Game::new(board.size(), seed).unwrap();
    game.position.board = board;
    game
}

proptest! {
    #[test]
    fn lines_slide_as_in_the_original_game(
        line in (MIN_SIZE..=MAX_SIZE).prop_flat_map(|n| proptest::collection::vec(exponent(), n))
    ) {
        prop_assert_eq!(slide_line(&line), original_slide(&line));
    }

    #[test]
    fn boards_slide_line_by_line_as_in_the_original_game(start in board(), direction in direction()) {
        let expected: Vec<(Vec<u8>, u64)> =
            lines(&start, direction).iter().map(|line| original_slide(line)).collect();
        let mut slid = start;
        let score = slid.slide(direction);
        let changed = expected.iter().zip(lines(&start, direction)).any(|((after, _), before)| *after != before);
        prop_assert_eq!(score.is_some(), changed);
        prop_assert_eq!(score.unwrap_or(0), expected.iter().map(|(_, s)| s).sum::<u64>());
        let expected_lines: Vec<Vec<u8>> = expected.into_iter().map(|(line, _)| line).collect();
        prop_assert_eq!(lines(&slid, direction), expected_lines);
    }

    #[test]
    fn can_move_means_some_move_changes_the_board(start in board()) {
        let some_move_changes = Direction::ALL.iter().any(|&d| start.clone().slide(d).is_some());
        prop_assert_eq!(start.can_move(), some_move_changes);
    }

    #[test]
    fn a_move_keeps_the_tiles_total_plus_the_new_tile(
        start in board(), direction in direction(), seed in any::<u64>()
    ) {
        let mut game = game_on(start, seed);
        let before = game.clone();
        match game.play(direction) {
            Some(report) => {
                prop_assert_eq!(sum(game.board()), sum(&start) + tile_value(report.spawned.exponent));
                prop_assert_eq!(game.score(), report.score_gained);
                prop_assert_eq!(game.moves(), 1);
            }
            None => prop_assert_eq!(game, before),
        }
    }

    #[test]
    fn merges_never_chain_and_motions_cover_every_tile(
        start in board(), direction in direction(), seed in any::<u64>()
    ) {
        let mut game = game_on(start, seed);
        if let Some(report) = game.play(direction) {
            let tiles = start.rows().flatten().filter(|&&e| e != 0).count();
            prop_assert_eq!(report.motions.len(), tiles);
            let at = |board: &Board, cell: Cell| board.get(cell).unwrap();
            for motion in &report.motions {
                prop_assert_eq!(motion.exponent, at(&start, motion.from));
            }
            for made in &report.merged {
                let sources: Vec<u8> = report
                    .motions
                    .iter()
                    .filter(|m| m.merged && m.to == made.cell)
                    .map(|m| at(&start, m.from))
                    .collect();
                // Exactly two tiles, each one step below the new tile: a tile that merged in
                // this move would be two steps below or bring a third source.
                prop_assert_eq!(sources, vec![made.exponent - 1; 2]);
            }
            let points: u64 = report.merged.iter().map(|t| super::merge_points(t.exponent)).sum();
            prop_assert_eq!(report.score_gained, points);
            for motion in report.motions.iter().filter(|m| !m.merged) {
                prop_assert_eq!(at(game.board(), motion.to), at(&start, motion.from));
            }
        }
    }

    #[test]
    fn undo_restores_the_exact_previous_state(
        size in MIN_SIZE..=MAX_SIZE, seed in any::<u64>(), history in actions(60), direction in direction()
    ) {
        let mut game = played(size, seed, &history);
        let before = game.clone();
        if game.play(direction).is_some() {
            prop_assert!(game.undo());
            prop_assert_eq!(&game.position, &before.position);
            prop_assert_eq!(&game.history, &before.history);
            prop_assert_eq!(game.win, before.win);
            prop_assert!(game.undo_used());
        }
    }

    #[test]
    fn the_same_seed_and_moves_give_the_same_game(
        size in MIN_SIZE..=MAX_SIZE, seed in any::<u64>(), moves in actions(80)
    ) {
        let replay = || {
            let mut game = Game::new(size, seed).unwrap();
            let reports: Vec<_> = moves
                .iter()
                .filter_map(|action| match action {
                    Action::Play(direction) => game.play(*direction),
                    Action::Undo => {
                        game.undo();
                        None
                    }
                })
                .collect();
            (game, reports)
        };
        prop_assert_eq!(replay(), replay());
    }

    #[test]
    fn a_saved_game_loads_identical(
        size in MIN_SIZE..=MAX_SIZE, seed in any::<u64>(), moves in actions(150)
    ) {
        let game = played(size, seed, &moves);
        let json = serde_json::to_string(&game).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Game>(&json).unwrap(), &game);
        let toml = toml::to_string(&game).unwrap();
        prop_assert_eq!(&toml::from_str::<Game>(&toml).unwrap(), &game);
    }

    #[test]
    fn a_save_with_an_impossible_tile_is_refused(
        size in MIN_SIZE..=MAX_SIZE, seed in any::<u64>(), moves in actions(20),
        cell in any::<prop::sample::Index>(), excess in 1u8..=200
    ) {
        let mut save = serde_json::to_value(played(size, seed, &moves)).unwrap();
        let cells = &mut save["position"]["board"]["cells"];
        let index = cell.index(size * size);
        cells[index] = (u16::from(max_exponent(size)) + u16::from(excess)).into();
        prop_assert!(serde_json::from_value::<Game>(save).is_err());
    }

    #[test]
    fn a_game_played_again_from_its_seed_and_inputs_is_the_same_game(
        size in MIN_SIZE..=MAX_SIZE, seed in any::<u64>(), moves in actions(200)
    ) {
        let game = played(size, seed, &moves);
        prop_assert_eq!(game.seed(), Some(seed));
        let again = Game::replay(size, seed, game.inputs()).unwrap();
        prop_assert_eq!(&again, &game);
        // And so is its save, inputs included.
        let text = toml::to_string(&game).unwrap();
        prop_assert_eq!(toml::from_str::<Game>(&text).unwrap(), game);
    }

    #[test]
    fn damaged_save_text_never_panics_and_never_loads_a_broken_game(
        seed in any::<u64>(), moves in actions(30),
        at in any::<prop::sample::Index>(), byte in any::<u8>(), cut in any::<bool>()
    ) {
        let text = serde_json::to_string(&played(4, seed, &moves)).unwrap();
        let mut bytes = text.into_bytes();
        let at = at.index(bytes.len());
        if cut {
            bytes.truncate(at);
        } else {
            bytes[at] = byte;
        }
        let Ok(damaged) = std::str::from_utf8(&bytes) else { return Ok(()) };
        if let Ok(mut game) = serde_json::from_str::<Game>(damaged) {
            // A damage that still loads (a digit of the score, say) must give a playable game.
            for direction in Direction::ALL {
                game.play(direction);
                game.keep_going();
            }
            while game.undo() {}
            let resaved = serde_json::to_string(&game).unwrap();
            prop_assert_eq!(serde_json::from_str::<Game>(&resaved).unwrap(), game);
        }
    }
}

#[test]
fn the_transcription_agrees_with_the_original_games_examples() {
    assert_eq!(original_slide(&[1, 1, 1, 1]), (vec![2, 2, 0, 0], 8));
    assert_eq!(original_slide(&[1, 1, 1, 0]), (vec![2, 1, 0, 0], 4));
    assert_eq!(original_slide(&[2, 2, 3, 0]), (vec![3, 3, 0, 0], 8));
    assert_eq!(original_slide(&[1, 1, 2, 2]), (vec![2, 3, 0, 0], 12));
    assert_eq!(original_slide(&[3, 0, 0, 3]), (vec![4, 0, 0, 0], 16));
}
