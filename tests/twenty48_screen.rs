//! The 2048 screen on `TestBackend`: boards of 3x3, 4x4 and 8x8 in play, won and over, in colour
//! and ASCII; a move's animation frame by frame and a key that cuts it short; undo; swipes and edge
//! clicks from synthetic mouse events; numbers that become 2^k on narrow tiles; the end card, the
//! status and the time played at every size.

mod common;

use std::fs;
use std::time::Duration;

use common::drive::twenty48::{expected_board, one_move_from_the_end, position};
use common::screen::{Fixture, draw, key, text};
use common::twenty48_screen::*;
use grid_arcade::app::Action;
use grid_arcade::games::twenty48::{Direction, Game, Status, tile_value, win_exponent};
use grid_arcade::play::twenty48::saved::SavedGame;
use grid_arcade::ui;
use grid_arcade::ui::theme::Palette;
use grid_arcade::ui::twenty48::layout::BoardLayout;
use grid_arcade::ui::twenty48::{SETTLE, SLIDE, Twenty48Action};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::{Position, Rect, Size};
use ratatui::style::{Color, Modifier};

#[test]
fn games_in_progress_in_colour_and_ascii() {
    for size in SIZES {
        for theme in THEMES {
            let mut f = new_game(theme, size);
            let mut model = Game::new(size, SEED).unwrap();
            for direction in OPENING.iter().cycle().take(24) {
                f.slide(*direction);
                model.play(*direction);
            }
            f.settle();
            assert_eq!(f.game(), &model);
            let buffer = draw(&f.app);
            // The ASCII theme keeps the colours: empty cells are blank in both.
            assert_eq!(shown_board(&buffer, &f.layout()), expected_board(&model));
            if theme == "ascii" {
                assert!(text(&buffer).is_ascii(), "{}", text(&buffer));
            }
            let status = text_in(&buffer, f.layout().status);
            assert!(
                status.contains(&format!("score {}", model.score()))
                    && status.contains(&format!("moves {}", model.moves())),
                "{status}"
            );
            insta::assert_snapshot!(
                format!("in_progress_{size}x{size}_{theme}"),
                snapshot(&buffer)
            );
        }
    }
}

#[test]
fn the_win_shows_its_choices_in_colour_and_ascii() {
    for size in SIZES {
        for theme in THEMES {
            let mut f = new_game(theme, size);
            let start = position(size, &one_move_from_the_win(size), 1000 * size as u64, 400);
            f.set_game(start.clone());
            f.slide(Direction::Left);
            f.settle();
            assert_eq!(f.game().status(), Status::Won);
            let mut model = start;
            assert!(model.play(Direction::Left).unwrap().won);
            assert_eq!(f.game(), &model);
            let buffer = draw(&f.app);
            let shot = text(&buffer);
            let win = tile_value(win_exponent(size));
            assert!(shot.contains(&format!("You win! ({win})")), "{shot}");
            assert!(shot.contains("Enter keep going"), "{shot}");
            common::footers::check_card(&f.app, "the win card");
            if theme == "ascii" {
                assert!(shot.is_ascii(), "{shot}");
            }
            insta::assert_snapshot!(format!("won_{size}x{size}_{theme}"), snapshot(&buffer));

            // The card names undo, and undo works there as after any end (it asks first);
            // moves wait for the answer; Enter goes on.
            assert!(shot.contains("u undo"), "{shot}");
            assert_eq!(
                grid_arcade::app::action_for(&f.app, &key(KeyCode::Char('u'))),
                Some(Twenty48Action::Undo.into()),
            );
            f.send(key(KeyCode::Char('u')));
            assert!(text(&draw(&f.app)).contains("Undo?"));
            f.send(key(KeyCode::Char('n')));
            f.slide(Direction::Right);
            assert_eq!(f.game(), &model, "no move while the win waits");
            f.send(key(KeyCode::Enter));
            assert_eq!(f.game().status(), Status::Playing);
            assert!(!text(&draw(&f.app)).contains("You win!"));
        }
    }
}

#[test]
fn game_over_shows_its_choices_in_colour_and_ascii() {
    for size in SIZES {
        for theme in THEMES {
            let mut f = new_game(theme, size);
            let start = position(size, &one_move_from_the_end(size), 300 * size as u64, 250);
            f.set_game(start.clone());
            assert_eq!(f.game().status(), Status::Playing);
            f.slide(Direction::Left);
            f.settle();
            let mut model = start;
            model.play(Direction::Left).unwrap();
            assert_eq!(model.status(), Status::Over);
            assert_eq!(f.game(), &model);
            let buffer = draw(&f.app);
            let shot = text(&buffer);
            assert!(shot.contains("Game over!"), "{shot}");
            assert!(shot.contains("n/Enter new"), "{shot}");
            common::footers::check_card(&f.app, "the game over card");
            if theme == "ascii" {
                assert!(shot.is_ascii(), "{shot}");
            }
            insta::assert_snapshot!(format!("over_{size}x{size}_{theme}"), snapshot(&buffer));
        }
    }
}

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

#[test]
fn numbers_wider_than_their_tile_are_written_as_powers_of_two() {
    // 8x8 in its smallest terminal: tiles of four columns.
    let mut f = new_game("color", 8);
    let min = f.screen().min_size(0);
    f.app.update(Action::Resize(min));
    let layout = f.layout();
    assert_eq!(layout.tile_width, 4);
    let mut cells = vec![0; 64];
    cells[0] = 13; // 8192 fits
    cells[1] = 14; // 16384 does not
    cells[2] = 20;
    cells[3] = 65; // the largest an 8x8 board can hold
    f.set_game(position(8, &cells, 0, 0));
    let buffer = draw(&f.app);
    let at = |col| text_in(&buffer, layout.tile_rect(cell(0, col)));
    assert_eq!(
        [at(0), at(1), at(2), at(3)],
        ["8192", "2^14", "2^20", "2^65"].map(String::from),
        "\n{}",
        text(&buffer)
    );

    // At 80x24 the tiles are seven columns wide: 16384 and 131072 fit, 2^24 does not.
    f.app.update(Action::Resize(TERMINAL));
    let layout = f.layout();
    assert_eq!(layout.tile_width, 7);
    cells[2] = 17;
    cells[3] = 24;
    f.set_game(position(8, &cells, 0, 0));
    let buffer = draw(&f.app);
    let at = |col| text_in(&buffer, layout.tile_rect(cell(0, col)));
    assert_eq!(
        [at(0), at(1), at(2), at(3)],
        ["8192", "16384", "131072", "2^24"].map(String::from)
    );
}

#[test]
fn drawing_never_panics_at_any_size() {
    for size in SIZES {
        let mut f = new_game("color", size);
        let start = position(size, &one_move_from_the_win(size), 0, 0);
        f.set_game(start);
        let t0 = f.app.now;
        f.slide(Direction::Left);
        for width in (0..90).step_by(3) {
            for height in 0..30 {
                f.app.update(Action::Resize(Size::new(width, height)));
                f.app.now = t0 + Duration::from_millis(u64::from(width + height) * 3);
                draw(&f.app);
            }
        }
    }
}

#[test]
fn a_4x4_game_plays_in_40x12() {
    // The status and the footer wrap to the terminal's width: at 40 columns they take fewer rows
    // than at the screen's narrowest, 36, and leave the board its four rows.
    let f = start("", fresh(4), Size::new(40, 12), None);
    assert!(f.screen().min_size(40).height <= 12);
    assert!(f.screen().min_size(36).height > 12);
    let buffer = draw(&f.app);
    let layout = f.layout();
    let whole = text_in(&buffer, f.app.screen_area());
    assert!(!whole.contains("enlarge"), "{whole}");
    assert_eq!(layout.board.height, 4, "{whole}");
    assert!(whole.contains("code "), "{whole}");
    assert!(whole.contains("? help"), "{whole}");
}

#[test]
fn the_smallest_terminal_still_shows_the_whole_score() {
    let mut f = new_game("color", 4);
    let min = f.screen().min_size(0);
    f.app.update(Action::Resize(min));
    f.set_game(position(4, &board_with(&[(0, 11)]), 20_312, 1500));
    let buffer = draw(&f.app);
    let status = text_in(&buffer, f.layout().status);
    assert!(status.contains("score 20312"), "{min:?}: {status:?}");
}

#[test]
fn the_end_of_a_game_is_a_card_beside_or_below_a_board_that_stays_readable() {
    let config = "[records.2048.\"4x4\"]\nplayed = 3\nbest_score = 500\ntop = [{ score = 500, tile = 64 }, { score = 100, tile = 16 }]\n";
    for size in [3, 4, 5] {
        for terminal in [
            Size::new(40, 12),
            TERMINAL,
            Size::new(100, 35),
            Size::new(200, 60),
        ] {
            let mut f = start(config, fresh(size), terminal, Some(Palette::Ansi256));
            if f.screen().min_size(terminal.width).height > terminal.height {
                continue;
            }
            let start = position(size, &one_move_from_the_end(size), 300 * size as u64, 250);
            f.set_game(start.clone());
            f.slide(Direction::Left);
            f.settle();
            let mut model = start;
            model.play(Direction::Left).unwrap();
            assert_eq!(f.game().status(), Status::Over);
            let buffer = draw(&f.app);
            let layout = f.layout();
            let card = layout.card.expect("a card at the end");
            assert!(card.intersection(layout.board).is_empty());
            assert!(card.x >= layout.board.right() || card.y >= layout.board.bottom());
            // Every tile shows its whole number.
            assert_eq!(
                shown_board(&buffer, &layout),
                expected_board(&model),
                "{size}x{size} at {terminal:?}"
            );
            let card_text = text_in(&buffer, card);
            let squashed: String = card_text.split_whitespace().collect();
            let score = model.score().to_string();
            for words in ["Game over!", &score, "best", "rank"] {
                let words: String = words.split_whitespace().collect();
                assert!(
                    squashed.contains(&words),
                    "{words} at {terminal:?}: {card_text}\n{layout:?}\n{}",
                    text(&buffer)
                );
            }
            if size == 4 {
                assert!(squashed.contains("1ofthetenbest"), "{card_text}");
                assert!(squashed.contains("Newbest!"), "{card_text}");
            }
        }
    }
}

#[test]
fn the_status_line_keeps_its_parts_in_place_from_move_to_move_and_during_autoplay() {
    let mut f = new_game("color", 4);
    let columns = |f: &Fixture| {
        let status = text_in(&draw(&f.app), f.layout().status);
        let at = |word: &str| status.lines().find_map(|line| line.find(word));
        // The best's slot reads "best" or, once the game is assisted, "assisted best".
        ((at("score"), at("moves"), at("biggest")), status)
    };
    let (first, first_status) = columns(&f);
    let mut gains = Vec::new();
    for direction in OPENING.iter().cycle().take(30) {
        f.slide(*direction);
        f.settle();
        gains.push(f.screen().session.last_gain);
        let (now, status) = columns(&f);
        assert_eq!(now, first, "\n{first_status}\n{status}");
    }
    assert!(
        gains.contains(&0) && gains.iter().any(|g| *g >= 10),
        "{gains:?}"
    );
    f.play(Twenty48Action::Autoplay);
    f.play(Twenty48Action::Answer(true));
    let (now, status) = columns(&f);
    assert!(status.contains("autoplay: any key stops"), "{status}");
    assert_eq!(now, first, "\n{first_status}\n{status}");
}

#[test]
fn the_figures_read_as_one_block_at_every_size_the_game_draws_at() {
    let mut f = new_game("color", 4);
    let mut drawn = 0;
    for width in 30..=60 {
        for height in 10..=16 {
            f.app.update(Action::Resize(Size::new(width, height)));
            if !grid_arcade::app::fits(&f.app, f.app.screen_area()) {
                continue;
            }
            drawn += 1;
            let buffer = draw(&f.app);
            let shot = text(&buffer);
            let layout = f.screen().layout(f.app.screen_area(), &f.app.store);
            let rows: Vec<&str> = shot
                .lines()
                .skip(usize::from(layout.status.y))
                .take(usize::from(layout.status.height))
                .filter(|row| !row.trim().is_empty())
                .collect();
            // The figures' rows start at one column: none stands indented apart.
            let figures: Vec<&&str> = rows
                .iter()
                .filter(|row| {
                    ["score", "moves", "best", "biggest"]
                        .iter()
                        .any(|w| row.contains(w))
                })
                .collect();
            let starts: Vec<usize> = figures
                .iter()
                .map(|row| row.len() - row.trim_start().len())
                .collect();
            assert!(
                starts.windows(2).all(|pair| pair[0] == pair[1]),
                "{width}x{height}:\n{shot}"
            );
            // From 40 columns the four figures take two rows.
            if width >= 40 {
                assert_eq!(figures.len(), 2, "{width}x{height}:\n{shot}");
            }
            for word in ["score", "best", "moves", "biggest"] {
                assert!(shot.contains(word), "{width}x{height}: {word}\n{shot}");
            }
        }
    }
    assert!(drawn > 100, "drawn at {drawn} sizes");
}

#[test]
fn the_time_played_stops_on_the_end_card_and_runs_again_after_undo() {
    let mut f = new_game("color", 3);
    f.set_game(position(3, &one_move_from_the_end(3), 3000, 200));
    f.slide(Direction::Left);
    assert_eq!(f.game().status(), Status::Over);
    // Fifteen seconds on the end card are not played.
    f.app.now += Duration::from_secs(15);
    f.send(key(KeyCode::Char('u')));
    f.send(key(KeyCode::Char('y')));
    assert_eq!(f.game().status(), Status::Playing);
    // After undo the game is played again: these three seconds count.
    f.app.now += Duration::from_secs(3);
    f.slide(Direction::Left);
    assert_eq!(f.game().status(), Status::Over);
    f.app.now += Duration::from_secs(15);
    f.send(key(KeyCode::Char('n')));
    assert_eq!(recorded_duration_ms(&f), 3_000);
}

#[test]
fn the_time_played_stops_while_a_question_is_on_screen() {
    let mut f = new_game("color", 3);
    f.set_game(position(3, &one_move_from_the_end(3), 3000, 200));
    f.slide(Direction::Left);
    f.send(key(KeyCode::Char('u')));
    f.send(key(KeyCode::Char('y')));
    f.app.now += Duration::from_secs(1);
    // Thirty seconds reading "start a new game?" are not played; answering no plays on.
    f.send(key(KeyCode::Char('n')));
    let asked = text(&draw(&f.app));
    assert!(asked.contains("y yes"), "{asked}");
    f.app.now += Duration::from_secs(30);
    f.send(key(KeyCode::Char('n')));
    f.app.now += Duration::from_secs(2);
    f.slide(Direction::Left);
    assert_eq!(f.game().status(), Status::Over);
    f.send(key(KeyCode::Char('n')));
    assert_eq!(recorded_duration_ms(&f), 3_000);
}
