//! The mouse on a Minesweeper board: which buttons are held, and the move each press or release
//! makes (chording with left and right together, as the classic game does).

use crate::games::minesweeper::{Move, Pos};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    Left,
    Middle,
    Right,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pointer {
    Press(Button),
    Release(Button),
    /// Moved, with or without a button held.
    Over,
}

/// What a key or button does to a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Play {
    Reveal,
    Flag,
    Chord,
}

impl Play {
    pub(super) fn at(self, pos: Pos) -> Move {
        match self {
            Play::Reveal => Move::Reveal(pos),
            Play::Flag => Move::Flag(pos),
            Play::Chord => Move::Chord(pos),
        }
    }
}

/// Mouse buttons held, for chording by pressing left and right together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Buttons {
    left: bool,
    right: bool,
    /// Both were down: the first release chords and the other release does nothing.
    chording: bool,
}

impl Buttons {
    /// Follows the buttons and says which move a mouse event makes: a right press flags, a middle
    /// press chords, a left release reveals, and with left and right pressed together the first
    /// release chords.
    pub(super) fn play_for(&mut self, pointer: Pointer) -> Option<Play> {
        match pointer {
            Pointer::Over => None,
            Pointer::Press(Button::Left) => {
                self.left = true;
                self.chording |= self.right;
                None
            }
            Pointer::Press(Button::Right) => {
                self.right = true;
                self.chording |= self.left;
                (!self.chording).then_some(Play::Flag)
            }
            Pointer::Press(Button::Middle) => Some(Play::Chord),
            Pointer::Release(button) => {
                let was_down = match button {
                    Button::Left => std::mem::take(&mut self.left),
                    Button::Right => std::mem::take(&mut self.right),
                    Button::Middle => false,
                };
                if !was_down {
                    None
                } else if self.chording {
                    let first_release = self.left || self.right;
                    self.chording = first_release;
                    first_release.then_some(Play::Chord)
                } else {
                    (button == Button::Left).then_some(Play::Reveal)
                }
            }
        }
    }
}
