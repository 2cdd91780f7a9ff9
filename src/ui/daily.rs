//! The daily challenge's screen: today's two games with the result that counts, the streaks, the
//! share line and the month's calendar; and what the game screens share about daily games.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::layout::{Rect, Size};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::footer::{self, Hint};
use super::list::{self, Pick};
use super::panel;
use super::theme::Theme;
use crate::app::App;
use crate::daily::{self, Attempt, GAMES};
use crate::games::GameId;
use crate::records::DailyRecords;
use crate::records::daily::Day;
use crate::records::format_time_ms;
use crate::screen::{Context, ScreenId, Transition};
use crate::timestamp::Date;
use crate::ui::records::days;

#[derive(Clone, Debug, Default)]
pub struct DailyScreen {
    pub selected: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DailyAction {
    Up,
    Down,
    /// Play the selected game.
    Play,
    /// Select a game and play it (a digit or a click).
    PlayItem(usize),
    /// The share line to the clipboard.
    Share,
    Back,
}

/// Wide enough for a game's name and result, high enough for the games, the summary (its share
/// line wrapped) and the footer.
pub const MIN_SIZE: Size = Size::new(40, 16);

const FOOTER: [Hint; 6] = [
    ("↑↓", "move"),
    ("Enter", "play"),
    ("1-2", "choose"),
    ("y", "copy share line"),
    ("Esc", "back"),
    ("?", "help"),
];

/// Where each part of the screen is, for drawing and for mouse hits alike.
struct Geometry {
    games: Rect,
    text: Rect,
    footer: Rect,
}

/// Rows of the text under the games at full width: streaks, share line, calendar, note.
const TEXT_ROWS: u16 = 17;

fn geometry(area: Rect) -> Geometry {
    let (body, footer) = footer::split(area, &FOOTER);
    let width = body.width.min(72);
    let x = body.x + (body.width - width) / 2;
    let games_height = (GAMES.len() as u16 + 2).min(body.height);
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
        list::row(self.games, i)
    }
}

pub fn action_for(event: &Event, area: Rect) -> Option<DailyAction> {
    match event {
        Event::Key(key) if key.code == KeyCode::Char('y') => Some(DailyAction::Share),
        Event::Key(key) if key.code == KeyCode::Esc => Some(DailyAction::Back),
        _ => list::pick(event, GAMES.len(), geometry(area).games).map(|pick| match pick {
            Pick::Up => DailyAction::Up,
            Pick::Down => DailyAction::Down,
            Pick::Open => DailyAction::Play,
            Pick::OpenItem(i) => DailyAction::PlayItem(i),
        }),
    }
}

impl DailyScreen {
    pub fn update(&mut self, action: DailyAction, ctx: &mut Context) -> Transition {
        let last = GAMES.len() - 1;
        match action {
            DailyAction::Up => self.selected = list::step(self.selected, GAMES.len(), true),
            DailyAction::Down => self.selected = list::step(self.selected, GAMES.len(), false),
            DailyAction::Play => return Transition::Daily(GAMES[self.selected]),
            DailyAction::PlayItem(i) => {
                self.selected = i.min(last);
                return Transition::Daily(GAMES[self.selected]);
            }
            DailyAction::Share => {
                let line = ctx.store.records().daily.share_line(daily::today());
                copy(ctx, line);
            }
            DailyAction::Back => return Transition::Open(ScreenId::Menu),
        }
        Transition::Stay
    }
}

/// Puts `line` on the clipboard through the terminal, and says so.
pub fn copy(ctx: &mut Context, line: String) {
    ctx.notices.push_back(format!(
        "Sent to the clipboard (where the terminal allows it): {line}"
    ));
    *ctx.clipboard = Some(line);
}

/// What the player reads when a daily game ends: the day's share line.
pub fn ended_notice(attempt: Attempt, line: &str) -> String {
    let counted = if attempt.retry {
        "a retry: the day's first attempt is the one that counts"
    } else {
        "this is the result that counts for the day"
    };
    format!(
        "{} over, {counted}. Share it (y copies it): {line}",
        attempt.label()
    )
}

/// The result of `game`'s daily of `date`, as the list shows it.
fn result(records: &DailyRecords, game: GameId, date: Date) -> String {
    let played = match game {
        GameId::Minesweeper => records.minesweeper.get(&date).map(|day| {
            if day.won {
                format!("won in {}", format_time_ms(day.time_ms))
            } else {
                "lost".to_string()
            }
        }),
        _ => records
            .twenty48
            .get(&date)
            .map(|day| format!("{} points, {} tile", day.score, day.tile)),
    };
    played.unwrap_or_else(|| "not played yet".to_string())
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = &app.theme;
    let today = daily::today();
    let records = &app.store.records().daily;
    let geometry = geometry(area);
    panel(format!(" Daily challenge {today} "), theme).render(geometry.games, buf);
    let marker = theme.symbol("▸", ">");
    for (i, &game) in GAMES.iter().enumerate() {
        let selected = i == app.daily.selected;
        let board = match game {
            GameId::Minesweeper => "16x30, 99 mines, no guessing",
            _ => "4x4",
        };
        let result = result(records, game, today);
        // The board is left out of a line too narrow for it.
        let board =
            if 2 + 2 + 11 + board.len() + 4 + result.len() <= usize::from(geometry.item(i).width) {
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
    let (current, longest) = records.streaks(today);
    let summary = vec![
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
    ];
    let mut month = vec![Line::raw("")];
    month.extend(calendar(records, today, theme));
    let note = vec![Line::styled(
        "The same boards for everyone today (UTC); the first attempt counts.",
        theme.dim(),
    )];
    // What does not fit whole is left out, the calendar first, rather than cut.
    let mut lines = Vec::new();
    let mut rows = 0;
    for section in [summary, month, note] {
        let needed: u16 = section
            .iter()
            .map(|line| {
                (line.width() as u16)
                    .div_ceil(geometry.text.width.max(1))
                    .max(1)
            })
            .sum();
        if rows + needed <= geometry.text.height {
            rows += needed;
            lines.extend(section);
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(geometry.text, buf);
    footer::render(&FOOTER, theme, geometry.footer, buf);
}

/// The month of `today` as lines: each day marked played (+) or won (*), today underlined.
pub fn calendar<'a>(records: &DailyRecords, today: Date, theme: &Theme) -> Vec<Line<'a>> {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let first = today.first_of_month();
    let month = MONTHS[usize::from(first.month.clamp(1, 12)) - 1];
    let mut lines = vec![
        Line::styled(format!("{month} {}", first.year), theme.heading()),
        Line::styled(" Mo  Tu  We  Th  Fr  Sa  Su", theme.dim()),
    ];
    let mut week = vec![Span::raw("    ".repeat(usize::from(first.weekday())))];
    for day in 1..=first.days_in_month() {
        let date = Date { day, ..first };
        let (mark, style) = match records.day(date) {
            Day::Won => ("*", theme.good()),
            Day::Played => ("+", theme.key()),
            Day::NotPlayed => (" ", Style::new()),
        };
        let style = if date == today {
            style.underlined()
        } else {
            style
        };
        week.push(Span::styled(format!(" {day:>2}{mark}"), style));
        if date.weekday() == 6 {
            lines.push(Line::from(std::mem::take(&mut week)));
        }
    }
    if !week.is_empty() {
        lines.push(Line::from(week));
    }
    lines.push(Line::styled("* won  + played", theme.dim()));
    lines
}
