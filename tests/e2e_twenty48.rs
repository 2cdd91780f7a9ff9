//! 2048 in a real terminal (tmux): `grid-arcade 2048 --seed N` played with every kind of move key,
//! mouse swipes and an edge click, left and quit; then `grid-arcade 2048` without options resumes
//! the same game, which goes on as the same game; the best score is read from the file.
//!
//! The test keeps its own copy of the game, `Game::new(4, N)`, and plays every move on it too.
//! Where to press and release comes from the layout the program itself uses, and after each move
//! the captured screen must show, tile by tile, the numbers of the copy, with its score and moves.

mod common;

use common::drive::twenty48::expected_board;
use common::e2e_play::arrow;
use common::{Cells, Tmux, menu_line};
use grid_arcade::games::twenty48::{Cell, Direction, Game, Status};
use grid_arcade::play::twenty48::saved::SavedGame;
use grid_arcade::ui::twenty48::layout::{self, BoardLayout};
use ratatui::layout::Rect;

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;
const SEED: u64 = 2048;
const SEED_TEXT: &str = "2048";
const SIZE: usize = 4;
/// SGR mouse buttons.
const LEFT: u8 = 0;

/// The keys played, with the moves they stand for: each of the ten move keys at least once
/// (h and a are the hint and autoplay keys).
const KEYS: [(&str, Direction); 14] = [
    ("Left", Direction::Left),
    ("Down", Direction::Down),
    ("Right", Direction::Right),
    ("Up", Direction::Up),
    ("Left", Direction::Left),
    ("s", Direction::Down),
    ("d", Direction::Right),
    ("w", Direction::Up),
    ("Left", Direction::Left),
    ("j", Direction::Down),
    ("l", Direction::Right),
    ("k", Direction::Up),
    ("Down", Direction::Down),
    ("Left", Direction::Left),
];

struct Player {
    tmux: Tmux,
    /// The game as the rules play it, move for move with the program.
    model: Game,
}

impl Player {
    fn layout(&self) -> BoardLayout {
        // The program draws in the whole pane (no notice shows), so that is the layout's area;
        // at 80 columns the figures take a row, and what the computer says and the code another.
        layout::layout(Rect::new(0, 0, WIDTH, HEIGHT), SIZE, 2, None, 1)
    }

    /// The numbers on the captured screen, tile by tile: the middle row of each tile, trimmed.
    fn shown(&self, screen: &str) -> Vec<Vec<String>> {
        let cells = Cells::of(screen);
        let layout = self.layout();
        (0..SIZE)
            .map(|row| {
                (0..SIZE)
                    .map(|col| {
                        let rect = layout.tile_rect(Cell { row, col });
                        let y = rect.y + (rect.height - 1) / 2;
                        cells.span(y, rect.x, rect.right()).trim().to_string()
                    })
                    .collect()
            })
            .collect()
    }

    fn expected(&self) -> Vec<Vec<String>> {
        expected_board(&self.model)
    }

    /// The status line's score and moves as the copy has them ("score 116 +4   best 116   moves
    /// 23   biggest 16": a space always follows each number).
    fn status(&self) -> (String, String) {
        (
            format!("score {} ", self.model.score()),
            format!("moves {} ", self.model.moves()),
        )
    }

    fn agrees(&self, screen: &str) -> bool {
        let (score, moves) = self.status();
        self.shown(screen) == self.expected()
            && screen
                .lines()
                .any(|l| l.contains(&score) && l.contains(&moves))
    }

    /// Waits until the screen shows the copy's board, score and moves; returns the screen.
    fn wait_agrees(&self) -> String {
        let expected = self.expected();
        let (score, moves) = self.status();
        self.tmux.wait_until(
            &format!("the board {expected:?} with {score:?} and {moves:?}"),
            |screen| self.agrees(screen),
        )
    }

    /// Plays `direction` on the copy; true if it changed the board.
    fn play(&mut self, direction: Direction) -> bool {
        self.model.play(direction).is_some()
    }

    fn key(&mut self, key: &str, direction: Direction) {
        self.tmux.keys(&[key]);
        self.play(direction);
        self.wait_agrees();
    }

    /// Presses the left button at one cell and releases it at another.
    fn drag(&mut self, from: (u16, u16), to: (u16, u16), direction: Direction) {
        self.tmux.press(LEFT, from.0, from.1);
        self.tmux.release(LEFT, to.0, to.1);
        self.play(direction);
        self.wait_agrees();
    }

    /// The move the test plays next with the mouse: the first of `wanted` that changes the board.
    fn a_move_among(&self, wanted: &[Direction]) -> Direction {
        *wanted
            .iter()
            .find(|&&d| self.model.clone().play(d).is_some())
            .expect("one of the moves changes the board")
    }
}

#[test]
fn a_game_played_with_keys_and_swipes_is_resumed_after_quitting() {
    let mut player = Player {
        tmux: Tmux::start(WIDTH, HEIGHT, &["2048", "--seed", SEED_TEXT]),
        model: Game::new(SIZE, SEED).unwrap(),
    };
    player.tmux.assert_size(WIDTH, HEIGHT);
    let screen = player.wait_agrees();
    assert!(screen.contains("score 0"), "{screen}");

    for (key, direction) in KEYS {
        player.key(key, direction);
    }
    assert_eq!(player.model.status(), Status::Playing);

    // Swipes from the middle of the board: four columns to the side, two rows up or down.
    let board = player.layout().board;
    let middle = (board.x + board.width / 2, board.y + board.height / 2);
    for _ in 0..4 {
        let direction = player.a_move_among(&Direction::ALL);
        let (x, y) = middle;
        let to = match direction {
            Direction::Left => (x - 4, y),
            Direction::Right => (x + 4, y),
            Direction::Up => (x, y - 2),
            Direction::Down => (x, y + 2),
        };
        player.drag(middle, to, direction);
    }
    // A swipe that starts on one tile and ends beside the board.
    let direction = player.a_move_among(&[Direction::Right, Direction::Left]);
    let to = match direction {
        Direction::Right => (board.right() + 3, middle.1 + 1),
        _ => (board.x - 3, middle.1 - 1),
    };
    player.drag(middle, to, direction);
    // A click near an edge slides toward it.
    let direction = player.a_move_among(&[Direction::Up, Direction::Down]);
    let at = match direction {
        Direction::Up => (middle.0, board.y + 1),
        _ => (middle.0, board.bottom() - 2),
    };
    player.drag(at, at, direction);
    assert!(player.model.score() > 0, "some tiles merged");
    assert_eq!(player.model.status(), Status::Playing);
    let before = player.wait_agrees();

    // Esc leaves for the menu, which offers the game; q there quits.
    player.tmux.keys(&["Escape"]);
    let menu = player.tmux.wait_for("q quit");
    let line = menu_line(&menu, "2048");
    assert!(
        line.contains("resume"),
        "2048 is offered to resume:\n{menu}"
    );
    player.tmux.keys(&["q"]);
    assert_eq!(player.tmux.wait_exit(), 0);

    // The game is saved in the data folder; the records wait for its end.
    let save = player
        .tmux
        .home
        .path()
        .join(".local/share/grid-arcade")
        .join("2048-4x4.toml");
    let saved: Game = toml::from_str::<SavedGame>(&std::fs::read_to_string(&save).unwrap())
        .unwrap()
        .game;
    assert_eq!(saved, player.model);
    let config = player.tmux.config();
    assert!(
        !config.contains("[records.2048"),
        "a game saved to go on is not recorded yet: {config}"
    );

    // Started again without options, the program shows the same game.
    player.tmux.restart(WIDTH, HEIGHT, &["2048"]);
    let after = player.wait_agrees();
    assert_eq!(player.shown(&after), player.shown(&before));
    let score = format!("score {}", player.model.score());
    assert!(after.contains(&score), "{score}:\n{after}");
    // And it goes on as the same game: the next tiles are the ones the rules draw.
    for _ in 0..2 {
        let direction = player.a_move_among(&[Direction::Left, Direction::Up, Direction::Right]);
        player.key(arrow(direction), direction);
    }
    player.tmux.keys(&["Escape"]);
    player.tmux.wait_for("q quit");
    player.tmux.keys(&["q"]);
    assert_eq!(player.tmux.wait_exit(), 0);
    let saved: Game = toml::from_str::<SavedGame>(&std::fs::read_to_string(&save).unwrap())
        .unwrap()
        .game;
    assert_eq!(saved, player.model);
}

/// The number after "moves " on the status line.
fn moves_shown(screen: &str) -> u64 {
    screen
        .split("moves ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[test]
fn a_hint_shows_a_move_and_autoplay_plays_until_a_key_and_both_mark_the_game() {
    let tmux = Tmux::start(WIDTH, HEIGHT, &["2048", "--seed", "7"]);
    tmux.wait_for("score 0");
    // The first hint of a clean game asks first; a no leaves the game clean.
    tmux.keys(&["t"]);
    tmux.wait_for("Use a hint?");
    tmux.keys(&["n"]);
    tmux.wait_until("the question to go", |s| !s.contains("Use a hint?"));
    assert!(!tmux.screen().contains("used hints"));
    tmux.keys(&["t"]);
    tmux.wait_for("Use a hint?");
    tmux.keys(&["y"]);
    let screen = tmux.wait_for("hint: ");
    assert!(
        ["up", "down", "left", "right"]
            .iter()
            .any(|d| screen.contains(&format!(" {d}"))),
        "{screen}"
    );
    assert!(screen.contains("used hints"), "{screen}");

    // Autoplay has its own key; the game is marked already, so nothing more is asked.
    tmux.keys(&["A"]);
    tmux.wait_until("autoplay to make 30 moves", |s| moves_shown(s) >= 30);
    tmux.keys(&["x"]);
    let stopped = tmux.wait_until("autoplay to stop", |s| {
        !s.contains("autoplay: any key stops")
    });
    let moves = moves_shown(&stopped);
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(moves_shown(&tmux.screen()), moves, "no move after the key");

    tmux.keys(&["Escape"]);
    tmux.wait_for("q quit");
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
    // The game is kept to go on with: nothing is recorded before it ends.
    let config = tmux.config();
    assert!(!config.contains("[records.2048"), "{config}");
    let save = tmux
        .home
        .path()
        .join(".local/share/grid-arcade")
        .join("2048-4x4.toml");
    let saved: Game = toml::from_str::<SavedGame>(&std::fs::read_to_string(save).unwrap())
        .unwrap()
        .game;
    assert!(saved.autoplayed() && saved.hint_used());
}

/// A data folder that cannot be made (a file stands where it would be): the game plays on, the
/// screen says at once where games cannot be kept and why, and quitting says that the game in
/// progress was not kept.
#[test]
fn a_data_folder_that_cannot_be_written_is_told_at_once_and_at_quit() {
    let tmux = Tmux::start_prepared(WIDTH, HEIGHT, &["2048", "--seed", "7"], |home| {
        std::fs::create_dir_all(home.join(".local")).unwrap();
        std::fs::write(home.join(".local/share"), "a file, not a folder").unwrap();
    });
    let notice = tmux.wait_for("cannot be kept in");
    assert!(notice.contains(".local/share/grid-arcade"), "{notice}");
    tmux.keys(&["x", "Left", "Up"]);
    tmux.wait_for("moves 2");
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
    let farewell = tmux.printed();
    assert!(
        farewell.contains("grid-arcade: the game in progress could not be kept (games in progress cannot be kept in"),
        "{farewell}"
    );
}
