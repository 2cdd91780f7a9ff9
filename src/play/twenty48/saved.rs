//! A 2048 game in progress as it is kept in the data folder between runs: the rules' game (its
//! position, undo history, seed and inputs) and when it was played. Saves of earlier versions,
//! the game alone, still read.

use serde::{Deserialize, Serialize};

use crate::daily::Attempt;
use crate::games::twenty48::Game;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "AnySave")]
pub struct SavedGame {
    pub game: Game,
    /// When the first move was made, in seconds since 1970 (UTC).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<u64>,
    /// The time played so far.
    #[serde(default)]
    pub play_ms: u64,
    /// A game of the daily challenge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<Attempt>,
    /// A game started at a move of another game's replay: that game's id and move (`k3v9q2m7@17`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
}

/// A save of this version or of an earlier one.
#[derive(Deserialize)]
#[serde(untagged)]
enum AnySave {
    Now {
        game: Game,
        #[serde(default)]
        started: Option<u64>,
        #[serde(default)]
        play_ms: u64,
        #[serde(default)]
        daily: Option<Attempt>,
        #[serde(default)]
        from: Option<String>,
    },
    Before(Game),
}

impl From<AnySave> for SavedGame {
    fn from(save: AnySave) -> SavedGame {
        match save {
            AnySave::Now {
                game,
                started,
                play_ms,
                daily,
                from,
            } => SavedGame {
                game,
                started,
                play_ms,
                daily,
                from,
            },
            AnySave::Before(game) => SavedGame {
                game,
                started: None,
                play_ms: 0,
                daily: None,
                from: None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::twenty48::Direction;

    #[test]
    fn a_save_reads_back_the_same_and_an_earlier_one_still_reads() {
        let mut game = Game::new(4, 9).unwrap();
        game.play(Direction::Left);
        let saved = SavedGame {
            game: game.clone(),
            started: Some(1_796_140_000),
            play_ms: 4_321,
            daily: Some(Attempt {
                date: "2026-12-01".parse().unwrap(),
                retry: false,
            }),
            from: Some("k3v9q2m7@17".to_string()),
        };
        let text = toml::to_string(&saved).unwrap();
        assert_eq!(toml::from_str::<SavedGame>(&text).unwrap(), saved);
        let before = toml::to_string(&game).unwrap();
        let read = toml::from_str::<SavedGame>(&before).unwrap();
        assert_eq!((read.game, read.started, read.play_ms), (game, None, 0));
        assert!(toml::from_str::<SavedGame>("game = 5").is_err());
    }
}
