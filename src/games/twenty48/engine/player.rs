//! The computer player: the move it suggests for a board, within a budget.

use std::time::Instant;

use super::super::board::{Board, Direction};
use super::super::game::{Game, Status};
use super::budget::Budget;
use super::packed::Packed;
use super::search::{Cache, Limits, Outcome, search};
use super::strategy::{STRATEGY, Strategy};

/// What the player thought of a board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Analysis {
    /// The move it suggests.
    pub best: Direction,
    /// The expected evaluation after each move, in [`Direction::ALL`] order; None for a move that
    /// changes nothing. Only the order of the values means something.
    pub values: [Option<f32>; 4],
    /// How many player moves ahead the search looked.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// True when the search ran on the packed 4x4 board, false on the general path.
    pub packed: bool,
}

/// The computer player. It owns its search memory (a few megabytes, taken by its first search), so
/// keep one for a game rather than making one per move. It is `Send`: a screen can move it to a
/// worker thread with a copy of the board and take it back with the answer. Its answers depend
/// only on the board and the budget (and, with a time limit, on the speed of the machine).
pub struct Player {
    cache: Cache,
}

impl Default for Player {
    fn default() -> Player {
        Player::new()
    }
}

/// The transposition cache holds 2^17 chance nodes (2 MiB): more than an autoplay search stores,
/// and small enough to stay mostly in the processor's caches.
const CACHE_BITS: u32 = 17;

/// The general path's deepest search: shallower as boards grow, since every level multiplies
/// the work by about eight times the number of empty cells.
fn general_max_depth(size: usize) -> u32 {
    match size {
        0..=3 => 6,
        4 => 4,
        5 => 3,
        _ => 2,
    }
}

/// The general path's nodes cost more than packed ones: a budget in nodes is divided by this.
const GENERAL_NODE_COST: u64 = 8;

impl Player {
    /// A player; it allocates nothing, and builds no table, until it is first asked for a move.
    pub const fn new() -> Player {
        Player {
            cache: Cache::new(CACHE_BITS),
        }
    }

    /// The move the player suggests for `board`, or None when no move changes it.
    pub fn best_move(&mut self, board: &Board, budget: Budget) -> Option<Direction> {
        self.analyse(board, budget).map(|analysis| analysis.best)
    }

    /// The move to play in `game`: None unless the game is [`Status::Playing`] (after the win,
    /// [`Game::keep_going`] comes first).
    pub fn next_move(&mut self, game: &Game, budget: Budget) -> Option<Direction> {
        if game.status() != Status::Playing {
            return None;
        }
        self.best_move(game.board(), budget)
    }

    /// The search behind [`Player::best_move`], with its figures.
    pub fn analyse(&mut self, board: &Board, budget: Budget) -> Option<Analysis> {
        self.analyse_with(board, &STRATEGY, budget)
    }

    /// [`Player::analyse`] with any strategy, for tuning one.
    pub fn analyse_with(
        &mut self,
        board: &Board,
        strategy: &Strategy,
        budget: Budget,
    ) -> Option<Analysis> {
        let deadline = budget.time.map(|time| Instant::now() + time);
        let (outcome, packed) = match packed_root(board) {
            Some(packed) => {
                let limits = Limits {
                    max_depth: strategy.packed_depth(packed.distinct_tiles()),
                    nodes: budget.nodes,
                    deadline,
                };
                (search(packed, strategy, limits, &mut self.cache)?, true)
            }
            None => {
                let limits = Limits {
                    max_depth: general_max_depth(board.size()),
                    nodes: budget.nodes / GENERAL_NODE_COST,
                    deadline,
                };
                (search(*board, strategy, limits, &mut self.cache)?, false)
            }
        };
        Some(analysis(outcome, packed))
    }
}

fn analysis(outcome: Outcome, packed: bool) -> Analysis {
    Analysis {
        best: outcome.best().expect("a search is only made with a move"),
        values: outcome.values,
        depth: outcome.depth,
        nodes: outcome.nodes,
        packed,
    }
}

/// The packed board, when the packed search gives the rules' moves at the root: a 4x4 board whose
/// tiles and whose tiles after every move fit in four bits. Otherwise (a 65536 on the board, or
/// two 32768s about to merge) the general path plays, so the move is always one of the rules.
fn packed_root(board: &Board) -> Option<Packed> {
    let packed = Packed::from_board(board)?;
    let fits = Direction::ALL.into_iter().all(|direction| {
        let mut after = *board;
        after.slide(direction);
        Packed::from_board(&after).is_some()
    });
    fits.then_some(packed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_takes_its_memory_at_its_first_search() {
        let mut player = Player::new();
        assert_eq!(player.cache.capacity(), 0);
        let mut cells = [0; 16];
        cells[5] = 1;
        let board = Board::from_cells(4, &cells).unwrap();
        assert!(player.best_move(&board, Budget::nodes(1_000)).is_some());
        assert_eq!(player.cache.capacity(), 1 << CACHE_BITS);
    }
}
