//! Drawing the records screen from its geometry: the list, the selected table's panel with the
//! page shown, the footer and the reset question.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use super::layout::{entry, first_game, game_row_rect, page_label, question};
use super::pages::paragraph;
use super::{RecordsScreen, input};
use crate::history::digest::Recent;
use crate::records::ScoreTable;
use crate::ui::plots;
use crate::ui::theme::Theme;
use crate::ui::{View, footer, games, keys, panel};

pub fn render(view: &View, screen: &RecordsScreen, area: Rect, buf: &mut Buffer) {
    let theme = view.theme;
    let tables = games::tables(view.store);
    let (content, geometry) = screen.layout(&tables, &games::daily(view.store), area, theme);
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
    footer::render(&geometry.hints, theme, geometry.footer, buf);
    if let (Some(chosen), Some(table)) = (screen.games, selected) {
        let area = geometry.games_area();
        render_games(
            table,
            screen.filter,
            &screen.recent_games(&tables),
            chosen,
            area,
            theme,
            buf,
        );
        Clear.render(geometry.footer, buf);
        let hints = keys::footer(&input::keys(), &screen.mode(false));
        footer::render(&hints, theme, geometry.footer, buf);
    }
    if let (Some((frame, yes, no)), Some(table)) = (geometry.dialog, selected) {
        Clear.render(frame, buf);
        let block = panel(" Reset ", theme).border_style(theme.bad());
        question(&table.title).render(block.inner(frame), buf);
        block.render(frame, buf);
        Span::styled("[ Yes y ]", theme.bad()).render(yes, buf);
        Span::styled("[ No n ]", theme.key()).render(no, buf);
    }
}

/// The list of `table`'s latest games over `area`, the `chosen` one marked and kept in view.
fn render_games(
    table: &ScoreTable,
    filter: Option<&str>,
    games: &[&Recent],
    chosen: usize,
    area: Rect,
    theme: &Theme,
    buf: &mut Buffer,
) {
    Clear.render(area, buf);
    // The longest title that fits between the corners.
    let name = &table.title;
    let titles = match filter {
        Some(tag) => [
            format!(" Latest games: {name}, {tag} "),
            format!(" {name}, {tag} "),
            format!(" Games: {tag} "),
        ],
        None => [
            format!(" Latest games: {name} "),
            format!(" {name} "),
            " Latest games ".to_string(),
        ],
    };
    let room = usize::from(area.width.saturating_sub(2));
    let [.., shortest] = &titles;
    let title = titles
        .iter()
        .find(|title| title.chars().count() <= room)
        .unwrap_or(shortest)
        .clone();
    let block = panel(title, theme);
    let inner = block.inner(area);
    block.render(area, buf);
    if games.is_empty() {
        Paragraph::new("No game of this table is in the history yet.")
            .wrap(Wrap { trim: true })
            .render(inner, buf);
        return;
    }
    // The columns line up over the whole list.
    let widths = (
        games.iter().map(|g| results(g).len()).max().unwrap_or(0),
        games
            .iter()
            .map(|g| g.detail.chars().count())
            .max()
            .unwrap_or(0),
        games.iter().map(|g| code(g).len()).max().unwrap_or(0),
    );
    let first = first_game(inner, chosen);
    for (i, game) in games.iter().enumerate().skip(first) {
        let Some(row) = game_row_rect(inner, first, i) else {
            break;
        };
        let style = if i == chosen {
            theme.selected()
        } else {
            Style::new()
        };
        buf.set_style(row, style);
        Line::from(game_row(game, widths, usize::from(inner.width)))
            .style(style)
            .render(row, buf);
    }
}

/// How a game ended and whether it was helped: `lost, mistake, assisted`.
fn results(recent: &Recent) -> String {
    recent.tags.join(", ")
}

fn code(recent: &Recent) -> &str {
    recent.code.as_deref().unwrap_or("-")
}

/// A game's row in the list: when, how it ended, what its game says of it (its time and 3BV/s,
/// score or opponent), its code and its id, in the longest form that fits in `width` columns,
/// the result and the figure `widths` wide.
fn game_row(recent: &Recent, (rw, fw, cw): (usize, usize, usize), width: usize) -> String {
    let date = recent.start.get(..10).unwrap_or(&recent.start);
    let time = recent.start.get(11..16).unwrap_or("");
    let result = results(recent);
    let figure = &recent.detail;
    let code = code(recent);
    [
        format!(
            " {date} {time}  {result:<rw$}  {figure:>fw$}  {code:<cw$}  {}",
            recent.id
        ),
        format!(" {date} {time}  {result:<rw$}  {figure:>fw$}  {code}"),
        format!(" {date}  {result:<rw$}  {figure:>fw$}  {code}"),
        format!(" {date}  {result:<9}  {figure}"),
        format!(" {date} {result}"),
        format!(" {result}"),
    ]
    .into_iter()
    .find(|row| row.chars().count() <= width)
    .unwrap_or_default()
}
