//! The bar plots: values by span, win rates by block, counts by label, the latest games, and
//! results stacked by row.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Bar, BarChart, Sparkline, Widget};

use super::compact;
use super::frame::{MAX_BINS, bar_set, bar_width, head, too_few};
use crate::history::digest::series::{BLOCK, histogram};
use crate::records::counted;
use crate::ui::theme::Theme;

/// How many values fall in each span: as many bars as the width holds, each labelled whole.
#[allow(clippy::too_many_arguments)]
pub(super) fn spans(
    title: &str,
    legend: &str,
    each: &str,
    sorted: &[u32],
    label: fn(u64) -> String,
    area: Rect,
    theme: &Theme,
    buf: &mut Buffer,
) {
    if sorted.len() < 2 {
        return too_few(title, each, area, theme, buf);
    }
    // The most bars whose labels, each as wide as its bar, fit side by side a column apart.
    let (bins, labels, width) = (1..=MAX_BINS)
        .rev()
        .map(|bars| {
            let bins = histogram(sorted, bars);
            let labels: Vec<String> = bins
                .iter()
                .map(|bin| match bin.to {
                    Some(_) => label(bin.from),
                    None => format!("{}+", label(bin.from)),
                })
                .collect();
            let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(1) as u16;
            (bins, labels, width)
        })
        .find(|(bins, _, width)| bins.len() as u16 * (width + 1) <= area.width + 1)
        .unwrap_or_else(|| (histogram(sorted, 1), vec![String::new()], 1));
    let legend = Line::styled(legend.to_string(), theme.dim());
    let Some(plot) = head(title, vec![legend], area, theme, buf) else {
        return;
    };
    let bars: Vec<Bar> = bins
        .iter()
        .zip(labels)
        .map(|(bin, label)| Bar::new(bin.count).label(Line::from(label)))
        .collect();
    BarChart::new(bars)
        .bar_width(bar_width(plot.width, bins.len(), width))
        .bar_gap(1)
        .bar_set(bar_set(theme))
        .bar_style(theme.heading())
        .value_style(theme.selected())
        .label_style(theme.dim())
        .render(plot, buf);
}

/// The win rate of each block of games, the latest that fit: bars a column wide when there are
/// many, wider (with their percent) when there are few.
pub(super) fn win_rates(rates: &[u8], games: usize, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let bar_width = bar_width(area.width, rates.len(), 1);
    let gap = u16::from(bar_width > 1);
    let shown = rates
        .len()
        .min(usize::from((area.width + gap) / (bar_width + gap)));
    let last_block = match games % BLOCK {
        0 => String::new(),
        partial => format!(" (of {})", counted(partial as u64, "game", "games")),
    };
    let latest = rates.last().copied().unwrap_or(0);
    let blocks = if shown == rates.len() {
        counted(shown as u64, "block", "blocks")
    } else {
        format!("the latest {shown} of {} blocks", rates.len())
    };
    let legend = Line::styled(
        format!("{blocks}, from 0 to 100%; the last {latest}%{last_block}"),
        theme.dim(),
    );
    let title = format!("Win rate per {BLOCK} games");
    let Some(plot) = head(&title, vec![legend], area, theme, buf) else {
        return;
    };
    let bars: Vec<Bar> = rates[rates.len() - shown..]
        .iter()
        .map(|rate| Bar::new(u64::from(*rate)).text_value(format!("{rate}%")))
        .collect();
    BarChart::new(bars)
        .max(100)
        .bar_width(bar_width)
        .bar_gap(gap)
        .bar_set(bar_set(theme))
        .bar_style(theme.heading())
        .value_style(theme.selected())
        .render(plot, buf);
}

/// A bar for each label with its count: the last ones that fit.
pub(super) fn counts(
    title: &str,
    legend: &str,
    left_out: &str,
    bars: &[(String, u64)],
    area: Rect,
    theme: &Theme,
    buf: &mut Buffer,
) {
    let width = bars
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(1) as u16;
    let fit = usize::from((area.width + 1) / (width + 1)).max(1);
    let first = bars.len().saturating_sub(fit);
    let mut legend = legend.to_string();
    if first > 0 {
        legend.push_str(&format!("; {left_out} {} left out", bars[first - 1].0));
    }
    let legend = Line::styled(legend, theme.dim());
    let Some(plot) = head(title, vec![legend], area, theme, buf) else {
        return;
    };
    let shown: Vec<Bar> = bars[first..]
        .iter()
        .map(|(label, count)| Bar::new(*count).label(Line::from(label.clone())))
        .collect();
    BarChart::new(shown)
        .bar_width(bar_width(plot.width, bars.len() - first, width))
        .bar_gap(1)
        .bar_set(bar_set(theme))
        .bar_style(theme.heading())
        .value_style(theme.selected())
        .label_style(theme.dim())
        .render(plot, buf);
}

/// The values of the latest games that fit: a bar each with its value when there is room, else
/// a column each.
pub(super) fn latest(
    title: &str,
    unit: &str,
    values: &[u64],
    area: Rect,
    theme: &Theme,
    buf: &mut Buffer,
) {
    let shown = &values[values.len().saturating_sub(usize::from(area.width))..];
    let most = shown.iter().max().copied().unwrap_or(0);
    let legend = Line::styled(
        format!(
            "the latest {}, from 0 to {most} {unit}",
            counted(shown.len() as u64, "game", "games")
        ),
        theme.dim(),
    );
    let Some(plot) = head(title, vec![legend], area, theme, buf) else {
        return;
    };
    let width = bar_width(plot.width, shown.len(), 1);
    if width == 1 {
        return Sparkline::default()
            .data(shown)
            .max(most.max(1))
            .bar_set(bar_set(theme))
            .style(theme.heading())
            .render(plot, buf);
    }
    let bars: Vec<Bar> = shown
        .iter()
        .map(|value| Bar::new(*value).text_value(compact(*value)))
        .collect();
    BarChart::new(bars)
        .max(most.max(1))
        .bar_width(width)
        .bar_gap(1)
        .bar_set(bar_set(theme))
        .bar_style(theme.heading())
        .value_style(theme.selected())
        .render(plot, buf);
}

/// Wins, draws and losses by row: a bar each, as long as its games against the row with the most,
/// cut in three.
pub(super) fn results(
    title: &str,
    rows: &[(String, [u64; 3])],
    note: Option<&str>,
    area: Rect,
    theme: &Theme,
    buf: &mut Buffer,
) {
    let [won, drawn, lost] = if theme.ascii {
        ["#", "=", "."]
    } else {
        ["█", "▒", "░"]
    };
    let styles = [theme.good(), theme.dim(), theme.bad()];
    let mut legend = vec![Line::from(vec![
        Span::styled(won, styles[0]),
        Span::raw(" won  "),
        Span::styled(drawn, styles[1]),
        Span::raw(" drawn  "),
        Span::styled(lost, styles[2]),
        Span::raw(" lost"),
    ])];
    if let Some(note) = note {
        legend.push(Line::styled(note.to_string(), theme.dim()));
    }
    let Some(plot) = head(title, legend, area, theme, buf) else {
        return;
    };
    let label_width = rows
        .iter()
        .map(|(label, _)| label.chars().count())
        .max()
        .unwrap_or(0) as u16;
    // Each bar ends with its counts, won-drawn-lost, in a column of their own.
    let count = |[won, drawn, lost]: [u64; 3]| format!("{won}-{drawn}-{lost}");
    let count_width = rows
        .iter()
        .map(|(_, counts)| count(*counts).len())
        .max()
        .unwrap_or(0);
    let bar_width = plot
        .width
        .saturating_sub(label_width + 1 + count_width as u16 + 1);
    let total = |[won, drawn, lost]: [u64; 3]| won + drawn + lost;
    let most = rows
        .iter()
        .map(|(_, counts)| total(*counts))
        .max()
        .unwrap_or(1)
        .max(1);
    for ((label, counts), y) in rows.iter().zip(plot.top()..plot.bottom()) {
        // Ends of the three parts, from the running totals, so that rounding leaves no gap.
        let end = |games: u64| (games * u64::from(bar_width) / most) as usize;
        let [won_games, drawn_games, _] = *counts;
        let ends = [
            end(won_games),
            end(won_games + drawn_games),
            end(total(*counts)),
        ];
        let mut spans = vec![Span::styled(
            format!("{label:<width$} ", width = usize::from(label_width)),
            theme.dim(),
        )];
        let mut from = 0;
        for ((symbol, style), to) in [won, drawn, lost].into_iter().zip(styles).zip(ends) {
            spans.push(Span::styled(symbol.repeat(to - from), style));
            from = to;
        }
        let pad = usize::from(bar_width) - from + 1;
        spans.push(Span::raw(format!("{:pad$}{}", "", count(*counts))));
        Line::from(spans).render(Rect::new(plot.x, y, plot.width, 1), buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacked_bars_are_as_long_as_their_games_and_cut_by_result() {
        let theme = Theme {
            ascii: true,
            ..Theme::mono()
        };
        let rows = vec![
            ("easy".to_string(), [6, 2, 2]),
            ("hard".to_string(), [0, 4, 1]),
        ];
        let area = Rect::new(0, 0, 31, 6);
        let mut buf = Buffer::empty(area);
        results("Results by opponent", &rows, None, area, &theme, &mut buf);
        let row =
            |y: u16| -> String { (0..31).map(|x| buf[(x, y)].symbol().to_string()).collect() };
        // 20 columns of bar for the most played: 10 games, 2 columns a game; the counts after.
        assert_eq!(row(2), "easy ############====.... 6-2-2");
        assert_eq!(row(3), "hard ========..           0-4-1");
    }

    #[test]
    fn the_win_rate_legend_counts_its_blocks_in_words() {
        let theme = Theme::mono();
        let legend = |rates: &[u8], games: usize, width: u16| {
            let area = Rect::new(0, 0, width, 8);
            let mut buf = Buffer::empty(area);
            win_rates(rates, games, area, &theme, &mut buf);
            let line: String = (0..width).map(|x| buf[(x, 1)].symbol()).collect();
            line.trim_end().to_string()
        };
        assert_eq!(
            legend(&[0], 2, 60),
            "1 block, from 0 to 100%; the last 0% (of 2 games)"
        );
        assert_eq!(
            legend(&[50, 60], 40, 60),
            "2 blocks, from 0 to 100%; the last 60%"
        );
        // More blocks than columns: the latest that fit, said so.
        let many = vec![50; 90];
        assert!(
            legend(&many, 1800, 80).starts_with("the latest 80 of 90 blocks, from 0 to 100%"),
            "{}",
            legend(&many, 1800, 80)
        );
    }

    #[test]
    fn a_few_latest_games_get_wide_bars_with_their_values_and_many_a_column_each() {
        let theme = Theme::mono();
        let draw = |values: &[u64], width: u16| {
            let area = Rect::new(0, 0, width, 8);
            let mut buf = Buffer::empty(area);
            latest("Moves", "moves", values, area, &theme, &mut buf);
            let bottom: String = (0..width).map(|x| buf[(x, 7)].symbol()).collect();
            bottom
        };
        // Three games in 60 columns: bars of 7 columns a column apart, each with its value (the
        // shortest is about a tenth of the tallest: half a row of the six).
        let bottom = draw(&[120, 480, 1352], 60);
        assert_eq!(bottom.trim_end(), "▄▄120▄▄ ██480██ █1352██", "{bottom:?}");
        // Sixty games in 60 columns: one column each, no gaps.
        let values: Vec<u64> = (1..=60).collect();
        let bottom = draw(&values, 60);
        assert_eq!(bottom.trim_end().chars().count(), 60, "{bottom:?}");
    }
}
