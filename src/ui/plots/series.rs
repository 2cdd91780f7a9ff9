//! A series plotted by game number: a mark for each game, the moving average, the best marked.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::symbols;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Chart, Dataset, GraphType, Widget};

use super::frame::{head, marks, too_few};
use crate::history::digest::series::{AVERAGE_OF, Series};
use crate::ui::theme::Theme;

/// Which end of a series is its best.
#[derive(Clone, Copy)]
pub enum Best {
    Lowest,
    Highest,
}

/// Values by game number: a mark for each, their moving average, the best marked.
#[allow(clippy::too_many_arguments)]
pub(super) fn chart(
    title: &str,
    each: &str,
    series: &Series,
    best: Best,
    label: fn(f64) -> String,
    area: Rect,
    theme: &Theme,
    buf: &mut Buffer,
) {
    let best = match best {
        Best::Lowest => series.lowest,
        Best::Highest => series.highest,
    };
    let (Some(best), true) = (best, series.count >= 2) else {
        // "a win" plotted, "wins" counted.
        let plural = each.strip_prefix("a ").unwrap_or(each);
        return too_few(title, &format!("{plural}s"), area, theme, buf);
    };
    let marks = marks(theme);
    let legend = Line::from(vec![
        Span::styled(marks.point.1, theme.heading()),
        Span::raw(format!(" {each}  ")),
        Span::styled(marks.average.1, theme.title()),
        Span::raw(format!(" average of {AVERAGE_OF}  ")),
        Span::styled(marks.best.1, theme.good()),
        Span::raw(format!(" best {} (game {})", label(best.1), best.0)),
    ]);
    let Some(plot) = head(title, vec![legend], area, theme, buf) else {
        return;
    };
    let values = series.points.iter().chain(&series.average).map(|p| p.1);
    let low = values.clone().fold(f64::INFINITY, f64::min);
    let high = values.fold(f64::NEG_INFINITY, f64::max);
    // A flat series gets a band around it, so that it sits in the middle rather than on an edge.
    let pad = if high - low > f64::EPSILON {
        0.0
    } else {
        low.abs().max(1.0) * 0.1
    };
    let (low, high) = (low - pad, high + pad);
    let last = f64::from(series.last_game.max(2));
    let best_point = [best];
    let datasets = vec![
        Dataset::default()
            .marker(marks.point.0)
            .graph_type(GraphType::Scatter)
            .style(theme.heading())
            .data(&series.points),
        Dataset::default()
            .marker(marks.average.0)
            .graph_type(GraphType::Line)
            .style(theme.title())
            .data(&series.average),
        Dataset::default()
            .marker(marks.best.0)
            .graph_type(GraphType::Scatter)
            .style(theme.good())
            .data(&best_point),
    ];
    Chart::new(datasets)
        .legend_position(None)
        .x_axis(
            Axis::default()
                .bounds([1.0, last])
                // The axis title would be drawn over the marks: the label row names it instead.
                .labels([
                    "1".to_string(),
                    "game".to_string(),
                    series.last_game.to_string(),
                ])
                .style(theme.dim()),
        )
        .y_axis(
            Axis::default()
                .bounds([low, high])
                .labels(y_labels(low, high, plot.height, label))
                .style(theme.dim()),
        )
        .render(plot, buf);
    if theme.ascii {
        ascii_axes(plot, buf);
    }
}

/// Rows of the chart that the x axis takes: its line and its labels.
const X_AXIS_ROWS: u16 = 2;
/// A y label on every this many rows at most, so that labels stay apart.
const ROWS_PER_Y_LABEL: u16 = 3;
/// Most y labels: more would crowd the axis without telling more.
const MOST_Y_LABELS: u16 = 5;

/// Labels evenly spaced from `low` to `high`, as many as `height` rows fit (at least the two ends).
fn y_labels(low: f64, high: f64, height: u16, label: fn(f64) -> String) -> Vec<String> {
    let count = (height.saturating_sub(X_AXIS_ROWS) / ROWS_PER_Y_LABEL + 1).clamp(2, MOST_Y_LABELS);
    let steps = f64::from(count - 1);
    (0..count)
        .map(|i| label(low + (high - low) * f64::from(i) / steps))
        .collect()
}

/// Chart draws its axes with box-drawing lines whatever the theme: ASCII ones instead.
pub(super) fn ascii_axes(area: Rect, buf: &mut Buffer) {
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buf[(x, y)];
            let ascii = match cell.symbol() {
                symbols::line::VERTICAL => "|",
                symbols::line::HORIZONTAL => "-",
                symbols::line::BOTTOM_LEFT => "+",
                _ => continue,
            };
            cell.set_symbol(ascii);
        }
    }
}
