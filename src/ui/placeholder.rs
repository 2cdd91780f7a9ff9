//! A game's screen until its rules land: its name, the settings it will start with, and a way back.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::layout::{Rect, Size};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{panel, render_footer, split_footer};
use crate::app::{Action, App};
use crate::games::GameId;
use crate::store::settings::ALL;

#[derive(Clone, Debug, PartialEq)]
pub struct Placeholder {
    pub game: GameId,
}

pub const MIN_SIZE: Size = Size::new(30, 8);

pub fn action_for(event: &Event) -> Option<Action> {
    match event {
        Event::Key(key) if matches!(key.code, KeyCode::Esc | KeyCode::Char('q')) => {
            Some(Action::Back)
        }
        _ => None,
    }
}

pub fn render(app: &App, game: GameId, area: Rect, buf: &mut Buffer) {
    let theme = &app.theme;
    let (body, footer) = split_footer(area);
    let settings = app.store.settings();
    let mut lines = vec![
        Line::raw(format!("{} is not playable yet.", game.title())),
        Line::raw(""),
        Line::styled("It will start with:", theme.heading()),
    ];
    lines.extend(
        ALL.iter()
            .filter(|s| s.path[0] == game.key())
            .map(|s| Line::raw(format!("  {}: {}", s.label, settings.get(s)))),
    );
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(panel(format!(" {} ", game.title()), theme))
        .render(body, buf);
    render_footer(&[("Esc", "back"), ("?", "help")], theme, footer, buf);
}
