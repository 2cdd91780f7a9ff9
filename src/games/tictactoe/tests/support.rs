//! Reference code shared by the tests: deliberately plain, so that it can judge the fast code.

use super::super::{Game, Mark, Pos, Rules};

/// Every run of `in_a_row` cells on the board, in the direction it runs.
pub fn all_lines(rules: Rules) -> Vec<Vec<Pos>> {
    let (rows, cols, k) = (
        rules.rows() as isize,
        rules.cols() as isize,
        rules.in_a_row() as isize,
    );
    let mut lines = Vec::new();
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        for row in 0..rows {
            for col in 0..cols {
                let cells: Vec<(isize, isize)> =
                    (0..k).map(|i| (row + dr * i, col + dc * i)).collect();
                if cells
                    .iter()
                    .all(|&(r, c)| (0..rows).contains(&r) && (0..cols).contains(&c))
                {
                    lines.push(
                        cells
                            .iter()
                            .map(|&(r, c)| Pos::new(r as usize, c as usize))
                            .collect(),
                    );
                }
            }
        }
    }
    lines
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
