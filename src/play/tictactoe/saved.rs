//! A tic-tac-toe game in progress as it is kept in the data folder between runs: the board, the
//! opponent and sides, the seed the computer's choices come from, and the moves.

use serde::{Deserialize, Serialize};

use super::TicTacToe;
use super::settings::{Keypad, Setup};
use crate::games::tictactoe::{Mark, PRESETS, moves_text};
use crate::play::marks;

/// The version of the format; a file of another version is set aside rather than misread.
const VERSION: u32 = 1;

pub type SavedGame = marks::SavedGame<TicTacToe>;

/// The file's fields, checked before they become a game.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fields {
    version: u32,
    board: String,
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
}

impl Fields {
    pub fn of(saved: &SavedGame) -> Fields {
        Fields {
            version: VERSION,
            board: saved.setup.board.name.to_string(),
            opponent: saved.setup.opponent.name().to_string(),
            play_as: saved.setup.play_as.name().to_string(),
            human: saved.human,
            seed: saved.seed,
            moves: moves_text(saved.game.history()),
            hints_used: saved.hints_used,
            games_started: saved.games_started,
            undone: saved.undone,
            started: saved.started,
            play_ms: saved.play_ms,
        }
    }

    pub fn game(fields: Fields) -> Result<SavedGame, String> {
        if fields.version != VERSION {
            return Err(format!(
                "tic-tac-toe save format version {}, this build reads version {VERSION}",
                fields.version
            ));
        }
        let board = PRESETS
            .into_iter()
            .find(|p| p.name == fields.board)
            .ok_or_else(|| format!("unknown board {:?}", fields.board))?;
        let (opponent, play_as) = marks::saved::sides(&fields.opponent, &fields.play_as)?;
        let game = marks::saved::replayed(board.rules, &fields.moves)?;
        Ok(SavedGame {
            setup: Setup {
                board,
                opponent,
                play_as,
                // How digits place marks is the player's setting, not part of the game.
                keypad: Keypad::Phone,
            },
            human: fields.human,
            seed: fields.seed,
            game,
            hints_used: fields.hints_used,
            games_started: fields.games_started,
            undone: fields.undone,
            started: fields.started,
            play_ms: fields.play_ms,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tictactoe::{Game, Level, Pos};
    use crate::play::tictactoe::{Opponent, PlayAs};

    fn saved() -> SavedGame {
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
        }
    }

    #[test]
    fn a_saved_game_reads_back_the_same() {
        let text = toml::to_string(&saved()).unwrap();
        assert!(text.contains("moves = \"1,1 0,3\""), "{text}");
        assert_eq!(toml::from_str::<SavedGame>(&text).unwrap(), saved());
    }

    #[test]
    fn saves_that_do_not_fit_the_rules_are_refused() {
        let text = toml::to_string(&saved()).unwrap();
        for (from, to) in [
            ("version = 1", "version = 3"),
            ("\"4x4\"", "\"9x9\""),
            ("\"hard\"", "\"genius\""),
            ("\"1,1 0,3\"", "\"1,1 1,1\""),
            ("\"1,1 0,3\"", "\"1,1 0,9\""),
            ("\"1,1 0,3\"", "\"1;1\""),
        ] {
            let damaged = text.replace(from, to);
            assert_ne!(damaged, text);
            assert!(toml::from_str::<SavedGame>(&damaged).is_err(), "{to}");
        }
    }
}
