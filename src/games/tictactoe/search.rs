//! Hard's search: negamax with alpha-beta pruning and the transposition table.
//!
//! Without a limit it searches to the end of the game, which is perfect play (used on boards of up
//! to 16 cells). With a limit it deepens one move at a time and plays the result of the deepest
//! finished pass, so it can stop at any time.
//!
//! Threats drive the search: a player who can complete a line wins at once, one facing two threats
//! loses at once, and one facing a single threat has the block as its only move, which costs no
//! depth. So the evaluation past the horizon (open lines, weighted by their length) only ever sees
//! positions with no threat on the board, and wins in one and forced blocks are never missed.

use std::time::Instant;

use super::cells::Cells;
use super::position::Position;
use crate::games::marks::table::{Bound, Entry, Table};

/// The score of a won game, less the number of marks on the board when it ends: faster wins score
/// higher and slower losses less badly. Line weights stay far below it.
const WIN: i32 = 1 << 30;
const INFINITY: i32 = WIN + 1;

fn win_with(marks_at_end: usize) -> i32 {
    WIN - marks_at_end as i32
}

fn is_decided(score: i32) -> bool {
    score.abs() > WIN / 2
}

/// When the search has to stop.
#[derive(Clone, Copy, Debug)]
pub(super) enum Limit {
    /// Search to the end of the game.
    Solve,
    Deadline(Instant),
    /// Stop after visiting this many positions.
    Nodes(u64),
}

/// The moves of the player to move that are all equally best, as far as the search could see.
/// Empty only when the board is full.
pub(super) fn best_cells(position: &mut Position, table: &mut Table, limit: Limit) -> Vec<usize> {
    let me = position.to_move();
    let wins = position.threats(me);
    if !wins.is_empty() {
        return wins.iter().collect();
    }
    // One threat is a forced block; against two or more every move loses just as fast.
    let blocks = position.threats(me.other());
    if !blocks.is_empty() {
        return blocks.iter().collect();
    }
    let orbits = position.move_orbits();
    let mut order: Vec<usize> = orbits.iter().map(|orbit| orbit[0]).collect();
    let empties = position.empty_cells().len();
    let move_lists = vec![Vec::new(); position.geometry().cell_count()];
    let mut search = Search {
        position,
        table,
        limit,
        nodes: 0,
        move_lists,
        promises: Vec::new(),
        can_stop: false,
        stopped: false,
    };
    let mut best = Vec::new();
    // Without a limit one pass to the end is enough; with one, each pass orders the next.
    let first_depth = match limit {
        Limit::Solve => empties,
        Limit::Deadline(_) | Limit::Nodes(_) => 1,
    };
    for depth in first_depth..=empties {
        search.can_stop = depth > 1;
        let Some((score, scored)) = search.root_pass(&order, depth) else {
            break;
        };
        best = scored
            .iter()
            .take_while(|(cell_score, _)| *cell_score == score)
            .map(|&(_, cell)| cell)
            .collect();
        order = scored.into_iter().map(|(_, cell)| cell).collect();
        if is_decided(score) {
            break;
        }
    }
    best.iter()
        .flat_map(|&rep| {
            orbits
                .iter()
                .find(|orbit| orbit[0] == rep)
                .into_iter()
                .flatten()
                .copied()
        })
        .collect()
}

struct Search<'a> {
    position: &'a mut Position,
    table: &'a mut Table,
    limit: Limit,
    nodes: u64,
    /// A move list for each number of marks on the board, reused from node to node.
    move_lists: Vec<Vec<usize>>,
    /// Room to sort moves by promise.
    promises: Vec<(i32, usize)>,
    /// False during the first pass of a limited search, so that there is always a move to play.
    can_stop: bool,
    stopped: bool,
}

impl Search<'_> {
    /// Scores every move in `order` to `depth` moves, the first in full and the others only as far
    /// as needed to tell whether they are as good as the best so far. Returns the best score and
    /// the moves best first, or `None` if the limit stopped the pass.
    fn root_pass(&mut self, order: &[usize], depth: usize) -> Option<(i32, Vec<(i32, usize)>)> {
        let mut best = -INFINITY;
        let mut scored = Vec::with_capacity(order.len());
        for &cell in order {
            self.position.play(cell);
            let score = if best == -INFINITY {
                -self.negamax(depth - 1, -INFINITY, INFINITY)
            } else {
                // A window around the best tells worse, equal and better apart cheaply; only a
                // better move needs its exact score.
                let probe = -self.negamax(depth - 1, -(best + 1), -(best - 1));
                if probe > best {
                    -self.negamax(depth - 1, -INFINITY, -best)
                } else {
                    probe
                }
            };
            self.position.undo(cell);
            if self.stopped {
                return None;
            }
            best = best.max(score);
            scored.push((score, cell));
        }
        // Scores below the best are only bounds, but they still order the next pass well.
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        Some((best, scored))
    }

    fn negamax(&mut self, depth: usize, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.can_stop && self.limit_reached() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let position = &*self.position;
        let me = position.to_move();
        let them = me.other();
        let made = position.moves_made();
        if !position.threats(me).is_empty() {
            return win_with(made + 1);
        }
        let their_threats = position.threats(them);
        if their_threats.len() >= 2 {
            return -win_with(made + 2);
        }
        let empty = position.empty_cells();
        let (my_lines, their_lines) = (position.open_lines(me), position.open_lines(them));
        if empty.is_empty() || my_lines == 0 && their_lines == 0 {
            return 0;
        }
        // No win comes sooner than my next move; no loss sooner than their move after a block.
        let ceiling = if my_lines > 0 { win_with(made + 3) } else { 0 };
        let floor = if their_lines > 0 {
            -win_with(made + 4)
        } else {
            0
        };
        if floor >= beta {
            return floor;
        }
        if ceiling <= alpha {
            return ceiling;
        }
        let (mut alpha, beta) = (alpha.max(floor), beta.min(ceiling));
        // Past the horizon the position is scored as it stands, unless a block is forced: then
        // the search goes on (a forced move costs no depth), so an attack is never cut short.
        let forced = their_threats.first();
        let depth = depth.min(empty.len());
        if depth == 0 && forced.is_none() {
            return position.potential();
        }
        let (hash, symmetry) = position.hash();
        let entry = self.table.probe(hash);
        // The table keeps moves as they are on the mirror image that the hash stands for.
        let table_best = entry
            .and_then(|entry| entry.best)
            .map(|cell| position.geometry().inverses[symmetry][cell]);
        if let Some(entry) = entry.filter(|entry| usize::from(entry.depth) >= depth)
            && entry.bound.settles(entry.score, alpha, beta)
        {
            return entry.score;
        }
        // The table's move goes first, and the others are only listed and ordered if it does not
        // already settle the position.
        let mut moves = std::mem::take(&mut self.move_lists[made]);
        moves.clear();
        let (first, child_depth) = match forced {
            Some(block) => (Some(block), depth),
            None => (table_best.filter(|&cell| empty.contains(cell)), depth - 1),
        };
        moves.extend(first);
        let mut listed_all = forced.is_some();
        let original_alpha = alpha;
        let mut best = (-INFINITY, None);
        let mut next = 0;
        loop {
            if next == moves.len() {
                if listed_all {
                    break;
                }
                self.list_other_moves(empty, first, &mut moves);
                listed_all = true;
                continue;
            }
            let cell = moves[next];
            next += 1;
            self.position.play(cell);
            let score = -self.negamax(child_depth, -beta, -alpha);
            self.position.undo(cell);
            if self.stopped {
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
        self.move_lists[made] = moves;
        if self.stopped {
            return 0;
        }
        self.table.store(
            hash,
            Entry {
                score: best.0,
                bound: Bound::of(best.0, original_alpha, beta),
                depth: u8::try_from(depth).expect("a board has at most 225 cells"),
                best: best
                    .1
                    .map(|cell| self.position.geometry().symmetries[symmetry][cell]),
            },
        );
        best.0
    }

    /// Adds the empty cells other than `listed` to `moves`, the most promising first.
    fn list_other_moves(&mut self, empty: Cells, listed: Option<usize>, moves: &mut Vec<usize>) {
        let promises = &mut self.promises;
        promises.clear();
        let others = empty.iter().filter(|&cell| Some(cell) != listed);
        promises.extend(others.map(|cell| (self.position.cell_promise(cell), cell)));
        promises.sort_unstable_by_key(|&(promise, cell)| (std::cmp::Reverse(promise), cell));
        moves.extend(promises.iter().map(|&(_, cell)| cell));
    }

    fn limit_reached(&self) -> bool {
        // Reading the clock costs more than a node, so it is read every 256 nodes (about 0.2 ms).
        match self.limit {
            Limit::Solve => false,
            Limit::Deadline(deadline) => {
                self.nodes.is_multiple_of(256) && Instant::now() >= deadline
            }
            Limit::Nodes(nodes) => self.nodes >= nodes,
        }
    }
}
