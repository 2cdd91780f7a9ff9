//! Terminal events to actions. Keys that work everywhere are decided here; the rest goes to the
//! shown screen's own mapping, which hit-tests the mouse against that screen's geometry.

use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind, MouseEventKind};
use ratatui::layout::Size;

use super::{Action, App, fits};
use crate::ui::keys::{self, Everywhere};
use crate::ui::{self, ScreenId, games};

pub fn action_for(app: &App, event: &Event) -> Option<Action> {
    match event {
        Event::Resize(width, height) => return Some(Action::Resize(Size::new(*width, *height))),
        Event::FocusLost => return Some(Action::FocusLost),
        Event::FocusGained => return Some(Action::FocusGained),
        Event::Key(key) if key.kind == KeyEventKind::Release => return None,
        _ => {}
    }
    let everywhere = match event {
        Event::Key(key) => keys::action(&keys::everywhere(), &(), key),
        _ => None,
    };
    // In the field of a code every letter types (q too), and ? is not a letter of codes.
    let typing = app.screen == ScreenId::Menu && app.menu.typing();
    let plain_q = matches!(event, Event::Key(key) if key.code == KeyCode::Char('q'));
    match everywhere {
        // Quitting never takes two presses: it goes over a notice too.
        Some(Everywhere::Quit) if !(typing && plain_q) => return Some(Action::Quit),
        Some(Everywhere::Suspend) => return Some(Action::Suspend),
        _ => {}
    }
    if !app.notices.is_empty() {
        return is_press(event).then_some(Action::DismissNotice);
    }
    let area = app.screen_area();
    // Behind the size message nothing acts blind: no click, no key but Esc, which leaves.
    let leaves = matches!(event, Event::Key(key) if key.code == KeyCode::Esc);
    if !fits(app, area) && !leaves {
        return None;
    }
    if everywhere == Some(Everywhere::Help) && app.screen != ScreenId::Help && !typing {
        return Some(Action::OpenHelp);
    }
    match app.screen {
        ScreenId::Menu => ui::menu::action_for(event, area, &app.menu).map(Action::Menu),
        ScreenId::Daily => ui::daily::action_for(event, area, &app.daily).map(Action::Daily),
        ScreenId::Records => {
            let tables = games::tables(&app.store);
            let daily = games::daily(&app.store);
            ui::records::action_for(event, area, &app.records, &tables, &daily, &app.theme)
                .map(Action::Records)
        }
        ScreenId::Settings => {
            ui::settings::action_for(event, area, &app.settings).map(Action::Settings)
        }
        ScreenId::Help => ui::help::action_for(event, &app.help).map(Action::Help),
        ScreenId::Replay => app
            .replay
            .as_ref()
            .and_then(|replay| ui::replay::action_for(event, replay))
            .map(Action::Replay),
        ScreenId::Game(game) => app
            .games
            .get(game)
            .and_then(|screen| screen.action_for(event, area, &app.view()))
            .map(Action::Game),
    }
}

/// A key press or a mouse button press: what dismisses a notice.
fn is_press(event: &Event) -> bool {
    match event {
        Event::Key(_) => true,
        Event::Mouse(mouse) => matches!(mouse.kind, MouseEventKind::Down(_)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Launch;
    use crate::store::Store;
    use crate::ui::menu::MenuAction;
    use crate::ui::theme::TerminalTraits;
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers, MouseButton, MouseEvent};

    fn app() -> App {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("config.toml"), games::schema()).unwrap();
        App::new(
            store,
            TerminalTraits::default(),
            Size::new(80, 24),
            Launch::default(),
            None,
            None,
        )
    }

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn click(column: u16, row: u16) -> Event {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    }

    #[test]
    fn menu_keys() {
        let app = app();
        let table = [
            (key(KeyCode::Up), Some(Action::Menu(MenuAction::Up))),
            (key(KeyCode::Char('k')), Some(Action::Menu(MenuAction::Up))),
            (key(KeyCode::Down), Some(Action::Menu(MenuAction::Down))),
            (
                key(KeyCode::Char('j')),
                Some(Action::Menu(MenuAction::Down)),
            ),
            (key(KeyCode::Enter), Some(Action::Menu(MenuAction::Open))),
            (
                key(KeyCode::Char('3')),
                Some(Action::Menu(MenuAction::OpenItem(2))),
            ),
            // Ten items: 0 opens the tenth.
            (
                key(KeyCode::Char('0')),
                Some(Action::Menu(MenuAction::OpenItem(9))),
            ),
            (key(KeyCode::Char('q')), Some(Action::Quit)),
            (key(KeyCode::Esc), None),
            (key(KeyCode::Char('?')), Some(Action::OpenHelp)),
            (key(KeyCode::F(1)), Some(Action::OpenHelp)),
            (
                Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
                Some(Action::Quit),
            ),
            (Event::Resize(10, 5), Some(Action::Resize(Size::new(10, 5)))),
        ];
        for (event, expected) in table {
            assert_eq!(action_for(&app, &event), expected, "{event:?}");
        }
    }

    #[test]
    fn a_click_opens_the_item_drawn_under_it() {
        let app = app();
        let geometry = ui::menu::geometry(app.screen_area(), app.menu.selected);
        for i in 0..ui::menu::items().len() {
            let row = geometry.item(i);
            let event = click(row.x + 3, row.y);
            assert_eq!(
                action_for(&app, &event),
                Some(Action::Menu(MenuAction::OpenItem(i)))
            );
        }
        assert_eq!(action_for(&app, &click(0, 0)), None);
    }

    #[test]
    fn key_releases_and_keys_and_clicks_in_a_too_small_terminal_do_nothing() {
        let mut app = app();
        let release = Event::Key(KeyEvent::new_with_kind(
            KeyCode::Down,
            KeyModifiers::NONE,
            KeyEventKind::Release,
        ));
        assert_eq!(action_for(&app, &release), None);
        app.update(Action::Resize(Size::new(1, 1)));
        assert_eq!(action_for(&app, &click(0, 0)), None);
        for code in [
            KeyCode::Down,
            KeyCode::Enter,
            KeyCode::Char(' '),
            KeyCode::Char('?'),
        ] {
            assert_eq!(action_for(&app, &key(code)), None, "{code:?}");
        }
        // q still quits, and Esc still leaves a screen.
        assert_eq!(
            action_for(&app, &key(KeyCode::Char('q'))),
            Some(Action::Quit)
        );
        app.update(Action::Menu(MenuAction::OpenItem(
            ui::menu::MenuItem::Settings.position(),
        )));
        assert_eq!(app.screen, ScreenId::Settings);
        assert!(action_for(&app, &key(KeyCode::Esc)).is_some());
    }

    #[test]
    fn a_notice_takes_the_next_key() {
        let mut app = app();
        app.notices.push_back("something happened".into());
        assert_eq!(
            action_for(&app, &key(KeyCode::Down)),
            Some(Action::DismissNotice)
        );
        assert_eq!(action_for(&app, &click(5, 5)), Some(Action::DismissNotice));
    }
}
