//! Tic-tac-toe's codes: the board, the opponent and the player's side, then the seed.

use super::settings::Opponent;
use crate::code::{Bits, CodeError, GameCode, LONGEST_SEED, Reader};
use crate::games::tictactoe::{PRESETS, Preset};
use crate::play::marks::{read_sides, write_sides};

/// The code's letter.
pub const LETTER: char = 'T';

/// What a tic-tac-toe code holds besides its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeGame {
    /// One of the presets (3x3, 4x4, 5x5).
    pub board: Preset,
    pub opponent: Opponent,
    /// Whether the player is X (against the computer; two players' codes say X).
    pub plays_x: bool,
}

impl CodeGame {
    pub fn code(&self, seed: u64) -> GameCode {
        let mut bits = Bits::default();
        let board = PRESETS.iter().position(|p| *p == self.board).unwrap_or(0);
        bits.push(board as u64, 2);
        write_sides(&mut bits, self.opponent, self.plays_x);
        GameCode::new(LETTER, bits, seed)
    }

    /// The game of a tic-tac-toe code.
    pub fn of(code: &GameCode) -> Option<CodeGame> {
        (code.letter() == LETTER)
            .then(|| read(&mut code.fields()).ok())
            .flatten()
    }
}

/// Reads a code's fields, refusing a board that does not exist.
pub fn read(bits: &mut Reader) -> Result<CodeGame, CodeError> {
    let board = *PRESETS
        .get(bits.take(2)? as usize)
        .ok_or(CodeError::Content)?;
    let (opponent, plays_x) = read_sides(bits)?;
    Ok(CodeGame {
        board,
        opponent,
        plays_x,
    })
}

/// The longest code with a seed the program draws.
pub fn longest() -> usize {
    CodeGame {
        board: PRESETS[2],
        opponent: Opponent::Human,
        plays_x: true,
    }
    .code(LONGEST_SEED)
    .encode()
    .len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_reads_back_from_its_code() {
        for board in PRESETS {
            for opponent in Opponent::ALL {
                for plays_x in [false, true] {
                    let game = CodeGame {
                        board,
                        opponent,
                        plays_x,
                    };
                    let code = game.code(3);
                    assert_eq!(CodeGame::of(&code), Some(game));
                    assert_eq!(code.seed(), 3);
                }
            }
        }
    }
}
