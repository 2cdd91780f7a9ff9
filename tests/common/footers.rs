//! Footers checked against the keys: every key a footer names acts where it is shown and is on the
//! help page; on a card every key that acts there is named too, itself or on the same help line as
//! a key it names (an alias: Backspace beside u). Movement and paging keys are left to the help
//! page.

use grid_arcade::app::App;
use grid_arcade::ui::footer::Hint;
use grid_arcade::ui::help::page_of;
use grid_arcade::ui::keys::{self, HelpLine, Press};
use grid_arcade::ui::{self, ScreenId};
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

/// The footer of the screen shown, as it draws it.
fn footer_of(app: &App) -> Vec<Hint> {
    match app.screen {
        ScreenId::Menu => keys::footer(&ui::menu::keys(), &app.menu),
        ScreenId::Daily => keys::footer(&ui::daily::keys(), &app.daily),
        ScreenId::Settings => keys::footer(&ui::settings::keys(), &app.settings),
        ScreenId::Help => keys::footer(&ui::help::keys(), &app.help),
        ScreenId::Records => {
            let tables = ui::games::tables(&app.store);
            let daily = ui::games::daily(&app.store);
            let (_, geometry) = app
                .records
                .layout(&tables, &daily, app.screen_area(), &app.theme);
            match app.records.games {
                Some(_) => keys::footer(&ui::records::keys(), &app.records.mode(false)),
                None => geometry.hints,
            }
        }
        ScreenId::Replay => keys::footer(&ui::replay::keys(), app.replay.as_ref().unwrap()),
        ScreenId::Game(game) => app.games.get(game).unwrap().footer(),
    }
}

/// The key events a footer's key names: the first of a range, an arrow for the arrows.
fn events_of(name: &str) -> Vec<KeyEvent> {
    let plain = |code| KeyEvent::new(code, KeyModifiers::NONE);
    name.split('/')
        .map(|part| match part {
            "←↑↓→" | "↑↓" => plain(KeyCode::Up),
            "←→" => plain(KeyCode::Left),
            "Shift-←→" => KeyEvent::new(KeyCode::Left, KeyModifiers::SHIFT),
            "Space" => plain(KeyCode::Char(' ')),
            "Enter" => plain(KeyCode::Enter),
            "Esc" => plain(KeyCode::Esc),
            "Backspace" => plain(KeyCode::Backspace),
            "Home" => plain(KeyCode::Home),
            "End" => plain(KeyCode::End),
            "PgUp" => plain(KeyCode::PageUp),
            "PgDn" => plain(KeyCode::PageDown),
            range if range.len() > 1 && range.contains('-') => {
                plain(KeyCode::Char(range.chars().next().unwrap()))
            }
            single => {
                let mut chars = single.chars();
                let c = chars.next().unwrap();
                assert!(
                    chars.next().is_none(),
                    "a key name the test does not know: {single}"
                );
                plain(KeyCode::Char(c))
            }
        })
        .collect()
}

/// The keys that act on a screen without moving or paging: letters, digits and the named keys.
fn candidates() -> Vec<KeyEvent> {
    let moving = "wasdhjklq?";
    let chars = ('a'..='z')
        .chain('A'..='Z')
        .chain('0'..='9')
        .chain([' ', '-', '+', '='])
        .filter(|c| !moving.contains(*c));
    chars
        .map(KeyCode::Char)
        .chain([
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Backspace,
            KeyCode::Tab,
            KeyCode::BackTab,
            KeyCode::Delete,
        ])
        .map(|code| KeyEvent::new(code, KeyModifiers::NONE))
        .collect()
}

/// Whether the help line's keys name `key`, itself or in a range of digits.
fn names(line: &HelpLine, key: &str) -> bool {
    line.keys
        .split(" / ")
        .any(|name| name == key || in_range(name, key))
}

/// Whether a range of digits as keys are named (`1-9`, `1-9,0`) holds the digit `key`.
fn in_range(range: &str, key: &str) -> bool {
    let mut chars = key.chars();
    let (Some(digit), None) = (chars.next(), chars.next()) else {
        return false;
    };
    match range.as_bytes() {
        _ if !digit.is_ascii_digit() => false,
        b"1-9,0" => true,
        [from, b'-', to] => (*from..=*to).contains(&(digit as u8)),
        _ => false,
    }
}

/// Whether the help line names the movement keys a footer draws as `arrows`.
fn names_arrows(line: &HelpLine, arrows: &str) -> bool {
    let press = match arrows {
        "←↑↓→" => Press::Moves,
        "↑↓" => Press::UpDown,
        "←→" => Press::LeftRight,
        "Shift-←→" => Press::ShiftLeftRight,
        _ => return false,
    };
    line.keys.starts_with(&*press.name())
}

/// Checks that every key the footer of the screen shown names acts there and is on its help
/// page; `what` names the state in messages. While a game is played the footer keeps to the keys
/// needed most (`r` restart is on the help page).
pub fn check(app: &App, what: &str) {
    check_footer(app, what, false);
}

/// Checks a card (the end of a game, a question): besides what [`check`] checks, every key that
/// acts there is named.
pub fn check_card(app: &App, what: &str) {
    check_footer(app, what, true);
}

fn check_footer(app: &App, what: &str, exact: bool) {
    let footer = footer_of(app);
    let help = page_of(app.screen).keys;
    let act = |event: &KeyEvent| grid_arcade::app::action_for(app, &Event::Key(*event));
    let shown: Vec<&str> = footer
        .iter()
        .flat_map(|(keys, _)| keys.split('/'))
        .collect();
    for (keys, does) in &footer {
        for event in events_of(keys) {
            assert!(
                act(&event).is_some(),
                "{what}: \"{keys} {does}\" does nothing"
            );
        }
        if keys != "?" && keys != "q" {
            let first = keys.split('/').next().unwrap();
            assert!(
                help.iter()
                    .any(|line| names(line, first) || names_arrows(line, first)),
                "{what}: the help page does not name {keys}"
            );
        }
    }
    for event in candidates().into_iter().filter(|_| exact) {
        let Some(action) = act(&event) else { continue };
        let name = Press::Key(event.code).name();
        let named = shown.contains(&&*name)
            || help
                .iter()
                .any(|line| names(line, &name) && shown.iter().any(|shown| names(line, shown)));
        assert!(
            named,
            "{what}: {name} acts ({action:?}) but the footer {:?} does not name it",
            footer
                .iter()
                .map(|(k, d)| format!("{k} {d}"))
                .collect::<Vec<_>>()
        );
    }
}
