//! Key tables. Each screen lists its keys once: what is pressed, what it does, and in which state
//! of the screen it applies. The screen's input mapping, its footer and its help page are all
//! read from that one list, so that what the footer or the help says is always what the keys do.
//! Mouse gestures are listed too, for the help page; the screen's layout maps them.

use std::borrow::Cow;

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use super::footer::{self, Hint};
use crate::store::settings::Setting;

mod press;

pub use press::{Press, item, shortcut, shortcuts};

/// One line of a key table: the keys, what they do, and when.
pub struct Binding<S, A> {
    keys: Vec<Press>,
    /// How many of the keys the footer names; the others are other ways to press the same.
    shown: usize,
    /// What the keys do, in a word or two, for the footer; `None`: named on the help page only.
    short: Option<&'static str>,
    /// The footer's word in a state, when it depends on what the state holds.
    said: Option<fn(&S) -> &'static str>,
    /// What the keys do, for the help page; empty: a footer-only variant of another line.
    long: Cow<'static, str>,
    /// Whether the line applies in a state of the screen.
    when: fn(&S) -> bool,
    /// Whether the footer names it in a state where it applies (a footer keeps to the keys a
    /// player needs most, the help page has them all).
    named: fn(&S) -> bool,
    /// The action of a key of the line in a state; `None` leaves it to the next lines.
    act: fn(&S, &KeyEvent) -> Option<A>,
}

impl<S, A> Binding<S, A> {
    /// `keys` do what `long` says, by `act`, in every state; the footer does not name them.
    pub fn new(
        keys: &[Press],
        long: impl Into<Cow<'static, str>>,
        act: fn(&S, &KeyEvent) -> Option<A>,
    ) -> Binding<S, A> {
        Binding {
            keys: keys.to_vec(),
            shown: 1,
            short: None,
            said: None,
            long: long.into(),
            when: |_| true,
            named: |_| true,
            act,
        }
    }

    /// The letter `key` does what `long` says, by `act`.
    pub fn letter(
        key: char,
        long: impl Into<Cow<'static, str>>,
        act: fn(&S, &KeyEvent) -> Option<A>,
    ) -> Binding<S, A> {
        Binding::new(&[Press::Key(KeyCode::Char(key))], long, act)
    }

    /// A mouse gesture, for the help page: the screen's layout maps it.
    pub fn mouse(gesture: &'static str, long: &'static str) -> Binding<S, A> {
        Binding::new(&[Press::Mouse(gesture)], long, |_, _| None)
    }

    /// The footer names the line's first key with `short`.
    pub fn footer(self, short: &'static str) -> Binding<S, A> {
        Binding {
            short: Some(short),
            ..self
        }
    }

    /// The footer names the line only in the states where `named` holds.
    pub fn footer_when(self, short: &'static str, named: fn(&S) -> bool) -> Binding<S, A> {
        Binding {
            short: Some(short),
            named,
            ..self
        }
    }

    /// The footer's word comes from the state, in the states where the footer names the line.
    pub fn saying(self, said: fn(&S) -> &'static str) -> Binding<S, A> {
        Binding {
            said: Some(said),
            ..self
        }
    }

    /// The footer names the first `shown` keys (`Home/End`).
    pub fn showing(self, shown: usize) -> Binding<S, A> {
        Binding { shown, ..self }
    }

    /// The line applies only in the states where `when` holds.
    pub fn when(self, when: fn(&S) -> bool) -> Binding<S, A> {
        Binding { when, ..self }
    }

    pub fn keys(&self) -> &[Press] {
        &self.keys
    }

    pub fn applies(&self, state: &S) -> bool {
        (self.when)(state)
    }

    /// The footer's hint of the line in `state`, if it has one.
    pub fn hint(&self, state: &S) -> Option<Hint> {
        let short = self.said.map_or(self.short?, |said| said(state));
        let names: Vec<Cow<str>> = (self.keys.iter().take(self.shown))
            .map(|press| press.short_name())
            .collect();
        Some((names.join("/").into(), short))
    }
}

/// The action `key` means in `state`: the first line that applies, has the key and acts on it.
/// Keys held with a modifier are looked up first among the lines that ask for it.
pub fn action<S, A>(table: &[Binding<S, A>], state: &S, key: &KeyEvent) -> Option<A> {
    [true, false].into_iter().find_map(|modified| {
        table.iter().find_map(|binding| {
            let pressed = (binding.keys.iter())
                .any(|press| press.modified() == modified && press.matches(key));
            if pressed && binding.applies(state) {
                (binding.act)(state, key)
            } else {
                None
            }
        })
    })
}

/// The footer of `state`: the hints of the lines that apply, in the table's order.
pub fn footer<S, A>(table: &[Binding<S, A>], state: &S) -> Vec<Hint> {
    (table.iter())
        .filter(|binding| binding.applies(state) && (binding.named)(state))
        .filter_map(|binding| binding.hint(state))
        .collect()
}

/// A screen whose keys are a table, looked up in a mode of its state.
pub trait KeyTable {
    /// What the keys depend on.
    type Mode;
    type Action;
    fn keys() -> Vec<Binding<Self::Mode, Self::Action>>;
    fn mode(&self) -> Self::Mode;

    /// The keys the footer names in the current mode.
    fn footer(&self) -> Vec<Hint> {
        footer(&Self::keys(), &self.mode())
    }
}

/// The rows the footer of `table` takes at `width` in whichever of `states` needs most: a screen
/// keeps them in each of those states, so that nothing above the footer moves between them.
pub fn footer_height<S, A>(table: &[Binding<S, A>], states: &[S], width: u16) -> u16 {
    (states.iter())
        .map(|state| footer::height(&footer(table, state), width))
        .max()
        .unwrap_or(1)
}

/// A line of a help page: the keys, and what they do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpLine {
    pub keys: String,
    pub does: Cow<'static, str>,
}

/// The help page's lines of a table: every line with something to say, whatever the state.
pub fn help<S, A>(table: &[Binding<S, A>]) -> Vec<HelpLine> {
    (table.iter())
        .filter(|binding| !binding.long.is_empty())
        .map(|binding| HelpLine {
            keys: (binding.keys.iter())
                .map(|press| press.name())
                .collect::<Vec<_>>()
                .join(" / "),
            does: binding.long.clone(),
        })
        .collect()
}

/// A help page: its title, rules and notes, with its keys where the text asks for them.
pub struct HelpPage {
    /// `# Title` first; a line `@keys` stands where the keys go.
    pub text: &'static str,
    pub keys: Vec<HelpLine>,
}

impl HelpPage {
    pub fn new<S, A>(text: &'static str, table: &[Binding<S, A>]) -> HelpPage {
        HelpPage {
            text,
            keys: help(table),
        }
    }
}

/// A key of the app's (see [`everywhere`]) in a screen's footer: `? help`, `q quit`.
pub fn app_key<S, A>(key: char, short: &'static str) -> Binding<S, A> {
    Binding::new(&[Press::Key(KeyCode::Char(key))], "", |_, _| None).footer(short)
}

/// A game's `o`, by `act`: its help names the options it opens, from the game's own settings.
pub fn options<S, A>(settings: &[&Setting], act: fn(&S, &KeyEvent) -> Option<A>) -> Binding<S, A> {
    let names: Vec<String> = (settings.iter())
        .map(|setting| setting.label.to_lowercase())
        .collect();
    Binding::letter('o', format!("options: {}", names.join(", ")), act).footer("options")
}

/// A screen's Esc, by `act`, named in the footer.
pub fn back<S, A>(long: &'static str, act: fn(&S, &KeyEvent) -> Option<A>) -> Binding<S, A> {
    Binding::new(&[Press::Key(KeyCode::Esc)], long, act).footer("back")
}

/// A daily game's `y` at its end, by `act`, in the states where `ended` holds.
pub fn share<S, A>(act: fn(&S, &KeyEvent) -> Option<A>, ended: fn(&S) -> bool) -> Binding<S, A> {
    Binding::letter(
        'y',
        "at the end of a daily game: copy the day's share line",
        act,
    )
    .footer("copy share line")
    .when(ended)
}

/// What the keys that work on every screen do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Everywhere {
    Help,
    Quit,
    Suspend,
}

/// The keys that work on every screen (the app applies them before the screen's own).
pub fn everywhere() -> Vec<Binding<(), Everywhere>> {
    use KeyCode::{Char, F};
    vec![
        Binding::new(
            &[Press::Key(Char('?')), Press::Key(F(1))],
            "help for the screen you are on",
            |_, _| Some(Everywhere::Help),
        ),
        Binding::letter(
            'q',
            "quit; games in progress are kept and offered next time",
            |_, _| Some(Everywhere::Quit),
        ),
        Binding::new(&[Press::Ctrl('c')], "save and quit", |_, _| {
            Some(Everywhere::Quit)
        }),
        Binding::new(
            &[Press::Ctrl('z')],
            "suspend (fg in the shell brings the arcade back)",
            |_, _| Some(Everywhere::Suspend),
        ),
    ]
}

/// The keys of a yes-or-no question: y or Enter says yes, n no (and so does any other key).
pub fn question() -> Vec<Binding<(), bool>> {
    vec![
        Binding::new(
            &[Press::Key(KeyCode::Char('y')), Press::Key(KeyCode::Enter)],
            "yes",
            |_, _| Some(true),
        )
        .footer("yes"),
        Binding::letter('n', "no", |_, _| Some(false)).footer("no"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyModifiers;

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Act {
        Move,
        Far,
        Undo,
        Won,
        Pick(usize),
    }

    /// A screen with one state: whether the game is won.
    fn table() -> Vec<Binding<bool, Act>> {
        vec![
            Binding::new(&[Press::Moves], "move", |_, _| Some(Act::Move)).footer("move"),
            Binding::new(&[Press::ShiftLeftRight], "far", |_, _| Some(Act::Far)),
            Binding::new(
                &[
                    Press::Key(KeyCode::Char('u')),
                    Press::Key(KeyCode::Backspace),
                ],
                "undo",
                |_, _| Some(Act::Undo),
            )
            .footer("undo"),
            Binding::new(
                &[Press::Key(KeyCode::Enter)],
                "after a win: go on",
                |_, _| Some(Act::Won),
            )
            .footer("go on")
            .when(|won| *won),
            Binding::new(&[Press::Items(3)], "pick", |_, key| {
                item(key, 3).map(Act::Pick)
            }),
        ]
    }

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn keys_act_where_their_line_applies() {
        let table = table();
        let plain = |code| press(code, KeyModifiers::NONE);
        assert_eq!(
            action(&table, &false, &plain(KeyCode::Char('k'))),
            Some(Act::Move)
        );
        assert_eq!(
            action(&table, &false, &plain(KeyCode::Backspace)),
            Some(Act::Undo)
        );
        assert_eq!(action(&table, &false, &plain(KeyCode::Enter)), None);
        assert_eq!(
            action(&table, &true, &plain(KeyCode::Enter)),
            Some(Act::Won)
        );
        assert_eq!(
            action(&table, &true, &plain(KeyCode::Char('3'))),
            Some(Act::Pick(2))
        );
        assert_eq!(action(&table, &true, &plain(KeyCode::Char('4'))), None);
        // Shift-Left is its own key, wherever its line is.
        let shifted = press(KeyCode::Left, KeyModifiers::SHIFT);
        assert_eq!(action(&table, &false, &shifted), Some(Act::Far));
    }

    #[test]
    fn the_footer_and_the_help_come_from_the_table() {
        let table = table();
        let hints = |won| {
            footer(&table, &won)
                .into_iter()
                .map(|(keys, does)| format!("{keys} {does}"))
                .collect::<Vec<_>>()
        };
        assert_eq!(hints(false), ["←↑↓→ move", "u undo"]);
        assert_eq!(hints(true), ["←↑↓→ move", "u undo", "Enter go on"]);
        let lines: Vec<String> = help(&table)
            .into_iter()
            .map(|line| format!("{}: {}", line.keys, line.does))
            .collect();
        assert_eq!(
            lines,
            [
                "Arrows / WASD / hjkl: move",
                "Shift-Left Right: far",
                "u / Backspace: undo",
                "Enter: after a win: go on",
                "1-3: pick",
            ]
        );
    }
}
