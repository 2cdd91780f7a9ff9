//! A list of items in a bordered panel, one a row (the menu, the daily games), picked with the keys
//! or the mouse: up and down move round it, Enter or Space opens the selected item, a digit or a
//! click opens that one, the wheel moves.

use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::{Margin, Position, Rect};

use super::{Heading, heading};

/// What an event does to a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    Up,
    Down,
    /// The selected item.
    Open,
    /// Select an item and open it (a digit or a click).
    OpenItem(usize),
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

/// The row of item `i` inside `panel` (empty past its last row).
pub fn row(panel: Rect, i: usize) -> Rect {
    let inner = panel.inner(Margin::new(1, 1));
    Rect::new(inner.x, inner.y + i as u16, inner.width, 1).intersection(inner)
}

/// What `event` does to a list of `count` items drawn in `panel`; `None` when it does nothing
/// there (sideways keys move, and here that is nowhere).
pub fn pick(event: &Event, count: usize, panel: Rect) -> Option<Pick> {
    match event {
        Event::Key(key) => match (heading(key.code), key.code) {
            (Some(Heading::Up), _) => Some(Pick::Up),
            (Some(Heading::Down), _) | (_, KeyCode::Tab) => Some(Pick::Down),
            (Some(_), _) => None,
            (None, KeyCode::Enter | KeyCode::Char(' ')) => Some(Pick::Open),
            (None, KeyCode::Char(c)) => (0..count)
                .find(|&i| shortcut(i) == Some(c))
                .map(Pick::OpenItem),
            _ => None,
        },
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollUp => Some(Pick::Up),
            MouseEventKind::ScrollDown => Some(Pick::Down),
            MouseEventKind::Down(MouseButton::Left) => {
                let at = Position::new(mouse.column, mouse.row);
                (0..count)
                    .find(|&i| row(panel, i).contains(at))
                    .map(Pick::OpenItem)
            }
            _ => None,
        },
        _ => None,
    }
}

/// The selection after one step up or down a list of `count` items, round its ends.
pub fn step(selected: usize, count: usize, up: bool) -> usize {
    let count = count.max(1);
    if up {
        (selected + count - 1) % count
    } else {
        (selected + 1) % count
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::KeyEvent;

    use super::*;

    #[test]
    fn ten_items_open_with_the_ten_digits() {
        let panel = Rect::new(0, 0, 20, 12);
        let key = |c| Event::Key(KeyEvent::from(KeyCode::Char(c)));
        assert_eq!(pick(&key('1'), 10, panel), Some(Pick::OpenItem(0)));
        assert_eq!(pick(&key('9'), 10, panel), Some(Pick::OpenItem(8)));
        assert_eq!(pick(&key('0'), 10, panel), Some(Pick::OpenItem(9)));
        assert_eq!(pick(&key('0'), 9, panel), None);
        assert_eq!(pick(&key('4'), 3, panel), None);
        assert_eq!(shortcuts(10), "1-9,0");
        assert_eq!(shortcuts(9), "1-9");
        assert_eq!(shortcut(10), None);
    }
}
