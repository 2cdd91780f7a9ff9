//! Keys on every screen: the movement keys of all three schemes (arrows, WASD, hjkl) move and do
//! nothing else, the keys that mark a game are apart from them, Esc goes back and q quits.

mod common;

use common::drive::RECORDS;
use common::screen::{Fixture, key};
use grid_arcade::app::{Action, Launch};
use grid_arcade::games::GameId;
use grid_arcade::games::twenty48::Direction;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::gomoku::GomokuAction;
use grid_arcade::ui::help::HelpAction;
use grid_arcade::ui::menu::{MenuAction, MenuItem};
use grid_arcade::ui::minesweeper::MinesAction;
use grid_arcade::ui::records::RecordsAction;
use grid_arcade::ui::settings::SettingsAction;
use grid_arcade::ui::tictactoe::TicTacToeAction;
use grid_arcade::ui::twenty48::Twenty48Action;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Size;

/// The movement keys of the three schemes, with the way they point as (rows, columns).
const MOVES: [(KeyCode, (isize, isize)); 12] = [
    (KeyCode::Up, (-1, 0)),
    (KeyCode::Down, (1, 0)),
    (KeyCode::Left, (0, -1)),
    (KeyCode::Right, (0, 1)),
    (KeyCode::Char('w'), (-1, 0)),
    (KeyCode::Char('s'), (1, 0)),
    (KeyCode::Char('a'), (0, -1)),
    (KeyCode::Char('d'), (0, 1)),
    (KeyCode::Char('k'), (-1, 0)),
    (KeyCode::Char('j'), (1, 0)),
    (KeyCode::Char('h'), (0, -1)),
    (KeyCode::Char('l'), (0, 1)),
];

fn launch(game: Option<GameId>) -> Launch {
    Launch {
        seed: Some(3),
        open: game,
        ..Launch::default()
    }
}

/// An app on `screen`, reached from the menu as a player would.
fn on(screen: ScreenId) -> Fixture {
    let game = match screen {
        ScreenId::Game(game) => Some(game),
        _ => None,
    };
    let mut f = Fixture::start(RECORDS, Size::new(100, 35), launch(game));
    let item = match screen {
        ScreenId::Records => Some(MenuItem::Records.position()),
        ScreenId::Settings => Some(MenuItem::Settings.position()),
        ScreenId::Help => Some(MenuItem::Help.position()),
        _ => None,
    };
    if let Some(item) = item {
        f.app.update(Action::Menu(MenuAction::OpenItem(item)));
    }
    assert_eq!(f.app.screen, screen);
    f
}

/// On a list of one column, up and down keys move and sideways keys do nothing.
fn vertical<T>(rows: isize, up: T, down: T) -> Option<T> {
    match rows {
        -1 => Some(up),
        1 => Some(down),
        _ => None,
    }
}

fn action(f: &Fixture, code: KeyCode) -> Option<Action> {
    grid_arcade::app::action_for(&f.app, &key(code))
}

#[test]
fn movement_keys_move_on_every_screen_and_do_nothing_else() {
    for (code, (rows, cols)) in MOVES {
        let expected = [
            (
                ScreenId::Menu,
                vertical(rows, MenuAction::Up, MenuAction::Down).map(Action::Menu),
            ),
            (
                ScreenId::Help,
                vertical(rows, HelpAction::Scroll(-1), HelpAction::Scroll(1)).map(Action::Help),
            ),
            (
                ScreenId::Records,
                // Up and down choose the table, sideways the page.
                Some(Action::Records(match (rows, cols) {
                    (-1, _) => RecordsAction::PreviousTable,
                    (1, _) => RecordsAction::NextTable,
                    (_, -1) => RecordsAction::PreviousPage,
                    _ => RecordsAction::NextPage,
                })),
            ),
            (
                ScreenId::Settings,
                Some(Action::Settings(match (rows, cols) {
                    (-1, _) => SettingsAction::Up,
                    (1, _) => SettingsAction::Down,
                    (_, -1) => SettingsAction::Step(-1),
                    _ => SettingsAction::Step(1),
                })),
            ),
            (
                ScreenId::Game(grid_arcade::play::minesweeper::GAME),
                Some(MinesAction::Move { rows, cols }.into()),
            ),
            (
                ScreenId::Game(grid_arcade::play::tictactoe::GAME),
                Some(TicTacToeAction::Move { rows, cols }.into()),
            ),
            (
                ScreenId::Game(grid_arcade::play::gomoku::GAME),
                Some(GomokuAction::Move { rows, cols }.into()),
            ),
            (
                ScreenId::Game(grid_arcade::play::twenty48::GAME),
                Some(
                    Twenty48Action::Slide(match (rows, cols) {
                        (-1, _) => Direction::Up,
                        (1, _) => Direction::Down,
                        (_, -1) => Direction::Left,
                        _ => Direction::Right,
                    })
                    .into(),
                ),
            ),
        ];
        for (screen, expected) in expected {
            assert_eq!(
                action(&on(screen), code),
                expected,
                "{code:?} on {screen:?}"
            );
        }
    }
}

#[test]
fn the_keys_that_mark_a_game_are_apart_from_every_movement_key() {
    let cases = [
        (
            ScreenId::Game(grid_arcade::play::minesweeper::GAME),
            KeyCode::Char('t'),
            Action::from(MinesAction::Hint),
        ),
        (
            ScreenId::Game(grid_arcade::play::tictactoe::GAME),
            KeyCode::Char('t'),
            Action::from(TicTacToeAction::Hint),
        ),
        (
            ScreenId::Game(grid_arcade::play::twenty48::GAME),
            KeyCode::Char('t'),
            Action::from(Twenty48Action::Hint),
        ),
        (
            ScreenId::Game(grid_arcade::play::gomoku::GAME),
            KeyCode::Char('t'),
            Action::from(GomokuAction::Hint),
        ),
        (
            ScreenId::Game(grid_arcade::play::gomoku::GAME),
            KeyCode::Char('u'),
            Action::from(GomokuAction::Undo),
        ),
        (
            ScreenId::Game(grid_arcade::play::twenty48::GAME),
            KeyCode::Char('A'),
            Action::from(Twenty48Action::Autoplay),
        ),
    ];
    for (screen, code, expected) in cases {
        assert!(MOVES.iter().all(|(m, _)| *m != code));
        assert_eq!(action(&on(screen), code), Some(expected), "{code:?}");
    }
}

#[test]
fn esc_goes_back_everywhere_but_the_menu_and_q_quits_everywhere() {
    let screens = [
        ScreenId::Menu,
        ScreenId::Help,
        ScreenId::Records,
        ScreenId::Settings,
        ScreenId::Game(grid_arcade::play::minesweeper::GAME),
        ScreenId::Game(grid_arcade::play::tictactoe::GAME),
        ScreenId::Game(grid_arcade::play::twenty48::GAME),
        ScreenId::Game(grid_arcade::play::gomoku::GAME),
    ];
    for screen in screens {
        let mut f = on(screen);
        assert_eq!(
            action(&f, KeyCode::Char('q')),
            Some(Action::Quit),
            "{screen:?}"
        );
        // Esc leads back to the menu; on the menu it does nothing at all.
        f.send(key(KeyCode::Esc));
        assert_eq!(f.app.screen, ScreenId::Menu, "Esc on {screen:?}");
        assert!(!f.app.quit, "Esc on {screen:?} does not quit");
    }
}

#[test]
fn the_menus_help_is_the_general_help_whatever_was_opened_before() {
    let mut f = on(ScreenId::Game(grid_arcade::play::minesweeper::GAME));
    f.send(key(KeyCode::Char('?')));
    assert_eq!(f.app.screen, ScreenId::Help);
    f.send(key(KeyCode::Esc));
    assert_eq!(
        f.app.screen,
        ScreenId::Game(grid_arcade::play::minesweeper::GAME)
    );
    f.send(key(KeyCode::Esc));
    assert_eq!(f.app.screen, ScreenId::Menu);
    f.app.update(Action::Menu(MenuAction::OpenItem(
        MenuItem::Help.position(),
    )));
    let shown = common::screen::text(&common::screen::draw(&f.app));
    assert!(shown.contains("Main menu"), "{shown}");
    assert!(
        !shown.contains("# Minesweeper") && !shown.contains("Open every cell"),
        "{shown}"
    );
    f.send(key(KeyCode::Esc));
    assert_eq!(f.app.screen, ScreenId::Menu);
}
