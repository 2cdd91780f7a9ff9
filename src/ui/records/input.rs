//! Keys and the mouse on the records screen. Up and down choose the table, left and right the
//! page; clicks land on what the geometry says is drawn there.

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::{RecordsAction, RecordsScreen};
use crate::records::ScoreTable;
use crate::records::daily::Daily;
use crate::ui::keys::{self, Binding, Press};
use crate::ui::theme::Theme;
use crate::ui::{Heading, heading};

/// What the keys of the records screen depend on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mode {
    /// The list of a table's latest games is open.
    pub games: bool,
    /// The reset question is asked.
    pub confirming: bool,
    /// The table shown has more than one page.
    pub paged: bool,
}

impl RecordsScreen {
    /// The keys' mode of the screen, the pages of its table as `paged` says.
    pub fn mode(&self, paged: bool) -> Mode {
        Mode {
            games: self.games.is_some(),
            confirming: self.confirming,
            paged,
        }
    }
}

fn browsing(mode: &Mode) -> bool {
    !mode.games && !mode.confirming
}

fn in_list(mode: &Mode) -> bool {
    mode.games
}

fn confirming(mode: &Mode) -> bool {
    mode.confirming && !mode.games
}

/// The keys of the records screen, of its list of games, and of its reset question.
pub fn keys() -> Vec<Binding<Mode, RecordsAction>> {
    use KeyCode::{BackTab, Char, Delete, Enter, Esc, PageDown, PageUp, Tab};
    fn up(key: &KeyEvent) -> bool {
        heading(key.code) == Some(Heading::Up) || key.code == BackTab
    }
    vec![
        Binding::new(
            &[Press::UpDown, Press::Key(Tab), Press::Key(BackTab)],
            "previous / next table",
            |_, key| {
                Some(if up(key) {
                    RecordsAction::PreviousTable
                } else {
                    RecordsAction::NextTable
                })
            },
        )
        .footer("table")
        .when(browsing),
        Binding::new(
            &[Press::LeftRight, Press::Key(PageUp), Press::Key(PageDown)],
            "previous / next page of a table that does not fit on one",
            |_, key| {
                Some(
                    if heading(key.code) == Some(Heading::Left) || key.code == PageUp {
                        RecordsAction::PreviousPage
                    } else {
                        RecordsAction::NextPage
                    },
                )
            },
        )
        .footer_when("page", |mode: &Mode| mode.paged)
        .when(browsing),
        Binding::new(
            &[Press::Key(Enter)],
            "the table's latest games, most recent first, with their codes (and a Minesweeper \
             win's 3BV/s)",
            |_, _| Some(RecordsAction::ShowGames),
        )
        .footer("games")
        .when(browsing),
        Binding::new(
            &[Press::Key(Char('x')), Press::Key(Delete)],
            "reset the table and its figures (asks first: y yes, n no); the history keeps its games",
            |_, _| Some(RecordsAction::AskReset),
        )
        .footer("reset")
        .when(browsing),
        keys::back("back to the menu", |_, _| Some(RecordsAction::Back)).when(browsing),
        Binding::mouse(
            "mouse click",
            "choose a table in the list; the arrows on the panel's border turn the page",
        ),
        Binding::mouse("mouse wheel", "previous / next table"),
        Binding::new(
            &[Press::UpDown],
            "in the list of games: choose a game",
            |_, key| {
                Some(RecordsAction::MoveInGames(
                    if heading(key.code) == Some(Heading::Up) {
                        -1
                    } else {
                        1
                    },
                ))
            },
        )
        .footer("game")
        .when(in_list),
        Binding::new(
            &[Press::Key(PageUp), Press::Key(PageDown)],
            "in the list: ten games up / down",
            |_, key| {
                Some(RecordsAction::MoveInGames(if key.code == PageUp {
                    -10
                } else {
                    10
                }))
            },
        )
        .when(in_list),
        Binding::new(
            &[Press::Key(Enter)],
            "in the list: watch the game again (a lost one from the move before its end)",
            |_, _| Some(RecordsAction::Watch),
        )
        .footer("watch")
        .when(in_list),
        Binding::new(
            &[Press::Key(Char('f'))],
            "in the list: only the won, lost, forced guesses, mistakes, given up or assisted \
             games, one kind after another, then all again",
            |_, _| Some(RecordsAction::NextFilter),
        )
        .footer("filter")
        .when(in_list),
        Binding::new(&[Press::Key(Esc)], "in the list: close it", |_, _| {
            Some(RecordsAction::CloseGames)
        })
        .footer("close")
        .when(in_list),
        Binding::mouse(
            "click in the list",
            "choose a game; a second click on it watches it (the wheel moves)",
        ),
        Binding::new(
            &[Press::Key(Char('y')), Press::Key(Enter)],
            "to the reset question: reset the table",
            |_, _| Some(RecordsAction::ConfirmReset),
        )
        .footer("yes")
        .when(confirming),
        Binding::letter(
            'n',
            "to the reset question: keep it (so does any other key)",
            |_, _| Some(RecordsAction::CancelReset),
        )
        .footer("no")
        .when(confirming),
        keys::app_key('?', "help").when(|mode| !mode.confirming),
    ]
}

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
    let mode = screen.mode(true);
    if let Event::Key(key) = event {
        let action = keys::action(&keys(), &mode, key);
        return match action {
            None if confirming(&mode) => Some(RecordsAction::CancelReset),
            action => action,
        };
    }
    let Event::Mouse(mouse) = event else {
        return None;
    };
    if let Some(chosen) = screen.games {
        let count = screen.recent_games(tables).len();
        return match mouse.kind {
            MouseEventKind::ScrollUp => Some(RecordsAction::MoveInGames(-1)),
            MouseEventKind::ScrollDown => Some(RecordsAction::MoveInGames(1)),
            // A click chooses a game; a click on the game chosen watches it.
            MouseEventKind::Down(MouseButton::Left) => {
                let (geometry, at) = clicked(mouse.column, mouse.row);
                match geometry.game_at(count, chosen, at)? {
                    i if i == chosen => Some(RecordsAction::Watch),
                    i => Some(RecordsAction::ChooseGame(i)),
                }
            }
            _ => None,
        };
    }
    if screen.confirming {
        return match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => {
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
    match mouse.kind {
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
    }
}
