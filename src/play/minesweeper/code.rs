//! Minesweeper's codes: the level (and a custom board's size), the first-click rule and the first
//! revealed cell, then the seed.

use crate::code::{Bits, CodeError, GameCode, LONGEST_SEED, Reader};
use crate::games::minesweeper::{BoardSize, Difficulty, FirstClick, Pos};

/// The code's letter.
pub const LETTER: char = 'M';

const LEVELS: [Difficulty; 5] = [
    Difficulty::Beginner,
    Difficulty::Medium,
    Difficulty::Expert,
    Difficulty::Classic,
    Difficulty::Custom,
];

/// What a Minesweeper code holds besides its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeBoard {
    pub level: Difficulty,
    pub size: BoardSize,
    pub first_click: FirstClick,
    /// The first revealed cell: a game from the code starts with it open.
    pub first: Option<Pos>,
}

impl CodeBoard {
    pub fn code(&self, seed: u64) -> GameCode {
        let mut bits = Bits::default();
        let level = LEVELS.iter().position(|l| *l == self.level).unwrap_or(0);
        bits.push(level as u64, 3);
        if self.level == Difficulty::Custom {
            bits.push(self.size.rows() as u64, 10);
            bits.push(self.size.cols() as u64, 10);
            bits.push(self.size.mines() as u64, 20);
        }
        let rule = FirstClick::ALL.iter().position(|r| *r == self.first_click);
        bits.push(rule.unwrap_or(0) as u64, 2);
        match self.first {
            Some(pos) => {
                bits.push(1, 1);
                bits.push(pos.row as u64, 10);
                bits.push(pos.col as u64, 10);
            }
            None => bits.push(0, 1),
        }
        GameCode::new(LETTER, bits, seed)
    }

    /// The board of a Minesweeper code.
    pub fn of(code: &GameCode) -> Option<CodeBoard> {
        (code.letter() == LETTER)
            .then(|| read(&mut code.fields()).ok())
            .flatten()
    }
}

/// Reads a code's fields, refusing a board or cell that no game has.
pub fn read(bits: &mut Reader) -> Result<CodeBoard, CodeError> {
    let level = *LEVELS
        .get(bits.take(3)? as usize)
        .ok_or(CodeError::Content)?;
    let size = match level.preset() {
        Some(size) => size,
        None => {
            let (rows, cols, mines) = (bits.take(10)?, bits.take(10)?, bits.take(20)?);
            BoardSize::new(rows as usize, cols as usize, mines as usize)
                .map_err(|_| CodeError::Content)?
        }
    };
    let first_click = *FirstClick::ALL
        .get(bits.take(2)? as usize)
        .ok_or(CodeError::Content)?;
    let first = match bits.take(1)? {
        1 => {
            let pos = Pos::new(bits.take(10)? as usize, bits.take(10)? as usize);
            if pos.row >= size.rows() || pos.col >= size.cols() {
                return Err(CodeError::Content);
            }
            Some(pos)
        }
        _ => None,
    };
    Ok(CodeBoard {
        level,
        size,
        first_click,
        first,
    })
}

/// The longest code with a seed the program draws: the largest custom board, its far cell.
pub fn longest() -> usize {
    CodeBoard {
        level: Difficulty::Custom,
        size: BoardSize::new(1000, 1000, 999_991).unwrap_or(BoardSize::EXPERT),
        first_click: FirstClick::NoGuess,
        first: Some(Pos::new(999, 999)),
    }
    .code(LONGEST_SEED)
    .encode()
    .len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::Format;

    struct Mines;

    impl Format for Mines {
        fn letter(&self) -> char {
            LETTER
        }
        fn read_fields(&self, bits: &mut Reader) -> Result<(), CodeError> {
            read(bits).map(|_| ())
        }
    }

    #[test]
    fn every_board_reads_back_from_its_code() {
        for level in LEVELS {
            for first_click in FirstClick::ALL {
                for first in [None, Some(Pos::new(4, 7))] {
                    let board = CodeBoard {
                        level,
                        size: level
                            .preset()
                            .unwrap_or(BoardSize::new(1000, 999, 987_654).unwrap()),
                        first_click,
                        first,
                    };
                    let code = board.code(0x7FFF_FFFF_FFFF_FFFF);
                    let read = GameCode::decode(&code.encode(), &[&Mines]).unwrap();
                    assert_eq!(read, code);
                    assert_eq!(CodeBoard::of(&read), Some(board));
                }
            }
        }
    }

    #[test]
    fn codes_are_short_and_stable() {
        let expert = CodeBoard {
            level: Difficulty::Expert,
            size: BoardSize::EXPERT,
            first_click: FirstClick::NoGuess,
            first: Some(Pos::new(10, 12)),
        };
        assert_eq!(expert.code(987_654_321_098).encode(), "AMAG5068WQTCHWYAT");
    }
}
