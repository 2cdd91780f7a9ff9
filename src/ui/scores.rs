//! High scores: one table per game and difficulty, read from the records, with a reset that asks
//! first.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::{Constraint, Position, Rect, Size};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Clear, Paragraph, Row, Table, Widget, Wrap};

use super::{panel, render_footer, split_footer, up_down};
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
const LIST_WIDTH: u16 = 30;
/// Below this width the list of tables is left out and arrows switch tables.
const LIST_MIN_TOTAL: u16 = 72;

#[derive(Clone, Debug, PartialEq)]
pub struct ScoresGeometry {
    pub list: Option<Rect>,
    pub table: Rect,
    pub footer: Rect,
    /// The reset question and its two answers, while it is asked.
    pub dialog: Option<(Rect, Rect, Rect)>,
}

pub fn geometry(area: Rect, confirming: bool) -> ScoresGeometry {
    let (body, footer) = split_footer(area);
    let (list, table) = if body.width >= LIST_MIN_TOTAL {
        let list = Rect {
            width: LIST_WIDTH,
            ..body
        };
        let table = Rect {
            x: body.x + LIST_WIDTH,
            width: body.width - LIST_WIDTH,
            ..body
        };
        (Some(list), table)
    } else {
        (None, body)
    };
    let dialog = confirming.then(|| {
        let frame = body.centered(
            Constraint::Length(36.min(body.width)),
            Constraint::Length(5),
        );
        let buttons_y = frame.y + 3;
        let yes = Rect::new(frame.x + 6, buttons_y, 9, 1).intersection(frame);
        let no = Rect::new(frame.x + 21, buttons_y, 8, 1).intersection(frame);
        (frame, yes, no)
    });
    ScoresGeometry {
        list,
        table,
        footer,
        dialog,
    }
}

impl ScoresGeometry {
    fn entry_at(&self, position: Position) -> Option<usize> {
        let list = self.list?.inner(ratatui::layout::Margin::new(1, 1));
        list.contains(position)
            .then(|| (position.y - list.y) as usize)
    }
}

pub fn action_for(event: &Event, area: Rect, scores: &Scores) -> Option<ScoresAction> {
    if scores.confirming {
        return match event {
            Event::Key(key) => Some(match key.code {
                KeyCode::Char('y') | KeyCode::Enter => ScoresAction::ConfirmReset,
                _ => ScoresAction::CancelReset,
            }),
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                let (_, yes, _) = geometry(area, true).dialog?;
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
        Event::Key(key) => match key.code {
            KeyCode::Up
            | KeyCode::Left
            | KeyCode::Char('k')
            | KeyCode::Char('h')
            | KeyCode::BackTab => Some(ScoresAction::Previous),
            KeyCode::Down
            | KeyCode::Right
            | KeyCode::Char('j')
            | KeyCode::Char('l')
            | KeyCode::Tab => Some(ScoresAction::Next),
            KeyCode::Char('x') | KeyCode::Delete => Some(ScoresAction::AskReset),
            KeyCode::Esc => Some(ScoresAction::Back),
            _ => None,
        },
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollUp => Some(ScoresAction::Previous),
            MouseEventKind::ScrollDown => Some(ScoresAction::Next),
            MouseEventKind::Down(MouseButton::Left) => geometry(area, false)
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
    let geometry = geometry(area, app.scores.confirming);
    let tables = app.store.records().tables();
    let selected = tables.get(app.scores.selected);
    if let Some(list) = geometry.list {
        let lines: Vec<Line> = tables
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let style = if i == app.scores.selected {
                    theme.selected()
                } else {
                    Style::new()
                };
                Line::styled(t.title.clone(), style)
            })
            .collect();
        Paragraph::new(lines)
            .block(panel(" High scores ", theme))
            .render(list, buf);
    }
    match selected {
        Some(table) => render_table(app, table, geometry.table, buf),
        None => Paragraph::new("No records yet: finish a game and its results show here.")
            .wrap(Wrap { trim: true })
            .block(panel(" High scores ", theme))
            .render(geometry.table, buf),
    }
    render_footer(
        &[
            (up_down(theme), "table"),
            ("x", "reset"),
            ("Esc", "back"),
            ("?", "help"),
        ],
        theme,
        geometry.footer,
        buf,
    );
    if let (Some((frame, yes, no)), Some(table)) = (geometry.dialog, selected) {
        Clear.render(frame, buf);
        Paragraph::new(vec![
            Line::raw(format!("Reset {}?", table.title)),
            Line::raw("Its records are deleted."),
        ])
        .centered()
        .block(panel(" Reset ", theme).border_style(theme.bad()))
        .render(frame, buf);
        Span::styled("[ Yes y ]", theme.bad()).render(yes, buf);
        Span::styled("[ No n ]", theme.key()).render(no, buf);
    }
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
    let facts_height = (facts.len() as u16).min(inner.height);
    Paragraph::new(facts).render(
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
