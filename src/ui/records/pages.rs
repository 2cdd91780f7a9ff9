//! The pages of a records table: its texts flowed down the panel, its plots in a grid beside
//! them or after them, as many pages as it takes.

use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use super::content::Content;

/// The text column beside plots: as wide as its widest line within these bounds.
pub const TEXT_MIN_WIDTH: u16 = 30;
pub const TEXT_MAX_WIDTH: u16 = 48;
/// The smallest cell a plot is drawn in: its title, its legend and a few rows of plot.
pub const PLOT_MIN_WIDTH: u16 = 30;
pub const PLOT_MIN_HEIGHT: u16 = 8;
/// Blank columns or rows between the parts of a page.
pub const GAP: u16 = 1;

/// What one page shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    pub texts: Vec<TextPiece>,
    /// Each plot shown, by its place in the content, with its cell.
    pub plots: Vec<(usize, Rect)>,
}

/// Part of a text section: its rows from `first_row` on (wrapped), in `rect`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextPiece {
    pub section: usize,
    pub first_row: u16,
    pub rect: Rect,
}

/// A text section as it is drawn: wrapped, blanks at the start of rows kept.
pub fn paragraph<'a>(lines: &[Line<'a>]) -> Paragraph<'a> {
    Paragraph::new(lines.to_vec()).wrap(Wrap { trim: false })
}

/// `width` columns on the left of `area`, and the rest.
pub fn split_left(area: Rect, width: u16) -> (Rect, Rect) {
    let width = width.min(area.width);
    let left = Rect { width, ..area };
    let right = Rect {
        x: area.x + width,
        width: area.width - width,
        ..area
    };
    (left, right)
}

/// The pages of `content` in `inner`: always at least one.
pub(super) fn paginate(inner: Rect, content: &Content) -> Vec<Page> {
    let widest = content
        .texts
        .iter()
        .flatten()
        .map(|line| line.width() as u16)
        .max()
        .unwrap_or(0);
    let text_width = (widest + 1).clamp(TEXT_MIN_WIDTH, TEXT_MAX_WIDTH);
    let beside = !content.plots.is_empty()
        && !content.texts.is_empty()
        && inner.width >= text_width + GAP + PLOT_MIN_WIDTH;
    let mut pages = if beside {
        let (texts, plots) = split_left(inner, text_width);
        let plots = Rect {
            x: plots.x + GAP,
            width: plots.width - GAP,
            ..plots
        };
        let texts = flow(texts, content);
        let plots = grid(std::iter::repeat(plots), content.plots.len());
        let count = texts.len().max(plots.len());
        let mut texts = texts.into_iter();
        let mut plots = plots.into_iter();
        (0..count)
            .map(|_| Page {
                texts: texts.next().unwrap_or_default(),
                plots: plots.next().unwrap_or_default(),
            })
            .collect()
    } else {
        let mut pages: Vec<Page> = flow(inner, content)
            .into_iter()
            .map(|texts| Page {
                texts,
                plots: Vec::new(),
            })
            .collect();
        // Plots start below the text's end when a row of them fits there.
        let below_text = pages
            .last()
            .and_then(|page| page.texts.last())
            .map(|piece| {
                let top = piece.rect.bottom() + GAP;
                Rect {
                    y: top,
                    height: inner.bottom().saturating_sub(top),
                    ..inner
                }
            })
            .filter(|rest| rest.height >= PLOT_MIN_HEIGHT);
        let areas = below_text.into_iter().chain(std::iter::repeat(inner));
        let mut plots = grid(areas, content.plots.len()).into_iter();
        if let (Some(_), Some(page)) = (below_text, pages.last_mut()) {
            page.plots = plots.next().unwrap_or_default();
        }
        pages.extend(plots.map(|plots| Page {
            texts: Vec::new(),
            plots,
        }));
        pages
    };
    if pages.is_empty() {
        pages.push(Page::default());
    }
    pages
}

/// The text sections of `content` flowed down columns of `area`, a blank row between two
/// sections; a section that does not fit goes on in the next column. One column per page.
fn flow(area: Rect, content: &Content) -> Vec<Vec<TextPiece>> {
    let mut columns: Vec<Vec<TextPiece>> = Vec::new();
    if area.is_empty() {
        return columns;
    }
    let mut column = Vec::new();
    let mut used = 0;
    for (section, lines) in content.texts.iter().enumerate() {
        let rows = paragraph(lines).line_count(area.width) as u16;
        let mut first_row = 0;
        while first_row < rows {
            let gap = if used > 0 { GAP } else { 0 };
            let room = area.height.saturating_sub(used + gap);
            let left = rows - first_row;
            // A section is not started on the last row of a column when it has more.
            if room == 0 || (used > 0 && first_row == 0 && room < left.min(2)) {
                columns.push(std::mem::take(&mut column));
                used = 0;
                continue;
            }
            let take = left.min(room);
            column.push(TextPiece {
                section,
                first_row,
                rect: Rect::new(area.x, area.y + used + gap, area.width, take),
            });
            used += gap + take;
            first_row += take;
        }
    }
    if !column.is_empty() {
        columns.push(column);
    }
    columns
}

/// `count` plots in cells of a grid in each of `areas` in turn, a page each: one above the
/// other as far as the height allows, then side by side.
fn grid(areas: impl Iterator<Item = Rect>, count: usize) -> Vec<Vec<(usize, Rect)>> {
    let fit = |room: u16, cell: u16| usize::from(((room + GAP) / (cell + GAP)).max(1));
    let mut pages = Vec::new();
    let mut first = 0;
    for area in areas {
        if first == count || area.is_empty() {
            break;
        }
        let most_rows = fit(area.height, PLOT_MIN_HEIGHT);
        let on_page = (most_rows * fit(area.width, PLOT_MIN_WIDTH)).min(count - first);
        let cols = on_page.div_ceil(most_rows.min(on_page));
        // As few rows as those columns need, so that the plots take the whole height.
        let rows = on_page.div_ceil(cols);
        let heights = shares(area.height, rows);
        let widths = shares(area.width, cols);
        pages.push(
            (0..on_page)
                .map(|i| {
                    let (row, col) = (i / cols, i % cols);
                    let y = area.y + heights[..row].iter().map(|h| h + GAP).sum::<u16>();
                    let x = area.x + widths[..col].iter().map(|w| w + GAP).sum::<u16>();
                    (first + i, Rect::new(x, y, widths[col], heights[row]))
                })
                .collect(),
        );
        first += on_page;
    }
    pages
}

/// `room` cut into `parts` nearly equal lengths with a gap between each two.
fn shares(room: u16, parts: usize) -> Vec<u16> {
    let parts = parts.max(1) as u16;
    let free = room.saturating_sub(GAP * (parts - 1));
    (0..parts)
        .map(|i| free / parts + u16::from(i < free % parts))
        .collect()
}
