//! Keys and clicks to moves on a board of marks; clicks are mapped through the board's layout.

use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::{BoardLayout, MarksAction, MarksScreen, MarksUi};
use crate::ui::{Heading, heading, question};

pub fn action_for<V: MarksUi>(
    event: &Event,
    area: Rect,
    screen: &MarksScreen<V>,
) -> Option<MarksAction> {
    if screen.question.is_some() {
        return question::answer(event).map(MarksAction::Answer);
    }
    match event {
        Event::Key(key) => key_action(key.code, screen),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => screen
            .layout(area)
            .cell_at(Position::new(mouse.column, mouse.row))
            .map(MarksAction::Click),
        _ => None,
    }
}

fn key_action<V: MarksUi>(code: KeyCode, screen: &MarksScreen<V>) -> Option<MarksAction> {
    if let Some(heading) = heading(code) {
        let (rows, cols) = match heading {
            Heading::Up => (-1, 0),
            Heading::Down => (1, 0),
            Heading::Left => (0, -1),
            Heading::Right => (0, 1),
        };
        return Some(MarksAction::Move { rows, cols });
    }
    match code {
        KeyCode::Char(' ') | KeyCode::Enter => Some(MarksAction::Place),
        KeyCode::Char(digit @ '1'..='9') => {
            V::digit_cell(digit, &screen.session).map(MarksAction::PlaceAt)
        }
        KeyCode::Char('u') | KeyCode::Backspace => Some(MarksAction::Undo),
        KeyCode::Char('t') => Some(MarksAction::Hint),
        KeyCode::Char('n') => Some(MarksAction::NewGame),
        KeyCode::Char('r') => Some(MarksAction::Restart),
        KeyCode::Char('c') => Some(MarksAction::ChangeOpponent),
        KeyCode::Char('o') => Some(MarksAction::Setup),
        KeyCode::Esc => Some(MarksAction::Back),
        _ => None,
    }
}
