//! The solver against brute force: every placement of the mines that fits what the player sees.

use rand::RngExt;

use super::{around, field, mines_around};
use crate::games::minesweeper::solver::Solver;
use crate::games::minesweeper::{Deductions, MineField, PlayerView, Pos, solve};
use crate::games::rng_from_seed;

/// What brute force proves: the hidden cells safe in every fitting placement, and those that are
/// a mine in every one; `None` when no placement fits.
fn brute_force(view: &PlayerView) -> Option<(Vec<Pos>, Vec<Pos>)> {
    let grid = view.grid();
    let hidden: Vec<Pos> = grid
        .positions()
        .filter(|&pos| view.number(pos).is_none())
        .collect();
    assert!(hidden.len() <= 20, "too many hidden cells to try them all");
    // Each number as (the hidden cells around it as bits, its value).
    let numbers: Vec<(u32, u32)> = grid
        .positions()
        .filter_map(|pos| {
            let value = view.number(pos)?;
            let around: u32 = around(grid.rows(), grid.cols(), pos)
                .iter()
                .filter_map(|near| hidden.iter().position(|cell| cell == near))
                .fold(0, |bits, place| bits | 1 << place);
            Some((around, u32::from(value)))
        })
        .collect();
    if view.mines() > hidden.len() {
        return None;
    }
    let (mut ever_mine, mut ever_safe, mut any) = (0u32, 0u32, false);
    for placement in placements(hidden.len(), view.mines()) {
        if numbers
            .iter()
            .all(|&(around, value)| (placement & around).count_ones() == value)
        {
            any = true;
            ever_mine |= placement;
            ever_safe |= !placement;
        }
    }
    let pick = |ever: u32| -> Vec<Pos> {
        (0..hidden.len())
            .filter(|place| ever & (1 << place) == 0)
            .map(|place| hidden[place])
            .collect()
    };
    any.then(|| (pick(ever_mine), pick(ever_safe)))
}

/// Every set of `mines` of `cells` cells, as bits (Gosper's hack walks them in increasing order).
fn placements(cells: usize, mines: usize) -> impl Iterator<Item = u32> {
    let end = 1u64 << cells;
    let first = (1u64 << mines) - 1;
    std::iter::successors(Some(first), move |&set| {
        if set == 0 {
            return None;
        }
        let lowest = set & set.wrapping_neg();
        let ripple = set + lowest;
        Some((((ripple ^ set) >> 2) / lowest) | ripple)
    })
    .take_while(move |&set| set < end)
    .map(|set| set as u32)
}

/// The view of `field` with `revealed` open.
fn view_of(field: &MineField, revealed: &[Pos]) -> PlayerView {
    let grid = field.grid();
    let mut view = PlayerView::new(grid.rows(), grid.cols(), field.mine_count()).unwrap();
    for &pos in revealed {
        view.reveal(pos, mines_around(field, pos));
    }
    view
}

/// A random board of at most 8x8 cells, with some of its safe cells revealed (at most 16 cells
/// left hidden): either scattered at random or as the opening a reveal would make.
fn random_case(seed: u64) -> (MineField, Vec<Pos>) {
    let mut rng = rng_from_seed(seed);
    let (rows, cols) = (rng.random_range(1..=8), rng.random_range(1..=8));
    let cells = rows * cols;
    // At most 14 mines, so that revealing safe cells can always bring the hidden ones to 16.
    let density = rng.random_range(0.05..0.35);
    let mines: Vec<Pos> = (0..cells)
        .filter(|_| rng.random_bool(density))
        .take(14)
        .map(|index| Pos::new(index / cols, index % cols))
        .collect();
    let field = MineField::from_mines(rows, cols, &mines).unwrap();
    let safe: Vec<Pos> = field
        .grid()
        .positions()
        .filter(|&pos| !field.is_mine(pos))
        .collect();
    let mut revealed: Vec<Pos> = if rng.random_bool(0.5) {
        let share = rng.random_range(0.0..1.0);
        safe.iter()
            .copied()
            .filter(|_| rng.random_bool(share))
            .collect()
    } else if safe.is_empty() {
        Vec::new()
    } else {
        opening(&field, safe[rng.random_range(0..safe.len())])
    };
    while cells - revealed.len() > 16 {
        let pos = safe[rng.random_range(0..safe.len())];
        if !revealed.contains(&pos) {
            revealed.push(pos);
        }
    }
    (field, revealed)
}

/// The cells one reveal of `start` opens, grown the obvious way.
fn opening(field: &MineField, start: Pos) -> Vec<Pos> {
    let grid = field.grid();
    let mut open = vec![start];
    let mut next = 0;
    while next < open.len() {
        let pos = open[next];
        next += 1;
        if mines_around(field, pos) == 0 {
            for near in around(grid.rows(), grid.cols(), pos) {
                if !open.contains(&near) {
                    open.push(near);
                }
            }
        }
    }
    open
}

/// Solves `view` with at most `steps` enumeration steps per component.
fn solve_with_steps(view: &PlayerView, steps: u32) -> Option<Deductions> {
    let grid = view.grid();
    let mut solver = Solver::from_view(grid, view.mines(), |index| {
        view.number(Pos::new(index / grid.cols(), index % grid.cols()))
    });
    solver.set_component_steps(steps);
    solver.settle(&mut |_| None);
    solver.deductions()
}

#[test]
fn the_solver_proves_exactly_what_brute_force_proves() {
    for seed in 0..4000 {
        let (field, revealed) = random_case(seed);
        let view = view_of(&field, &revealed);
        let (safe, mines) = brute_force(&view).expect("a real board fits its own view");
        let found = solve(&view).expect("a real board's view is consistent");
        assert!(
            !found.bounded,
            "seed {seed}: small boards fit within the bound"
        );
        assert_eq!((&found.safe, &found.mines), (&safe, &mines), "seed {seed}");
    }
}

#[test]
fn the_solver_finds_the_views_that_no_board_fits() {
    let mut contradictions = 0;
    for seed in 0..3000 {
        let (field, revealed) = random_case(seed);
        if revealed.is_empty() {
            continue;
        }
        // A view with one number, or the mine count, one off.
        let mut rng = rng_from_seed(seed);
        let mut view = view_of(&field, &revealed);
        if rng.random_bool(0.8) {
            let pos = revealed[rng.random_range(0..revealed.len())];
            let number = view.number(pos).unwrap();
            view.reveal(pos, if number == 0 { 1 } else { number - 1 });
        } else {
            let grid = field.grid();
            let mut changed = PlayerView::new(grid.rows(), grid.cols(), field.mine_count() + 1);
            let changed = changed.as_mut().unwrap();
            for &pos in &revealed {
                changed.reveal(pos, view.number(pos).unwrap());
            }
            view = changed.clone();
        }
        let expected = brute_force(&view);
        let found = solve(&view);
        contradictions += usize::from(expected.is_none());
        match (expected, found) {
            (None, found) => assert_eq!(found, None, "seed {seed}"),
            (Some((safe, mines)), Some(found)) => {
                assert_eq!((found.safe, found.mines), (safe, mines), "seed {seed}");
            }
            (Some(_), None) => panic!("seed {seed}: a board fits but the solver found none"),
        }
    }
    assert!(contradictions > 1000, "{contradictions}");
}

#[test]
fn past_its_bound_the_solver_only_leaves_cells_undecided() {
    for steps in [0, 3, 20] {
        for seed in 0..2000 {
            let (field, revealed) = random_case(seed);
            let view = view_of(&field, &revealed);
            let (safe, mines) = brute_force(&view).unwrap();
            let found = solve_with_steps(&view, steps).unwrap();
            assert!(
                found.safe.iter().all(|pos| safe.contains(pos)),
                "seed {seed}"
            );
            assert!(
                found.mines.iter().all(|pos| mines.contains(pos)),
                "seed {seed}"
            );
            assert!(found.safe.iter().all(|pos| !field.is_mine(*pos)));
        }
    }
}

#[test]
fn a_view_no_board_fits_has_no_deductions() {
    let mut view = PlayerView::new(1, 3, 1).unwrap();
    view.reveal(Pos::new(0, 0), 1);
    view.reveal(Pos::new(0, 2), 0);
    assert_eq!(brute_force(&view), None);
    assert_eq!(solve(&view), None);
    // More mines than hidden cells.
    assert_eq!(solve(&PlayerView::new(2, 2, 5).unwrap()), None);
}

/// A board drawn as text: `*` a hidden mine, `-` a hidden safe cell, a digit a revealed cell
/// (checked against the mines around it).
fn picture_view(picture: &str) -> (MineField, PlayerView) {
    let board = field(&picture.replace(|c: char| c == '-' || c.is_ascii_digit(), "."));
    let rows: Vec<&str> = picture
        .lines()
        .map(str::trim)
        .filter(|row| !row.is_empty())
        .collect();
    let mut revealed = Vec::new();
    for (row, line) in rows.iter().enumerate() {
        for (col, c) in line.chars().enumerate() {
            if let Some(digit) = c.to_digit(10) {
                let pos = Pos::new(row, col);
                assert_eq!(u32::from(mines_around(&board, pos)), digit, "{pos:?}");
                revealed.push(pos);
            }
        }
    }
    let view = view_of(&board, &revealed);
    (board, view)
}

fn positions(cells: &[(usize, usize)]) -> Vec<Pos> {
    cells.iter().map(|&(row, col)| Pos::new(row, col)).collect()
}

/// Without the exact tier (no enumeration steps) the single and pair rules must do it alone.
fn assert_pairs_solve(picture: &str, safe: &[(usize, usize)], mines: &[(usize, usize)]) {
    let (_, view) = picture_view(picture);
    let found = solve_with_steps(&view, 0).unwrap();
    assert_eq!(found.safe, positions(safe), "{picture}");
    assert_eq!(found.mines, positions(mines), "{picture}");
}

#[test]
fn one_two_one_against_a_wall() {
    assert_pairs_solve(
        "*-*
         121
         000",
        &[(0, 1)],
        &[(0, 0), (0, 2)],
    );
    // The same in the middle of a longer wall: mines over the 1s next to the 2.
    assert_pairs_solve(
        "--*-*--
         0112110
         0000000",
        &[(0, 0), (0, 1), (0, 3), (0, 5), (0, 6)],
        &[(0, 2), (0, 4)],
    );
}

#[test]
fn one_two_two_one_against_a_wall() {
    assert_pairs_solve(
        "-**-
         1221
         0000",
        &[(0, 0), (0, 3)],
        &[(0, 1), (0, 2)],
    );
}

#[test]
fn a_corner_one_touching_a_hidden_block_at_its_corner() {
    // The 1 at (2, 2) sees only the block's inner corner, so that is the mine; the 1s beside it
    // then clear the rest of the numbers' cells. No number sees the far corner (0, 0): the mine
    // count settles it.
    let picture = "--10
                   -*10
                   1110
                   0000";
    let (_, view) = picture_view(picture);
    let found = solve(&view).unwrap();
    assert_eq!(found.safe, positions(&[(0, 0), (0, 1), (1, 0)]));
    assert_eq!(found.mines, positions(&[(1, 1)]));
}

#[test]
fn a_case_only_the_mine_count_settles() {
    // The 1s say one mine is in the left pair and one in the right pair, sharing the middle cell;
    // (1, 1) is cleared by the 0 below it. One mine means the middle; two mean the ends.
    for (picture, safe, mines) in [
        ("-*-\n1-1\n000", vec![(0, 0), (0, 2), (1, 1)], vec![(0, 1)]),
        ("*-*\n1-1\n000", vec![(0, 1), (1, 1)], vec![(0, 0), (0, 2)]),
    ] {
        let (_, view) = picture_view(picture);
        let found = solve(&view).unwrap();
        assert_eq!(found.safe, positions(&safe), "{picture}");
        assert_eq!(found.mines, positions(&mines), "{picture}");
        // The numbers alone cannot decide the top row.
        let local = solve_with_steps(&view, 0).unwrap();
        assert_eq!(local.safe, positions(&[(1, 1)]), "{picture}");
        assert!(local.mines.is_empty());
    }
}
