//! The notice at the bottom: damaged files, bad values, failed saves. The oldest notice is shown,
//! whole, until a key or click dismisses it.

use std::collections::VecDeque;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::theme::Theme;

/// The oldest notice, wrapped as it is drawn; `read` notices of the same run were dismissed
/// before it.
fn paragraph(notices: &VecDeque<String>, read: usize, style: Style) -> Option<Paragraph<'static>> {
    let notice = notices.front()?;
    let more = match read + notices.len() {
        1 => String::new(),
        n => format!(" ({} of {n})", read + 1),
    };
    Some(
        Paragraph::new(format!("{notice}{more} - press any key"))
            .style(style)
            .wrap(Wrap { trim: true }),
    )
}

/// Splits `area` into the screen's part and, when a notice is due, the rows it needs below it
/// (the whole area, if that is what it takes to show it whole).
pub fn split(notices: &VecDeque<String>, read: usize, area: Rect) -> (Rect, Option<Rect>) {
    let Some(paragraph) = paragraph(notices, read, Style::new()) else {
        return (area, None);
    };
    let rows = paragraph.line_count(area.width).max(1);
    let (screen, notice) = super::split_bottom(area, u16::try_from(rows).unwrap_or(u16::MAX));
    (screen, Some(notice))
}

pub fn render(
    notices: &VecDeque<String>,
    read: usize,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    if let Some(paragraph) = paragraph(notices, read, theme.alert()) {
        paragraph.render(area, buf);
    }
}
