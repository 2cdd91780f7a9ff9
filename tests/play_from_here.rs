//! "Play from here": from any move of a replay, a new game in that exact position. Minesweeper
//! keeps the mines and the cells opened and flagged, 2048 the board, the score and the seed's
//! later tiles, tic-tac-toe the marks. The new game counts as helped, its clock starts with its
//! own first move, and its history names the game and move it came from.

mod common;

use common::replays::app;
use common::screen::{Fixture, key, send};
use grid_arcade::app::App;
use grid_arcade::games::minesweeper::{BoardSize, CellView, FirstClick, Pos, Status, place_mines};
use grid_arcade::games::tictactoe;
use grid_arcade::games::twenty48::{self, Direction, Input};
use grid_arcade::history::{Entry, History, Outcome};
use grid_arcade::play::minesweeper::Session as MinesSession;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::minesweeper::MinesweeperScreen;
use grid_arcade::ui::tictactoe::TicTacToeScreen;
use grid_arcade::ui::twenty48::Twenty48Screen;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Size;

/// Opens the replay of `id` and shows the position after `steps` moves.
fn replay_at(app: &mut App, id: &str, steps: usize) {
    app.open_replay(id);
    assert_eq!(app.screen, ScreenId::Replay);
    send(app, key(KeyCode::Home));
    for _ in 0..steps {
        send(app, key(KeyCode::Right));
    }
    assert_eq!(app.replay.as_ref().unwrap().replay.at(), steps);
}

fn mines(app: &App) -> &MinesSession {
    &app.games.find::<MinesweeperScreen>().unwrap().session
}

fn last_entry(f: &Fixture) -> Entry<'static> {
    let history = History::new(&f.dir.path().join("data"));
    history.entries().unwrap().items.pop().unwrap()
}

#[test]
fn a_minesweeper_game_goes_on_from_a_move_of_its_replay() {
    let mut f = app(Size::new(100, 35));
    // The replayed game: the middle opened, a flag, then a mine.
    replay_at(&mut f.app, "minesaaa", 2);
    send(&mut f.app, key(KeyCode::Enter));
    assert!(matches!(f.app.screen, ScreenId::Game(_)));
    let first = Pos::new(4, 4);
    let mine_cells: Vec<Pos> = place_mines(BoardSize::BEGINNER, 5, first, FirstClick::Opening)
        .unwrap()
        .mines()
        .collect();
    let session = mines(&f.app);
    assert_eq!(session.from.as_deref(), Some("minesaaa@2"));
    assert_ne!(session.game.cell(first), CellView::Hidden);
    assert_eq!(session.game.cell(mine_cells[1]), CellView::Flagged);
    assert!(
        session.game.used_hint(),
        "a game started from a replay counts as helped"
    );
    // Its clock waits for its own first move.
    f.app.now += std::time::Duration::from_secs(5);
    assert_eq!(mines(&f.app).elapsed(f.app.now).as_millis(), 0);

    // The same mines: the replayed game's fatal cell ends this one too.
    let screen = f.app.games.find_mut::<MinesweeperScreen>().unwrap();
    screen.cursor = mine_cells[0];
    send(&mut f.app, key(KeyCode::Char(' ')));
    assert_eq!(mines(&f.app).game.status(), Status::Lost);
    let entry = last_entry(&f);
    assert_eq!(entry.from.as_deref(), Some("minesaaa@2"));
    assert!(entry.hints);
    assert_eq!(entry.result, Outcome::Lost);
    // The new game replays in turn, the moves it was started with included.
    f.app.open_replay(&entry.id);
    assert_eq!(f.app.screen, ScreenId::Replay);
    assert_eq!(f.app.replay.as_ref().unwrap().replay.len(), 4);
}

#[test]
fn where_no_move_is_left_the_replay_says_so_and_stays() {
    let mut f = app(Size::new(100, 35));
    replay_at(&mut f.app, "minesaaa", 3);
    send(&mut f.app, key(KeyCode::Enter));
    assert_eq!(f.app.screen, ScreenId::Replay);
    let notice = f.app.notices.back().cloned().unwrap_or_default();
    assert!(notice.contains("no move is left to play here"), "{notice}");
}

#[test]
fn a_2048_game_goes_on_with_the_board_score_and_later_tiles_of_its_seed() {
    let mut f = app(Size::new(100, 35));
    replay_at(&mut f.app, "t2048aaa", 10);
    let timeline = f
        .app
        .replay
        .as_ref()
        .unwrap()
        .replay
        .timeline::<twenty48::Game>();
    let timeline = timeline.unwrap();
    let here = timeline.current().clone();
    let next = timeline.steps()[10];
    let after = timeline.position(11);
    send(&mut f.app, key(KeyCode::Enter));
    let session = &f.app.games.find::<Twenty48Screen>().unwrap().session;
    assert_eq!(session.game.board(), here.board());
    assert_eq!(session.game.score(), here.score());
    assert_eq!(session.from.as_deref(), Some("t2048aaa@10"));
    assert!(session.assisted());
    // The move the replayed game made next brings the same tile to the same cell.
    let Input::Slide(direction) = next else {
        panic!("the corner player only slides")
    };
    let code = match direction {
        Direction::Up => KeyCode::Up,
        Direction::Down => KeyCode::Down,
        Direction::Left => KeyCode::Left,
        Direction::Right => KeyCode::Right,
    };
    send(&mut f.app, key(code));
    let session = &f.app.games.find::<Twenty48Screen>().unwrap().session;
    assert_eq!(session.game.board(), after.board());
}

#[test]
fn a_tictactoe_game_goes_on_from_the_marks_of_its_replay() {
    let mut f = app(Size::new(100, 35));
    replay_at(&mut f.app, "tttaaaaa", 2);
    send(&mut f.app, key(KeyCode::Enter));
    let screen = f.app.games.find::<TicTacToeScreen>().unwrap();
    let played: Vec<tictactoe::Pos> = screen.session.game.history().to_vec();
    assert_eq!(
        played,
        [(0, 0), (1, 1)].map(|(r, c)| tictactoe::Pos::new(r, c))
    );
    assert!(screen.session.hints_used);
    assert_eq!(screen.session.from.as_deref(), Some("tttaaaaa@2"));
}
