//! Neighbour directions, and the window in which two nearby numbers' cells are compared.
//!
//! A revealed number's unknown neighbours are kept as one byte, a bit per direction. Two numbers
//! whose neighbourhoods overlap are at most two rows and two columns apart, so all the cells of
//! both fit in a 7x7 window centred on the first; spreading both bytes into that window as 49-bit
//! masks turns their intersection and differences into plain bit operations.

use super::super::grid::Grid;

/// Row and column steps to the eight neighbours, in reading order. The neighbour in direction
/// `d` sees the cell in direction `7 - d`.
pub(super) const STEPS: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The direction in which the neighbour in direction `direction` sees the cell.
pub(super) const fn opposite(direction: usize) -> usize {
    7 - direction
}

/// The neighbours of the cell at `index` that lie on the board, as direction bits.
pub(super) fn on_board(grid: Grid, index: usize) -> u8 {
    let (row, col) = (index / grid.cols(), index % grid.cols());
    let (up, down) = (row > 0, row + 1 < grid.rows());
    let (left, right) = (col > 0, col + 1 < grid.cols());
    let inside = [
        up && left,
        up,
        up && right,
        left,
        right,
        down && left,
        down,
        down && right,
    ];
    inside
        .iter()
        .enumerate()
        .fold(0, |bits, (direction, &inside)| {
            bits | (u8::from(inside) << direction)
        })
}

/// The flat index of the neighbour of `index` in `direction`, which must be on the board.
pub(super) fn step(cols: usize, index: usize, direction: usize) -> usize {
    let (rows, cols_step) = STEPS[direction];
    index.wrapping_add_signed(rows * cols as isize + cols_step)
}

/// The side of the window; its centre is at row and column `REACH`.
const SIDE: isize = 7;
const REACH: isize = 3;
/// How far apart two numbers can be and still share a neighbour.
pub(super) const NEAR: isize = 2;

/// `SPREAD[bits]`: the neighbours `bits` of the window's centre, as window bits (bit
/// `row * 7 + col`). One 2 kB table for the centre: one per offset would be 50 kB of the
/// program's file, paged in with the constants beside it long before a solver runs.
static SPREAD: [u64; 256] = spread_table();

/// The neighbours `bits` of the cell `rows` and `cols` (each within `NEAR`) from the window's
/// centre, as window bits: the centre's, moved. A neighbour is at most one row and column from
/// its cell, and the cell at most `NEAR` from the centre, `REACH` in all: every neighbour stays
/// inside the window, so moving by whole rows and columns is a shift of the bits.
pub(super) fn spread(bits: u8, rows: isize, cols: isize) -> u64 {
    let centred = SPREAD[usize::from(bits)];
    let shift = rows * SIDE + cols;
    if shift >= 0 {
        centred << shift
    } else {
        centred >> -shift
    }
}

/// The board index of window bit `bit` when the window is centred on `centre`.
pub(super) fn cell_of_bit(cols: usize, centre: usize, bit: u32) -> usize {
    let (rows, cols_step) = (bit as isize / SIDE - REACH, bit as isize % SIDE - REACH);
    centre.wrapping_add_signed(rows * cols as isize + cols_step)
}

const fn spread_table() -> [u64; 256] {
    let mut table = [0; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut window = 0;
        let mut direction = 0;
        while direction < 8 {
            if bits & (1 << direction) != 0 {
                let (row_step, col_step) = STEPS[direction];
                window |= 1 << ((REACH + row_step) * SIDE + REACH + col_step);
            }
            direction += 1;
        }
        table[bits] = window;
        bits += 1;
    }
    table
}
