//! The 2048 screen on `TestBackend`: boards of 3x3, 4x4 and 8x8 in play, won and over, in colour
//! and ASCII; numbers that become 2^k on narrow tiles; the end card, the status and the time
//! played at every size.

mod common;

use std::time::Duration;

use common::drive::twenty48::{expected_board, one_move_from_the_end, position};
use common::screen::{Fixture, draw, key, text};
use common::twenty48_screen::*;
use grid_arcade::app::Action;
use grid_arcade::games::twenty48::{Direction, Game, Status, tile_value, win_exponent};
use grid_arcade::ui::theme::Palette;
use grid_arcade::ui::twenty48::Twenty48Action;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Size;

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
