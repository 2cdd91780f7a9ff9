//! What a key table's lines are pressed with: keys, arrows in each scheme, digits, typing, and
//! mouse gestures for the help page; how each is named, and which key events match it.

use std::borrow::Cow;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::ui::{Heading, heading};

/// What is pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// A key as it is (a letter's case is part of it: `A` is Shift-a).
    Key(KeyCode),
    /// The left and right arrows with Shift held.
    ShiftLeftRight,
    /// A letter with Ctrl held.
    Ctrl(char),
    /// The movement keys of every scheme: arrows, WASD and hjkl.
    Moves,
    /// Their up and down.
    UpDown,
    /// Their left and right.
    LeftRight,
    /// The digits that pick the items of a list of this many (1-9, then 0).
    Items(usize),
    /// Letters, digits, dashes and spaces typed into a field.
    Text,
    /// The digits of a number typed in.
    Digits,
    /// A mouse gesture, named for the help page.
    Mouse(&'static str),
}

impl Press {
    /// Whether `key` is this press.
    pub(super) fn matches(self, key: &KeyEvent) -> bool {
        let shift = key.modifiers.contains(KeyModifiers::SHIFT);
        // Ctrl and Alt make another key of a plain one (Ctrl-u is not u).
        if !self.modified()
            && key
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            return false;
        }
        match self {
            Press::Key(code) => key.code == code,
            Press::ShiftLeftRight => matches!(key.code, KeyCode::Left | KeyCode::Right) && shift,
            Press::Ctrl(c) => {
                key.modifiers.contains(KeyModifiers::CONTROL)
                    && matches!(key.code, KeyCode::Char(k) if k.eq_ignore_ascii_case(&c))
            }
            Press::Moves => heading(key.code).is_some(),
            Press::UpDown => matches!(heading(key.code), Some(Heading::Up | Heading::Down)),
            Press::LeftRight => {
                matches!(heading(key.code), Some(Heading::Left | Heading::Right))
            }
            Press::Items(count) => item(key, count).is_some(),
            Press::Text => matches!(key.code, KeyCode::Char(c) if is_text(c)),
            Press::Digits => matches!(key.code, KeyCode::Char('0'..='9')),
            Press::Mouse(_) => false,
        }
    }

    /// Whether the press needs a modifier: such presses are tried before the plain ones, so
    /// that Shift-Left is not taken for Left.
    pub(super) fn modified(self) -> bool {
        matches!(self, Press::ShiftLeftRight | Press::Ctrl(_))
    }

    /// The press as a footer names it, arrows as arrows.
    pub fn short_name(self) -> Cow<'static, str> {
        match self {
            Press::Moves => "←↑↓→".into(),
            Press::UpDown => "↑↓".into(),
            Press::LeftRight => "←→".into(),
            Press::ShiftLeftRight => "Shift-←→".into(),
            _ => self.name(),
        }
    }

    /// The press as the help page names it.
    pub fn name(self) -> Cow<'static, str> {
        match self {
            Press::Key(code) => key_name(code),
            Press::ShiftLeftRight => "Shift-Left Right".into(),
            Press::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()).into(),
            Press::Moves => "Arrows / WASD / hjkl".into(),
            Press::UpDown => "Up Down / w s / k j".into(),
            Press::LeftRight => "Left Right / a d / h l".into(),
            Press::Items(count) => shortcuts(count).into(),
            Press::Text => "letters, digits".into(),
            Press::Digits => "0-9".into(),
            Press::Mouse(gesture) => gesture.into(),
        }
    }
}

/// What typing into a field takes: letters, digits, dashes and spaces.
fn is_text(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == ' '
}

/// The key that opens item `i` of a list: its number, 0 for the tenth; later items have none.
pub fn shortcut(i: usize) -> Option<char> {
    match i {
        0..=8 => char::from_digit(i as u32 + 1, 10),
        9 => Some('0'),
        _ => None,
    }
}

/// The keys that open the items of a list of `count`, as a footer names them.
pub fn shortcuts(count: usize) -> &'static str {
    const RANGES: [&str; 11] = [
        "", "1", "1-2", "1-3", "1-4", "1-5", "1-6", "1-7", "1-8", "1-9", "1-9,0",
    ];
    RANGES[count.min(10)]
}

/// The item of a list of `count` that `key` picks by its digit.
pub fn item(key: &KeyEvent, count: usize) -> Option<usize> {
    let KeyCode::Char(c) = key.code else {
        return None;
    };
    (0..count).find(|&i| shortcut(i) == Some(c))
}

fn key_name(code: KeyCode) -> Cow<'static, str> {
    match code {
        KeyCode::Char(' ') => "Space".into(),
        KeyCode::Char(c) => c.to_string().into(),
        KeyCode::Enter => "Enter".into(),
        KeyCode::Esc => "Esc".into(),
        KeyCode::Backspace => "Backspace".into(),
        KeyCode::Tab => "Tab".into(),
        KeyCode::BackTab => "Shift-Tab".into(),
        KeyCode::Delete => "Delete".into(),
        KeyCode::Home => "Home".into(),
        KeyCode::End => "End".into(),
        KeyCode::PageUp => "PgUp".into(),
        KeyCode::PageDown => "PgDn".into(),
        KeyCode::Up => "Up".into(),
        KeyCode::Down => "Down".into(),
        KeyCode::Left => "Left".into(),
        KeyCode::Right => "Right".into(),
        KeyCode::F(n) => format!("F{n}").into(),
        other => format!("{other}").into(),
    }
}
