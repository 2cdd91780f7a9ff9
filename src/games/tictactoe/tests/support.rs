//! Reference code shared by the tests: deliberately plain, so that it can judge the fast code.

use rand::RngExt;

use super::super::{Game, Mark, Pos, Rules};
use crate::games::rng_from_seed;

/// Every run of `in_a_row` cells on the board, each once, in the direction it runs.
pub fn all_lines(rules: Rules) -> Vec<Vec<Pos>> {
    let (rows, cols, k) = (
        rules.rows() as isize,
        rules.cols() as isize,
        rules.in_a_row() as isize,
    );
    let on_board = |&(r, c): &(isize, isize)| (0..rows).contains(&r) && (0..cols).contains(&c);
    let mut lines = Vec::new();
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        for row in 0..rows {
            for col in 0..cols {
                let cells: Vec<(isize, isize)> =
                    (0..k).map(|i| (row + dr * i, col + dc * i)).collect();
                let line: Vec<Pos> = cells
                    .iter()
                    .map(|&(r, c)| Pos::new(r as usize, c as usize))
                    .collect();
                // With one in a row all four directions give the same lines.
                if cells.iter().all(on_board) && !lines.contains(&line) {
                    lines.push(line);
                }
            }
        }
    }
    lines
}

/// The free cells where `mark` would complete a line.
pub fn winning_cells(game: &Game, mark: Mark) -> Vec<Pos> {
    let lines = all_lines(game.rules());
    game.free_cells()
        .filter(|&cell| {
            lines.iter().any(|line| {
                line.contains(&cell)
                    && line
                        .iter()
                        .all(|&pos| pos == cell || game.mark_at(pos) == Some(mark))
            })
        })
        .collect()
}

/// The board as a number, two bits a cell, for boards of up to 32 cells.
pub fn board_key(game: &Game) -> u64 {
    let rules = game.rules();
    assert!(rules.cell_count() <= 32);
    (0..rules.rows())
        .flat_map(|row| (0..rules.cols()).map(move |col| Pos::new(row, col)))
        .fold(0, |key, pos| {
            key << 2
                | match game.mark_at(pos) {
                    None => 0,
                    Some(Mark::X) => 1,
                    Some(Mark::O) => 2,
                }
        })
}

/// Games still in progress after a random number of random moves, reproducible from `seed`.
pub fn random_positions(rules: Rules, count: usize, seed: u64) -> Vec<Game> {
    let mut rng = rng_from_seed(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut game = Game::new(rules);
        let length = rng.random_range(0..rules.cell_count());
        for _ in 0..length {
            let free: Vec<Pos> = game.free_cells().collect();
            game.play(free[rng.random_range(0..free.len())]).unwrap();
            if game.is_over() {
                break;
            }
        }
        if !game.is_over() {
            positions.push(game);
        }
    }
    positions
}
