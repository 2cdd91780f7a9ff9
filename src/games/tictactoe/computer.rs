//! The computer player at three levels, and hints.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;

use super::super::GameRng;
use super::Game;
use super::geometry::Geometry;
use super::medium::medium_cell;
use super::position::Position;
use super::rules::Rules;
use super::search::{Limit, best_cells};
use crate::games::marks::table::Table;
use crate::games::marks::{Level, Pos};

/// How long Hard may think about a move on a board too large to solve. Boards of up to
/// [`Computer::SOLVED_CELLS`] cells are always searched to the end, whatever the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time: what a game uses.
    Time(Duration),
    /// Positions searched: the same choice on every machine, for tests.
    Nodes(u64),
}

impl Budget {
    /// The budget of a move in a game.
    pub const PER_MOVE: Budget = Budget::Time(Duration::from_millis(300));
}

/// The computer player of one game. Easy plays a random free cell. Medium wins or blocks when a
/// line is one move from done, and otherwise plays a sensible cell. Hard is perfect on boards of
/// up to 16 cells (3x3, 4x4), a time-limited search on larger ones.
///
/// It keeps what its searches learned for its later moves, so a
/// game should use one `Computer` throughout; it starts afresh by itself when the rules change.
///
/// `Computer` is `Send`: a screen that must stay responsive can move it, with a clone of the
/// `Game` and the game's random source, to a worker thread and take them back with the move.
/// Easy and Medium answer at once; Hard takes up to its time budget on boards larger than 16
/// cells and at most a few tens of milliseconds on 3x3 and 4x4.
#[derive(Default)]
pub struct Computer {
    memory: Option<Memory>,
}

/// The search state that only makes sense for one board shape.
struct Memory {
    geometry: Arc<Geometry>,
    table: Table,
}

impl Computer {
    /// Boards with at most this many cells are searched to the end: Hard plays them perfectly.
    pub const SOLVED_CELLS: usize = 16;

    pub fn new() -> Computer {
        Computer::default()
    }

    /// The move `level` makes for the player to move, or `None` once the game is over. The
    /// random choices (Easy's cell, Medium's variety, Hard's pick among equally good moves) come
    /// from `rng`, so a seeded game replays the same.
    pub fn choose_move(
        &mut self,
        game: &Game,
        level: Level,
        budget: Budget,
        rng: &mut GameRng,
    ) -> Option<Pos> {
        if game.is_over() {
            return None;
        }
        match level {
            Level::Easy => game.free_cells().collect::<Vec<_>>().choose(rng).copied(),
            Level::Medium => {
                let mut position = self.position(game);
                medium_cell(&mut position, rng).map(|cell| game.rules().pos(cell))
            }
            Level::Hard => self.best_moves(game, budget).choose(rng).copied(),
        }
    }

    /// A hint for the player to move: Hard's choice.
    pub fn hint(&mut self, game: &Game, budget: Budget, rng: &mut GameRng) -> Option<Pos> {
        self.choose_move(game, Level::Hard, budget, rng)
    }

    /// Every move Hard rates best for the player to move, in row-major order; Hard plays one of
    /// them at random. Empty once the game is over.
    pub fn best_moves(&mut self, game: &Game, budget: Budget) -> Vec<Pos> {
        if game.is_over() {
            return Vec::new();
        }
        let rules = game.rules();
        let mut position = self.position(game);
        let limit = match budget {
            _ if rules.cell_count() <= Self::SOLVED_CELLS => Limit::Solve,
            // The search stops a little early: it notices the deadline only every few hundred
            // positions, and a busy machine may not run it at once.
            Budget::Time(time) => Limit::Deadline(Instant::now() + time - time / 16),
            Budget::Nodes(nodes) => Limit::Nodes(nodes),
        };
        let table = &mut self
            .memory
            .as_mut()
            .expect("position() set up the memory")
            .table;
        let mut moves: Vec<Pos> = best_cells(&mut position, table, limit)
            .into_iter()
            .map(|cell| rules.pos(cell))
            .collect();
        moves.sort();
        moves
    }

    /// The engine's copy of the game, after making sure the memory is for this board.
    fn position(&mut self, game: &Game) -> Position {
        let rules = game.rules();
        let memory = match &mut self.memory {
            Some(memory) if memory.geometry.rules == rules => memory,
            slot => slot.insert(Memory {
                geometry: Arc::new(Geometry::new(rules)),
                table: Table::new(table_bits(rules)),
            }),
        };
        Position::from_game(Arc::clone(&memory.geometry), game)
    }
}

/// A table sized to the board: small boards have few positions, and a table that fits the
/// processor's caches is faster to probe and to clear at the start of a game.
fn table_bits(rules: Rules) -> u32 {
    match rules.cell_count() {
        0..=9 => 14,
        10..=Computer::SOLVED_CELLS => 16,
        _ => 20,
    }
}
