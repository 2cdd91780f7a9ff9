//! The gomoku screen on `TestBackend`: a game in progress and a win with its row lit, in colour and
//! ASCII at 80x24, a big terminal's room and a tiny terminal's message; keys and clicks; the
//! computer thinking in the background while keys still work; undo and hints asking once; a new
//! game over one in progress; the records per opponent and side, the history and its replay.

mod common;

use std::time::{Duration, Instant};

use common::screen::{Fixture, draw, key, mouse, send, text, theme};
use grid_arcade::app::{self, Action, App, Launch};
use grid_arcade::games::gomoku::{Mark, Pos};
use grid_arcade::history::{History, Outcome};
use grid_arcade::play::gomoku::{GAME, Gomoku};
use grid_arcade::play::marks::{self, Facts};
use grid_arcade::ui::games;
use grid_arcade::ui::gomoku::{GomokuAction, GomokuScreen};
use grid_arcade::ui::question::Question;
use ratatui::crossterm::event::{KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::{Position, Size};
use ratatui::style::Modifier;

/// A gomoku game against `opponent` with the player as `play_as`, the computer quick.
fn config(theme_name: &str, opponent: &str, play_as: &str) -> String {
    format!(
        "{}[gomoku]\nopponent = \"{opponent}\"\nplay_as = \"{play_as}\"\nmove_time = \"0.1s\"\n",
        theme(theme_name)
    )
}

fn launch() -> Launch {
    Launch {
        seed: Some(11),
        open: Some(GAME),
        ..Launch::default()
    }
}

fn start(theme_name: &str, opponent: &str, play_as: &str, size: Size) -> Fixture {
    Fixture::start(&config(theme_name, opponent, play_as), size, launch())
}

fn screen(app: &App) -> &GomokuScreen {
    app.games.find::<GomokuScreen>().unwrap()
}

fn play(app: &mut App, action: GomokuAction) {
    app.update(Action::from(action));
}

/// Places on the cell at `row`, `col` with a click.
fn place(app: &mut App, row: usize, col: usize) {
    play(app, GomokuAction::Click(Pos::new(row, col)));
}

/// Ticks until `done`, as the event loop would when the worker wakes it, the computer's pauses
/// passing at once.
fn tick_until(app: &mut App, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    loop {
        app.now = Instant::now() + Duration::from_secs(1);
        app.update(Action::Tick);
        if done(app) {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "nothing came");
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Lets the computer move, when it is to.
fn settle(app: &mut App) {
    tick_until(app, |app| {
        let session = &screen(app).session;
        !session.computer_to_move() || session.game.is_over()
    });
}

/// Two players: X makes five across row 7 from column 3, O plays on row 9.
const FIVE_ACROSS: [(usize, usize); 9] = [
    (7, 3),
    (9, 3),
    (7, 4),
    (9, 4),
    (7, 5),
    (9, 5),
    (7, 6),
    (9, 8),
    (7, 7),
];

#[test]
fn a_game_in_progress_at_80x24_in_colour_and_ascii() {
    for theme_name in ["color", "ascii"] {
        let mut f = start(theme_name, "human", "x", Size::new(80, 24));
        for (row, col) in [(7, 7), (6, 8), (8, 6)] {
            place(&mut f.app, row, col);
        }
        play(&mut f.app, GomokuAction::Move { rows: -1, cols: -1 });
        let shot = text(&draw(&f.app));
        // One line per board row, the last move in parentheses, the cursor in brackets.
        assert!(shot.contains("15"), "{shot}");
        assert!(shot.contains("(X)") && shot.contains("[") && shot.contains("O"));
        assert!(shot.contains("O to move"), "{shot}");
        insta::assert_snapshot!(format!("in_progress_{theme_name}"), shot);
    }
}

#[test]
fn a_win_lights_its_row_and_is_recorded_once() {
    for theme_name in ["color", "ascii"] {
        let mut f = start(theme_name, "human", "x", Size::new(80, 24));
        for (row, col) in FIVE_ACROSS {
            place(&mut f.app, row, col);
        }
        let buffer = draw(&f.app);
        let layout = screen(&f.app).layout(f.app.screen_area());
        for (pos, lit) in [(Pos::new(7, 5), true), (Pos::new(9, 5), false)] {
            let (x, y) = layout.crossing(pos);
            let reversed = buffer[(x, y)].modifier.contains(Modifier::REVERSED);
            assert_eq!(reversed, lit, "{pos:?}");
        }
        let shot = text(&buffer);
        assert!(shot.contains("X wins!"), "{shot}");
        insta::assert_snapshot!(format!("won_{theme_name}"), shot);
        // Keys after the end change nothing, and the game is recorded once.
        place(&mut f.app, 0, 0);
        play(&mut f.app, GomokuAction::Undo);
        let records = marks::records::<Gomoku>(&f.app.store);
        let human = &records["freestyle"]["human"];
        assert_eq!((human.wins, human.losses, human.draws), (1, 0, 0));
    }
}

#[test]
fn a_tiny_terminal_says_how_big_to_be_and_a_big_one_spreads_the_board() {
    let f = start("color", "human", "x", Size::new(40, 12));
    let shot = text(&draw(&f.app));
    assert!(shot.contains("enlarge the terminal"), "{shot}");
    insta::assert_snapshot!("tiny", shot);

    let f = start("color", "human", "x", Size::new(120, 45));
    let layout = screen(&f.app).layout(f.app.screen_area());
    assert!(layout.cell_height >= 2, "{layout:?}");
    let shot = text(&draw(&f.app));
    assert!(shot.contains("A    B    C"), "{shot}");
}

#[test]
fn keys_and_clicks_make_the_screens_actions() {
    let mut f = start("color", "human", "x", Size::new(80, 24));
    let action = |f: &Fixture, event| app::action_for(&f.app, &event);
    let table = [
        (KeyCode::Up, GomokuAction::Move { rows: -1, cols: 0 }),
        (KeyCode::Char('a'), GomokuAction::Move { rows: 0, cols: -1 }),
        (KeyCode::Char('l'), GomokuAction::Move { rows: 0, cols: 1 }),
        (KeyCode::Char(' '), GomokuAction::Place),
        (KeyCode::Enter, GomokuAction::Place),
        (KeyCode::Char('u'), GomokuAction::Undo),
        (KeyCode::Backspace, GomokuAction::Undo),
        (KeyCode::Char('t'), GomokuAction::Hint),
        (KeyCode::Char('n'), GomokuAction::NewGame),
        (KeyCode::Char('r'), GomokuAction::Restart),
        (KeyCode::Char('c'), GomokuAction::ChangeOpponent),
        (KeyCode::Char('o'), GomokuAction::Setup),
        (KeyCode::Esc, GomokuAction::Back),
    ];
    for (code, expected) in table {
        assert_eq!(action(&f, key(code)), Some(expected.into()), "{code:?}");
    }
    // Digits place nothing on a board this size.
    assert_eq!(action(&f, key(KeyCode::Char('5'))), None);
    let layout = screen(&f.app).layout(f.app.screen_area());
    let down = MouseEventKind::Down(MouseButton::Left);
    for pos in [
        Pos::new(0, 0),
        Pos::new(7, 7),
        Pos::new(14, 14),
        Pos::new(3, 11),
    ] {
        let (x, y) = layout.crossing(pos);
        let click = action(&f, mouse(down, x, y));
        assert_eq!(click, Some(GomokuAction::Click(pos).into()), "{pos:?}");
    }
    assert_eq!(action(&f, mouse(down, 0, 0)), None);
    // A click places the stone where it is drawn.
    let (x, y) = layout.crossing(Pos::new(2, 12));
    send(&mut f.app, mouse(down, x, y));
    assert_eq!(
        screen(&f.app).session.game.mark_at(Pos::new(2, 12)),
        Some(Mark::X)
    );
    // While a question waits, y says yes and any other key no.
    play(&mut f.app, GomokuAction::NewGame);
    play(&mut f.app, GomokuAction::Hint);
    assert_eq!(screen(&f.app).question, Some(Question::Hint));
    assert_eq!(
        action(&f, key(KeyCode::Char('y'))),
        Some(GomokuAction::Answer(true).into())
    );
    assert_eq!(
        action(&f, key(KeyCode::Left)),
        Some(GomokuAction::Answer(false).into())
    );
}

#[test]
fn the_computer_thinks_in_the_background_and_keys_still_work() {
    let mut f = Fixture::start(
        &config("color", "hard", "x").replace("0.1s", "1s"),
        Size::new(80, 24),
        launch(),
    );
    place(&mut f.app, 7, 7);
    assert!(screen(&f.app).session.computer_to_move());
    // The cursor moves and the screen draws while the computer thinks.
    let before = screen(&f.app).cursor;
    play(&mut f.app, GomokuAction::Move { rows: 1, cols: 0 });
    assert_eq!(screen(&f.app).cursor, Pos::new(before.row + 1, before.col));
    assert!(text(&draw(&f.app)).contains("computer (O) to move"));
    // A move pressed meanwhile waits for the computer's, and is played after it.
    play(&mut f.app, GomokuAction::Click(Pos::new(9, 9)));
    assert_eq!(screen(&f.app).session.game.history().len(), 1);
    settle(&mut f.app);
    let history = screen(&f.app).session.game.history().to_vec();
    assert!(history.len() >= 3, "{history:?}");
    assert_eq!(history[2], Pos::new(9, 9));
}

#[test]
fn undo_and_hints_ask_once_per_game_and_a_hint_names_its_threat() {
    let mut f = start("color", "hard", "x", Size::new(80, 24));
    place(&mut f.app, 7, 7);
    settle(&mut f.app);
    play(&mut f.app, GomokuAction::Undo);
    assert_eq!(screen(&f.app).question, Some(Question::Undo));
    assert!(text(&draw(&f.app)).contains("Undo? This game will be recorded with undo."));
    play(&mut f.app, GomokuAction::Answer(true));
    assert!(screen(&f.app).session.game.history().is_empty());
    // The game is marked: the hint asks nothing more.
    play(&mut f.app, GomokuAction::Hint);
    assert_eq!(screen(&f.app).question, None);
    tick_until(&mut f.app, |app| screen(app).session.hint.is_some());
    assert!(text(&draw(&f.app)).contains("hint: "));

    // Two players: O has four in a row, and the hint for X blocks it.
    let mut f = start("color", "human", "x", Size::new(80, 24));
    for (row, col) in [
        (0, 0),
        (5, 3),
        (0, 14),
        (5, 4),
        (14, 0),
        (5, 5),
        (14, 14),
        (5, 6),
    ] {
        place(&mut f.app, row, col);
    }
    play(&mut f.app, GomokuAction::Hint);
    assert_eq!(screen(&f.app).question, Some(Question::Hint));
    play(&mut f.app, GomokuAction::Answer(true));
    tick_until(&mut f.app, |app| screen(app).session.hint.is_some());
    let shot = text(&draw(&f.app));
    assert!(
        shot.contains("hint: C10, blocks a four") || shot.contains("hint: H10, blocks a four"),
        "{shot}"
    );
    // One question per game: undo no longer asks.
    play(&mut f.app, GomokuAction::Undo);
    assert_eq!(screen(&f.app).question, None);
    assert_eq!(screen(&f.app).session.game.history().len(), 7);
}

#[test]
fn a_new_game_asks_before_counting_a_loss_in_the_row_of_its_opponent_and_side() {
    let mut f = Fixture::with_data(&config("color", "easy", "alternate"), launch());
    place(&mut f.app, 7, 7);
    settle(&mut f.app);
    play(&mut f.app, GomokuAction::NewGame);
    assert_eq!(screen(&f.app).question, Some(Question::NewGame));
    assert!(text(&draw(&f.app)).contains("counts as lost"));
    play(&mut f.app, GomokuAction::Answer(true));
    let records = marks::records::<Gomoku>(&f.app.store);
    let easy_x = &records["freestyle"]["easy-x"];
    assert_eq!((easy_x.wins, easy_x.losses, easy_x.streak), (0, 1, -1));
    // Alternating sides: the computer opens the second game as X.
    settle(&mut f.app);
    assert_eq!(screen(&f.app).session.human, Mark::O);
    assert_eq!(screen(&f.app).session.game.history().len(), 1);
    // The history holds the game given up, with its code and its moves, and it replays.
    let read = History::new(&f.dir.path().join("data")).entries().unwrap();
    let entry = read.items[0].clone();
    assert_eq!(entry.result, Outcome::Abandoned);
    let facts: Facts = entry.facts().unwrap();
    assert_eq!(
        (facts.board.as_ref(), facts.rule.as_deref(), facts.moves),
        ("15x15", Some("freestyle"), 2)
    );
    let gomoku = games::by_key("gomoku").unwrap();
    assert!(gomoku.entry_code(&entry).is_some());
    let moves = History::new(&f.dir.path().join("data"))
        .moves(&entry.id)
        .unwrap()
        .unwrap();
    let replay = gomoku.replay(entry, &moves).unwrap();
    assert_eq!(replay.len(), 2);
}

#[test]
fn the_standard_rule_does_not_count_six_in_a_row() {
    let mut f = Fixture::start(
        &config("color", "human", "x").replace("[gomoku]\n", "[gomoku]\nrule = \"standard\"\n"),
        Size::new(80, 24),
        launch(),
    );
    // X: columns 3 to 5 and 7 to 8 of row 7, then 6 between them makes six.
    for (row, col) in [
        (7, 3),
        (0, 0),
        (7, 4),
        (0, 2),
        (7, 5),
        (0, 4),
        (7, 7),
        (0, 6),
        (7, 8),
        (0, 8),
        (7, 6),
    ] {
        place(&mut f.app, row, col);
    }
    assert!(!screen(&f.app).session.game.is_over());
    assert!(text(&draw(&f.app)).contains("standard two players"));
    let crossing = screen(&f.app)
        .layout(f.app.screen_area())
        .crossing(Pos::new(7, 6));
    assert_ne!(crossing, (0, 0));
    assert!(
        f.app
            .screen_area()
            .contains(Position::new(crossing.0, crossing.1))
    );
}

#[test]
fn a_game_in_progress_is_kept_and_resumed_with_the_players_own_time() {
    let mut f = Fixture::with_data(&config("color", "easy", "o"), launch());
    settle(&mut f.app);
    place(&mut f.app, 6, 6);
    settle(&mut f.app);
    let moves = screen(&f.app).session.game.history().to_vec();
    assert_eq!(moves.len(), 3);
    f.app.update(Action::Quit);
    // The program ends: its claim on the saved game goes with it.
    let Fixture { app, dir } = f;
    drop(app);

    // The next start, without a seed, takes the game up where it was, with the time now set.
    let later = config("color", "easy", "o").replace("0.1s", "2s");
    let resumed = Launch {
        open: Some(GAME),
        ..Launch::default()
    };
    let size = Size::new(100, 35);
    let f = Fixture::start_in(
        dir,
        &later,
        common::drive::TRAITS,
        size,
        resumed,
        Some("data"),
    );
    let session = &screen(&f.app).session;
    assert_eq!(session.game.history(), moves.as_slice());
    assert_eq!(session.human, Mark::O);
    assert_eq!(session.setup.move_time, Duration::from_secs(2));
}

#[test]
fn a_code_gives_the_same_rule_opponent_side_and_seed() {
    let standard =
        config("color", "hard", "o").replace("[gomoku]\n", "[gomoku]\nrule = \"standard\"\n");
    let f = Fixture::start(&standard, Size::new(80, 24), launch());
    let code = screen(&f.app).session.code().unwrap();
    let decoded = games::decode_code(&code.encode()).unwrap();
    assert_eq!(games::of_code(&decoded).unwrap().id(), GAME);

    // Another player, whose settings say otherwise, plays the code.
    let mut other = Fixture::start(
        &config("color", "easy", "x"),
        Size::new(80, 24),
        Launch::default(),
    );
    other.app.play_code(decoded);
    let session = &screen(&other.app).session;
    assert_eq!(session.code(), Some(code));
    assert_eq!(session.setup.rule.name(), "standard");
    assert_eq!(session.opponent().name(), "hard");
    assert_eq!(session.human, Mark::O);
}

#[test]
fn the_whole_board_shows_at_every_size_it_is_drawn_at_or_the_terminal_is_too_small() {
    let mut f = start("color", "human", "x", Size::new(80, 24));
    let mut drawn = 0;
    for width in 30..=90 {
        for height in 10..=30 {
            f.app.update(Action::Resize(Size::new(width, height)));
            let shot = text(&draw(&f.app));
            if !app::fits(&f.app, f.app.screen_area()) {
                assert!(shot.contains("enlarge the terminal"), "{shot}");
                continue;
            }
            drawn += 1;
            // Every crossing is on screen, above the lines under the board.
            let layout = screen(&f.app).layout(f.app.screen_area());
            for row in 0..15 {
                for col in 0..15 {
                    let (x, y) = layout.crossing(Pos::new(row, col));
                    let area = f.app.screen_area();
                    assert!(
                        x < area.right() && y < layout.result.y.min(layout.footer.y),
                        "{width}x{height}, crossing {row},{col}:\n{shot}"
                    );
                }
            }
        }
    }
    assert!(drawn > 100, "drawn at {drawn} sizes");
}

#[test]
fn a_click_on_a_taken_point_says_so_by_its_name() {
    let mut f = start("color", "human", "x", Size::new(80, 24));
    place(&mut f.app, 7, 7);
    place(&mut f.app, 7, 7);
    assert!(text(&draw(&f.app)).contains("H8 is taken"));
    assert_eq!(screen(&f.app).session.game.turn(), Some(Mark::O));
    place(&mut f.app, 7, 8);
    assert!(!text(&draw(&f.app)).contains("is taken"));
}
