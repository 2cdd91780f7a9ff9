//! The Minesweeper screen at every terminal size: Expert whole at 80x24 in every state, cells that
//! grow with the terminal, results and messages never cut, a status line that keeps its parts in
//! place, and a big board that keeps the cursor and says which part of it shows.

mod common;

use std::time::Duration;

use common::drive::minesweeper::{move_to, play};
use common::minesweeper_screen::*;
use common::screen::{Fixture, draw, squashed, text};
use grid_arcade::app::App;
use grid_arcade::games::minesweeper::{BoardSize, CellView, Difficulty, Pos, Status};
use grid_arcade::ui::minesweeper::MinesAction;
use grid_arcade::ui::minesweeper::layout::BoardLayout;
use ratatui::layout::Size;

/// The column where `needle` starts on the screen's first row holding it.
fn column_of(shot: &str, needle: &str) -> Option<usize> {
    shot.lines()
        .find_map(|line| line.find(needle).map(|at| line[..at].chars().count()))
}

/// Reveals every safe cell of the fixture's board: a won game.
fn win(f: &mut Fixture, size: BoardSize, first: Pos) {
    let mines = mines(size, first);
    for row in 0..size.rows() {
        for col in 0..size.cols() {
            let pos = Pos::new(row, col);
            if !mines.contains(&pos) && screen(&f.app).session.game.cell(pos) == CellView::Hidden {
                move_to(&mut f.app, pos);
                play(&mut f.app, MinesAction::Reveal);
            }
        }
    }
    assert_eq!(screen(&f.app).session.game.status(), Status::Won);
}

fn shows_the_whole_board(f: &Fixture) -> bool {
    let game = &screen(&f.app).session.game;
    screen(&f.app)
        .layout(f.app.screen_area())
        .shows_everything(game.rows(), game.cols())
}

#[test]
fn expert_fits_80x24_in_every_state() {
    let start = || {
        fixture(
            "color",
            Size::new(80, 24),
            setup(Difficulty::Expert, BoardSize::EXPERT),
        )
    };
    let mut f = start();
    let first = screen(&f.app).cursor;
    assert!(shows_the_whole_board(&f), "before the first reveal");
    play(&mut f.app, MinesAction::Reveal);
    play(&mut f.app, MinesAction::Hint);
    play(&mut f.app, MinesAction::Answer(true));
    assert!(text(&draw(&f.app)).contains("hint: row"));
    assert!(shows_the_whole_board(&f), "with a hint");
    move_to(&mut f.app, mines(BoardSize::EXPERT, first)[0]);
    play(&mut f.app, MinesAction::Reveal);
    let lost = text(&draw(&f.app));
    // What the loss was shows at once, under the board, which stays whole.
    assert!(
        lost.contains("Boom. Lost after") && lost.contains("Mistake: "),
        "{lost}"
    );
    assert!(shows_the_whole_board(&f), "after a loss");
    play(&mut f.app, MinesAction::Hint);
    assert!(text(&draw(&f.app)).contains("provably safe"));
    assert!(shows_the_whole_board(&f), "with the post-mortem");

    let mut f = start();
    play(&mut f.app, MinesAction::Reveal);
    win(&mut f, BoardSize::EXPERT, first);
    let shot = text(&draw(&f.app));
    for words in ["Won in", "efficiency", "New best for Expert!"] {
        assert!(shot.contains(words), "{words} missing:\n{shot}");
    }
    assert!(shows_the_whole_board(&f), "after a win:\n{shot}");
}

#[test]
fn cells_grow_with_the_terminal_centre_their_numbers_and_keep_their_size_when_the_game_ends() {
    for (size, cell) in [
        (Size::new(40, 12), (3, 1)),
        (Size::new(80, 24), (5, 2)),
        (Size::new(100, 35), (7, 3)),
        (Size::new(200, 60), (7, 3)),
    ] {
        let mut f = fixture(
            "color",
            size,
            setup(Difficulty::Beginner, BoardSize::BEGINNER),
        );
        play(&mut f.app, MinesAction::Reveal);
        let layout = screen(&f.app).layout(f.app.screen_area());
        let rect = layout.cell_rect(CENTRE).expect("the cursor is in view");
        assert_eq!((rect.width, rect.height), cell, "at {size:?}");
        let buffer = draw(&f.app);
        let game = &screen(&f.app).session.game;
        for pos in (0..81).map(|i| Pos::new(i / 9, i % 9)) {
            let (CellView::Revealed(n @ 1..), Some(rect)) = (game.cell(pos), layout.cell_rect(pos))
            else {
                continue;
            };
            let glyph = BoardLayout::glyph_at(rect);
            assert_eq!(buffer[glyph].symbol(), n.to_string());
            assert_eq!(
                glyph.x - rect.x,
                rect.right() - 1 - glyph.x,
                "in the middle"
            );
        }
        win(&mut f, BoardSize::BEGINNER, CENTRE);
        let after = screen(&f.app).layout(f.app.screen_area());
        assert_eq!(after.cell, layout.cell, "at {size:?}");
        assert_eq!(after.cells, layout.cells, "at {size:?}");
    }
}

/// Opens a Beginner game at its centre, then the first of its mines.
fn lose_at_the_first_mine(f: &mut Fixture) {
    play(&mut f.app, MinesAction::Reveal);
    move_to(&mut f.app, mines(BoardSize::BEGINNER, CENTRE)[0]);
    play(&mut f.app, MinesAction::Reveal);
}

/// Shows the post-mortem of a lost game: the number of cells it marks provably safe.
fn post_mortem(f: &mut Fixture) -> usize {
    play(&mut f.app, MinesAction::Hint);
    let session = &screen(&f.app).session;
    session.post_mortem.as_ref().unwrap().safe.len()
}

#[test]
fn results_and_messages_are_never_cut() {
    for size in [
        Size::new(40, 12),
        Size::new(80, 24),
        Size::new(100, 35),
        Size::new(200, 60),
    ] {
        for theme in ["color", "mono", "ascii"] {
            let mut f = fixture(
                theme,
                size,
                setup(Difficulty::Beginner, BoardSize::BEGINNER),
            );
            play(&mut f.app, MinesAction::Reveal);
            f.app.now += Duration::from_millis(12_345);
            win(&mut f, BoardSize::BEGINNER, CENTRE);
            let shot = text(&draw(&f.app));
            for words in ["12.34 s", "efficiency 71%", "New best for Beginner!"] {
                assert!(
                    squashed(&shot).contains(&squashed(words)),
                    "{words} at {size:?}:\n{shot}"
                );
            }

            let mut f = fixture(
                theme,
                size,
                setup(Difficulty::Beginner, BoardSize::BEGINNER),
            );
            lose_at_the_first_mine(&mut f);
            let safe = post_mortem(&mut f);
            let message = format!("{safe} cells were provably safe (marked)");
            let shot = text(&draw(&f.app));
            for words in ["Boom.", "clicks 2", &message] {
                assert!(
                    squashed(&shot).contains(&squashed(words)),
                    "{words} at {size:?}:\n{shot}"
                );
            }
        }
    }
}

#[test]
fn at_the_smallest_size_a_loss_and_its_post_mortem_leave_a_row_of_cells_in_view() {
    let size = Size::new(30, 8);
    let mut f = fixture(
        "color",
        size,
        setup(Difficulty::Beginner, BoardSize::BEGINNER),
    );
    lose_at_the_first_mine(&mut f);
    let in_view = |f: &Fixture| screen(&f.app).layout(f.app.screen_area()).shown_rows >= 1;
    let lost = text(&draw(&f.app));
    let verdict = screen(&f.app).session.verdict.unwrap();
    assert!(in_view(&f), "{lost}");
    assert!(lost.contains(&verdict.brief()), "{lost}");
    // The post-mortem's marks are what it shows: its count of them stays whole in the border.
    let safe = post_mortem(&mut f);
    let marked = text(&draw(&f.app));
    assert!(
        safe > 1,
        "the first reveal opened an area around the centre"
    );
    assert!(in_view(&f), "{marked}");
    assert!(
        marked.contains(&format!("{safe} safe cells marked")),
        "{marked}"
    );
}

#[test]
fn the_status_line_keeps_its_parts_in_place_from_move_to_move() {
    let mut f = beginner("color");
    let before = text(&draw(&f.app));
    play(&mut f.app, MinesAction::Reveal);
    let mines = mines(BoardSize::BEGINNER, CENTRE);
    move_to(&mut f.app, mines[0]);
    play(&mut f.app, MinesAction::Flag);
    f.app.now += Duration::from_millis(10_000);
    // Play on until a few safe cells are left, so that their count shows too.
    let safe: Vec<Pos> = (0..81)
        .map(|i| Pos::new(i / 9, i % 9))
        .filter(|p| !mines.contains(p))
        .collect();
    for pos in safe {
        if screen(&f.app).session.game.safe_cells_left() <= 3 {
            break;
        }
        if screen(&f.app).session.game.cell(pos) == CellView::Hidden {
            move_to(&mut f.app, pos);
            play(&mut f.app, MinesAction::Reveal);
        }
    }
    let after = text(&draw(&f.app));
    assert!(after.contains("safe cells left"), "{after}");
    assert!(
        before.contains("10 mines") && after.contains(" 9 mines"),
        "{after}"
    );
    assert_eq!(
        column_of(&before, "mines unflagged"),
        column_of(&after, "mines unflagged"),
        "{before}\n{after}"
    );
    assert_eq!(
        column_of(&before, "0.0 s"),
        column_of(&after, "10.0 s"),
        "{before}\n{after}"
    );
}

#[test]
fn a_board_larger_than_the_terminal_keeps_the_cursor_in_view_when_a_notice_takes_a_row() {
    let big = BoardSize::new(60, 100, 500).unwrap();
    let mut f = fixture("color", Size::new(80, 24), setup(Difficulty::Custom, big));
    let in_view = |f: &Fixture| {
        let screen = screen(&f.app);
        screen
            .layout(f.app.screen_area())
            .cell_rect(screen.cursor)
            .is_some()
    };
    assert!(in_view(&f), "from the start");
    f.app.notices.push_back("a notice".into());
    assert!(in_view(&f), "with a notice below");
}

#[test]
fn a_big_board_lost_keeps_saying_which_part_of_it_shows() {
    let big = BoardSize::new(60, 80, 800).unwrap();
    let mut f = fixture("color", Size::new(100, 35), setup(Difficulty::Custom, big));
    play(&mut f.app, MinesAction::Reveal);
    let first = screen(&f.app).cursor;
    move_to(&mut f.app, mines(big, first)[0]);
    play(&mut f.app, MinesAction::Reveal);
    assert_eq!(screen(&f.app).session.game.status(), Status::Lost);
    let caption = |app: &App| {
        let shot = text(&draw(app));
        let top = shot.lines().find(|l| l.contains('╭')).unwrap().to_string();
        (top, shot)
    };
    let (top, shot) = caption(&f.app);
    assert!(
        top.contains(" of 60, columns ") && top.contains(" of 80 "),
        "{shot}"
    );
    play(
        &mut f.app,
        MinesAction::Scroll {
            rows: -60,
            cols: -80,
        },
    );
    let (top, shot) = caption(&f.app);
    assert!(
        top.contains("rows 1-") && top.contains("columns 1-"),
        "{shot}"
    );
}
