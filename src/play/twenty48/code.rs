//! 2048's codes: the board size, then the seed.

use crate::code::{Bits, CodeError, GameCode, LONGEST_SEED, Reader};

/// The code's letter.
pub const LETTER: char = '2';

/// The code of the game of `size` from `seed`.
pub fn code(size: u8, seed: u64) -> GameCode {
    let mut bits = Bits::default();
    // Sizes 3 to 8 in three bits.
    bits.push(u64::from(size.saturating_sub(3)), 3);
    GameCode::new(LETTER, bits, seed)
}

/// Reads a code's board size, refusing one no board has.
pub fn read(bits: &mut Reader) -> Result<u8, CodeError> {
    let size = bits.take(3)? as u8 + 3;
    if size > 8 {
        return Err(CodeError::Content);
    }
    Ok(size)
}

/// The board size of a 2048 code.
pub fn size_of(code: &GameCode) -> Option<u8> {
    (code.letter() == LETTER)
        .then(|| read(&mut code.fields()).ok())
        .flatten()
}

/// The longest code with a seed the program draws.
pub fn longest() -> usize {
    code(8, LONGEST_SEED).encode().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_reads_back_and_codes_are_stable() {
        for size in 3..=8 {
            for seed in [0, 1, 31, 32, 1 << 40, i64::MAX as u64] {
                let read = code(size, seed);
                assert_eq!((size_of(&read), read.seed()), (Some(size), seed));
            }
        }
        assert_eq!(code(4, 123_456_789_012).encode(), "A260WQTCHM50B");
    }
}
