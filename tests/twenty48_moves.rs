//! Moves on the 2048 screen on `TestBackend`: a move's animation frame by frame, merged tiles
//! flashing, a key that cuts an animation short, animations off; undo; every move key of the
//! help; a new game asked first; swipes and edge clicks from synthetic mouse events, and a notice
//! that takes the first click.

mod common;

use std::fs;
use std::time::Duration;

use common::drive::twenty48::{expected_board, position};
use common::screen::{Fixture, draw, key, text};
use common::twenty48_screen::*;
use grid_arcade::app::Action;
use grid_arcade::games::twenty48::{Direction, Game};
use grid_arcade::play::twenty48::saved::SavedGame;
use grid_arcade::ui;
use grid_arcade::ui::theme::Palette;
use grid_arcade::ui::twenty48::layout::BoardLayout;
use grid_arcade::ui::twenty48::{SETTLE, SLIDE, Twenty48Action};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Modifier};

/// The leftmost column in row `y` of the board drawn with background `colour`.
fn leftmost(buffer: &Buffer, layout: &BoardLayout, y: u16, colour: Color) -> Option<u16> {
    (layout.board.left()..layout.board.right()).find(|&x| buffer[(x, y)].bg == colour)
}

#[test]
fn a_move_slides_its_tiles_then_settles_and_stops_the_clock() {
    let (mut f, mut model) = new_game_with(&LONE_TWO);
    let layout = f.layout();
    let two = ui::twenty48::tile_style(1, &f.app.theme).bg.unwrap();
    let (from, to) = (layout.tile_rect(cell(0, 0)), layout.tile_rect(cell(0, 3)));
    assert_eq!(f.app.next_deadline(), None, "nothing wakes a still board");

    let t0 = f.app.now;
    f.slide(Direction::Right);
    let report = model.play(Direction::Right).unwrap();
    assert_eq!(f.game(), &model);
    let deadline = f.app.next_deadline().expect("the animation wakes the loop");
    assert!(deadline > t0 && deadline - t0 <= Duration::from_millis(25));

    // While sliding, the 2 is between its start and end cells, further on each frame, and the new
    // tile is not drawn yet.
    let spawned = layout.tile_rect(report.spawned.cell);
    let mut last = from.x;
    // The first frame already shows the tiles on their way, so the slide ends a frame early.
    for ms in [5, 20, 35, 50] {
        f.app.now = t0 + Duration::from_millis(ms);
        let buffer = draw(&f.app);
        let x = leftmost(&buffer, &layout, from.y, two).expect("the 2 is drawn");
        assert!(from.x < x && x < to.x, "at {ms} ms the 2 is at column {x}");
        assert!(x > last, "at {ms} ms the 2 moved on from {last} to {x}");
        last = x;
        let moving = Rect::new(x, from.y, layout.tile_width, layout.tile_height);
        assert_eq!(text_in(&buffer, moving), "2");
        if spawned.y != from.y {
            assert_eq!(text_in(&buffer, spawned), "", "at {ms} ms");
        }
    }

    // Settling: every tile in place; the new tile grows in from its middle.
    f.app.now = t0 + SLIDE + Duration::from_millis(10);
    let buffer = draw(&f.app);
    assert_eq!(leftmost(&buffer, &layout, to.y, two), Some(to.x));
    let new_colour = ui::twenty48::tile_style(report.spawned.exponent, &f.app.theme)
        .bg
        .unwrap();
    assert_ne!(
        buffer[(spawned.x, spawned.y)].bg,
        new_colour,
        "the new tile's corner is not drawn yet"
    );
    let middle = (
        spawned.x + spawned.width / 2,
        spawned.y + (spawned.height - 1) / 2,
    );
    assert_eq!(buffer[middle].bg, new_colour, "its middle is");
    assert!(f.app.next_deadline().is_some());

    // After SLIDE + SETTLE the last tick ends the animation and nothing wakes the loop again.
    f.app.now = t0 + SLIDE + SETTLE;
    f.app.update(Action::Tick);
    assert!(f.screen().animation.is_none());
    assert_eq!(f.app.next_deadline(), None);
    let buffer = draw(&f.app);
    assert_eq!(shown_board(&buffer, &layout), expected_board(&model));
    assert_eq!(background(&buffer, spawned), new_colour);
}

#[test]
fn merged_tiles_flash_while_settling() {
    let (mut f, mut model) = new_game_with(&[(4, 2), (5, 2)]);
    let t0 = f.app.now;
    f.slide(Direction::Left);
    model.play(Direction::Left).unwrap();
    let layout = f.layout();
    let merged = layout.tile_rect(cell(1, 0));
    f.app.now = t0 + SLIDE + Duration::from_millis(60);
    let buffer = draw(&f.app);
    assert!(
        buffer[(merged.x, merged.y)]
            .modifier
            .contains(Modifier::REVERSED)
    );
    assert_eq!(text_in(&buffer, merged), "8");
    f.settle();
    let buffer = draw(&f.app);
    assert!(
        !buffer[(merged.x, merged.y)]
            .modifier
            .contains(Modifier::REVERSED)
    );
    assert_eq!(shown_board(&buffer, &layout), expected_board(&model));
}

#[test]
fn a_key_during_an_animation_finishes_it_and_plays() {
    let (mut f, mut model) = new_game_with(&LONE_TWO);
    let layout = f.layout();
    let t0 = f.app.now;
    f.slide(Direction::Right);
    model.play(Direction::Right).unwrap();

    // A third of the way through the slide, Down.
    f.app.now = t0 + Duration::from_millis(30);
    f.send(key(KeyCode::Down));
    model.play(Direction::Down).unwrap();
    assert_eq!(f.game(), &model, "the key played its move");
    assert_eq!(f.game().moves(), 2);
    let animation = f
        .screen()
        .animation
        .as_ref()
        .expect("the second move shows");
    assert!(animation.started <= f.app.now && f.app.now - animation.started < SLIDE);
    assert_eq!(animation.report.direction, Direction::Down);

    // The second slide starts where the first one ends: the 2 leaves the top right corner
    // downwards, in the rightmost column.
    let buffer = draw(&f.app);
    let corner = layout.tile_rect(cell(0, 3));
    let two = ui::twenty48::tile_style(1, &f.app.theme).bg.unwrap();
    let top = (layout.board.top()..layout.board.bottom())
        .find(|&y| buffer[(corner.x, y)].bg == two)
        .expect("the 2 is drawn in the rightmost column");
    assert!(
        top > corner.y && top < layout.tile_rect(cell(3, 3)).y,
        "the 2 is at row {top}"
    );
    f.settle();
    assert_eq!(shown_board(&draw(&f.app), &layout), expected_board(&model));
}

#[test]
fn with_animations_off_a_move_shows_at_once_and_nothing_wakes_the_loop() {
    let mut f = start(
        "[general]\ntheme = \"color\"\n[2048]\nanimations = false\n",
        fresh(4),
        TERMINAL,
        Some(Palette::Ansi256),
    );
    let mut model = Game::new(4, SEED).unwrap();
    for direction in Direction::ALL {
        f.slide(direction);
        model.play(direction);
        assert!(f.screen().animation.is_none());
        assert_eq!(f.app.next_deadline(), None);
    }
    assert_eq!(
        shown_board(&draw(&f.app), &f.layout()),
        expected_board(&model)
    );
}

#[test]
fn undo_takes_the_move_back_and_marks_the_game() {
    let mut f = new_game("color", 4);
    let mut model = Game::new(4, SEED).unwrap();
    for direction in [Direction::Left, Direction::Down, Direction::Right] {
        f.slide(direction);
        model.play(direction);
    }
    f.settle();
    assert!(!f.screen().session.assisted());
    assert!(!text(&draw(&f.app)).contains("used undo"));

    // The first undo asks: it sends the game to the assisted best.
    f.send(key(KeyCode::Char('u')));
    assert!(text(&draw(&f.app)).contains("Undo? This game will count toward the assisted best."));
    f.send(key(KeyCode::Char('n')));
    assert!(!f.game().undo_used() && f.game().moves() == model.moves());
    f.send(key(KeyCode::Char('u')));
    f.send(key(KeyCode::Char('y')));
    assert!(model.undo());
    assert_eq!(f.game(), &model);
    assert!(f.game().undo_used() && f.screen().session.assisted());
    assert_eq!(f.screen().session.last_gain, 0);
    let buffer = draw(&f.app);
    let status = text_in(&buffer, f.layout().status);
    assert!(status.contains("used undo"), "{status}");
    assert!(
        status.contains(&format!("moves {}", model.moves())),
        "{status}"
    );
    assert_eq!(shown_board(&buffer, &f.layout()), expected_board(&model));

    // Backspace undoes too; the saved game keeps the mark.
    f.send(key(KeyCode::Backspace));
    assert!(model.undo());
    assert_eq!(f.game(), &model);
    let saved = fs::read_to_string(f.save_path()).unwrap();
    assert!(saved.contains("assists = [\"undo\"]"), "{saved}");
    let resumed = toml::from_str::<SavedGame>(&saved).unwrap().game;
    assert_eq!(resumed, model);
}

#[test]
fn every_move_key_of_the_help_maps_to_its_slide() {
    let keys = [
        (KeyCode::Left, Direction::Left),
        (KeyCode::Down, Direction::Down),
        (KeyCode::Right, Direction::Right),
        (KeyCode::Up, Direction::Up),
        (KeyCode::Char('s'), Direction::Down),
        (KeyCode::Char('d'), Direction::Right),
        (KeyCode::Char('w'), Direction::Up),
        (KeyCode::Char('j'), Direction::Down),
        (KeyCode::Char('l'), Direction::Right),
        (KeyCode::Char('k'), Direction::Up),
        (KeyCode::Char('a'), Direction::Left),
        (KeyCode::Char('h'), Direction::Left),
    ];
    for (code, direction) in keys {
        let f = new_game("color", 4);
        assert_eq!(
            grid_arcade::app::action_for(&f.app, &key(code)),
            Some(Action::from(Twenty48Action::Slide(direction))),
            "{code:?}"
        );
    }
    // The computer has keys of its own, which no movement scheme uses.
    let f = new_game("color", 4);
    assert_eq!(
        grid_arcade::app::action_for(&f.app, &key(KeyCode::Char('t'))),
        Some(Action::from(Twenty48Action::Hint))
    );
    assert_eq!(
        grid_arcade::app::action_for(&f.app, &key(KeyCode::Char('A'))),
        Some(Action::from(Twenty48Action::Autoplay))
    );
}

#[test]
fn a_new_game_asks_first_while_one_runs() {
    let mut f = new_game("color", 4);
    f.send(key(KeyCode::Char('n')));
    assert!(f.screen().question.is_none(), "no move yet: no question");
    assert_eq!(f.game().moves(), 0);
    f.slide(Direction::Left);
    f.settle();
    let played = f.game().clone();
    f.send(key(KeyCode::Char('n')));
    assert!(f.screen().question.is_some());
    assert!(text(&draw(&f.app)).contains("Start a new game?"));
    f.send(key(KeyCode::Char('x')));
    assert_eq!(f.game(), &played, "any other key keeps the game");
    f.send(key(KeyCode::Char('r')));
    f.send(key(KeyCode::Char('y')));
    assert_eq!(f.game().moves(), 0, "a new game");
    assert_ne!(f.game(), &played);
    // The game left for the new one counts as played.
    assert_eq!(f.record(4).played, 1);
}

#[test]
fn swipes_and_edge_clicks_land_where_the_layout_says() {
    let mut f = new_game("color", 4);
    // Tiles in the middle, so that every direction moves something. Each gesture starts here.
    let start = position(4, &board_with(&[(5, 1), (10, 2)]), 0, 0);
    let layout = f.layout();
    let board = layout.board;
    let middle = Position::new(board.x + board.width / 2, board.y + board.height / 2);
    let shift = |p: Position, dx: i32, dy: i32| {
        Position::new((i32::from(p.x) + dx) as u16, (i32::from(p.y) + dy) as u16)
    };
    let gesture = |f: &mut Fixture, from: Position, to: Position, expected: Option<Direction>| {
        f.set_game(start.clone());
        f.send(press(from));
        assert_eq!(f.game(), &start, "nothing happens on the press");
        f.send(release(to));
        let mut model = start.clone();
        if let Some(direction) = expected {
            assert!(model.play(direction).is_some(), "{direction:?} moves");
        }
        assert_eq!(
            f.game(),
            &model,
            "press at {from:?}, release at {to:?}: expected {expected:?}"
        );
        f.settle();
    };

    // Swipes: at least two columns or one row, along the longer way.
    gesture(&mut f, middle, shift(middle, 3, 0), Some(Direction::Right));
    gesture(&mut f, middle, shift(middle, -2, 0), Some(Direction::Left));
    gesture(&mut f, middle, shift(middle, 0, 1), Some(Direction::Down));
    gesture(&mut f, middle, shift(middle, 1, -2), Some(Direction::Up));
    gesture(&mut f, middle, shift(middle, -5, 2), Some(Direction::Left));
    gesture(&mut f, middle, shift(middle, 3, 2), Some(Direction::Down));
    // A swipe may start and end off the board.
    gesture(
        &mut f,
        Position::new(0, middle.y),
        Position::new(10, middle.y),
        Some(Direction::Right),
    );
    // Clicks (or moves of one column): nothing in the middle of the board or outside it.
    gesture(&mut f, middle, middle, None);
    gesture(&mut f, middle, shift(middle, 1, 0), None);
    gesture(&mut f, Position::new(0, 0), Position::new(0, 0), None);
    // A click in the outer quarter of the board slides toward that edge.
    let edges = [
        (Position::new(middle.x, board.y), Direction::Up),
        (Position::new(board.right() - 1, middle.y), Direction::Right),
        (Position::new(middle.x, board.bottom() - 1), Direction::Down),
        (Position::new(board.x, middle.y), Direction::Left),
    ];
    for (at, direction) in edges {
        assert_eq!(layout.band_direction(at), Some(direction));
        gesture(&mut f, at, at, Some(direction));
    }
    // The band ends a quarter of the way in.
    let quarter = board.width / 4;
    let inside = Position::new(board.x + quarter + 1, middle.y);
    assert_eq!(layout.band_direction(inside), None);
    gesture(&mut f, inside, inside, None);
    let in_band = Position::new(board.x + quarter - 1, middle.y);
    gesture(&mut f, in_band, in_band, Some(Direction::Left));
    // A release without a press does nothing.
    f.set_game(start.clone());
    f.send(release(Position::new(board.x, middle.y)));
    assert_eq!(f.game(), &start);
}

#[test]
fn a_notice_takes_the_first_click_not_the_board() {
    let mut f = new_game("color", 4);
    f.app.notices.push_back("something happened".into());
    let board = f.layout().board;
    let edge = Position::new(board.x, board.y + board.height / 2);
    f.send(press(edge));
    assert!(f.app.notices.is_empty());
    f.send(release(edge));
    assert_eq!(
        f.game().moves(),
        0,
        "a release without its press is no click"
    );
}
