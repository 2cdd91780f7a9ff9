//! The codes of the games of marks in a row: the table (the board, or the rule), the opponent and
//! the player's side, then the seed.

use super::Variant;
use super::settings::Opponent;
use crate::code::{Bits, CodeError, GameCode, LONGEST_SEED, Reader};
use crate::store::settings::Kind;

/// What a code of a game of marks holds besides its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeGame {
    /// The table the game counts in, as its setting names it: `3x3`, `freestyle`.
    pub table: &'static str,
    pub opponent: Opponent,
    /// Whether the player is X (against the computer; two players' codes say X).
    pub plays_x: bool,
}

impl CodeGame {
    /// The game's code from `seed`; `None` when its table is none of `V`'s.
    pub fn code<V: Variant>(&self, seed: u64) -> Option<GameCode> {
        let tables = tables::<V>();
        let table = tables.iter().position(|t| *t == self.table)?;
        let mut bits = Bits::default();
        bits.push(table as u64, table_bits(tables.len()));
        let opponent = Opponent::ALL.iter().position(|o| *o == self.opponent);
        bits.push(opponent.unwrap_or(0) as u64, 2);
        bits.push(self.plays_x.into(), 1);
        Some(GameCode::new(V::LETTER, bits, seed))
    }

    /// The game of a code of `V`.
    pub fn of<V: Variant>(code: &GameCode) -> Option<CodeGame> {
        (code.letter() == V::LETTER)
            .then(|| read::<V>(&mut code.fields()).ok())
            .flatten()
    }

    /// The game of `table` against `opponent`, the player on X when `player_is_x` (two players'
    /// whatever it is).
    pub fn new(table: &'static str, opponent: Opponent, player_is_x: bool) -> CodeGame {
        CodeGame {
            table,
            opponent,
            // Two players have no side of their own: their codes all say X.
            plays_x: opponent == Opponent::Human || player_is_x,
        }
    }
}

/// Reads a code's fields, refusing a table that does not exist.
pub fn read<V: Variant>(bits: &mut Reader) -> Result<CodeGame, CodeError> {
    let tables = tables::<V>();
    let table = *tables
        .get(bits.take(table_bits(tables.len()) as usize)? as usize)
        .ok_or(CodeError::Content)?;
    let opponent = Opponent::ALL[bits.take(2)? as usize];
    Ok(CodeGame {
        table,
        opponent,
        plays_x: bits.take(1)? == 1,
    })
}

/// The longest code of `V` with a seed the program draws.
pub fn longest<V: Variant>() -> usize {
    let tables = tables::<V>();
    let game = CodeGame::new(tables[tables.len() - 1], Opponent::Human, true);
    game.code::<V>(LONGEST_SEED)
        .map_or(0, |code| code.encode().len())
}

/// The tables of `V`, in the order of its setting.
pub fn tables<V: Variant>() -> &'static [&'static str] {
    match V::table_setting().kind {
        Kind::Choice(names) => names,
        _ => &[],
    }
}

/// The bits that number `count` tables.
fn table_bits(count: usize) -> u32 {
    usize::BITS - count.saturating_sub(1).leading_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::gomoku::Gomoku;
    use crate::play::tictactoe::TicTacToe;

    fn reads_back<V: Variant>() {
        for &table in tables::<V>() {
            for opponent in Opponent::ALL {
                for plays_x in [false, true] {
                    let game = CodeGame {
                        table,
                        opponent,
                        plays_x,
                    };
                    let code = game.code::<V>(3).unwrap();
                    assert_eq!(CodeGame::of::<V>(&code), Some(game));
                    assert_eq!(code.seed(), 3);
                }
            }
        }
    }

    #[test]
    fn every_game_reads_back_from_its_code() {
        reads_back::<TicTacToe>();
        reads_back::<Gomoku>();
        assert_eq!((table_bits(1), table_bits(2), table_bits(3)), (0, 1, 2));
    }
}
