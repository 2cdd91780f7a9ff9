//! The tic-tac-toe screen on `TestBackend`: boards mid-game, won with the line highlighted and
//! drawn, in colour and ASCII; the computer's delayed move, keys kept meanwhile, undo, hints,
//! digits, clicks, and the records.

mod common;

use std::time::{Duration, Instant};

use common::screen::{Fixture, draw, key, mouse, send, text, theme};
use grid_arcade::app::{Action, App, Launch};
use grid_arcade::games::tictactoe::{Level, Mark, PRESETS, Pos};
use grid_arcade::play::Session as _;
use grid_arcade::play::tictactoe::settings::Keypad;
use grid_arcade::play::tictactoe::{Opponent, PlayAs, Setup};
use grid_arcade::ui::tictactoe::{TicTacToeAction, TicTacToeScreen};
use ratatui::crossterm::event::{KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::Size;
use ratatui::style::Modifier;

fn fixture(theme_name: &str, board: usize, opponent: Opponent, play_as: PlayAs) -> Fixture {
    let setup = Setup {
        board: PRESETS[board],
        opponent,
        play_as,
        keypad: Keypad::Phone,
    };
    let launch = Launch {
        seed: Some(11),
        open: Some(grid_arcade::play::tictactoe::GAME),
        pins: setup.pins(),
        ..Launch::default()
    };
    Fixture::start(&theme(theme_name), Size::new(80, 24), launch)
}

fn screen(app: &App) -> &TicTacToeScreen {
    app.games
        .find::<grid_arcade::ui::tictactoe::TicTacToeScreen>()
        .unwrap()
}

fn play(app: &mut App, action: TicTacToeAction) {
    app.update(Action::from(action));
}

fn place(app: &mut App, row: usize, col: usize) {
    play(app, TicTacToeAction::PlaceAt(Pos::new(row, col)));
}

/// Lets the computer's worker finish and its pause pass, as the event loop would.
fn settle(app: &mut App) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(5) {
        app.now = Instant::now() + Duration::from_secs(1);
        app.update(Action::Tick);
        if !screen(app).session.computer_to_move() || screen(app).session.game.is_over() {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the computer did not move");
}

#[test]
fn every_board_mid_game_in_colour_and_ascii() {
    for theme in ["color", "ascii"] {
        for (board, moves) in [
            (0, [(1, 1), (0, 0), (2, 0)]),
            (1, [(1, 1), (0, 3), (2, 2)]),
            (2, [(2, 2), (0, 4), (1, 3)]),
        ] {
            let mut f = fixture(theme, board, Opponent::Human, PlayAs::X);
            for (row, col) in moves {
                play(&mut f.app, TicTacToeAction::Click(Pos::new(row, col)));
            }
            let name = PRESETS[board].name;
            insta::assert_snapshot!(format!("mid_game_{name}_{theme}"), text(&draw(&f.app)));
        }
    }
}

#[test]
fn a_win_highlights_its_line_and_a_draw_says_so() {
    for theme in ["color", "ascii"] {
        let mut f = fixture(theme, 0, Opponent::Human, PlayAs::X);
        for (row, col) in [(0, 0), (1, 0), (1, 1), (2, 0), (2, 2)] {
            place(&mut f.app, row, col);
        }
        let buffer = draw(&f.app);
        let layout = screen(&f.app).layout(f.app.screen_area());
        for (pos, highlighted) in [(Pos::new(1, 1), true), (Pos::new(1, 0), false)] {
            let rect = layout.cell_rect(pos).unwrap();
            let reversed = buffer[(rect.x + rect.width / 2, rect.y + rect.height / 2)]
                .modifier
                .contains(Modifier::REVERSED);
            assert_eq!(reversed, highlighted, "{pos:?}");
        }
        insta::assert_snapshot!(format!("won_{theme}"), text(&buffer));

        let mut f = fixture(theme, 0, Opponent::Human, PlayAs::X);
        for (row, col) in [
            (0, 0),
            (1, 1),
            (2, 2),
            (0, 1),
            (2, 1),
            (2, 0),
            (0, 2),
            (1, 2),
            (1, 0),
        ] {
            place(&mut f.app, row, col);
        }
        let shot = text(&draw(&f.app));
        assert!(shot.contains("A draw."), "{shot}");
        insta::assert_snapshot!(format!("drawn_{theme}"), shot);
    }
}

#[test]
fn the_computer_moves_after_a_pause_and_keys_meanwhile_are_kept() {
    let mut f = fixture("color", 0, Opponent::Computer(Level::Hard), PlayAs::X);
    let started = f.app.now;
    place(&mut f.app, 1, 1);
    assert!(screen(&f.app).session.computer_to_move());
    // The player's next move, pressed before the computer answered, waits for it.
    place(&mut f.app, 0, 0);
    assert_eq!(screen(&f.app).session.game.history().len(), 1);
    // Until its pause is over, the computer's answer does not show.
    while screen(&f.app).session.deadline(f.app.now).is_none() {
        std::thread::sleep(Duration::from_millis(1));
        f.app.update(Action::Tick);
    }
    let due = screen(&f.app).session.deadline(f.app.now).unwrap();
    assert!(due >= started + Duration::from_millis(300));
    assert_eq!(screen(&f.app).session.game.history().len(), 1);
    settle(&mut f.app);
    let history = screen(&f.app).session.game.history().to_vec();
    assert!(history.len() >= 3, "{history:?}");
    assert_eq!(history[0], Pos::new(1, 1));
    if history[1] != Pos::new(0, 0) {
        assert_eq!(
            history[2],
            Pos::new(0, 0),
            "the kept move is played after the computer's"
        );
    }
}

#[test]
fn undo_takes_back_the_move_pair_and_hints_are_counted() {
    let mut f = fixture("color", 0, Opponent::Computer(Level::Hard), PlayAs::X);
    // A hint asks first, once a game.
    play(&mut f.app, TicTacToeAction::Hint);
    assert!(text(&draw(&f.app)).contains("Use a hint? This game will be recorded with hints."));
    play(&mut f.app, TicTacToeAction::Answer(false));
    assert!(!screen(&f.app).session.assisted());
    place(&mut f.app, 0, 0);
    settle(&mut f.app);
    assert_eq!(screen(&f.app).session.game.history().len(), 2);
    // So does the first undo, as the help says: no answers nothing.
    send(&mut f.app, key(KeyCode::Char('u')));
    assert!(text(&draw(&f.app)).contains("Undo? This game will be recorded with undo."));
    send(&mut f.app, key(KeyCode::Char('n')));
    assert_eq!(screen(&f.app).session.game.history().len(), 2);
    send(&mut f.app, key(KeyCode::Char('u')));
    send(&mut f.app, key(KeyCode::Char('y')));
    assert!(screen(&f.app).session.game.history().is_empty());
    assert!(screen(&f.app).session.assisted());
    // The game is helped already: the hint asks nothing more.
    play(&mut f.app, TicTacToeAction::Hint);
    assert!(screen(&f.app).question.is_none());
    let start = Instant::now();
    while screen(&f.app).session.hint.is_none() && start.elapsed() < Duration::from_secs(5) {
        f.app.update(Action::Tick);
    }
    assert!(screen(&f.app).session.hint.is_some());
    assert!(text(&draw(&f.app)).contains("hint: row"));
    assert!(screen(&f.app).session.hints_used);
}

#[test]
fn digits_follow_the_keypad_and_clicks_land_where_cells_are_drawn() {
    let mut f = fixture("color", 0, Opponent::Human, PlayAs::X);
    send(&mut f.app, key(KeyCode::Char('1')));
    assert_eq!(
        screen(&f.app).session.game.mark_at(Pos::new(0, 0)),
        Some(Mark::X)
    );
    let layout = screen(&f.app).layout(f.app.screen_area());
    let rect = layout.cell_rect(Pos::new(2, 1)).unwrap();
    send(
        &mut f.app,
        mouse(
            MouseEventKind::Down(MouseButton::Left),
            rect.x,
            rect.bottom() - 1,
        ),
    );
    assert_eq!(
        screen(&f.app).session.game.mark_at(Pos::new(2, 1)),
        Some(Mark::O)
    );
}

#[test]
fn finished_games_are_recorded_per_board_and_opponent() {
    let mut f = fixture("color", 0, Opponent::Human, PlayAs::X);
    for (row, col) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
        place(&mut f.app, row, col);
    }
    let records = &grid_arcade::play::tictactoe::record::records(&f.app.store)["3x3"]["human"];
    assert_eq!((records.wins, records.losses, records.draws), (1, 0, 0));

    // Against the computer, leaving a started game for a new one asks first, then counts a loss.
    let mut f = fixture(
        "color",
        0,
        Opponent::Computer(Level::Easy),
        PlayAs::Alternate,
    );
    place(&mut f.app, 1, 1);
    settle(&mut f.app);
    play(&mut f.app, TicTacToeAction::NewGame);
    assert!(screen(&f.app).question.is_some());
    assert!(text(&draw(&f.app)).contains("counts as lost"));
    play(&mut f.app, TicTacToeAction::Answer(true));
    let records = &grid_arcade::play::tictactoe::record::records(&f.app.store)["3x3"]["easy"];
    assert_eq!((records.wins, records.losses, records.streak), (0, 1, -1));
    // Alternating sides: the computer opens the second game.
    settle(&mut f.app);
    assert_eq!(screen(&f.app).session.human, Mark::O);
    assert_eq!(screen(&f.app).session.game.history().len(), 1);
}

#[test]
fn a_move_made_while_a_hint_is_worked_out_still_gets_an_answer() {
    let mut f = fixture("color", 2, Opponent::Computer(Level::Hard), PlayAs::X);
    play(&mut f.app, TicTacToeAction::Hint);
    play(&mut f.app, TicTacToeAction::Answer(true));
    play(&mut f.app, TicTacToeAction::Place);
    settle(&mut f.app);
    assert_eq!(
        screen(&f.app).session.game.history().len(),
        2,
        "the computer answered"
    );
    assert_eq!(
        screen(&f.app).session.hint,
        None,
        "the hint for the empty board was dropped"
    );
}

#[test]
fn a_new_game_drops_the_answer_still_on_its_way() {
    let mut f = fixture("color", 0, Opponent::Computer(Level::Easy), PlayAs::X);
    place(&mut f.app, 1, 1);
    play(&mut f.app, TicTacToeAction::NewGame);
    play(&mut f.app, TicTacToeAction::Answer(true));
    // Whenever the old answer arrives, it does not land on the new board.
    for _ in 0..50 {
        std::thread::sleep(Duration::from_millis(2));
        f.app.update(Action::Tick);
    }
    assert!(screen(&f.app).session.game.history().is_empty());
    place(&mut f.app, 0, 0);
    settle(&mut f.app);
    assert_eq!(
        screen(&f.app).session.game.history().len(),
        2,
        "the computer answers in the new game"
    );
}

#[test]
fn the_whole_board_shows_at_every_size_it_is_drawn_at_or_the_terminal_is_too_small() {
    for board in 0..PRESETS.len() {
        let mut f = fixture("color", board, Opponent::Human, PlayAs::X);
        for width in 20..=60 {
            for height in 5..=24 {
                f.app.update(Action::Resize(Size::new(width, height)));
                let shot = text(&draw(&f.app));
                if !grid_arcade::app::fits(&f.app, f.app.screen_area()) {
                    assert!(shot.contains("enlarge the terminal"), "{shot}");
                    continue;
                }
                // Every cell is drawn whole: as tall and wide as the layout's cells, on screen.
                let layout = screen(&f.app).layout(f.app.screen_area());
                for row in 0..layout.rows {
                    for col in 0..layout.cols {
                        let cell = layout.cell_rect(Pos::new(row, col));
                        let whole = cell.is_some_and(|cell| {
                            cell.height == layout.cell_height
                                && cell.width == layout.cell_width
                                && cell.bottom() <= layout.footer.y
                        });
                        assert!(whole, "{width}x{height}, cell {row},{col}:\n{shot}");
                    }
                }
            }
        }
    }
    // The sizes a player tried: 40x12 and 40x13 draw the third row of a 3x3 board.
    let mut f = fixture("color", 0, Opponent::Human, PlayAs::X);
    for height in [12, 13] {
        f.app.update(Action::Resize(Size::new(40, height)));
        let shot = text(&draw(&f.app));
        let rows = shot.lines().filter(|line| line.contains("│   │")).count();
        assert_eq!(rows, 3, "40x{height}:\n{shot}");
    }
}

#[test]
fn a_move_on_a_taken_cell_is_refused_with_a_word_until_the_next_key() {
    let mut f = fixture("color", 0, Opponent::Human, PlayAs::X);
    place(&mut f.app, 1, 1);
    place(&mut f.app, 1, 1);
    assert!(text(&draw(&f.app)).contains("row 2, column 2 is taken"));
    assert_eq!(screen(&f.app).session.game.turn(), Some(Mark::O));
    send(&mut f.app, key(KeyCode::Right));
    assert!(!text(&draw(&f.app)).contains("is taken"));
    send(&mut f.app, key(KeyCode::Char(' ')));
    assert_eq!(
        screen(&f.app).session.game.mark_at(Pos::new(1, 2)),
        Some(Mark::O)
    );
    assert!(!text(&draw(&f.app)).contains("is taken"));
}
