//! The screens: each turns terminal events into its actions, lays itself out, and draws its state
//! with a small view of what it needs (the theme, the time, the file's settings and records).
//! The layout that draws a screen also maps mouse positions back to what was drawn there. A game's
//! screen draws its session; it never writes a record.

pub mod calendar;
pub mod daily;
pub mod footer;
pub mod game;
pub mod games;
pub mod gomoku;
pub mod help;
pub mod keys;
#[cfg(test)]
mod legibility;
pub mod list;
pub mod marks;
pub mod menu;
pub mod minesweeper;
pub mod notice;
pub mod plots;
pub mod question;
pub mod records;
pub mod replay;
pub mod settings;
pub mod status;
pub mod theme;
pub mod tictactoe;
pub mod twenty48;

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::{Constraint, Rect, Size};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::code::GameCode;
use crate::games::GameId;
use crate::store::Store;
use crate::timestamp::Date;
use theme::Theme;

/// What a screen is drawn with besides its own state.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub theme: &'a Theme,
    /// The time of the event being handled: clocks are read against it.
    pub now: Instant,
    /// The settings and records.
    pub store: &'a Store,
}

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
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Transition {
    Stay,
    Open(ScreenId),
    /// The settings of one game, opened from that game and returning to it.
    Setup(GameId),
    /// Today's daily challenge of a game.
    Daily(GameId),
    /// The game of a code.
    PlayCode(GameCode),
    /// A new game from the position the replay shows.
    PlayFromHere,
    /// The daily challenge's share line of a day, to the clipboard.
    Share(Date),
    Quit,
}

/// The message of a screen drawn in an area smaller than it needs: the terminal must be at least
/// `min` and is `now`.
pub fn too_small(min: Size, now: Size, area: Rect, buf: &mut Buffer) {
    let message = Paragraph::new(format!(
        "enlarge the terminal to at least {}x{} (now {}x{})",
        min.width, min.height, now.width, now.height
    ))
    .centered()
    .wrap(Wrap { trim: true });
    let height = u16::try_from(message.line_count(area.width)).unwrap_or(u16::MAX);
    let at = area.centered_vertically(Constraint::Length(height.min(area.height)));
    message.render(at, buf);
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

impl Heading {
    /// The step of a move this way, in rows and columns.
    pub fn step(self) -> (isize, isize) {
        match self {
            Heading::Up => (-1, 0),
            Heading::Down => (1, 0),
            Heading::Left => (0, -1),
            Heading::Right => (0, 1),
        }
    }
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

/// Arrows on the right border of `frame` where a list or text of `rows` rows, shown from row
/// `first` in `shown`, goes on above or below what is shown.
pub fn scroll_marks(
    first: u16,
    rows: usize,
    frame: Rect,
    shown: Rect,
    theme: &Theme,
    buf: &mut Buffer,
) {
    let x = frame.right().saturating_sub(1);
    if shown.height == 0 || !frame.contains(ratatui::layout::Position::new(x, shown.y)) {
        return;
    }
    if first > 0 {
        buf[(x, shown.y)]
            .set_symbol(theme.symbol("▲", "^"))
            .set_style(theme.key());
    }
    if usize::from(first) + usize::from(shown.height) < rows {
        buf[(x, shown.bottom() - 1)]
            .set_symbol(theme.symbol("▼", "v"))
            .set_style(theme.key());
    }
}
