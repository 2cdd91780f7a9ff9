//! A game of marks in a row in progress as it is kept in the data folder between runs: the board
//! (and rule, where a board has more than one), the opponent and sides, the seed the computer's
//! choices come from, and the moves. Resuming plays the moves again, so a saved game can only
//! ever be a game the rules allow.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Variant;
use super::settings::{Opponent, PlayAs};
use crate::games::marks::{Game, Mark, moves_text, read_moves};

/// The version of the format; a file of another version is set aside rather than misread.
const VERSION: u32 = 1;

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
    /// A game started at a move of another game's replay: that game's id and move (`k3v9q2m7@17`).
    pub from: Option<String>,
}

/// What the file says of the game's setup.
pub struct SetupFields<'a> {
    /// `3x3`, `15x15`.
    pub board: &'a str,
    /// Gomoku's `freestyle` or `standard`; none where a board has one rule.
    pub rule: Option<&'a str>,
    pub opponent: Opponent,
    pub play_as: PlayAs,
}

/// The file's fields, checked before they become a game.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fields {
    version: u32,
    board: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
    opponent: String,
    play_as: String,
    human: Mark,
    seed: u64,
    /// `row,col` words, X's move first.
    moves: String,
    hints_used: bool,
    games_started: u32,
    #[serde(default)]
    undone: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    started: Option<u64>,
    #[serde(default)]
    play_ms: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<String>,
}

impl<V: Variant> Serialize for SavedGame<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (board, rule) = V::board(&self.setup);
        Fields {
            version: VERSION,
            board: board.to_string(),
            rule: rule.map(str::to_string),
            opponent: V::opponent(&self.setup).name().to_string(),
            play_as: V::play_as(&self.setup).name().to_string(),
            human: self.human,
            seed: self.seed,
            moves: moves_text(self.game.history()),
            hints_used: self.hints_used,
            games_started: self.games_started,
            undone: self.undone,
            started: self.started,
            play_ms: self.play_ms,
            from: self.from.clone(),
        }
        .serialize(serializer)
    }
}

impl<'de, V: Variant> Deserialize<'de> for SavedGame<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SavedGame<V>, D::Error> {
        saved_game(Fields::deserialize(deserializer)?).map_err(D::Error::custom)
    }
}

fn saved_game<V: Variant>(fields: Fields) -> Result<SavedGame<V>, String> {
    if fields.version != VERSION {
        return Err(format!(
            "{} save format version {}, this build reads version {VERSION}",
            V::TITLE.to_lowercase(),
            fields.version
        ));
    }
    let opponent = Opponent::from_name(&fields.opponent)
        .ok_or_else(|| format!("unknown opponent {:?}", fields.opponent))?;
    let play_as = PlayAs::from_name(&fields.play_as)
        .ok_or_else(|| format!("unknown side {:?}", fields.play_as))?;
    let setup = V::setup_of(SetupFields {
        board: &fields.board,
        rule: fields.rule.as_deref(),
        opponent,
        play_as,
    })?;
    let moves = read_moves(&fields.moves)
        .ok_or_else(|| format!("the moves {:?} are not cells", fields.moves))?;
    let game = Game::from_moves(V::rules(&setup), &moves).map_err(|e| e.to_string())?;
    Ok(SavedGame {
        setup,
        human: fields.human,
        seed: fields.seed,
        game,
        hints_used: fields.hints_used,
        games_started: fields.games_started,
        undone: fields.undone,
        started: fields.started,
        play_ms: fields.play_ms,
        from: fields.from,
    })
}

// Written out for any `V`: a derive would ask the same of `V` itself.
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
            && self.from == other.from
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tictactoe::{Level, PRESETS, Pos};
    use crate::play::gomoku::Gomoku;
    use crate::play::tictactoe::settings::Keypad;
    use crate::play::tictactoe::{Setup, TicTacToe};

    fn saved() -> SavedGame<TicTacToe> {
        let board = PRESETS[1];
        SavedGame {
            setup: Setup {
                board,
                opponent: Opponent::Computer(Level::Hard),
                play_as: PlayAs::Alternate,
                keypad: Keypad::Phone,
            },
            human: Mark::O,
            seed: 12,
            game: Game::from_moves(board.rules, &[Pos::new(1, 1), Pos::new(0, 3)]).unwrap(),
            hints_used: true,
            games_started: 3,
            undone: true,
            started: Some(1_796_140_000),
            play_ms: 12_345,
            from: Some("k3v9q2m7@17".to_string()),
        }
    }

    #[test]
    fn a_saved_game_reads_back_the_same() {
        let text = toml::to_string(&saved()).unwrap();
        assert!(text.contains("moves = \"1,1 0,3\""), "{text}");
        assert!(!text.contains("rule"), "{text}");
        assert_eq!(
            toml::from_str::<SavedGame<TicTacToe>>(&text).unwrap(),
            saved()
        );
    }

    #[test]
    fn a_gomoku_game_keeps_its_board_and_rule() {
        let setup = Gomoku::setup_of(SetupFields {
            board: "15x15",
            rule: Some("standard"),
            opponent: Opponent::Computer(Level::Easy),
            play_as: PlayAs::O,
        })
        .unwrap();
        let saved = SavedGame::<Gomoku> {
            setup,
            human: Mark::O,
            seed: 7,
            game: Game::from_moves(Gomoku::rules(&setup), &[Pos::new(7, 7)]).unwrap(),
            hints_used: false,
            games_started: 1,
            undone: false,
            started: None,
            play_ms: 900,
            from: None,
        };
        let text = toml::to_string(&saved).unwrap();
        assert!(
            text.contains("board = \"15x15\"\nrule = \"standard\""),
            "{text}"
        );
        assert_eq!(toml::from_str::<SavedGame<Gomoku>>(&text).unwrap(), saved);
        for (from, to) in [
            ("\"15x15\"", "\"19x19\""),
            ("\"standard\"", "\"renju\""),
            ("rule = \"standard\"\n", ""),
        ] {
            let damaged = text.replace(from, to);
            assert_ne!(damaged, text);
            assert!(
                toml::from_str::<SavedGame<Gomoku>>(&damaged).is_err(),
                "{to}"
            );
        }
    }

    #[test]
    fn saves_that_do_not_fit_the_rules_are_refused() {
        let text = toml::to_string(&saved()).unwrap();
        for (from, to) in [
            ("version = 1", "version = 3"),
            ("\"4x4\"", "\"9x9\""),
            ("\"4x4\"", "\"4x4\"\nrule = \"standard\""),
            ("\"hard\"", "\"genius\""),
            ("\"1,1 0,3\"", "\"1,1 1,1\""),
            ("\"1,1 0,3\"", "\"1,1 0,9\""),
            ("\"1,1 0,3\"", "\"1;1\""),
            ("seed = 12", "seed = 12\nextra = 1"),
        ] {
            let damaged = text.replace(from, to);
            assert_ne!(damaged, text);
            assert!(
                toml::from_str::<SavedGame<TicTacToe>>(&damaged).is_err(),
                "{to}"
            );
        }
    }
}
