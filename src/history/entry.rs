//! One game as the history keeps it: a line of JSON. The fields every game has come first, then
//! those of its game in an object named after it. The moves are kept in a file of their own (see
//! the module documentation), so that this line stays short.

use serde::{Deserialize, Serialize};

use crate::code::GameCode;
use crate::games::GameId;
use crate::games::minesweeper::{BoardSize, Difficulty, Pos, bbbv_per_second, efficiency};
use crate::games::tictactoe::{Level, PRESETS};
use crate::records::minesweeper::{variant_key, with_hints};
use crate::records::tictactoe::TWO_PLAYERS;
use crate::records::twenty48::size_key;
use crate::timestamp::Timestamp;

/// Eight letters and digits, easy to type in `grid-arcade replay ID`. Ids need not come from a
/// game's seed: they name a game, they do not shape it.
fn new_id() -> String {
    const ALPHABET: &[u8] = b"0123456789abcdefghjkmnpqrstvwxyz";
    let mut bits = rand::random::<u64>();
    (0..8)
        .map(|_| {
            let letter = ALPHABET[(bits % 32) as usize] as char;
            bits /= 32;
            letter
        })
        .collect()
}

/// The version of an entry's format, written in every line as `v`. Lines of another version are
/// left in the file and skipped, never misread.
pub const FORMAT: u32 = 1;

/// How a game ended, from the player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Won,
    Lost,
    Draw,
    /// 2048: no move was left, without the win tile.
    Over,
    /// Given up for a new game (a loss for Minesweeper and against the computer).
    Abandoned,
}

/// Which attempt at the day's daily challenge a game was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DailyMark {
    /// The day's first: its result is the day's.
    First,
    Retry,
}

impl From<crate::daily::Attempt> for DailyMark {
    fn from(attempt: crate::daily::Attempt) -> DailyMark {
        if attempt.retry {
            DailyMark::Retry
        } else {
            DailyMark::First
        }
    }
}

/// Why a Minesweeper game was lost, as the solver saw the board just before the fatal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Loss {
    /// Logic could not tell the cell from a mine, and no cell was provably safe.
    ForcedGuess,
    /// The cell was provably a mine, or a provably safe cell was there to open.
    Mistake,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The format's version ([`FORMAT`]).
    pub v: u32,
    /// Unique among the games of the history: a replay finds its game by it.
    pub id: String,
    /// When the game started, in UTC (`2026-12-01T14:05:09Z`).
    pub start: String,
    /// Time played, from the first move to the end (Minesweeper: its clock, the time that
    /// counts).
    pub duration_ms: u64,
    pub result: Outcome,
    pub seed: u64,
    #[serde(default, skip_serializing_if = "is_false")]
    pub hints: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub undo: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub autoplay: bool,
    /// A daily challenge's game: its first attempt of the day, which counts, or a retry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<DailyMark>,
    /// What is particular to the game; exactly one of the three is there, and names the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minesweeper: Option<MinesweeperFacts>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tictactoe: Option<TicTacToeFacts>,
    #[serde(default, rename = "2048", skip_serializing_if = "Option::is_none")]
    pub twenty48: Option<Twenty48Facts>,
}

fn is_false(flag: &bool) -> bool {
    !flag
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Entry {
    /// An entry with the fields every game has, a new id, and none of a game's own yet.
    pub fn new(start: Timestamp, duration_ms: u64, result: Outcome, seed: u64) -> Entry {
        Entry {
            v: FORMAT,
            id: new_id(),
            start: start.rfc3339(),
            duration_ms,
            result,
            seed,
            hints: false,
            undo: false,
            autoplay: false,
            daily: None,
            minesweeper: None,
            tictactoe: None,
            twenty48: None,
        }
    }

    /// The records table the game counts in, as the records name it (`beginner`,
    /// `expert-hinted`, `custom-5x5-3`, `3x3`, `4x4`).
    pub fn table(&self) -> String {
        if let Some(m) = &self.minesweeper {
            let variant = variant_key(&m.level, m.rows.into(), m.cols.into(), m.mines.into());
            with_hints(&variant, self.hints)
        } else if let Some(t) = &self.tictactoe {
            t.board.clone()
        } else if let Some(t) = &self.twenty48 {
            size_key(t.size as usize)
        } else {
            String::new()
        }
    }

    /// The code that gives the game again, from the fields that make it (so the line holds it
    /// without saying it twice); `None` for fields no game has.
    pub fn code(&self) -> Option<GameCode> {
        let seed = self.seed;
        if let Some(m) = &self.minesweeper {
            return Some(GameCode::Minesweeper {
                level: m.level.parse().ok()?,
                size: m.size()?,
                first_click: m.rule.parse().ok()?,
                seed,
                first: m
                    .first
                    .map(|[row, col]| Pos::new(row as usize, col as usize)),
            });
        }
        if let Some(t) = &self.tictactoe {
            let opponent = match t.opponent.as_str() {
                TWO_PLAYERS => None,
                level => Some(Level::from_name(level)?),
            };
            return Some(GameCode::TicTacToe {
                board: *PRESETS.iter().find(|p| p.name == t.board)?,
                opponent,
                // Two players have no side of their own: their codes all say X.
                plays_x: t.opponent == TWO_PLAYERS || t.mark.as_deref() == Some("X"),
                seed,
            });
        }
        let t = self.twenty48.as_ref()?;
        Some(GameCode::Twenty48 {
            size: u8::try_from(t.size).ok()?,
            seed,
        })
    }

    /// A Minesweeper game's 3BV per second.
    pub fn bbbv_per_s(&self) -> Option<f64> {
        let m = self.minesweeper.as_ref()?;
        Some(bbbv_per_second(m.bbbv as usize, self.duration_ms))
    }

    /// The game the entry is of, as the file and the command line name it.
    pub fn game(&self) -> Option<GameId> {
        match (&self.minesweeper, &self.tictactoe, &self.twenty48) {
            (Some(_), None, None) => Some(GameId::Minesweeper),
            (None, Some(_), None) => Some(GameId::TicTacToe),
            (None, None, Some(_)) => Some(GameId::Twenty48),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MinesweeperFacts {
    /// `beginner`, `medium`, `expert`, `classic` or `custom`.
    pub level: String,
    /// The board of a custom level; 0 for the others, whose level says it (and the line is
    /// shorter without): see [`MinesweeperFacts::size`].
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rows: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cols: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mines: u32,
    /// The first-click rule: `opening`, `safe` or `no-guess`.
    pub rule: String,
    /// Flags cycled through question marks (needed to replay the flag moves).
    #[serde(default, skip_serializing_if = "is_false")]
    pub marks: bool,
    /// Row and column of the first revealed cell, from 0; with the seed and the rule it gives
    /// the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<[u32; 2]>,
    /// 3BV/s and efficiency (3BV per click) follow from these and the duration, and are not
    /// written twice: see [`Entry::bbbv_per_s`] and [`MinesweeperFacts::efficiency`].
    pub bbbv: u32,
    pub clicks: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loss: Option<Loss>,
}

impl MinesweeperFacts {
    /// The board: the level's own, or the custom one written out.
    pub fn size(&self) -> Option<BoardSize> {
        let level: Difficulty = self.level.parse().ok()?;
        level.preset().map_or_else(
            || BoardSize::new(self.rows as usize, self.cols as usize, self.mines as usize).ok(),
            Some,
        )
    }

    /// 3BV per click.
    pub fn efficiency(&self) -> f64 {
        efficiency(self.bbbv as usize, self.clicks as usize)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TicTacToeFacts {
    /// `3x3`, `4x4` or `5x5`.
    pub board: String,
    /// `easy`, `medium`, `hard` or `human` (two players).
    pub opponent: String,
    /// The player's mark against the computer, `X` or `O`; for two players, the winner's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<String>,
    pub moves: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Twenty48Facts {
    pub size: u32,
    pub score: u64,
    /// The biggest tile made.
    pub tile: u64,
    pub moves: u64,
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn minesweeper_entry() -> Entry {
        Entry {
            v: FORMAT,
            id: "k3v9q2m7".to_string(),
            start: "2026-12-01T14:05:09Z".to_string(),
            duration_ms: 184_230,
            result: Outcome::Lost,
            seed: 9_223_372_036_854_775_807,
            hints: false,
            undo: false,
            autoplay: false,
            daily: None,
            minesweeper: Some(MinesweeperFacts {
                level: "expert".to_string(),
                rows: 0,
                cols: 0,
                mines: 0,
                rule: "no-guess".to_string(),
                marks: false,
                first: Some([10, 12]),
                bbbv: 187,
                clicks: 301,
                loss: Some(Loss::ForcedGuess),
            }),
            tictactoe: None,
            twenty48: None,
        }
    }

    #[test]
    fn an_entry_gives_the_code_of_its_game() {
        let entry = minesweeper_entry();
        assert_eq!(
            entry.code(),
            Some(GameCode::Minesweeper {
                level: Difficulty::Expert,
                size: BoardSize::EXPERT,
                first_click: crate::games::minesweeper::FirstClick::NoGuess,
                seed: entry.seed,
                first: Some(Pos::new(10, 12)),
            })
        );
        let ttt = |opponent: &str, mark: Option<&str>| Entry {
            minesweeper: None,
            tictactoe: Some(TicTacToeFacts {
                board: "4x4".into(),
                opponent: opponent.into(),
                mark: mark.map(str::to_string),
                moves: 9,
            }),
            ..minesweeper_entry()
        };
        let code = |plays_x, opponent| {
            Some(GameCode::TicTacToe {
                board: PRESETS[1],
                opponent,
                plays_x,
                seed: entry.seed,
            })
        };
        assert_eq!(
            ttt("hard", Some("O")).code(),
            code(false, Some(Level::Hard))
        );
        assert_eq!(ttt("easy", Some("X")).code(), code(true, Some(Level::Easy)));
        // Two players' codes say X whoever won.
        assert_eq!(ttt(TWO_PLAYERS, Some("O")).code(), code(true, None));
        assert_eq!(ttt("chess", None).code(), None);
        let twenty48 = Entry {
            minesweeper: None,
            twenty48: Some(Twenty48Facts {
                size: 5,
                score: 1,
                tile: 2,
                moves: 3,
            }),
            ..minesweeper_entry()
        };
        assert_eq!(
            twenty48.code(),
            Some(GameCode::Twenty48 {
                size: 5,
                seed: entry.seed
            })
        );
    }

    #[test]
    fn an_entry_reads_back_the_same() {
        let entry = minesweeper_entry();
        let line = serde_json::to_string(&entry).unwrap();
        assert!(line.contains("\"loss\":\"forced-guess\""), "{line}");
        assert!(line.contains("\"seed\":9223372036854775807"), "{line}");
        // The expert board is the level's: not written out.
        assert!(!line.contains("rows"), "{line}");
        let read = serde_json::from_str::<Entry>(&line).unwrap();
        assert_eq!(
            read.minesweeper.as_ref().unwrap().size(),
            Some(BoardSize::EXPERT)
        );
        assert_eq!(read, entry);
    }

    /// The longest lines the program writes, with every field at its longest: the largest custom
    /// board, a daily retry with hints, 2048 and tic-tac-toe with every mark.
    #[test]
    fn the_longest_entries_stay_within_300_bytes() {
        let longest = Entry {
            duration_ms: 86_399_999,
            seed: (1 << crate::seeds::SEED_BITS) - 1,
            hints: true,
            ..minesweeper_entry()
        };
        // Minesweeper has no undo and no autoplay.
        let assisted = Entry {
            undo: true,
            autoplay: true,
            ..longest.clone()
        };
        let mines = |level: &str, rows, cols, mines, daily| Entry {
            daily,
            minesweeper: Some(MinesweeperFacts {
                level: level.into(),
                rows,
                cols,
                mines,
                rule: "no-guess".into(),
                marks: true,
                first: Some([rows.max(16) - 1, cols.max(30) - 1]),
                bbbv: 720,
                clicks: 9_999,
                loss: Some(Loss::ForcedGuess),
            }),
            ..longest.clone()
        };
        let entries = [
            mines("custom", 24, 30, 667, None),
            mines("classic", 0, 0, 0, Some(DailyMark::Retry)),
            Entry {
                daily: Some(DailyMark::Retry),
                minesweeper: None,
                twenty48: Some(Twenty48Facts {
                    size: 8,
                    score: 99_999_999,
                    tile: 131_072,
                    moves: 99_999_999,
                }),
                ..assisted.clone()
            },
            Entry {
                minesweeper: None,
                tictactoe: Some(TicTacToeFacts {
                    board: "5x5".into(),
                    opponent: "medium".into(),
                    mark: Some("O".into()),
                    moves: 25,
                }),
                ..assisted.clone()
            },
        ];
        for entry in entries {
            let line = serde_json::to_string(&entry).unwrap();
            assert!(line.len() <= 300, "{} bytes: {line}", line.len());
            assert_eq!(serde_json::from_str::<Entry>(&line).unwrap(), entry);
        }
    }
}
