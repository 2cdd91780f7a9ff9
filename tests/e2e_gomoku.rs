//! Gomoku in a real terminal (tmux): `grid-arcade gomoku --opponent easy --play-as x --seed N`
//! played to the end with mouse clicks, the records and the history then read from the files;
//! and a game against Hard whose screen keeps answering while the computer thinks.
//!
//! Where to click comes from the layout the program itself uses. The test reads the stones from
//! the captured screen, crossing by crossing, keeps its own `Game` of what it saw, and checks that
//! the computer's moves are the ones its seed gives (Easy's choice comes from the game's seeded
//! source and the move's number). The test's own moves are Hard's within a node budget.

mod common;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use common::{Cells, Tmux};
use grid_arcade::games::gomoku::{Budget, Computer, Game, Level, Mark, Outcome, Pos, Rules};
use grid_arcade::games::rng_from_seed;
use grid_arcade::seeds::derived;
use grid_arcade::ui::gomoku::layout::{GomokuLayout, layout};
use grid_arcade::ui::marks::Rows;
use ratatui::layout::Rect;

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;
const SEED: u64 = 5;
/// The seed of the test's own player.
const PLAYER_SEED: u64 = 1;

static NEVER: AtomicBool = AtomicBool::new(false);

/// A 15x15 game in a tmux pane.
struct Board {
    tmux: Tmux,
    layout: GomokuLayout,
}

impl Board {
    /// Starts `grid-arcade ARGS` with the computer's time `move_time`.
    fn start(args: &[&str], move_time: &str) -> Board {
        let config = format!("[gomoku]\nmove_time = \"{move_time}\"\n");
        let tmux = Tmux::start_with_config(WIDTH, HEIGHT, args, &config);
        tmux.assert_size(WIDTH, HEIGHT);
        // At 80 columns the status, the result with the code, and the footer take a row each.
        let rows = Rows {
            status: 1,
            result: 1,
            footer: 1,
        };
        let board = Board {
            tmux,
            layout: layout(Rect::new(0, 0, WIDTH, HEIGHT), 15, rows),
        };
        let screen = board.tmux.wait_for("freestyle");
        // The corners of the board are where the layout says.
        let cells = Cells::of(&screen);
        for (pos, corner) in [(Pos::new(0, 0), '┌'), (Pos::new(14, 14), '┘')] {
            let (x, y) = board.layout.crossing(pos);
            assert_eq!(cells.at(x, y), corner, "{pos:?}:\n{screen}");
        }
        board
    }

    fn click(&self, pos: Pos) {
        let (x, y) = self.layout.crossing(pos);
        self.tmux.click(x, y);
    }

    /// The stones the captured screen shows, by crossing in row-major order.
    fn shown(&self, screen: &str) -> Vec<Option<Mark>> {
        let cells = Cells::of(screen);
        (0..225)
            .map(|i| {
                let (x, y) = self.layout.crossing(Pos::new(i / 15, i % 15));
                match cells.at(x, y) {
                    'X' => Some(Mark::X),
                    'O' => Some(Mark::O),
                    _ => None,
                }
            })
            .collect()
    }
}

fn stones(game: &Game) -> Vec<Option<Mark>> {
    (0..225)
        .map(|i| game.mark_at(Pos::new(i / 15, i % 15)))
        .collect()
}

/// `[records.gomoku.<rule>.<row>]` of the saved file.
fn record<'a>(file: &'a toml::Table, rule: &str, row: &str) -> &'a toml::Table {
    ["records", "gomoku", rule, row]
        .iter()
        .try_fold(file, |table, key| table.get(*key)?.as_table())
        .unwrap_or_else(|| panic!("no [records.gomoku.{rule}.{row}]:\n{file}"))
}

fn count(table: &toml::Table, key: &str) -> i64 {
    table
        .get(key)
        .and_then(toml::Value::as_integer)
        .unwrap_or(0)
}

#[test]
fn a_game_against_easy_played_with_clicks_is_recorded_in_the_row_of_its_side() {
    let seed = SEED.to_string();
    let args = [
        "gomoku",
        "--opponent",
        "easy",
        "--play-as",
        "x",
        "--seed",
        &seed,
    ];
    let board = Board::start(&args, "0.2s");
    board.tmux.wait_for("your turn (X)");
    let mut game = Game::new(Rules::default());
    let (mut easy, mut player) = (Computer::new(), Computer::new());
    let mut player_rng = rng_from_seed(PLAYER_SEED);
    while !game.is_over() {
        let mine = player
            .choose_move(
                &game,
                Level::Hard,
                Budget::Nodes(20_000),
                &mut player_rng,
                &NEVER,
            )
            .expect("a free crossing");
        board.click(mine);
        game.play(mine).unwrap();
        if game.is_over() {
            break;
        }
        // The own stone shows at once; the computer's follows after its pause: one more O on a
        // crossing that was free, and the rest unchanged.
        let known = stones(&game);
        let screen = board.tmux.wait_until("the computer's O", |screen| {
            let shown = board.shown(screen);
            let changed: Vec<usize> = (0..225).filter(|&i| shown[i] != known[i]).collect();
            changed.len() == 1 && known[changed[0]].is_none() && shown[changed[0]] == Some(Mark::O)
        });
        let shown = board.shown(&screen);
        let index = (0..225).find(|&i| shown[i] != known[i]).unwrap();
        let theirs = Pos::new(index / 15, index % 15);
        let mut easy_rng = rng_from_seed(derived(SEED, game.history().len() as u64));
        let budget = Budget::Time(Duration::from_millis(200));
        let seeded = easy.choose_move(&game, Level::Easy, budget, &mut easy_rng, &NEVER);
        assert_eq!(Some(theirs), seeded, "Easy's move under --seed {SEED}");
        game.play(theirs).unwrap();
    }
    assert!(
        matches!(game.outcome(), Some(Outcome::Win { mark: Mark::X, .. })),
        "Hard's moves beat Easy here: {:?}",
        game.history()
    );
    let screen = board.tmux.wait_for("You win!");
    assert!(
        screen.contains("game over") && screen.contains("you 1  computer 0  draws 0"),
        "{screen}"
    );
    let file = board
        .tmux
        .leave_and_quit("Escape", "a finished game is not offered again");
    let easy_x = record(&file, "freestyle", "easy-x");
    assert_eq!(
        [
            "wins",
            "losses",
            "draws",
            "streak",
            "longest_streak",
            "hinted"
        ]
        .map(|k| count(easy_x, k)),
        [1, 0, 0, 1, 1, 0],
        "{easy_x}"
    );
    let history = board
        .tmux
        .home
        .path()
        .join(".local/share/grid-arcade/history.jsonl");
    let history = std::fs::read_to_string(&history).unwrap();
    let line = history.lines().last().unwrap();
    for field in [
        "\"result\":\"won\"",
        "\"board\":\"15x15\"",
        "\"rule\":\"freestyle\"",
        "\"opponent\":\"easy\"",
        "\"mark\":\"X\"",
    ] {
        assert!(line.contains(field), "{field} in {line}");
    }
    assert!(
        line.contains(&format!("\"moves\":{}", game.history().len())),
        "{line}"
    );
}

#[test]
fn the_screen_answers_while_hard_thinks_and_the_move_comes_in_its_time() {
    let board = Board::start(&["gomoku", "--opponent", "hard", "--play-as", "x"], "1s");
    board.tmux.wait_for("your turn (X)");
    board.click(Pos::new(7, 7));
    board.tmux.wait_for("computer (O) to move");
    // The cursor moves at once while the computer thinks.
    board.tmux.keys(&["Up", "Up"]);
    let (x, y) = board.layout.crossing(Pos::new(5, 7));
    let screen = board.tmux.wait_until("the cursor two rows up", |screen| {
        Cells::of(screen).at(x - 1, y) == '['
    });
    assert!(screen.contains("computer (O) to move"), "{screen}");
    // Its move comes within its time.
    let screen = board.tmux.wait_for("your turn (X)");
    assert_eq!(board.shown(&screen).iter().flatten().count(), 2, "{screen}");
}
