//! The engine's board: stones on a grid padded with blocked cells, and for every cell, player and
//! direction the pattern key of its neighbourhood and the shape it gives, updated move by move.
//! A move changes the keys of the forty cells on its lines and nothing else, so the searches read
//! threats, the evaluation and the hash without ever scanning the board.

use std::sync::OnceLock;

use super::Mark;
use super::pattern::{self, Class, POTENTIAL, REACH, Shape, place_value};
use super::rules::Rules;
use super::{Game, Pos};

pub(super) const EMPTY: u8 = 0;
const WALL: u8 = 3;

/// 0 for X, 1 for O: the index of per-player arrays.
pub(super) fn side(mark: Mark) -> usize {
    match mark {
        Mark::X => 0,
        Mark::O => 1,
    }
}

#[derive(Clone)]
pub(super) struct Board {
    rules: Rules,
    /// Cells from one row to the next: the side plus `REACH` blocked cells, so that a line
    /// running off one edge meets blocked cells before it comes back on the other.
    stride: usize,
    /// Steps along the four directions.
    steps: [isize; 4],
    cells: Vec<u8>,
    keys: Vec<[[u32; 4]; 2]>,
    shapes: Vec<[[Shape; 4]; 2]>,
    table: &'static [Shape],
    /// For each player, the shapes over all empty cells and directions: counts and their worth.
    counts: [[u16; Shape::COUNT]; 2],
    potential: [i32; 2],
    /// Stones within two cells each way: the cells worth considering have one.
    near: Vec<u8>,
    /// The rows and columns holding stones, before each move, to scan no more than needed.
    bounds: Vec<[usize; 4]>,
    hash: u64,
    to_move: Mark,
    history: Vec<usize>,
}

impl Board {
    pub fn new(rules: Rules) -> Board {
        let size = rules.size();
        let stride = size + REACH;
        let len = (size + 2 * REACH + 1) * stride;
        let table = pattern::shapes(rules.rule());
        let mut board = Board {
            rules,
            stride,
            steps: [1, stride as isize, stride as isize + 1, stride as isize - 1],
            cells: vec![WALL; len],
            keys: vec![[[0; 4]; 2]; len],
            shapes: vec![[[Shape::Dead; 4]; 2]; len],
            table,
            counts: [[0; Shape::COUNT]; 2],
            potential: [0; 2],
            near: vec![0; len],
            bounds: Vec::new(),
            hash: 0,
            to_move: Mark::X,
            history: Vec::new(),
        };
        for row in 0..size {
            for col in 0..size {
                let index = board.index(Pos::new(row, col));
                board.cells[index] = EMPTY;
            }
        }
        for index in 0..len {
            if board.cells[index] != EMPTY {
                continue;
            }
            for dir in 0..4 {
                let mut key = 0;
                for offset in offsets() {
                    if board.cells[board.along(index, dir, offset)] == WALL {
                        key += 2 * place_value(offset);
                    }
                }
                for player in 0..2 {
                    board.keys[index][player][dir] = key;
                    board.shapes[index][player][dir] = table[key as usize];
                }
            }
            board.count_cell(index, 1);
        }
        board
    }

    /// The engine's copy of a game in progress.
    pub fn from_game(game: &Game) -> Board {
        let mut board = Board::new(game.rules());
        for &pos in game.history() {
            board.play(board.index(pos));
        }
        board
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn index(&self, pos: Pos) -> usize {
        (pos.row + REACH) * self.stride + pos.col + REACH
    }

    pub fn pos(&self, index: usize) -> Pos {
        Pos::new(index / self.stride - REACH, index % self.stride - REACH)
    }

    pub fn is_empty(&self, index: usize) -> bool {
        self.cells[index] == EMPTY
    }

    pub fn to_move(&self) -> Mark {
        self.to_move
    }

    pub fn stones(&self) -> usize {
        self.history.len()
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The shapes `mark` makes along the four lines by playing the empty cell `index`.
    pub fn shapes(&self, index: usize, mark: Mark) -> [Shape; 4] {
        self.shapes[index][side(mark)]
    }

    pub fn class(&self, index: usize, mark: Mark) -> Class {
        pattern::class(self.shapes(index, mark))
    }

    /// Whether some empty cell gives `mark` the shape `shape` along some line.
    pub fn has(&self, mark: Mark, shape: Shape) -> bool {
        self.counts[side(mark)][shape as usize] > 0
    }

    /// The worth of every empty cell to `mark` (see [`POTENTIAL`]).
    pub fn potential(&self, mark: Mark) -> i32 {
        self.potential[side(mark)]
    }

    /// The cell `offset` steps from `index` along direction `dir`.
    pub fn along(&self, index: usize, dir: usize, offset: isize) -> usize {
        index.wrapping_add_signed(self.steps[dir] * offset)
    }

    /// Puts the stone of the player to move on the empty cell `index`.
    pub fn play(&mut self, index: usize) {
        self.put(index, self.to_move);
        self.pass();
    }

    /// Takes back the last [`play`](Board::play).
    pub fn undo(&mut self) {
        let index = self.history.pop().expect("a move to take back");
        self.pass();
        let mark = self.to_move;
        self.bounds.pop();
        self.update_lines(index, mark, false);
        self.cells[index] = EMPTY;
        self.count_cell(index, 1);
        self.update_near(index, false);
        self.hash ^= zobrist(index, mark);
    }

    /// Puts a stone of `mark` without changing whose turn it is, to set up a position.
    pub fn put(&mut self, index: usize, mark: Mark) {
        debug_assert!(self.is_empty(index));
        let pos = self.pos(index);
        let bounds = match self.bounds.last() {
            Some(&[top, bottom, left, right]) => [
                top.min(pos.row),
                bottom.max(pos.row),
                left.min(pos.col),
                right.max(pos.col),
            ],
            None => [pos.row, pos.row, pos.col, pos.col],
        };
        self.bounds.push(bounds);
        self.count_cell(index, -1);
        self.cells[index] = side(mark) as u8 + 1;
        self.update_lines(index, mark, true);
        self.update_near(index, true);
        self.hash ^= zobrist(index, mark);
        self.history.push(index);
    }

    /// Blocks a cell for both players for good (a Gomocup board's third kind of field).
    pub fn block(&mut self, index: usize) {
        self.count_cell(index, -1);
        self.cells[index] = WALL;
        for dir in 0..4 {
            for offset in offsets() {
                let cell = self.along(index, dir, offset);
                for player in 0..2 {
                    self.set_key(cell, player, dir, 2 * place_value(-offset) as i32);
                }
            }
        }
    }

    /// Hands the move to the other player, as a null move does in the threat searches.
    pub fn pass(&mut self) {
        self.to_move = self.to_move.other();
        self.hash ^= SIDE_KEY;
    }

    /// The empty cells within two of a stone, row by row; the centre on an empty board, and
    /// every empty cell when none of those is free (on a board with blocked cells).
    pub fn candidates(&self, out: &mut Vec<usize>) {
        out.clear();
        let last = self.rules.size() - 1;
        match self.bounds.last() {
            None => out.push(self.index(Pos::new(last / 2, last / 2))),
            Some(&[top, bottom, left, right]) => {
                for row in top.saturating_sub(2)..=(bottom + 2).min(last) {
                    let start = self.index(Pos::new(row, left.saturating_sub(2)));
                    let end = self.index(Pos::new(row, (right + 2).min(last)));
                    out.extend((start..=end).filter(|&i| self.is_empty(i) && self.near[i] > 0));
                }
            }
        }
        out.retain(|&i| self.is_empty(i));
        if out.is_empty() {
            out.extend((0..self.cells.len()).filter(|&i| self.is_empty(i)));
        }
    }

    /// The cells where `mark` would make five.
    pub fn fives(&self, mark: Mark, out: &mut Vec<usize>) {
        out.clear();
        if self.has(mark, Shape::Five) {
            let mut cells = Vec::new();
            self.candidates(&mut cells);
            let player = side(mark);
            out.extend(
                cells
                    .into_iter()
                    .filter(|&i| self.shapes[i][player].contains(&Shape::Five)),
            );
        }
    }

    fn update_lines(&mut self, index: usize, mark: Mark, adding: bool) {
        let owner = side(mark);
        for dir in 0..4 {
            for offset in offsets() {
                let cell = self.along(index, dir, offset);
                let value = place_value(-offset) as i32;
                for player in 0..2 {
                    let digit = if player == owner { 1 } else { 2 };
                    let change = if adding {
                        digit * value
                    } else {
                        -digit * value
                    };
                    self.set_key(cell, player, dir, change);
                }
            }
        }
    }

    fn set_key(&mut self, cell: usize, player: usize, dir: usize, change: i32) {
        let key = &mut self.keys[cell][player][dir];
        *key = key.wrapping_add_signed(change);
        let new = self
            .table
            .get(*key as usize)
            .copied()
            .unwrap_or(Shape::Dead);
        let old = std::mem::replace(&mut self.shapes[cell][player][dir], new);
        if old != new && self.cells[cell] == EMPTY {
            self.counts[player][old as usize] -= 1;
            self.counts[player][new as usize] += 1;
            self.potential[player] += POTENTIAL[new as usize] - POTENTIAL[old as usize];
        }
    }

    /// Adds (`sign` 1) or removes (-1) an empty cell's shapes from the counts and potentials.
    fn count_cell(&mut self, index: usize, sign: i32) {
        for player in 0..2 {
            for dir in 0..4 {
                let shape = self.shapes[index][player][dir] as usize;
                self.counts[player][shape] =
                    self.counts[player][shape].wrapping_add_signed(sign as i16);
                self.potential[player] += sign * POTENTIAL[shape];
            }
        }
    }

    fn update_near(&mut self, index: usize, adding: bool) {
        for dr in -2..=2_isize {
            for dc in -2..=2_isize {
                let cell = index.wrapping_add_signed(dr * self.stride as isize + dc);
                if adding {
                    self.near[cell] += 1;
                } else {
                    self.near[cell] -= 1;
                }
            }
        }
    }
}

/// The offsets of a cell's neighbours along a line, nearest last on each side.
fn offsets() -> impl Iterator<Item = isize> {
    let reach = REACH as isize;
    (-reach..0).chain(1..=reach)
}

/// Hashed in while O is to move.
const SIDE_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

/// The hash key of a stone of `mark` on `index`, the same for every board of one size.
fn zobrist(index: usize, mark: Mark) -> u64 {
    static KEYS: OnceLock<Vec<u64>> = OnceLock::new();
    let keys = KEYS.get_or_init(|| {
        let max = Rules::MAX_SIZE;
        let len = (max + 2 * REACH + 1) * (max + REACH);
        // SplitMix64 from a fixed seed: the same keys in every run.
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        (0..2 * len)
            .map(|_| {
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^ (z >> 31)
            })
            .collect()
    });
    keys[2 * index + side(mark)]
}
