//! Victory by continuous fours (VCF): a win in which every move of the attacker makes a four, so
//! that each answer is forced, and the last makes five. The search tries every four, shortest
//! wins first, and remembers the positions where no win within so many moves was found.

use super::Mark;
use super::board::Board;
use super::limit::Clock;
use super::pattern::{Class, Shape};

/// Results of the threat searches by position hash: "a win within n moves" or "none within n".
/// A result never depends on the path to the position, so it is kept for the whole game.
pub(super) struct Memo {
    slots: Vec<[u64; 2]>,
}

impl Memo {
    const BITS: u32 = 18;

    pub fn new() -> Memo {
        Memo {
            slots: vec![[0; 2]; 1 << Self::BITS],
        }
    }

    /// What is known of a win within `moves` for the player to move.
    pub fn lookup(&self, hash: u64, moves: usize) -> Option<bool> {
        let [stored, packed] = self.slots[Self::slot(hash)];
        if stored != hash || packed == 0 {
            return None;
        }
        let (known, won) = ((packed >> 1) as usize, packed & 1 == 1);
        match won {
            true if known <= moves => Some(true),
            false if known >= moves => Some(false),
            _ => None,
        }
    }

    pub fn store(&mut self, hash: u64, moves: usize, won: bool) {
        self.slots[Self::slot(hash)] = [hash, (moves as u64) << 1 | u64::from(won)];
    }

    fn slot(hash: u64) -> usize {
        (hash >> (64 - Self::BITS)) as usize
    }
}

/// The attacker's moves of a VCF within `max_moves` of theirs (counting the five) for the player
/// to move, each followed by the forced answer, or `None` if none was found before the clock's
/// share ran out. The board is left as it was.
pub(super) fn find(
    board: &mut Board,
    clock: &mut Clock,
    memo: &mut Memo,
    max_moves: usize,
) -> Option<Vec<usize>> {
    let mut search = Vcf {
        board,
        clock,
        memo,
        line: Vec::new(),
    };
    for moves in 1..=max_moves {
        if search.attack(moves) {
            search.line.reverse();
            return Some(search.line);
        }
        if search.clock.stopped() {
            break;
        }
    }
    None
}

struct Vcf<'a, 'c> {
    board: &'a mut Board,
    clock: &'a mut Clock<'c>,
    memo: &'a mut Memo,
    /// The winning line found, last move first.
    line: Vec<usize>,
}

impl Vcf<'_, '_> {
    fn attack(&mut self, moves: usize) -> bool {
        if self.clock.tick() {
            return false;
        }
        let me = self.board.to_move();
        if let Some(five) = first_five(self.board, me) {
            self.line.push(five);
            return true;
        }
        if moves < 2 {
            return false;
        }
        let hash = self.board.hash();
        // Wins end the search, so the memo only ever holds the failures of this search.
        if self.memo.lookup(hash, moves) == Some(false) {
            return false;
        }
        let Some(tries) = fours(self.board, me) else {
            return false;
        };
        for cell in tries {
            if self.board.class(cell, me) == Class::WinningFour {
                self.finish(cell);
                return true;
            }
            self.board.play(cell);
            let answer = five_near(self.board, cell, me);
            self.board.play(answer);
            let won = self.attack(moves - 1);
            self.board.undo();
            self.board.undo();
            if won {
                self.line.extend([answer, cell]);
                return true;
            }
            if self.clock.stopped() {
                return false;
            }
        }
        self.memo.store(hash, moves, false);
        false
    }
}

impl Vcf<'_, '_> {
    /// Ends the line with a move that leaves two fives to make: a block of one, the other.
    fn finish(&mut self, cell: usize) {
        let me = self.board.to_move();
        self.board.play(cell);
        let block = first_five(self.board, me).expect("two fives to make");
        self.board.play(block);
        let five = first_five(self.board, me).expect("one five left to make");
        self.board.undo();
        self.board.undo();
        self.line.extend([five, block, cell]);
    }
}

/// The moves that make a four for `me`, or `None` when the opponent's four leaves none: then
/// only the block may be played, and only if it makes a four too.
pub(super) fn fours(board: &Board, me: Mark) -> Option<Vec<usize>> {
    let mut blocks = Vec::new();
    board.fives(me.other(), &mut blocks);
    let mut cells = Vec::new();
    match blocks.as_slice() {
        [] => board.candidates(&mut cells),
        [block] => cells.push(*block),
        _ => return None,
    }
    cells.retain(|&cell| board.class(cell, me) >= Class::Four);
    Some(cells)
}

/// The first cell where `mark` makes five, if any.
pub(super) fn first_five(board: &Board, mark: Mark) -> Option<usize> {
    if !board.has(mark, Shape::Five) {
        return None;
    }
    let mut cells = Vec::new();
    board.fives(mark, &mut cells);
    cells.first().copied()
}

/// The cell on the lines through `cell` where `mark` makes five: the answer a four forces.
pub(super) fn five_near(board: &Board, cell: usize, mark: Mark) -> usize {
    (0..4)
        .flat_map(|dir| (-4..=4).map(move |offset| (dir, offset)))
        .map(|(dir, offset)| board.along(cell, dir, offset))
        .find(|&near| board.is_empty(near) && board.shapes(near, mark).contains(&Shape::Five))
        .expect("a four has a cell that makes five")
}
