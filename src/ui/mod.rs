//! Drawing: one module per screen, each with the `geometry` that both draws it and maps mouse
//! positions back to what was drawn there. Drawing only reads the app; it never changes it.

pub mod daily;
pub mod footer;
pub mod help;
#[cfg(test)]
mod legibility;
pub mod list;
pub mod menu;
pub mod minesweeper;
pub mod notice;
pub mod question;
pub mod records;
pub mod replay;
pub mod settings;
pub mod status;
pub mod theme;
pub mod tictactoe;
pub mod twenty48;
pub mod worker;

use std::collections::VecDeque;
use std::io;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, MouseEventKind};
use ratatui::layout::{Constraint, Rect, Size};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::app::App;
use crate::screen::ScreenId;
use crate::store::saved_games::SaveSlot;
use theme::Theme;

/// Draws the whole terminal.
pub fn draw(app: &App, frame: &mut Frame) {
    let (screen_area, notice_area) = notice::split(&app.notices, frame.area());
    let buf = frame.buffer_mut();
    if fits(app, screen_area) {
        match app.screen {
            ScreenId::Menu => menu::render(app, screen_area, buf),
            ScreenId::Game(_) => {
                if let Some(game) = app.shown_game() {
                    game.render(app, screen_area, buf);
                }
            }
            ScreenId::Daily => daily::render(app, screen_area, buf),
            ScreenId::Records => records::render(app, screen_area, buf),
            ScreenId::Settings => settings::render(app, screen_area, buf),
            ScreenId::Help => help::render(app, screen_area, buf),
            ScreenId::Replay => {
                if let Some(replay) = &app.replay {
                    replay::render(app, replay, screen_area, buf);
                }
            }
        }
    } else {
        too_small(min_size(app, screen_area.width), screen_area, buf);
    }
    if let Some(area) = notice_area {
        notice::render(app, area, buf);
    }
}

/// The smallest screen area the current screen is drawn in, for a terminal `width` columns wide
/// (a screen whose text wraps needs fewer rows when wider).
pub fn min_size(app: &App, width: u16) -> Size {
    match app.screen {
        ScreenId::Menu => menu::MIN_SIZE,
        ScreenId::Game(_) => app
            .shown_game()
            .map_or(Size::new(0, 0), |game| game.min_size(width)),
        ScreenId::Daily => daily::MIN_SIZE,
        ScreenId::Records => records::MIN_SIZE,
        ScreenId::Settings => settings::MIN_SIZE,
        ScreenId::Help => help::MIN_SIZE,
        ScreenId::Replay => app
            .replay
            .as_ref()
            .map_or(Size::new(0, 0), |replay| replay::min_size(replay, app.now)),
    }
}

pub fn fits(app: &App, area: Rect) -> bool {
    let min = min_size(app, area.width);
    area.width >= min.width && area.height >= min.height
}

fn too_small(min: Size, area: Rect, buf: &mut Buffer) {
    let message = Paragraph::new(format!(
        "enlarge the terminal to at least {}x{} (now {}x{})",
        min.width, min.height, area.width, area.height
    ))
    .centered()
    .wrap(Wrap { trim: true });
    let height = u16::try_from(message.line_count(area.width)).unwrap_or(u16::MAX);
    let at = area.centered_vertically(Constraint::Length(height.min(area.height)));
    message.render(at, buf);
}

/// Adds a notice when a game's file could not be written, once however often it fails.
pub fn report_save(notices: &mut VecDeque<String>, result: io::Result<()>, slot: &SaveSlot) {
    if let Err(e) = result {
        let notice = format!(
            "the game could not be kept in {}: {e}",
            slot.path().display()
        );
        if !notices.contains(&notice) {
            notices.push_back(notice);
        }
    }
}

/// A bordered panel with a title, in the theme's border style.
pub fn panel<'a>(title: impl Into<Line<'a>>, theme: &Theme) -> Block<'a> {
    Block::bordered()
        .border_set(theme.border())
        .border_style(theme.dim())
        .title(title.into().style(theme.heading()))
}

/// The last `rows` rows of `area` (fewer if it is shorter), and the rest above them.
pub fn split_bottom(area: Rect, rows: u16) -> (Rect, Rect) {
    let rows = rows.min(area.height);
    let top = Rect {
        height: area.height - rows,
        ..area
    };
    let bottom = Rect {
        y: area.y + top.height,
        height: rows,
        ..area
    };
    (top, bottom)
}

/// Where a movement key points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heading {
    Up,
    Down,
    Left,
    Right,
}

/// The heading of a movement key. Arrows, WASD and hjkl all move, on every screen, so a player of
/// any of the three schemes never presses a key that does something else.
pub fn heading(code: KeyCode) -> Option<Heading> {
    match code {
        KeyCode::Up | KeyCode::Char('w') | KeyCode::Char('k') => Some(Heading::Up),
        KeyCode::Down | KeyCode::Char('s') | KeyCode::Char('j') => Some(Heading::Down),
        KeyCode::Left | KeyCode::Char('a') | KeyCode::Char('h') => Some(Heading::Left),
        KeyCode::Right | KeyCode::Char('d') | KeyCode::Char('l') => Some(Heading::Right),
        _ => None,
    }
}

/// The answer to a yes-or-no question: y or Enter says yes; any other key, or a click, says no.
pub fn yes_or_no(event: &Event) -> Option<bool> {
    match event {
        Event::Key(key) => Some(matches!(key.code, KeyCode::Char('y') | KeyCode::Enter)),
        Event::Mouse(mouse) if matches!(mouse.kind, MouseEventKind::Down(_)) => Some(false),
        _ => None,
    }
}

/// A box in the middle of `area` with a message and the keys that answer it.
pub fn render_choice(
    area: Rect,
    message: &str,
    style: Style,
    choices: &[footer::Hint],
    theme: &Theme,
    buf: &mut Buffer,
) {
    let width = (message.chars().count() as u16 + 4).max(30).min(area.width);
    // A message wider than the terminal wraps inside the box rather than being cut.
    let text = Paragraph::new(vec![
        Line::styled(message.to_string(), style),
        footer::line(choices, theme),
    ])
    .centered()
    .wrap(Wrap { trim: true });
    let rows = text.line_count(width.saturating_sub(2)) as u16 + 2;
    let frame = area.centered(
        Constraint::Length(width),
        Constraint::Length(rows.min(area.height)),
    );
    Clear.render(frame, buf);
    text.block(panel("", theme)).render(frame, buf);
}
