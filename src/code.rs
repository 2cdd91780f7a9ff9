//! Game codes: a short text of letters and digits that gives a game again, exactly: the game, its
//! board and the settings that shape it, its seed, and for Minesweeper the first revealed cell.
//! Players share them to race on the same board; `grid-arcade play CODE` starts the game.
//!
//! A code is `A` (the format's version), the game's letter, the game's fields packed in 5-bit
//! symbols, its seed, and a check symbol, all from Crockford's base 32 (no I, L, O or U, so
//! nothing reads as something else). Each game writes and reads its own fields; the rest is the
//! same for every game. Reading is forgiving: case, spaces and dashes do not matter, and O, I and
//! L read as 0, 1 and 1. A code with one symbol wrong, or two swapped, fails its check and is
//! refused.

use std::fmt;

use crate::seeds::SEED_BITS;

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// The version of the format: the first symbol of every code.
const VERSION: char = 'A';

/// A game a code stands for: the game's letter, its fields as the game wrote them, its seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameCode {
    letter: char,
    fields: Bits,
    seed: u64,
}

/// A game's codes: its letter, and how its fields are read.
pub trait Format {
    fn letter(&self) -> char;
    /// Reads the game's fields, refusing with [`CodeError::Content`] what no game of it has.
    fn read_fields(&self, bits: &mut Reader) -> Result<(), CodeError>;
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

/// The fewest symbols before the check: the version, the game's letter and the shortest seed
/// (its length in 4 bits and one group of 5).
const SHORTEST_BODY: usize = 2 + 9usize.div_ceil(5);

/// The largest seed the program draws, for the longest code of a game: see [`GameCode::longest`].
pub const LONGEST_SEED: u64 = (1 << SEED_BITS) - 1;

impl GameCode {
    /// The code of a game of the game with `letter`, its `fields` and its `seed`.
    pub fn new(letter: char, fields: Bits, seed: u64) -> GameCode {
        GameCode {
            letter,
            fields,
            seed,
        }
    }

    pub fn letter(&self) -> char {
        self.letter
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The game's fields, to be read back as the game wrote them.
    pub fn fields(&self) -> Reader {
        Reader {
            bits: self.fields.0.clone(),
            at: 0,
        }
    }

    /// The code's text.
    pub fn encode(&self) -> String {
        let mut bits = self.fields.clone();
        bits.push_seed(self.seed);
        let mut symbols = vec![symbol_value(VERSION), symbol_value(self.letter)];
        symbols.extend(bits.symbols());
        symbols.push(check(&symbols));
        symbols
            .iter()
            .map(|&v| ALPHABET[v as usize] as char)
            .collect()
    }

    /// The game of a code's text, among the games of `formats` (see the module documentation
    /// for what it forgives).
    pub fn decode(text: &str, formats: &[&dyn Format]) -> Result<GameCode, CodeError> {
        let symbols: Vec<u8> = text
            .chars()
            .filter(|c| !matches!(c, ' ' | '-'))
            .map(|c| read_symbol(c).ok_or(CodeError::Character(c)))
            .collect::<Result<_, _>>()?;
        let [body @ .., last] = symbols.as_slice() else {
            return Err(CodeError::Short);
        };
        // Shorter than any code: the fault is its length, whatever its check says.
        if body.len() < SHORTEST_BODY {
            return Err(CodeError::Short);
        }
        if check(body) != *last {
            return Err(CodeError::Check);
        }
        let version = ALPHABET[body[0] as usize] as char;
        if version != VERSION {
            return Err(CodeError::Version(version));
        }
        let letter = ALPHABET[body[1] as usize] as char;
        let format = formats
            .iter()
            .find(|f| f.letter() == letter)
            .ok_or(CodeError::Content)?;
        let mut bits = Reader::new(&body[2..]);
        format.read_fields(&mut bits)?;
        let fields = Bits(bits.bits[..bits.at].to_vec());
        let seed = bits.take_seed()?;
        bits.finish()?;
        Ok(GameCode {
            letter,
            fields,
            seed,
        })
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

/// Bits written most significant first and read back as 5-bit symbols: a game writes its fields
/// in them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bits(Vec<bool>);

impl Bits {
    pub fn push(&mut self, value: u64, width: u32) {
        for bit in (0..width).rev() {
            // A seed's groups may reach past its 64 bits: those are zero.
            self.0
                .push(value.checked_shr(bit).is_some_and(|v| v & 1 == 1));
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

/// Reads a code's bits back: a game reads its fields with it.
pub struct Reader {
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

    pub fn take(&mut self, width: usize) -> Result<u64, CodeError> {
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

    /// Dice codes: the sides in 5 bits, of 4 to 20.
    struct Dice;

    impl Format for Dice {
        fn letter(&self) -> char {
            'D'
        }
        fn read_fields(&self, bits: &mut Reader) -> Result<(), CodeError> {
            match bits.take(5)? {
                4..=20 => Ok(()),
                _ => Err(CodeError::Content),
            }
        }
    }

    fn dice(sides: u64, seed: u64) -> GameCode {
        let mut fields = Bits::default();
        fields.push(sides, 5);
        GameCode::new('D', fields, seed)
    }

    fn samples() -> Vec<GameCode> {
        let seeds = [0, 1, 31, 32, 1 << 40, i64::MAX as u64];
        (4..=20)
            .flat_map(|sides| seeds.map(|seed| dice(sides, seed)))
            .collect()
    }

    #[test]
    fn every_game_reads_back_from_its_code() {
        for code in samples() {
            let text = code.encode();
            assert!(text.chars().all(|c| c.is_ascii_alphanumeric()), "{text}");
            assert_eq!(
                GameCode::decode(&text, &[&Dice]),
                Ok(code.clone()),
                "{text}"
            );
            // As a player may type it: lower case, in groups.
            let typed: String = text
                .to_lowercase()
                .chars()
                .enumerate()
                .flat_map(|(i, c)| (i > 0 && i % 4 == 0).then_some('-').into_iter().chain([c]))
                .collect();
            assert_eq!(
                GameCode::decode(&typed, &[&Dice]),
                Ok(code.clone()),
                "{typed}"
            );
        }
        let read = GameCode::decode(&dice(17, 1 << 40).encode(), &[&Dice]).unwrap();
        assert_eq!(
            (read.letter(), read.fields().take(5), read.seed()),
            ('D', Ok(17), 1 << 40)
        );
        assert_eq!(dice(25, 1).encode().len(), dice(20, 1).encode().len());
        assert_eq!(
            GameCode::decode(&dice(25, 1).encode(), &[&Dice]),
            Err(CodeError::Content)
        );
        assert_eq!(
            GameCode::decode(&dice(6, 1).encode(), &[]),
            Err(CodeError::Content),
            "a game this version does not play"
        );
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
                    assert!(
                        GameCode::decode(&typo, &[&Dice]).is_err(),
                        "{typo} read as a code"
                    );
                }
                if i + 1 < text.len() && text[i] != text[i + 1] {
                    let mut swapped = text.clone();
                    swapped.swap(i, i + 1);
                    let swapped: String = swapped.into_iter().collect();
                    assert!(GameCode::decode(&swapped, &[&Dice]).is_err(), "{swapped}");
                }
            }
        }
        assert_eq!(
            GameCode::decode("AU", &[&Dice]),
            Err(CodeError::Character('U'))
        );
        assert_eq!(GameCode::decode("A2", &[&Dice]), Err(CodeError::Short));
    }
}
