//! High scores: one table per game and difficulty, read from the records, with a reset that asks
//! first.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::{Constraint, Margin, Position, Rect, Size};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Clear, Paragraph, Row, Table, Widget, Wrap};

use super::footer::{self, Hint};
use super::{Heading, heading, panel};
use crate::app::App;
use crate::records::{Records, ScoreTable};
use crate::screen::Transition;
use crate::store::Store;

#[derive(Clone, Debug, Default)]
pub struct Scores {
    pub selected: usize,
    /// Waiting for the player to confirm a reset of the selected table.
    pub confirming: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ScoresAction {
    Previous,
    Next,
    Select(usize),
    AskReset,
    ConfirmReset,
    CancelReset,
    Back,
}

pub const MIN_SIZE: Size = Size::new(40, 12);

const FOOTER: [Hint; 4] = [
    ("↑↓", "table"),
    ("x", "reset"),
    ("Esc", "back"),
    ("?", "help"),
];
/// The list of tables takes what its longest name needs, from this many columns up to a third of
/// the screen; a name longer than that wraps.
const LIST_MIN_WIDTH: u16 = 24;
/// Below this width the list of tables is left out and arrows switch tables.
const LIST_MIN_TOTAL: u16 = 72;
const DIALOG_WIDTH: u16 = 44;

#[derive(Clone, Debug, PartialEq)]
pub struct ScoresGeometry {
    pub list: Option<Rect>,
    /// The tables whose names are in view in the list, each with the rows its name takes.
    pub entries: Vec<(usize, Rect)>,
    pub table: Rect,
    pub footer: Rect,
    /// The reset question and its two answers, while it is asked.
    pub dialog: Option<(Rect, Rect, Rect)>,
}

/// A table's name in the list, wrapped as it is drawn.
fn entry(title: &str) -> Paragraph<'_> {
    Paragraph::new(title).wrap(Wrap { trim: true })
}

/// The reset question for the table named `title`, wrapped as it is drawn.
fn question(title: &str) -> Paragraph<'static> {
    Paragraph::new(vec![
        Line::raw(format!("Reset {title}?")),
        Line::raw("Its records are deleted."),
    ])
    .centered()
    .wrap(Wrap { trim: true })
}

/// Where everything is, for the tables named `titles` with `selected` chosen.
pub fn geometry(
    area: Rect,
    titles: &[String],
    selected: usize,
    confirming: bool,
) -> ScoresGeometry {
    let (body, footer) = footer::split(area, &FOOTER);
    let longest = titles.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    let list_width =
        (longest as u16 + 2).clamp(LIST_MIN_WIDTH, (body.width / 3).max(LIST_MIN_WIDTH));
    let (list, table) = if body.width >= LIST_MIN_TOTAL {
        let (list, table) = split_left(body, list_width);
        (Some(list), table)
    } else {
        (None, body)
    };
    let entries = list.map_or_else(Vec::new, |list| {
        entries_in_view(list.inner(Margin::new(1, 1)), titles, selected)
    });
    let dialog = confirming.then(|| {
        let title = titles.get(selected).map_or("", String::as_str);
        let width = DIALOG_WIDTH.min(body.width);
        let text_rows = question(title).line_count(width.saturating_sub(2)) as u16;
        let frame = body.centered(Constraint::Length(width), Constraint::Length(text_rows + 4));
        let buttons_y = frame.bottom().saturating_sub(2);
        let middle = frame.x + frame.width / 2;
        let yes = Rect::new(middle.saturating_sub(11), buttons_y, 9, 1).intersection(frame);
        let no = Rect::new(middle + 2, buttons_y, 8, 1).intersection(frame);
        (frame, yes, no)
    });
    ScoresGeometry {
        list,
        entries,
        table,
        footer,
        dialog,
    }
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

impl ScoresGeometry {
    fn entry_at(&self, position: Position) -> Option<usize> {
        self.entries
            .iter()
            .find(|(_, rect)| rect.contains(position))
            .map(|(i, _)| *i)
    }
}

pub fn action_for(
    event: &Event,
    area: Rect,
    scores: &Scores,
    titles: &[String],
) -> Option<ScoresAction> {
    let geometry = || geometry(area, titles, scores.selected, scores.confirming);
    if scores.confirming {
        return match event {
            Event::Key(key) => Some(match key.code {
                KeyCode::Char('y') | KeyCode::Enter => ScoresAction::ConfirmReset,
                _ => ScoresAction::CancelReset,
            }),
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                let (_, yes, _) = geometry().dialog?;
                Some(if yes.contains(Position::new(mouse.column, mouse.row)) {
                    ScoresAction::ConfirmReset
                } else {
                    ScoresAction::CancelReset
                })
            }
            _ => None,
        };
    }
    match event {
        Event::Key(key) => match (heading(key.code), key.code) {
            (Some(Heading::Up | Heading::Left), _) | (_, KeyCode::BackTab) => {
                Some(ScoresAction::Previous)
            }
            (Some(Heading::Down | Heading::Right), _) | (_, KeyCode::Tab) => {
                Some(ScoresAction::Next)
            }
            (None, KeyCode::Char('x') | KeyCode::Delete) => Some(ScoresAction::AskReset),
            (None, KeyCode::Esc) => Some(ScoresAction::Back),
            _ => None,
        },
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollUp => Some(ScoresAction::Previous),
            MouseEventKind::ScrollDown => Some(ScoresAction::Next),
            MouseEventKind::Down(MouseButton::Left) => geometry()
                .entry_at(Position::new(mouse.column, mouse.row))
                .map(ScoresAction::Select),
            _ => None,
        },
        _ => None,
    }
}

impl Scores {
    pub fn update(&mut self, action: ScoresAction, store: &mut Store) -> Transition {
        let tables = store.records().tables();
        let count = tables.len();
        match action {
            ScoresAction::Previous if count > 0 => {
                self.selected = (self.selected + count - 1) % count
            }
            ScoresAction::Next if count > 0 => self.selected = (self.selected + 1) % count,
            ScoresAction::Select(i) if i < count => self.selected = i,
            ScoresAction::AskReset => self.confirming = count > 0,
            ScoresAction::ConfirmReset => {
                self.confirming = false;
                if let Some(table) = tables.into_iter().nth(self.selected) {
                    store.commit([table.reset]);
                    self.clamp_selection(store.records());
                }
            }
            ScoresAction::CancelReset => self.confirming = false,
            ScoresAction::Back => return Transition::Open(crate::screen::ScreenId::Menu),
            ScoresAction::Previous | ScoresAction::Next | ScoresAction::Select(_) => {}
        }
        Transition::Stay
    }

    /// Keeps the selection on an existing table after records changed.
    pub fn clamp_selection(&mut self, records: &Records) {
        self.selected = self.selected.min(records.tables().len().saturating_sub(1));
    }
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = &app.theme;
    let tables = app.store.records().tables();
    let titles = titles(&tables);
    let geometry = geometry(area, &titles, app.scores.selected, app.scores.confirming);
    let selected = tables.get(app.scores.selected);
    if let Some(list) = geometry.list {
        panel(" High scores ", theme).render(list, buf);
        for (i, rect) in &geometry.entries {
            let style = if *i == app.scores.selected {
                theme.selected()
            } else {
                Style::new()
            };
            entry(&titles[*i]).style(style).render(*rect, buf);
        }
    }
    match selected {
        Some(table) => render_table(app, table, geometry.table, buf),
        None => Paragraph::new("No records yet: finish a game and its results show here.")
            .wrap(Wrap { trim: true })
            .block(panel(" High scores ", theme))
            .render(geometry.table, buf),
    }
    footer::render(&FOOTER, theme, geometry.footer, buf);
    if let (Some((frame, yes, no)), Some(table)) = (geometry.dialog, selected) {
        Clear.render(frame, buf);
        let block = panel(" Reset ", theme).border_style(theme.bad());
        question(&table.title).render(block.inner(frame), buf);
        block.render(frame, buf);
        Span::styled("[ Yes y ]", theme.bad()).render(yes, buf);
        Span::styled("[ No n ]", theme.key()).render(no, buf);
    }
}

/// The names of the tables, in order.
pub fn titles(tables: &[ScoreTable]) -> Vec<String> {
    tables.iter().map(|t| t.title.clone()).collect()
}

fn render_table(app: &App, table: &ScoreTable, area: Rect, buf: &mut Buffer) {
    let theme = &app.theme;
    let block = panel(format!(" {} ", table.title), theme);
    let inner = block.inner(area);
    block.render(area, buf);
    let facts: Vec<Line> = table
        .facts
        .iter()
        .map(|(label, value)| {
            Line::from(vec![
                Span::styled(format!("{label:>16} "), theme.dim()),
                Span::raw(value.clone()),
            ])
        })
        .collect();
    let facts = Paragraph::new(facts).wrap(Wrap { trim: false });
    let facts_height = (facts.line_count(inner.width) as u16).min(inner.height);
    facts.render(
        Rect {
            height: facts_height,
            ..inner
        },
        buf,
    );
    let rows_area = Rect {
        y: inner.y + facts_height + u16::from(facts_height > 0),
        height: inner
            .height
            .saturating_sub(facts_height + u16::from(facts_height > 0)),
        ..inner
    };
    if table.rows.is_empty() {
        Line::styled("  nothing ranked yet", theme.dim()).render(rows_area, buf);
        return;
    }
    let widths: Vec<Constraint> = table
        .header
        .iter()
        .enumerate()
        .map(|(col, name)| {
            let widest = table.rows.iter().map(|r| r[col].len()).max().unwrap_or(0);
            Constraint::Length(widest.max(name.len()) as u16)
        })
        .collect();
    Table::new(
        table
            .rows
            .iter()
            .map(|r| Row::new(r.iter().map(|c| Cell::from(c.as_str())))),
        widths,
    )
    .header(Row::new(table.header.iter().copied()).style(theme.heading()))
    .column_spacing(2)
    .render(rows_area, buf);
}
