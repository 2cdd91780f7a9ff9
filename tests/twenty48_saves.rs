//! The 2048 game kept and counted: saves resumed, damaged, of another size, unreadable or of
//! another board set aside and never written over; a seeded game leaving the saved one for later;
//! the records of ended, won and undone games; headless autoplay counted as assisted.

mod common;

use std::fs;
use std::time::Duration;

use common::drive::TRAITS;
use common::drive::twenty48::{corner_move, one_move_from_the_end, position, position_with};
use common::screen::{Fixture, draw, key, text};
use common::twenty48_screen::*;
use grid_arcade::app::{Action, Launch};
use grid_arcade::games::twenty48::{Direction, Game, Status};
use grid_arcade::play::twenty48::saved::SavedGame;
use grid_arcade::play::twenty48::settings::SIZE as T48_SIZE;
use grid_arcade::store::SettingValue;
use grid_arcade::ui::menu::MenuAction;
use grid_arcade::ui::theme::Palette;
use grid_arcade::ui::twenty48::Twenty48Action;
use ratatui::crossterm::event::KeyCode;
use tempfile::TempDir;

#[test]
fn a_saved_game_is_resumed_as_it_was() {
    let mut model = Game::new(4, SEED).unwrap();
    for direction in OPENING.iter().cycle().take(10) {
        model.play(*direction);
    }
    model.undo();
    let dir = folder_with_save(&toml::to_string(&model).unwrap());
    let mut f = start_in(dir, "", resume(), TERMINAL, Some(Palette::Ansi256));
    assert!(f.app.notices.is_empty(), "{:?}", f.app.notices);
    assert_eq!(f.game(), &model);
    // The random source came back too: the next move brings the same new tile.
    f.slide(Direction::Up);
    model.play(Direction::Up);
    assert_eq!(f.game(), &model);
}

#[test]
fn a_damaged_save_is_set_aside_with_a_notice_and_a_new_game_starts() {
    let mut game = Game::new(4, 3).unwrap();
    for direction in OPENING.iter().cycle().take(6) {
        game.play(*direction);
    }
    let good = toml::to_string(&game).unwrap();
    let edited = |edit: &dyn Fn(&mut toml::Table)| {
        let mut save: toml::Table = good.parse().unwrap();
        edit(&mut save);
        toml::to_string(&save).unwrap()
    };
    let damaged = [
        ("not TOML", "this is not a saved game".to_string()),
        ("empty", String::new()),
        ("cut in half", good[..good.len() / 2].to_string()),
        (
            "another version",
            edited(&|s| {
                s.insert("version".into(), 2.into());
            }),
        ),
        (
            "a tile no 4x4 board can hold",
            edited(&|s| {
                position_of(s)["board"]["cells"].as_array_mut().unwrap()[0] = 40.into();
            }),
        ),
        (
            "a board of the wrong shape",
            edited(&|s| {
                position_of(s)["board"]["cells"]
                    .as_array_mut()
                    .unwrap()
                    .pop();
            }),
        ),
        (
            "a size out of range",
            edited(&|s| {
                position_of(s)["board"]
                    .as_table_mut()
                    .unwrap()
                    .insert("size".into(), 12.into());
            }),
        ),
        (
            "moves that do not follow the history",
            edited(&|s| {
                position_of(s).insert("moves".into(), 60.into());
            }),
        ),
        (
            "a damaged random source",
            edited(&|s| {
                position_of(s).insert("rng".into(), "{\"state\":-1}".into());
            }),
        ),
        ("an unknown field", format!("cheat = true\n{good}")),
    ];
    for (what, save) in damaged {
        let mut f = start_with_save(&save, 4);
        assert_eq!(f.app.notices.len(), 1, "{what}: {:?}", f.app.notices);
        let notice = f.app.notices[0].clone();
        assert!(
            notice.contains("could not be resumed") && notice.contains("kept as"),
            "{what}: {notice}"
        );
        assert!(!f.save_path().exists(), "{what}: moved away");
        let aside = set_aside(&f.data_dir());
        assert_eq!(aside.len(), 1, "{what}");
        assert_eq!(
            fs::read_to_string(&aside[0]).unwrap(),
            save,
            "{what}: kept whole"
        );
        assert!(notice.contains(&aside[0].display().to_string()), "{notice}");
        // A new game, drawn with the notice below it; a key dismisses the notice.
        assert_eq!(f.game().moves(), 0, "{what}");
        assert_eq!(f.game().size(), 4);
        let shot = text(&draw(&f.app));
        assert!(shot.contains("could not be resumed"), "{what}:\n{shot}");
        f.send(key(KeyCode::Left));
        assert!(f.app.notices.is_empty());
        // Moves are saved again as usual.
        let before = f.game().clone();
        for direction in Direction::ALL {
            f.slide(direction);
        }
        assert_ne!(f.game(), &before);
        let saved: Game = toml::from_str::<SavedGame>(&fs::read_to_string(f.save_path()).unwrap())
            .unwrap()
            .game;
        assert_eq!(&saved, f.game(), "{what}");
    }
}

#[test]
fn a_save_of_another_size_is_never_set_aside_and_waits_for_its_size() {
    let mut other = Game::new(5, 3).unwrap();
    other.play(Direction::Left);
    other.play(Direction::Down);
    let save = toml::to_string(&other).unwrap();
    let dir = TempDir::new().unwrap();
    let data = dir.path().join("data");
    fs::create_dir_all(&data).unwrap();
    fs::write(save_file(&data, 5), &save).unwrap();

    // From the menu with the size setting at 4: a new 4x4 game; the 5x5 one stays as it is.
    let menu = Launch::default();
    let mut f = Fixture::start_in(
        dir,
        "[2048]\nsize = 4\n",
        TRAITS,
        TERMINAL,
        menu,
        Some("data"),
    );
    assert!(
        !text(&draw(&f.app)).contains("resume"),
        "no 4x4 game to resume"
    );
    f.app.update(Action::Menu(MenuAction::OpenItem(2)));
    assert!(f.app.notices.is_empty(), "{:?}", f.app.notices);
    assert_eq!((f.game().size(), f.game().moves()), (4, 0));
    assert!(set_aside(&data).is_empty());
    assert_eq!(fs::read_to_string(save_file(&data, 5)).unwrap(), save);

    // With the size at 5, the saved game is offered and resumed.
    f.app.update(Action::Back);
    f.app.store.set(&T48_SIZE, SettingValue::Number(5));
    f.app.update(Action::Menu(MenuAction::OpenItem(2)));
    assert_eq!(f.game(), &other);
    assert!(
        grid_arcade::play::twenty48::record::records(&f.app.store)
            .tables
            .is_empty(),
        "not recorded"
    );
}

#[test]
fn an_unreadable_save_never_stops_the_game() {
    // A folder where the save should be: it can be neither read nor replaced.
    let dir = TempDir::new().unwrap();
    fs::create_dir_all(save_file(&dir.path().join("data"), 4)).unwrap();
    let mut f = start_in(dir, "", resume(), TERMINAL, Some(Palette::Ansi256));
    assert_eq!(f.app.notices.len(), 1, "{:?}", f.app.notices);
    assert!(
        f.app.notices[0].contains("could not be read"),
        "{:?}",
        f.app.notices
    );
    assert_eq!(f.game().moves(), 0);
    f.send(key(KeyCode::Enter));
    for direction in Direction::ALL {
        f.slide(direction);
    }
    assert!(f.game().moves() > 0);
    assert!(f.app.notices.is_empty(), "{:?}", f.app.notices);
    // The new game is kept in a file of its own; the folder in the way is left alone.
    let data = f.data_dir();
    assert!(save_file(&data, 4).is_dir());
    let kept =
        toml::from_str::<SavedGame>(&fs::read_to_string(data.join("2048-4x4.2.toml")).unwrap())
            .unwrap()
            .game;
    assert_eq!(&kept, f.game());
    draw(&f.app);
}

#[test]
fn a_seeded_game_from_the_command_line_leaves_the_saved_one_for_later() {
    let mut saved = Game::new(4, 3).unwrap();
    for direction in OPENING.iter().cycle().take(8) {
        saved.play(*direction);
    }
    let text = toml::to_string(&saved).unwrap();
    let dir = folder_with_save(&text);
    let mut f = start_in(dir, "", fresh(4), TERMINAL, Some(Palette::Ansi256));
    assert!(f.app.notices.is_empty(), "{:?}", f.app.notices);
    assert_eq!(f.game(), &Game::new(4, SEED).unwrap());
    f.slide(Direction::Left);
    assert!(
        grid_arcade::play::twenty48::record::records(&f.app.store)
            .tables
            .is_empty(),
        "nothing recorded"
    );
    let data = f.data_dir();
    assert_eq!(fs::read_to_string(save_file(&data, 4)).unwrap(), text);
    assert!(
        data.join("2048-4x4.2.toml").exists(),
        "the new game's own file"
    );

    // Started again without options, the game played last is the one offered.
    f.app.update(Action::Quit);
    let dir = f.dir;
    drop(f.app);
    let f = start_in(dir, "", resume(), TERMINAL, Some(Palette::Ansi256));
    assert_eq!(f.game().moves(), 1);
    assert_ne!(f.game(), &saved);
}

#[test]
fn game_over_records_played_best_score_best_tile_and_the_top_list() {
    let mut f = new_game("color", 3);
    let start = position(3, &one_move_from_the_end(3), 3000, 200);
    f.set_game(start.clone());
    f.slide(Direction::Left);
    let mut model = start;
    model.play(Direction::Left).unwrap();
    assert_eq!(f.game(), &model);
    assert_eq!(f.game().status(), Status::Over);
    // Until the player moves on, undo can take the end back: the game is kept, not yet recorded.
    assert!(f.save_path().exists(), "the ended game is kept");
    assert!(
        grid_arcade::play::twenty48::record::records(&f.app.store)
            .tables
            .is_empty()
    );
    assert_eq!(
        grid_arcade::app::action_for(&f.app, &key(KeyCode::Char('u'))),
        Some(Action::from(Twenty48Action::Undo))
    );
    assert_eq!(
        grid_arcade::app::action_for(&f.app, &key(KeyCode::Left)),
        None
    );
    f.send(key(KeyCode::Char('n')));
    assert_eq!(f.game().moves(), 0, "no question: the game had ended");
    let record = f.record(3);
    assert_eq!(record.played, 1);
    assert_eq!(record.won, 0);
    assert_eq!(record.best_score, 3004);
    assert_eq!(record.best_score_assisted, 0);
    assert_eq!(record.best_tile, 128);
    assert_eq!(record.top.len(), 1);
    assert_eq!(record.top[0].score, 3004);
    assert_eq!(record.top[0].tile, 128);
    assert!(!record.top[0].undo && !record.top[0].hint);
    assert!(record.top[0].date.is_some());
    let file = fs::read_to_string(f.dir.path().join("config.toml")).unwrap();
    let file: toml::Table = file.parse().unwrap();
    let saved = &file["records"]["2048"]["3x3"];
    assert_eq!(saved["played"].as_integer(), Some(1), "{saved}");
    assert_eq!(saved["best_score"].as_integer(), Some(3004), "{saved}");
    assert_eq!(saved["best_tile"].as_integer(), Some(128), "{saved}");
    assert_eq!(saved["top"][0]["score"].as_integer(), Some(3004), "{saved}");
    assert!(
        !save_file(&f.data_dir(), 3).exists() || f.game().moves() == 0,
        "the recorded game's file is gone"
    );

    // The new game does not count the old one twice.
    f.send(key(KeyCode::Char('n')));
    assert_eq!(f.game().moves(), 0);
    assert_eq!(f.record(3).played, 1);
}

#[test]
fn undo_after_the_end_takes_it_back_and_the_game_counts_once() {
    let mut f = new_game("color", 3);
    let start = position(3, &one_move_from_the_end(3), 3000, 200);
    f.set_game(start);
    f.slide(Direction::Left);
    assert_eq!(f.game().status(), Status::Over);
    f.send(key(KeyCode::Char('u')));
    f.send(key(KeyCode::Char('y')));
    assert_eq!(f.game().status(), Status::Playing);
    assert!(f.game().undo_used());
    f.slide(Direction::Left);
    assert_eq!(f.game().status(), Status::Over);
    // Leaving the ended game makes it final: recorded once, as assisted.
    f.app.update(Action::Back);
    let record = f.record(3);
    assert_eq!(record.played, 1);
    assert_eq!((record.best_score, record.best_score_assisted), (0, 3004));
    assert!(record.top[0].undo);
    f.app.update(Action::Menu(MenuAction::OpenItem(2)));
    assert_eq!(f.game().moves(), 0, "a new game after the recorded one");
    assert_eq!(f.record(3).played, 1);
}

#[test]
fn a_won_game_is_recorded_as_reaching_the_win_tile() {
    let mut f = new_game("color", 4);
    f.set_game(position(4, &one_move_from_the_win(4), 20_000, 900));
    f.slide(Direction::Left);
    f.send(key(KeyCode::Enter));
    // Left for a new game, the game counts as played and won.
    f.send(key(KeyCode::Char('n')));
    f.send(key(KeyCode::Char('y')));
    let record = f.record(4);
    assert_eq!((record.played, record.won), (1, 1));
    assert_eq!(record.best_tile, 2048);
    assert!(record.best_score > 20_000);
}

#[test]
fn a_game_with_undo_keeps_its_best_apart() {
    // A clean best higher than this game will reach, so the moves before the undo raise nothing.
    let config = "[records.2048.\"3x3\"]\nbest_score = 100000\nplayed = 4\n";
    let mut f = start(config, fresh(3), TERMINAL, Some(Palette::Ansi256));
    let mut model = Game::new(3, SEED).unwrap();
    for _ in 0..3 {
        let direction = corner_move(&model).expect("a game that is not over has a move");
        f.slide(direction);
        model.play(direction);
    }
    f.send(key(KeyCode::Char('u')));
    f.send(key(KeyCode::Char('y')));
    assert!(model.undo());
    while model.status() != Status::Over {
        let direction = corner_move(&model).expect("a game that is not over has a move");
        f.slide(direction);
        model.play(direction);
        assert_eq!(f.game(), &model);
    }
    assert!(model.score() > 0);
    f.send(key(KeyCode::Char('n')));
    let record = f.record(3);
    assert_eq!(record.played, 5);
    assert_eq!(record.best_score, 100_000, "the clean best is untouched");
    assert_eq!(record.best_score_assisted, model.score());
    assert_eq!(record.top[0].score, model.score());
    assert!(record.top[0].undo);

    // The status line of an assisted game shows the assisted best.
    let mut f = start_in(
        TempDir::new().unwrap(),
        "[records.2048.\"4x4\"]\nbest_score = 5000\nbest_score_assisted = 7000\n",
        fresh(4),
        TERMINAL,
        Some(Palette::Ansi256),
    );
    let status = |f: &Fixture| text_in(&draw(&f.app), f.layout().status);
    assert!(status(&f).contains("best 5000"), "{}", status(&f));
    let marked = position_with(4, &one_move_from_the_win(4), 100, 10, |save| {
        save.insert(
            "assists".into(),
            toml::Value::Array(vec![toml::Value::from("undo")]),
        );
    });
    f.set_game(marked);
    assert!(status(&f).contains("best* 7000"), "{}", status(&f));
    assert!(status(&f).contains("* used undo"), "{}", status(&f));
}

#[test]
fn the_best_shown_is_the_recorded_one_and_never_goes_down() {
    let config = "[records.2048.\"4x4\"]\nplayed = 1\nbest_score = 20\n";
    let mut f = start(config, fresh(4), TERMINAL, Some(Palette::Ansi256));
    let mut model = Game::new(4, SEED).unwrap();
    let status = |f: &Fixture| text_in(&draw(&f.app), f.layout().status);
    for direction in OPENING.iter().cycle().take(30) {
        f.slide(*direction);
        model.play(*direction);
        assert!(status(&f).contains("best 20"), "{}", status(&f));
    }
    assert!(model.score() > 20);
    assert!(status(&f).contains("beaten"), "{}", status(&f));
    // Leaving a running game records nothing: a best belongs to a game that has ended.
    f.app.update(Action::Back);
    assert_eq!(f.record(4).best_score, 20);
    assert_eq!(f.record(4).played, 1);
}

#[test]
fn headless_autoplay_plays_seeded_games_to_the_end_legally_and_counts_as_assisted() {
    for seed in [1, 2, 3] {
        let mut f = start(
            "[2048]\nanimations = false\n",
            Launch {
                seed: Some(seed),
                ..fresh(3)
            },
            TERMINAL,
            Some(Palette::Ansi256),
        );
        f.play(Twenty48Action::Autoplay);
        f.play(Twenty48Action::Answer(true));
        assert!(f.screen().session.computer.autoplay);
        let start = std::time::Instant::now();
        let (mut moves, mut board) = (0, *f.game().board());
        while f.game().status() != Status::Over {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "seed {seed}: no end"
            );
            std::thread::sleep(Duration::from_micros(200));
            // Each tick a second later than the last, so autoplay's pace never holds it back.
            f.app.now += Duration::from_secs(1);
            f.app.update(Action::Tick);
            let game = f.game();
            // Every move the computer makes is legal: it changes the board, one move at a time.
            if game.moves() != moves {
                assert_eq!(game.moves(), moves + 1, "seed {seed}");
                assert_ne!(*game.board(), board, "seed {seed}");
                (moves, board) = (game.moves(), *game.board());
            }
            // At the win autoplay stops and waits for the player, as the screen does.
            if game.status() == Status::Won {
                f.play(Twenty48Action::KeepGoing);
                f.play(Twenty48Action::Autoplay);
            }
        }
        let game = f.game();
        assert!(game.autoplayed(), "seed {seed}");
        assert!(!game.can_move(), "the game ends only when nothing can move");
        assert!(game.moves() > 10, "seed {seed}: {} moves", game.moves());
        assert!(
            !f.screen().session.computer.autoplay,
            "autoplay stops at the end"
        );
        // Recorded when the player moves on, toward the assisted best only.
        assert!(
            grid_arcade::play::twenty48::record::records(&f.app.store)
                .tables
                .is_empty(),
            "seed {seed}"
        );
        let path = f.save_path();
        assert!(path.exists());
        f.app.update(Action::Back);
        let record = f.record(3);
        assert_eq!(record.played, 1);
        assert_eq!(record.best_score, 0, "seed {seed}");
        assert_eq!(record.best_score_assisted, f.game().score(), "seed {seed}");
        assert!(record.top[0].autoplay);
        assert!(!path.exists());
    }
}

#[test]
fn a_save_whose_board_is_not_its_names_is_set_aside_never_written_over() {
    let mut other = Game::new(5, 3).unwrap();
    other.play(Direction::Left);
    let save = toml::to_string(&other).unwrap();
    let dir = folder_with_save(&save);
    let data = dir.path().join("data");
    let mut f = Fixture::start_in(
        dir,
        "[2048]\nsize = 4\n",
        TRAITS,
        TERMINAL,
        Launch::default(),
        Some("data"),
    );
    f.app.update(Action::Menu(MenuAction::OpenItem(2)));
    assert_eq!((f.game().size(), f.game().moves()), (4, 0));
    let notice = f.app.notices.front().cloned().unwrap_or_default();
    assert!(notice.contains("it holds a 5x5 game"), "{notice}");
    let aside = set_aside(&data);
    assert_eq!(aside.len(), 1);
    assert!(notice.contains(&aside[0].display().to_string()), "{notice}");
    assert_eq!(fs::read_to_string(&aside[0]).unwrap(), save);
    f.slide(Direction::Left);
    assert_eq!(fs::read_to_string(&aside[0]).unwrap(), save);
}
