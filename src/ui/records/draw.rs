//! Drawing the records screen from its geometry: the list, the selected table's panel with the
//! page shown, the footer and the reset question.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use super::layout::{entry, page_label, paragraph, question};
use super::plots;
use crate::app::App;
use crate::ui::{footer, panel};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = &app.theme;
    let screen = &app.records;
    let tables = app.store.records().tables();
    let (content, geometry) = screen.layout(&tables, &app.store.records().daily, area, theme);
    let selected = tables.get(screen.selected);
    if let Some(list) = geometry.list {
        panel(" Records ", theme).render(list, buf);
        for (i, rect) in &geometry.entries {
            let style = if *i == screen.selected {
                theme.selected()
            } else {
                Style::new()
            };
            entry(&tables[*i].title).style(style).render(*rect, buf);
        }
    }
    match selected {
        Some(table) => panel(format!(" {} ", table.title), theme).render(geometry.panel, buf),
        None => Paragraph::new("No records yet: finish a game and its results show here.")
            .wrap(Wrap { trim: true })
            .block(panel(" Records ", theme))
            .render(geometry.panel, buf),
    }
    for piece in &geometry.page.texts {
        paragraph(&content.texts[piece.section])
            .scroll((piece.first_row, 0))
            .render(piece.rect, buf);
    }
    for (plot, cell) in &geometry.page.plots {
        plots::render(&content.plots[*plot], *cell, theme, buf);
    }
    if let Some(arrows) = geometry.arrows {
        Line::styled(
            page_label(geometry.shown, geometry.pages, theme.ascii),
            theme.key(),
        )
        .render(arrows.label, buf);
    }
    footer::render(geometry.hints, theme, geometry.footer, buf);
    if let (Some((frame, yes, no)), Some(table)) = (geometry.dialog, selected) {
        Clear.render(frame, buf);
        let block = panel(" Reset ", theme).border_style(theme.bad());
        question(&table.title).render(block.inner(frame), buf);
        block.render(frame, buf);
        Span::styled("[ Yes y ]", theme.bad()).render(yes, buf);
        Span::styled("[ No n ]", theme.key()).render(no, buf);
    }
}
