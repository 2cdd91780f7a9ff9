//! The yes-or-no questions a game asks before something a player could regret, drawn the same
//! way on every game screen and answered with the same keys.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;

use super::theme::Theme;
use super::{render_choice, yes_or_no};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// A new game over the one in progress, which is then recorded as it stands.
    NewGame,
}

/// The answer an event gives to a question: y or Enter say yes, any other key or a click no.
pub fn answer(event: &Event) -> Option<bool> {
    yes_or_no(event)
}

/// Draws `text` in a box in the middle of `area`, with the keys that answer it.
pub fn render(text: &str, area: Rect, theme: &Theme, buf: &mut Buffer) {
    render_choice(
        area,
        text,
        theme.alert(),
        &[("y", "yes"), ("n", "no")],
        theme,
        buf,
    );
}
