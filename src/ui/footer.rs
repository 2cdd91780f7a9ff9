//! The footer: the keys a screen needs, wrapped over as many rows as the terminal's width asks,
//! so that no hint is ever cut. Screens lay out their footer and draw it from the same list.

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::split_bottom;
use super::theme::Theme;

/// A key and what it does, as a key table names them (see `keys`). Arrow keys are written as
/// arrows ("←↑↓→", "↑↓", "Shift-←→"); the ASCII theme draws each as one character ("<^v>"), as
/// wide, so a footer's rows never depend on the theme.
pub type Hint = (Cow<'static, str>, &'static str);

/// The key a hint shows in the theme's characters.
fn key_text(key: &str, theme: &Theme) -> String {
    if !theme.ascii {
        return key.to_string();
    }
    key.chars()
        .map(|c| match c {
            '←' => '<',
            '↑' => '^',
            '↓' => 'v',
            '→' => '>',
            other => other,
        })
        .collect()
}

fn width(hint: &Hint) -> usize {
    hint.0.chars().count() + 1 + hint.1.chars().count()
}

/// The hints row by row at `width`: in order, two spaces apart, as many to a row as fit (a hint
/// wider than a row gets a row of its own).
fn rows(hints: &[Hint], width_available: u16) -> Vec<&[Hint]> {
    let available = usize::from(width_available.max(1));
    let mut rows = Vec::new();
    let (mut start, mut used) = (0, 0);
    for (i, hint) in hints.iter().enumerate() {
        let needed = if i == start {
            width(hint)
        } else {
            used + 2 + width(hint)
        };
        if i > start && needed > available {
            rows.push(&hints[start..i]);
            start = i;
            used = width(hint);
        } else {
            used = needed;
        }
    }
    if start < hints.len() {
        rows.push(&hints[start..]);
    }
    rows
}

/// The rows the footer of `hints` takes at `width` columns.
pub fn height(hints: &[Hint], width: u16) -> u16 {
    rows(hints, width).len().max(1) as u16
}

/// The rows the footer of `hints` takes at the bottom of `area`, and the rest above them.
pub fn split(area: Rect, hints: &[Hint]) -> (Rect, Rect) {
    split_bottom(area, height(hints, area.width))
}

/// Draws `hints` in `area`, each row centred, keys in the key style.
pub fn render(hints: &[Hint], theme: &Theme, area: Rect, buf: &mut Buffer) {
    for (row, hints) in rows(hints, area.width).into_iter().enumerate() {
        let Some(y) = area
            .y
            .checked_add(row as u16)
            .filter(|y| *y < area.bottom())
        else {
            break;
        };
        line(hints, theme).centered().render(
            Rect {
                y,
                height: 1,
                ..area
            },
            buf,
        );
    }
}

/// Hints on one line, two spaces apart: keys in the key style, then what they do.
pub fn line(hints: &[Hint], theme: &Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for (key, what) in hints {
        if !spans.is_empty() {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(key_text(key, theme), theme.key()));
        spans.push(Span::raw(format!(" {what}")));
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HINTS: [Hint; 4] = [
        (Cow::Borrowed("←↑↓→"), "move"),
        (Cow::Borrowed("Space"), "reveal"),
        (Cow::Borrowed("f"), "flag"),
        (Cow::Borrowed("?"), "help"),
    ];

    #[test]
    fn hints_wrap_whole_and_in_order() {
        // "←↑↓→ move  Space reveal  f flag  ? help" is 39 columns.
        assert_eq!(rows(&HINTS, 39), vec![&HINTS[..]]);
        assert_eq!(rows(&HINTS, 38), vec![&HINTS[..3], &HINTS[3..]]);
        assert_eq!(
            rows(&HINTS, 15),
            vec![&HINTS[..1], &HINTS[1..2], &HINTS[2..]]
        );
        assert_eq!(
            rows(&HINTS, 1).len(),
            4,
            "a hint wider than the row has its own"
        );
        let (body, footer) = split(Rect::new(0, 0, 24, 10), &HINTS);
        assert_eq!((body.height, footer.y, footer.height), (8, 8, 2));
    }

    #[test]
    fn ascii_arrows_are_as_wide_as_the_unicode_ones() {
        let ascii = Theme {
            ascii: true,
            ..Theme::mono()
        };
        let mut buf = Buffer::empty(Rect::new(0, 0, 39, 1));
        render(&HINTS, &ascii, buf.area, &mut buf);
        let text: String = buf.content.iter().map(|c| c.symbol()).collect();
        assert_eq!(text, "<^v> move  Space reveal  f flag  ? help");
    }
}
