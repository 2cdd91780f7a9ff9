//! How a game is saved, and the checks a save must pass to become a game again.
//!
//! [`Game`] serializes through [`GameRecord`]; deserializing runs [`Game::try_from`], so a damaged
//! or foreign save is a deserialization error and never a game that misbehaves later. Boards check
//! themselves the same way (side, cell count, exponents).

use std::collections::{BTreeSet, VecDeque};
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer, de};

use super::game::{Assist, Game, Input, Position, UNDO_LIMIT, WinState};

/// The version of the save format. Raise it when the meaning of a save changes, so older or newer
/// saves are refused and set aside rather than misread.
pub const SAVE_VERSION: u32 = 1;

/// Saves the random source as text: its own serde form written as JSON. The form holds a 128-bit
/// integer, which TOML and `serde_json::Value` cannot, and as text any format can.
pub(super) mod rng_as_text {
    use serde::de::Error as _;
    use serde::ser::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::games::GameRng;

    pub fn serialize<S: Serializer>(rng: &GameRng, serializer: S) -> Result<S::Ok, S::Error> {
        let text = serde_json::to_string(rng).map_err(S::Error::custom)?;
        serializer.serialize_str(&text)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<GameRng, D::Error> {
        let text = String::deserialize(deserializer)?;
        serde_json::from_str(&text).map_err(|e| D::Error::custom(format!("random source: {e}")))
    }
}

/// A game as saved.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GameRecord {
    version: u32,
    position: Position,
    history: VecDeque<Position>,
    win: WinState,
    assists: BTreeSet<Assist>,
    /// Saves of earlier versions have neither the seed nor the inputs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    /// The inputs, a letter each (see [`Input::letter`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    inputs: String,
}

/// Why a save was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum LoadError {
    Version(u32),
    HistoryTooLong(usize),
    /// A board in the history has another side than the game's board.
    HistorySize,
    /// The history does not lead move by move to the current position.
    HistoryChain,
    /// A letter that is no input.
    Input(char),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Version(found) => write!(
                f,
                "2048 save format version {found}, this build reads version {SAVE_VERSION}"
            ),
            LoadError::HistoryTooLong(len) => {
                write!(
                    f,
                    "undo history of {len} moves is over the {UNDO_LIMIT} kept"
                )
            }
            LoadError::HistorySize => write!(f, "undo history holds a board of another size"),
            LoadError::HistoryChain => {
                write!(f, "undo history does not lead move by move to the game")
            }
            LoadError::Input(letter) => write!(f, "{letter:?} is not a 2048 input"),
        }
    }
}

/// A game is saved as its record.
impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GameRecord::from(self.clone()).serialize(serializer)
    }
}

/// A save is read as a record, then checked.
impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        Game::try_from(GameRecord::deserialize(deserializer)?).map_err(de::Error::custom)
    }
}

impl From<Game> for GameRecord {
    fn from(game: Game) -> GameRecord {
        GameRecord {
            version: SAVE_VERSION,
            position: game.position,
            history: game.history,
            win: game.win,
            assists: game.assists,
            seed: game.seed,
            inputs: game.inputs.iter().map(|input| input.letter()).collect(),
        }
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = LoadError;

    fn try_from(record: GameRecord) -> Result<Game, LoadError> {
        if record.version != SAVE_VERSION {
            return Err(LoadError::Version(record.version));
        }
        if record.history.len() > UNDO_LIMIT {
            return Err(LoadError::HistoryTooLong(record.history.len()));
        }
        let size = record.position.board.size();
        if record.history.iter().any(|p| p.board.size() != size) {
            return Err(LoadError::HistorySize);
        }
        // Each kept position is one move before the next, and a move never lowers the score.
        let chained = record
            .history
            .iter()
            .zip(record.history.iter().skip(1).chain([&record.position]))
            .all(|(earlier, later)| {
                earlier.moves.checked_add(1) == Some(later.moves) && earlier.score <= later.score
            });
        if !chained {
            return Err(LoadError::HistoryChain);
        }
        let inputs = record
            .inputs
            .chars()
            .map(|letter| Input::from_letter(letter).ok_or(LoadError::Input(letter)))
            .collect::<Result<_, _>>()?;
        Ok(Game {
            position: record.position,
            history: record.history,
            win: record.win,
            assists: record.assists,
            seed: record.seed,
            inputs,
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::games::twenty48::Direction;

    /// A game with some moves, an undo and a few kept positions.
    fn played_game() -> Game {
        let mut game = Game::new(4, 77).unwrap();
        for direction in Direction::ALL.iter().cycle().take(12) {
            game.play(*direction);
        }
        game.undo();
        game
    }

    fn save(game: &Game) -> Value {
        serde_json::to_value(game).unwrap()
    }

    fn load(save: Value) -> Result<Game, String> {
        serde_json::from_value(save).map_err(|e| e.to_string())
    }

    #[test]
    fn a_saved_game_loads_identical() {
        let game = played_game();
        let text = serde_json::to_string(&game).unwrap();
        assert_eq!(serde_json::from_str::<Game>(&text).unwrap(), game);
    }

    #[test]
    fn a_game_saves_to_toml_too() {
        let game = played_game();
        let text = toml::to_string(&game).unwrap();
        assert_eq!(toml::from_str::<Game>(&text).unwrap(), game);
    }

    #[test]
    fn a_damaged_random_source_is_refused() {
        let error = rejected(|s| s["position"]["rng"] = "{\"state\":-1}".into());
        assert!(error.contains("random source"), "{error}");
    }

    #[test]
    fn the_save_names_its_version_and_plain_fields() {
        let saved = save(&Game::new(3, 1).unwrap());
        assert_eq!(saved["version"], SAVE_VERSION);
        assert_eq!(saved["position"]["board"]["size"], 3);
        assert_eq!(
            saved["position"]["board"]["cells"]
                .as_array()
                .unwrap()
                .len(),
            9
        );
        assert_eq!(saved["win"], "not_reached");
        assert_eq!(save(&played_game())["assists"][0], "undo");
    }

    fn rejected(change: impl FnOnce(&mut Value)) -> String {
        let mut saved = save(&played_game());
        change(&mut saved);
        load(saved).expect_err("a damaged save must be refused")
    }

    #[test]
    fn another_version_is_refused() {
        let error = rejected(|s| s["version"] = 2.into());
        assert!(error.contains("version 2"), "{error}");
    }

    #[test]
    fn bad_boards_are_refused() {
        let error = rejected(|s| s["position"]["board"]["size"] = 9.into());
        assert!(error.contains("outside 3..=8"), "{error}");
        let error = rejected(|s| s["position"]["board"]["size"] = 2.into());
        assert!(error.contains("outside 3..=8"), "{error}");
        let error = rejected(|s| s["position"]["board"]["size"] = 5.into());
        assert!(error.contains("needs 25 cells"), "{error}");
        let error = rejected(|s| s["position"]["board"]["cells"][3] = 18.into());
        assert!(error.contains("exponent 18"), "{error}");
        let error = rejected(|s| s["history"][0]["board"]["cells"][0] = 300.into());
        assert!(error.contains("300"), "{error}");
    }

    #[test]
    fn a_history_that_does_not_fit_the_game_is_refused() {
        let error = rejected(|s| {
            s["history"][0]["board"] =
                serde_json::to_value(Game::new(3, 0).unwrap().board()).unwrap()
        });
        assert!(error.contains("another size"), "{error}");
        let error = rejected(|s| s["position"]["moves"] = 99.into());
        assert!(error.contains("move by move"), "{error}");
        let error = rejected(|s| s["history"][0]["score"] = 1_000_000.into());
        assert!(error.contains("move by move"), "{error}");
        let error = rejected(|s| {
            let kept = s["history"][0].clone();
            s["history"] = Value::Array(vec![kept; UNDO_LIMIT + 1]);
        });
        assert!(error.contains("over the 100 kept"), "{error}");
    }

    #[test]
    fn damaged_text_is_refused() {
        let text = serde_json::to_string(&played_game()).unwrap();
        assert!(serde_json::from_str::<Game>(&text[..text.len() / 2]).is_err());
        assert!(serde_json::from_str::<Game>("").is_err());
        assert!(serde_json::from_str::<Game>("{}").is_err());
        let extra = text.replacen('{', "{\"cheat\":true,", 1);
        assert!(serde_json::from_str::<Game>(&extra).is_err());
        let unknown_assist = text.replace("\"undo\"", "\"teleport\"");
        assert!(serde_json::from_str::<Game>(&unknown_assist).is_err());
    }
}
