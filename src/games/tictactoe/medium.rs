//! Medium: sees one move ahead for both players and otherwise plays a sensible move at random.

use rand::seq::IndexedRandom;

use super::super::GameRng;
use super::position::Position;

/// How many of the most promising safe cells Medium picks from, so that it varies its play.
const CHOICES: usize = 3;

/// Wins if it can, blocks if it must, and otherwise picks at random among the most promising cells
/// that do not let the opponent set up two threats at once.
pub(super) fn medium_cell(position: &mut Position, rng: &mut GameRng) -> Option<usize> {
    let me = position.to_move();
    for urgent in [position.threats(me), position.threats(me.other())] {
        if !urgent.is_empty() {
            return urgent.iter().collect::<Vec<_>>().choose(rng).copied();
        }
    }
    let empty: Vec<usize> = position.empty_cells().iter().collect();
    let safe: Vec<usize> = empty
        .iter()
        .copied()
        .filter(|&cell| !allows_fork(position, cell))
        .collect();
    let mut candidates = if safe.is_empty() { empty } else { safe };
    candidates.sort_by_key(|&cell| std::cmp::Reverse(position.cell_promise(cell)));
    candidates.truncate(CHOICES);
    candidates.choose(rng).copied()
}

/// Whether after `cell` the opponent has a reply that makes two threats while we have none.
fn allows_fork(position: &mut Position, cell: usize) -> bool {
    let me = position.to_move();
    position.play(cell);
    let replies = position.empty_cells();
    let fork = replies.iter().any(|reply| {
        position.play(reply);
        let forked = position.threats(me.other()).len() >= 2 && position.threats(me).is_empty();
        position.undo(reply);
        forked
    });
    position.undo(cell);
    fork
}
