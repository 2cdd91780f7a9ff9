//! The daily challenge's screen: today's two games with the result that counts, the streaks, the
//! share line and the month's calendar; and what the game screens share about daily games.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::layout::{Rect, Size};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::calendar::{days, month_before, month_calendar};
use super::footer;
use super::keys::{self, Binding, Press};
use super::list::{self, Pick};
use super::{Heading, ScreenId, Transition, View, games, heading, panel};
use crate::daily;

#[derive(Clone, Debug, Default)]
pub struct DailyScreen {
    pub selected: usize,
    /// The calendar shows the month this many months before today's.
    pub months_back: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DailyAction {
    Up,
    Down,
    /// Play the selected game.
    Play,
    /// Select a game and play it (a digit or a click).
    PlayItem(usize),
    /// The calendar a month earlier (`true`) or later, never past today's.
    Month(bool),
    /// The share line to the clipboard.
    Share,
    Back,
}

/// The narrowest the screen is drawn: a game's name and result, the share line wrapped.
const MIN_WIDTH: u16 = 30;

/// The smallest area the screen draws in, `width` columns wide: the games, the summary (its share
/// line wrapped) and the footer; the calendar and the note show where there is room.
pub fn min_size(view: &View, width: u16) -> Size {
    let width = width.max(MIN_WIDTH);
    let geometry = geometry(Rect::new(0, 0, width, u16::MAX / 2));
    let summary = rows(&summary(view, daily::today()), geometry.text.width);
    let footer = footer::height(&keys::footer(&keys(), &DailyScreen::default()), width);
    Size::new(MIN_WIDTH, geometry.games.height + summary + footer)
}

/// The rows `lines` take wrapped at `width` columns.
fn rows(lines: &[Line], width: u16) -> u16 {
    (lines.iter())
        .map(|line| (line.width() as u16).div_ceil(width.max(1)).max(1))
        .sum()
}

/// The streaks and the share line of `today`.
fn summary(view: &View, today: crate::timestamp::Date) -> Vec<Line<'static>> {
    let theme = view.theme;
    let records = games::daily(view.store);
    let (current, longest) = records.streaks(today);
    vec![
        Line::raw(""),
        Line::from(vec![
            Span::styled("streak ", theme.dim()),
            Span::raw(days(current)),
            Span::styled("  longest ", theme.dim()),
            Span::raw(days(longest)),
        ]),
        // On a line of its own, so that it can be selected and copied whole.
        Line::styled("share (y copies it):", theme.dim()),
        Line::raw(records.share_line(today)),
    ]
}

const WORDS: list::Words = list::Words {
    moves: "previous / next game",
    open: "play the selected game",
    open_short: "play",
    pick: "play a game directly",
    click: "play the game under the pointer",
};

/// The keys of the daily screen.
pub fn keys() -> Vec<Binding<DailyScreen, DailyAction>> {
    let mut table = list::keys(games::daily_games().len(), &WORDS, |_| true);
    table.extend([
        Binding::letter(
            'y',
            "copy the share line (terminals with OSC 52 clipboard support)",
            |_, _| Some(DailyAction::Share),
        )
        .footer("copy share line"),
        Binding::new(
            &[
                Press::LeftRight,
                Press::Key(KeyCode::PageUp),
                Press::Key(KeyCode::PageDown),
            ],
            "the calendar's month before / after",
            |_, key| {
                let earlier =
                    matches!(heading(key.code), Some(Heading::Left)) || key.code == KeyCode::PageUp;
                Some(DailyAction::Month(earlier))
            },
        )
        .footer("month"),
        keys::back("back to the menu", |_, _| Some(DailyAction::Back)),
        keys::app_key('?', "help"),
    ]);
    table
}

impl From<Pick> for DailyAction {
    fn from(pick: Pick) -> DailyAction {
        match pick {
            Pick::Up => DailyAction::Up,
            Pick::Down => DailyAction::Down,
            Pick::Open => DailyAction::Play,
            Pick::OpenItem(i) => DailyAction::PlayItem(i),
        }
    }
}

/// Where each part of the screen is, for drawing and for mouse hits alike.
struct Geometry {
    games: Rect,
    text: Rect,
    footer: Rect,
}

/// Rows of the text under the games at full width: streaks, share line, calendar, note.
const TEXT_ROWS: u16 = 17;

fn geometry(area: Rect) -> Geometry {
    let (body, footer) = footer::split(area, &keys::footer(&keys(), &DailyScreen::default()));
    let width = body.width.min(72);
    let x = body.x + (body.width - width) / 2;
    let games_height = (games::daily_games().len() as u16 + 2).min(body.height);
    // In the middle of a tall terminal; from the top of one too short for it all.
    let top = body.y + body.height.saturating_sub(games_height + TEXT_ROWS) / 2;
    let bottom = body.y + body.height;
    Geometry {
        games: Rect::new(x, top, width, games_height),
        text: Rect::new(x, top + games_height, width, bottom - top - games_height),
        footer,
    }
}

impl Geometry {
    fn item(&self, i: usize) -> Rect {
        list::row(self.games, i, 0)
    }
}

pub fn action_for(event: &Event, area: Rect, screen: &DailyScreen) -> Option<DailyAction> {
    match event {
        Event::Key(key) => keys::action(&keys(), screen, key),
        _ => list::click(event, games::daily_games().len(), geometry(area).games, 0)
            .map(DailyAction::from),
    }
}

impl DailyScreen {
    pub fn update(&mut self, action: DailyAction) -> Transition {
        let daily_games = games::daily_games();
        let count = daily_games.len();
        match action {
            DailyAction::Up => self.selected = list::step(self.selected, count, true),
            DailyAction::Down => self.selected = list::step(self.selected, count, false),
            DailyAction::Play => return Transition::Daily(daily_games[self.selected].id()),
            DailyAction::PlayItem(i) => {
                self.selected = i.min(count - 1);
                return Transition::Daily(daily_games[self.selected].id());
            }
            DailyAction::Month(true) => self.months_back += 1,
            DailyAction::Month(false) => self.months_back = self.months_back.saturating_sub(1),
            DailyAction::Share => return Transition::Share(daily::today()),
            DailyAction::Back => return Transition::Open(ScreenId::Menu),
        }
        Transition::Stay
    }
}

pub fn render(view: &View, screen: &DailyScreen, area: Rect, buf: &mut Buffer) {
    let theme = view.theme;
    let today = daily::today();
    let records = &games::daily(view.store);
    let geometry = geometry(area);
    panel(format!(" Daily challenge {today} "), theme).render(geometry.games, buf);
    let marker = theme.symbol("▸", ">");
    for (i, game) in games::daily_games().into_iter().enumerate() {
        let selected = i == screen.selected;
        let board = game.daily().map_or("", |board| board.about);
        let width = usize::from(geometry.item(i).width);
        let day = records.result(game.id(), today);
        let mut result = day.map_or_else(|| "not played yet".to_string(), |day| day.result.clone());
        // The best retry is shown whole or not at all, and before the board.
        if let Some(retry) = day.and_then(|day| day.best_retry.as_ref()) {
            let with_retry = format!("{result} · best retry: {retry}");
            if 2 + 2 + 11 + 2 + with_retry.chars().count() <= width {
                result = with_retry;
            }
        }
        let result_width = result.chars().count();
        // The board is left out of a line too narrow for it.
        let board = if 2 + 2 + 11 + board.len() + 4 + result_width <= width {
            format!("  {board}  ")
        } else {
            "  ".to_string()
        };
        let line = Line::from(vec![
            if selected {
                Span::styled(marker, theme.key())
            } else {
                Span::raw(" ")
            },
            Span::styled(format!("{} ", i + 1), theme.dim()),
            Span::styled(
                format!("{:<11}", game.title()),
                if selected {
                    theme.selected()
                } else {
                    Style::new()
                },
            ),
            Span::styled(board, theme.dim()),
            Span::raw(result),
        ]);
        Paragraph::new(line)
            .wrap(Wrap { trim: false })
            .render(geometry.item(i), buf);
    }
    let summary = summary(view, today);
    let mut month = vec![Line::raw("")];
    month.extend(month_calendar(
        records,
        month_before(today, screen.months_back),
        today,
        theme,
    ));
    let note = vec![Line::styled(
        "The same boards for everyone today (UTC); the first attempt counts.",
        theme.dim(),
    )];
    // What does not fit whole is left out, the calendar first, rather than cut.
    let mut lines = Vec::new();
    let mut used = 0;
    for section in [summary, month, note] {
        let needed = rows(&section, geometry.text.width);
        if used + needed <= geometry.text.height {
            used += needed;
            lines.extend(section);
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(geometry.text, buf);
    footer::render(&keys::footer(&keys(), screen), theme, geometry.footer, buf);
}
