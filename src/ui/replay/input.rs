//! Keys and the mouse on the replay screen. Left and right (a and d, h and l) step; up and down do
//! nothing, as no movement key does anything but move. The wheel steps too.

use ratatui::crossterm::event::{Event, KeyCode, MouseEventKind};

use super::ReplayAction;
use crate::replay::SPEEDS;
use crate::ui::{Heading, heading};

pub fn action_for(event: &Event) -> Option<ReplayAction> {
    let key = match event {
        Event::Key(key) => key,
        Event::Mouse(mouse) => {
            return match mouse.kind {
                MouseEventKind::ScrollUp => Some(ReplayAction::Step(false)),
                MouseEventKind::ScrollDown => Some(ReplayAction::Step(true)),
                _ => None,
            };
        }
        _ => return None,
    };
    match (heading(key.code), key.code) {
        (Some(Heading::Left), _) => Some(ReplayAction::Step(false)),
        (Some(Heading::Right), _) => Some(ReplayAction::Step(true)),
        (Some(_), _) => None,
        (None, KeyCode::Char(' ')) => Some(ReplayAction::PlayPause),
        (None, KeyCode::Char('+') | KeyCode::Char('=')) => Some(ReplayAction::Faster),
        (None, KeyCode::Char('-')) => Some(ReplayAction::Slower),
        (None, KeyCode::Char(digit @ '1'..='9')) => {
            let index = usize::from(digit as u8 - b'1');
            (index < SPEEDS.len()).then_some(ReplayAction::Speed(index))
        }
        (None, KeyCode::Home) => Some(ReplayAction::Start),
        (None, KeyCode::End) => Some(ReplayAction::End),
        (None, KeyCode::Char('m')) => Some(ReplayAction::NextMark),
        (None, KeyCode::Enter) => Some(ReplayAction::PlayFromHere),
        (None, KeyCode::Esc) => Some(ReplayAction::Back),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers, MouseEvent};

    #[test]
    fn every_movement_scheme_steps_and_nothing_else_moves() {
        let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        for code in [KeyCode::Left, KeyCode::Char('a'), KeyCode::Char('h')] {
            assert_eq!(action_for(&key(code)), Some(ReplayAction::Step(false)));
        }
        for code in [KeyCode::Right, KeyCode::Char('d'), KeyCode::Char('l')] {
            assert_eq!(action_for(&key(code)), Some(ReplayAction::Step(true)));
        }
        for code in [
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Char('w'),
            KeyCode::Char('s'),
            KeyCode::Char('k'),
            KeyCode::Char('j'),
        ] {
            assert_eq!(action_for(&key(code)), None);
        }
        assert_eq!(
            action_for(&key(KeyCode::Char('4'))),
            Some(ReplayAction::Speed(3))
        );
        assert_eq!(action_for(&key(KeyCode::Char('5'))), None);
        assert_eq!(
            action_for(&key(KeyCode::Char(' '))),
            Some(ReplayAction::PlayPause)
        );
        let wheel = |kind| {
            Event::Mouse(MouseEvent {
                kind,
                column: 3,
                row: 4,
                modifiers: KeyModifiers::NONE,
            })
        };
        assert_eq!(
            action_for(&wheel(MouseEventKind::ScrollUp)),
            Some(ReplayAction::Step(false))
        );
        assert_eq!(
            action_for(&wheel(MouseEventKind::ScrollDown)),
            Some(ReplayAction::Step(true))
        );
        assert_eq!(action_for(&wheel(MouseEventKind::Moved)), None);
    }
}
