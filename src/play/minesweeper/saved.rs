//! A Minesweeper game in progress as it is kept in the data folder between runs: what the board
//! is made of (setup and seed), the moves with their times, and the clock. Resuming plays the
//! moves again, so a saved game can only ever be a game the rules allow.

use serde::{Deserialize, Serialize};

use super::settings::Setup;
use crate::daily::Attempt;
use crate::games::minesweeper::{
    BoardSize, Difficulty, FirstClick, GameOptions, TimedMove, decode_moves, encode_moves,
};

/// The version of the format; a file of another version is set aside rather than misread.
const VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Fields", into = "Fields")]
pub struct SavedGame {
    pub setup: Setup,
    pub seed: u64,
    /// The clock when the game was saved.
    pub clock_ms: u64,
    pub moves: Vec<TimedMove>,
    /// How many of the moves were examined for guesses (the guesses carry their chances), so
    /// that a game resumed is not examined again from its start.
    pub examined: usize,
    /// When the first cell was revealed, in seconds since 1970 (UTC).
    pub started: Option<u64>,
    /// A game of the daily challenge.
    pub daily: Option<Attempt>,
    /// A game started at a move of another game's replay: that game's id and move (`k3v9q2m7@17`).
    pub from: Option<String>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The file's fields, checked by `TryFrom` before they become a game.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fields {
    version: u32,
    difficulty: String,
    rows: usize,
    cols: usize,
    mines: usize,
    first_click: String,
    question_marks: bool,
    seed: u64,
    clock_ms: u64,
    /// In the rules' text form: `<ms>:<kind><row>,<col>` words.
    moves: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    examined: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    started: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    daily: Option<Attempt>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<String>,
}

impl From<SavedGame> for Fields {
    fn from(saved: SavedGame) -> Fields {
        let Setup {
            difficulty,
            size,
            options,
        } = saved.setup;
        Fields {
            version: VERSION,
            difficulty: difficulty.name().to_string(),
            rows: size.rows(),
            cols: size.cols(),
            mines: size.mines(),
            first_click: options.first_click.name().to_string(),
            question_marks: options.question_marks,
            seed: saved.seed,
            clock_ms: saved.clock_ms,
            moves: encode_moves(&saved.moves),
            examined: saved.examined,
            started: saved.started,
            daily: saved.daily,
            from: saved.from,
        }
    }
}

impl TryFrom<Fields> for SavedGame {
    type Error = String;

    fn try_from(fields: Fields) -> Result<SavedGame, String> {
        if fields.version != VERSION {
            return Err(format!(
                "Minesweeper save format version {}, this build reads version {VERSION}",
                fields.version
            ));
        }
        let difficulty: Difficulty = fields.difficulty.parse().map_err(|e| format!("{e}"))?;
        let size =
            BoardSize::new(fields.rows, fields.cols, fields.mines).map_err(|e| e.to_string())?;
        if difficulty.preset().is_some_and(|preset| preset != size) {
            return Err(format!(
                "{difficulty} is not a {}x{} board",
                size.rows(),
                size.cols()
            ));
        }
        let first_click: FirstClick = fields.first_click.parse().map_err(|e| format!("{e}"))?;
        let moves = decode_moves(&fields.moves).map_err(|e| e.to_string())?;
        Ok(SavedGame {
            setup: Setup {
                difficulty,
                size,
                options: GameOptions {
                    first_click,
                    question_marks: fields.question_marks,
                },
            },
            seed: fields.seed,
            clock_ms: fields.clock_ms,
            examined: fields.examined.min(moves.len()),
            moves,
            started: fields.started,
            daily: fields.daily,
            from: fields.from,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::minesweeper::{Move, Pos};

    fn saved() -> SavedGame {
        SavedGame {
            setup: Setup {
                difficulty: Difficulty::Expert,
                size: BoardSize::EXPERT,
                options: GameOptions {
                    first_click: FirstClick::NoGuess,
                    question_marks: true,
                },
            },
            seed: i64::MAX as u64,
            clock_ms: 61_234,
            moves: vec![TimedMove::new(0, Move::Reveal(Pos::new(10, 12)))],
            examined: 1,
            started: Some(1_796_140_000),
            // A daily game keeps its day and whether it is a retry.
            daily: Some(Attempt {
                date: "2026-12-01".parse().unwrap(),
                retry: true,
            }),
            // A game started from a replay keeps where it came from.
            from: Some("k3v9q2m7@17".to_string()),
        }
    }

    #[test]
    fn a_saved_game_reads_back_the_same_and_exact() {
        let text = toml::to_string(&saved()).unwrap();
        assert!(text.contains("seed = 9223372036854775807"), "{text}");
        assert!(text.contains("moves = \"0:r10,12\""), "{text}");
        assert_eq!(toml::from_str::<SavedGame>(&text).unwrap(), saved());
    }

    #[test]
    fn saves_that_do_not_fit_the_rules_are_refused() {
        let text = toml::to_string(&saved()).unwrap();
        for (from, to) in [
            ("version = 1", "version = 2"),
            ("rows = 20", "rows = 2"),
            ("rows = 20", "rows = 21"),
            ("difficulty = \"expert\"", "difficulty = \"hard\""),
            ("first_click = \"no-guess\"", "first_click = \"lucky\""),
            ("\"0:r10,12\"", "\"0:x10,12\""),
        ] {
            let damaged = text.replace(from, to);
            assert_ne!(damaged, text);
            assert!(toml::from_str::<SavedGame>(&damaged).is_err(), "{to}");
        }
    }
}
