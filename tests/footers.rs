//! Every footer names keys that work where it is shown, and every card exactly those (see
//! `common::footers`), on
//! every screen and in the states of each: the menu and its code field, settings (a number being
//! typed), records (its reset question and list of games), help, and each game playing and over.

mod common;

use common::drive::RECORDS;
use common::footers;
use common::screen::{Fixture, key};
use grid_arcade::app::{Action, Launch};
use grid_arcade::games::GameId;
use grid_arcade::ui::gomoku::GomokuScreen;
use grid_arcade::ui::marks::MarksAction;
use grid_arcade::ui::menu::{MenuAction, MenuItem};
use grid_arcade::ui::minesweeper::{MinesAction, MinesweeperScreen};
use grid_arcade::ui::settings::SettingsAction;
use grid_arcade::ui::tictactoe::TicTacToeScreen;
use grid_arcade::ui::twenty48::Twenty48Screen;
use grid_arcade::ui::{self, ScreenId};
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Size;

fn check(f: &Fixture, what: &str) {
    footers::check(&f.app, what);
}

fn check_card(f: &Fixture, what: &str) {
    footers::check_card(&f.app, what);
}

fn start(config: &str, open: Option<GameId>) -> Fixture {
    let launch = Launch {
        seed: Some(5),
        open,
        ..Launch::default()
    };
    Fixture::start(config, Size::new(100, 35), launch)
}

fn send(f: &mut Fixture, code: KeyCode) {
    f.send(key(code));
}

#[test]
fn the_shell_screens_name_the_keys_that_work() {
    let mut f = start(RECORDS, None);
    check(&f, "menu");
    f.app.update(Action::Menu(MenuAction::OpenItem(
        MenuItem::PlayCode.position(),
    )));
    check(&f, "the code's field");
    send(&mut f, KeyCode::Esc);
    for item in [MenuItem::Daily, MenuItem::Settings, MenuItem::Help] {
        f.app
            .update(Action::Menu(MenuAction::OpenItem(item.position())));
        check(&f, &format!("{item:?}"));
        send(&mut f, KeyCode::Esc);
        assert_eq!(f.app.screen, ScreenId::Menu);
    }
    // A number setting has more keys, and typing one more still.
    f.app.update(Action::Menu(MenuAction::OpenItem(
        MenuItem::Settings.position(),
    )));
    let number = ui::games::SETTINGS
        .iter()
        .position(|s| matches!(s.kind, grid_arcade::store::settings::Kind::Number { .. }))
        .unwrap();
    f.app
        .update(Action::Settings(SettingsAction::Select(number)));
    check(&f, "a number setting");
    send(&mut f, KeyCode::Char('1'));
    check(&f, "a number being typed");
    send(&mut f, KeyCode::Esc);
    send(&mut f, KeyCode::Esc);
    f.app.update(Action::Menu(MenuAction::OpenItem(
        MenuItem::Records.position(),
    )));
    check(&f, "records");
    send(&mut f, KeyCode::Char('x'));
    check(&f, "the reset question");
    send(&mut f, KeyCode::Char('n'));
    send(&mut f, KeyCode::Enter);
    check(&f, "the list of games");
}

#[test]
fn the_2048_screen_names_the_keys_that_work_while_playing_and_over() {
    let mut f = start(RECORDS, Some(grid_arcade::play::twenty48::GAME));
    check(&f, "2048 playing");
    // Corner play until the game ends (the win card is checked with the other screen tests).
    loop {
        let screen = f.app.games.find::<Twenty48Screen>().unwrap();
        let direction = common::drive::twenty48::corner_move(&screen.session.game);
        let Some(direction) = direction else { break };
        f.app
            .update(grid_arcade::ui::twenty48::Twenty48Action::Slide(direction).into());
        f.app
            .update(grid_arcade::ui::twenty48::Twenty48Action::KeepGoing.into());
    }
    let screen = f.app.games.find::<Twenty48Screen>().unwrap();
    assert_eq!(
        screen.session.game.status(),
        grid_arcade::games::twenty48::Status::Over
    );
    check_card(&f, "2048 game over");
}

#[test]
fn the_screens_of_games_of_marks_name_the_keys_that_work() {
    type Over = fn(&Fixture) -> bool;
    let games: [(GameId, usize, Over); 2] = [
        (grid_arcade::play::tictactoe::GAME, 3, |f| {
            let screen = f.app.games.find::<TicTacToeScreen>().unwrap();
            screen.session.game.is_over()
        }),
        (grid_arcade::play::gomoku::GAME, 5, |f| {
            let screen = f.app.games.find::<GomokuScreen>().unwrap();
            screen.session.game.is_over()
        }),
    ];
    for (game, line, over) in games {
        let config = format!("[{}]\nopponent = \"human\"\n", game.key());
        let mut f = start(&config, Some(game));
        check(&f, &format!("{} playing", game.key()));
        // X makes its line across the top while O plays the row below.
        for step in 0..2 * line - 1 {
            let cell = grid_arcade::games::marks::Pos::new(step % 2, step / 2);
            f.app.update(Action::from(MarksAction::Click(cell)));
        }
        assert!(over(&f), "{}", game.key());
        check_card(&f, &format!("{} over", game.key()));
    }
}

#[test]
fn the_minesweeper_screens_name_the_keys_that_work() {
    let mut f = start(RECORDS, Some(grid_arcade::play::minesweeper::GAME));
    check(&f, "Minesweeper before the first reveal");
    send(&mut f, KeyCode::Char(' '));
    check(&f, "Minesweeper playing");
    send(&mut f, KeyCode::Char('p'));
    check(&f, "Minesweeper paused");
    send(&mut f, KeyCode::Char('p'));
    // Reveal cells until the game ends.
    let mut cell = 0;
    loop {
        let screen = f.app.games.find::<MinesweeperScreen>().unwrap();
        let game = &screen.session.game;
        if game.status().is_over() {
            break;
        }
        let pos = grid_arcade::games::minesweeper::Pos::new(cell / game.cols(), cell % game.cols());
        common::drive::minesweeper::move_to(&mut f.app, pos);
        f.app.update(MinesAction::Reveal.into());
        cell += 1;
    }
    check_card(&f, "Minesweeper over");
}
