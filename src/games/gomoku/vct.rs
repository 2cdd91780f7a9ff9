//! Victory by continuous threats (VCT), the threat-space search of Allis, van den Herik and
//! Huntjens: the attacker plays only threats (open threes and fours), and the defender every
//! answer that could matter: the cells that stop the threat, and any four of their own, which
//! the attacker must block before going on. A win found this way holds against every defence.

use super::Mark;
use super::board::Board;
use super::limit::Clock;
use super::pattern::{Class, Shape, urgency};
use super::vcf::{Memo, first_five};

/// Keeps this search's results apart from the VCF's in the shared memo.
const SALT: u64 = 0x5851_f42d_4c95_7f2d;

/// The first move of a win by threats within `max_moves` of the attacker's (counting the five)
/// for the player to move, and how many moves it takes, or `None` if none was found before the
/// clock's share ran out.
pub(super) fn find(
    board: &mut Board,
    clock: &mut Clock,
    memo: &mut Memo,
    max_moves: usize,
) -> Option<(usize, usize)> {
    let mut search = Vct {
        board,
        clock,
        memo,
        ply: 0,
        first: None,
    };
    for moves in 3..=max_moves {
        if search.attack(moves) {
            return search.first.map(|first| (first, moves));
        }
        if search.clock.stopped() {
            break;
        }
    }
    None
}

struct Vct<'a, 'c> {
    board: &'a mut Board,
    clock: &'a mut Clock<'c>,
    memo: &'a mut Memo,
    ply: usize,
    /// The root move that wins, once found.
    first: Option<usize>,
}

impl Vct<'_, '_> {
    /// Whether the player to move wins within `moves` of theirs.
    fn attack(&mut self, moves: usize) -> bool {
        if self.clock.tick() {
            return false;
        }
        let me = self.board.to_move();
        if first_five(self.board, me).is_some() {
            return true;
        }
        let hash = self.board.hash() ^ SALT;
        if self.ply > 0
            && let Some(known) = self.memo.lookup(hash, moves)
        {
            return known;
        }
        let mut blocks = Vec::new();
        self.board.fives(me.other(), &mut blocks);
        let mut tries = Vec::new();
        match blocks.as_slice() {
            [] => self.board.candidates(&mut tries),
            // The block comes first; it may be a threat, or leave the earlier ones to go on with.
            [block] => tries.push(*block),
            _ => return false,
        }
        if blocks.is_empty() {
            tries.retain(|&cell| self.board.class(cell, me) >= Class::OpenThree);
        }
        if moves >= 2
            && let Some(&cell) = tries
                .iter()
                .find(|&&cell| self.board.class(cell, me) == Class::WinningFour)
        {
            if self.ply == 0 {
                self.first = Some(cell);
            }
            return true;
        }
        tries.sort_by_cached_key(|&cell| std::cmp::Reverse(urgency(self.board.shapes(cell, me))));
        let mut won = false;
        for cell in tries {
            self.board.play(cell);
            self.ply += 1;
            won = moves >= 2 && self.defend(moves - 1);
            self.ply -= 1;
            self.board.undo();
            if won {
                if self.ply == 0 {
                    self.first = Some(cell);
                }
                break;
            }
            if self.clock.stopped() {
                return false;
            }
        }
        self.memo.store(hash, moves, won);
        won
    }

    /// Whether the attacker, who just moved, wins within `moves` more of theirs whatever the
    /// player to move does.
    fn defend(&mut self, moves: usize) -> bool {
        if self.clock.tick() {
            return false;
        }
        let defender = self.board.to_move();
        let attacker = defender.other();
        if self.board.has(defender, Shape::Five) {
            return false;
        }
        let mut answers = Vec::new();
        self.board.fives(attacker, &mut answers);
        if answers.len() >= 2 {
            return true;
        }
        if answers.is_empty() {
            if !self.board.has(attacker, Shape::OpenFour) {
                // No threat left: the defender is free to do anything.
                return false;
            }
            self.board.candidates(&mut answers);
            answers.retain(|&cell| stops_or_counters(self.board, cell, attacker, defender));
        }
        for cell in answers {
            self.board.play(cell);
            self.ply += 1;
            let won = self.attack(moves);
            self.ply -= 1;
            self.board.undo();
            if !won {
                return false;
            }
        }
        true
    }
}

/// Whether a defender's stone on `cell` could answer an open three: it takes a cell the attacker
/// would make a four or more on, or makes a four of the defender's own.
fn stops_or_counters(board: &Board, cell: usize, attacker: Mark, defender: Mark) -> bool {
    board
        .shapes(cell, attacker)
        .iter()
        .any(|&shape| shape >= Shape::Four)
        || board.class(cell, defender) >= Class::Four
}
