//! Help: the keys of the screen it was opened from, the keys that work everywhere, and where the
//! settings and records file lives.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, MouseEventKind};
use ratatui::layout::{Margin, Rect, Size};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::footer::{self, Hint};
use super::theme::Theme;
use super::{Heading, ScreenId, Transition, View, games, heading, panel};

const GLOBAL: &str = include_str!("../../assets/help/global.txt");

/// The help text of a screen: a game's is its own.
fn keys_of(screen: ScreenId) -> &'static str {
    match screen {
        ScreenId::Menu | ScreenId::Help => include_str!("../../assets/help/menu.txt"),
        ScreenId::Daily => include_str!("../../assets/help/daily.txt"),
        ScreenId::Records => include_str!("../../assets/help/records.txt"),
        ScreenId::Settings => include_str!("../../assets/help/settings.txt"),
        ScreenId::Replay => include_str!("../../assets/help/replay.txt"),
        ScreenId::Game(game) => games::find(game).map_or("", |game| game.help()),
    }
}

#[derive(Clone, Debug)]
pub struct Help {
    from: ScreenId,
    scroll: u16,
}

impl Default for Help {
    fn default() -> Help {
        Help::for_screen(ScreenId::Menu)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum HelpAction {
    Scroll(i32),
    Close,
}

pub const MIN_SIZE: Size = Size::new(30, 8);

const FOOTER: [Hint; 3] = [("↑↓", "scroll"), ("Esc", "back"), ("q", "quit")];

pub fn action_for(event: &Event) -> Option<HelpAction> {
    match event {
        Event::Key(key) => match heading(key.code) {
            Some(Heading::Up) => Some(HelpAction::Scroll(-1)),
            Some(Heading::Down) => Some(HelpAction::Scroll(1)),
            Some(_) => None,
            None => match key.code {
                KeyCode::PageUp => Some(HelpAction::Scroll(-10)),
                KeyCode::PageDown | KeyCode::Char(' ') => Some(HelpAction::Scroll(10)),
                KeyCode::Esc | KeyCode::Char('?') | KeyCode::F(1) | KeyCode::Enter => {
                    Some(HelpAction::Close)
                }
                _ => None,
            },
        },
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollUp => Some(HelpAction::Scroll(-3)),
            MouseEventKind::ScrollDown => Some(HelpAction::Scroll(3)),
            _ => None,
        },
        _ => None,
    }
}

impl Help {
    pub fn for_screen(from: ScreenId) -> Help {
        Help { from, scroll: 0 }
    }

    pub fn return_to(&self) -> ScreenId {
        self.from
    }

    pub fn update(&mut self, action: HelpAction, max_scroll: u16) -> Transition {
        match action {
            HelpAction::Scroll(lines) => {
                self.scroll =
                    (i32::from(self.scroll) + lines).clamp(0, i32::from(max_scroll)) as u16;
                Transition::Stay
            }
            HelpAction::Close => Transition::Open(self.from),
        }
    }
}

/// The text area inside the frame, and the footer.
fn geometry(area: Rect) -> (Rect, Rect, Rect) {
    let (body, footer) = footer::split(area, &FOOTER);
    (body, body.inner(Margin::new(2, 1)), footer)
}

fn lines(help: &Help, view: &View) -> Vec<Line<'static>> {
    let theme = view.theme;
    let mut lines = Vec::new();
    for text in [keys_of(help.from), GLOBAL] {
        lines.extend(text.lines().map(|line| styled(line, theme)));
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled(
        "Settings and records are kept in",
        theme.heading(),
    ));
    lines.push(Line::raw(view.store.path().display().to_string()));
    lines
}

/// `# Title` lines are headings; a key column is whatever stands before a run of two spaces.
fn styled(line: &'static str, theme: &Theme) -> Line<'static> {
    if let Some(title) = line.strip_prefix("# ") {
        return Line::styled(title, theme.heading());
    }
    match line.find("  ") {
        Some(split) => Line::from(vec![
            Span::styled(&line[..split], theme.key()),
            Span::raw(&line[split..]),
        ]),
        None => Line::raw(line),
    }
}

/// The help text, wrapped as it is drawn.
fn text(help: &Help, view: &View) -> Paragraph<'static> {
    Paragraph::new(lines(help, view)).wrap(Wrap { trim: false })
}

/// How far the text can scroll in `area`: until its last wrapped row is in view.
pub fn max_scroll(help: &Help, view: &View, area: Rect) -> u16 {
    let (_, text_area, _) = geometry(area);
    let rows = text(help, view).line_count(text_area.width);
    u16::try_from(rows)
        .unwrap_or(u16::MAX)
        .saturating_sub(text_area.height)
}

pub fn render(view: &View, help: &Help, area: Rect, buf: &mut Buffer) {
    let theme = view.theme;
    let (frame, text_area, footer) = geometry(area);
    panel(" Help ", theme).render(frame, buf);
    text(help, view)
        .scroll((help.scroll, 0))
        .render(text_area, buf);
    footer::render(&FOOTER, theme, footer, buf);
}
