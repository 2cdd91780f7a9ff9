//! Keys and mouse events to Minesweeper moves; the mouse is mapped through the board's layout.

use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::{Button, MinesAction, MinesweeperScreen, Pointer};
use crate::ui::{Heading, heading, question};

pub fn action_for(event: &Event, area: Rect, screen: &MinesweeperScreen) -> Option<MinesAction> {
    // While the computer plays, any key or click stops it.
    if screen.session.autoplaying() {
        return match event {
            Event::Key(_) => Some(MinesAction::Autoplay),
            Event::Mouse(mouse) if matches!(mouse.kind, MouseEventKind::Down(_)) => {
                Some(MinesAction::Autoplay)
            }
            _ => None,
        };
    }
    if screen.question.is_some() {
        return question::answer(event).map(MinesAction::Answer);
    }
    match event {
        // A daily game that ended shares its day.
        Event::Key(key)
            if key.code == KeyCode::Char('y')
                && screen.session.daily.is_some()
                && screen.session.game.status().is_over() =>
        {
            Some(MinesAction::Share)
        }
        Event::Key(key) => key_action(key.code),
        Event::Mouse(mouse) => {
            let layout = screen.layout(area);
            let cell = layout.cell_at(Position::new(mouse.column, mouse.row));
            let pointer = match mouse.kind {
                MouseEventKind::Down(button) => Pointer::Press(button_of(button)),
                MouseEventKind::Up(button) => Pointer::Release(button_of(button)),
                // Following the pointer only matters when it enters another cell.
                MouseEventKind::Moved | MouseEventKind::Drag(_) => {
                    if cell.is_none() || cell == Some(screen.cursor) || screen.session.is_paused() {
                        return None;
                    }
                    Pointer::Over
                }
                // With Shift the wheel scrolls sideways, as in most programs.
                MouseEventKind::ScrollUp | MouseEventKind::ScrollDown => {
                    let by = if mouse.kind == MouseEventKind::ScrollUp {
                        -3
                    } else {
                        3
                    };
                    return Some(if mouse.modifiers.contains(KeyModifiers::SHIFT) {
                        MinesAction::Scroll { rows: 0, cols: by }
                    } else {
                        MinesAction::Scroll { rows: by, cols: 0 }
                    });
                }
                MouseEventKind::ScrollLeft => {
                    return Some(MinesAction::Scroll { rows: 0, cols: -3 });
                }
                MouseEventKind::ScrollRight => {
                    return Some(MinesAction::Scroll { rows: 0, cols: 3 });
                }
            };
            Some(MinesAction::Mouse(pointer, cell))
        }
        _ => None,
    }
}

fn key_action(code: KeyCode) -> Option<MinesAction> {
    if let Some(heading) = heading(code) {
        let (rows, cols) = match heading {
            Heading::Up => (-1, 0),
            Heading::Down => (1, 0),
            Heading::Left => (0, -1),
            Heading::Right => (0, 1),
        };
        return Some(MinesAction::Move { rows, cols });
    }
    match code {
        KeyCode::Home => Some(MinesAction::Edge {
            row: None,
            col: Some(false),
        }),
        KeyCode::End => Some(MinesAction::Edge {
            row: None,
            col: Some(true),
        }),
        KeyCode::PageUp => Some(MinesAction::Edge {
            row: Some(false),
            col: None,
        }),
        KeyCode::PageDown => Some(MinesAction::Edge {
            row: Some(true),
            col: None,
        }),
        KeyCode::Char(' ') | KeyCode::Enter => Some(MinesAction::Reveal),
        KeyCode::Char('f') => Some(MinesAction::Flag),
        KeyCode::Char('c') => Some(MinesAction::Chord),
        KeyCode::Char('n') => Some(MinesAction::NewGame),
        KeyCode::Char('r') => Some(MinesAction::Restart),
        KeyCode::Char('p') => Some(MinesAction::Pause),
        KeyCode::Char('t') => Some(MinesAction::Hint),
        KeyCode::Char('v') => Some(MinesAction::Odds),
        KeyCode::Char('A') => Some(MinesAction::Autoplay),
        KeyCode::Char('o') => Some(MinesAction::Setup),
        KeyCode::Esc => Some(MinesAction::Back),
        _ => None,
    }
}

fn button_of(button: MouseButton) -> Button {
    match button {
        MouseButton::Left => Button::Left,
        MouseButton::Middle => Button::Middle,
        MouseButton::Right => Button::Right,
    }
}
