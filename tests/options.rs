//! A game's options (`o`) while it is played: they show the settings of the game on screen (the
//! command line's included), an option that does not shape the game leaves it alone, one that
//! does applies to the next game and says so, and the daily challenge's board never becomes
//! what the menu starts.

mod common;

use common::drive::minesweeper::{move_to, play};
use common::screen::{Fixture, draw, key, send, text};
use grid_arcade::app::{Action, App, Launch};
use grid_arcade::games::minesweeper::{BoardSize, CellView, Difficulty, Pos};
use grid_arcade::play::minesweeper::settings::DIFFICULTY;
use grid_arcade::play::minesweeper::{self, Session as MinesSession};
use grid_arcade::play::twenty48::settings::SIZE;
use grid_arcade::play::twenty48::{self, Session as TilesSession};
use grid_arcade::store::SettingValue;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::daily::DailyAction;
use grid_arcade::ui::menu::{MenuAction, MenuItem};
use grid_arcade::ui::minesweeper::{MinesAction, MinesweeperScreen};
use grid_arcade::ui::twenty48::Twenty48Screen;
use ratatui::crossterm::event::KeyCode;

fn mines(app: &App) -> &MinesSession {
    &app.games.find::<MinesweeperScreen>().unwrap().session
}

fn tiles(app: &App) -> &TilesSession {
    &app.games.find::<Twenty48Screen>().unwrap().session
}

/// The line of the screen that names `label`.
fn line_of(app: &App, label: &str) -> String {
    let screen = text(&draw(app));
    (screen.lines())
        .find(|line| line.contains(label))
        .unwrap_or_else(|| panic!("no {label} on screen:\n{screen}"))
        .to_string()
}

fn keys(f: &mut Fixture, codes: &[KeyCode]) {
    for &code in codes {
        send(&mut f.app, key(code));
    }
}

/// Opens the options of the game shown and moves to the setting `steps` lines down.
fn open_options_at(f: &mut Fixture, steps: usize) {
    keys(f, &[KeyCode::Char('o')]);
    assert_eq!(f.app.screen, ScreenId::Settings);
    for _ in 0..steps {
        keys(f, &[KeyCode::Down]);
    }
}

fn launch_2048_of_size_3() -> Launch {
    Launch {
        seed: Some(12),
        open: Some(twenty48::GAME),
        pins: vec![(&SIZE, SettingValue::Number(3))],
        ..Launch::default()
    }
}

fn launch_expert() -> Launch {
    Launch {
        seed: Some(12),
        open: Some(minesweeper::GAME),
        pins: vec![(&DIFFICULTY, SettingValue::Choice("expert"))],
        ..Launch::default()
    }
}

#[test]
fn the_2048_options_show_the_board_played_and_autoplay_speed_leaves_the_game_alone() {
    let mut f = Fixture::with_data("", launch_2048_of_size_3());
    keys(&mut f, &[KeyCode::Left, KeyCode::Up, KeyCode::Right]);
    let (code, moves) = (tiles(&f.app).code(), tiles(&f.app).game.moves());
    assert!(moves >= 2, "{moves}");
    open_options_at(&mut f, 0);
    assert!(line_of(&f.app, "Board size").contains('3'));
    // Autoplay speed, two lines down, one step.
    keys(
        &mut f,
        &[KeyCode::Down, KeyCode::Down, KeyCode::Right, KeyCode::Esc],
    );
    assert_eq!(f.app.screen, ScreenId::Game(twenty48::GAME));
    assert_eq!(tiles(&f.app).code(), code);
    assert_eq!(tiles(&f.app).game.moves(), moves);
    assert!(f.app.notices.is_empty(), "{:?}", f.app.notices);
}

#[test]
fn a_2048_size_changed_in_the_options_applies_to_the_next_game_and_says_so() {
    let mut f = Fixture::with_data("", launch_2048_of_size_3());
    keys(&mut f, &[KeyCode::Left, KeyCode::Up, KeyCode::Right]);
    let code = tiles(&f.app).code();
    open_options_at(&mut f, 0);
    keys(&mut f, &[KeyCode::Right, KeyCode::Esc]);
    assert_eq!(tiles(&f.app).code(), code, "the 3x3 game goes on");
    let notice = f.app.notices.front().cloned().unwrap_or_default();
    assert!(
        notice.contains("Board size 4 applies to the next game"),
        "{notice}"
    );
    keys(
        &mut f,
        &[KeyCode::Enter, KeyCode::Char('n'), KeyCode::Char('y')],
    );
    assert_eq!(tiles(&f.app).game.size(), 4);
}

/// A Minesweeper game of the launch, its first cell revealed.
fn expert_in_progress() -> Fixture {
    let mut f = Fixture::with_data("", launch_expert());
    move_to(&mut f.app, Pos::new(8, 15));
    play(&mut f.app, MinesAction::Reveal);
    assert!(mines(&f.app).in_progress());
    f
}

#[test]
fn the_minesweeper_options_show_the_level_played_and_colours_change_nothing_else() {
    let mut f = expert_in_progress();
    let code = mines(&f.app).code();
    open_options_at(&mut f, 0);
    assert!(line_of(&f.app, "Difficulty").contains("expert"));
    // Number colours is the last of the seven.
    for _ in 0..6 {
        keys(&mut f, &[KeyCode::Down]);
    }
    let before = line_of(&f.app, "Number colours");
    keys(&mut f, &[KeyCode::Right]);
    assert_ne!(line_of(&f.app, "Number colours"), before);
    keys(&mut f, &[KeyCode::Esc]);
    assert_eq!(mines(&f.app).code(), code, "the same game goes on");
    assert!(f.app.notices.is_empty(), "{:?}", f.app.notices);
    keys(&mut f, &[KeyCode::Char('n'), KeyCode::Char('y')]);
    assert_eq!(mines(&f.app).setup.size, BoardSize::EXPERT);
    assert_ne!(mines(&f.app).code(), code);
}

#[test]
fn a_level_changed_in_the_options_applies_to_the_next_game_and_says_so() {
    let mut f = expert_in_progress();
    let code = mines(&f.app).code();
    open_options_at(&mut f, 0);
    keys(&mut f, &[KeyCode::Left, KeyCode::Esc]);
    assert_eq!(mines(&f.app).code(), code, "the game in progress goes on");
    let notice = f.app.notices.front().cloned().unwrap_or_default();
    assert!(
        notice.contains("Difficulty medium applies to the next game"),
        "{notice}"
    );
    keys(
        &mut f,
        &[KeyCode::Enter, KeyCode::Char('n'), KeyCode::Char('y')],
    );
    assert_eq!(mines(&f.app).setup.difficulty, Difficulty::Medium);
}

#[test]
fn a_game_not_begun_keeps_its_board_when_only_colours_change() {
    let mut f = Fixture::with_data("", launch_expert());
    let code = mines(&f.app).code();
    open_options_at(&mut f, 6);
    let before = line_of(&f.app, "Number colours");
    keys(&mut f, &[KeyCode::Right]);
    assert_ne!(line_of(&f.app, "Number colours"), before);
    keys(&mut f, &[KeyCode::Esc]);
    assert_eq!(mines(&f.app).setup.size, BoardSize::EXPERT);
    assert_eq!(mines(&f.app).code(), code);
}

#[test]
fn the_daily_board_never_becomes_what_the_menu_starts() {
    let mut f = Fixture::with_data("", Launch::default());
    f.app.update(Action::Menu(MenuAction::OpenItem(
        MenuItem::Daily.position(),
    )));
    f.app.update(Action::Daily(DailyAction::PlayItem(0)));
    assert_eq!(mines(&f.app).setup.size, BoardSize::CLASSIC);
    // `n` in the daily game names the game it would start, and no keeps the daily game.
    send(&mut f.app, key(KeyCode::Char('n')));
    let asked = text(&draw(&f.app));
    assert!(
        asked.contains("The new game: Beginner 9x9, 10 mines"),
        "{asked}"
    );
    send(&mut f.app, key(KeyCode::Char('n')));
    assert!(mines(&f.app).daily.is_some());
    // Cells revealed in reading order until one is a mine.
    while !mines(&f.app).game.status().is_over() {
        let game = &mines(&f.app).game;
        let hidden = (0..16)
            .flat_map(|row| (0..30).map(move |col| Pos::new(row, col)))
            .find(|&pos| game.cell(pos) == CellView::Hidden)
            .unwrap();
        move_to(&mut f.app, hidden);
        play(&mut f.app, MinesAction::Reveal);
    }
    assert!(mines(&f.app).game.status().is_over());
    send(&mut f.app, key(KeyCode::Esc));
    send(&mut f.app, key(KeyCode::Esc));
    // The daily game goes back to the Daily screen, and that to the menu.
    assert_eq!(f.app.screen, ScreenId::Daily);
    send(&mut f.app, key(KeyCode::Esc));
    assert_eq!(f.app.screen, ScreenId::Menu);
    send(&mut f.app, key(KeyCode::Char('1')));
    assert_eq!(mines(&f.app).setup.difficulty, Difficulty::Beginner);
    assert!(mines(&f.app).daily.is_none());
    assert!(line_of(&f.app, "Beginner").contains("9x9"));
}
