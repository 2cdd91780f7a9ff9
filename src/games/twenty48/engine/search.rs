//! Expectimax: the player picks the move of highest expected value, the game places a 2 (0.9)
//! or a 4 (0.1) on an empty cell chosen uniformly.
//!
//! The search works on any [`Position`]: the packed 4x4 board, or the rules' [`Board`] of any
//! size, judging the leaves with the [`Strategy`]'s evaluation. It keeps its effort down three
//! ways:
//! - a chance node whose probability of being reached falls below the strategy's probability cut
//!   is not expanded: its board is evaluated as it stands;
//! - chance nodes met again (the same board after two orders of moves) come from the
//!   transposition [`Cache`], when the stored value looked at least as deep;
//! - the root deepens one player move at a time while the [`Limits`] allow, and stops before a
//!   depth it predicts it cannot finish, or once the chance cut alone ended every line (looking
//!   deeper would find the same values).

use std::time::Instant;

use super::super::board::{Board, Direction};
use super::eval::{Evaluation, LOST};
use super::packed::Packed;
use super::strategy::Strategy;

/// The probability that a new tile is a 2; otherwise it is a 4.
const TWO: f32 = 0.9;
const FOUR: f32 = 0.1;

/// A board the search can play on.
pub trait Position: Copy {
    /// The board after the player's move, or None when the move changes nothing.
    fn after(self, direction: Direction) -> Option<Self>;
    /// [`Position::after`] for each move, in [`Direction::ALL`] order.
    #[inline]
    fn afters(self) -> [Option<Self>; 4] {
        Direction::ALL.map(|direction| self.after(direction))
    }
    fn empty_count(self) -> u32;
    /// Calls `each(with_two, with_four)` for every empty cell, with a 2 and a 4 placed there.
    fn spawns(self, each: impl FnMut(Self, Self));
    fn evaluate(self, evaluation: &Evaluation) -> f32;
    /// A hash of the board for the cache (exact for packed boards).
    fn key(self) -> u64;
}

impl Position for Packed {
    #[inline]
    fn after(self, direction: Direction) -> Option<Packed> {
        let moved = self.moved(direction);
        (moved != self).then_some(moved)
    }

    #[inline]
    fn afters(self) -> [Option<Packed>; 4] {
        self.moves().map(|moved| (moved != self).then_some(moved))
    }

    #[inline]
    fn empty_count(self) -> u32 {
        Packed::empty_count(self)
    }

    #[inline]
    fn spawns(self, mut each: impl FnMut(Packed, Packed)) {
        let mut empty = self.empty_mask();
        while empty != 0 {
            let two = empty & empty.wrapping_neg();
            empty ^= two;
            let bits = self.bits();
            each(
                Packed::from_bits(bits | two),
                Packed::from_bits(bits | (two << 1)),
            );
        }
    }

    #[inline]
    fn evaluate(self, evaluation: &Evaluation) -> f32 {
        evaluation.packed(self)
    }

    #[inline]
    fn key(self) -> u64 {
        self.bits()
    }
}

impl Position for Board {
    fn after(mut self, direction: Direction) -> Option<Board> {
        self.slide(direction).map(|_| self)
    }

    fn empty_count(self) -> u32 {
        Board::empty_count(&self) as u32
    }

    fn spawns(self, mut each: impl FnMut(Board, Board)) {
        for nth in 0..Board::empty_count(&self) {
            let mut two = self;
            let mut four = self;
            two.fill_nth_empty(nth, 1);
            four.fill_nth_empty(nth, 2);
            each(two, four);
        }
    }

    fn evaluate(self, evaluation: &Evaluation) -> f32 {
        evaluation.board(&self)
    }

    fn key(self) -> u64 {
        // FNV-1a over the side and the cells: enough for a cache, where a rare collision only
        // blurs an estimate.
        let mut hash = 0xcbf2_9ce4_8422_2325u64 ^ self.size() as u64;
        for &exponent in self.rows().flatten() {
            hash = (hash ^ u64::from(exponent)).wrapping_mul(0x0100_0000_01b3);
        }
        hash
    }
}

/// One stored chance node.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: f32,
    /// The player moves looked ahead below the node.
    depth: u8,
    /// The search that stored it; entries of other searches are empty.
    generation: u8,
}

/// The transposition cache: a table of chance nodes indexed by a hash of the board, the newest
/// entry winning a slot. Each search starts it afresh, so an answer depends only on the board and
/// the limits. Its memory is taken by the first search, not when it is made.
pub struct Cache {
    entries: Vec<Entry>,
    bits: u32,
    shift: u32,
    generation: u8,
}

impl Cache {
    /// A cache of `2^bits` entries of 16 bytes.
    pub const fn new(bits: u32) -> Cache {
        Cache {
            entries: Vec::new(),
            bits,
            shift: 64 - bits,
            generation: 0,
        }
    }

    /// Forgets every entry, in constant time but once every 255 searches.
    fn clear(&mut self) {
        if self.entries.is_empty() {
            self.entries = vec![Entry::default(); 1 << self.bits];
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.entries.fill(Entry::default());
            self.generation = 1;
        }
    }

    /// The entries held: none before the first search.
    #[cfg(test)]
    pub fn capacity(&self) -> usize {
        self.entries.len()
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize
    }

    #[inline]
    fn get(&self, key: u64, depth: u8) -> Option<f32> {
        let entry = self.entries[self.slot(key)];
        (entry.generation == self.generation && entry.key == key && entry.depth >= depth)
            .then_some(entry.value)
    }

    #[inline]
    fn put(&mut self, key: u64, depth: u8, value: f32) {
        let slot = self.slot(key);
        self.entries[slot] = Entry {
            key,
            value,
            depth,
            generation: self.generation,
        };
    }
}

/// When a search must stop.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The deepest search, in player moves (1 = judge the boards right after each move).
    pub max_depth: u32,
    /// Nodes (chance nodes and evaluated boards) the search may visit.
    pub nodes: u64,
    pub deadline: Option<Instant>,
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The expected value of each move, in the order of [`Direction::ALL`]; None for a move that
    /// changes nothing.
    pub values: [Option<f32>; 4],
    /// The depth of the deepest search completed, in player moves.
    pub depth: u32,
    /// Nodes visited, those of an abandoned deeper search included.
    pub nodes: u64,
}

impl Outcome {
    /// The move of highest value; the first in [`Direction::ALL`] order on a tie.
    pub fn best(&self) -> Option<Direction> {
        let mut best: Option<(Direction, f32)> = None;
        for (direction, value) in Direction::ALL.into_iter().zip(self.values) {
            if let Some(value) = value
                && best.is_none_or(|(_, top)| value > top)
            {
                best = Some((direction, value));
            }
        }
        best.map(|(direction, _)| direction)
    }
}

/// How often the clock is read, in nodes.
const CLOCK_EVERY: u64 = 1 << 10;

struct Search<'a> {
    cache: &'a mut Cache,
    evaluation: &'a Evaluation,
    probability_cut: f32,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Some board was evaluated for want of depth rather than for its small probability; when
    /// none was, a deeper search would find the same values.
    depth_told: bool,
}

impl Search<'_> {
    /// The best expected value after the player's move from `board`, looking `depth` moves
    /// ahead (this one included).
    fn player<P: Position>(&mut self, board: P, depth: u32, probability: f32) -> f32 {
        let mut best: Option<f32> = None;
        for next in board.afters().into_iter().flatten() {
            let value = self.chance(next, depth - 1, probability);
            best = Some(best.map_or(value, |top| top.max(value)));
        }
        best.unwrap_or(LOST)
    }

    /// The expected value of `board` before its new tile, with `depth` player moves to follow.
    fn chance<P: Position>(&mut self, board: P, depth: u32, probability: f32) -> f32 {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(CLOCK_EVERY)
            && let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0.0;
        }
        if depth == 0 {
            self.depth_told = true;
            return board.evaluate(self.evaluation);
        }
        if probability < self.probability_cut {
            return board.evaluate(self.evaluation);
        }
        let key = board.key();
        let stored_depth = depth.min(u8::MAX.into()) as u8;
        if let Some(value) = self.cache.get(key, stored_depth) {
            return value;
        }
        let empty = board.empty_count();
        let share = probability / empty as f32;
        let mut total = 0.0;
        board.spawns(|two, four| {
            total += TWO * self.player(two, depth, share * TWO);
            total += FOUR * self.player(four, depth, share * FOUR);
        });
        let value = total / empty as f32;
        if !self.stopped {
            self.cache.put(key, stored_depth, value);
        }
        value
    }
}

/// Searches the moves from `board` with `strategy`, deepening one player move at a time within
/// `limits`. Returns None when no move changes the board. Depth 1 always completes, whatever the
/// limits.
pub fn search<P: Position>(
    board: P,
    strategy: &Strategy,
    limits: Limits,
    cache: &mut Cache,
) -> Option<Outcome> {
    let children: Vec<(usize, P)> = Direction::ALL
        .into_iter()
        .enumerate()
        .filter_map(|(i, direction)| board.after(direction).map(|next| (i, next)))
        .collect();
    if children.is_empty() {
        return None;
    }
    cache.clear();
    let mut outcome = Outcome {
        values: [None; 4],
        depth: 0,
        nodes: 0,
    };
    let mut previous_cost = 0u64;
    for depth in 1..=limits.max_depth.max(1) {
        let start = outcome.nodes;
        let started = Instant::now();
        let mut search = Search {
            cache: &mut *cache,
            evaluation: &strategy.evaluation,
            probability_cut: strategy.probability_cut,
            nodes: start,
            node_limit: if depth == 1 { u64::MAX } else { limits.nodes },
            deadline: if depth == 1 { None } else { limits.deadline },
            stopped: false,
            depth_told: false,
        };
        let mut values = [None; 4];
        for &(i, next) in &children {
            values[i] = Some(search.chance(next, depth - 1, 1.0));
            if search.stopped {
                break;
            }
        }
        outcome.nodes = search.nodes;
        if search.stopped {
            break;
        }
        outcome.values = values;
        outcome.depth = depth;
        if !search.depth_told {
            break;
        }
        // The next depth costs about as many times this one as this one cost the one before;
        // skip it when that would not fit in what is left.
        let cost = outcome.nodes - start;
        let growth = if previous_cost == 0 {
            1
        } else {
            cost.div_ceil(previous_cost).max(1)
        };
        previous_cost = cost;
        if outcome.nodes.saturating_add(cost.saturating_mul(growth)) > limits.nodes {
            break;
        }
        // The same prediction in time, when there is a deadline.
        if let Some(deadline) = limits.deadline
            && Instant::now() + started.elapsed().saturating_mul(growth.min(1 << 16) as u32)
                > deadline
        {
            break;
        }
    }
    Some(outcome)
}
