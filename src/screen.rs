//! What the app and the screens share: which screen is shown, where a screen's update leads, and
//! what a screen's update may use. Kept apart from both so that neither imports the other for it.

use std::collections::VecDeque;
use std::time::Instant;

use ratatui::layout::Rect;

use crate::code::GameCode;
use crate::event_loop::Waker;
use crate::games::GameId;
use crate::seeds::Seeds;
use crate::store::Store;
use crate::store::saved_games::SavedGames;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenId {
    Menu,
    Game(GameId),
    Daily,
    Records,
    Settings,
    Help,
    /// A game of the history watched again.
    Replay,
}

/// Where a screen's update leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transition {
    Stay,
    Open(ScreenId),
    /// The settings of one game, opened from that game and returning to it.
    Setup(GameId),
    /// Today's daily challenge of a game.
    Daily(GameId),
    /// The game of a code.
    PlayCode(GameCode),
    Quit,
}

/// What a game screen's update may use besides its own state.
pub struct Context<'a> {
    pub store: &'a mut Store,
    pub seeds: &'a mut Seeds,
    pub now: Instant,
    /// The area the screen is drawn in.
    pub area: Rect,
    /// Wakes the event loop when background work is done.
    pub waker: Option<&'a Waker>,
    /// Messages for the player.
    pub notices: &'a mut VecDeque<String>,
    /// Where games in progress are kept between runs.
    pub saves: Option<&'a SavedGames>,
    /// Set by a screen whose game was just won or lost, for the bell.
    pub decided: &'a mut bool,
    /// Text for the terminal to put on the clipboard (a daily share line).
    pub clipboard: &'a mut Option<String>,
}
