//! Keys and mouse events to 2048 moves.

use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};

use crate::ui::{Heading, heading, question};
use ratatui::layout::Position;

use super::{Twenty48Action, Twenty48Screen};
use crate::games::twenty48::{Direction, Status};

pub fn action_for(event: &Event, screen: &Twenty48Screen) -> Option<Twenty48Action> {
    // While the computer plays, any key or click stops it.
    if screen.session.computer.autoplay {
        return match event {
            Event::Key(_) => Some(Twenty48Action::Autoplay),
            Event::Mouse(mouse) if matches!(mouse.kind, MouseEventKind::Down(_)) => {
                Some(Twenty48Action::Autoplay)
            }
            _ => None,
        };
    }
    if screen.question.is_some() {
        return question::answer(event).map(Twenty48Action::Answer);
    }
    match event {
        Event::Key(key) => key_action(key.code, screen),
        Event::Mouse(mouse) => {
            let at = Position::new(mouse.column, mouse.row);
            match mouse.kind {
                MouseEventKind::Down(MouseButton::Left) => Some(Twenty48Action::Press(at)),
                MouseEventKind::Up(MouseButton::Left) => Some(Twenty48Action::Release(at)),
                _ => None,
            }
        }
        _ => None,
    }
}

fn key_action(code: KeyCode, screen: &Twenty48Screen) -> Option<Twenty48Action> {
    let slide = |direction| Some(Twenty48Action::Slide(direction));
    if screen.session.game.status() == Status::Won {
        // The win waits for an answer: keep going or start again.
        return match code {
            KeyCode::Enter | KeyCode::Char('c') | KeyCode::Char(' ') => {
                Some(Twenty48Action::KeepGoing)
            }
            KeyCode::Char('n') => Some(Twenty48Action::NewGame),
            KeyCode::Char('r') => Some(Twenty48Action::Restart),
            KeyCode::Esc => Some(Twenty48Action::Back),
            _ => None,
        };
    }
    if screen.session.game.status() == Status::Over {
        // The game is recorded when the player moves on; until then undo can take it back.
        return match code {
            KeyCode::Char('y') if screen.session.daily.is_some() => Some(Twenty48Action::Share),
            KeyCode::Char('n') | KeyCode::Enter => Some(Twenty48Action::NewGame),
            KeyCode::Char('r') => Some(Twenty48Action::Restart),
            KeyCode::Char('u') | KeyCode::Backspace => Some(Twenty48Action::Undo),
            KeyCode::Char('o') => Some(Twenty48Action::Setup),
            KeyCode::Esc => Some(Twenty48Action::Back),
            _ => None,
        };
    }
    if let Some(heading) = heading(code) {
        return slide(match heading {
            Heading::Up => Direction::Up,
            Heading::Down => Direction::Down,
            Heading::Left => Direction::Left,
            Heading::Right => Direction::Right,
        });
    }
    match code {
        KeyCode::Char('u') | KeyCode::Backspace => Some(Twenty48Action::Undo),
        KeyCode::Char('t') => Some(Twenty48Action::Hint),
        KeyCode::Char('A') => Some(Twenty48Action::Autoplay),
        KeyCode::Char('n') => Some(Twenty48Action::NewGame),
        KeyCode::Char('r') => Some(Twenty48Action::Restart),
        KeyCode::Char('o') => Some(Twenty48Action::Setup),
        KeyCode::Esc => Some(Twenty48Action::Back),
        _ => None,
    }
}
