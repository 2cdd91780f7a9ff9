//! A Minesweeper game as the history keeps it: the fields of its line, written and read from this
//! one declaration.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::code::CodeBoard;
use super::rates::Rates;
use super::record::{variant_key, with_hints};
use crate::code::GameCode;
use crate::games::minesweeper::{BoardSize, Difficulty, Pos};
use crate::history::{Entry, Outcome};

/// Why a Minesweeper game was lost, as the board stood just before the fatal move (see
/// [`super::verdict::Verdict`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Loss {
    /// Logic could not tell the cell from a mine, no cell was provably safe, and the cell was
    /// about as safe as any.
    ForcedGuess,
    /// No cell was provably safe, but the cell was far riskier than the safest one.
    RiskyGuess,
    /// The cell was provably a mine, or a provably safe cell was there to open.
    Mistake,
}

impl Loss {
    /// The name the history gives it.
    pub fn name(self) -> &'static str {
        match self {
            Loss::ForcedGuess => "forced-guess",
            Loss::RiskyGuess => "risky-guess",
            Loss::Mistake => "mistake",
        }
    }
}

fn is_false(flag: &bool) -> bool {
    !flag
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The fields of a Minesweeper game's line, under `"minesweeper"`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Facts<'a> {
    /// `beginner`, `medium`, `expert`, `classic` or `custom`.
    #[serde(borrow)]
    pub level: Cow<'a, str>,
    /// The board of a custom level; 0 for the others, whose level says it (and the line is
    /// shorter without): see [`Facts::size`].
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rows: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cols: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mines: u32,
    /// The first-click rule: `opening`, `safe` or `no-guess`.
    #[serde(borrow)]
    pub rule: Cow<'a, str>,
    /// Flags cycled through question marks (needed to replay the flag moves).
    #[serde(default, skip_serializing_if = "is_false")]
    pub marks: bool,
    /// Row and column of the first revealed cell, from 0; with the seed and the rule it gives
    /// the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<[u32; 2]>,
    /// A win's 3BV/s and efficiency (3BV per click) follow from these and the duration, and are
    /// not written twice: see [`Facts::rates`].
    pub bbbv: u32,
    pub clicks: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loss: Option<Loss>,
    /// The chance, in thousandths, that one of the guesses the game took where no cell was
    /// provably safe would hit a mine (0 without such guesses; 0 only then); present for a game
    /// examined for guesses, absent from games of earlier versions. Each guess's own chances are
    /// on its move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub risk: Option<u16>,
}

impl Facts<'_> {
    /// The board: the level's own, or the custom one written out.
    pub fn size(&self) -> Option<BoardSize> {
        let level: Difficulty = self.level.parse().ok()?;
        level.preset().map_or_else(
            || BoardSize::new(self.rows as usize, self.cols as usize, self.mines as usize).ok(),
            Some,
        )
    }

    /// The records table the game counts in (`beginner`, `expert-hinted`, `custom-5x5-3`).
    pub fn table(&self, hinted: bool) -> String {
        let variant = variant_key(
            &self.level,
            self.rows.into(),
            self.cols.into(),
            self.mines.into(),
            &self.rule,
        );
        with_hints(&variant, hinted)
    }

    /// The code that gives the game again.
    pub fn code(&self, seed: u64) -> Option<GameCode> {
        let board = CodeBoard {
            level: self.level.parse().ok()?,
            size: self.size()?,
            first_click: self.rule.parse().ok()?,
            first: self
                .first
                .map(|[row, col]| Pos::new(row as usize, col as usize)),
        };
        Some(board.code(seed))
    }

    /// The speed and efficiency of `entry`, this game, if it was won.
    pub fn rates(&self, entry: &Entry) -> Option<Rates> {
        Rates::of(
            entry.result == Outcome::Won,
            self.bbbv as usize,
            self.clicks as usize,
            entry.duration_ms,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timestamp::Timestamp;

    fn facts(loss: Option<Loss>) -> Facts<'static> {
        Facts {
            level: "expert".into(),
            rows: 0,
            cols: 0,
            mines: 0,
            rule: "no-guess".into(),
            marks: false,
            first: Some([10, 12]),
            bbbv: 187,
            clicks: 301,
            loss,
            risk: Some(561),
        }
    }

    #[test]
    fn a_line_reads_back_the_same_and_gives_its_code() {
        let mut entry = Entry::new(
            "minesweeper",
            &facts(Some(Loss::ForcedGuess)),
            Timestamp { unix_seconds: 0 },
            184_230,
            Outcome::Lost,
            9_223_372_036_854_775_807,
        );
        entry.hints = true;
        let line = serde_json::to_string(&entry).unwrap();
        assert!(line.contains("\"loss\":\"forced-guess\""), "{line}");
        assert!(line.contains("\"risk\":561"), "{line}");
        assert!(line.contains("\"seed\":9223372036854775807"), "{line}");
        // The expert board is the level's: not written out.
        assert!(!line.contains("rows"), "{line}");
        let read = serde_json::from_str::<Entry>(&line).unwrap();
        let read: Facts = read.facts().unwrap();
        assert_eq!(read.size(), Some(BoardSize::EXPERT));
        assert_eq!(read, facts(Some(Loss::ForcedGuess)));
        assert_eq!(read.table(true), "expert-no-guess-hinted");
        assert_eq!(
            read.code(entry.seed),
            Some(
                CodeBoard {
                    level: Difficulty::Expert,
                    size: BoardSize::EXPERT,
                    first_click: crate::games::minesweeper::FirstClick::NoGuess,
                    first: Some(Pos::new(10, 12)),
                }
                .code(entry.seed)
            )
        );
    }
}
