//! A tic-tac-toe game as the history keeps it: the fields of its line, written and read from this
//! one declaration.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::play::marks;

/// The fields of a tic-tac-toe game's line, under `"tictactoe"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Facts<'a> {
    /// `3x3`, `4x4` or `5x5`.
    #[serde(borrow)]
    pub board: Cow<'a, str>,
    /// `easy`, `medium`, `hard` or `human` (two players).
    #[serde(borrow)]
    pub opponent: Cow<'a, str>,
    /// The player's mark against the computer, `X` or `O`; for two players, the winner's.
    #[serde(default, borrow, skip_serializing_if = "Option::is_none")]
    pub mark: Option<Cow<'a, str>>,
    pub moves: u32,
}

impl marks::Facts for Facts<'_> {
    fn table(&self) -> &str {
        &self.board
    }

    fn opponent(&self) -> &str {
        &self.opponent
    }

    fn mark(&self) -> Option<&str> {
        self.mark.as_deref()
    }

    fn moves(&self) -> u32 {
        self.moves
    }
}
