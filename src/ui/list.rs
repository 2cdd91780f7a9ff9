//! A list of items in a bordered panel, one a row (the menu, the daily games), picked with the keys
//! or the mouse: up and down move round it, Enter or Space opens the selected item, a digit or a
//! click opens that one, the wheel moves. A panel too short for every item shows a window of them
//! around the selected one, with marks on its border where the list goes on.

use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::{Margin, Position, Rect};

use ratatui::buffer::Buffer;

use super::keys::{self, Binding, Press};
use super::theme::Theme;
use super::{Heading, heading, scroll_marks};

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

/// The first of `count` items shown in `panel`: all from the first where they fit, else a window
/// with the `selected` one in its middle.
pub fn first_shown(panel: Rect, count: usize, selected: usize) -> usize {
    let rows = usize::from(panel.inner(Margin::new(1, 1)).height).max(1);
    if count <= rows {
        0
    } else {
        selected.saturating_sub(rows / 2).min(count - rows)
    }
}

/// The row of item `i` inside `panel` shown from item `first` (empty where it is not shown).
pub fn row(panel: Rect, i: usize, first: usize) -> Rect {
    let inner = panel.inner(Margin::new(1, 1));
    match i.checked_sub(first) {
        Some(at) => Rect::new(inner.x, inner.y.saturating_add(at as u16), inner.width, 1)
            .intersection(inner),
        None => Rect::new(inner.x, inner.y, 0, 0),
    }
}

/// Marks on the panel's border where the list of `count` shown from `first` goes on.
pub fn render_marks(panel: Rect, count: usize, first: usize, theme: &Theme, buf: &mut Buffer) {
    let inner = panel.inner(Margin::new(1, 1));
    scroll_marks(first as u16, count, panel, inner, theme, buf);
}

/// What a list's keys say about its items, in the words of its screen.
pub struct Words {
    /// `previous / next item`.
    pub moves: &'static str,
    /// `open the selected item`, and the footer's `open`.
    pub open: &'static str,
    pub open_short: &'static str,
    /// `open an item directly`.
    pub pick: &'static str,
    /// `open the item under the pointer`.
    pub click: &'static str,
}

/// The keys of a list of `count` items, in the states `when` holds: up and down move (Tab too),
/// Enter or Space opens the selected item, its digit opens one; a click opens the item under
/// it and the wheel moves (see [`click`]).
pub fn keys<S, A: From<Pick>>(
    count: usize,
    words: &Words,
    when: fn(&S) -> bool,
) -> Vec<Binding<S, A>> {
    vec![
        Binding::new(
            &[Press::UpDown, Press::Key(KeyCode::Tab)],
            words.moves,
            |_, key| match heading(key.code) {
                Some(Heading::Up) => Some(A::from(Pick::Up)),
                _ => Some(A::from(Pick::Down)),
            },
        )
        .footer("move")
        .when(when),
        Binding::new(
            &[Press::Key(KeyCode::Enter), Press::Key(KeyCode::Char(' '))],
            words.open,
            |_, _| Some(A::from(Pick::Open)),
        )
        .footer(words.open_short)
        .when(when),
        Binding::new(&[Press::Items(count)], words.pick, |_, key| {
            keys::item(key, 10).map(|i| A::from(Pick::OpenItem(i)))
        })
        .footer("choose")
        .when(when),
        Binding::mouse("mouse click", words.click).when(when),
        Binding::mouse("mouse wheel", "move the selection").when(when),
    ]
}

/// What a mouse event does to a list of `count` items drawn in `panel` from item `first`.
pub fn click(event: &Event, count: usize, panel: Rect, first: usize) -> Option<Pick> {
    let Event::Mouse(mouse) = event else {
        return None;
    };
    match mouse.kind {
        MouseEventKind::ScrollUp => Some(Pick::Up),
        MouseEventKind::ScrollDown => Some(Pick::Down),
        MouseEventKind::Down(MouseButton::Left) => {
            let at = Position::new(mouse.column, mouse.row);
            (0..count)
                .find(|&i| row(panel, i, first).contains(at))
                .map(Pick::OpenItem)
        }
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
        let table = keys::<(), Pick>(10, &WORDS, |_| true);
        let key = |c| KeyEvent::from(KeyCode::Char(c));
        let pick = |c| keys::action(&table, &(), &key(c));
        assert_eq!(pick('1'), Some(Pick::OpenItem(0)));
        assert_eq!(pick('9'), Some(Pick::OpenItem(8)));
        assert_eq!(pick('0'), Some(Pick::OpenItem(9)));
        let nine = keys::<(), Pick>(9, &WORDS, |_| true);
        assert_eq!(keys::action(&nine, &(), &key('0')), None);
        assert_eq!(keys::shortcuts(10), "1-9,0");
        assert_eq!(keys::shortcuts(9), "1-9");
        assert_eq!(keys::shortcut(10), None);
    }

    const WORDS: Words = Words {
        moves: "previous / next",
        open: "open",
        open_short: "open",
        pick: "open directly",
        click: "open the one clicked",
    };
}
