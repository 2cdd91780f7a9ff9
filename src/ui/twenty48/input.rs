//! Keys and mouse events to 2048 moves: the key table of the screen, read by the input mapping,
//! the footer and the help page alike.

use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::Position;

use super::{Twenty48Action, Twenty48Screen};
use crate::games::twenty48::{Direction, Status};
use crate::play::Game;
use crate::play::twenty48::Twenty48;
use crate::ui::keys::{self, Binding, KeyTable, Press};
use crate::ui::{Heading, heading, question};

/// What the keys of the screen depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    pub status: Status,
    /// A daily game, whose day can be shared at its end.
    pub daily: bool,
}

fn playing(mode: &Mode) -> bool {
    mode.status == Status::Playing
}

impl KeyTable for Twenty48Screen {
    type Mode = Mode;
    type Action = Twenty48Action;

    /// The keys of the screen.
    fn keys() -> Vec<Binding<Mode, Twenty48Action>> {
        use KeyCode::{Backspace, Char, Enter};
        vec![
            Binding::new(
                &[Press::Moves],
                "slide every tile toward that side",
                |_, key| {
                    Some(Twenty48Action::Slide(match heading(key.code)? {
                        Heading::Up => Direction::Up,
                        Heading::Down => Direction::Down,
                        Heading::Left => Direction::Left,
                        Heading::Right => Direction::Right,
                    }))
                },
            )
            .footer("move")
            .when(playing),
            Binding::mouse(
                "mouse swipe",
                "press, drag at least one row or two columns, release",
            ),
            Binding::mouse(
                "mouse click",
                "near an edge of the board: slide toward that edge",
            ),
            Binding::new(
                &[Press::Key(Char('u')), Press::Key(Backspace)],
                "undo the last move, also after the end (several steps; the first undo of a game \
                 asks, as the game then counts toward the assisted best only)",
                |_, _| Some(Twenty48Action::Undo),
            )
            .footer("undo"),
            Binding::letter(
                't',
                "hint: the computer's move for this board, as an arrow (asks first: the game then \
                 counts toward the assisted best only)",
                |_, _| Some(Twenty48Action::Hint),
            )
            .footer("hint")
            .when(playing),
            Binding::letter(
                'A',
                "autoplay (Shift-a): the computer plays (speed in the options); any key stops it \
                 (asks first: the game then counts toward the assisted best only)",
                |_, _| Some(Twenty48Action::Autoplay),
            )
            .footer("autoplay")
            .when(playing),
            Binding::new(
                &[
                    Press::Key(Enter),
                    Press::Key(Char('c')),
                    Press::Key(Char(' ')),
                ],
                "after a win: keep going",
                |_, _| Some(Twenty48Action::KeepGoing),
            )
            .footer("keep going")
            .when(|mode| mode.status == Status::Won),
            Binding::letter('n', "new game (asks first while a game runs)", |_, _| {
                Some(Twenty48Action::NewGame)
            })
            .footer_when("new", |mode| mode.status != Status::Over),
            Binding::new(
                &[Press::Key(Char('n')), Press::Key(Enter)],
                "after the game is over: a new game",
                |_, _| Some(Twenty48Action::NewGame),
            )
            .showing(2)
            .footer("new")
            .when(|mode| mode.status == Status::Over),
            Binding::letter(
                'r',
                "restart: the same board size and seed, so the same tiles come (asks too)",
                |_, _| Some(Twenty48Action::Restart),
            )
            .footer_when("restart", |mode| !playing(mode)),
            keys::share(
                |_, _| Some(Twenty48Action::Share),
                |mode| mode.status == Status::Over && mode.daily,
            ),
            keys::options(Twenty48.settings(), |_, _| Some(Twenty48Action::Setup)),
            keys::back(
                "back to the menu, or to the Daily screen from a daily game (the game is kept, also \
                 after quitting)",
                |_, _| Some(Twenty48Action::Back),
            ),
            keys::app_key('?', "help"),
        ]
    }

    fn mode(&self) -> Mode {
        Mode {
            status: self.session.game.status(),
            daily: self.session.daily.is_some(),
        }
    }
}

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
        Event::Key(key) => keys::action(&Twenty48Screen::keys(), &screen.mode(), key),
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
