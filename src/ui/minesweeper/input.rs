//! Keys and mouse events to Minesweeper moves: the key table of the screen, read by the input
//! mapping, the footer and the help page alike; the mouse is mapped through the board's layout.

use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::{Button, MinesAction, MinesweeperScreen, Pointer};
use crate::games::minesweeper::Status;
use crate::play::Game;
use crate::play::minesweeper::Minesweeper;
use crate::ui::keys::{self, Binding, KeyTable, Press};
use crate::ui::{heading, question};

/// What the keys of the screen depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    pub status: Status,
    pub paused: bool,
    /// A daily game, whose day can be shared at its end.
    pub daily: bool,
}

impl Mode {
    fn over(&self) -> bool {
        self.status.is_over()
    }
}

/// Keys that play the board, while it shows.
fn on_board(mode: &Mode) -> bool {
    !mode.paused
}

/// Keys named in the footer while a game is played.
fn playing(mode: &Mode) -> bool {
    !mode.paused && !mode.over()
}

/// The odds, which need a first reveal to work from (autoplay makes its own).
fn started(mode: &Mode) -> bool {
    !mode.paused && mode.status == Status::Playing
}

impl KeyTable for MinesweeperScreen {
    type Mode = Mode;
    type Action = MinesAction;

    /// The keys of the screen.
    fn keys() -> Vec<Binding<Mode, MinesAction>> {
        use KeyCode::{Char, End, Enter, Home, PageDown, PageUp};
        vec![
            Binding::new(&[Press::Moves], "move the cursor", |_, key| {
                let (rows, cols) = heading(key.code)?.step();
                Some(MinesAction::Move { rows, cols })
            })
            .footer_when("move", playing)
            .when(on_board),
            Binding::new(
                &[Press::Key(Home), Press::Key(End)],
                "first / last column",
                |_, key| {
                    Some(MinesAction::Edge {
                        row: None,
                        col: Some(key.code == End),
                    })
                },
            )
            .when(on_board),
            Binding::new(
                &[Press::Key(PageUp), Press::Key(PageDown)],
                "first / last row",
                |_, key| {
                    Some(MinesAction::Edge {
                        row: Some(key.code == PageDown),
                        col: None,
                    })
                },
            )
            .when(on_board),
            Binding::new(
                &[Press::Key(Char(' ')), Press::Key(Enter)],
                "reveal the cell (on a number: chord)",
                |_, _| Some(MinesAction::Reveal),
            )
            .footer("reveal")
            .when(playing),
            Binding::letter(
                'f',
                "flag; with question marks on: flag, ?, blank",
                |_, _| Some(MinesAction::Flag),
            )
            .footer("flag")
            .when(playing),
            // Chording is also Space on a number, so the footer leaves its own key to the help.
            Binding::letter(
                'c',
                "chord: on a number with as many flags around it, reveal the other neighbours",
                |_, _| Some(MinesAction::Chord),
            )
            .when(playing),
            Binding::letter(
                't',
                "hint: a safe cell, a mine to flag, or the best guess and its chance; before the \
                 first reveal: why any cell will do",
                |_, _| Some(MinesAction::Hint),
            )
            .footer("hint")
            .when(playing),
            Binding::letter(
                'v',
                "the chance of a mine under every covered cell, in tenths (again: hides it)",
                |_, _| Some(MinesAction::Odds),
            )
            .footer("odds")
            .when(started),
            Binding::letter(
                'A',
                "autoplay: the computer plays on, from the first click if none is made; any key \
                 stops it",
                |_, _| Some(MinesAction::Autoplay),
            )
            .footer("autoplay")
            .when(playing),
            Binding::letter(
                'n',
                "new game (asks first: a game in progress then counts as lost)",
                |_, _| Some(MinesAction::NewGame),
            )
            // While a game is played the footer keeps to playing it; its card names these.
            .footer_when("new", Mode::over),
            Binding::letter(
                'p',
                "pause: the clock stops and the board hides (again: resume)",
                |_, _| Some(MinesAction::Pause),
            )
            .footer("pause")
            .when(playing),
            Binding::letter('p', "", |_, _| Some(MinesAction::Pause))
                .footer("resume")
                .when(|mode| mode.paused),
            Binding::letter(
                'r',
                "restart: the same board from the same first cell (asks first too)",
                |_, _| Some(MinesAction::Restart),
            )
            .footer_when("restart", Mode::over),
            Binding::letter(
                't',
                "after a loss: the cells that were provably safe (again: hides them)",
                |_, _| Some(MinesAction::Hint),
            )
            .footer("post-mortem")
            .when(|mode| mode.status == Status::Lost),
            keys::share(
                |_, _| Some(MinesAction::Share),
                |mode| mode.over() && mode.daily,
            ),
            keys::options(Minesweeper.settings(), |_, _| Some(MinesAction::Setup))
                .footer_when("options", Mode::over),
            keys::back(
                "back to the menu, or to the Daily screen from a daily game (the game is kept; the menu \
                 offers to resume it)",
                |_, _| Some(MinesAction::Back),
            )
            .footer_when("back", |mode| !playing(mode)),
            keys::app_key('?', "help"),
            Binding::mouse("left click", "reveal (on a number: chord)"),
            Binding::mouse("right click", "flag"),
            Binding::mouse(
                "middle click",
                "chord; so do left and right pressed together",
            ),
            Binding::mouse(
                "mouse wheel",
                "scroll a board larger than the terminal (Shift: sideways)",
            ),
        ]
    }

    fn mode(&self) -> Mode {
        Mode {
            status: self.session.game.status(),
            paused: self.session.is_paused(),
            daily: self.session.daily.is_some(),
        }
    }
}

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
        Event::Key(key) => keys::action(&MinesweeperScreen::keys(), &screen.mode(), key),
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

fn button_of(button: MouseButton) -> Button {
    match button {
        MouseButton::Left => Button::Left,
        MouseButton::Middle => Button::Middle,
        MouseButton::Right => Button::Right,
    }
}
