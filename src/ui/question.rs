//! The yes-or-no questions a game asks before something a player could regret, drawn the same
//! way on every game screen and answered with the same keys.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;

use super::theme::Theme;
use super::{render_choice, yes_or_no};
use crate::games::GameId;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// A new game over the one in progress, which is then recorded as it stands.
    NewGame,
    /// The same board again over the game in progress, which is then recorded as it stands.
    Restart,
    /// The first hint of a game: the game is then recorded apart from the player's own.
    Hint,
    /// The first undo of a 2048 game, which marks it in the same way.
    Undo,
    /// Letting the computer play a 2048 game, which marks it in the same way.
    Autoplay,
}

impl Question {
    /// What the question asks on the screen of `game`, and what a yes costs there.
    pub fn text(self, game: GameId) -> &'static str {
        match (self, game) {
            (Question::NewGame, GameId::Twenty48) => {
                "Start a new game? This one is recorded with its score."
            }
            (Question::NewGame, _) => "Start a new game? This one counts as lost.",
            (Question::Restart, GameId::Twenty48) => {
                "Restart this board? This game is recorded with its score."
            }
            (Question::Restart, _) => "Restart this board? This game counts as lost.",
            (Question::Hint, GameId::Twenty48) => {
                "Use a hint? This game will count toward the assisted best."
            }
            (Question::Hint, _) => "Use a hint? This game will be recorded with hints.",
            (Question::Undo, _) => "Undo? This game will count toward the assisted best.",
            (Question::Autoplay, _) => {
                "Let the computer play? This game will count toward the assisted best."
            }
        }
    }
}

/// The answer an event gives to a question: y or Enter say yes, any other key or a click no.
pub fn answer(event: &Event) -> Option<bool> {
    yes_or_no(event)
}

/// Draws the question in a box in the middle of `area`, with the keys that answer it.
pub fn render(question: Question, game: GameId, area: Rect, theme: &Theme, buf: &mut Buffer) {
    render_choice(
        area,
        question.text(game),
        theme.alert(),
        &[("y", "yes"), ("n", "no")],
        theme,
        buf,
    );
}
