//! Drawing the replay: a status line (the game, the move, its figure, playing or paused and the
//! speed), the board as the game's screen draws it, what the last move did, a gauge of the
//! replay's progress (and of the search for marks while it runs), and the footer.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{Marks, ReplayScreen, keys};
use crate::ui::status::{self, Part};
use crate::ui::theme::Theme;
use crate::ui::{View, footer, keys, split_bottom};

/// The narrowest the screen is drawn: the footer, the status and the move's line wrap within it.
const MIN_WIDTH: u16 = 40;
/// The columns of the search's progress bar.
const SEARCH_BAR: u16 = 12;

/// The rows under the board: what the last move did (and the marks' line), the gauge and the
/// footer. Room is kept for the longest text of each line, so that the board never moves.
fn bottom_rows(screen: &ReplayScreen, width: u16) -> u16 {
    let marks = match &screen.marks {
        Marks::Running { names, .. } | Marks::Done(_, names) => Some(names.longest),
        Marks::None => None,
    };
    let text_rows: usize = std::iter::once(screen.view.longest_move())
        .chain(marks)
        .map(|line| {
            Paragraph::new(line)
                .wrap(Wrap { trim: true })
                .line_count(width)
        })
        .sum();
    text_rows as u16 + 1 + footer_height(screen, width)
}

/// The footer's rows at `width`: "play" and "pause" are as wide, so they never change.
fn footer_height(screen: &ReplayScreen, width: u16) -> u16 {
    footer::height(&keys::footer(&keys(), screen), width)
}

fn status_parts(screen: &ReplayScreen, now: Instant, theme: &Theme) -> Vec<Part<'static>> {
    let replay = &screen.replay;
    let entry = &replay.entry;
    let n = replay.len();
    let moves = format!("move {} of {n}", replay.at());
    let state = format!(
        "{} {}x",
        if screen.playback.is_playing() {
            "playing"
        } else {
            "paused"
        },
        screen.playback.speed()
    );
    let date = entry.start.get(..10).unwrap_or(&entry.start);
    vec![
        Part::text(
            format!("Replay: {}", screen.view.title(replay)),
            theme.title(),
        ),
        Part::new(vec![Span::raw(moves)], format!("move {n} of {n}").len()),
        screen.view.figure(replay, screen.time_ms(now)),
        Part::new(vec![Span::styled(state, theme.key())], "playing 8x".len()),
        Part::text(format!("{}, {date}", entry.result.name()), theme.dim()),
    ]
}

/// What the last move did, and the marks: the search's progress, the mark of this position, or
/// how many there are.
fn move_lines(screen: &ReplayScreen, theme: &Theme) -> Vec<Line<'static>> {
    let at = screen.replay.at();
    let mut lines = vec![Line::raw(screen.view.last_move(&screen.replay))];
    match &screen.marks {
        Marks::None => {}
        Marks::Running {
            progress, names, ..
        } => {
            let mut line = Line::styled(format!("{} ", names.searching), theme.dim());
            line.extend(bar(progress.ratio(), SEARCH_BAR, &[], theme).spans);
            line.push_span(Span::raw(format!(" {:3.0}%", progress.ratio() * 100.0)));
            lines.push(line);
        }
        Marks::Done(marks, names) => {
            let here = marks.iter().find(|m| m.step == at);
            lines.push(match here {
                Some(mark) => Line::from(vec![
                    Span::styled(format!("{} ", names.one), theme.alert()),
                    Span::raw(if theme.ascii {
                        mark.ascii.clone()
                    } else {
                        mark.text.clone()
                    }),
                ]),
                None if marks.is_empty() => Line::styled(names.none, theme.dim()),
                None => Line::styled(
                    match marks.len() {
                        1 => format!("1 {}, marked on the bar: m goes to it", names.one),
                        n => format!("{n} {}, marked on the bar: m goes to the next", names.many),
                    },
                    theme.dim(),
                ),
            });
        }
    }
    lines
}

/// A bar `ratio` full across `width` columns, with a mark at each of the shares in `marks`.
fn bar(ratio: f64, width: u16, marks: &[f64], theme: &Theme) -> Line<'static> {
    let width = usize::from(width);
    let column = |share: f64| ((share.clamp(0.0, 1.0) * width as f64).round() as usize).min(width);
    let full = column(ratio);
    let mut columns: Vec<(&'static str, ratatui::style::Style)> = (0..width)
        .map(|x| {
            if x < full {
                (theme.symbol("━", "="), theme.key())
            } else {
                (theme.symbol("─", "-"), theme.dim())
            }
        })
        .collect();
    for &share in marks {
        if let Some(at) = columns.get_mut(column(share).min(width.saturating_sub(1))) {
            *at = (theme.symbol("┃", "|"), theme.alert());
        }
    }
    Line::from(
        columns
            .into_iter()
            .map(|(symbol, style)| Span::styled(symbol, style))
            .collect::<Vec<_>>(),
    )
}

/// The smallest terminal the replay is drawn in: the board at its smallest with the rows around
/// it.
pub fn min_size(screen: &ReplayScreen, now: Instant) -> Size {
    let width = MIN_WIDTH;
    let other = status::height(&status_parts(screen, now, &Theme::mono()), width)
        + bottom_rows(screen, width);
    let board = screen.view.min_board(&screen.replay, width);
    Size::new(board.width.max(width), board.height + other)
}

pub fn render(view: &View, screen: &ReplayScreen, area: Rect, buf: &mut Buffer) {
    let theme = view.theme;
    let parts = status_parts(screen, view.now, theme);
    let rows = (
        status::height(&parts, area.width),
        bottom_rows(screen, area.width),
    );
    let (status_area, bottom) = screen.view.render(&screen.replay, area, rows, view, buf);
    status::render(&parts, status_area, buf);
    let (text_area, footer_area) = split_bottom(bottom, footer_height(screen, bottom.width));
    let (text_area, gauge_area) = split_bottom(text_area, 1);
    Paragraph::new(move_lines(screen, theme))
        .centered()
        .wrap(Wrap { trim: true })
        .render(text_area, buf);
    let n = screen.replay.len().max(1);
    let ratio = screen.replay.at() as f64 / n as f64;
    let marks: Vec<f64> = screen
        .found_marks()
        .iter()
        .map(|mark| mark.step as f64 / n as f64)
        .collect();
    let gauge_width = gauge_area.width.saturating_sub(4).min(72);
    let gauge = Rect {
        x: gauge_area.x + (gauge_area.width - gauge_width) / 2,
        width: gauge_width,
        ..gauge_area
    };
    bar(ratio, gauge_width, &marks, theme).render(gauge, buf);
    footer::render(&keys::footer(&keys(), screen), theme, footer_area, buf);
}
