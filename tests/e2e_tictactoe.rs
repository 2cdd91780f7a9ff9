//! Tic-tac-toe in a real terminal (tmux): `grid-arcade tictactoe --seed N` played to the end with
//! mouse clicks against Easy, a two-player game won by X with digit keys, and a game against the
//! computer left for a new one with n (after the loss warning); each time the records are then
//! read from the file.
//!
//! Where to click comes from the layout the program itself uses. The test reads the board from the
//! captured screen, cell by cell, replays what it sees into its own `Game` to know which cells are
//! free and when the game is over, and checks that the computer's moves are the ones its seed
//! gives (Easy plays a random free cell drawn from the game's seeded random source).

mod common;

use common::{Cells, Tmux};
use grid_arcade::games::rng_from_seed;
use grid_arcade::games::tictactoe::{Budget, Computer, Game, Level, Mark, Outcome, Pos, Rules};
use grid_arcade::seeds::derived;
use grid_arcade::ui::tictactoe::layout::{GridLayout, layout};
use ratatui::layout::Rect;

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;
const SEED: u64 = 5;
const SEED_TEXT: &str = "5";
/// A game against Easy, the player X, with the test's seed.
const AGAINST_EASY: [&str; 7] = [
    "tictactoe",
    "--opponent",
    "easy",
    "--play-as",
    "x",
    "--seed",
    SEED_TEXT,
];
/// The seed of the test's own player (Hard, which never loses on 3x3).
const PLAYER_SEED: u64 = 1;

/// What the screen shows in one cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    Empty,
    Mark(Mark),
}

/// A 3x3 game in a tmux pane.
struct Board {
    tmux: Tmux,
    layout: GridLayout,
}

impl Board {
    fn start(args: &[&str]) -> Board {
        let tmux = Tmux::start(WIDTH, HEIGHT, args);
        // The program draws in the whole pane (no notice shows), so that is the layout's area.
        tmux.assert_size(WIDTH, HEIGHT);
        // At 80 columns the status, the result with the code, and the footer take a row each.
        let board = Board {
            tmux,
            layout: layout(Rect::new(0, 0, WIDTH, HEIGHT), 3, 3, 1, 1, 1),
        };
        let screen = board.tmux.wait_for("3x3");
        board.assert_grid_lines(&screen);
        board
    }

    /// The terminal cell in the middle of `pos`.
    fn at(&self, pos: Pos) -> (u16, u16) {
        let rect = self.layout.cell_rect(pos).expect("the whole board fits");
        (rect.x + rect.width / 2, rect.y + rect.height / 2)
    }

    fn click(&self, pos: Pos) {
        let (x, y) = self.at(pos);
        self.tmux.click(x, y);
    }

    /// The board as the captured screen shows it, row by row. A cell with nothing but blanks (and
    /// perhaps the cursor's corners) is empty; a big X has ink in its middle, a big O a hole.
    fn shown(&self, screen: &str) -> Vec<Shown> {
        let cells = Cells::of(screen);
        (0..9)
            .map(|i| {
                let pos = Pos::new(i / 3, i % 3);
                let rect = self.layout.cell_rect(pos).unwrap();
                let ink = (rect.y..rect.bottom())
                    .flat_map(|y| (rect.x..rect.right()).map(move |x| (x, y)))
                    .any(|(x, y)| !matches!(cells.at(x, y), ' ' | '┌' | '┐' | '└' | '┘'));
                if !ink {
                    return Shown::Empty;
                }
                let (x, y) = self.at(pos);
                match cells.at(x, y) {
                    ' ' => Shown::Mark(Mark::O),
                    _ => Shown::Mark(Mark::X),
                }
            })
            .collect()
    }

    /// Waits until the board on screen shows `expected` (cells in row-major order); returns the
    /// screen.
    fn wait_agrees(&self, game: &Game) -> String {
        let expected = expected(game);
        self.wait_until_board(&format!("the board {expected:?}"), |shown| {
            shown == expected
        })
    }

    fn wait_until_board(&self, what: &str, done: impl Fn(&[Shown]) -> bool) -> String {
        let screen = self
            .tmux
            .wait_until(what, |screen| done(&self.shown(screen)));
        self.assert_grid_lines(&screen);
        screen
    }

    /// The grid lines cross where the layout says.
    fn assert_grid_lines(&self, screen: &str) {
        let cells = Cells::of(screen);
        let grid = self.layout.grid;
        for (col, row) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
            let x = grid.x + col * (self.layout.cell_width + 1) - 1;
            let y = grid.y + row * (self.layout.cell_height + 1) - 1;
            assert_eq!(
                cells.get(x, y),
                Some('┼'),
                "grid lines cross at column {x}, row {y}:\n{screen}"
            );
        }
    }

    /// Leaves the game for the menu (Esc), quits from there (q), and returns the saved file.
    fn quit(&self) -> toml::Table {
        self.tmux
            .leave_and_quit("Escape", "no game in progress is offered again")
    }
}

fn expected(game: &Game) -> Vec<Shown> {
    (0..9)
        .map(|i| match game.mark_at(Pos::new(i / 3, i % 3)) {
            Some(mark) => Shown::Mark(mark),
            None => Shown::Empty,
        })
        .collect()
}

/// The status line: the first line with the tally on it.
fn status_line(screen: &str) -> &str {
    screen
        .lines()
        .find(|l| l.contains("draws"))
        .unwrap_or_else(|| panic!("no status line:\n{screen}"))
}

/// `[records.tictactoe."3x3".<opponent>]` of the saved file.
fn record<'a>(file: &'a toml::Table, opponent: &str) -> &'a toml::Table {
    file.get("records")
        .and_then(|r| r.get("tictactoe"))
        .and_then(|r| r.get("3x3"))
        .and_then(|r| r.get(opponent))
        .and_then(toml::Value::as_table)
        .unwrap_or_else(|| panic!("no [records.tictactoe.\"3x3\".{opponent}]:\n{file}"))
}

/// A counter of a record; counters never touched are not written.
fn count(table: &toml::Table, key: &str) -> i64 {
    match table.get(key) {
        None => 0,
        Some(value) => value
            .as_integer()
            .unwrap_or_else(|| panic!("{key} is not an integer: {table}")),
    }
}

#[test]
fn a_game_against_easy_played_with_clicks_is_tallied_and_recorded() {
    let board = Board::start(&AGAINST_EASY);
    let screen = board.tmux.wait_for("your turn (X)");
    assert!(
        status_line(&screen).contains("3x3 vs easy  you 0  computer 0  draws 0"),
        "{screen}"
    );
    let mut game = Game::new(Rules::preset("3x3").unwrap());
    // Easy draws its cells from a source seeded with --seed and the move's number: the same
    // draws here tell which cell each of its moves must be.
    let mut easy = Computer::new();
    let mut player = Computer::new();
    let mut player_rng = rng_from_seed(PLAYER_SEED);

    while !game.is_over() {
        let mine = player
            .choose_move(&game, Level::Hard, Budget::PER_MOVE, &mut player_rng)
            .expect("a free cell");
        board.click(mine);
        game.play(mine).unwrap();
        if game.is_over() {
            break;
        }
        // The own mark shows at once; the computer's follows after its pause. Wait for one more
        // O than the test knows of, on a cell that was free, and the rest unchanged.
        let known = expected(&game);
        let screen = board.wait_until_board("the computer's O", |shown| {
            let changed: Vec<usize> = (0..9).filter(|&i| shown[i] != known[i]).collect();
            changed.len() == 1
                && known[changed[0]] == Shown::Empty
                && shown[changed[0]] == Shown::Mark(Mark::O)
        });
        let shown = board.shown(&screen);
        let index = (0..9).find(|&i| shown[i] != known[i]).unwrap();
        let theirs = Pos::new(index / 3, index % 3);
        let mut easy_rng = rng_from_seed(derived(SEED, game.history().len() as u64));
        let seeded = easy.choose_move(&game, Level::Easy, Budget::PER_MOVE, &mut easy_rng);
        assert_eq!(
            Some(theirs),
            seeded,
            "Easy's move under --seed {SEED}:\n{screen}"
        );
        game.play(theirs).unwrap();
    }

    board.wait_agrees(&game);
    let (headline, tally, counts) = match game.outcome() {
        Some(Outcome::Win { mark: Mark::X, .. }) => {
            ("You win!", "you 1  computer 0  draws 0", (1, 0, 0))
        }
        Some(Outcome::Win { mark: Mark::O, .. }) => (
            "The computer wins.",
            "you 0  computer 1  draws 0",
            (0, 1, 0),
        ),
        Some(Outcome::Draw) => ("A draw.", "you 0  computer 0  draws 1", (0, 0, 1)),
        None => unreachable!(),
    };
    let screen = board.tmux.wait_for(headline);
    assert!(status_line(&screen).contains("game over"), "{screen}");
    assert!(status_line(&screen).contains(tally), "{tally:?}:\n{screen}");
    assert_ne!(
        counts,
        (0, 1, 0),
        "the test plays Hard's moves, which never lose on 3x3; moves {:?}",
        game.history()
    );
    let result_row = board.layout.result.y as usize;
    assert!(
        screen.lines().nth(result_row).unwrap().contains(headline),
        "the result is on the layout's result row {result_row}:\n{screen}"
    );

    let file = board.quit();
    let easy = record(&file, "easy");
    assert_eq!(
        (
            count(easy, "wins"),
            count(easy, "losses"),
            count(easy, "draws")
        ),
        counts,
        "{easy}"
    );
    let streak = counts.0 - counts.1;
    assert_eq!(count(easy, "streak"), streak, "{easy}");
    assert_eq!(count(easy, "longest_streak"), streak.max(0), "{easy}");
    assert_eq!(count(easy, "hinted"), 0, "{easy}");
}

#[test]
fn two_players_with_digit_keys_x_wins_and_is_recorded() {
    let board = Board::start(&["tictactoe", "--opponent", "human", "--seed", SEED_TEXT]);
    let screen = board.tmux.wait_for("X to move");
    assert!(
        status_line(&screen).contains("3x3 two players  X 0  O 0  draws 0"),
        "{screen}"
    );
    // The phone keypad (the default): 1 2 3 on the top row. X takes the top row.
    let mut game = Game::new(Rules::preset("3x3").unwrap());
    for digit in ["1", "4", "2", "5", "3"] {
        let n: usize = digit.parse().unwrap();
        let pos = Pos::new((n - 1) / 3, (n - 1) % 3);
        board.tmux.keys(&[digit]);
        game.play(pos).unwrap();
        let screen = board.wait_agrees(&game);
        if let Some(mark) = game.turn() {
            assert!(
                status_line(&screen).contains(&format!("{mark} to move")),
                "{screen}"
            );
        }
    }
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Win { mark: Mark::X, .. })
    ));
    let screen = board.tmux.wait_for("X wins!");
    assert!(
        status_line(&screen).contains("game over")
            && status_line(&screen).contains("3x3 two players  X 1  O 0  draws 0"),
        "{screen}"
    );

    let file = board.quit();
    let two = record(&file, "human");
    assert_eq!(count(two, "wins"), 1, "{two}");
    assert_eq!(count(two, "losses"), 0, "{two}");
    assert_eq!(count(two, "draws"), 0, "{two}");
    assert!(two.get("streak").is_none(), "no streaks for two: {two}");
}

#[test]
fn a_new_game_over_a_started_one_warns_then_counts_a_loss() {
    let board = Board::start(&AGAINST_EASY);
    board.tmux.wait_for("your turn (X)");
    let mut game = Game::new(Rules::preset("3x3").unwrap());
    let mut easy = Computer::new();
    let first = Pos::new(1, 1);
    board.click(first);
    game.play(first).unwrap();
    let mut easy_rng = rng_from_seed(derived(SEED, 1));
    let theirs = easy
        .choose_move(&game, Level::Easy, Budget::PER_MOVE, &mut easy_rng)
        .unwrap();
    game.play(theirs).unwrap();
    board.wait_agrees(&game);
    board.tmux.wait_for("your turn (X)");

    // n asks first; n again keeps the game.
    board.tmux.keys(&["n"]);
    let warning = "Start a new game? This one counts as lost.";
    board.tmux.wait_for(warning);
    board.tmux.keys(&["n"]);
    let screen = board
        .tmux
        .wait_until("the warning to go", |s| !s.contains(warning));
    assert_eq!(board.shown(&screen), expected(&game), "{screen}");
    assert!(
        status_line(&screen).contains("you 0  computer 0  draws 0"),
        "{screen}"
    );
    assert!(
        !board.tmux.config().contains("losses"),
        "nothing recorded yet:\n{}",
        board.tmux.config()
    );

    // n and y: a new, empty board, and the left game counted as a loss.
    board.tmux.keys(&["n"]);
    board.tmux.wait_for(warning);
    board.tmux.keys(&["y"]);
    let empty = Game::new(Rules::preset("3x3").unwrap());
    let screen = board.wait_agrees(&empty);
    assert!(!screen.contains(warning), "{screen}");
    assert!(
        status_line(&screen).contains("your turn (X)")
            && status_line(&screen).contains("3x3 vs easy  you 0  computer 1  draws 0"),
        "{screen}"
    );
    board.tmux.wait_for_config("losses = 1");

    // The new game has no move yet: quitting now adds nothing.
    let file = board.quit();
    let easy = record(&file, "easy");
    assert_eq!(count(easy, "losses"), 1, "{easy}");
    assert_eq!(count(easy, "wins"), 0, "{easy}");
    assert_eq!(count(easy, "draws"), 0, "{easy}");
    assert_eq!(count(easy, "streak"), -1, "{easy}");
}
