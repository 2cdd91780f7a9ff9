//! A game of marks in a row in progress as it is kept in the data folder between runs: its setup,
//! the player's side, the seed the computer's choices come from, and the moves. Each game writes
//! it in its own fields; resuming plays the moves again, so a saved game can only ever be a game
//! the rules allow.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Variant;
use super::settings::{Opponent, PlayAs};
use crate::games::marks::{Game, Mark, Shape, read_moves};

pub struct SavedGame<V: Variant> {
    pub setup: V::Setup,
    /// The player's mark against the computer.
    pub human: Mark,
    pub seed: u64,
    pub game: Game<V::Rules>,
    pub hints_used: bool,
    /// Games started before this one in its session, for alternating sides.
    pub games_started: u32,
    /// A move was taken back.
    pub undone: bool,
    /// When the first move was made, in seconds since 1970 (UTC).
    pub started: Option<u64>,
    /// The time played so far.
    pub play_ms: u64,
}

impl<V: Variant> Serialize for SavedGame<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        V::fields(self).serialize(serializer)
    }
}

impl<'de, V: Variant> Deserialize<'de> for SavedGame<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SavedGame<V>, D::Error> {
        V::from_fields(V::Fields::deserialize(deserializer)?).map_err(D::Error::custom)
    }
}

// Written out for any `V`: a derive would ask the same of `V` itself.
impl<V: Variant> Clone for SavedGame<V> {
    fn clone(&self) -> SavedGame<V> {
        SavedGame {
            game: self.game.clone(),
            ..*self
        }
    }
}

impl<V: Variant> PartialEq for SavedGame<V> {
    fn eq(&self, other: &SavedGame<V>) -> bool {
        (self.setup, self.human, self.seed, self.hints_used)
            == (other.setup, other.human, other.seed, other.hints_used)
            && (self.games_started, self.undone, self.started, self.play_ms)
                == (
                    other.games_started,
                    other.undone,
                    other.started,
                    other.play_ms,
                )
            && self.game == other.game
    }
}

impl<V: Variant> std::fmt::Debug for SavedGame<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SavedGame")
            .field("setup", &self.setup)
            .field("human", &self.human)
            .field("seed", &self.seed)
            .field("moves", &self.game.history())
            .finish_non_exhaustive()
    }
}

/// The game of a saved file's moves on a board of `rules`, or why they make none.
pub fn replayed<R: Shape>(rules: R, moves: &str) -> Result<Game<R>, String> {
    let moves = read_moves(moves).ok_or_else(|| format!("the moves {moves:?} are not cells"))?;
    Game::from_moves(rules, &moves).map_err(|e| e.to_string())
}

/// The opponent and the sides of a saved file, or which is no name of one.
pub fn sides(opponent: &str, play_as: &str) -> Result<(Opponent, PlayAs), String> {
    let opponent =
        Opponent::from_name(opponent).ok_or_else(|| format!("unknown opponent {opponent:?}"))?;
    let play_as = PlayAs::from_name(play_as).ok_or_else(|| format!("unknown side {play_as:?}"))?;
    Ok((opponent, play_as))
}
