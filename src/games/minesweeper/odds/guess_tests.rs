//! The guess against exhaustive truth: the best chance of winning by trying every cell against
//! every layout, on boards small enough to do so.

use std::collections::HashMap;

use super::super::grid::Grid;
use super::endgame::endgame;
use super::weigh::weigh;
use super::*;

/// Every layout of the hidden cells that fits `position`, as the set of mined cells.
fn layouts(position: &Position) -> Vec<Vec<bool>> {
    let grid = Grid::new(position.rows, position.cols);
    let hidden: Vec<usize> = (0..position.cells.len())
        .filter(|&i| position.cells[i] == Seen::Hidden)
        .collect();
    let known = position.cells.iter().filter(|&&s| s == Seen::Mine).count() as u32;
    let mut found = Vec::new();
    for bits in 0u32..(1 << hidden.len()) {
        if bits.count_ones() + known != position.mines {
            continue;
        }
        let mut mine: Vec<bool> = position.cells.iter().map(|&s| s == Seen::Mine).collect();
        for (bit, &cell) in hidden.iter().enumerate() {
            mine[cell] = bits >> bit & 1 == 1;
        }
        let fits = (0..position.cells.len()).all(|cell| match position.cells[cell] {
            Seen::Revealed(value) => {
                grid.neighbour_indices(cell).filter(|&n| mine[n]).count() == usize::from(value)
            }
            _ => true,
        });
        if fits {
            found.push(mine);
        }
    }
    found
}

/// The best chance of winning from `position`, trying every hidden cell against every layout.
fn truth(position: &Position, memo: &mut HashMap<Vec<Seen>, f64>) -> f64 {
    if let Some(&known) = memo.get(&position.cells) {
        return known;
    }
    let grid = Grid::new(position.rows, position.cols);
    let fitting = layouts(position);
    let open: Vec<usize> = (0..position.cells.len())
        .filter(|&cell| position.cells[cell] == Seen::Hidden && fitting.iter().any(|l| !l[cell]))
        .collect();
    let best = if open.is_empty() {
        1.0
    } else {
        open.iter()
            .map(|&cell| opened(position, &grid, &fitting, cell, memo))
            .fold(0.0, f64::max)
    };
    memo.insert(position.cells.clone(), best);
    best
}

/// The chance of winning after opening `cell`, then playing best.
fn opened(
    position: &Position,
    grid: &Grid,
    fitting: &[Vec<bool>],
    cell: usize,
    memo: &mut HashMap<Vec<Seen>, f64>,
) -> f64 {
    let mut win = 0.0;
    for value in 0..=8u8 {
        let count = fitting
            .iter()
            .filter(|l| {
                !l[cell] && grid.neighbour_indices(cell).filter(|&n| l[n]).count() == value as usize
            })
            .count();
        if count > 0 {
            let mut next = position.clone();
            next.cells[cell] = Seen::Revealed(value);
            win += count as f64 * truth(&next, memo);
        }
    }
    win / fitting.len() as f64
}

/// Small positions read off seeded layouts: a few cells opened around a random safe cell.
fn small_positions() -> Vec<Position> {
    use rand::RngExt;
    let mut rng = crate::games::rng_from_seed(7);
    let mut found = Vec::new();
    while found.len() < 60 {
        let (rows, cols) = (rng.random_range(2..=4), rng.random_range(2..=4));
        let cells = rows * cols;
        let mines = rng.random_range(1..=cells / 3 + 1);
        let grid = Grid::new(rows, cols);
        let mut mine = vec![false; cells];
        for cell in rand::seq::index::sample(&mut rng, cells, mines) {
            mine[cell] = true;
        }
        let seen: Vec<Seen> = (0..cells)
            .map(|cell| {
                if !mine[cell] && rng.random_bool(0.4) {
                    Seen::Revealed(grid.neighbour_indices(cell).filter(|&n| mine[n]).count() as u8)
                } else {
                    Seen::Hidden
                }
            })
            .collect();
        let position = Position {
            rows,
            cols,
            mines: mines as u32,
            cells: seen,
        };
        let chances = odds(&position).expect("read off a layout");
        if chances.mine.iter().flatten().any(|&chance| chance == 0.0)
            || chances.mine.iter().flatten().all(|&chance| chance == 1.0)
        {
            continue;
        }
        found.push(position);
    }
    found
}

#[test]
fn the_endgame_search_wins_as_often_as_perfect_play() {
    for position in small_positions() {
        let mut memo = HashMap::new();
        let weighed = weigh(&position).expect("fits");
        let (cell, win) = endgame(&position, &weighed).expect("few layouts");
        let best = truth(&position, &mut memo);
        assert!(
            (win - best).abs() < 1e-9,
            "{position:?}: {win} against {best}"
        );
        let grid = Grid::new(position.rows, position.cols);
        let fitting = layouts(&position);
        let chosen = opened(&position, &grid, &fitting, cell, &mut memo);
        assert!(
            (chosen - best).abs() < 1e-9,
            "{position:?}: cell {cell} wins {chosen}, best {best}"
        );
    }
}

/// The chance that the cell at `row`, `col` of `text` (`mines` in all) ends in an unavoidable
/// 50/50.
fn fifty_risk_of(text: &str, mines: u32, row: usize, col: usize) -> f64 {
    let position = Position::parse(text, Some(mines)).expect("a position");
    let weighed = weigh(&position).expect("fits");
    super::fifty::fifty_risks(&position, &weighed)[row * position.cols + col]
}

#[test]
fn a_pair_no_cell_can_tell_apart_is_risk_carried_anyway() {
    // The mine is under one of the two covered cells, and every cell that could tell which is
    // open already.
    assert!((fifty_risk_of("11\n..\n", 1, 1, 0) - 1.0).abs() < 1e-12);
    // The cells on the right are safe, and the lower one shows 1 or 0 as the mine is beside it
    // or not: the pair can be told apart.
    assert!((fifty_risk_of("11.\n...\n", 1, 1, 0)).abs() < 1e-12);
}

#[test]
fn a_square_with_its_mines_on_a_diagonal_nothing_can_tell_is_risk_carried_anyway() {
    // Two mines on one diagonal or the other of the top left square (every number around it
    // sees one of each), the cell past its only corner on the board a known mine.
    let square = "..10\n..21\n12*1\n0111\n";
    for (row, col) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        assert!((fifty_risk_of(square, 3, row, col) - 1.0).abs() < 1e-12);
    }
    // With that corner showing a number instead, the number tells the diagonals apart.
    let told = "..10\n..10\n1121\n001*\n";
    assert_eq!(fifty_risk_of(told, 3, 0, 0), 0.0);
    let position = Position::parse(square, Some(3)).expect("a position");
    let weighed = weigh(&position).expect("fits");
    let (cell, _) = super::guess::guess(&position, &weighed).expect("a guess");
    assert!([0, 1, 4, 5].contains(&cell), "guessed cell {cell}");
}

#[test]
fn a_fifty_fifty_nothing_can_settle_is_guessed_at_once() {
    // One mine in the two covered cells under the 1 and the 3, walled in by known mines; one more
    // mine somewhere in the 23 cells away from every number, each far safer than an even chance.
    let text = "13*.....\n..*.....\n***.....\n........\n";
    let position = Position::parse(text, Some(7)).expect("a position");
    let weighed = weigh(&position).expect("fits");
    let (cell, _) = super::guess::guess(&position, &weighed).expect("a guess");
    assert!([8, 9].contains(&cell), "guessed cell {cell}");
}

/// The guess on an empty board of `rows` by `cols` whose open cells are the numbers `shown`.
fn guess_with(rows: usize, cols: usize, mines: u32, shown: &[(usize, usize, u8)]) -> usize {
    let mut lines = vec![vec!['.'; cols]; rows];
    for &(row, col, value) in shown {
        lines[row][col] = char::from(b'0' + value);
    }
    let text: String = lines
        .iter()
        .map(|line| line.iter().collect::<String>() + "\n")
        .collect();
    let position = Position::parse(&text, Some(mines)).expect("a position");
    let weighed = weigh(&position).expect("fits");
    super::guess::guess(&position, &weighed).expect("a guess").0
}

#[test]
fn before_any_area_opens_the_corners_are_tried_in_turn() {
    // Expert, the first click's corner shows 1: the nearest other corner, then the next.
    assert_eq!(guess_with(16, 30, 99, &[(0, 0, 1)]), 15 * 30);
    assert_eq!(guess_with(16, 30, 99, &[(0, 0, 1), (15, 0, 2)]), 29);
    assert_eq!(
        guess_with(16, 30, 99, &[(0, 0, 3), (15, 0, 1), (0, 29, 2)]),
        15 * 30 + 29
    );
    // A number away from the corners is not such a start.
    assert_ne!(guess_with(16, 30, 99, &[(0, 0, 1), (7, 7, 2)]), 15 * 30);
    // Where mines are so dense that the corner's neighbours are safer than the cells away from
    // it, one of those is guessed.
    assert!([1, 5, 6].contains(&guess_with(5, 5, 17, &[(0, 0, 1)])));
}
