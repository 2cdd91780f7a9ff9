//! Status lines whose parts stay in place: each part has a slot as wide as the longest text it
//! shows, the slots of a row sit two columns apart and the row is centred as a whole, so a number
//! that changes moves nothing else. A row too narrow for every slot goes on below, between slots
//! (figures of one kind go in a grid instead, lined up in columns); a part wider than the whole
//! row is wrapped between its words. Nothing is cut.

use std::ops::Range;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

/// Columns between two slots.
const GAP: usize = 2;

/// One part of a status line and the slot it keeps.
#[derive(Clone, Debug, PartialEq)]
pub struct Part<'a> {
    spans: Vec<Span<'a>>,
    slot: usize,
}

impl<'a> Part<'a> {
    /// A part in a slot of at least `reserve` columns.
    pub fn new(spans: Vec<Span<'a>>, reserve: usize) -> Part<'a> {
        let width = spans.iter().map(Span::width).sum::<usize>();
        Part {
            spans,
            slot: width.max(reserve),
        }
    }

    /// A part whose slot is just its text.
    pub fn fitted(spans: Vec<Span<'a>>) -> Part<'a> {
        Part::new(spans, 0)
    }

    /// A part of one style.
    pub fn text(text: impl Into<String>, style: Style) -> Part<'a> {
        Part::fitted(vec![Span::styled(text.into(), style)])
    }

    /// An empty part that keeps `reserve` columns.
    pub fn blank(reserve: usize) -> Part<'a> {
        Part::new(Vec::new(), reserve)
    }

    /// A slot kept empty (see [`Part::blank`]).
    pub fn is_blank(&self) -> bool {
        self.spans.is_empty()
    }

    pub fn width(&self) -> usize {
        self.slot
    }
}

/// The parts of each row at `width` columns.
fn rows(parts: &[Part], width: usize) -> Vec<Range<usize>> {
    let mut rows = Vec::new();
    let mut start = 0;
    let mut used = 0;
    for (i, part) in parts.iter().enumerate() {
        if i > start && used + GAP + part.slot > width {
            rows.push(start..i);
            start = i;
            used = 0;
        }
        used += if i > start { GAP } else { 0 } + part.slot;
    }
    if start < parts.len() {
        rows.push(start..parts.len());
    }
    rows
}

/// The lines of `parts` at `width` columns, each of at most `width` columns, and the columns that
/// the slots of each line take (the line is centred by them).
fn lines<'a>(parts: &[Part<'a>], width: usize, grid: bool) -> Vec<(Line<'a>, usize)> {
    // A grid that would take more rows than the parts flowed is not worth them.
    let flowed = rows(parts, width);
    let (rows, columns) = match grid.then(|| grid_rows(parts, width)).flatten() {
        Some((rows, columns)) if rows.len() <= flowed.len() => (rows, Some(columns)),
        _ => (flowed, None),
    };
    let mut lines = Vec::new();
    for range in rows {
        let row = &parts[range.clone()];
        if let [part] = row
            && part.slot > width
        {
            lines.extend(wrap(&part.spans, width).into_iter().map(|line| {
                let used = line.width();
                (line, used)
            }));
            continue;
        }
        let slot = |i: usize| columns.as_ref().map_or(row[i].slot, |widths| widths[i]);
        let mut spans = Vec::new();
        for (i, part) in row.iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw(" ".repeat(GAP)));
            }
            spans.extend(part.spans.iter().cloned());
            let pad = slot(i) - part.spans.iter().map(Span::width).sum::<usize>();
            // The last slot's padding only centres the row; it need not be drawn.
            if pad > 0 && i + 1 < row.len() {
                spans.push(Span::raw(" ".repeat(pad)));
            }
        }
        let used = match &columns {
            Some(widths) => widths.iter().sum::<usize>() + GAP * (widths.len() - 1),
            None => (0..row.len()).map(slot).sum::<usize>() + GAP * (row.len() - 1),
        };
        lines.push((Line::from(spans), used));
    }
    lines
}

/// The rows of a grid of `parts` at `width` columns and the widths of its columns: as many
/// columns as fit, each as wide as its widest slot, the parts in order row by row.
fn grid_rows(parts: &[Part], width: usize) -> Option<(Vec<Range<usize>>, Vec<usize>)> {
    (1..=parts.len()).rev().find_map(|across| {
        let widths: Vec<usize> = (0..across)
            .map(|column| {
                (parts.iter().skip(column).step_by(across))
                    .map(|part| part.slot)
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let rows = (0..parts.len())
            .step_by(across)
            .map(|start| start..(start + across).min(parts.len()))
            .collect();
        (widths.iter().sum::<usize>() + GAP * (across - 1) <= width).then_some((rows, widths))
    })
}

/// Rows that `parts` take at `width` columns.
pub fn height(parts: &[Part], width: u16) -> u16 {
    lines(parts, usize::from(width.max(1)), false).len() as u16
}

/// Rows that `parts` take at `width` columns drawn by [`render_grid`].
pub fn grid_height(parts: &[Part], width: u16) -> u16 {
    lines(parts, usize::from(width.max(1)), true).len() as u16
}

/// Draws `parts` in `area`, each row centred by its slots.
pub fn render(parts: &[Part], area: Rect, buf: &mut Buffer) {
    draw(parts, area, false, buf);
}

/// Draws figures of one kind (a score, a best, a count) in `area` as a grid: as many columns as
/// fit, each as wide as its widest slot (or flowed, where that takes fewer rows), every row
/// starting at one column.
pub fn render_grid(parts: &[Part], area: Rect, buf: &mut Buffer) {
    draw(parts, area, true, buf);
}

fn draw(parts: &[Part], area: Rect, grid: bool, buf: &mut Buffer) {
    let width = usize::from(area.width.max(1));
    let lines = lines(parts, width, grid);
    // Figures start their rows at one column, the block centred by its widest row.
    let widest = lines.iter().map(|(_, used)| *used).max().unwrap_or(0);
    for ((line, used), y) in lines.into_iter().zip(area.rows().map(|r| r.y)) {
        let used = if grid { widest } else { used };
        let x = area.x + (width.saturating_sub(used) / 2) as u16;
        line.render(Rect::new(x, y, area.right() - x, 1), buf);
    }
}

/// Spans broken into lines of at most `width` columns between words; a word longer than a line
/// is broken where the line ends.
pub fn wrap<'a>(spans: &[Span<'a>], width: usize) -> Vec<Line<'a>> {
    let width = width.max(1);
    let mut lines = vec![Vec::<Span<'a>>::new()];
    let mut used = 0;
    for span in spans {
        for (i, word) in span.content.split(' ').enumerate() {
            let space = usize::from(i > 0 || used > 0);
            let word_width = Span::raw(word).width();
            if used > 0 && used + space + word_width > width {
                lines.push(Vec::new());
                used = 0;
            } else if space > 0 && used > 0 {
                lines
                    .last_mut()
                    .unwrap()
                    .push(Span::styled(" ", span.style));
                used += 1;
            }
            let mut rest = word;
            while !rest.is_empty() {
                let mut take = 0;
                let mut taken = 0;
                for (at, c) in rest.char_indices() {
                    let w = Span::raw(&rest[at..at + c.len_utf8()]).width();
                    if taken + w > width - used && taken > 0 {
                        break;
                    }
                    take = at + c.len_utf8();
                    taken += w;
                }
                lines
                    .last_mut()
                    .unwrap()
                    .push(Span::styled(rest[..take].to_string(), span.style));
                used += taken;
                rest = &rest[take..];
                if !rest.is_empty() {
                    lines.push(Vec::new());
                    used = 0;
                }
            }
        }
    }
    lines.into_iter().map(Line::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(parts: &[Part], width: usize) -> Vec<String> {
        lines(parts, width, false)
            .into_iter()
            .map(|(line, _)| line.to_string())
            .collect()
    }

    #[test]
    fn a_slot_keeps_its_width_so_the_parts_after_it_stay_in_place() {
        let parts = |score: &str| {
            vec![
                Part::new(vec![Span::raw(format!("score {score}"))], 11),
                Part::text("moves 3", Style::new()),
            ]
        };
        let (short, long) = (texts(&parts("4"), 40), texts(&parts("1024"), 40));
        assert_eq!(short, ["score 4      moves 3"]);
        assert_eq!(long, ["score 1024   moves 3"]);
        assert_eq!(
            lines(&parts("4"), 40, false)[0].1,
            lines(&parts("1024"), 40, false)[0].1
        );
    }

    #[test]
    fn rows_of_several_parts_line_up_in_columns() {
        let part = |text: &str, slot| Part::new(vec![Span::raw(text.to_string())], slot);
        let parts = [
            part("score 0", 18),
            part("best 20312", 20),
            part("moves 0", 11),
            part("biggest 2", 13),
        ];
        let grid: Vec<String> = (lines(&parts, 40, true).into_iter())
            .map(|(line, _)| line.to_string())
            .collect();
        assert_eq!(
            grid,
            [
                "score 0             best 20312",
                "moves 0             biggest 2"
            ]
        );
        let mut buf = Buffer::empty(Rect::new(0, 0, 44, 2));
        render_grid(&parts, buf.area, &mut buf);
        let starts: Vec<usize> = (0..2)
            .map(|y| (0..44).position(|x| buf[(x, y)].symbol() != " ").unwrap())
            .collect();
        assert_eq!(starts, [2, 2], "the rows start at one column");
    }

    #[test]
    fn narrow_rows_wrap_between_slots_and_long_parts_between_words() {
        let parts = [
            Part::text("12 mines unflagged", Style::new()),
            Part::text("3.4 s", Style::new()),
            Part::text("no cell was provably safe", Style::new()),
        ];
        assert_eq!(
            texts(&parts, 25),
            ["12 mines unflagged  3.4 s", "no cell was provably safe"]
        );
        assert_eq!(
            texts(&parts, 12),
            [
                "12 mines",
                "unflagged",
                "3.4 s",
                "no cell was",
                "provably",
                "safe"
            ]
        );
        assert_eq!(height(&parts, 12), 6);
        for width in 1..30 {
            for (line, _) in lines(&parts, width, false) {
                assert!(line.width() <= width, "{line} at {width}");
            }
        }
    }
}
