//! Records, saved games and the config file when things go wrong, in a real terminal (tmux): a
//! config that is not UTF-8, a named pipe, a folder or a symbolic link where the config goes,
//! another program holding the save lock, no terminal at all, the temporary files of killed
//! saves, two copies sharing one saved 2048 game, saved 2048 games of several sizes, games
//! resumed after quitting, and every way of leaving a game (each game recorded exactly once).
//!
//! The records are read as a player would, with `grid-arcade scores --json`; the files beside the
//! config and in the data folder are read directly.

mod common;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fs::{self, File};
use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use common::{BINARY, Cells, Tmux, menu_line};
use grid_arcade::games::minesweeper::{BoardSize, FirstClick, Pos as MinePos, place_mines};
use grid_arcade::games::tictactoe::Pos as TttPos;
use grid_arcade::games::twenty48::{Board, Cell, Direction, Game, Status};
use grid_arcade::play::twenty48::saved::SavedGame;
use grid_arcade::ui::{tictactoe, twenty48};
use ratatui::layout::Rect;
use serde_json::Value;
use tempfile::TempDir;

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;
/// Wide enough for a notice or a message that names files under the temporary HOME to fit on one
/// line.
const WIDE: u16 = 320;
/// How long a test waits for something that should happen at once.
const PATIENCE: Duration = Duration::from_secs(10);
/// A config that is not UTF-8: a Latin-1 "é" in a comment.
const LATIN1_CONFIG: &[u8] = b"# caf\xe9\n[general]\ntheme = \"mono\"\n";
/// 2048 without animations: the board on screen is final as soon as the move count changes.
const NO_ANIMATIONS: &str = "[2048]\nanimations = false\n";

// ---------------------------------------------------------------------------------------------
// Files beside the config

fn config_dir(home: &Path) -> PathBuf {
    home.join(".config").join("grid-arcade")
}

fn write_config(home: &Path, contents: &[u8]) {
    let dir = config_dir(home);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("config.toml"), contents).unwrap();
}

/// The files beside `file` named `<file name>.<label>-...` (set aside, unsaved...).
fn beside(file: &Path, label: &str) -> Vec<PathBuf> {
    let prefix = format!("{}.{label}-", file.file_name().unwrap().to_string_lossy());
    let mut found: Vec<PathBuf> = fs::read_dir(file.parent().unwrap())
        .unwrap()
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().starts_with(&prefix))
        .map(|entry| entry.path())
        .collect();
    found.sort();
    found
}

/// The one file beside `file` with `label`.
fn only_beside(file: &Path, label: &str) -> PathBuf {
    let found = beside(file, label);
    assert_eq!(
        found.len(),
        1,
        "one {label} file beside {file:?}: {found:?}"
    );
    found.into_iter().next().unwrap()
}

/// Every file in a folder, by name, with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            (name, fs::read(entry.path()).unwrap())
        })
        .collect()
}

/// The theme the config file at `path` (or at the end of its links) sets.
fn theme_in(path: &Path) -> Option<String> {
    let text = fs::read_to_string(path).ok()?;
    let table: toml::Table = text.parse().expect("the config is TOML");
    Some(table.get("general")?.get("theme")?.as_str()?.to_string())
}

/// Waits until the config file at `path` sets the theme to `theme`.
fn wait_theme_in(path: &Path, theme: &str) {
    let start = Instant::now();
    while theme_in(path).as_deref() != Some(theme) {
        assert!(
            start.elapsed() < PATIENCE,
            "{path:?} never set the theme to {theme}: {:?}",
            fs::read_to_string(path)
        );
        sleep(Duration::from_millis(20));
    }
}

/// `grid-arcade` outside tmux, with the test's HOME.
fn grid_arcade(home: &Path) -> Command {
    let mut command = Command::new(BINARY);
    command
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local").join("share"))
        .env_remove("GRID_ARCADE_CONFIG");
    command
}

// ---------------------------------------------------------------------------------------------
// The terminal

/// The value a Settings row shows between its arrows ("Theme  ◂  auto  ▸" gives "auto").
fn setting_shown(screen: &str, label: &str) -> Option<String> {
    screen.lines().find_map(|line| {
        let (head, rest) = line.split_once('◂')?;
        let name = head.trim_start_matches(['│', ' ']).trim_end();
        (name == label).then(|| rest.split('▸').next().unwrap_or("").trim().to_string())
    })
}

/// From the menu: opens Settings and steps the theme from auto to color. Returns how long the
/// screen took to show the new value after the key was sent.
fn step_theme(tmux: &Tmux) -> Duration {
    tmux.keys(&["8"]);
    tmux.wait_until("Settings with the theme auto", |s| {
        setting_shown(s, "Theme").as_deref() == Some("auto")
    });
    let sent = Instant::now();
    tmux.keys(&["Right"]);
    tmux.wait_until("the theme to show color", |s| {
        setting_shown(s, "Theme").as_deref() == Some("color")
    });
    sent.elapsed()
}

/// A shell that runs `grid-arcade ARGS` (`args` in shell syntax) once Enter is pressed, and stays
/// afterwards showing `exit=<status>`: the test prepares HOME meanwhile, and can read what the
/// program printed on its way out.
fn shell_ready_to_run(width: u16, args: &str) -> Tmux {
    Tmux::start_in_shell(width, HEIGHT, &format!("read go; '{BINARY}' {args}"))
}

/// The exit status the shell shows once the program has ended.
fn shell_exit_status(tmux: &Tmux) -> i32 {
    let screen = tmux.wait_for("exit=");
    screen
        .split("exit=")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|status| status.parse().ok())
        .expect("a number after exit=")
}

/// A child process ended when the test ends, whatever happens to the test.
struct ChildGuard(Child);

impl Drop for ChildGuard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

// ---------------------------------------------------------------------------------------------
// A config that is not UTF-8

#[test]
fn a_config_that_is_not_utf8_is_set_aside_and_a_change_starts_a_fresh_one() {
    let tmux = Tmux::start_prepared(WIDE, HEIGHT, &[], |home| write_config(home, LATIN1_CONFIG));
    let screen = tmux.wait_for("press any key");
    let config = tmux.config_path();
    let bad = only_beside(&config, "bad");
    assert!(
        screen.contains(&bad.display().to_string()),
        "the notice names {bad:?}:\n{screen}"
    );
    assert_eq!(fs::read(&bad).unwrap(), LATIN1_CONFIG, "the bytes are kept");

    tmux.keys(&["x"]);
    tmux.wait_until("the notice to go", |s| !s.contains("press any key"));
    tmux.wait_for("q quit");
    // Play goes on with the defaults: the theme is auto again, and a change is saved.
    step_theme(&tmux);
    wait_theme_in(&config, "color");
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
    assert_eq!(theme_in(&config).as_deref(), Some("color"));
    assert_eq!(only_beside(&config, "bad"), bad);
    assert_eq!(fs::read(&bad).unwrap(), LATIN1_CONFIG, "the bytes are kept");
}

// ---------------------------------------------------------------------------------------------
// A named pipe or a folder where the config goes

/// What stands where the config is looked for.
#[derive(Clone, Copy, Debug)]
enum NotAFile {
    Pipe,
    Folder,
}

impl NotAFile {
    fn make(self, path: &Path) {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        match self {
            NotAFile::Pipe => {
                let status = Command::new("mkfifo").arg(path).status().unwrap();
                assert!(status.success(), "mkfifo {path:?}");
            }
            NotAFile::Folder => fs::create_dir(path).unwrap(),
        }
    }

    fn is_still_there(self, path: &Path) -> bool {
        let file_type = fs::symlink_metadata(path).unwrap().file_type();
        match self {
            NotAFile::Pipe => file_type.is_fifo(),
            NotAFile::Folder => file_type.is_dir(),
        }
    }

    /// How the error names it.
    fn kind(self) -> &'static str {
        match self {
            NotAFile::Pipe => "named pipe",
            NotAFile::Folder => "folder",
        }
    }
}

#[test]
fn a_named_pipe_or_a_folder_as_the_config_ends_the_program_at_once_with_status_2() {
    // (what stands in the way, where, whether --config names it)
    let cases = [
        (NotAFile::Pipe, ".config/grid-arcade/config.toml", false),
        (NotAFile::Folder, ".config/grid-arcade/config.toml", false),
        (NotAFile::Pipe, "elsewhere/mine.toml", true),
    ];
    for (thing, place, named) in cases {
        let what = format!("{thing:?} at {place}");
        // The shell waits for Enter, so the test can put things in HOME and record the output
        // before the program starts.
        let args = if named {
            "--config \"$HOME/elsewhere/mine.toml\""
        } else {
            ""
        };
        let tmux = shell_ready_to_run(WIDE, args);
        let home = tmux.home.path();
        let path = home.join(place);
        thing.make(&path);
        if named {
            write_config(home, b"[general]\ntheme = \"mono\"\n");
        }
        let output = home.join("pane-output");
        tmux.record_output(&output);

        let started = Instant::now();
        tmux.keys(&["Enter"]);
        let status = shell_exit_status(&tmux);
        let took = started.elapsed();
        assert_eq!(status, 2, "{what}: exit status");
        let start = Instant::now();
        let recorded = loop {
            let bytes = fs::read(&output).unwrap_or_default();
            if String::from_utf8_lossy(&bytes).contains("exit=") {
                break bytes;
            }
            assert!(start.elapsed() < PATIENCE, "{what}: no output recorded");
            sleep(Duration::from_millis(20));
        };
        let text = String::from_utf8_lossy(&recorded);
        let printed = text.split("exit=").next().unwrap();
        assert!(
            !recorded.contains(&0x1b),
            "{what}: no escape sequence, so the screen was never opened: {text:?}"
        );
        let lines: Vec<&str> = printed.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), 1, "{what}: one line of error: {printed:?}");
        assert!(
            lines[0].contains(&path.display().to_string()) && lines[0].contains(thing.kind()),
            "{what}: the error names the path and what it is: {:?}",
            lines[0]
        );
        assert!(took < Duration::from_secs(2), "{what}: took {took:?}");
        assert!(thing.is_still_there(&path), "{what}: left as it was");
    }
}

// ---------------------------------------------------------------------------------------------
// A symbolic link where the config goes

#[test]
fn a_config_that_is_a_symbolic_link_stays_one_and_its_target_takes_the_change() {
    // (the link's target, from HOME; what it holds at the start, if it exists)
    let cases: [(&str, Option<&str>); 2] = [
        (
            "dotfiles/grid-arcade.toml",
            Some("# mine\n[general]\ntheme = \"auto\"\n"),
        ),
        ("elsewhere/not-yet.toml", None),
    ];
    for (target, contents) in cases {
        let tmux = Tmux::start_prepared(WIDE, HEIGHT, &[], |home| {
            let target = home.join(target);
            fs::create_dir_all(target.parent().unwrap()).unwrap();
            if let Some(contents) = contents {
                fs::write(&target, contents).unwrap();
                fs::set_permissions(&target, fs::Permissions::from_mode(0o600)).unwrap();
            }
            let link = config_dir(home).join("config.toml");
            fs::create_dir_all(link.parent().unwrap()).unwrap();
            symlink(&target, &link).unwrap();
        });
        let target = tmux.home.path().join(target);
        tmux.wait_for("q quit");
        step_theme(&tmux);
        wait_theme_in(&target, "color");
        tmux.keys(&["q"]);
        assert_eq!(tmux.wait_exit(), 0);

        let link = tmux.config_path();
        let link_type = fs::symlink_metadata(&link).unwrap().file_type();
        assert!(link_type.is_symlink(), "{link:?} is still a link");
        assert_eq!(fs::read_link(&link).unwrap(), target);
        assert_eq!(theme_in(&target).as_deref(), Some("color"));
        if contents.is_some() {
            let text = fs::read_to_string(&target).unwrap();
            assert!(text.starts_with("# mine\n"), "comments are kept: {text}");
            let mode = fs::metadata(&target).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "{target:?} keeps its mode");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Another program holding the lock

/// An exclusive lock on `config.toml.lock`, as another copy saving would hold it.
struct HeldLock(File);

impl HeldLock {
    fn take(config: &Path) -> HeldLock {
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(config.with_file_name("config.toml.lock"))
            .unwrap();
        file.lock().unwrap();
        HeldLock(file)
    }
}

impl Drop for HeldLock {
    fn drop(&mut self) {
        let _ = self.0.unlock();
    }
}

/// Starts the arcade, takes the lock, and steps the theme in Settings; the screen must answer
/// at once and say that another copy is saving, and the file must wait.
fn change_while_locked() -> (Tmux, HeldLock) {
    let tmux = shell_ready_to_run(WIDE, "");
    write_config(tmux.home.path(), b"# mine\n[general]\ntheme = \"auto\"\n");
    tmux.keys(&["Enter"]);
    tmux.wait_for("q quit");
    let lock = HeldLock::take(&tmux.config_path());
    let latency = step_theme(&tmux);
    println!("a setting changed while the lock is held shows after {latency:?}");
    assert!(
        latency < Duration::from_secs(2),
        "the screen froze for {latency:?}"
    );
    tmux.wait_for("another grid-arcade is saving");
    assert_eq!(theme_in(&tmux.config_path()).as_deref(), Some("auto"));
    (tmux, lock)
}

#[test]
fn a_held_lock_keeps_the_screen_answering_and_ctrl_c_keeps_the_change_beside_the_file() {
    let (tmux, lock) = change_while_locked();
    let sent = Instant::now();
    tmux.keys(&["C-c"]);
    assert_eq!(shell_exit_status(&tmux), 0);
    let took = sent.elapsed();
    println!("Ctrl-C with the lock held: the program ended after {took:?}");
    assert!(took < Duration::from_secs(5), "it took {took:?} to end");

    let config = tmux.config_path();
    let unsaved = only_beside(&config, "unsaved");
    let screen = tmux.screen();
    assert!(
        screen.contains(&unsaved.display().to_string()),
        "the message names {unsaved:?}:\n{screen}"
    );
    let kept = grid_arcade::store::unsaved::decode(&fs::read_to_string(&unsaved).unwrap()).unwrap();
    let mut doc: toml_edit::DocumentMut = "[general]\ntheme = \"auto\"\n".parse().unwrap();
    for change in &kept {
        grid_arcade::store::change::apply(doc.as_table_mut(), change);
    }
    assert_eq!(doc["general"]["theme"].as_str(), Some("color"), "{kept:?}");
    assert_eq!(theme_in(&config).as_deref(), Some("auto"));
    drop(lock);
}

#[test]
fn a_lock_released_before_quitting_lets_the_change_reach_the_file() {
    let (tmux, lock) = change_while_locked();
    drop(lock);
    tmux.keys(&["x"]);
    tmux.wait_until("the notice to go", |s| !s.contains("press any key"));
    tmux.keys(&["q"]);
    assert_eq!(shell_exit_status(&tmux), 0);
    let config = tmux.config_path();
    assert_eq!(theme_in(&config).as_deref(), Some("color"));
    assert!(
        beside(&config, "unsaved").is_empty(),
        "nothing was left unsaved"
    );
}

// ---------------------------------------------------------------------------------------------
// No terminal

#[test]
fn without_a_terminal_the_program_exits_2_and_touches_no_file() {
    let home = TempDir::new().unwrap();
    write_config(home.path(), b"[general\ntheme = 1\n");
    let dir = config_dir(home.path());
    fs::write(dir.join("config.toml.tmp-99999"), "half a save").unwrap();
    let before = snapshot(&dir);

    let out = grid_arcade(home.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("not a terminal"), "{stderr}");
    assert_eq!(snapshot(&dir), before, "the config folder is unchanged");
}

// ---------------------------------------------------------------------------------------------
// Temporary files of killed saves

#[test]
fn temporary_files_of_killed_saves_are_removed_and_those_of_running_copies_kept() {
    let mut ended = Command::new("true").spawn().unwrap();
    let ended_pid = ended.id();
    ended.wait().unwrap();
    let sleeper = ChildGuard(Command::new("sleep").arg("30").spawn().unwrap());
    let running = [std::process::id(), sleeper.0.id()];

    let tmux = Tmux::start_prepared(WIDTH, HEIGHT, &[], |home| {
        write_config(home, b"[general]\ntheme = \"auto\"\n");
        for pid in std::iter::once(ended_pid).chain(running) {
            let temp = config_dir(home).join(format!("config.toml.tmp-{pid}"));
            fs::write(temp, "half a save").unwrap();
        }
    });
    tmux.wait_for("q quit");
    let dir = config_dir(tmux.home.path());
    assert!(
        !dir.join(format!("config.toml.tmp-{ended_pid}")).exists(),
        "the temporary file of an ended process is removed"
    );
    for pid in running {
        assert!(
            dir.join(format!("config.toml.tmp-{pid}")).exists(),
            "the temporary file of running process {pid} is kept"
        );
    }
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
}

// ---------------------------------------------------------------------------------------------
// Records and saved games

fn data_dir(home: &Path) -> PathBuf {
    home.join(".local").join("share").join("grid-arcade")
}

/// How many games of `game` ("minesweeper", "tictactoe" or "2048") the records count, over all
/// of its tables, as `grid-arcade scores --json` prints them.
fn games_recorded(home: &Path, game: &str) -> u64 {
    let out = grid_arcade(home)
        .args(["scores", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let scores: Value = serde_json::from_slice(&out.stdout).expect("scores --json prints JSON");
    let tables = |value: &Value| -> Vec<Value> {
        value
            .as_object()
            .map(|o| o.values().cloned().collect())
            .unwrap_or_default()
    };
    let count = |table: &Value, keys: &[&str]| -> u64 {
        keys.iter()
            .map(|key| table[*key].as_u64().unwrap_or(0))
            .sum()
    };
    match game {
        // Boards, then opponents; a game is a win, a loss or a draw.
        "tictactoe" => tables(&scores[game])
            .iter()
            .flat_map(tables)
            .map(|table| count(&table, &["wins", "losses", "draws"]))
            .sum(),
        _ => tables(&scores[game])
            .iter()
            .map(|table| count(table, &["played"]))
            .sum(),
    }
}

/// Waits until the screen satisfies `done` and the next capture is the same, so that a frame is
/// never read half drawn; returns the screen.
fn wait_settled(tmux: &Tmux, what: &str, done: impl Fn(&str) -> bool) -> String {
    let last = RefCell::new(String::new());
    tmux.wait_until(what, |screen| {
        let settled = done(screen) && *last.borrow() == screen;
        *last.borrow_mut() = screen.to_string();
        settled
    })
}

/// From the menu: sets the 2048 board size in Settings (a click on its label, then the number
/// typed) and goes back to the menu.
fn set_twenty48_size(tmux: &Tmux, size: usize) {
    tmux.keys(&["8"]);
    let (x, y) = tmux.find("Board size");
    tmux.click(x, y);
    tmux.type_text(&size.to_string());
    tmux.keys(&["Enter"]);
    tmux.wait_until(&format!("the board size to show {size}"), |s| {
        setting_shown(s, "Board size") == Some(size.to_string())
    });
    tmux.wait_for_config(&format!("size = {size}"));
    tmux.keys(&["Escape"]);
    tmux.wait_for("q quit");
}

// ---------------------------------------------------------------------------------------------
// 2048 on screen

/// What a 2048 screen shows of the game: the board (exponents, row by row), score and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Twenty48View {
    board: Vec<Vec<u8>>,
    score: u64,
    moves: u64,
}

impl Twenty48View {
    /// Read from a screen where the game has the whole pane (no notice shows).
    fn read(screen: &str, size: usize) -> Option<Twenty48View> {
        let number_after = |label: &str| -> Option<u64> {
            screen
                .lines()
                .find(|l| l.contains("score ") && l.contains("moves "))?
                .split(label)
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        };
        let cells = Cells::of(screen);
        // At 80 columns the figures take a row, and what the computer says and the code another.
        let layout = twenty48::layout::layout(Rect::new(0, 0, WIDTH, HEIGHT), size, 2, None, 1);
        let board = (0..size)
            .map(|row| {
                (0..size)
                    .map(|col| {
                        let rect = layout.tile_rect(Cell { row, col });
                        let y = rect.y + (rect.height - 1) / 2;
                        let text = cells.span(y, rect.x, rect.right());
                        match text.trim() {
                            "" => Some(0),
                            number => number
                                .parse::<u64>()
                                .ok()
                                .filter(|n| n.is_power_of_two() && *n > 1)
                                .map(|n| n.trailing_zeros() as u8),
                        }
                    })
                    .collect::<Option<Vec<u8>>>()
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Twenty48View {
            board,
            score: number_after("score ")?,
            moves: number_after("moves ")?,
        })
    }

    fn of(game: &Game) -> Twenty48View {
        Twenty48View {
            board: game.board().rows().map(<[u8]>::to_vec).collect(),
            score: game.score(),
            moves: game.moves(),
        }
    }

    /// The first move, bottom-left corner first, that changes this board.
    fn a_move(&self) -> Direction {
        let cells: Vec<u8> = self.board.concat();
        let board = Board::from_cells(self.board.len(), &cells).expect("a board the rules allow");
        [
            Direction::Down,
            Direction::Left,
            Direction::Right,
            Direction::Up,
        ]
        .into_iter()
        .find(|&d| board.clone().slide(d).is_some())
        .expect("the game is not over")
    }
}

fn arrow(direction: Direction) -> &'static str {
    match direction {
        Direction::Left => "Left",
        Direction::Right => "Right",
        Direction::Up => "Up",
        Direction::Down => "Down",
    }
}

fn wait_view(tmux: &Tmux, size: usize, what: &str, done: impl Fn(&Twenty48View) -> bool) {
    tmux.wait_until(what, |s| {
        Twenty48View::read(s, size).is_some_and(|v| done(&v))
    });
}

fn view_now(tmux: &Tmux, size: usize) -> Twenty48View {
    let screen = wait_settled(tmux, &format!("a {size}x{size} 2048 board"), |s| {
        Twenty48View::read(s, size).is_some()
    });
    Twenty48View::read(&screen, size).unwrap()
}

/// Plays `count` moves on the 2048 board shown, each one that changes the board, and returns
/// what the screen shows after them.
fn slide(tmux: &Tmux, size: usize, count: usize) -> Twenty48View {
    for _ in 0..count {
        let view = view_now(tmux, size);
        tmux.keys(&[arrow(view.a_move())]);
        wait_view(tmux, size, &format!("move {}", view.moves + 1), |v| {
            v.moves == view.moves + 1
        });
    }
    view_now(tmux, size)
}

fn saved_twenty48(path: &Path) -> Game {
    let saved: SavedGame =
        toml::from_str(&fs::read_to_string(path).unwrap()).expect("a saved 2048 game");
    saved.game
}

// ---------------------------------------------------------------------------------------------
// Two copies, one saved 2048 game

#[test]
fn a_second_copy_gets_a_game_of_its_own_while_the_first_plays_the_saved_one() {
    let mut a = Tmux::start_with_config(WIDTH, HEIGHT, &["2048", "--seed", "5"], NO_ANIMATIONS);
    slide(&a, 4, 3);
    a.keys(&["q"]);
    assert_eq!(a.wait_exit(), 0);
    let data = data_dir(a.home.path());
    let first_save = data.join("2048-4x4.toml");
    let saved = Twenty48View::of(&saved_twenty48(&first_save));
    assert_eq!(saved.moves, 3);

    a.restart(WIDTH, HEIGHT, &["2048"]);
    assert_eq!(view_now(&a, 4), saved, "A resumes its game");

    let b = a.start_beside(WIDTH, HEIGHT, &["2048"]);
    let screen = b.wait_for("another grid-arcade is playing");
    assert!(
        screen.contains("score 0 ") && screen.contains("moves 0 "),
        "B shows a new game, not A's:\n{screen}"
    );
    b.keys(&["x"]);
    b.wait_until("the notice to go", |s| !s.contains("press any key"));
    let b_new = view_now(&b, 4);
    assert_eq!((b_new.score, b_new.moves), (0, 0));
    let b_played = slide(&b, 4, 2);
    b.keys(&["q"]);
    assert_eq!(b.wait_exit(), 0);

    let a_played = slide(&a, 4, 2);
    a.keys(&["q"]);
    assert_eq!(a.wait_exit(), 0);

    assert_eq!(Twenty48View::of(&saved_twenty48(&first_save)), a_played);
    let second_save = data.join("2048-4x4.2.toml");
    assert_eq!(Twenty48View::of(&saved_twenty48(&second_save)), b_played);
    assert_eq!(games_recorded(a.home.path(), "2048"), 0, "none recorded");
}

// ---------------------------------------------------------------------------------------------
// Saved 2048 games of several sizes

/// A 4x4 game of `2048 --seed 5` with two moves played, and what its screen shows.
fn a_4x4_game_in_progress() -> (Tmux, Twenty48View) {
    let tmux = Tmux::start_with_config(WIDTH, HEIGHT, &["2048", "--seed", "5"], NO_ANIMATIONS);
    let four = slide(&tmux, 4, 2);
    (tmux, four)
}

/// Opens 2048 from the menu; checks that it shows a new game of `size`.
fn open_new_twenty48(tmux: &Tmux, size: usize) {
    tmux.keys(&["3"]);
    let view = view_now(tmux, size);
    assert_eq!(
        (view.score, view.moves),
        (0, 0),
        "a new {size}x{size} game:\n{}",
        tmux.screen()
    );
}

#[test]
fn each_board_size_keeps_its_own_saved_game_and_2048_alone_resumes_the_last_played() {
    let (mut tmux, four) = a_4x4_game_in_progress();
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
    let data = data_dir(tmux.home.path());
    let four_save = data.join("2048-4x4.toml");
    let four_bytes = fs::read(&four_save).unwrap();

    tmux.restart(WIDTH, HEIGHT, &[]);
    tmux.wait_for("q quit");
    set_twenty48_size(&tmux, 5);
    open_new_twenty48(&tmux, 5);
    let five = slide(&tmux, 5, 1);
    let five_save = data.join("2048-5x5.toml");
    assert_eq!(Twenty48View::of(&saved_twenty48(&five_save)), five);
    assert_eq!(fs::read(&four_save).unwrap(), four_bytes, "4x4 untouched");
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);

    tmux.restart(WIDTH, HEIGHT, &[]);
    tmux.wait_for("q quit");
    set_twenty48_size(&tmux, 4);
    tmux.keys(&["3"]);
    assert_eq!(view_now(&tmux, 4), four, "the 4x4 game is resumed");
    // The 4x4 game is now the last played; the settings say 5 when the program ends.
    let four = slide(&tmux, 4, 1);
    tmux.keys(&["Escape"]);
    tmux.wait_for("q quit");
    set_twenty48_size(&tmux, 5);
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);

    tmux.restart(WIDTH, HEIGHT, &["2048"]);
    assert_eq!(view_now(&tmux, 4), four, "the last played game, 4x4");
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
    assert_eq!(Twenty48View::of(&saved_twenty48(&five_save)), five);
    let names = snapshot(&data).into_keys().collect::<Vec<_>>();
    assert!(
        names.iter().all(|name| !name.contains(".bad-")),
        "no save set aside: {names:?}"
    );
}

#[test]
fn a_size_changed_while_a_game_is_kept_in_memory_opens_a_game_of_the_new_size() {
    let (tmux, four) = a_4x4_game_in_progress();
    tmux.keys(&["Escape"]);
    tmux.wait_for("q quit");
    set_twenty48_size(&tmux, 5);
    open_new_twenty48(&tmux, 5);
    slide(&tmux, 5, 1);
    tmux.keys(&["Escape"]);
    tmux.wait_for("q quit");
    set_twenty48_size(&tmux, 4);
    tmux.keys(&["3"]);
    assert_eq!(view_now(&tmux, 4), four, "the 4x4 game is resumed");
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
}

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe and Minesweeper on screen

/// The text of a rectangle of the screen, row by row, blanks included (tmux leaves out the
/// blanks at the end of a line).
fn region(screen: &str, rect: Rect) -> String {
    let cells = Cells::of(screen);
    (rect.y..rect.bottom())
        .map(|y| (rect.x..rect.right()).map(|x| cells.at(x, y)).collect())
        .collect::<Vec<String>>()
        .join("\n")
}

fn ttt_layout() -> tictactoe::layout::GridLayout {
    tictactoe::layout::layout(Rect::new(0, 0, WIDTH, HEIGHT), 3, 3, 1, 1, 1)
}

/// Whether each cell of the 3x3 board holds a mark, row by row: anything but blanks and the
/// cursor's corners.
fn ttt_marked(screen: &str) -> Vec<bool> {
    let cells = Cells::of(screen);
    let layout = ttt_layout();
    (0..9)
        .map(|i| {
            let rect = layout.cell_rect(TttPos::new(i / 3, i % 3)).unwrap();
            (rect.y..rect.bottom()).any(|y| {
                cells
                    .span(y, rect.x, rect.right())
                    .chars()
                    .any(|c| !matches!(c, ' ' | '┌' | '┐' | '└' | '┘'))
            })
        })
        .collect()
}

fn ttt_mark_count(screen: &str) -> usize {
    ttt_marked(screen).iter().filter(|&&m| m).count()
}

/// The board as drawn, without the cursor (which is not part of the game).
fn ttt_board(screen: &str) -> String {
    region(screen, ttt_layout().grid).replace(['┌', '┐', '└', '┘'], " ")
}

/// The digit key (phone layout) of the first free cell.
fn ttt_free_digit(screen: &str) -> String {
    let free = ttt_marked(screen)
        .iter()
        .position(|&m| !m)
        .expect("a free cell");
    (free + 1).to_string()
}

/// Places a mark with a digit key and waits for the computer's answer.
fn ttt_play_against_computer(tmux: &Tmux) {
    let screen = wait_settled(tmux, "your turn", |s| s.contains("your turn"));
    let before = ttt_mark_count(&screen);
    tmux.keys(&[&ttt_free_digit(&screen)]);
    tmux.wait_until("the computer's answer", |s| {
        s.contains("your turn") && ttt_mark_count(s) == before + 2
    });
}

/// The beginner board's box, border included.
fn mines_board(screen: &str) -> Option<String> {
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines.iter().position(|l| l.contains("╭ Beginner"))?;
    let bottom = top + lines[top..].iter().position(|l| l.contains('╰'))?;
    Some(lines[top..=bottom].join("\n"))
}

fn hidden_cells(screen: &str) -> usize {
    mines_board(screen).map_or(0, |b| b.matches('■').count())
}

/// Reveals the cell under the cursor (the middle one at the start) and waits for it to open.
fn mines_first_reveal(tmux: &Tmux) {
    tmux.wait_until("a beginner board", |s| hidden_cells(s) == 81);
    tmux.keys(&["Space"]);
    tmux.wait_until("the first reveal", |s| (1..81).contains(&hidden_cells(s)));
}

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe resumed after quitting

#[test]
fn a_tictactoe_game_against_the_computer_is_resumed_after_quitting() {
    let args = [
        "tictactoe",
        "--opponent",
        "easy",
        "--play-as",
        "x",
        "--seed",
        "3",
    ];
    let mut tmux = Tmux::start(WIDTH, HEIGHT, &args);
    ttt_play_against_computer(&tmux);
    let board = ttt_board(&wait_settled(&tmux, "the board", |_| true));
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);

    tmux.restart(WIDTH, HEIGHT, &[]);
    let menu = tmux.wait_for("q quit");
    assert!(menu_line(&menu, "Tic-tac-toe").contains("resume"), "{menu}");
    tmux.keys(&["2"]);
    tmux.wait_until("the same marks", |s| {
        ttt_board(s) == board && s.contains("your turn")
    });
    ttt_play_against_computer(&tmux);
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
    assert_eq!(games_recorded(tmux.home.path(), "tictactoe"), 0);
}

// ---------------------------------------------------------------------------------------------
// Every game recorded exactly once, however it is left

fn signal(pid: u32, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success(), "kill -{name} {pid}");
}

/// Whether a process has ended (gone, or a zombie nobody has reaped yet).
fn has_ended(pid: u32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state is the first field after the command name, which is in parentheses.
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z')),
        Err(_) => true,
    }
}

fn wait_ended(pid: u32) {
    let start = Instant::now();
    while !has_ended(pid) {
        assert!(start.elapsed() < PATIENCE, "process {pid} did not end");
        sleep(Duration::from_millis(20));
    }
}

/// A way to leave the program with a game in progress.
#[derive(Clone, Copy, Debug)]
enum Leave {
    /// Esc to the menu (which must offer the game), then q there.
    Escape,
    Quit,
    CtrlC,
    Sigterm,
    Sighup,
    CloseTerminal,
}

impl Leave {
    const ALL: [Leave; 6] = [
        Leave::Escape,
        Leave::Quit,
        Leave::CtrlC,
        Leave::Sigterm,
        Leave::Sighup,
        Leave::CloseTerminal,
    ];

    /// Leaves the program showing the game named `title` on the menu, and waits for it to end;
    /// checks the exit status where one is promised.
    fn leave(self, tmux: &Tmux, title: &str) {
        let status = match self {
            Leave::Escape => {
                tmux.keys(&["Escape"]);
                let menu = tmux.wait_for("q quit");
                assert!(menu_line(&menu, title).contains("resume"), "{menu}");
                tmux.keys(&["q"]);
                0
            }
            Leave::Quit => {
                tmux.keys(&["q"]);
                0
            }
            Leave::CtrlC => {
                tmux.keys(&["C-c"]);
                0
            }
            Leave::Sigterm => {
                signal(tmux.app_pid(), "TERM");
                128 + 15
            }
            Leave::Sighup => {
                signal(tmux.app_pid(), "HUP");
                128 + 1
            }
            Leave::CloseTerminal => {
                let pid = tmux.app_pid();
                tmux.close_terminal();
                wait_ended(pid);
                return;
            }
        };
        assert_eq!(tmux.wait_exit(), status, "exit status after {self:?}");
    }
}

/// One game as the records test plays it.
struct RecordCase {
    /// Its name on the menu, the key that opens it there, its key in `scores --json`, and how
    /// the names of its saved games in the data folder begin.
    title: &'static str,
    menu_key: &'static str,
    records: &'static str,
    saves: &'static str,
    config: &'static str,
    /// Starts the program with `config` in place, plays a game to its end, and says whether the
    /// end is recorded before the player moves on.
    finish: fn(config: &str) -> (Tmux, bool),
    /// How the program is left after the end.
    leave_after_end: Leave,
    /// Plays the first moves of a game opened from the menu, so that it is in progress.
    progress: fn(&Tmux),
    /// What the screen shows of the game, to tell the same game when it comes back.
    state: fn(&str) -> Option<String>,
}

impl RecordCase {
    fn recorded(&self, tmux: &Tmux) -> u64 {
        games_recorded(tmux.home.path(), self.records)
    }

    fn wait_state(&self, tmux: &Tmux) -> String {
        let screen = wait_settled(tmux, &format!("a {} game", self.title), |s| {
            (self.state)(s).is_some()
        });
        (self.state)(&screen).unwrap()
    }

    /// The saved games of this game in the data folder.
    fn saved_games(&self, tmux: &Tmux) -> Vec<String> {
        let data = data_dir(tmux.home.path());
        snapshot(&data)
            .into_keys()
            .filter(|name| name.starts_with(self.saves) && name.ends_with(".toml"))
            .collect()
    }

    /// The menu after a start, and whether it offers the game.
    fn offered(&self, tmux: &Tmux) -> bool {
        let menu = tmux.wait_for("q quit");
        menu_line(&menu, self.title).contains("resume")
    }

    fn run(&self) {
        let (mut tmux, at_once) = (self.finish)(self.config);
        if at_once {
            assert_eq!(self.recorded(&tmux), 1, "the finished game is recorded");
        }
        self.leave_after_end.leave(&tmux, self.title);
        assert_eq!(
            self.recorded(&tmux),
            1,
            "recorded once, leaving ({:?}) adds nothing",
            self.leave_after_end
        );

        let saved = self.saved_games(&tmux);
        assert!(saved.is_empty(), "the finished game's file goes: {saved:?}");
        tmux.restart(WIDTH, HEIGHT, &[]);
        assert!(!self.offered(&tmux), "a finished game is not offered again");
        tmux.keys(&[self.menu_key]);
        (self.progress)(&tmux);
        let state = self.wait_state(&tmux);
        for how in Leave::ALL {
            how.leave(&tmux, self.title);
            assert_eq!(self.recorded(&tmux), 1, "{how:?} records nothing");
            tmux.restart(WIDTH, HEIGHT, &[]);
            assert!(self.offered(&tmux), "offered again after {how:?}");
            tmux.keys(&[self.menu_key]);
            tmux.wait_until(&format!("the same game after {how:?}:\n{state}\n"), |s| {
                (self.state)(s).as_ref() == Some(&state)
            });
        }

        // A new game over the one in progress: declined, nothing happens; accepted, it counts.
        tmux.keys(&["n"]);
        tmux.wait_for("Start a new game?");
        tmux.keys(&["n"]);
        tmux.wait_until("the same game", |s| {
            !s.contains("Start a new game?") && (self.state)(s).as_ref() == Some(&state)
        });
        assert_eq!(self.recorded(&tmux), 1, "a new game declined");
        tmux.keys(&["n"]);
        tmux.wait_for("Start a new game?");
        tmux.keys(&["y"]);
        tmux.wait_until("a new game", |s| {
            !s.contains("Start a new game?") && (self.state)(s).is_some_and(|now| now != state)
        });
        assert_eq!(self.recorded(&tmux), 2, "the game left for a new one");
        tmux.keys(&["q"]);
        assert_eq!(tmux.wait_exit(), 0);
        assert_eq!(self.recorded(&tmux), 2, "the new game has not started");
    }
}

/// Loses a beginner game: the first reveal in the middle, then a mine the rules place there.
fn lose_minesweeper(config: &str) -> (Tmux, bool) {
    const SEED: u64 = 11;
    let args = [
        "minesweeper",
        "--seed",
        &SEED.to_string(),
        "--first-click",
        "safe",
    ];
    let tmux = Tmux::start_with_config(WIDTH, HEIGHT, &args, config);
    mines_first_reveal(&tmux);
    let first = MinePos::new(4, 4);
    let mines = place_mines(BoardSize::BEGINNER, SEED, first, FirstClick::Safe).unwrap();
    let mine = mines
        .grid()
        .positions()
        .find(|&p| mines.is_mine(p))
        .unwrap();
    let mut keys = vec!["PgUp", "Home"];
    keys.extend(std::iter::repeat_n("Down", mine.row));
    keys.extend(std::iter::repeat_n("Right", mine.col));
    keys.push("Space");
    tmux.keys(&keys);
    tmux.wait_for("Boom.");
    (tmux, true)
}

/// Two players: X takes the top row.
fn win_tictactoe(config: &str) -> (Tmux, bool) {
    let args = ["tictactoe", "--opponent", "human"];
    let tmux = Tmux::start_with_config(WIDTH, HEIGHT, &args, config);
    tmux.wait_for("3x3");
    tmux.keys(&["1", "4", "2", "5", "3"]);
    tmux.wait_for("X wins!");
    (tmux, true)
}

/// A seed and moves that end a 3x3 game quickly: each move is the one that scores least, which
/// fills the board. The shortest of a few seeds.
fn quick_twenty48_loss() -> (u64, Vec<Direction>) {
    (0..20)
        .map(|seed| {
            let mut game = Game::new(3, seed).unwrap();
            let mut moves = Vec::new();
            while game.status() == Status::Playing && moves.len() < 500 {
                let direction = Direction::ALL
                    .into_iter()
                    .filter_map(|d| Some((game.clone().play(d)?.score_gained, d)))
                    .min_by_key(|(points, _)| *points)
                    .map(|(_, d)| d)
                    .expect("a game still playing has a move");
                game.play(direction);
                moves.push(direction);
            }
            (seed, game.status(), moves)
        })
        .filter(|(_, status, _)| *status == Status::Over)
        .min_by_key(|(_, _, moves)| moves.len())
        .map(|(seed, _, moves)| (seed, moves))
        .expect("some seed ends soon")
}

/// A 3x3 game played until no move is left; it is recorded when the player moves on.
fn end_twenty48(config: &str) -> (Tmux, bool) {
    let (seed, moves) = quick_twenty48_loss();
    let args = ["2048", "--size", "3", "--seed", &seed.to_string()];
    let tmux = Tmux::start_with_config(WIDTH, HEIGHT, &args, config);
    wait_view(&tmux, 3, "a new 3x3 game", |v| v.moves == 0);
    let keys: Vec<&str> = moves.iter().map(|&d| arrow(d)).collect();
    tmux.keys(&keys);
    // The card at the end takes the status line's place.
    let screen = tmux.wait_for("Game over!");
    assert!(screen.contains("score "), "{screen}");
    (tmux, false)
}

#[test]
fn every_minesweeper_game_is_recorded_once_however_it_is_left() {
    RecordCase {
        title: "Minesweeper",
        menu_key: "1",
        records: "minesweeper",
        saves: "minesweeper",
        config: "",
        finish: lose_minesweeper,
        leave_after_end: Leave::Sigterm,
        progress: mines_first_reveal,
        state: mines_board,
    }
    .run();
}

#[test]
fn every_tictactoe_game_is_recorded_once_however_it_is_left() {
    RecordCase {
        title: "Tic-tac-toe",
        menu_key: "2",
        records: "tictactoe",
        saves: "tictactoe",
        // Against the computer, with X: a game left for a new one counts as lost.
        config: "[tictactoe]\nopponent = \"easy\"\nplay_as = \"x\"\n",
        finish: win_tictactoe,
        leave_after_end: Leave::Sighup,
        progress: ttt_play_against_computer,
        state: |s| s.contains("3x3 vs").then(|| ttt_board(s)),
    }
    .run();
}

#[test]
fn every_2048_game_is_recorded_once_however_it_is_left() {
    RecordCase {
        title: "2048",
        menu_key: "3",
        records: "2048",
        saves: "2048-",
        config: NO_ANIMATIONS,
        finish: end_twenty48,
        leave_after_end: Leave::CloseTerminal,
        progress: |tmux| {
            slide(tmux, 4, 2);
        },
        state: |s| Twenty48View::read(s, 4).map(|v| format!("{v:?}")),
    }
    .run();
}
