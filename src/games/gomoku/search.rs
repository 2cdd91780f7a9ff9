//! The alpha-beta search: negamax with principal variation windows, iterative deepening and the
//! transposition table, over the most urgent cells near the stones.
//!
//! Threats shape the tree: a five to make ends it, a four of the opponent's leaves the block as
//! the only move (which costs no depth), and an open three of theirs leaves only the moves that
//! stop it or make a four. So the evaluation at the horizon never sees a four on the board.

use super::Mark;
use super::board::Board;
use super::limit::Clock;
use super::pattern::{Shape, urgency};
use crate::games::marks::table::{Bound, Entry, Table};

/// A won game, less the plies it takes: faster wins score higher. Evaluations stay far below.
pub(super) const WIN: i32 = 1 << 24;
const INFINITY: i32 = WIN + 1;

pub(super) fn is_decided(score: i32) -> bool {
    score.abs() > WIN / 2
}

/// How far and wide a level searches.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reach {
    pub max_depth: usize,
    /// Moves tried at a node without a threat to answer, the most urgent first.
    pub width: usize,
}

/// Searches `roots`, already in the order to try them, and returns the best: from the deepest
/// pass that finished, or from the last one as far as it got (its first move is searched first).
pub(super) fn search(
    board: &mut Board,
    table: &mut Table,
    clock: &mut Clock,
    reach: Reach,
    mut roots: Vec<usize>,
) -> usize {
    let mut found = roots[0];
    let mut search = Search {
        board,
        table,
        clock,
        width: reach.width,
        lists: Vec::new(),
    };
    for depth in 1..=reach.max_depth {
        let mut best = -INFINITY;
        let mut scored = Vec::with_capacity(roots.len());
        for (n, &cell) in roots.iter().enumerate() {
            search.board.play(cell);
            let score = if n == 0 {
                -search.negamax(depth - 1, -INFINITY, INFINITY, 1)
            } else {
                let probe = -search.negamax(depth - 1, -best - 1, -best, 1);
                if probe > best && !search.clock.stopped() {
                    -search.negamax(depth - 1, -INFINITY, -best, 1)
                } else {
                    probe
                }
            };
            search.board.undo();
            if search.clock.stopped() {
                break;
            }
            scored.push((score, cell));
            if score > best {
                best = score;
                found = cell;
            }
        }
        if search.clock.stopped() {
            break;
        }
        // Scores below the best are only bounds, but they still order the next pass well.
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        roots = scored.into_iter().map(|(_, cell)| cell).collect();
        if is_decided(best) {
            break;
        }
    }
    found
}

/// The candidates of the player to move, most urgent first: their own shapes and the opponent's
/// that they would block.
pub(super) fn ordered_moves(board: &Board, out: &mut Vec<usize>) {
    let me = board.to_move();
    board.candidates(out);
    out.sort_by_cached_key(|&cell| std::cmp::Reverse(promise(board, cell, me)));
}

pub(super) fn promise(board: &Board, cell: usize, me: Mark) -> i32 {
    urgency(board.shapes(cell, me)) + urgency(board.shapes(cell, me.other())) * 4 / 5
}

/// The evaluation of a quiet position for the player to move, who has the tempo.
pub(super) fn evaluate(board: &Board) -> i32 {
    let me = board.to_move();
    board.potential(me) * 6 / 5 - board.potential(me.other())
}

struct Search<'a, 'c> {
    board: &'a mut Board,
    table: &'a mut Table,
    clock: &'a mut Clock<'c>,
    width: usize,
    /// A move list for each ply, reused from node to node.
    lists: Vec<Vec<usize>>,
}

impl Search<'_, '_> {
    fn negamax(&mut self, depth: usize, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        let me = self.board.to_move();
        let them = me.other();
        let ply_score = ply as i32;
        if self.board.has(me, Shape::Five) {
            return WIN - ply_score - 1;
        }
        if self.board.stones() == self.board.rules().cell_count() {
            return 0;
        }
        let mut moves = std::mem::take(self.list(ply));
        self.board.fives(them, &mut moves);
        let forced = !moves.is_empty();
        if moves.len() >= 2 {
            *self.list(ply) = moves;
            return -(WIN - ply_score - 2);
        }
        if !forced && self.board.has(me, Shape::OpenFour) {
            *self.list(ply) = moves;
            return WIN - ply_score - 3;
        }
        if depth == 0 && !forced {
            *self.list(ply) = moves;
            return evaluate(self.board);
        }
        let hash = self.board.hash();
        let entry = self.table.probe(hash);
        if let Some(entry) = entry.filter(|entry| usize::from(entry.depth) >= depth) {
            let score = from_table(entry.score, ply);
            if entry.bound.settles(score, alpha, beta) {
                *self.list(ply) = moves;
                return score;
            }
        }
        let child_depth = if forced { depth } else { depth - 1 };
        if !forced {
            ordered_moves(self.board, &mut moves);
            if self.board.has(them, Shape::OpenFour) {
                // Their open three: only a block or a four of ours can wait.
                let board = &*self.board;
                moves.retain(|&cell| {
                    board.shapes(cell, them).iter().any(|&s| s >= Shape::Four)
                        || board.shapes(cell, me).iter().any(|&s| s >= Shape::Four)
                });
            } else {
                moves.truncate(self.width);
            }
            if let Some(best) = entry.and_then(|entry| entry.best)
                && let Some(at) = moves.iter().position(|&cell| cell == best)
            {
                moves[..=at].rotate_right(1);
            }
        }
        let original_alpha = alpha;
        let mut best = (-INFINITY, None);
        for (n, &cell) in moves.iter().enumerate() {
            self.board.play(cell);
            let score = if n == 0 {
                -self.negamax(child_depth, -beta, -alpha, ply + 1)
            } else {
                let probe = -self.negamax(child_depth, -alpha - 1, -alpha, ply + 1);
                if probe > alpha && probe < beta && !self.clock.stopped() {
                    -self.negamax(child_depth, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            self.board.undo();
            if self.clock.stopped() {
                break;
            }
            if score > best.0 {
                best = (score, Some(cell));
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        *self.list(ply) = moves;
        if self.clock.stopped() {
            return 0;
        }
        if best.1.is_none() {
            // Every move was left out: a lost position with their open three and nothing to do.
            return -(WIN - ply_score - 4);
        }
        self.table.store(
            hash,
            Entry {
                score: to_table(best.0, ply),
                bound: Bound::of(best.0, original_alpha, beta),
                depth: depth.min(255) as u8,
                best: best.1,
            },
        );
        best.0
    }

    fn list(&mut self, ply: usize) -> &mut Vec<usize> {
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, Vec::new);
        }
        &mut self.lists[ply]
    }
}

/// Won and lost scores count plies from the root; the table keeps them from the position, so that
/// an entry is right wherever the position comes up.
fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > WIN / 2 => s + ply as i32,
        s if s < -WIN / 2 => s - ply as i32,
        s => s,
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > WIN / 2 => s - ply as i32,
        s if s < -WIN / 2 => s + ply as i32,
        s => s,
    }
}
