//! What every plot's cell shares: its title and legend above the plot, the note of a plot with
//! too little to draw, and the marks and bars of the theme.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::symbols::{self, Marker};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::ui::theme::Theme;

/// Below this, the plot itself is left out (only at sizes under the screen's smallest).
pub(super) const MIN_PLOT_WIDTH: u16 = 12;
pub(super) const MIN_PLOT_HEIGHT: u16 = 3;
/// Histogram bars at most: more would be too thin to read.
pub(super) const MAX_BINS: usize = 12;
/// Bars widen to fill their plot up to this many columns.
pub(super) const MAX_BAR_WIDTH: u16 = 7;

/// Bars in ASCII, from empty to full by eighths.
pub(super) const ASCII_BARS: symbols::bar::Set<'static> = symbols::bar::Set {
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
pub(super) struct Marks {
    pub(super) point: (Marker, &'static str),
    pub(super) average: (Marker, &'static str),
    pub(super) best: (Marker, &'static str),
}

/// Each game is a whole-cell mark drawn over the average, which is a fine braille line, so that
/// no game hides under it.
pub(super) fn marks(theme: &Theme) -> Marks {
    if theme.ascii {
        Marks {
            point: (Marker::Custom('o'), "o"),
            average: (Marker::Custom('.'), "."),
            best: (Marker::Custom('@'), "@"),
        }
    } else {
        Marks {
            point: (Marker::Dot, "•"),
            average: (Marker::Braille, "⠒"),
            best: (Marker::Custom('◆'), "◆"),
        }
    }
}

pub(super) fn bar_set(theme: &Theme) -> symbols::bar::Set<'static> {
    if theme.ascii {
        ASCII_BARS
    } else {
        symbols::bar::NINE_LEVELS
    }
}

/// Draws the title and the legend at the top of `area`; the rows left for the plot, if there
/// are enough.
pub(super) fn head(
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
pub(super) fn too_few(title: &str, what: &str, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let note = Line::styled(
        format!("Fewer than two {what}: nothing to plot yet."),
        theme.dim(),
    );
    head(title, vec![note], area, theme, buf);
}

/// Bars of at least `least` columns (their labels' width), as wide as `count` of them fill
/// `room` with a column between each two, up to [`MAX_BAR_WIDTH`].
pub(super) fn bar_width(room: u16, count: usize, least: u16) -> u16 {
    let count = u16::try_from(count).unwrap_or(u16::MAX).max(1);
    ((room + 1) / count)
        .saturating_sub(1)
        .clamp(least, MAX_BAR_WIDTH.max(least))
}
