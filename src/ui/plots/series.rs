//! A series plotted by game number: a mark for each game, the moving average, the best marked.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::symbols;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Chart, Dataset, GraphType, Widget};

use super::frame::{head, marks, too_few};
use crate::history::digest::series::{AVERAGE_OF, Series};
use crate::records::counted;
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
    // Values far out on the side away from the best would squeeze the rest: they are drawn on
    // the plot's edge, and the legend says how many.
    let (best, outliers, above) = match best {
        Best::Lowest => (series.lowest, series.above, true),
        Best::Highest => (series.highest, series.below, false),
    };
    // "a win" plotted, "wins" counted.
    let one = each.strip_prefix("a ").unwrap_or(each);
    let (Some(best), true) = (best, series.count >= 2) else {
        return too_few(title, &format!("{one}s"), area, theme, buf);
    };
    let on_edge = |&(game, value): &(f64, f64)| match outliers {
        Some(far) if above => (game, value.min(far.edge)),
        Some(far) => (game, value.max(far.edge)),
        None => (game, value),
    };
    let points: Vec<(f64, f64)> = series.points.iter().map(on_edge).collect();
    let average: Vec<(f64, f64)> = series.average.iter().map(on_edge).collect();
    let marks = marks(theme);
    let mut legend = vec![Line::from(vec![
        Span::styled(marks.point.1, theme.heading()),
        Span::raw(format!(" {each}  ")),
        Span::styled(marks.average.1, theme.title()),
        Span::raw(format!(" average of {AVERAGE_OF}  ")),
        Span::styled(marks.best.1, theme.good()),
        Span::raw(format!(" best {} (game {})", label(best.1), best.0)),
    ])];
    if let Some(far) = outliers {
        let count = counted(far.count as u64, one, &format!("{one}s"));
        legend.push(Line::styled(
            format!(
                "{count} {}, drawn on its edge",
                if above {
                    "above the top"
                } else {
                    "below the bottom"
                }
            ),
            theme.dim(),
        ));
    }
    let Some(plot) = head(title, legend, area, theme, buf) else {
        return;
    };
    let values = points.iter().chain(&average).map(|p| p.1);
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
    // Later datasets are drawn over earlier ones: the games over the average, the best on top.
    let datasets = vec![
        Dataset::default()
            .marker(marks.average.0)
            .graph_type(GraphType::Line)
            .style(theme.title())
            .data(&average),
        Dataset::default()
            .marker(marks.point.0)
            .graph_type(GraphType::Scatter)
            .style(theme.heading())
            .data(&points),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::digest::series::Point;

    fn drawn(series: &Series, best: Best, area: Rect) -> Vec<String> {
        let theme = Theme {
            ascii: true,
            ..Theme::mono()
        };
        let mut buf = Buffer::empty(area);
        let label = |s: f64| format!("{s:.0}s");
        chart("Time", "a win", series, best, label, area, &theme, &mut buf);
        (0..area.height)
            .map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect())
            .collect()
    }

    #[test]
    fn slow_outliers_are_drawn_on_the_top_edge_and_counted_in_the_legend() {
        // Two slow early wins of about 300 s, then wins of 20 to 29 s.
        let mut values = vec![310.0, 290.0];
        values.extend((0..18).map(|i| 20.0 + (i % 10) as f32));
        let points: Vec<Point> = (0..20)
            .map(|i| Point {
                game: i + 1,
                value: values[i as usize],
            })
            .collect();
        let series = Series::of(&points, 20);
        let rows = drawn(&series, Best::Lowest, Rect::new(0, 0, 50, 16));
        let text = rows.join("\n");
        assert!(
            text.contains("2 wins above the top, drawn on its edge"),
            "{text}"
        );
        // The axis runs from the fastest to the slowest win kept: 29 s, not 310 s.
        let top = rows.iter().find(|row| row.contains('|')).unwrap();
        assert!(top.starts_with("29s|"), "{text}");
        assert!(!text.contains("310s"), "{text}");
        // The two slow wins are marks on the top row, beside the axis.
        let first_games: String = top.chars().skip(4).take(4).collect();
        assert_eq!(first_games.matches('o').count(), 2, "{text}");
        // With the best at the other end (a rate, highest best), nothing is left out.
        let rows = drawn(&series, Best::Highest, Rect::new(0, 0, 50, 16));
        assert!(!rows.join("\n").contains("drawn on its edge"));
    }

    #[test]
    fn every_game_shows_over_the_average_that_runs_through_it() {
        // Twelve equal times: the average runs through every one of them.
        let points: Vec<Point> = (1..=12).map(|game| Point { game, value: 20.0 }).collect();
        let series = Series::of(&points, 12);
        let rows = drawn(&series, Best::Lowest, Rect::new(0, 0, 50, 12));
        let line = rows.iter().find(|row| row.starts_with("20s|")).unwrap();
        // Each game but the best (marked as the best) is a mark of its own.
        assert_eq!(line.matches('o').count(), 11, "{line}");
        assert_eq!(line.matches('@').count(), 1, "{line}");
    }
}
