//! The plots of the records screen, each in its cell: a title, a legend that wraps, and the plot
//! drawn with ratatui's Chart, BarChart or Sparkline in the rows left.
//!
//! Every theme can read them. Without colour, each kind of mark has its own shape (a bullet for
//! each game, a fine braille line for the average, a diamond for the best). In ASCII the marks
//! and bars are ASCII characters, and the axes, which Chart always draws with box-drawing lines,
//! are redrawn with `|`, `-` and `+`.

mod bars;
mod frame;
mod series;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::history::digest::series::Series;
use crate::ui::theme::Theme;
pub use series::Best;

/// What a game shows of one of its tables from the history.
#[derive(Default)]
pub struct Page<'a> {
    pub texts: Vec<Vec<Line<'a>>>,
    pub plots: Vec<Plot<'a>>,
    /// The table's games in the history: plots of fewer than two would show nothing.
    pub games: usize,
}

/// A plot of a table's history, as its game describes it; every game's plots are drawn here.
pub enum Plot<'a> {
    /// A value of some games by game number, the best marked, with the moving average.
    Series {
        title: &'static str,
        /// What has a value: `a win`, `a game`.
        each: &'static str,
        series: &'a Series,
        best: Best,
        label: fn(f64) -> String,
    },
    /// How many values fall in each span, as many spans as the width holds (values ascending,
    /// each bar labelled with where its span starts).
    Spans {
        title: &'static str,
        legend: &'static str,
        /// What the values are of, for the note when there are too few: `wins`.
        each: &'static str,
        sorted: &'a [u32],
        label: fn(u64) -> String,
    },
    /// The win rate of each block of games, for a table of `games` games.
    WinRates { rates: &'a [u8], games: usize },
    /// A bar for each label with its count; the last ones that fit.
    Counts {
        title: &'static str,
        legend: &'static str,
        /// Said of the bars left out for room: `tiles up to`.
        left_out: &'static str,
        bars: Vec<(String, u64)>,
    },
    /// The values of the latest games, a column each.
    Latest {
        title: &'static str,
        /// What the values count: `moves`.
        unit: &'static str,
        values: &'a [u64],
    },
    /// Won, drawn and lost by row, stacked in one bar each.
    Results {
        title: &'static str,
        rows: Vec<(String, [u64; 3])>,
        /// A line under the legend.
        note: Option<&'static str>,
    },
}

/// Draws `plot` in `area`.
pub fn render(plot: &Plot, area: Rect, theme: &Theme, buf: &mut Buffer) {
    match plot {
        Plot::Series {
            title,
            each,
            series,
            best,
            label,
        } => series::chart(title, each, series, *best, *label, area, theme, buf),
        Plot::Spans {
            title,
            legend,
            each,
            sorted,
            label,
        } => bars::spans(title, legend, each, sorted, *label, area, theme, buf),
        Plot::WinRates { rates, games } => bars::win_rates(rates, *games, area, theme, buf),
        Plot::Counts {
            title,
            legend,
            left_out,
            bars,
        } => bars::counts(title, legend, left_out, bars, area, theme, buf),
        Plot::Latest {
            title,
            unit,
            values,
        } => bars::latest(title, unit, values, area, theme, buf),
        Plot::Results { title, rows, note } => bars::results(title, rows, *note, area, theme, buf),
    }
}

/// A number in at most five characters: `20312`, `203k`, `2.1M`.
pub fn compact(n: u64) -> String {
    match n {
        0..=99_999 => n.to_string(),
        100_000..=999_999 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// Seconds of a time in ms as a bar's label: whole, or to a tenth when the bars are that fine.
pub fn seconds_label(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{:.1}", ms as f64 / 1000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_stay_short() {
        assert_eq!(compact(20_312), "20312");
        assert_eq!(compact(203_120), "203k");
        assert_eq!(compact(2_031_200), "2.0M");
        assert_eq!(seconds_label(8000), "8");
        assert_eq!(seconds_label(8500), "8.5");
    }
}
