//! Hard's search: negamax with alpha-beta pruning and the transposition table.
//!
//! Without a limit it searches to the end of the game, which is perfect play (used on boards of up
//! to 16 cells). With a limit it deepens one move at a time and plays the result of the deepest
//! finished pass; positions past the horizon are scored by their open lines. Either way immediate
//! wins and forced blocks are read off the position before any searching, so they are never missed.

use std::time::Instant;

use super::cells::Cells;
use super::position::Position;
use super::table::{Bound, Entry, Table};

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

/// When a limited search has to stop; `None` for no limit.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Limit {
    pub deadline: Option<Instant>,
    pub nodes: Option<u64>,
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
    let mut search = Search {
        position,
        table,
        limit,
        nodes: 0,
        can_stop: false,
        stopped: false,
    };
    let mut best = Vec::new();
    // Without a limit one pass to the end is enough; with one, each pass orders the next.
    let first_depth = if limit.deadline.is_none() && limit.nodes.is_none() {
        empties
    } else {
        1
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
        let depth = depth.min(empty.len());
        if depth == 0 {
            return position.potential();
        }
        let hash = position.hash();
        let entry = self.table.probe(hash);
        if let Some(entry) = entry.filter(|entry| usize::from(entry.draft) >= depth) {
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
            if usable {
                return entry.score;
            }
        }
        // A forced block is searched a move deeper, so that the horizon never cuts an attack short.
        let (moves, child_depth) = match their_threats.first() {
            Some(block) => (vec![block], depth),
            None => (
                self.ordered_moves(empty, entry.and_then(|entry| entry.best)),
                depth - 1,
            ),
        };
        let original_alpha = alpha;
        let mut best = (-INFINITY, moves[0]);
        for cell in moves {
            self.position.play(cell);
            let score = -self.negamax(child_depth, -beta, -alpha);
            self.position.undo(cell);
            if self.stopped {
                return 0;
            }
            if score > best.0 {
                best = (score, cell);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best.0 <= original_alpha {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let draft = u8::try_from(depth).expect("a board has at most 225 cells");
        self.table.store(
            hash,
            Entry {
                score: best.0,
                bound,
                draft,
                best: Some(best.1),
            },
        );
        best.0
    }

    /// The empty cells, the table's best move for this position first and then the most promising.
    fn ordered_moves(&self, empty: Cells, table_best: Option<usize>) -> Vec<usize> {
        let mut moves: Vec<(i32, usize)> = empty
            .iter()
            .map(|cell| {
                let first = Some(cell) == table_best;
                (
                    if first {
                        i32::MAX
                    } else {
                        self.position.cell_promise(cell)
                    },
                    cell,
                )
            })
            .collect();
        moves.sort_by_key(|&(promise, _)| std::cmp::Reverse(promise));
        moves.into_iter().map(|(_, cell)| cell).collect()
    }

    fn limit_reached(&self) -> bool {
        // Reading the clock is slower than a node, so it is read every 1024 nodes.
        self.limit.nodes.is_some_and(|nodes| self.nodes >= nodes)
            || self.nodes.is_multiple_of(1024)
                && self
                    .limit
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline)
    }
}
