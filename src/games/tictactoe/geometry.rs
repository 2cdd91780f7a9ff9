//! What the engine precomputes once per board shape: every winning line, the lines through each
//! cell, the hashing keys and the board's symmetries.

use super::cells::Cells;
use super::rules::Rules;

pub(super) struct Geometry {
    pub rules: Rules,
    /// Every cell of the board.
    pub board: Cells,
    /// Every run of `in_a_row` cells in a row, column or diagonal.
    pub lines: Vec<Cells>,
    /// For each cell, the indices into `lines` of the lines that contain it.
    pub lines_through: Vec<Vec<usize>>,
    /// Cell permutations that map lines onto lines (rotations and reflections), identity first.
    pub symmetries: Vec<Vec<usize>>,
    /// `inverses[s]` undoes `symmetries[s]`.
    pub inverses: Vec<Vec<usize>>,
    /// The hashing key of a mark on a cell as seen through each symmetry, at
    /// `(cell * 2 + mark) * symmetries.len() + symmetry`. A position's hash through a symmetry is
    /// the XOR of the keys of its marks; the smallest over all symmetries is the same for every
    /// mirror image of a position, so the table shares what it learns among them.
    pub keys: Vec<u64>,
}

impl Geometry {
    pub fn new(rules: Rules) -> Geometry {
        debug_assert!(rules.cell_count() <= Cells::CAPACITY);
        let lines = winning_lines(rules);
        let lines_through = (0..rules.cell_count())
            .map(|cell| {
                (0..lines.len())
                    .filter(|&line| lines[line].contains(cell))
                    .collect()
            })
            .collect();
        let mut seed = 0x7ac7_ac70_e5ee_d000;
        let plain_keys: Vec<u64> = (0..rules.cell_count() * 2)
            .map(|_| splitmix64(&mut seed))
            .collect();
        let symmetries = symmetries(rules);
        let keys = (0..rules.cell_count() * 2)
            .flat_map(|key| symmetries.iter().map(move |map| (key / 2, key % 2, map)))
            .map(|(cell, mark, map)| plain_keys[map[cell] * 2 + mark])
            .collect();
        let inverses = symmetries
            .iter()
            .map(|map| {
                let mut inverse = vec![0; map.len()];
                map.iter()
                    .enumerate()
                    .for_each(|(cell, &image)| inverse[image] = cell);
                inverse
            })
            .collect();
        Geometry {
            rules,
            board: (0..rules.cell_count()).collect(),
            lines,
            lines_through,
            symmetries,
            inverses,
            keys,
        }
    }

    pub fn cell_count(&self) -> usize {
        self.rules.cell_count()
    }
}

fn winning_lines(rules: Rules) -> Vec<Cells> {
    let (rows, cols, k) = (
        rules.rows() as isize,
        rules.cols() as isize,
        rules.in_a_row() as isize,
    );
    let mut lines = Vec::new();
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        for row in 0..rows {
            for col in 0..cols {
                let (end_row, end_col) = (row + dr * (k - 1), col + dc * (k - 1));
                if !(0..rows).contains(&end_row) || !(0..cols).contains(&end_col) {
                    continue;
                }
                let line: Cells = (0..k)
                    .map(|i| ((row + dr * i) * cols + col + dc * i) as usize)
                    .collect();
                // With one in a row every direction gives the same single cells.
                if !lines.contains(&line) {
                    lines.push(line);
                }
            }
        }
    }
    lines
}

/// Reflections of the rows and of the columns, and on a square board also the transposition: with
/// them come all the rotations.
fn symmetries(rules: Rules) -> Vec<Vec<usize>> {
    let (rows, cols) = (rules.rows(), rules.cols());
    let transpositions: &[bool] = if rows == cols {
        &[false, true]
    } else {
        &[false]
    };
    let mut maps = Vec::new();
    for &transpose in transpositions {
        for flip_rows in [false, true] {
            for flip_cols in [false, true] {
                let map = (0..rows * cols).map(|cell| {
                    let (mut row, mut col) = (cell / cols, cell % cols);
                    if transpose {
                        (row, col) = (col, row);
                    }
                    if flip_rows {
                        row = rows - 1 - row;
                    }
                    if flip_cols {
                        col = cols - 1 - col;
                    }
                    row * cols + col
                });
                maps.push(map.collect());
            }
        }
    }
    maps
}

/// A fixed-seed generator for the hashing keys, which need to be well mixed but not secret.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
