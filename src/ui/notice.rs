//! The notice line at the bottom: damaged files, bad values, failed saves. The oldest notice is
//! shown until a key or click dismisses it.

use std::collections::VecDeque;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::App;

/// At most this many rows go to a notice; the screen keeps the rest.
const MAX_ROWS: u16 = 3;

fn text(notices: &VecDeque<String>) -> Option<String> {
    let notice = notices.front()?;
    let more = match notices.len() {
        1 => String::new(),
        n => format!(" (1 of {n})"),
    };
    Some(format!("{notice}{more} - press any key"))
}

/// Splits `area` into the screen's part and, when a notice is due, the notice's rows below it.
pub fn split(notices: &VecDeque<String>, area: Rect) -> (Rect, Option<Rect>) {
    let Some(text) = text(notices) else {
        return (area, None);
    };
    let width = area.width.max(1) as usize;
    let rows = (text.chars().count().div_ceil(width) as u16).clamp(1, MAX_ROWS);
    let (screen, notice) = super::split_bottom(area, rows);
    (screen, Some(notice))
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if let Some(text) = text(&app.notices) {
        Paragraph::new(text)
            .style(app.theme.alert())
            .wrap(Wrap { trim: true })
            .render(area, buf);
    }
}
