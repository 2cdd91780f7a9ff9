//! The plots of the records screen, each in its cell: a title, a legend that wraps, and the plot
//! drawn with ratatui's Chart, BarChart or Sparkline in the rows left.
//!
//! Every theme can read them. Without colour, each kind of mark has its own shape (dots for each
//! game, bullets for the average, a diamond for the best). In ASCII the marks and bars are ASCII
//! characters, and the axes, which Chart always draws with box-drawing lines, are redrawn with
//! `|`, `-` and `+`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::symbols::{self, Marker};
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Axis, Bar, BarChart, Chart, Dataset, GraphType, Paragraph, Sparkline, Widget, Wrap,
};

use super::content::Plot;
use crate::history::digest::Tally;
use crate::history::digest::series::{AVERAGE_OF, BLOCK, Series, histogram};
use crate::records::format_time_ms;
use crate::ui::theme::Theme;

/// Below this, the plot itself is left out (only at sizes under the screen's smallest).
const MIN_PLOT_WIDTH: u16 = 12;
const MIN_PLOT_HEIGHT: u16 = 3;
/// Histogram bars at most: more would be too thin to read.
const MAX_BINS: usize = 12;
/// Bars widen to fill their plot up to this many columns.
const MAX_BAR_WIDTH: u16 = 7;

/// Bars in ASCII, from empty to full by eighths.
const ASCII_BARS: symbols::bar::Set<'static> = symbols::bar::Set {
    full: "#",
    seven_eighths: "#",
    three_quarters: "=",
    five_eighths: "=",
    half: "-",
    three_eighths: "-",
    one_quarter: ".",
    one_eighth: ".",
    empty: " ",
};

/// The marks of a series plot, and how the legend shows each.
struct Marks {
    point: (Marker, &'static str),
    average: (Marker, &'static str),
    best: (Marker, &'static str),
}

fn marks(theme: &Theme) -> Marks {
    if theme.ascii {
        Marks {
            point: (Marker::Custom('.'), "."),
            average: (Marker::Custom('*'), "*"),
            best: (Marker::Custom('@'), "@"),
        }
    } else {
        Marks {
            point: (Marker::Braille, "⠂"),
            average: (Marker::Dot, "•"),
            best: (Marker::Custom('◆'), "◆"),
        }
    }
}

fn bar_set(theme: &Theme) -> symbols::bar::Set<'static> {
    if theme.ascii {
        ASCII_BARS
    } else {
        symbols::bar::NINE_LEVELS
    }
}

/// Draws `plot` in `area`.
pub fn render(plot: &Plot, area: Rect, theme: &Theme, buf: &mut Buffer) {
    match plot {
        Plot::WinTimes(series) => {
            let seconds = |s: f64| format_time_ms((s * 1000.0).round() as u64);
            series_chart(
                "Time of each win",
                "a win",
                series,
                Best::Lowest,
                seconds,
                area,
                theme,
                buf,
            )
        }
        Plot::Speed(series) => series_chart(
            "3BV per second of each win",
            "a win",
            series,
            Best::Highest,
            |rate| format!("{rate:.2}"),
            area,
            theme,
            buf,
        ),
        Plot::Scores(series) => series_chart(
            "Score of each game",
            "a game",
            series,
            Best::Highest,
            |score| compact(score.round() as u64),
            area,
            theme,
            buf,
        ),
        Plot::WinTimeHistogram(sorted) => win_time_histogram(sorted, area, theme, buf),
        Plot::WinRates { rates, games } => win_rates(rates, *games, area, theme, buf),
        Plot::Tiles(tiles) => tiles_chart(tiles, area, theme, buf),
        Plot::Moves(moves) => moves_line(moves, area, theme, buf),
        Plot::Results(opponents) => results(opponents, area, theme, buf),
    }
}

/// Draws the title and the legend at the top of `area`; the rows left for the plot, if there
/// are enough.
fn head(
    title: &str,
    legend: Vec<Line>,
    area: Rect,
    theme: &Theme,
    buf: &mut Buffer,
) -> Option<Rect> {
    let mut lines = vec![Line::styled(title.to_string(), theme.heading())];
    lines.extend(legend);
    let text = Paragraph::new(lines).wrap(Wrap { trim: true });
    let rows = (text.line_count(area.width) as u16).min(area.height);
    text.render(
        Rect {
            height: rows,
            ..area
        },
        buf,
    );
    let rest = Rect {
        y: area.y + rows,
        height: area.height - rows,
        ..area
    };
    (rest.width >= MIN_PLOT_WIDTH && rest.height >= MIN_PLOT_HEIGHT).then_some(rest)
}

/// What a plot says instead of drawing, when it has too little to draw.
fn too_few(title: &str, what: &str, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let note = Line::styled(
        format!("Fewer than two {what}: nothing to plot yet."),
        theme.dim(),
    );
    head(title, vec![note], area, theme, buf);
}

#[derive(Clone, Copy)]
enum Best {
    Lowest,
    Highest,
}

/// Values by game number: a mark for each, their moving average, the best marked.
#[allow(clippy::too_many_arguments)]
fn series_chart(
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
        return too_few(title, &format!("{each}s"), area, theme, buf);
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
                .labels(["1".to_string(), series.last_game.to_string()])
                .style(theme.dim()),
        )
        .y_axis(
            Axis::default()
                .bounds([low, high])
                .labels([label(low), label(high)])
                .style(theme.dim()),
        )
        .render(plot, buf);
    if theme.ascii {
        ascii_axes(plot, buf);
    }
}

/// Chart draws its axes with box-drawing lines whatever the theme: ASCII ones instead.
fn ascii_axes(area: Rect, buf: &mut Buffer) {
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

/// Bars of at least `least` columns (their labels' width), as wide as `count` of them fill
/// `room` with a column between each two, up to [`MAX_BAR_WIDTH`].
fn bar_width(room: u16, count: usize, least: u16) -> u16 {
    let count = u16::try_from(count).unwrap_or(u16::MAX).max(1);
    ((room + 1) / count)
        .saturating_sub(1)
        .clamp(least, MAX_BAR_WIDTH.max(least))
}

/// A number in at most five characters: `20312`, `203k`, `2.1M`.
fn compact(n: u64) -> String {
    match n {
        0..=99_999 => n.to_string(),
        100_000..=999_999 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// Seconds of a time in ms as a bar's label: whole, or to a tenth when the bars are that fine.
fn seconds_label(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{:.1}", ms as f64 / 1000.0)
    }
}

/// How many wins took each span of seconds: as many bars as the width holds, each labelled
/// whole.
fn win_time_histogram(sorted: &[u32], area: Rect, theme: &Theme, buf: &mut Buffer) {
    const TITLE: &str = "Wins by time";
    if sorted.len() < 2 {
        return too_few(TITLE, "wins", area, theme, buf);
    }
    // The most bars whose labels, each as wide as its bar, fit side by side a column apart.
    let (bins, labels, width) = (1..=MAX_BINS)
        .rev()
        .map(|bars| {
            let bins = histogram(sorted, bars);
            let labels: Vec<String> = bins
                .iter()
                .map(|bin| match bin.to {
                    Some(_) => seconds_label(bin.from),
                    None => format!("{}+", seconds_label(bin.from)),
                })
                .collect();
            let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(1) as u16;
            (bins, labels, width)
        })
        .find(|(bins, _, width)| bins.len() as u16 * (width + 1) <= area.width + 1)
        .unwrap_or_else(|| (histogram(sorted, 1), vec![String::new()], 1));
    let legend = Line::styled(
        "wins from each mark (seconds) to the next; the last bar holds the slower",
        theme.dim(),
    );
    let Some(plot) = head(TITLE, vec![legend], area, theme, buf) else {
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
fn win_rates(rates: &[u8], games: usize, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let bar_width = bar_width(area.width, rates.len(), 1);
    let gap = u16::from(bar_width > 1);
    let shown = rates
        .len()
        .min(usize::from((area.width + gap) / (bar_width + gap)));
    let last_block = match games % BLOCK {
        0 => String::new(),
        partial => format!(" (of {partial} games)"),
    };
    let latest = rates.last().copied().unwrap_or(0);
    let legend = Line::styled(
        format!(
            "the latest {shown} of {} blocks, from 0 to 100%; the last {latest}%{last_block}",
            rates.len()
        ),
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

/// A tile's value as a bar's label: `2048`, `16k`.
fn tile_label(tile: u64) -> String {
    if tile < 16_384 {
        tile.to_string()
    } else {
        format!("{}k", tile / 1024)
    }
}

/// How many games ended with each biggest tile: the biggest tiles that fit.
fn tiles_chart(tiles: &[(u64, u64)], area: Rect, theme: &Theme, buf: &mut Buffer) {
    let labels: Vec<String> = tiles.iter().map(|(tile, _)| tile_label(*tile)).collect();
    let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(1) as u16;
    let fit = usize::from((area.width + 1) / (width + 1)).max(1);
    let first = tiles.len().saturating_sub(fit);
    let mut legend = "games by their biggest tile".to_string();
    if first > 0 {
        legend.push_str(&format!("; tiles up to {} left out", labels[first - 1]));
    }
    let legend = Line::styled(legend, theme.dim());
    let Some(plot) = head("Biggest tile", vec![legend], area, theme, buf) else {
        return;
    };
    let bars: Vec<Bar> = tiles[first..]
        .iter()
        .zip(&labels[first..])
        .map(|((_, games), label)| Bar::new(*games).label(Line::from(label.clone())))
        .collect();
    BarChart::new(bars)
        .bar_width(bar_width(plot.width, tiles.len() - first, width))
        .bar_gap(1)
        .bar_set(bar_set(theme))
        .bar_style(theme.heading())
        .value_style(theme.selected())
        .label_style(theme.dim())
        .render(plot, buf);
}

/// The moves of the latest games that fit, one column each.
fn moves_line(moves: &[u64], area: Rect, theme: &Theme, buf: &mut Buffer) {
    let shown = &moves[moves.len().saturating_sub(usize::from(area.width))..];
    let most = shown.iter().max().copied().unwrap_or(0);
    let legend = Line::styled(
        format!("the latest {} games, from 0 to {most} moves", shown.len()),
        theme.dim(),
    );
    let Some(plot) = head("Moves of each game", vec![legend], area, theme, buf) else {
        return;
    };
    Sparkline::default()
        .data(shown)
        .max(most.max(1))
        .bar_set(bar_set(theme))
        .style(theme.heading())
        .render(plot, buf);
}

/// Wins, draws and losses by opponent: a bar each, as long as its games against the most played
/// opponent, cut in three.
fn results(opponents: &[(String, Tally)], area: Rect, theme: &Theme, buf: &mut Buffer) {
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
    let name = |opponent: &str| match opponent {
        crate::records::tictactoe::TWO_PLAYERS => "2 players".to_string(),
        other => other.to_string(),
    };
    if opponents
        .iter()
        .any(|(o, _)| o == crate::records::tictactoe::TWO_PLAYERS)
    {
        legend.push(Line::styled("2 players: won is X, lost is O", theme.dim()));
    }
    let Some(plot) = head("Results by opponent", legend, area, theme, buf) else {
        return;
    };
    let label_width = opponents
        .iter()
        .map(|(o, _)| name(o).chars().count())
        .max()
        .unwrap_or(0) as u16;
    let bar_width = plot.width.saturating_sub(label_width + 1);
    let most = opponents
        .iter()
        .map(|(_, t)| t.games())
        .max()
        .unwrap_or(1)
        .max(1);
    for ((opponent, tally), y) in opponents.iter().zip(plot.top()..plot.bottom()) {
        // Ends of the three parts, from the running totals, so that rounding leaves no gap.
        let end = |games: u64| (games * u64::from(bar_width) / most) as usize;
        let ends = [
            end(tally.won),
            end(tally.won + tally.drawn),
            end(tally.games()),
        ];
        let mut spans = vec![Span::styled(
            format!(
                "{:<width$} ",
                name(opponent),
                width = usize::from(label_width)
            ),
            theme.dim(),
        )];
        let mut from = 0;
        for ((symbol, style), to) in [won, drawn, lost].into_iter().zip(styles).zip(ends) {
            spans.push(Span::styled(symbol.repeat(to - from), style));
            from = to;
        }
        Line::from(spans).render(Rect::new(plot.x, y, plot.width, 1), buf);
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
        assert_eq!(tile_label(2048), "2048");
        assert_eq!(tile_label(131_072), "128k");
        assert_eq!(seconds_label(8000), "8");
        assert_eq!(seconds_label(8500), "8.5");
    }

    #[test]
    fn stacked_bars_are_as_long_as_their_games_and_cut_by_result() {
        let theme = Theme {
            ascii: true,
            ..Theme::mono()
        };
        let opponents = vec![
            (
                "easy".to_string(),
                Tally {
                    won: 6,
                    drawn: 2,
                    lost: 2,
                },
            ),
            (
                "hard".to_string(),
                Tally {
                    won: 0,
                    drawn: 4,
                    lost: 1,
                },
            ),
        ];
        let area = Rect::new(0, 0, 25, 6);
        let mut buf = Buffer::empty(area);
        results(&opponents, area, &theme, &mut buf);
        let row =
            |y: u16| -> String { (0..25).map(|x| buf[(x, y)].symbol().to_string()).collect() };
        // 20 columns of bar for the most played: 10 games, 2 columns a game.
        assert_eq!(row(2), "easy ############====....");
        assert_eq!(row(3), "hard ========..          ");
    }
}
