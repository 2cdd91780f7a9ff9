//! The history of games: what each game writes when it ends or is given up, appends from two
//! processes at once, and `grid-arcade stats` reading it back.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use common::drive::minesweeper::{move_to, play};
use common::screen::Fixture;
use grid_arcade::app::{Action, Launch};
use grid_arcade::games::GameId;
use grid_arcade::games::minesweeper::{
    BoardSize, Difficulty, FirstClick, GameOptions, Pos, place_mines,
};
use grid_arcade::games::twenty48::Game;
use grid_arcade::history::{Entry, FILE, History, MOVES_FILE, Outcome};
use grid_arcade::play::Game as _;
use grid_arcade::play::minesweeper::code::CodeBoard;
use grid_arcade::play::minesweeper::facts::{Facts as MinesweeperFacts, Loss};
use grid_arcade::play::minesweeper::{Minesweeper, Setup};
use grid_arcade::play::tictactoe::facts::Facts as TicTacToeFacts;
use grid_arcade::play::twenty48::facts::Facts as Twenty48Facts;
use grid_arcade::ui::minesweeper::MinesAction;
use grid_arcade::ui::tictactoe::TicTacToeAction;
use grid_arcade::ui::twenty48::Twenty48Action;
use tempfile::TempDir;

const BINARY: &str = env!("CARGO_BIN_EXE_grid-arcade");
const SEED: u64 = 11;

fn launch(open: GameId) -> Launch {
    Launch {
        seed: Some(SEED),
        open: Some(open),
        ..Launch::default()
    }
}

/// An app with a data folder, so that it keeps saves and a history.
fn start(config: &str, launch: Launch) -> Fixture {
    Fixture::with_data(config, launch)
}

fn history(f: &Fixture) -> Vec<Entry<'static>> {
    let read = History::new(&f.dir.path().join("data")).entries().unwrap();
    assert_eq!(read.skipped, 0);
    read.items
}

#[test]
fn a_minesweeper_loss_is_kept_with_its_figures_its_moves_and_how_it_was_lost() {
    let setup = Setup {
        difficulty: Difficulty::Beginner,
        size: BoardSize::BEGINNER,
        options: GameOptions {
            first_click: FirstClick::Opening,
            question_marks: false,
        },
    };
    let mut f = start(
        "",
        Launch {
            pins: setup.pins(),
            ..launch(grid_arcade::play::minesweeper::GAME)
        },
    );
    let first = Pos::new(4, 4);
    play(&mut f.app, MinesAction::Reveal);
    let mines: Vec<Pos> = place_mines(BoardSize::BEGINNER, SEED, first, FirstClick::Opening)
        .unwrap()
        .mines()
        .collect();
    move_to(&mut f.app, mines[0]);
    play(&mut f.app, MinesAction::Reveal);
    let entries = history(&f);
    assert_eq!(entries.len(), 1);
    let entry = &entries[0];
    assert_eq!(entry.game, grid_arcade::play::minesweeper::GAME.key());
    assert_eq!((entry.result, entry.seed), (Outcome::Lost, SEED));
    assert_eq!(Minesweeper.entry_table(entry), "beginner");
    let facts: MinesweeperFacts = entry.facts().unwrap();
    // Beginner's board is its name's: the line does not spell it out.
    assert_eq!((facts.rows, facts.cols, facts.mines), (0, 0, 0));
    assert_eq!(facts.size(), Some(BoardSize::BEGINNER));
    assert_eq!(facts.first, Some([4, 4]));
    assert_eq!(facts.clicks, 2);
    assert!(facts.loss.is_some());
    let line = fs::read_to_string(f.dir.path().join("data").join(FILE)).unwrap();
    assert!(line.trim_end().len() <= 300, "{} bytes: {line}", line.len());
    let moves = History::new(&f.dir.path().join("data"))
        .moves(&entry.id)
        .unwrap()
        .unwrap();
    // The fatal click carries its chances: a certain mine, with a safe cell open.
    assert_eq!(
        moves,
        format!("0:r4,4 0:r{},{}~1000,0", mines[0].row, mines[0].col)
    );
    assert_eq!(facts.loss, Some(Loss::Mistake));
    assert_eq!(facts.risk, Some(0));
}

#[test]
fn a_new_game_over_one_in_progress_keeps_the_old_one_as_given_up() {
    let mut f = start("", launch(grid_arcade::play::minesweeper::GAME));
    play(&mut f.app, MinesAction::Reveal);
    play(&mut f.app, MinesAction::NewGame);
    play(&mut f.app, MinesAction::Answer(true));
    let entries = history(&f);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].result, Outcome::Abandoned);
    // Leaving the new game, or quitting, adds nothing: nothing ended.
    f.app.update(Action::Quit);
    assert_eq!(history(&f).len(), 1);
}

#[test]
fn a_two_player_tictactoe_win_names_its_winner() {
    let mut f = start(
        "[tictactoe]\nopponent = \"human\"\n",
        launch(grid_arcade::play::tictactoe::GAME),
    );
    for (row, col) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
        f.app.update(
            TicTacToeAction::PlaceAt(grid_arcade::games::tictactoe::Pos::new(row, col)).into(),
        );
    }
    let entries = history(&f);
    assert_eq!(entries.len(), 1);
    let facts: TicTacToeFacts = entries[0].facts().unwrap();
    assert_eq!(
        (facts.board.as_ref(), facts.opponent.as_ref()),
        ("3x3", "human")
    );
    assert_eq!((facts.mark.as_deref(), facts.moves), (Some("X"), 5));
    assert_eq!(entries[0].result, Outcome::Won);
}

#[test]
fn a_2048_game_is_kept_when_the_player_leaves_its_end_and_its_inputs_replay_it() {
    let mut f = start(
        "[2048]\nsize = 3\nanimations = false\n",
        launch(grid_arcade::play::twenty48::GAME),
    );
    let mut model = Game::new(3, SEED).unwrap();
    let app = &mut f.app;
    while model.can_move() {
        let direction = common::drive::twenty48::corner_move(&model).unwrap();
        model.play(direction);
        model.keep_going();
        app.update(Twenty48Action::Slide(direction).into());
        app.update(Twenty48Action::KeepGoing.into());
    }
    assert!(
        history(&f).is_empty(),
        "the end waits for the player to move on"
    );
    f.app.update(Action::Back);
    let entries = history(&f);
    assert_eq!(entries.len(), 1);
    let facts: Twenty48Facts = entries[0].facts().unwrap();
    assert_eq!((facts.size, facts.score), (3, model.score()));
    assert_eq!(facts.moves, model.moves());
    let inputs = History::new(&f.dir.path().join("data"))
        .moves(&entries[0].id)
        .unwrap()
        .unwrap();
    let inputs: Vec<_> = inputs
        .chars()
        .map(|c| grid_arcade::games::twenty48::Input::from_letter(c).unwrap())
        .collect();
    assert_eq!(Game::replay(3, SEED, &inputs).unwrap(), model);
}

/// Not a test of its own: the test below runs it in two child processes, each appending
/// `APPEND_GAMES` games to the history in `APPEND_DIR` as a copy of the program finishing games
/// would.
#[test]
#[ignore = "a child process of two_processes_appending_at_once_lose_no_game"]
fn append_games_as_a_child() {
    let dir = std::env::var("APPEND_DIR").expect("run by the test that sets APPEND_DIR");
    let games = std::env::var("APPEND_GAMES").expect("run with APPEND_GAMES");
    let mut history = History::new(Path::new(&dir));
    for n in 0..games.parse::<u64>().unwrap() {
        let facts = Twenty48Facts {
            size: 4,
            score: n,
            tile: 4,
            moves: n,
        };
        let now = grid_arcade::timestamp::Timestamp::now();
        let entry = Entry::new("2048", &facts, now, n, Outcome::Over, n);
        history.append(&entry, &"l".repeat(n as usize)).unwrap();
        // On a busy machine the other copy may hold the lock past the time quitting waits:
        // the game is then kept beside, for the next copy that writes.
        if let Some(message) = history.close() {
            assert!(message.contains("history.jsonl.unsaved-"), "{message}");
        }
    }
}

#[test]
fn two_processes_appending_at_once_lose_no_game() {
    let dir = TempDir::new().unwrap();
    let children: Vec<_> = (0..2)
        .map(|_| {
            Command::new(std::env::current_exe().unwrap())
                .args(["--exact", "append_games_as_a_child", "--ignored"])
                .env("APPEND_DIR", dir.path())
                .env("APPEND_GAMES", "200")
                .stdout(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let mut history = History::new(dir.path());
    history.retry().unwrap();
    assert_eq!(history.take_notices(), Vec::<String>::new());
    let read = history.entries().unwrap();
    assert_eq!((read.items.len(), read.skipped), (400, 0));
    let left: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains("unsaved"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    let moves = fs::read_to_string(dir.path().join(MOVES_FILE)).unwrap();
    assert_eq!(moves.lines().count(), 400);
    // Every game's moves are whole: no line was cut by another copy's.
    for entry in &read.items {
        let n = entry.facts::<Twenty48Facts>().unwrap().score as usize;
        assert_eq!(history.moves(&entry.id).unwrap(), Some("l".repeat(n)));
    }
}

/// `grid-arcade stats ARGS` with a history in the data folder of `home`.
fn stats(home: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BINARY)
        .arg("stats")
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("cfg"))
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn stats_sums_up_the_history_or_exports_it_without_a_terminal() {
    let home = TempDir::new().unwrap();
    let dir = home.path().join("data").join("grid-arcade");
    let mut history = History::new(&dir);
    let mine = |result, loss, ms| {
        let facts = MinesweeperFacts {
            level: "expert".into(),
            rows: 20,
            cols: 25,
            mines: 99,
            rule: "opening".into(),
            marks: false,
            first: Some([10, 12]),
            bbbv: 150,
            clicks: 200,
            loss,
            ..MinesweeperFacts::default()
        };
        let now = grid_arcade::timestamp::Timestamp::now();
        Entry::new("minesweeper", &facts, now, ms, result, 7)
    };
    history
        .append(&mine(Outcome::Won, None, 100_000), "0:r10,12")
        .unwrap();
    history
        .append(&mine(Outcome::Lost, Some(Loss::ForcedGuess), 20_000), "")
        .unwrap();
    history
        .append(&mine(Outcome::Lost, Some(Loss::Mistake), 30_000), "")
        .unwrap();
    let mut text = fs::read(dir.join(FILE)).unwrap();
    text.extend_from_slice(b"not a game\n");
    fs::write(dir.join(FILE), text).unwrap();

    let (ok, out, err) = stats(home.path(), &[]);
    assert!(ok, "{err}");
    assert!(out.contains("Minesweeper expert"), "{out}");
    assert!(out.contains("games: 3"), "{out}");
    assert!(
        out.contains("Of 2 losses, 1 was a forced guess and 1 was a mistake."),
        "{out}"
    );
    assert!(
        out.contains("Win rate 33%; leaving out forced guesses, 50%."),
        "{out}"
    );
    let code = CodeBoard {
        level: Difficulty::Expert,
        size: BoardSize::EXPERT,
        first_click: FirstClick::Opening,
        first: Some(Pos::new(10, 12)),
    }
    .code(7)
    .encode();
    assert!(
        out.contains(&format!("best time: 1:40.00 (code {code})")),
        "{out}"
    );
    assert!(
        err.contains("1 line of the history could not be read"),
        "{err}"
    );
    // Asked for one game, the others' lines are no damaged ones.
    let (ok, out, err) = stats(home.path(), &["2048"]);
    assert!(ok, "{err}");
    assert_eq!(out, "No 2048 games in the history yet.\n");
    assert!(
        err.contains("1 line of the history could not be read"),
        "{err}"
    );
    let (ok, out, err) = stats(home.path(), &["minesweeper"]);
    assert!(ok && out.contains("games: 3"), "{out}");
    assert!(
        err.contains("1 line of the history could not be read"),
        "{err}"
    );

    let (ok, csv, _) = stats(home.path(), &["minesweeper", "--csv"]);
    assert!(ok);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 4, "{csv}");
    assert!(rows[0].starts_with("id,game,table,start,duration_ms,result,seed,code,"));
    assert!(rows[2].contains(&format!(",lost,7,{code},")) && rows[2].contains(",forced-guess,"));

    let (ok, json, _) = stats(home.path(), &["2048", "--json"]);
    assert!(ok);
    assert!(
        serde_json::from_str::<Vec<Entry>>(&json)
            .unwrap()
            .is_empty()
    );
    let (ok, json, _) = stats(home.path(), &["--json"]);
    assert!(ok);
    assert_eq!(serde_json::from_str::<Vec<Entry>>(&json).unwrap().len(), 3);
    assert_eq!(
        json.matches(&format!("\"code\": \"{code}\"")).count(),
        3,
        "{json}"
    );

    let (ok, _, err) = stats(home.path(), &["chess"]);
    assert!(!ok && err.contains("chess"), "{err}");
}
