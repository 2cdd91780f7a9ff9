//! Keys and clicks to tic-tac-toe moves; clicks are mapped through the grid's layout.

use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};

use crate::ui::{Heading, heading, question};
use ratatui::layout::{Position, Rect};

use super::{TicTacToeAction, TicTacToeScreen};
use crate::games::tictactoe::Pos;
use crate::play::tictactoe::settings::Keypad;

pub fn action_for(event: &Event, area: Rect, screen: &TicTacToeScreen) -> Option<TicTacToeAction> {
    if screen.question.is_some() {
        return question::answer(event).map(TicTacToeAction::Answer);
    }
    match event {
        Event::Key(key) => key_action(key.code, screen),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => screen
            .layout(area)
            .cell_at(Position::new(mouse.column, mouse.row))
            .map(TicTacToeAction::Click),
        _ => None,
    }
}

fn key_action(code: KeyCode, screen: &TicTacToeScreen) -> Option<TicTacToeAction> {
    if let Some(heading) = heading(code) {
        let (rows, cols) = match heading {
            Heading::Up => (-1, 0),
            Heading::Down => (1, 0),
            Heading::Left => (0, -1),
            Heading::Right => (0, 1),
        };
        return Some(TicTacToeAction::Move { rows, cols });
    }
    match code {
        KeyCode::Char(' ') | KeyCode::Enter => Some(TicTacToeAction::Place),
        KeyCode::Char(digit @ '1'..='9') => digit_cell(digit, screen).map(TicTacToeAction::PlaceAt),
        KeyCode::Char('u') | KeyCode::Backspace => Some(TicTacToeAction::Undo),
        KeyCode::Char('t') => Some(TicTacToeAction::Hint),
        KeyCode::Char('n') => Some(TicTacToeAction::NewGame),
        KeyCode::Char('r') => Some(TicTacToeAction::Restart),
        KeyCode::Char('c') => Some(TicTacToeAction::ChangeOpponent),
        KeyCode::Char('o') => Some(TicTacToeAction::Setup),
        KeyCode::Esc => Some(TicTacToeAction::Back),
        _ => None,
    }
}

/// The cell of a digit on 3x3: a phone keypad has 1 2 3 on the top row, a numeric keypad 7 8 9.
pub fn digit_cell(digit: char, screen: &TicTacToeScreen) -> Option<Pos> {
    let rules = screen.session.game.rules();
    if (rules.rows(), rules.cols()) != (3, 3) {
        return None;
    }
    let n = digit.to_digit(10)?.checked_sub(1)? as usize;
    let (row, col) = (n / 3, n % 3);
    let row = match screen.session.setup.keypad {
        Keypad::Phone => row,
        Keypad::Numpad => 2 - row,
    };
    Some(Pos::new(row, col))
}
