//! The config file and the saves when things go wrong, in a real terminal (tmux): a config that
//! is not UTF-8, a named pipe, a folder or a symbolic link where the config goes, another program
//! holding the save lock, no terminal at all, and the temporary files of killed saves.
//!
//! The files beside the config and in the data folder are read directly.

mod common;
use std::fs::{self, File};
use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use common::{BINARY, Tmux, grid_arcade, setting_shown, snapshot};
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

// ---------------------------------------------------------------------------------------------
// The terminal

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
