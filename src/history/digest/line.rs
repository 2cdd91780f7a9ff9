//! One line of the history as the digest reads it: strict JSON, every byte checked, but nothing
//! built for the fields the digest does not use. serde_json takes three times as long over a
//! hundred thousand lines, most of it on those fields, and the records screen must open at once.
//!
//! A line is refused (and counted as damaged) when it is not a JSON object, lacks a field the
//! digest needs or has one of the wrong type, names no game or more than one, or has an escape in
//! a text the digest keeps (the program never writes one there).

use crate::history::{Loss, Outcome};

/// The fields of a line the digest needs.
#[derive(Debug, PartialEq)]
pub(super) struct Line<'a> {
    pub v: u64,
    pub id: &'a str,
    pub start: &'a str,
    pub duration_ms: u64,
    pub result: Outcome,
    pub hints: bool,
    pub game: Game<'a>,
}

#[derive(Debug, PartialEq)]
pub(super) enum Game<'a> {
    Minesweeper {
        level: &'a str,
        rows: u64,
        cols: u64,
        mines: u64,
        bbbv: u64,
        loss: Option<Loss>,
    },
    TicTacToe {
        board: &'a str,
        opponent: &'a str,
        mark: Option<&'a str>,
    },
    Twenty48 {
        size: u64,
        score: u64,
        tile: u64,
        moves: u64,
    },
}

/// Deeper nesting than this is refused rather than followed: no line of the program nests so.
const MAX_DEPTH: u32 = 32;

/// The line `text`, if it is one the digest can read.
pub(super) fn read<'a>(text: &'a str) -> Option<Line<'a>> {
    let mut cursor = Cursor { text, at: 0 };
    let (mut v, mut id, mut start, mut duration_ms, mut result) = (None, None, None, None, None);
    let mut hints = false;
    let (mut game, mut games_named) = (None, 0);
    cursor.object(|c, key| {
        let game_of_key: Option<fn(&mut Cursor<'a>) -> Option<Game<'a>>> = match key {
            "minesweeper" => Some(minesweeper),
            "tictactoe" => Some(tictactoe),
            "2048" => Some(twenty48),
            _ => None,
        };
        if let Some(read_game) = game_of_key {
            if let Some(found) = c.or_null(read_game)? {
                game = Some(found);
                games_named += 1;
            }
            return Some(());
        }
        match key {
            "v" => v = Some(c.unsigned()?),
            "id" => id = Some(c.text()?),
            "start" => start = Some(c.text()?),
            "duration_ms" => duration_ms = Some(c.unsigned()?),
            "result" => result = Some(outcome(c.text()?)?),
            "hints" => hints = c.boolean()?,
            _ => c.skip_value(0)?,
        }
        Some(())
    })?;
    cursor.skip_space();
    if cursor.at != text.len() || games_named != 1 {
        return None;
    }
    Some(Line {
        v: v?,
        id: id?,
        start: start?,
        duration_ms: duration_ms?,
        result: result?,
        hints,
        game: game?,
    })
}

fn outcome(name: &str) -> Option<Outcome> {
    Some(match name {
        "won" => Outcome::Won,
        "lost" => Outcome::Lost,
        "draw" => Outcome::Draw,
        "over" => Outcome::Over,
        "abandoned" => Outcome::Abandoned,
        _ => return None,
    })
}

fn minesweeper<'a>(c: &mut Cursor<'a>) -> Option<Game<'a>> {
    let (mut level, mut rows, mut cols, mut mines, mut bbbv) = (None, None, None, None, None);
    let mut loss = None;
    c.object(|c, key| {
        match key {
            "level" => level = Some(c.text()?),
            "rows" => rows = Some(c.unsigned()?),
            "cols" => cols = Some(c.unsigned()?),
            "mines" => mines = Some(c.unsigned()?),
            "bbbv" => bbbv = Some(c.unsigned()?),
            "loss" => {
                loss = c.or_null(|c| match c.text()? {
                    "forced-guess" => Some(Loss::ForcedGuess),
                    "mistake" => Some(Loss::Mistake),
                    _ => None,
                })?
            }
            _ => c.skip_value(1)?,
        }
        Some(())
    })?;
    Some(Game::Minesweeper {
        level: level?,
        // A level's board is its name: only a custom board is written out.
        rows: rows.unwrap_or(0),
        cols: cols.unwrap_or(0),
        mines: mines.unwrap_or(0),
        bbbv: bbbv?,
        loss,
    })
}

fn tictactoe<'a>(c: &mut Cursor<'a>) -> Option<Game<'a>> {
    let (mut board, mut opponent, mut mark) = (None, None, None);
    c.object(|c, key| {
        match key {
            "board" => board = Some(c.text()?),
            "opponent" => opponent = Some(c.text()?),
            "mark" => mark = c.or_null(Cursor::text)?,
            _ => c.skip_value(1)?,
        }
        Some(())
    })?;
    Some(Game::TicTacToe {
        board: board?,
        opponent: opponent?,
        mark,
    })
}

fn twenty48<'a>(c: &mut Cursor<'a>) -> Option<Game<'a>> {
    let (mut size, mut score, mut tile, mut moves) = (None, None, None, None);
    c.object(|c, key| {
        match key {
            "size" => size = Some(c.unsigned()?),
            "score" => score = Some(c.unsigned()?),
            "tile" => tile = Some(c.unsigned()?),
            "moves" => moves = Some(c.unsigned()?),
            _ => c.skip_value(1)?,
        }
        Some(())
    })?;
    Some(Game::Twenty48 {
        size: size?,
        score: score?,
        tile: tile?,
        moves: moves?,
    })
}

/// A position in a line of JSON. Every reading method skips the blanks before its value and
/// answers `None` when the value is not of its kind or not valid JSON.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// Takes `byte` if it comes next.
    fn eat(&mut self, byte: u8) -> bool {
        self.skip_space();
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    fn literal(&mut self, word: &str) -> bool {
        self.skip_space();
        let found = self.text[self.at..].starts_with(word);
        if found {
            self.at += word.len();
        }
        found
    }

    /// A string as written between its quotes, and whether it holds an escape.
    fn raw_string(&mut self) -> Option<(&'a str, bool)> {
        if !self.eat(b'"') {
            return None;
        }
        let bytes = self.text.as_bytes();
        let start = self.at;
        let mut escaped = false;
        loop {
            // The plain run up to the next quote, escape or control byte, in one pass.
            self.at += bytes[self.at..]
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20)?;
            match bytes[self.at] {
                b'"' => break,
                b'\\' => {
                    escaped = true;
                    self.at += match *bytes.get(self.at + 1)? {
                        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => 2,
                        b'u' => {
                            let hex = bytes.get(self.at + 2..self.at + 6)?;
                            if !hex.iter().all(u8::is_ascii_hexdigit) {
                                return None;
                            }
                            6
                        }
                        _ => return None,
                    };
                }
                _ => return None,
            }
        }
        let raw = &self.text[start..self.at];
        self.at += 1;
        Some((raw, escaped))
    }

    /// A string without escapes.
    fn text(&mut self) -> Option<&'a str> {
        match self.raw_string()? {
            (text, false) => Some(text),
            (_, true) => None,
        }
    }

    /// A number as written, checked against JSON's grammar.
    fn number(&mut self) -> Option<&'a str> {
        self.skip_space();
        let bytes = self.text.as_bytes();
        let start = self.at;
        let digits = |at: &mut usize| {
            let from = *at;
            while bytes.get(*at).is_some_and(u8::is_ascii_digit) {
                *at += 1;
            }
            *at > from
        };
        let mut at = self.at;
        at += usize::from(bytes.get(at) == Some(&b'-'));
        match bytes.get(at) {
            Some(b'0') => at += 1,
            Some(b'1'..=b'9') => {
                digits(&mut at);
            }
            _ => return None,
        }
        if bytes.get(at) == Some(&b'.') {
            at += 1;
            if !digits(&mut at) {
                return None;
            }
        }
        if matches!(bytes.get(at), Some(b'e' | b'E')) {
            at += 1;
            at += usize::from(matches!(bytes.get(at), Some(b'+' | b'-')));
            if !digits(&mut at) {
                return None;
            }
        }
        self.at = at;
        Some(&self.text[start..at])
    }

    /// A whole number from 0 (a fraction or an exponent is not one, as for serde).
    fn unsigned(&mut self) -> Option<u64> {
        self.number()?.parse().ok()
    }

    fn boolean(&mut self) -> Option<bool> {
        if self.literal("true") {
            Some(true)
        } else if self.literal("false") {
            Some(false)
        } else {
            None
        }
    }

    /// `null`, or a value that `read` takes.
    fn or_null<T>(&mut self, read: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        if self.literal("null") {
            Some(None)
        } else {
            read(self).map(Some)
        }
    }

    /// An object, each of its fields handed to `field` with its key (which must read the value).
    fn object(&mut self, mut field: impl FnMut(&mut Self, &'a str) -> Option<()>) -> Option<()> {
        if !self.eat(b'{') {
            return None;
        }
        if self.eat(b'}') {
            return Some(());
        }
        loop {
            let (key, _) = self.raw_string()?;
            if !self.eat(b':') {
                return None;
            }
            field(self, key)?;
            if self.eat(b'}') {
                return Some(());
            }
            if !self.eat(b',') {
                return None;
            }
        }
    }

    /// Any value, checked and passed over.
    fn skip_value(&mut self, depth: u32) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.skip_space();
        match self.peek()? {
            b'{' => self.object(|c, _| c.skip_value(depth + 1)),
            b'[' => {
                self.at += 1;
                if self.eat(b']') {
                    return Some(());
                }
                loop {
                    self.skip_value(depth + 1)?;
                    if self.eat(b']') {
                        return Some(());
                    }
                    if !self.eat(b',') {
                        return None;
                    }
                }
            }
            b'"' => self.raw_string().map(|_| ()),
            b't' | b'f' => self.boolean().map(|_| ()),
            b'n' => self.literal("null").then_some(()),
            _ => self.number().map(|_| ()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Entry;
    use crate::history::entry::tests::minesweeper_entry;

    #[test]
    fn a_line_the_program_writes_is_read() {
        let entry = minesweeper_entry();
        let text = serde_json::to_string(&entry).unwrap();
        let line = read(&text).unwrap();
        assert_eq!(line.id, "k3v9q2m7");
        assert_eq!((line.v, line.duration_ms), (1, 184_230));
        assert_eq!(line.result, Outcome::Lost);
        assert_eq!(
            line.game,
            Game::Minesweeper {
                level: "expert",
                rows: 0,
                cols: 0,
                mines: 0,
                bbbv: 187,
                loss: Some(Loss::ForcedGuess),
            }
        );
    }

    #[test]
    fn blanks_nulls_and_unknown_fields_are_taken_as_json_allows() {
        let text = r#" { "v" : 1 , "id":"a", "start":"2026-12-01T00:00:00Z", "duration_ms":5,
            "result":"draw", "later": [1, -2.5e3, {"x": [true, null]}, "q\"\u00e9"],
            "minesweeper": null,
            "tictactoe": {"board":"3x3", "opponent":"human", "mark":null, "moves":9} } "#;
        let line = read(text).unwrap();
        assert_eq!(
            line.game,
            Game::TicTacToe {
                board: "3x3",
                opponent: "human",
                mark: None
            }
        );
        assert!(!line.hints);
    }

    #[test]
    fn damaged_lines_are_refused_where_serde_refuses_them() {
        let good = serde_json::to_string(&minesweeper_entry()).unwrap();
        let two_games = Entry {
            twenty48: Some(crate::history::Twenty48Facts {
                size: 4,
                score: 1,
                tile: 2,
                moves: 1,
            }),
            ..minesweeper_entry()
        };
        let cut = &good[..good.len() / 2];
        let glued = format!("{cut}{good}");
        let cases = [
            cut.to_string(),
            glued,
            good.replace("\"result\":\"lost\"", "\"result\":\"lose\""),
            good.replace("\"duration_ms\":184230", "\"duration_ms\":-1"),
            good.replace("\"duration_ms\":184230", "\"duration_ms\":1.5"),
            good.replace("\"bbbv\":187", "\"bbbv\":\"187\""),
            good.replacen('{', "{\"later\":.84,", 1),
            good.replace("\"level\":\"expert\",", ""),
            good.replace("k3v9q2m7", "k3\\u0076"),
            format!("{good} x"),
            serde_json::to_string(&two_games).unwrap(),
            good.replacen(
                '{',
                &format!("{{\"x\":{},", "[".repeat(100) + &"]".repeat(100)),
                1,
            ),
            String::new(),
        ];
        for case in cases {
            assert_eq!(read(&case), None, "{case}");
        }
    }
}
