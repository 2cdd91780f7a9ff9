//! How the program was started.

use crate::code::GameCode;
use crate::games::GameId;
use crate::play::Pins;

/// How the program was started: the seed for every random choice, and a game to open at once.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    pub seed: Option<u64>,
    pub open: Option<GameId>,
    /// The settings the command line's options hold for the session (not saved).
    pub pins: Pins,
    /// A game to play from its code, until its game is opened.
    pub code: Option<GameCode>,
    /// Open the daily challenge's screen (`grid-arcade daily`).
    pub daily: bool,
}
