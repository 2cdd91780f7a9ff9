//! Game codes: a short text of letters and digits that gives a game again, exactly: the game, its
//! board and the settings that shape it, its seed, and for Minesweeper the first revealed cell.
//! Players share them to race on the same board; `grid-arcade play CODE` starts the game.
//!
//! A code is `A` (the format's version), a letter for the game (`M`inesweeper, `T`ic-tac-toe,
//! `2` for 2048), the game's fields packed in 5-bit symbols, and a check symbol, all from
//! Crockford's base 32 (no I, L, O or U, so nothing reads as something else). Reading is
//! forgiving: case, spaces and dashes do not matter, and O, I and L read as 0, 1 and 1. A code
//! with one symbol wrong, or two swapped, fails its check and is refused.

use std::fmt;

use crate::games::GameId;
use crate::games::minesweeper::{BoardSize, Difficulty, FirstClick, Pos};
use crate::games::tictactoe::{Level, PRESETS, Preset};
use crate::seeds::SEED_BITS;

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// The version of the format: the first symbol of every code.
const VERSION: char = 'A';

/// A game a code stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameCode {
    Minesweeper {
        level: Difficulty,
        size: BoardSize,
        first_click: FirstClick,
        seed: u64,
        /// The first revealed cell: a game from the code starts with it open.
        first: Option<Pos>,
    },
    TicTacToe {
        /// One of the presets (3x3, 4x4, 5x5).
        board: Preset,
        /// The computer's level, or `None` for two players.
        opponent: Option<Level>,
        /// Whether the player is X (against the computer; two players' codes say X).
        plays_x: bool,
        seed: u64,
    },
    Twenty48 {
        size: u8,
        seed: u64,
    },
}

/// Why a text is not a code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// A character that no code has.
    Character(char),
    Short,
    /// The check symbol does not match: a symbol was mistyped.
    Check,
    /// A code of another version of grid-arcade.
    Version(char),
    /// Fields that no game has (a board that does not exist, say).
    Content,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Character(c) => write!(f, "{c:?} is not in game codes"),
            CodeError::Short => f.write_str("the code is too short"),
            CodeError::Check => {
                f.write_str("the code's check does not match: a letter or digit is mistyped")
            }
            CodeError::Version(v) => write!(
                f,
                "the code is of another version of grid-arcade ({v}), this one reads {VERSION}"
            ),
            CodeError::Content => f.write_str("the code does not describe a game"),
        }
    }
}

impl std::error::Error for CodeError {}

/// The opponents in the order of their numbers in a code.
const OPPONENTS: [Option<Level>; 4] = [
    Some(Level::Easy),
    Some(Level::Medium),
    Some(Level::Hard),
    None,
];

const LEVELS: [Difficulty; 5] = [
    Difficulty::Beginner,
    Difficulty::Medium,
    Difficulty::Expert,
    Difficulty::Classic,
    Difficulty::Custom,
];

impl GameCode {
    pub fn game(&self) -> GameId {
        match self {
            GameCode::Minesweeper { .. } => GameId::Minesweeper,
            GameCode::TicTacToe { .. } => GameId::TicTacToe,
            GameCode::Twenty48 { .. } => GameId::Twenty48,
        }
    }

    pub fn seed(&self) -> u64 {
        match *self {
            GameCode::Minesweeper { seed, .. }
            | GameCode::TicTacToe { seed, .. }
            | GameCode::Twenty48 { seed, .. } => seed,
        }
    }

    /// The most letters and digits a code of `game` takes with a seed the program draws (the
    /// largest board and seed make the longest), for the room a screen keeps for it so that
    /// nothing moves from one game to the next. A longer seed, from `--seed` or a typed code,
    /// takes more.
    pub fn longest(game: GameId) -> usize {
        let seed = (1 << SEED_BITS) - 1;
        match game {
            GameId::TicTacToe => GameCode::TicTacToe {
                board: PRESETS[2],
                opponent: None,
                plays_x: true,
                seed,
            },
            GameId::Twenty48 => GameCode::Twenty48 { size: 8, seed },
            GameId::Minesweeper => GameCode::Minesweeper {
                level: Difficulty::Custom,
                size: BoardSize::new(1000, 1000, 999_991).unwrap_or(BoardSize::EXPERT),
                first_click: FirstClick::NoGuess,
                seed,
                first: Some(Pos::new(999, 999)),
            },
        }
        .encode()
        .len()
    }

    /// The code's text.
    pub fn encode(&self) -> String {
        let mut bits = Bits::default();
        let letter = match *self {
            GameCode::Minesweeper {
                level,
                size,
                first_click,
                seed,
                first,
            } => {
                let level_index = LEVELS.iter().position(|l| *l == level).unwrap_or(0);
                bits.push(level_index as u64, 3);
                if level == Difficulty::Custom {
                    bits.push(size.rows() as u64, 10);
                    bits.push(size.cols() as u64, 10);
                    bits.push(size.mines() as u64, 20);
                }
                let rule = FirstClick::ALL.iter().position(|r| *r == first_click);
                bits.push(rule.unwrap_or(0) as u64, 2);
                match first {
                    Some(pos) => {
                        bits.push(1, 1);
                        bits.push(pos.row as u64, 10);
                        bits.push(pos.col as u64, 10);
                    }
                    None => bits.push(0, 1),
                }
                bits.push_seed(seed);
                'M'
            }
            GameCode::TicTacToe {
                board,
                opponent,
                plays_x,
                seed,
            } => {
                let board = PRESETS.iter().position(|p| *p == board).unwrap_or(0);
                let opponent = OPPONENTS.iter().position(|o| *o == opponent);
                bits.push(board as u64, 2);
                bits.push(opponent.unwrap_or(0) as u64, 2);
                bits.push(plays_x.into(), 1);
                bits.push_seed(seed);
                'T'
            }
            GameCode::Twenty48 { size, seed } => {
                // Sizes 3 to 8 in three bits.
                bits.push(u64::from(size.saturating_sub(3)), 3);
                bits.push_seed(seed);
                '2'
            }
        };
        let mut symbols = vec![symbol_value(VERSION), symbol_value(letter)];
        symbols.extend(bits.symbols());
        symbols.push(check(&symbols));
        symbols
            .iter()
            .map(|&v| ALPHABET[v as usize] as char)
            .collect()
    }

    /// The game of a code's text (see the module documentation for what it forgives).
    pub fn decode(text: &str) -> Result<GameCode, CodeError> {
        let symbols: Vec<u8> = text
            .chars()
            .filter(|c| !matches!(c, ' ' | '-'))
            .map(|c| read_symbol(c).ok_or(CodeError::Character(c)))
            .collect::<Result<_, _>>()?;
        let [body @ .., last] = symbols.as_slice() else {
            return Err(CodeError::Short);
        };
        if body.len() < 3 {
            return Err(CodeError::Short);
        }
        if check(body) != *last {
            return Err(CodeError::Check);
        }
        let version = ALPHABET[body[0] as usize] as char;
        if version != VERSION {
            return Err(CodeError::Version(version));
        }
        let mut bits = Reader::new(&body[2..]);
        let code = match ALPHABET[body[1] as usize] {
            b'M' => {
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
                GameCode::Minesweeper {
                    level,
                    size,
                    first_click,
                    seed: bits.take_seed()?,
                    first,
                }
            }
            b'T' => {
                let board = *PRESETS
                    .get(bits.take(2)? as usize)
                    .ok_or(CodeError::Content)?;
                let opponent = OPPONENTS[bits.take(2)? as usize];
                GameCode::TicTacToe {
                    board,
                    opponent,
                    plays_x: bits.take(1)? == 1,
                    seed: bits.take_seed()?,
                }
            }
            b'2' => {
                let size = bits.take(3)? as u8 + 3;
                if size > 8 {
                    return Err(CodeError::Content);
                }
                GameCode::Twenty48 {
                    size,
                    seed: bits.take_seed()?,
                }
            }
            _ => return Err(CodeError::Content),
        };
        bits.finish()?;
        Ok(code)
    }
}

fn symbol_value(c: char) -> u8 {
    read_symbol(c).expect("the code's own letters are in the alphabet")
}

/// The value of a symbol as a player may type it.
fn read_symbol(c: char) -> Option<u8> {
    let c = match c.to_ascii_uppercase() {
        'O' => '0',
        'I' | 'L' => '1',
        c => c,
    };
    ALPHABET
        .iter()
        .position(|&a| a as char == c)
        .map(|v| v as u8)
}

/// The check symbol: the symbols weighted by the powers of a generator of the field of 32
/// elements and added there, so that one symbol changed or two neighbours swapped always change
/// it (a plain sum modulo 31 misses 0 and Z swapped for each other).
fn check(symbols: &[u8]) -> u8 {
    let mut weight = 1;
    symbols.iter().fold(0, |sum, &v| {
        weight = field_product(weight, 2);
        sum ^ field_product(weight, v)
    })
}

/// The product in the field of 32 elements built on x^5 + x^2 + 1.
fn field_product(mut a: u8, mut b: u8) -> u8 {
    let mut product = 0;
    for _ in 0..5 {
        if b & 1 == 1 {
            product ^= a;
        }
        b >>= 1;
        let overflow = a & 0x10 != 0;
        a = (a << 1) & 0x1f;
        if overflow {
            a ^= 0x05;
        }
    }
    product
}

/// Bits written most significant first and read back as 5-bit symbols.
#[derive(Default)]
struct Bits(Vec<bool>);

impl Bits {
    fn push(&mut self, value: u64, width: u32) {
        for bit in (0..width).rev() {
            self.0.push(value >> bit & 1 == 1);
        }
    }

    /// A seed in as few 5-bit groups as it needs: their count first, in 4 bits.
    fn push_seed(&mut self, seed: u64) {
        let groups = (64 - seed.leading_zeros()).div_ceil(5).max(1);
        self.push(groups.into(), 4);
        self.push(seed, groups * 5);
    }

    fn symbols(&self) -> Vec<u8> {
        self.0
            .chunks(5)
            .map(|chunk| {
                (0..5).fold(0u8, |value, i| {
                    value << 1 | u8::from(chunk.get(i).copied().unwrap_or(false))
                })
            })
            .collect()
    }
}

struct Reader {
    bits: Vec<bool>,
    at: usize,
}

impl Reader {
    fn new(symbols: &[u8]) -> Reader {
        let bits = symbols
            .iter()
            .flat_map(|&v| (0..5).rev().map(move |bit| v >> bit & 1 == 1))
            .collect();
        Reader { bits, at: 0 }
    }

    fn take(&mut self, width: usize) -> Result<u64, CodeError> {
        let bits = self
            .bits
            .get(self.at..self.at + width)
            .ok_or(CodeError::Short)?;
        self.at += width;
        Ok(bits
            .iter()
            .fold(0, |value, &bit| value << 1 | u64::from(bit)))
    }

    fn take_seed(&mut self) -> Result<u64, CodeError> {
        let groups = self.take(4)? as usize;
        if groups == 0 || groups > 13 {
            return Err(CodeError::Content);
        }
        let seed = self.take(groups * 5)?;
        (seed <= i64::MAX as u64)
            .then_some(seed)
            .ok_or(CodeError::Content)
    }

    /// What is left is only the padding of the last symbol.
    fn finish(self) -> Result<(), CodeError> {
        let rest = &self.bits[self.at..];
        if rest.len() < 5 && rest.iter().all(|bit| !bit) {
            Ok(())
        } else {
            Err(CodeError::Content)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples() -> Vec<GameCode> {
        let mut codes = Vec::new();
        for level in LEVELS {
            for first_click in FirstClick::ALL {
                for first in [None, Some(Pos::new(4, 7))] {
                    codes.push(GameCode::Minesweeper {
                        level,
                        size: level
                            .preset()
                            .unwrap_or(BoardSize::new(1000, 999, 987_654).unwrap()),
                        first_click,
                        seed: 0x7FFF_FFFF_FFFF_FFFF,
                        first,
                    });
                }
            }
        }
        for board in PRESETS {
            for opponent in OPPONENTS {
                for plays_x in [false, true] {
                    codes.push(GameCode::TicTacToe {
                        board,
                        opponent,
                        plays_x,
                        seed: 3,
                    });
                }
            }
        }
        for size in 3..=8 {
            for seed in [0, 1, 31, 32, 1 << 40, i64::MAX as u64] {
                codes.push(GameCode::Twenty48 { size, seed });
            }
        }
        codes
    }

    #[test]
    fn every_game_and_board_reads_back_from_its_code() {
        for code in samples() {
            let text = code.encode();
            assert!(text.chars().all(|c| c.is_ascii_alphanumeric()), "{text}");
            assert_eq!(GameCode::decode(&text), Ok(code), "{text}");
            // As a player may type it: lower case, in groups.
            let typed: String = text
                .to_lowercase()
                .chars()
                .enumerate()
                .flat_map(|(i, c)| (i > 0 && i % 4 == 0).then_some('-').into_iter().chain([c]))
                .collect();
            assert_eq!(GameCode::decode(&typed), Ok(code), "{typed}");
        }
    }

    #[test]
    fn codes_are_short_and_stable() {
        let daily_2048 = GameCode::Twenty48 {
            size: 4,
            seed: 123_456_789_012,
        };
        assert_eq!(daily_2048.encode(), "A260WQTCHM50B");
        let expert = GameCode::Minesweeper {
            level: Difficulty::Expert,
            size: BoardSize::EXPERT,
            first_click: FirstClick::NoGuess,
            seed: 987_654_321_098,
            first: Some(Pos::new(10, 12)),
        };
        assert_eq!(expert.encode(), "AMAG5068WQTCHWYAT");
    }

    #[test]
    fn a_mistyped_or_swapped_symbol_is_refused() {
        for code in samples() {
            let text: Vec<char> = code.encode().chars().collect();
            for i in 0..text.len() {
                for replacement in ALPHABET.iter().map(|&b| b as char) {
                    if replacement == text[i] {
                        continue;
                    }
                    let mut typo = text.clone();
                    typo[i] = replacement;
                    let typo: String = typo.into_iter().collect();
                    assert!(GameCode::decode(&typo).is_err(), "{typo} read as a code");
                }
                if i + 1 < text.len() && text[i] != text[i + 1] {
                    let mut swapped = text.clone();
                    swapped.swap(i, i + 1);
                    let swapped: String = swapped.into_iter().collect();
                    assert!(GameCode::decode(&swapped).is_err(), "{swapped}");
                }
            }
        }
        assert_eq!(GameCode::decode("AU"), Err(CodeError::Character('U')));
        assert_eq!(GameCode::decode("A2"), Err(CodeError::Short));
    }
}
