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
use super::pages::{Page, paginate, split_left};
use crate::ui::footer::{self, Hint};
use crate::ui::keys;

/// The list of tables takes what its longest name needs, from this many columns up to a third of
/// the screen; a name longer than that wraps.
const LIST_MIN_WIDTH: u16 = 24;
/// Below this width the list of tables is left out and the keys switch tables.
const LIST_MIN_TOTAL: u16 = 72;
const DIALOG_WIDTH: u16 = 44;

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

/// The page indicator on the panel's bottom border and its two clickable arrows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrows {
    pub label: Rect,
    pub previous: Rect,
    pub next: Rect,
}

/// A table's name in the list, wrapped as it is drawn.
pub fn entry(title: &str) -> Paragraph<'_> {
    Paragraph::new(title).wrap(Wrap { trim: true })
}

/// The reset question for the table named `title`, wrapped as it is drawn.
pub fn question(title: &str) -> Paragraph<'static> {
    Paragraph::new(vec![
        Line::raw(format!("Reset {title}?")),
        Line::raw(
            "Its records are deleted and its figures start again; the history keeps its games.",
        ),
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
    use crate::ui::records::pages::{PLOT_MIN_HEIGHT, PLOT_MIN_WIDTH};

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
