//! The 4x4 board packed into one `u64`, and the row tables that move it.
//!
//! Cell (row, col) holds its exponent in the four bits at `4 * (4 * row + col)`: row `r` is the
//! 16 bits at `16 * r`, its leftmost cell in the lowest nibble. A move left or right looks every
//! row up in a table of all 65,536 rows; a move up or down transposes the board so columns become
//! rows, looks them up in the same tables and transposes back.
//!
//! The tables (768 KiB, of which the search uses the two move tables of 128 KiB) are built the
//! first time a packed board moves, not when the program starts. Small move tables stay in the
//! processor's caches: this made the search some 7% faster than tables laid out as columns.
//!
//! Four bits hold exponents up to 15 (a 32768). Two 32768s that meet stay side by side in a packed
//! move, since their sum does not fit: that is the one place where a packed move differs from the
//! rules. [`Packed::from_board`] refuses boards with a bigger tile, and the player keeps such
//! positions on the general path (see `player.rs`), so no move it plays relies on the difference.

use std::sync::LazyLock;

use super::super::board::{Board, Direction};
use super::super::line::merge_points;

/// The exponent of the biggest tile a packed board holds: 15, a 32768.
pub const PACKED_MAX_EXPONENT: u8 = 15;

/// A 4x4 board of exponents in 64 bits (see the module documentation for the layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Packed(u64);

/// Every table indexed by a row of four nibbles.
struct Tables {
    /// A row slid left, as a row: 16 bits.
    left: Vec<u16>,
    /// A row slid right.
    right: Vec<u16>,
    /// Points scored by the merges of a slide to the left, and to the right.
    left_points: Vec<u32>,
    right_points: Vec<u32>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

fn tables() -> &'static Tables {
    &TABLES
}

/// The number of rows of four nibbles: the length of every row table.
pub const ROWS: usize = 1 << 16;
const NIBBLE: u64 = 0xf;
const ROW: u64 = 0xffff;
/// The low nibble of every cell.
const LOW_BITS: u64 = 0x1111_1111_1111_1111;

/// The four exponents of a row, leftmost first.
pub fn unpack_row(row: u16) -> [u8; 4] {
    std::array::from_fn(|i| ((row >> (4 * i)) & 0xf) as u8)
}

fn pack_row(line: [u8; 4]) -> u16 {
    line.iter()
        .enumerate()
        .fold(0, |row, (i, &e)| row | (u16::from(e) << (4 * i)))
}

fn reverse_row(row: u16) -> u16 {
    (row >> 12) | ((row >> 4) & 0x00f0) | ((row << 4) & 0x0f00) | (row << 12)
}

/// A line of four exponents slid toward index 0, as the rules slide it, except that two 15s stay
/// apart (their merge would not fit in four bits). Returns the line and the points scored.
fn slide_four(line: [u8; 4]) -> ([u8; 4], u32) {
    let mut out = [0u8; 4];
    let mut points = 0u32;
    let mut slot = 0;
    let mut may_merge = false;
    for exponent in line.into_iter().filter(|&e| e != 0) {
        if may_merge && out[slot - 1] == exponent && exponent < PACKED_MAX_EXPONENT {
            out[slot - 1] = exponent + 1;
            points += merge_points(exponent + 1) as u32;
            may_merge = false;
        } else {
            out[slot] = exponent;
            slot += 1;
            may_merge = true;
        }
    }
    (out, points)
}

impl Tables {
    fn build() -> Tables {
        let mut tables = Tables {
            left: vec![0; ROWS],
            right: vec![0; ROWS],
            left_points: vec![0; ROWS],
            right_points: vec![0; ROWS],
        };
        for index in 0..ROWS {
            let row = index as u16;
            let line = unpack_row(row);
            let (slid, points) = slide_four(line);
            let left = pack_row(slid);
            let reversed = reverse_row(row);
            let (slid_back, points_back) = slide_four(unpack_row(reversed));
            let right = reverse_row(pack_row(slid_back));
            tables.left[index] = left;
            tables.right[index] = right;
            tables.left_points[index] = points;
            tables.right_points[index] = points_back;
        }
        tables
    }
}

impl Packed {
    /// The packed form of a 4x4 board whose tiles are at most [`PACKED_MAX_EXPONENT`]; None for
    /// another size or a bigger tile.
    pub fn from_board(board: &Board) -> Option<Packed> {
        if board.size() != 4 {
            return None;
        }
        let mut bits = 0u64;
        for (index, &exponent) in board.rows().flatten().enumerate() {
            if exponent > PACKED_MAX_EXPONENT {
                return None;
            }
            bits |= u64::from(exponent) << (4 * index);
        }
        Some(Packed(bits))
    }

    /// The rules' board with the same tiles.
    pub fn to_board(self) -> Board {
        let cells: Vec<u8> = (0..16).map(|index| self.get(index)).collect();
        Board::from_cells(4, &cells).expect("every packed exponent fits a 4x4 board")
    }

    /// The board with these 64 bits (see the module documentation for the layout).
    pub const fn from_bits(bits: u64) -> Packed {
        Packed(bits)
    }

    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The exponent of cell `index` (row by row, 0 to 15).
    pub fn get(self, index: usize) -> u8 {
        ((self.0 >> (4 * index)) & NIBBLE) as u8
    }

    /// The board with rows and columns swapped.
    #[inline]
    pub fn transpose(self) -> Packed {
        let x = self.0;
        let a1 = x & 0xF0F0_0F0F_F0F0_0F0F;
        let a2 = x & 0x0000_F0F0_0000_F0F0;
        let a3 = x & 0x0F0F_0000_0F0F_0000;
        let a = a1 | (a2 << 12) | (a3 >> 12);
        let b1 = a & 0xFF00_FF00_00FF_00FF;
        let b2 = a & 0x00FF_00FF_0000_0000;
        let b3 = a & 0x0000_0000_FF00_FF00;
        Packed(b1 | (b2 >> 24) | (b3 << 24))
    }

    /// Row `r` (0 to 3) as a table index.
    #[inline]
    pub fn row(self, r: u32) -> usize {
        ((self.0 >> (16 * r)) & ROW) as usize
    }

    /// The board after a move toward `direction`, without a new tile; the same board when the
    /// move changes nothing.
    #[inline]
    pub fn moved(self, direction: Direction) -> Packed {
        let t = tables();
        match direction {
            Direction::Left => self.rows_moved(&t.left),
            Direction::Right => self.rows_moved(&t.right),
            Direction::Up => self.transpose().rows_moved(&t.left).transpose(),
            Direction::Down => self.transpose().rows_moved(&t.right).transpose(),
        }
    }

    /// The board after each move, in [`Direction::ALL`] order (the same board for a move that
    /// changes nothing): the columns' moves share one transposition.
    #[inline]
    pub fn moves(self) -> [Packed; 4] {
        let t = tables();
        let columns = self.transpose();
        [
            columns.rows_moved(&t.left).transpose(),
            columns.rows_moved(&t.right).transpose(),
            self.rows_moved(&t.left),
            self.rows_moved(&t.right),
        ]
    }

    /// Every row looked up in a row table (two tables of 128 KiB serve all four moves).
    #[inline]
    fn rows_moved(self, table: &[u16]) -> Packed {
        Packed(
            u64::from(table[self.row(0)])
                | u64::from(table[self.row(1)]) << 16
                | u64::from(table[self.row(2)]) << 32
                | u64::from(table[self.row(3)]) << 48,
        )
    }

    /// A move toward `direction` with its points, as [`Board::slide`]: None when the move changes
    /// nothing.
    pub fn slide(self, direction: Direction) -> Option<(Packed, u64)> {
        let after = self.moved(direction);
        if after == self {
            return None;
        }
        let t = tables();
        let (lines, points) = match direction {
            Direction::Left => (self, &t.left_points),
            Direction::Right => (self, &t.right_points),
            Direction::Up => (self.transpose(), &t.left_points),
            Direction::Down => (self.transpose(), &t.right_points),
        };
        let score = (0..4).map(|r| u64::from(points[lines.row(r)])).sum();
        Some((after, score))
    }

    /// The number of empty cells.
    #[inline]
    pub fn empty_count(self) -> u32 {
        self.empty_mask().count_ones()
    }

    /// One bit, the lowest of its nibble, for every empty cell.
    #[inline]
    pub fn empty_mask(self) -> u64 {
        let mut x = self.0;
        x |= x >> 2;
        x |= x >> 1;
        !x & LOW_BITS
    }

    /// True when some move changes the board.
    pub fn can_move(self) -> bool {
        Direction::ALL.iter().any(|&d| self.moved(d) != self)
    }

    /// The exponent of the biggest tile.
    pub fn biggest_tile(self) -> u8 {
        (0..16).map(|i| self.get(i)).max().unwrap_or(0)
    }

    /// How many different tiles the board holds (empty cells not counted).
    pub fn distinct_tiles(self) -> u32 {
        let mut seen = 0u16;
        let mut x = self.0;
        for _ in 0..16 {
            seen |= 1 << (x & NIBBLE);
            x >>= 4;
        }
        (seen & !1).count_ones()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_slide_as_the_rules_slide_them() {
        for index in 0..ROWS {
            let line = unpack_row(index as u16);
            let (rules, points) = super::super::super::line::slide_line(&line);
            if rules.iter().all(|&e| e <= PACKED_MAX_EXPONENT) {
                let (packed, packed_points) = slide_four(line);
                assert_eq!((packed.to_vec(), u64::from(packed_points)), (rules, points));
            }
        }
    }

    #[test]
    fn two_32768s_stay_apart() {
        assert_eq!(slide_four([15, 15, 0, 0]), ([15, 15, 0, 0], 0));
        assert_eq!(slide_four([14, 14, 15, 15]), ([15, 15, 15, 0], 1 << 15));
    }

    #[test]
    fn all_moves_at_once_are_the_moves_one_by_one() {
        for bits in [
            0x0123_4567_89ab_cdef,
            0x1100_2211_0033_1234,
            0x0001_0010_0100_1000,
        ] {
            let board = Packed(bits);
            let each = Direction::ALL.map(|direction| board.moved(direction));
            assert_eq!(board.moves(), each);
            for (direction, after) in Direction::ALL.into_iter().zip(each) {
                let mut rules = board.to_board();
                rules.slide(direction);
                assert_eq!(Packed::from_board(&rules), Some(after));
            }
        }
    }

    #[test]
    fn transposing_twice_gives_the_board_back() {
        let board = Packed(0x0123_4567_89ab_cdef);
        assert_eq!(board.transpose().transpose(), board);
        for r in 0..4 {
            for c in 0..4 {
                assert_eq!(board.transpose().get(4 * c + r), board.get(4 * r + c));
            }
        }
    }

    #[test]
    fn counts() {
        let board = Packed(0x0000_1100_2003_0001);
        assert_eq!(board.empty_count(), 11);
        assert_eq!(board.distinct_tiles(), 3);
        assert_eq!(board.biggest_tile(), 3);
        assert_eq!(Packed(0).empty_count(), 16);
        assert!(!Packed(0).can_move());
    }
}
