//! Keys and clicks to tic-tac-toe moves: the key table of the screen, read by the input mapping,
//! the footer and the help page alike; clicks are mapped through the grid's layout.

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::{TicTacToeAction, TicTacToeScreen};
use crate::games::tictactoe::Pos;
use crate::play::Game;
use crate::play::tictactoe::TicTacToe;
use crate::play::tictactoe::settings::Keypad;
use crate::ui::keys::{self, Binding, KeyTable, Press};
use crate::ui::{heading, question};

/// What the keys of the screen depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    pub over: bool,
    /// The digits place on 3x3 boards only, by this layout.
    pub keypad: Option<Keypad>,
}

fn playing(mode: &Mode) -> bool {
    !mode.over
}

impl KeyTable for TicTacToeScreen {
    type Mode = Mode;
    type Action = TicTacToeAction;

    /// The keys of the screen.
    fn keys() -> Vec<Binding<Mode, TicTacToeAction>> {
        use KeyCode::{Backspace, Char, Enter};
        vec![
            Binding::new(&[Press::Moves], "move the cursor", |_, key| {
                let (rows, cols) = heading(key.code)?.step();
                Some(TicTacToeAction::Move { rows, cols })
            })
            .footer("move")
            .when(playing),
            Binding::new(
                &[Press::Key(Char(' ')), Press::Items(9), Press::Key(Enter)],
                "place your mark; 1-9 place directly on 3x3 (phone or numpad layout: see options)",
                |mode: &Mode, key| match key.code {
                    Char(' ') | Enter => Some(TicTacToeAction::Place),
                    _ => digit_cell(key, mode.keypad?).map(TicTacToeAction::PlaceAt),
                },
            )
            .showing(2)
            .footer("place")
            .when(|mode| playing(mode) && mode.keypad.is_some()),
            // Larger boards have no digits.
            Binding::new(&[Press::Key(Char(' ')), Press::Key(Enter)], "", |_, _| {
                Some(TicTacToeAction::Place)
            })
            .footer("place")
            .when(|mode| playing(mode) && mode.keypad.is_none()),
            Binding::mouse("mouse click", "place your mark in that cell"),
            Binding::new(
                &[Press::Key(Char('u')), Press::Key(Backspace)],
                "undo (against the computer: your move and its answer); the first undo of a game \
                 asks, as the game is then recorded with the assisted ones",
                |_, _| Some(TicTacToeAction::Undo),
            )
            .footer("undo")
            .when(playing),
            Binding::letter(
                't',
                "hint: the strongest move is marked (asks first: the game is then recorded with \
                 the assisted ones)",
                |_, _| Some(TicTacToeAction::Hint),
            )
            .footer("hint")
            .when(playing),
            Binding::letter(
                'n',
                "new game (asks first: a game in progress against the computer then counts as lost)",
                |_, _| Some(TicTacToeAction::NewGame),
            )
            .footer("new"),
            Binding::letter(
                'r',
                "restart: the same board, opponent and sides (asks first in the same way)",
                |_, _| Some(TicTacToeAction::Restart),
            )
            .footer_when("restart", |mode| mode.over),
            Binding::letter(
                'c',
                "change the opponent: easy, medium, hard, two players",
                |_, _| Some(TicTacToeAction::ChangeOpponent),
            )
            .footer("opponent"),
            keys::options(TicTacToe.settings(), |_, _| Some(TicTacToeAction::Setup)),
            keys::back("back to the menu (the game is kept)", |_, _| Some(TicTacToeAction::Back)).footer_when("back", |mode| mode.over),
            keys::app_key('?', "help"),
        ]
    }

    fn mode(&self) -> Mode {
        let rules = self.session.game.rules();
        Mode {
            over: self.session.game.is_over(),
            keypad: ((rules.rows(), rules.cols()) == (3, 3)).then_some(self.session.setup.keypad),
        }
    }
}

pub fn action_for(event: &Event, area: Rect, screen: &TicTacToeScreen) -> Option<TicTacToeAction> {
    if screen.question.is_some() {
        return question::answer(event).map(TicTacToeAction::Answer);
    }
    match event {
        Event::Key(key) => keys::action(&TicTacToeScreen::keys(), &screen.mode(), key),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => screen
            .layout(area)
            .cell_at(Position::new(mouse.column, mouse.row))
            .map(TicTacToeAction::Click),
        _ => None,
    }
}

/// The cell of a digit on 3x3: a phone keypad has 1 2 3 on the top row, a numeric keypad 7 8 9.
fn digit_cell(key: &KeyEvent, keypad: Keypad) -> Option<Pos> {
    let n = keys::item(key, 9)?;
    let (row, col) = (n / 3, n % 3);
    let row = match keypad {
        Keypad::Phone => row,
        Keypad::Numpad => 2 - row,
    };
    Some(Pos::new(row, col))
}
