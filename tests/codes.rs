//! Game codes on the game screens: a code gives the same game again (Minesweeper with its first
//! cell open and the clock waiting), `r` restarts the same board and asks first when that gives
//! a game up, and the history's entries carry the code shown on screen.

mod common;

use std::time::{Duration, Instant};

use common::drive::entry_code;
use common::drive::minesweeper::{move_to, play};
use common::screen::{Fixture, draw, key, send, text};
use grid_arcade::app::{Action, App, Launch};
use grid_arcade::games::GameId;
use grid_arcade::games::minesweeper::{
    BoardSize, CellView, Difficulty, FirstClick, GameOptions, Pos,
};
use grid_arcade::games::tictactoe::Mark;
use grid_arcade::games::twenty48::{Direction, Game as Twenty48Game};
use grid_arcade::history::{Entry, History, Outcome};
use grid_arcade::play::Session as _;
use grid_arcade::play::minesweeper::code::CodeBoard;
use grid_arcade::play::minesweeper::{Session, Setup};
use grid_arcade::play::twenty48::facts::Facts as Twenty48Facts;
use grid_arcade::ui::games;
use grid_arcade::ui::minesweeper::{MinesAction, MinesweeperScreen};
use grid_arcade::ui::question::Question;
use grid_arcade::ui::tictactoe::{TicTacToeAction, TicTacToeScreen};
use grid_arcade::ui::twenty48::{Twenty48Action, Twenty48Screen};
use ratatui::crossterm::event::KeyCode;

const SEED: u64 = 23;

/// An app with a data folder (saves and a history), opened on `game` with a fixed seed.
fn start(config: &str, launch: Launch) -> Fixture {
    Fixture::with_data(config, launch)
}

fn launch(open: GameId) -> Launch {
    Launch {
        seed: Some(SEED),
        open: Some(open),
        ..Launch::default()
    }
}

fn expert_no_guess() -> Launch {
    let setup = Setup {
        difficulty: Difficulty::Expert,
        size: BoardSize::EXPERT,
        options: GameOptions {
            first_click: FirstClick::NoGuess,
            question_marks: false,
        },
    };
    Launch {
        pins: setup.pins(),
        ..launch(grid_arcade::play::minesweeper::GAME)
    }
}

fn history(f: &Fixture) -> Vec<Entry<'static>> {
    let read = History::new(&f.dir.path().join("data")).entries().unwrap();
    assert_eq!(read.skipped, 0);
    read.items
}

fn ttt(app: &App) -> &TicTacToeScreen {
    app.games.find::<TicTacToeScreen>().unwrap()
}

fn mines_screen(app: &App) -> &MinesweeperScreen {
    app.games.find::<MinesweeperScreen>().unwrap()
}

fn mines(app: &App) -> &Session {
    &mines_screen(app).session
}

fn tiles(app: &App) -> &Twenty48Screen {
    app.games.find::<Twenty48Screen>().unwrap()
}

/// Every cell as the player sees it.
fn cells(screen: &Session) -> Vec<CellView> {
    let game = &screen.game;
    (0..game.rows())
        .flat_map(|row| (0..game.cols()).map(move |col| game.cell(Pos::new(row, col))))
        .collect()
}

/// A hidden cell that the player can flag, a move that starts the game.
fn hidden_cell(screen: &Session) -> Pos {
    let game = &screen.game;
    (0..game.rows())
        .flat_map(|row| (0..game.cols()).map(move |col| Pos::new(row, col)))
        .find(|&pos| game.cell(pos) == CellView::Hidden)
        .unwrap()
}

#[test]
fn a_minesweeper_code_gives_the_same_board_with_its_first_cell_open_and_the_clock_waiting() {
    let mut first = start("", expert_no_guess());
    move_to(&mut first.app, Pos::new(7, 19));
    play(&mut first.app, MinesAction::Reveal);
    let code = mines(&first.app).code();
    let opened = cells(mines(&first.app));
    assert!(matches!(
        CodeBoard::of(&code),
        Some(CodeBoard {
            first: Some(Pos { row: 7, col: 19 }),
            ..
        })
    ));
    assert!(text(&draw(&first.app)).contains(&format!("code {}", code.encode())));

    // Another player types the code: the same board, the same cells open.
    let text_code = code.encode();
    let mut second = start("", Launch::default());
    second
        .app
        .play_code(games::decode_code(&text_code.to_lowercase()).unwrap());
    let now = second.app.now;
    let screen = mines(&second.app);
    assert_eq!(screen.setup, mines(&first.app).setup);
    assert_eq!(cells(screen), opened);
    assert_eq!(screen.code(), code);
    // Nothing counts yet: the clock waits for the player's first move.
    assert!(!screen.in_progress());
    assert_eq!(screen.deadline(now), None);
    assert_eq!(screen.elapsed(now).as_millis(), 0);

    // A move that changes nothing does not start it; one that does, does.
    play(&mut second.app, MinesAction::Flag);
    assert!(!mines(&second.app).in_progress());
    let flag_at = hidden_cell(mines(&second.app));
    move_to(&mut second.app, flag_at);
    play(&mut second.app, MinesAction::Flag);
    let screen = mines(&second.app);
    assert!(screen.in_progress());
    assert!(screen.deadline(now).is_some());
}

#[test]
fn r_restarts_the_same_minesweeper_board_and_a_game_in_progress_asks_then_counts_as_given_up() {
    let mut f = start("", expert_no_guess());
    play(&mut f.app, MinesAction::Reveal);
    let code = mines(&f.app).code();
    let opened = cells(mines(&f.app));
    let flag_at = hidden_cell(mines(&f.app));
    move_to(&mut f.app, flag_at);
    play(&mut f.app, MinesAction::Flag);

    send(&mut f.app, key(KeyCode::Char('r')));
    assert_eq!(mines_screen(&f.app).question, Some(Question::Restart));
    assert!(text(&draw(&f.app)).contains("Restart this board? This game counts as lost."));
    // No: nothing changes.
    send(&mut f.app, key(KeyCode::Char('n')));
    assert_eq!(mines_screen(&f.app).question, None);
    assert!(mines(&f.app).in_progress());
    assert!(history(&f).is_empty());

    send(&mut f.app, key(KeyCode::Char('r')));
    send(&mut f.app, key(KeyCode::Char('y')));
    let screen = mines(&f.app);
    assert_eq!(
        cells(screen),
        opened,
        "the same board, from the same first cell"
    );
    assert_eq!(screen.code(), code);
    assert!(!screen.in_progress());
    let entries = history(&f);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].result, Outcome::Abandoned);
    assert_eq!(
        entry_code(&entries[0]),
        Some(code),
        "the history keeps the code"
    );
    assert_eq!(
        grid_arcade::play::minesweeper::record::records(&f.app.store).tables["expert-no-guess"]
            .played,
        1,
        "counted once, as given up"
    );

    // A restart before any move of the player's own asks nothing and records nothing.
    send(&mut f.app, key(KeyCode::Char('r')));
    assert_eq!(mines_screen(&f.app).question, None);
    assert_eq!(cells(mines(&f.app)), opened);
    assert_eq!(history(&f).len(), 1);
}

#[test]
fn the_first_cell_opened_for_the_player_is_no_click_of_theirs() {
    let mut f = start("", expert_no_guess());
    play(&mut f.app, MinesAction::Reveal);
    assert_eq!(mines(&f.app).game.clicks(), 1);
    let code = mines(&f.app).code();
    // A restart, and a game from the code: one click after the opening counts one.
    send(&mut f.app, key(KeyCode::Char('r')));
    send(&mut f.app, key(KeyCode::Char('y')));
    for replayed in [false, true] {
        if replayed {
            f.app.play_code(code.clone());
        }
        assert_eq!(mines(&f.app).game.clicks(), 0, "code: {replayed}");
        let flag_at = hidden_cell(mines(&f.app));
        move_to(&mut f.app, flag_at);
        play(&mut f.app, MinesAction::Flag);
        assert_eq!(mines(&f.app).game.clicks(), 1, "code: {replayed}");
        play(&mut f.app, MinesAction::NewGame);
        play(&mut f.app, MinesAction::Answer(true));
    }
    // The history says so (the game restarted had one click too), and the games replay to what
    // it says.
    let entries = history(&f);
    assert_eq!(entries.len(), 3);
    let data = f.dir.path().join("data");
    for entry in &entries {
        let facts: grid_arcade::play::minesweeper::facts::Facts = entry.facts().unwrap();
        assert_eq!(facts.clicks, 1);
        let wanted = grid_arcade::replay::Wanted::parse(&entry.id, &games::formats()).unwrap();
        let replay =
            grid_arcade::replay::find(&History::new(&data), &wanted, &games::replayables());
        assert!(replay.is_ok(), "{:?}", replay.err());
    }
}

#[test]
fn r_restarts_2048_with_the_same_seed_and_records_the_game_it_replaces() {
    let mut f = start("", launch(grid_arcade::play::twenty48::GAME));
    let slide = |f: &mut Fixture, direction| {
        f.app.update(Action::from(Twenty48Action::Slide(direction)));
    };
    let screen = &tiles(&f.app).session;
    let fresh = Twenty48Game::new(screen.game.size(), SEED).unwrap();
    assert_eq!(screen.game.board(), fresh.board());
    let code = screen.code().unwrap();
    assert_eq!(code, grid_arcade::play::twenty48::code::code(4, SEED));
    for direction in [Direction::Left, Direction::Down, Direction::Right] {
        slide(&mut f, direction);
    }
    let score = tiles(&f.app).session.game.score();

    send(&mut f.app, key(KeyCode::Char('r')));
    assert_eq!(tiles(&f.app).question, Some(Question::Restart));
    assert!(
        text(&draw(&f.app)).contains("Restart this board? This game is recorded with its score.")
    );
    send(&mut f.app, key(KeyCode::Char('y')));
    let screen = &tiles(&f.app).session;
    assert_eq!(screen.game.board(), fresh.board());
    assert_eq!(screen.game.moves(), 0);
    assert_eq!(screen.code(), Some(code.clone()));
    let entries = history(&f);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].facts::<Twenty48Facts>().unwrap().score, score);
    assert_eq!(entry_code(&entries[0]), Some(code));
}

#[test]
fn r_restarts_tictactoe_with_the_same_sides_and_asks_only_when_it_gives_a_game_up() {
    // Alternate sides: the second game has the player as O; a restart keeps O.
    let config = "[tictactoe]\nplay_as = \"alternate\"\nopponent = \"easy\"\n";
    let mut f = start(config, launch(grid_arcade::play::tictactoe::GAME));
    send(&mut f.app, key(KeyCode::Char('n')));
    assert_eq!(ttt(&f.app).session.human, Mark::O);
    let code = ttt(&f.app).session.code().unwrap();
    settle(&mut f.app);
    f.app.update(Action::from(TicTacToeAction::Place));
    settle(&mut f.app);
    assert!(ttt(&f.app).session.in_progress());

    send(&mut f.app, key(KeyCode::Char('r')));
    assert_eq!(ttt(&f.app).question, Some(Question::Restart));
    send(&mut f.app, key(KeyCode::Char('y')));
    let screen = &ttt(&f.app).session;
    assert_eq!(screen.human, Mark::O, "the same sides");
    assert_eq!(screen.code(), Some(code.clone()), "the same seed and setup");
    assert!(!screen.in_progress());
    let entries = history(&f);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].result, Outcome::Abandoned);
    assert_eq!(entry_code(&entries[0]), Some(code));

    // Two players lose nothing by starting again: no question.
    let mut f = start(
        "[tictactoe]\nopponent = \"human\"\n",
        launch(grid_arcade::play::tictactoe::GAME),
    );
    f.app.update(Action::from(TicTacToeAction::Click(
        grid_arcade::games::tictactoe::Pos::new(1, 1),
    )));
    send(&mut f.app, key(KeyCode::Char('r')));
    assert_eq!(ttt(&f.app).question, None);
    assert!(ttt(&f.app).session.game.history().is_empty());
}

/// Lets the computer's worker finish and its pause pass, as the event loop would.
fn settle(app: &mut App) {
    let start = Instant::now();
    while ttt(app).session.computer_to_move() && start.elapsed() < Duration::from_secs(5) {
        app.now = Instant::now() + Duration::from_secs(1);
        app.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn playing_a_code_keeps_the_game_in_progress_for_later() {
    let mut f = start("", launch(grid_arcade::play::minesweeper::GAME));
    play(&mut f.app, MinesAction::Reveal);
    let flag_at = hidden_cell(mines(&f.app));
    move_to(&mut f.app, flag_at);
    play(&mut f.app, MinesAction::Flag);
    let kept = mines(&f.app).code();
    let other = CodeBoard {
        level: Difficulty::Beginner,
        size: BoardSize::BEGINNER,
        first_click: FirstClick::Opening,
        first: Some(Pos::new(4, 4)),
    }
    .code(99);
    f.app.play_code(other.clone());
    assert_eq!(mines(&f.app).code(), other);
    assert!(history(&f).is_empty(), "nothing was given up");
    let saved = std::fs::read_dir(f.dir.path().join("data"))
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| {
            entry
                .file_name()
                .to_string_lossy()
                .starts_with("minesweeper")
        })
        .map(|entry| std::fs::read_to_string(entry.path()).unwrap())
        .collect::<Vec<_>>();
    let seed = kept.seed();
    assert!(
        saved
            .iter()
            .any(|text| text.contains(&format!("seed = {seed}"))),
        "the game in progress is saved: {saved:?}"
    );
}
