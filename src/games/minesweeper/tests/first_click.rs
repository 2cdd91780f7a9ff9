use std::collections::HashSet;

use super::around;
use crate::games::minesweeper::{
    BoardSize, CellView, FirstClick, Game, GameOptions, MineField, Pos, Status, place_mines,
};

const PRESETS: [BoardSize; 3] = [BoardSize::BEGINNER, BoardSize::MEDIUM, BoardSize::EXPERT];
const MODES: [FirstClick; 3] = FirstClick::ALL;

fn positions(size: BoardSize) -> impl Iterator<Item = Pos> {
    (0..size.rows()).flat_map(move |row| (0..size.cols()).map(move |col| Pos::new(row, col)))
}

fn generate(size: BoardSize, seed: u64, first: Pos, mode: FirstClick) -> MineField {
    place_mines(size, seed, first, mode).unwrap()
}

/// Checks the field made for a first reveal at `first`: the right number of mines, none where
/// `mode` promises none.
fn assert_keeps_its_promise(field: &MineField, size: BoardSize, first: Pos, mode: FirstClick) {
    assert_eq!(
        field.mines().count(),
        size.mines(),
        "{size:?} from {first:?}"
    );
    assert!(!field.is_mine(first), "{size:?} {mode:?} from {first:?}");
    if mode != FirstClick::Safe {
        for near in around(size.rows(), size.cols(), first) {
            assert!(
                !field.is_mine(near),
                "{size:?} from {first:?}: mine at {near:?}"
            );
        }
    }
}

#[test]
fn every_first_cell_of_every_preset_keeps_its_promise() {
    for size in PRESETS {
        for mode in MODES {
            for (seed, first) in positions(size).enumerate() {
                let field = generate(size, seed as u64, first, mode);
                assert_keeps_its_promise(&field, size, first, mode);
            }
        }
    }
}

#[test]
fn every_first_reveal_of_every_preset_opens_as_promised() {
    for size in PRESETS {
        for mode in MODES {
            for (seed, first) in positions(size).enumerate() {
                let options = GameOptions {
                    first_click: mode,
                    question_marks: false,
                };
                let mut game = Game::new(size, seed as u64, options);
                assert!(game.reveal(first).started());
                assert_ne!(
                    game.status(),
                    Status::Lost,
                    "{size:?} {mode:?} from {first:?}"
                );
                let view = game.cell(first);
                match mode {
                    FirstClick::Opening | FirstClick::NoGuess => {
                        assert_eq!(view, CellView::Revealed(0), "{size:?} from {first:?}");
                        for near in around(size.rows(), size.cols(), first) {
                            assert!(matches!(game.cell(near), CellView::Revealed(_)));
                        }
                    }
                    FirstClick::Safe => assert!(matches!(view, CellView::Revealed(_))),
                }
            }
        }
    }
}

#[test]
fn dense_boards_keep_their_promise_from_every_cell() {
    let size = BoardSize::new(5, 5, 16).unwrap();
    for mode in MODES {
        for first in positions(size) {
            for seed in 0..20 {
                let field = generate(size, seed, first, mode);
                assert_keeps_its_promise(&field, size, first, mode);
            }
        }
    }
}

#[test]
fn the_same_seed_size_and_first_cell_give_the_same_board() {
    for mode in MODES {
        let first = Pos::new(10, 12);
        let board = generate(BoardSize::EXPERT, 42, first, mode);
        assert_eq!(generate(BoardSize::EXPERT, 42, first, mode), board);
    }
}

#[test]
fn different_seeds_give_different_boards() {
    let layouts: HashSet<Vec<Pos>> = (0..32)
        .map(|seed| {
            generate(
                BoardSize::EXPERT,
                seed,
                Pos::new(10, 12),
                FirstClick::Opening,
            )
        })
        .map(|field| field.mines().collect())
        .collect();
    assert_eq!(layouts.len(), 32);
}

/// Counts where a single mine lands over many seeds; every allowed cell should get about the same
/// share. The seeds are fixed, so this cannot flake; the bounds are about five standard deviations.
fn single_mine_counts(first: Pos, mode: FirstClick, runs: u64) -> Vec<u64> {
    let size = BoardSize::new(5, 5, 1).unwrap();
    let mut counts = vec![0; size.cells()];
    for seed in 0..runs {
        let mine = generate(size, seed, first, mode).mines().next().unwrap();
        counts[mine.row * size.cols() + mine.col] += 1;
    }
    counts
}

#[test]
fn a_mine_is_placed_uniformly_over_the_allowed_cells() {
    for (first, mode, allowed) in [
        (Pos::new(0, 0), FirstClick::Safe, 24),
        (Pos::new(2, 2), FirstClick::Opening, 16),
    ] {
        let counts = single_mine_counts(first, mode, allowed * 1000);
        let kept_free: Vec<usize> = match mode {
            FirstClick::Safe => vec![0],
            _ => vec![6, 7, 8, 11, 12, 13, 16, 17, 18],
        };
        for (cell, &count) in counts.iter().enumerate() {
            if kept_free.contains(&cell) {
                assert_eq!(count, 0, "cell {cell} should stay free");
            } else {
                assert!(
                    (840..=1160).contains(&count),
                    "cell {cell}: {count} of 1000 expected"
                );
            }
        }
    }
}

#[test]
fn no_board_for_a_first_cell_off_the_board() {
    let size = BoardSize::BEGINNER;
    assert_eq!(
        place_mines(size, 1, Pos::new(9, 0), FirstClick::Opening),
        None
    );
    assert_eq!(
        place_mines(size, 1, Pos::new(0, usize::MAX), FirstClick::Safe),
        None
    );
}

#[test]
fn first_click_modes_have_names() {
    for mode in FirstClick::ALL {
        assert_eq!(mode.name().parse(), Ok(mode));
        assert_eq!(mode.to_string(), mode.name());
    }
    assert_eq!("no-guess".parse(), Ok(FirstClick::NoGuess));
    let error = "noguess".parse::<FirstClick>().unwrap_err();
    assert!(error.to_string().contains("opening, safe or no-guess"));
}
