//! What the selected table shows: its records as text, the daily challenge's month on the table
//! the daily game is played on, and what its game makes of the history: more text and plots.
//! Built afresh for each draw and each click from the records and the history's digest.

use ratatui::text::{Line, Span};

use super::HistoryState;
use crate::records::ScoreTable;
use crate::records::daily::Daily;
use crate::ui::calendar::{calendar, days};
use crate::ui::game::GameUi;
use crate::ui::plots::Plot;
use crate::ui::theme::Theme;

#[derive(Default)]
pub struct Content<'a> {
    /// Sections of text, in order; each wraps, and goes on in the next column or page when it
    /// does not fit.
    pub texts: Vec<Vec<Line<'a>>>,
    pub plots: Vec<Plot<'a>>,
}

/// The content of `table` of `game`, with what `history` holds of it.
pub fn content<'a>(
    table: &'a ScoreTable,
    game: &dyn GameUi,
    history: &'a HistoryState,
    daily: &Daily,
    theme: &Theme,
) -> Content<'a> {
    let mut texts = Vec::new();
    if !table.facts.is_empty() {
        texts.push(facts(table, theme));
    }
    texts.push(ranking(table, theme));
    // The daily challenge is played on its game's board of this table: it shows its month.
    if game.daily().is_some_and(|board| board.table == table.key) && !daily.is_empty() {
        texts.push(daily_month(daily, theme));
    }
    let mut plots = Vec::new();
    let note = match history {
        HistoryState::Read(digest) => {
            let page = game.page(table, digest, theme);
            texts.extend(page.texts);
            plots = page.plots;
            // Plots of fewer than two games would show nothing: the screen says so instead.
            (page.games < 2).then(|| {
                plots.clear();
                format!(
                    "Plots need two games of this table in the history; it has {}.",
                    page.games
                )
            })
        }
        HistoryState::Unread | HistoryState::Reading(_) => {
            Some(format!("Reading the history{}", theme.symbol("…", "...")))
        }
        HistoryState::NotKept => {
            Some("No history is kept without a data folder: there is nothing to plot.".into())
        }
        HistoryState::Failed(error) => Some(format!(
            "The history could not be read ({error}): there is nothing to plot."
        )),
    };
    if let Some(note) = note {
        texts.push(vec![Line::styled(note, theme.dim())]);
    }
    Content { texts, plots }
}

/// The daily challenge's streaks and this month's calendar.
fn daily_month<'a>(daily: &Daily, theme: &Theme) -> Vec<Line<'a>> {
    let today = crate::daily::today();
    let (current, longest) = daily.streaks(today);
    let mut lines = vec![
        Line::styled("Daily challenge", theme.heading()),
        Line::raw(format!(
            "streak {}, longest {}",
            days(current),
            days(longest)
        )),
    ];
    lines.extend(calendar(daily, today, theme));
    lines
}

/// Single figures: played, won, best...
fn facts<'a>(table: &'a ScoreTable, theme: &Theme) -> Vec<Line<'a>> {
    table
        .facts
        .iter()
        .map(|(label, value)| {
            Line::from(vec![
                Span::styled(format!("{label:>16} "), theme.dim()),
                Span::raw(value.as_str()),
            ])
        })
        .collect()
}

/// The table's ranked rows under their header, in aligned columns.
fn ranking<'a>(table: &'a ScoreTable, theme: &Theme) -> Vec<Line<'a>> {
    if table.rows.is_empty() {
        return vec![Line::styled("  nothing ranked yet", theme.dim())];
    }
    let (header, rows) = table.aligned();
    let header = Line::styled(header, theme.heading());
    let rows = rows.into_iter().map(Line::raw);
    std::iter::once(header).chain(rows).collect()
}
