//! The Minesweeper screen on `TestBackend`: a seeded game in progress, won and lost, in colour and
//! ASCII; a board larger than the terminal with the cursor at its far corner; mouse chords; the
//! clock's wake-ups; hints, post-mortems, no-guess boards, the bell and the flags; records written
//! at the end.

mod common;

use std::fs;
use std::time::Duration;

use common::drive::minesweeper::{move_to, play};
use common::minesweeper_screen::*;
use common::screen::{Fixture, draw, mouse, send, text, theme};
use grid_arcade::app::{Action, App, Launch};
use grid_arcade::games::minesweeper::{
    BoardSize, CellView, Difficulty, FirstClick, Hint, Pos, Status, place_mines,
};
use grid_arcade::ui::minesweeper::layout::BoardLayout;
use grid_arcade::ui::minesweeper::{Button, MinesAction, Pointer};
use ratatui::crossterm::event::{MouseButton, MouseEventKind};
use ratatui::layout::Size;

#[test]
fn a_game_in_progress_in_colour_and_ascii() {
    for theme in ["color", "ascii"] {
        let mut f = beginner(theme);
        play(&mut f.app, MinesAction::Reveal);
        let mine = mines(BoardSize::BEGINNER, CENTRE)[0];
        move_to(&mut f.app, mine);
        play(&mut f.app, MinesAction::Flag);
        f.app.now += Duration::from_millis(4321);
        let shot = text(&draw(&f.app));
        if theme == "ascii" {
            // Covered cells are never drawn as `*`, the sign of a mine.
            let board: String = shot.lines().filter(|l| l.contains('|')).collect();
            assert!(board.contains('#') && !board.contains('*'), "{shot}");
        }
        insta::assert_snapshot!(format!("in_progress_{theme}"), shot);
    }
}

#[test]
fn a_won_game_shows_its_figures_and_is_recorded() {
    for theme in ["color", "ascii"] {
        let mut f = beginner(theme);
        play(&mut f.app, MinesAction::Reveal);
        let mines = mines(BoardSize::BEGINNER, CENTRE);
        f.app.now += Duration::from_millis(12_345);
        for row in 0..9 {
            for col in 0..9 {
                let pos = Pos::new(row, col);
                if !mines.contains(&pos)
                    && screen(&f.app).session.game.cell(pos) == CellView::Hidden
                {
                    move_to(&mut f.app, pos);
                    play(&mut f.app, MinesAction::Reveal);
                }
            }
        }
        assert_eq!(screen(&f.app).session.game.status(), Status::Won);
        insta::assert_snapshot!(format!("won_{theme}"), text(&draw(&f.app)));
        common::footers::check_card(&f.app, "a won game");
        let record =
            &grid_arcade::play::minesweeper::record::records(&f.app.store).tables["beginner"];
        assert_eq!((record.played, record.won), (1, 1));
        assert_eq!(record.best.as_ref().unwrap().time_ms, 12_345);
        assert_eq!(record.best.as_ref().unwrap().seed, Some(SEED));
        let saved = fs::read_to_string(f.dir.path().join("config.toml")).unwrap();
        assert!(saved.contains("[records.minesweeper.beginner]"), "{saved}");
    }
}

#[test]
fn a_lost_game_shows_each_kind_of_cell_apart() {
    for theme in ["color", "ascii"] {
        let mut f = beginner(theme);
        play(&mut f.app, MinesAction::Reveal);
        let mines = mines(BoardSize::BEGINNER, CENTRE);
        // A right flag, a wrong flag, then a mine.
        move_to(&mut f.app, mines[1]);
        play(&mut f.app, MinesAction::Flag);
        let safe_hidden = (0..81)
            .map(|i| Pos::new(i / 9, i % 9))
            .find(|p| {
                !mines.contains(p) && screen(&f.app).session.game.cell(*p) == CellView::Hidden
            })
            .unwrap();
        move_to(&mut f.app, safe_hidden);
        play(&mut f.app, MinesAction::Flag);
        move_to(&mut f.app, mines[0]);
        play(&mut f.app, MinesAction::Reveal);
        assert_eq!(screen(&f.app).session.game.status(), Status::Lost);
        let shot = text(&draw(&f.app));
        if theme == "ascii" {
            for letter in ["X", "*", "F", "f", "#"] {
                assert!(shot.contains(letter), "{letter} missing:\n{shot}");
            }
        }
        insta::assert_snapshot!(format!("lost_{theme}"), shot);
        common::footers::check_card(&f.app, "a lost game");
        let record =
            &grid_arcade::play::minesweeper::record::records(&f.app.store).tables["beginner"];
        assert_eq!((record.played, record.won, record.streak), (1, 0, 0));
    }
}

#[test]
fn shrinking_the_terminal_keeps_the_cursor_in_view() {
    let mut f = fixture(
        "color",
        Size::new(80, 24),
        setup(Difficulty::Expert, BoardSize::EXPERT),
    );
    play(
        &mut f.app,
        MinesAction::Edge {
            row: Some(true),
            col: Some(true),
        },
    );
    f.app.update(Action::Resize(Size::new(40, 12)));
    let layout = screen(&f.app).layout(f.app.screen_area());
    assert!(!layout.shows_everything(20, 25));
    assert!(layout.cell_rect(Pos::new(19, 24)).is_some(), "{layout:?}");
    // A wheel scroll may leave the cursor behind; a key on it brings it back into view.
    play(
        &mut f.app,
        MinesAction::Scroll {
            rows: -20,
            cols: -25,
        },
    );
    assert!(
        screen(&f.app)
            .layout(f.app.screen_area())
            .cell_rect(Pos::new(19, 24))
            .is_none()
    );
    play(&mut f.app, MinesAction::Flag);
    assert!(
        screen(&f.app)
            .layout(f.app.screen_area())
            .cell_rect(Pos::new(19, 24))
            .is_some()
    );
}

#[test]
fn a_board_larger_than_the_terminal_follows_the_cursor_to_the_far_corner() {
    let big = BoardSize::new(60, 100, 500).unwrap();
    let mut f = fixture("color", Size::new(80, 24), setup(Difficulty::Custom, big));
    play(
        &mut f.app,
        MinesAction::Edge {
            row: Some(true),
            col: Some(true),
        },
    );
    let buffer = draw(&f.app);
    let layout = screen(&f.app).layout(f.app.screen_area());
    let corner = layout
        .cell_rect(Pos::new(59, 99))
        .expect("the far corner is in view");
    let cell = &buffer[(corner.x, corner.y)];
    assert!(
        cell.modifier.contains(ratatui::style::Modifier::REVERSED),
        "the cursor is drawn there"
    );
    insta::assert_snapshot!(text(&buffer));
}

/// Presses `button` at a 0-based cell, through the app's input.
fn press(app: &mut App, button: MouseButton, column: u16, row: u16) {
    send(app, mouse(MouseEventKind::Down(button), column, row));
}

/// Releases `button` at a 0-based cell, through the app's input.
fn release(app: &mut App, button: MouseButton, column: u16, row: u16) {
    send(app, mouse(MouseEventKind::Up(button), column, row));
}

#[test]
fn clicks_reveal_flag_and_chord_where_they_are_drawn() {
    let mut f = beginner("color");
    let layout = screen(&f.app).layout(f.app.screen_area());
    let at = |pos: Pos| {
        let glyph = BoardLayout::glyph_at(layout.cell_rect(pos).unwrap());
        (glyph.x, glyph.y)
    };
    let (x, y) = at(CENTRE);
    press(&mut f.app, MouseButton::Left, x, y);
    assert_eq!(
        screen(&f.app).session.game.status(),
        Status::NotStarted,
        "a reveal waits for the release"
    );
    release(&mut f.app, MouseButton::Left, x, y);
    assert_eq!(screen(&f.app).session.game.status(), Status::Playing);

    // A revealed number next to exactly one mine: flag that mine with a right click, then chord.
    let mines = mines(BoardSize::BEGINNER, CENTRE);
    let game = &screen(&f.app).session.game;
    let (number, mine) = (0..81)
        .map(|i| Pos::new(i / 9, i % 9))
        .filter_map(|p| match game.cell(p) {
            CellView::Revealed(1) => {
                let around: Vec<Pos> = mines
                    .iter()
                    .copied()
                    .filter(|m| m.row.abs_diff(p.row) <= 1 && m.col.abs_diff(p.col) <= 1)
                    .collect();
                let hidden_neighbours = (0..81).map(|i| Pos::new(i / 9, i % 9)).filter(|q| {
                    q.row.abs_diff(p.row) <= 1
                        && q.col.abs_diff(p.col) <= 1
                        && game.cell(*q) == CellView::Hidden
                });
                (hidden_neighbours.count() > 1).then(|| (p, around[0]))
            }
            _ => None,
        })
        .next()
        .expect("a 1 with more than one hidden neighbour");
    let (mx, my) = at(mine);
    press(&mut f.app, MouseButton::Right, mx, my);
    release(&mut f.app, MouseButton::Right, mx, my);
    assert_eq!(screen(&f.app).session.game.cell(mine), CellView::Flagged);

    let hidden_before = (0..81)
        .filter(|i| screen(&f.app).session.game.cell(Pos::new(i / 9, i % 9)) == CellView::Hidden)
        .count();
    // Left and right together: the first release chords, the second does nothing.
    let (nx, ny) = at(number);
    press(&mut f.app, MouseButton::Left, nx, ny);
    press(&mut f.app, MouseButton::Right, nx, ny);
    assert_eq!(
        screen(&f.app).session.game.cell(number),
        CellView::Revealed(1),
        "no flag from a chord press"
    );
    release(&mut f.app, MouseButton::Right, nx, ny);
    let hidden_after = (0..81)
        .filter(|i| screen(&f.app).session.game.cell(Pos::new(i / 9, i % 9)) == CellView::Hidden)
        .count();
    assert!(
        hidden_after < hidden_before,
        "the chord opened the other neighbours"
    );
    let clicks = screen(&f.app).session.game.clicks();
    release(&mut f.app, MouseButton::Left, nx, ny);
    assert_eq!(
        screen(&f.app).session.game.clicks(),
        clicks,
        "the second release is not a click"
    );
    assert_eq!(screen(&f.app).session.game.status(), Status::Playing);

    // A click outside the board reveals nothing.
    let clicks = screen(&f.app).session.game.clicks();
    press(&mut f.app, MouseButton::Left, 0, 0);
    release(&mut f.app, MouseButton::Left, 0, 0);
    assert_eq!(screen(&f.app).session.game.clicks(), clicks);
}

#[test]
fn the_clock_alone_wakes_the_loop_and_only_while_it_runs() {
    let mut f = beginner("color");
    assert_eq!(
        f.app.next_deadline(),
        None,
        "nothing moves before the first reveal"
    );
    play(&mut f.app, MinesAction::Reveal);
    let deadline = f.app.next_deadline().expect("the clock runs");
    assert!(deadline - f.app.now <= Duration::from_millis(100));
    play(&mut f.app, MinesAction::Pause);
    assert_eq!(f.app.next_deadline(), None, "paused");
    assert!(
        !text(&draw(&f.app)).contains('■'),
        "the board hides while paused"
    );
    play(&mut f.app, MinesAction::Pause);
    assert!(f.app.next_deadline().is_some());
    f.app.update(Action::FocusLost);
    assert_eq!(f.app.next_deadline(), None, "leaving the terminal pauses");
    f.app.update(Action::FocusGained);
    assert!(f.app.next_deadline().is_some());
    f.app.update(Action::Back);
    assert_eq!(f.app.next_deadline(), None, "nothing wakes the menu");
    assert!(text(&draw(&f.app)).contains("resume"));
}

#[test]
fn quitting_during_a_game_records_nothing() {
    let mut f = beginner("color");
    play(&mut f.app, MinesAction::Reveal);
    f.app.update(Action::Quit);
    assert!(f.app.quit);
    assert!(
        grid_arcade::play::minesweeper::record::records(&f.app.store)
            .tables
            .is_empty()
    );
}

#[test]
fn the_mouse_pointer_moves_the_cursor_and_drawing_never_panics_at_any_size() {
    let mut f = beginner("color");
    play(
        &mut f.app,
        MinesAction::Mouse(Pointer::Press(Button::Middle), None),
    );
    for width in 0..50 {
        for height in 0..20 {
            f.app.update(Action::Resize(Size::new(width, height)));
            draw(&f.app);
        }
    }
}

#[test]
fn a_hint_marks_a_proven_cell_and_games_with_hints_are_recorded_apart() {
    let mut f = beginner("color");
    play(&mut f.app, MinesAction::Reveal);
    // The first hint asks, and a no leaves the game as it was.
    play(&mut f.app, MinesAction::Hint);
    assert!(text(&draw(&f.app)).contains("Use a hint? This game will be recorded with hints."));
    play(&mut f.app, MinesAction::Answer(false));
    assert!(screen(&f.app).session.hint.is_none() && !screen(&f.app).session.game.used_hint());
    play(&mut f.app, MinesAction::Hint);
    play(&mut f.app, MinesAction::Answer(true));
    let mines = mines(BoardSize::BEGINNER, CENTRE);
    let hinted = match screen(&f.app).session.hint {
        Some(Hint::Safe(pos)) => {
            assert!(!mines.contains(&pos), "a cell called safe is safe");
            pos
        }
        Some(Hint::Mine(pos)) => {
            assert!(mines.contains(&pos), "a cell called a mine is a mine");
            pos
        }
        other => panic!("this opening proves something: {other:?}"),
    };
    assert_eq!(screen(&f.app).cursor, hinted, "the cursor goes to the hint");
    let shot = text(&draw(&f.app));
    assert!(
        shot.contains(&format!(
            "row {}, column {}",
            hinted.row + 1,
            hinted.col + 1
        )),
        "{shot}"
    );
    // Finish the game by hand: it lands in the table of games with hints.
    for pos in (0..81).map(|i| Pos::new(i / 9, i % 9)) {
        if !mines.contains(&pos) && screen(&f.app).session.game.cell(pos) == CellView::Hidden {
            move_to(&mut f.app, pos);
            play(&mut f.app, MinesAction::Reveal);
        }
    }
    assert_eq!(screen(&f.app).session.game.status(), Status::Won);
    let records = &grid_arcade::play::minesweeper::record::records(&f.app.store).tables;
    assert!(!records.contains_key("beginner"));
    assert_eq!(records["beginner-hinted"].won, 1);
    let tables = grid_arcade::ui::games::tables(&f.app.store);
    assert_eq!(tables[0].title, "Minesweeper Beginner with hints");
}

#[test]
fn after_a_loss_the_post_mortem_shows_what_was_provably_safe() {
    let mut f = beginner("ascii");
    play(&mut f.app, MinesAction::Reveal);
    let mines = mines(BoardSize::BEGINNER, CENTRE);
    move_to(&mut f.app, mines[0]);
    play(&mut f.app, MinesAction::Reveal);
    assert_eq!(screen(&f.app).session.game.status(), Status::Lost);
    play(&mut f.app, MinesAction::Hint);
    let post_mortem = screen(&f.app)
        .session
        .post_mortem
        .clone()
        .expect("shown after a loss");
    assert_eq!(post_mortem.fatal, mines[0]);
    assert!(post_mortem.safe.iter().all(|p| !mines.contains(p)));
    let buffer = draw(&f.app);
    let shot = text(&buffer);
    assert!(shot.contains("provably safe"), "{shot}");
    let layout = screen(&f.app).layout(f.app.screen_area());
    for pos in &post_mortem.safe {
        if let Some(rect) = layout.cell_rect(*pos) {
            assert!(
                buffer[BoardLayout::glyph_at(rect)]
                    .modifier
                    .contains(ratatui::style::Modifier::REVERSED)
            );
        }
    }
    play(&mut f.app, MinesAction::Hint);
    assert!(
        screen(&f.app).session.post_mortem.is_none(),
        "h hides it again"
    );
}

#[test]
fn no_guess_boards_open_at_the_first_click_and_follow_the_seed() {
    let mut setup = setup(Difficulty::Expert, BoardSize::EXPERT);
    setup.options.first_click = FirstClick::NoGuess;
    let mut f = fixture("color", Size::new(80, 24), setup);
    play(&mut f.app, MinesAction::Reveal);
    let game = &screen(&f.app).session.game;
    assert_eq!(game.status(), Status::Playing);
    assert!(!game.fell_back());
    let cursor = screen(&f.app).cursor;
    assert_eq!(
        game.cell(cursor),
        CellView::Revealed(0),
        "the first click is an opening"
    );
    let expected = place_mines(BoardSize::EXPERT, SEED, cursor, FirstClick::NoGuess).unwrap();
    for pos in expected.grid().positions() {
        if let CellView::Revealed(n) = game.cell(pos) {
            assert!(!expected.is_mine(pos));
            let around = expected
                .grid()
                .neighbours(pos)
                .filter(|p| expected.is_mine(*p))
                .count();
            assert_eq!(usize::from(n), around);
        }
    }
}

#[test]
fn the_bell_rings_on_a_win_or_a_loss_only_when_the_setting_asks() {
    for bell in [false, true] {
        let launch = Launch {
            seed: Some(SEED),
            open: Some(grid_arcade::play::minesweeper::GAME),
            pins: setup(Difficulty::Beginner, BoardSize::BEGINNER).pins(),
            ..Launch::default()
        };
        let config = format!("[general]\nbell = {bell}\n");
        let mut f = Fixture::start(&config, Size::new(80, 24), launch);
        play(&mut f.app, MinesAction::Reveal);
        assert!(!f.app.bell, "a reveal that goes on rings nothing");
        move_to(&mut f.app, mines(BoardSize::BEGINNER, CENTRE)[0]);
        play(&mut f.app, MinesAction::Reveal);
        assert_eq!(screen(&f.app).session.game.status(), Status::Lost);
        assert_eq!(f.app.bell, bell);
    }
}

#[test]
fn the_classic_level_is_the_world_expert_board_with_records_of_its_own() {
    let config = format!("{}{}", theme("color"), common::drive::RECORDS);
    let launch = Launch {
        seed: Some(SEED),
        open: Some(grid_arcade::play::minesweeper::GAME),
        pins: setup(Difficulty::Classic, BoardSize::CLASSIC).pins(),
        ..Launch::default()
    };
    let mut f = Fixture::start(&config, Size::new(100, 35), launch);
    let game = &screen(&f.app).session.game;
    assert_eq!((game.rows(), game.cols(), game.mines()), (16, 30, 99));
    assert!(text(&draw(&f.app)).contains("Classic 16x30, 99 mines"));
    let first = screen(&f.app).cursor;
    play(&mut f.app, MinesAction::Reveal);
    move_to(&mut f.app, mines(BoardSize::CLASSIC, first)[0]);
    play(&mut f.app, MinesAction::Reveal);
    assert_eq!(screen(&f.app).session.game.status(), Status::Lost);
    let records = &grid_arcade::play::minesweeper::record::records(&f.app.store).tables;
    assert_eq!(records["classic"].played, 1);
    assert_eq!(
        records["expert"].played, 3,
        "Expert's records stay where they are"
    );
    let titles: Vec<String> = grid_arcade::ui::games::tables(&f.app.store)
        .into_iter()
        .filter(|t| t.game == grid_arcade::play::minesweeper::GAME)
        .map(|t| t.title)
        .collect();
    assert_eq!(
        titles,
        [
            "Minesweeper Beginner",
            "Minesweeper Expert",
            "Minesweeper Classic"
        ]
    );
}

/// Text without blanks, so that words wrapped onto the next row still read in one piece.

#[test]
fn the_flag_after_the_last_says_every_flag_is_placed_where_it_is_refused() {
    let mut f = beginner("color");
    play(&mut f.app, MinesAction::Reveal);
    let hidden: Vec<Pos> = (0..81)
        .map(|i| Pos::new(i / 9, i % 9))
        .filter(|&pos| screen(&f.app).session.game.cell(pos) == CellView::Hidden)
        .collect();
    for &pos in &hidden[..10] {
        move_to(&mut f.app, pos);
        play(&mut f.app, MinesAction::Flag);
    }
    assert!(!text(&draw(&f.app)).contains("flags are placed"));
    move_to(&mut f.app, hidden[10]);
    play(&mut f.app, MinesAction::Flag);
    assert_eq!(
        screen(&f.app).session.game.cell(hidden[10]),
        CellView::Hidden
    );
    let shot = text(&draw(&f.app));
    assert!(shot.contains("all 10 flags are placed"), "{shot}");
    // The next move clears it.
    move_to(&mut f.app, hidden[0]);
    play(&mut f.app, MinesAction::Flag);
    assert!(!text(&draw(&f.app)).contains("flags are placed"));
}

#[test]
fn the_clock_stops_while_a_question_is_on_screen_and_the_board_stays_in_sight() {
    let mut f = beginner("color");
    play(&mut f.app, MinesAction::Reveal);
    f.app.now += Duration::from_secs(2);
    play(&mut f.app, MinesAction::Hint);
    let asked = text(&draw(&f.app));
    assert!(
        asked.contains("y yes") && !asked.contains("Paused"),
        "{asked}"
    );
    f.app.now += Duration::from_secs(30);
    play(&mut f.app, MinesAction::Answer(false));
    f.app.now += Duration::from_secs(1);
    let clock = screen(&f.app).session.elapsed(f.app.now);
    assert_eq!(clock, Duration::from_secs(3));
}
