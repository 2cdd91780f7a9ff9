//! Help: the rules and keys of the screen it was opened from, the keys that work everywhere, and
//! where the settings and records file lives. The keys come from each screen's key table; the
//! text is wrapped once, at the width it is drawn.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, MouseEventKind};
use ratatui::layout::{Margin, Rect, Size};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::keys::{self, Binding, HelpLine, HelpPage, Press};
use super::theme::Theme;
use super::{
    ScreenId, Transition, View, daily, footer, games, menu, panel, records, replay, settings,
};

/// The help page of a screen: a game's is its own.
pub fn page_of(screen: ScreenId) -> HelpPage {
    match screen {
        ScreenId::Menu | ScreenId::Help => {
            HelpPage::new(include_str!("../../assets/help/menu.txt"), &menu::keys())
        }
        ScreenId::Daily => {
            HelpPage::new(include_str!("../../assets/help/daily.txt"), &daily::keys())
        }
        ScreenId::Records => HelpPage::new(
            include_str!("../../assets/help/records.txt"),
            &records::keys(),
        ),
        ScreenId::Settings => HelpPage::new(
            include_str!("../../assets/help/settings.txt"),
            &settings::keys(),
        ),
        ScreenId::Replay => HelpPage::new(
            include_str!("../../assets/help/replay.txt"),
            &replay::keys(),
        ),
        ScreenId::Game(game) => {
            games::find(game).map_or_else(|| HelpPage::new("", &keys()), |game| game.help())
        }
    }
}

/// The keys that work everywhere, with the conventions every screen keeps.
fn everywhere() -> HelpPage {
    HelpPage::new(
        include_str!("../../assets/help/global.txt"),
        &keys::everywhere(),
    )
}

#[derive(Clone, Debug)]
pub struct Help {
    from: ScreenId,
    scroll: u16,
}

impl Default for Help {
    fn default() -> Help {
        Help::for_screen(ScreenId::Menu)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum HelpAction {
    /// By this many rows.
    Scroll(i32),
    /// By this many pages.
    Page(i32),
    Close,
}

pub const MIN_SIZE: Size = Size::new(30, 8);

/// The keys of the help screen.
pub fn keys() -> Vec<Binding<Help, HelpAction>> {
    use KeyCode::{Char, Enter, Esc, F, PageDown, PageUp};
    vec![
        Binding::new(&[Press::UpDown], "scroll", |_, key| {
            Some(HelpAction::Scroll(
                if super::heading(key.code) == Some(super::Heading::Up) {
                    -1
                } else {
                    1
                },
            ))
        })
        .footer("scroll"),
        Binding::new(
            &[
                Press::Key(PageUp),
                Press::Key(PageDown),
                Press::Key(Char(' ')),
            ],
            "a page up / down (Space: down)",
            |_, key| Some(HelpAction::Page(if key.code == PageUp { -1 } else { 1 })),
        ),
        Binding::new(
            &[
                Press::Key(Esc),
                Press::Key(Char('?')),
                Press::Key(F(1)),
                Press::Key(Enter),
            ],
            "back to the screen help was opened on",
            |_, _| Some(HelpAction::Close),
        )
        .footer("back"),
        keys::app_key('q', "quit"),
        Binding::mouse("mouse wheel", "scroll"),
    ]
}

pub fn action_for(event: &Event, help: &Help) -> Option<HelpAction> {
    match event {
        Event::Key(key) => keys::action(&keys(), help, key),
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollUp => Some(HelpAction::Scroll(-3)),
            MouseEventKind::ScrollDown => Some(HelpAction::Scroll(3)),
            _ => None,
        },
        _ => None,
    }
}

impl Help {
    pub fn for_screen(from: ScreenId) -> Help {
        Help { from, scroll: 0 }
    }

    pub fn return_to(&self) -> ScreenId {
        self.from
    }

    pub fn update(&mut self, action: HelpAction, view: &View, area: Rect) -> Transition {
        let (_, text_area, _) = geometry(area, self);
        let rows = match action {
            HelpAction::Scroll(rows) => rows,
            HelpAction::Page(pages) => pages * i32::from(text_area.height.max(1)),
            HelpAction::Close => return Transition::Open(self.from),
        };
        let last = max_scroll(self, view, area);
        self.scroll = (i32::from(self.scroll) + rows).clamp(0, i32::from(last)) as u16;
        Transition::Stay
    }
}

/// The frame, the text area inside it, and the footer.
fn geometry(area: Rect, help: &Help) -> (Rect, Rect, Rect) {
    let (body, footer) = footer::split(area, &keys::footer(&keys(), help));
    // Narrow terminals keep every column for the text.
    let margin = if body.width >= 60 { 2 } else { 1 };
    (body, body.inner(Margin::new(margin, 1)), footer)
}

/// The whole help text, wrapped at `width` columns.
fn lines(help: &Help, view: &View, width: u16) -> Vec<Line<'static>> {
    let theme = view.theme;
    let width = usize::from(width.max(1));
    let mut lines = Vec::new();
    for page in [page_of(help.from), everywhere()] {
        for text in page.text.lines() {
            if let Some(title) = text.strip_prefix("# ") {
                lines.push(Line::styled(title.to_string(), theme.heading()));
            } else if text == "@keys" {
                lines.extend(key_lines(&page.keys, width, theme));
            } else {
                lines.extend(wrap(text, width).into_iter().map(Line::raw));
            }
        }
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled(
        "Settings and records are kept in",
        theme.heading(),
    ));
    let path = view.store.path().display().to_string();
    lines.extend(wrap(&path, width).into_iter().map(Line::raw));
    lines
}

/// The columns of the keys before what they do; keys wider than that get a row of their own.
const KEY_COLUMN: usize = 28;
/// The words keep at least this many columns beside the keys...
const MIN_WORDS: usize = 24;
/// ...and the keys this many, else the words go under their keys.
const MIN_COLUMN: usize = 6;

/// The key lines of a page: keys in a column, what they do beside them, wrapped under itself.
fn key_lines(keys: &[HelpLine], width: usize, theme: &Theme) -> Vec<Line<'static>> {
    let widest = keys.iter().map(|line| text_width(&line.keys)).max();
    // Narrower terminals keep a narrower column: the keys wider than it go on rows of their own.
    let column = (widest.unwrap_or(0) + 2)
        .min(KEY_COLUMN)
        .min(width.saturating_sub(MIN_WORDS));
    let (column, indent) = if column >= MIN_COLUMN {
        (column, column)
    } else {
        (0, 2)
    };
    let mut lines = Vec::new();
    for line in keys {
        let words = wrap(&line.does, width.saturating_sub(indent).max(1));
        let key = Span::styled(line.keys.clone(), theme.key());
        let mut words = words.into_iter();
        if column > 0 && text_width(&line.keys) + 2 <= column {
            let pad = " ".repeat(column - text_width(&line.keys));
            let first = words.next().unwrap_or_default();
            lines.push(Line::from(vec![key, Span::raw(pad), Span::raw(first)]));
        } else {
            lines.extend(
                wrap(&line.keys, width)
                    .into_iter()
                    .map(|keys| Line::styled(keys, theme.key())),
            );
        }
        lines.extend(words.map(|row| Line::raw(format!("{}{row}", " ".repeat(indent)))));
    }
    lines
}

fn text_width(text: &str) -> usize {
    Span::raw(text).width()
}

/// `text` in rows of at most `width` columns, broken between words (a word wider than a row is
/// broken where the row ends). An empty text is one empty row.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut rows = Vec::new();
    let mut row = String::new();
    for word in text.split(' ').filter(|word| !word.is_empty()) {
        let needed = text_width(&row) + usize::from(!row.is_empty()) + text_width(word);
        if !row.is_empty() && needed > width {
            rows.push(std::mem::take(&mut row));
        }
        if !row.is_empty() {
            row.push(' ');
        }
        for c in word.chars() {
            if text_width(&row) + 1 > width {
                rows.push(std::mem::take(&mut row));
            }
            row.push(c);
        }
    }
    if !row.is_empty() || rows.is_empty() {
        rows.push(row);
    }
    rows
}

/// How far the text can scroll in `area`: until its last row is in view.
pub fn max_scroll(help: &Help, view: &View, area: Rect) -> u16 {
    let (_, text_area, _) = geometry(area, help);
    let rows = lines(help, view, text_area.width).len();
    u16::try_from(rows)
        .unwrap_or(u16::MAX)
        .saturating_sub(text_area.height)
}

pub fn render(view: &View, help: &Help, area: Rect, buf: &mut Buffer) {
    let theme = view.theme;
    let (frame, text_area, footer) = geometry(area, help);
    panel(" Help ", theme).render(frame, buf);
    let rows = lines(help, view, text_area.width);
    for (y, line) in
        (text_area.y..text_area.bottom()).zip(rows.iter().skip(usize::from(help.scroll)))
    {
        line.render(
            Rect {
                y,
                height: 1,
                ..text_area
            },
            buf,
        );
    }
    if rows.len() > usize::from(text_area.height) {
        super::scroll_marks(help.scroll, rows.len(), frame, text_area, theme, buf);
    }
    footer::render(&keys::footer(&keys(), help), theme, footer, buf);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_between_words_and_long_ones_break() {
        assert_eq!(wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 10), [""]);
        assert_eq!(wrap("a  b", 10), ["a b"]);
    }

    #[test]
    fn keys_sit_in_a_column_and_their_words_wrap_under_themselves() {
        let keys = [
            HelpLine {
                keys: "u".into(),
                does: "undo the last move, also after the end".into(),
            },
            HelpLine {
                keys: "Arrows / WASD / hjkl".into(),
                does: "move".into(),
            },
        ];
        let text = |width| -> Vec<String> {
            key_lines(&keys, width, &Theme::mono())
                .iter()
                .map(|line| line.to_string())
                .collect()
        };
        assert_eq!(
            text(50),
            [
                "u                     undo the last move, also",
                "                      after the end",
                "Arrows / WASD / hjkl  move",
            ]
        );
        // Narrower: a narrower column, and the keys wider than it on a row of their own.
        assert_eq!(
            text(30),
            [
                "u     undo the last move, also",
                "      after the end",
                "Arrows / WASD / hjkl",
                "      move",
            ]
        );
        // Too narrow for a column: each line's words go under its keys.
        assert_eq!(
            text(28),
            [
                "u",
                "  undo the last move, also",
                "  after the end",
                "Arrows / WASD / hjkl",
                "  move",
            ]
        );
    }
}
