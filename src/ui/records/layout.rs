//! Where everything on the records screen is, for drawing and for the mouse alike: the list of
//! tables, the selected table's panel, and the pages its text and plots are laid out on.
//!
//! The text (records, the luck of the losses, notes) flows down a column and on to the next page
//! when it is taller than the panel; plots take cells of a grid beside it, or pages of their own
//! when the panel is too narrow for both. The pages are what the arrows and ←→ go through.

use ratatui::layout::{Constraint, Margin, Position, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use super::content::Content;
use super::input::{Mode, keys};
use crate::ui::footer::{self, Hint};
use crate::ui::keys;

/// The list of tables takes what its longest name needs, from this many columns up to a third of
/// the screen; a name longer than that wraps.
const LIST_MIN_WIDTH: u16 = 24;
/// Below this width the list of tables is left out and the keys switch tables.
const LIST_MIN_TOTAL: u16 = 72;
const DIALOG_WIDTH: u16 = 44;
/// The text column beside plots: as wide as its widest line within these bounds.
const TEXT_MIN_WIDTH: u16 = 30;
const TEXT_MAX_WIDTH: u16 = 48;
/// The smallest cell a plot is drawn in: its title, its legend and a few rows of plot.
pub const PLOT_MIN_WIDTH: u16 = 30;
pub const PLOT_MIN_HEIGHT: u16 = 8;
/// Blank columns or rows between the parts of a page.
const GAP: u16 = 1;

#[derive(Clone, Debug, PartialEq)]
pub struct RecordsGeometry {
    pub list: Option<Rect>,
    /// The tables whose names are in view in the list, each with the rows its name takes.
    pub entries: Vec<(usize, Rect)>,
    /// The selected table's panel, borders included.
    pub panel: Rect,
    pub pages: usize,
    /// The page shown, from 0: the one asked for, or the last if there are fewer now.
    pub shown: usize,
    pub page: Page,
    /// The page arrows on the panel's border, while there is more than one page and room for
    /// them.
    pub arrows: Option<Arrows>,
    pub hints: Vec<Hint>,
    pub footer: Rect,
    /// The reset question and its two answers, while it is asked.
    pub dialog: Option<(Rect, Rect, Rect)>,
}

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

/// The page indicator on the panel's bottom border and its two clickable arrows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrows {
    pub label: Rect,
    pub previous: Rect,
    pub next: Rect,
}

/// A text section as it is drawn: wrapped, blanks at the start of rows kept.
pub fn paragraph<'a>(lines: &[Line<'a>]) -> Paragraph<'a> {
    Paragraph::new(lines.to_vec()).wrap(Wrap { trim: false })
}

/// A table's name in the list, wrapped as it is drawn.
pub fn entry(title: &str) -> Paragraph<'_> {
    Paragraph::new(title).wrap(Wrap { trim: true })
}

/// The reset question for the table named `title`, wrapped as it is drawn.
pub fn question(title: &str) -> Paragraph<'static> {
    Paragraph::new(vec![
        Line::raw(format!("Reset {title}?")),
        Line::raw("Its records are deleted; the history keeps its games."),
    ])
    .centered()
    .wrap(Wrap { trim: true })
}

/// The page indicator: `◂ 2/3 ▸` (`<` and `>` in ASCII, as wide).
pub fn page_label(shown: usize, pages: usize, ascii: bool) -> String {
    let (previous, next) = if ascii { ("<", ">") } else { ("◂", "▸") };
    format!(" {previous} {}/{pages} {next} ", shown + 1)
}

/// Where everything is, for the tables named `titles` with `selected` chosen, page `page` asked
/// for, and the selected table's `content`.
pub fn geometry(
    area: Rect,
    titles: &[String],
    selected: usize,
    confirming: bool,
    page: usize,
    content: &Content,
) -> RecordsGeometry {
    // The footer names the page keys only when there are pages; with them it may take another
    // row, which never leaves fewer pages than without.
    let hints = |paged| {
        let mode = Mode {
            confirming,
            paged,
            games: false,
        };
        keys::footer(&keys(), &mode)
    };
    let mut geometry = layout(area, titles, selected, page, content, hints(false));
    if geometry.pages > 1 {
        geometry = layout(area, titles, selected, page, content, hints(true));
    }
    geometry.dialog = confirming.then(|| {
        let title = titles.get(selected).map_or("", String::as_str);
        let body = Rect {
            height: geometry.footer.y.saturating_sub(area.y),
            ..area
        };
        let width = DIALOG_WIDTH.min(body.width);
        let text_rows = question(title).line_count(width.saturating_sub(2)) as u16;
        let frame = body.centered(Constraint::Length(width), Constraint::Length(text_rows + 4));
        let buttons_y = frame.bottom().saturating_sub(2);
        let middle = frame.x + frame.width / 2;
        let yes = Rect::new(middle.saturating_sub(11), buttons_y, 9, 1).intersection(frame);
        let no = Rect::new(middle + 2, buttons_y, 8, 1).intersection(frame);
        (frame, yes, no)
    });
    geometry
}

fn layout(
    area: Rect,
    titles: &[String],
    selected: usize,
    page: usize,
    content: &Content,
    hints: Vec<Hint>,
) -> RecordsGeometry {
    let (body, footer) = footer::split(area, &hints);
    let longest = titles.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    let list_width =
        (longest as u16 + 2).clamp(LIST_MIN_WIDTH, (body.width / 3).max(LIST_MIN_WIDTH));
    let (list, panel) = if body.width >= LIST_MIN_TOTAL {
        let (list, panel) = split_left(body, list_width);
        (Some(list), panel)
    } else {
        (None, body)
    };
    let entries = list.map_or_else(Vec::new, |list| {
        entries_in_view(list.inner(Margin::new(1, 1)), titles, selected)
    });
    let mut pages = paginate(panel.inner(Margin::new(1, 1)), content);
    let count = pages.len();
    let shown = page.min(count - 1);
    RecordsGeometry {
        list,
        entries,
        panel,
        pages: count,
        shown,
        page: pages.swap_remove(shown),
        arrows: (count > 1)
            .then(|| arrows(panel, page_label(shown, count, false)))
            .flatten(),
        hints,
        footer,
        dialog: None,
    }
}

impl RecordsGeometry {
    /// Where the list of a table's latest games is drawn, over the list of tables and the panel.
    pub fn games_area(&self) -> Rect {
        self.list.map_or(self.panel, |list| list.union(self.panel))
    }

    /// The game of the list of `count` (the `chosen` one kept in view) drawn at `at`.
    pub fn game_at(&self, count: usize, chosen: usize, at: Position) -> Option<usize> {
        let inner = self.games_area().inner(Margin::new(1, 1));
        let first = first_game(inner, chosen);
        (first..count).find(|&i| game_row_rect(inner, first, i).is_some_and(|r| r.contains(at)))
    }
}

/// The first game shown in the list's `inner` area: the `chosen` one is on its last row at most.
pub fn first_game(inner: Rect, chosen: usize) -> usize {
    chosen.saturating_sub(usize::from(inner.height).max(1) - 1)
}

/// The row of game `i` in the list's `inner` area shown from game `first`, if it is in view.
pub fn game_row_rect(inner: Rect, first: usize, i: usize) -> Option<Rect> {
    let at = u16::try_from(i.checked_sub(first)?).ok()?;
    (at < inner.height).then(|| Rect::new(inner.x, inner.y + at, inner.width, 1))
}

/// `width` columns on the left of `area`, and the rest.
fn split_left(area: Rect, width: u16) -> (Rect, Rect) {
    let width = width.min(area.width);
    let left = Rect { width, ..area };
    let right = Rect {
        x: area.x + width,
        width: area.width - width,
        ..area
    };
    (left, right)
}

/// The names that fit in `inner`, scrolled just enough to show the selected one whole.
fn entries_in_view(inner: Rect, titles: &[String], selected: usize) -> Vec<(usize, Rect)> {
    let heights: Vec<u16> = titles
        .iter()
        .map(|t| entry(t).line_count(inner.width).max(1) as u16)
        .collect();
    let mut first = 0;
    while first < selected
        && heights[first..=selected.min(titles.len().saturating_sub(1))]
            .iter()
            .sum::<u16>()
            > inner.height
    {
        first += 1;
    }
    let mut y = inner.y;
    let mut shown = Vec::new();
    for (i, height) in heights.iter().enumerate().skip(first) {
        if y + height > inner.bottom() {
            break;
        }
        shown.push((i, Rect::new(inner.x, y, inner.width, *height)));
        y += height;
    }
    shown
}

/// The indicator at the right of the panel's bottom border, if the border has room for it.
fn arrows(panel: Rect, label: String) -> Option<Arrows> {
    let width = label.chars().count() as u16;
    if panel.height < 2 || panel.width < width + 4 {
        return None;
    }
    let label = Rect::new(panel.right() - 2 - width, panel.bottom() - 1, width, 1);
    // " ◂ " and " ▸ ": the arrow with a blank on each side, an easier target.
    Some(Arrows {
        label,
        previous: Rect::new(label.x, label.y, 3, 1),
        next: Rect::new(label.right() - 3, label.y, 3, 1),
    })
}

/// The pages of `content` in `inner`: always at least one.
fn paginate(inner: Rect, content: &Content) -> Vec<Page> {
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
        let rows = most_rows.min(on_page);
        let cols = on_page.div_ceil(rows);
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

impl RecordsGeometry {
    pub fn entry_at(&self, position: Position) -> Option<usize> {
        self.entries
            .iter()
            .find(|(_, rect)| rect.contains(position))
            .map(|(i, _)| *i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::plots::Plot;

    fn content(text_rows: &[usize], plots: usize) -> Content<'static> {
        Content {
            texts: text_rows
                .iter()
                .map(|rows| (0..*rows).map(|i| Line::raw(format!("line {i}"))).collect())
                .collect(),
            plots: (0..plots)
                .map(|_| Plot::Latest {
                    title: "",
                    unit: "",
                    values: &[],
                })
                .collect(),
        }
    }

    fn text_rows(page: &Page) -> u16 {
        page.texts.iter().map(|t| t.rect.height).sum()
    }

    #[test]
    fn text_flows_on_to_the_next_page_and_every_row_is_shown_once() {
        let pages = paginate(Rect::new(0, 0, 40, 10), &content(&[6, 7], 0));
        assert_eq!(pages.len(), 2);
        // 6 rows, a blank, 3 rows of the second section; then its last 4.
        assert_eq!(text_rows(&pages[0]), 9);
        assert_eq!(pages[1].texts[0].first_row, 3);
        assert_eq!(pages[1].texts[0].rect, Rect::new(0, 0, 40, 4));
    }

    #[test]
    fn plots_sit_beside_the_text_when_there_is_room_or_get_pages_of_their_own() {
        let wide = paginate(Rect::new(0, 0, 148, 55), &content(&[9, 4], 4));
        assert_eq!(wide.len(), 1, "everything on one page");
        let cells: Vec<Rect> = wide[0].plots.iter().map(|(_, r)| *r).collect();
        assert_eq!(cells.len(), 4);
        assert!(
            cells
                .iter()
                .all(|c| c.x > 30 && c.height >= PLOT_MIN_HEIGHT)
        );
        assert!(cells.windows(2).all(|w| w[1].y > w[0].bottom()), "stacked");

        let narrow = paginate(Rect::new(0, 0, 52, 21), &content(&[9, 4], 4));
        assert!(narrow[0].plots.is_empty() && !narrow[0].texts.is_empty());
        let plotted: Vec<usize> = narrow
            .iter()
            .flat_map(|p| p.plots.iter().map(|(i, _)| *i))
            .collect();
        assert_eq!(plotted, vec![0, 1, 2, 3], "each plot once, in order");
        for page in &narrow {
            for (_, cell) in &page.plots {
                assert!(cell.height >= PLOT_MIN_HEIGHT && cell.width >= PLOT_MIN_WIDTH);
            }
        }

        // Below a short text, the first plots take the rest of its page.
        let short = paginate(Rect::new(0, 0, 52, 21), &content(&[3], 3));
        assert_eq!(short.len(), 2);
        assert_eq!(short[0].plots.len(), 2);
        assert!(short[0].plots.iter().all(|(_, cell)| cell.y >= 4));
        assert_eq!(short[1].plots[0].0, 2);
    }

    #[test]
    fn the_arrows_sit_on_the_border_and_pages_are_clamped() {
        let area = Rect::new(0, 0, 80, 24);
        let titles = vec!["Minesweeper Beginner".to_string()];
        let geometry = geometry(area, &titles, 0, false, 99, &content(&[9, 4], 4));
        assert!(geometry.pages > 1);
        assert_eq!(geometry.shown, geometry.pages - 1);
        assert!(geometry.hints.iter().any(|(_, does)| *does == "page"));
        let arrows = geometry.arrows.unwrap();
        assert_eq!(arrows.label.y, geometry.panel.bottom() - 1);
        assert!(arrows.previous.x < arrows.next.x);
        let single = super::geometry(area, &titles, 0, false, 0, &content(&[3], 0));
        assert_eq!((single.pages, single.arrows), (1, None));
        assert!(single.hints.iter().all(|(_, does)| *does != "page"));
    }

    #[test]
    fn nothing_is_laid_out_outside_the_screen_at_any_size() {
        let titles = vec!["Minesweeper Custom 120x250, 2999 mines with hints".to_string()];
        for width in 0..90 {
            for height in 0..30 {
                let area = Rect::new(0, 0, width, height);
                let g = geometry(area, &titles, 0, true, 1, &content(&[12, 5], 4));
                let pieces = g.page.texts.iter().map(|t| t.rect);
                for cell in g.page.plots.iter().map(|(_, r)| *r).chain(pieces) {
                    assert_eq!(cell.intersection(area), cell, "{area:?}");
                }
            }
        }
    }
}
