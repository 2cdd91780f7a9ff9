//! The computer player at three levels, and hints.

use std::sync::atomic::AtomicBool;

use rand::RngExt;
use rand::seq::SliceRandom;

use super::super::GameRng;
use super::board::Board;
use super::limit::{Budget, Clock};
use super::pattern::Class;
use super::rules::Rules;
use super::search::{self, Reach, ordered_moves};
use super::threat::{Threat, describe};
use super::vcf::{self, Memo, first_five};
use super::{Game, Level, Pos, vct};
use crate::games::marks::table::Table;

/// 2^19 slots of the transposition table, 8 MiB: several seconds of search at the engine's speed.
const TABLE_BITS: u32 = 19;

/// Hard finds every win by fours within this many of its moves, the five included.
pub const VCF_MOVES: usize = 15;
/// Medium's wins by fours are short.
const MEDIUM_VCF_MOVES: usize = 4;
/// Wins by threats are searched to this many moves, as far as the time allows.
const VCT_MOVES: usize = 9;

const HARD: Reach = Reach {
    max_depth: 40,
    width: 12,
};
const MEDIUM: Reach = Reach {
    max_depth: 2,
    width: 8,
};

/// The computer player of one game. Easy plays near the stones with a fair shape, and now and then
/// misses a five or a four. Medium takes fives, blocks fours, sees short wins by fours and
/// searches a few moves ahead. Hard reads wins by fours and by threats, defends against the
/// opponent's, and searches deep.
///
/// It keeps what its searches learned for its later moves, so a
/// game should use one `Computer` throughout; it starts afresh by itself when the rules change.
///
/// `Computer` is `Send`: a screen that must stay responsive can move it, with a clone of the
/// `Game` and the game's random source, to a worker thread and take them back with the move, and
/// stop it early by setting the `cancel` flag (it then plays the best move found so far). Easy
/// answers at once; Medium and Hard take up to their budget.
#[derive(Default)]
pub struct Computer {
    memory: Option<Memory>,
}

/// The search state that only makes sense for one board.
struct Memory {
    rules: Rules,
    table: Table,
    memo: Memo,
}

impl Computer {
    pub fn new() -> Computer {
        Computer::default()
    }

    /// The move `level` makes for the player to move, or `None` once the game is over. The random
    /// choices come from `rng`, so a seeded game (with a node budget) replays the same.
    pub fn choose_move(
        &mut self,
        game: &Game,
        level: Level,
        budget: Budget,
        rng: &mut GameRng,
        cancel: &AtomicBool,
    ) -> Option<Pos> {
        self.hinted_move(game, level, budget, rng, cancel)
            .map(|(pos, _)| pos)
    }

    /// A hint for the player to move: Hard's move and the threat it makes or answers.
    pub fn hint(
        &mut self,
        game: &Game,
        budget: Budget,
        rng: &mut GameRng,
        cancel: &AtomicBool,
    ) -> Option<(Pos, Threat)> {
        self.hinted_move(game, Level::Hard, budget, rng, cancel)
    }

    /// A win by fours for the player to move within [`VCF_MOVES`] of their moves, as Hard finds
    /// it: the moves of both players, theirs first and last, or `None` if there is none (or none
    /// was found within the budget). Also `None` when the game is over.
    pub fn win_by_fours(
        &mut self,
        game: &Game,
        budget: Budget,
        cancel: &AtomicBool,
    ) -> Option<Vec<Pos>> {
        if game.is_over() {
            return None;
        }
        let mut board = Board::from_game(game);
        let mut clock = Clock::new(budget, cancel);
        let memo = &mut self.memory(game.rules()).memo;
        let line = vcf::find(&mut board, &mut clock, memo, VCF_MOVES)?;
        Some(line.into_iter().map(|cell| board.pos(cell)).collect())
    }

    fn hinted_move(
        &mut self,
        game: &Game,
        level: Level,
        budget: Budget,
        rng: &mut GameRng,
        cancel: &AtomicBool,
    ) -> Option<(Pos, Threat)> {
        if game.is_over() {
            return None;
        }
        let mut board = Board::from_game(game);
        let mut clock = Clock::new(budget, cancel);
        let (cell, threat) = self.think(&mut board, level, &mut clock, rng)?;
        Some((board.pos(cell), threat))
    }

    /// The move for the player to move on `board`, and what it does; `None` on a full board.
    pub(super) fn think(
        &mut self,
        board: &mut Board,
        level: Level,
        clock: &mut Clock,
        rng: &mut GameRng,
    ) -> Option<(usize, Threat)> {
        let me = board.to_move();
        let mut roots = Vec::new();
        ordered_moves(board, &mut roots);
        if roots.is_empty() {
            return None;
        }
        if level == Level::Easy {
            return Some(easy_move(board, roots, rng));
        }
        // A five, a block of their four and an open four need no search.
        let urgent = first_five(board, me)
            .or_else(|| first_five(board, me.other()))
            .or_else(|| {
                let board = &*board;
                roots
                    .iter()
                    .copied()
                    .find(|&cell| board.class(cell, me) == Class::WinningFour)
            });
        if let Some(cell) = urgent {
            return Some((cell, describe(board, cell, me)));
        }
        let memory = self.memory(board.rules());
        let (vcf_moves, reach) = match level {
            Level::Hard => (VCF_MOVES, HARD),
            _ => (MEDIUM_VCF_MOVES, MEDIUM),
        };
        clock.share(0.15);
        if let Some(line) = vcf::find(board, clock, &mut memory.memo, vcf_moves) {
            return Some((line[0], Threat::WinsByFours(line.len().div_ceil(2))));
        }
        let mut threat = None;
        if level == Level::Hard {
            clock.share(0.3);
            if let Some((cell, moves)) = vct::find(board, clock, &mut memory.memo, VCT_MOVES) {
                return Some((cell, Threat::WinsByThreats(moves)));
            }
            clock.share(0.4);
            if let Some((stops, defences)) = refutations(board, clock, &mut memory.memo, &roots) {
                roots.retain(|cell| defences.contains(cell));
                threat = Some(stops);
            }
        }
        // Equally urgent moves are tried, and so chosen among, in a random order.
        roots.shuffle(rng);
        roots.sort_by_cached_key(|&cell| std::cmp::Reverse(search::promise(board, cell, me)));
        roots.truncate(2 * reach.width);
        clock.share(1.0);
        let found = search::search(board, &mut memory.table, clock, reach, roots);
        let described = describe(board, found, me);
        let threat = match (threat, described) {
            (Some(stops), Threat::Builds | Threat::OpenThree | Threat::DoubleThree) => stops,
            _ => described,
        };
        Some((found, threat))
    }

    /// The search state, after making sure it is for this board.
    fn memory(&mut self, rules: Rules) -> &mut Memory {
        if self
            .memory
            .as_ref()
            .is_none_or(|memory| memory.rules != rules)
        {
            self.memory = Some(Memory {
                rules,
                table: Table::new(TABLE_BITS),
                memo: Memo::new(),
            });
        }
        self.memory.as_mut().expect("set up above")
    }
}

/// How the opponent would win were it their move: what a defence must stop.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Danger {
    Fours,
    Threats,
}

/// When the opponent, were it their move, would win by fours or by threats: the moves among
/// `roots` after which they no longer do. `None` when they have no such win, or nothing was
/// found to stop it.
fn refutations(
    board: &mut Board,
    clock: &mut Clock,
    memo: &mut Memo,
    roots: &[usize],
) -> Option<(Threat, Vec<usize>)> {
    let me = board.to_move();
    board.pass();
    let fours = vcf::find(board, clock, memo, VCF_MOVES);
    let threats = match fours {
        Some(_) => None,
        None => vct::find(board, clock, memo, VCT_MOVES),
    };
    board.pass();
    // A defence against threats is checked to a little past the length of the win found: a
    // full search after every try would not fit the time.
    let (danger, line, depth) = match (fours, threats) {
        (Some(line), _) => (Danger::Fours, line, VCF_MOVES),
        (None, Some((first, moves))) => (Danger::Threats, vec![first], VCT_MOVES.min(moves + 2)),
        (None, None) => return None,
    };
    // The cells of their win first, then the most urgent others.
    let mut tries: Vec<usize> = line.clone();
    tries.extend(roots.iter().take(24).filter(|cell| !line.contains(cell)));
    if danger == Danger::Fours {
        // A four of ours only puts their fours off by a move. Against threats it may take the
        // initiative, and the threat search sees that.
        tries.retain(|&cell| board.class(cell, me) < Class::Four);
    }
    let mut defences = Vec::new();
    for cell in tries {
        board.play(cell);
        let theirs = match danger {
            Danger::Fours => vcf::find(board, clock, memo, depth).is_some(),
            Danger::Threats => vct::find(board, clock, memo, depth).is_some(),
        };
        board.undo();
        if clock.stopped() {
            break;
        }
        if !theirs {
            defences.push(cell);
        }
    }
    let threat = match danger {
        Danger::Fours => Threat::StopsFours,
        Danger::Threats => Threat::StopsThreats,
    };
    (!defences.is_empty()).then_some((threat, defences))
}

/// Easy's move: a five or a block most of the time, otherwise one of the most promising cells
/// near the stones, the better ones more often.
fn easy_move(board: &Board, roots: Vec<usize>, rng: &mut GameRng) -> (usize, Threat) {
    let me = board.to_move();
    let urgent = [(me, 0.8), (me.other(), 0.7)]
        .into_iter()
        .find_map(|(mark, chance)| first_five(board, mark).filter(|_| rng.random_bool(chance)));
    let cell = urgent.unwrap_or_else(|| {
        let choices = roots.len().min(5);
        // Weights 5, 4, 3, 2, 1 for the five most promising cells.
        let total = choices * (choices + 1) / 2;
        let mut pick = rng.random_range(0..total);
        let mut rank = 0;
        while pick >= choices - rank {
            pick -= choices - rank;
            rank += 1;
        }
        roots[rank]
    });
    (cell, describe(board, cell, me))
}
