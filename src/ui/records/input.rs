//! Keys and the mouse on the records screen. Up and down choose the table, left and right the
//! page; clicks land on what the geometry says is drawn there.

use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::{RecordsAction, RecordsScreen};
use crate::records::ScoreTable;
use crate::records::daily::Daily;
use crate::ui::theme::Theme;
use crate::ui::{Heading, heading};

pub fn action_for(
    event: &Event,
    area: Rect,
    screen: &RecordsScreen,
    tables: &[ScoreTable],
    daily: &Daily,
    theme: &Theme,
) -> Option<RecordsAction> {
    let clicked = |column, row| {
        let (_, geometry) = screen.layout(tables, daily, area, theme);
        (geometry, Position::new(column, row))
    };
    if screen.games.is_some() {
        let Event::Key(key) = event else {
            return None;
        };
        return match (heading(key.code), key.code) {
            (Some(Heading::Up), _) => Some(RecordsAction::MoveInGames(-1)),
            (Some(Heading::Down), _) => Some(RecordsAction::MoveInGames(1)),
            (Some(_), _) => None,
            (None, KeyCode::PageUp) => Some(RecordsAction::MoveInGames(-10)),
            (None, KeyCode::PageDown) => Some(RecordsAction::MoveInGames(10)),
            (None, KeyCode::Enter) => Some(RecordsAction::Watch),
            (None, KeyCode::Char('f')) => Some(RecordsAction::NextFilter),
            (None, KeyCode::Esc) => Some(RecordsAction::CloseGames),
            _ => None,
        };
    }
    if screen.confirming {
        return match event {
            Event::Key(key) => Some(match key.code {
                KeyCode::Char('y') | KeyCode::Enter => RecordsAction::ConfirmReset,
                _ => RecordsAction::CancelReset,
            }),
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                let (geometry, at) = clicked(mouse.column, mouse.row);
                let (_, yes, _) = geometry.dialog?;
                Some(if yes.contains(at) {
                    RecordsAction::ConfirmReset
                } else {
                    RecordsAction::CancelReset
                })
            }
            _ => None,
        };
    }
    match event {
        Event::Key(key) => match (heading(key.code), key.code) {
            (Some(Heading::Up), _) | (_, KeyCode::BackTab) => Some(RecordsAction::PreviousTable),
            (Some(Heading::Down), _) | (_, KeyCode::Tab) => Some(RecordsAction::NextTable),
            (Some(Heading::Left), _) | (_, KeyCode::PageUp) => Some(RecordsAction::PreviousPage),
            (Some(Heading::Right), _) | (_, KeyCode::PageDown) => Some(RecordsAction::NextPage),
            (None, KeyCode::Char('x') | KeyCode::Delete) => Some(RecordsAction::AskReset),
            (None, KeyCode::Enter) => Some(RecordsAction::ShowGames),
            (None, KeyCode::Esc) => Some(RecordsAction::Back),
            _ => None,
        },
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollUp => Some(RecordsAction::PreviousTable),
            MouseEventKind::ScrollDown => Some(RecordsAction::NextTable),
            MouseEventKind::Down(MouseButton::Left) => {
                let (geometry, at) = clicked(mouse.column, mouse.row);
                let arrow = geometry.arrows.and_then(|arrows| {
                    if arrows.previous.contains(at) {
                        Some(RecordsAction::PreviousPage)
                    } else if arrows.next.contains(at) {
                        Some(RecordsAction::NextPage)
                    } else {
                        None
                    }
                });
                arrow.or_else(|| geometry.entry_at(at).map(RecordsAction::Select))
            }
            _ => None,
        },
        _ => None,
    }
}
