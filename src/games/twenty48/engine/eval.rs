//! How good a position looks to the player: the evaluation at the leaves of the search.
//!
//! A board's value is the sum of the values of its lines, every row read left to right and every
//! column read top to bottom. A line's value rewards empty cells and equal neighbours (merges to
//! come) and penalises lines that are not monotone (a small tile caught between big ones) and big
//! tiles (which ask for room). [`Weights`] weigh those terms; the engine's are in `strategy.rs`.
//! Nothing else in the engine judges a position, except that a lost position is
//! worth [`LOST`].
//!
//! A 4x4 board looks its rows up in a table of the value of every line of four exponents up to
//! 15, built the first time a board is evaluated with those weights; other boards add up
//! [`line_value`] line by line. Both give the same value.

use std::sync::OnceLock;

use super::super::board::Board;
use super::packed::{Packed, ROWS, unpack_row};

/// The weights of the evaluation of one line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Every line starts with this much, so that living positions stay well above a loss.
    pub base: f32,
    /// For each empty cell.
    pub empty: f32,
    /// For each tile that has an equal neighbour along the line (empty cells between them do not
    /// count): a run of k equal tiles scores k.
    pub merges: f32,
    /// The penalty for disorder: over the line's steps, the smaller of the total rise and the
    /// total fall, measured on exponents raised to `monotone_power`.
    pub monotone: f32,
    pub monotone_power: f32,
    /// The penalty for the tiles themselves: the sum of their exponents raised to `sum_power`.
    pub sum: f32,
    pub sum_power: f32,
}

/// The value of a position where no move is left, well below the boards met in play: a board's
/// value falls as its tiles grow and lose their order (an ordered snake of tiles up to 32768 is
/// worth about +0.5 million, a disordered board of tiles up to 4096 about -1.2 million, with the
/// engine's weights), and a lost position must not look better than a living one. Lower
/// still would make the search shy of every small risk.
pub const LOST: f32 = -4_000_000.0;

/// The value of one line of exponents (0 = empty), read from either end: the value is the same.
pub fn line_value(w: &Weights, line: &[u8]) -> f32 {
    let mut empty = 0u32;
    let mut merges = 0u32;
    let mut sum = 0.0f32;
    let mut previous = 0u8;
    let mut run = 0u32;
    for &exponent in line {
        sum += f32::from(exponent).powf(w.sum_power);
        if exponent == 0 {
            empty += 1;
            continue;
        }
        if exponent == previous {
            run += 1;
        } else {
            if run > 0 {
                merges += run + 1;
            }
            run = 0;
        }
        previous = exponent;
    }
    if run > 0 {
        merges += run + 1;
    }
    let (mut rise, mut fall) = (0.0f32, 0.0f32);
    for pair in line.windows(2) {
        let a = f32::from(pair[0]).powf(w.monotone_power);
        let b = f32::from(pair[1]).powf(w.monotone_power);
        if a > b {
            fall += a - b;
        } else {
            rise += b - a;
        }
    }
    w.base + w.empty * empty as f32 + w.merges * merges as f32
        - w.monotone * rise.min(fall)
        - w.sum * sum
}

/// The evaluation of a board of any size: the values of its rows and of its columns.
pub fn board_value(w: &Weights, board: &Board) -> f32 {
    let size = board.size();
    let cells: Vec<u8> = board.rows().flatten().copied().collect();
    let mut total: f32 = board.rows().map(|row| line_value(w, row)).sum();
    let mut column = Vec::with_capacity(size);
    for c in 0..size {
        column.clear();
        column.extend((0..size).map(|r| cells[r * size + c]));
        total += line_value(w, &column);
    }
    total
}

/// An evaluation: its weights, and the value of every 4x4 line once a packed board has asked.
pub struct Evaluation {
    weights: Weights,
    /// 65,536 values (256 KiB), indexed by a packed row.
    lines: OnceLock<Box<[f32]>>,
}

impl Evaluation {
    /// An evaluation with `weights`; nothing is computed or allocated until it is first used.
    pub const fn new(weights: Weights) -> Evaluation {
        Evaluation {
            weights,
            lines: OnceLock::new(),
        }
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The line table, built on the first call.
    #[inline]
    fn lines(&self) -> &[f32] {
        self.lines.get_or_init(|| {
            (0..ROWS)
                .map(|row| line_value(&self.weights, &unpack_row(row as u16)))
                .collect()
        })
    }

    /// The value of a packed board: its four rows and its four columns looked up in the table.
    #[inline]
    pub fn packed(&self, board: Packed) -> f32 {
        let lines = self.lines();
        let columns = board.transpose();
        lines[board.row(0)]
            + lines[board.row(1)]
            + lines[board.row(2)]
            + lines[board.row(3)]
            + lines[columns.row(0)]
            + lines[columns.row(1)]
            + lines[columns.row(2)]
            + lines[columns.row(3)]
    }

    /// The value of a board of any size.
    pub fn board(&self, board: &Board) -> f32 {
        board_value(&self.weights, board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONLY_MERGES: Weights = Weights {
        base: 0.0,
        empty: 0.0,
        merges: 1.0,
        monotone: 0.0,
        monotone_power: 1.0,
        sum: 0.0,
        sum_power: 1.0,
    };

    #[test]
    fn a_line_reads_the_same_both_ways() {
        let w = Weights {
            base: 1.0,
            empty: 2.0,
            merges: 3.0,
            monotone: 4.0,
            monotone_power: 2.5,
            sum: 5.0,
            sum_power: 1.5,
        };
        for line in [[1u8, 2, 3, 4], [0, 5, 5, 1], [9, 1, 0, 9]] {
            let mut back = line;
            back.reverse();
            assert_eq!(line_value(&w, &line), line_value(&w, &back));
        }
    }

    #[test]
    fn equal_neighbours_count_across_gaps() {
        assert_eq!(line_value(&ONLY_MERGES, &[1, 0, 1, 2]), 2.0);
        assert_eq!(line_value(&ONLY_MERGES, &[3, 3, 3, 2]), 3.0);
        assert_eq!(line_value(&ONLY_MERGES, &[1, 1, 2, 2]), 4.0);
        assert_eq!(line_value(&ONLY_MERGES, &[1, 2, 1, 2]), 0.0);
    }

    #[test]
    fn the_line_table_is_built_on_first_use() {
        let evaluation = Evaluation::new(ONLY_MERGES);
        assert!(evaluation.lines.get().is_none());
        assert_eq!(evaluation.lines()[0x0101], 2.0);
        assert!(evaluation.lines.get().is_some());
    }
}
