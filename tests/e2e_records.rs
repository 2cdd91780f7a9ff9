//! Records, saved games and the config file when things go wrong, in a real terminal (tmux): a
//! config that is not UTF-8, a named pipe, a folder or a symbolic link where the config goes,
//! another program holding the save lock, no terminal at all, the temporary files of killed
//! saves, two copies sharing one saved 2048 game, and saved 2048 games of several sizes.
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

use common::{BINARY, Cells, Tmux};
use grid_arcade::games::twenty48::{Board, Cell, Direction, Game};
use grid_arcade::ui::twenty48;
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
    tmux.keys(&["5"]);
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
    assert_eq!(theme_in(&unsaved).as_deref(), Some("color"));
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
    tmux.keys(&["5"]);
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
        let layout = twenty48::layout::layout(Rect::new(0, 0, WIDTH, HEIGHT), size);
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
    toml::from_str(&fs::read_to_string(path).unwrap()).expect("a saved 2048 game")
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
