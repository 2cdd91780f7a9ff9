//! Digits to tic-tac-toe cells on 3x3.

use crate::games::tictactoe::Pos;
use crate::play::tictactoe::Session;
use crate::play::tictactoe::settings::Keypad;

/// The cell of a digit on 3x3: a phone keypad has 1 2 3 on the top row, a numeric keypad 7 8 9.
pub fn digit_cell(digit: char, session: &Session) -> Option<Pos> {
    let rules = session.game.rules();
    if (rules.rows(), rules.cols()) != (3, 3) {
        return None;
    }
    let n = digit.to_digit(10)?.checked_sub(1)? as usize;
    let (row, col) = (n / 3, n % 3);
    let row = match session.setup.keypad {
        Keypad::Phone => row,
        Keypad::Numpad => 2 - row,
    };
    Some(Pos::new(row, col))
}
