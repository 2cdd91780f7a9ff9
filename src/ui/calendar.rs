//! The daily challenge in text, as its screen and the records screen both show it: a month's
//! calendar of days played and won, and streaks in days.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::records::counted;
use crate::records::daily::{Daily, Day};
use crate::timestamp::Date;

/// `1 day`, `3 days`.
pub fn days(n: u32) -> String {
    counted(n, "day", "days")
}

/// The month `back` months before that of `today`.
pub fn month_before(today: Date, back: u32) -> Date {
    (0..back).fold(today.first_of_month(), |first, _| {
        first.add_days(-1).first_of_month()
    })
}

/// The month of `today` as lines: each day marked played (+) or won (*), today underlined.
pub fn calendar<'a>(records: &Daily, today: Date, theme: &Theme) -> Vec<Line<'a>> {
    month_calendar(records, today.first_of_month(), today, theme)
}

/// The month that begins on `first` as lines, as [`calendar`] draws them.
pub fn month_calendar<'a>(
    records: &Daily,
    first: Date,
    today: Date,
    theme: &Theme,
) -> Vec<Line<'a>> {
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
