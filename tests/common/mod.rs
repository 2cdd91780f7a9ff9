//! What the integration tests share. This file drives the release binary in a private tmux
//! server, as a player would: keys with `send-keys`, clicks as SGR mouse sequences, the screen
//! read with `capture-pane`. HOME and the XDG folders point into a temporary folder, so a real
//! config is never touched. The modules below serve the tests that run the app in-process.

#![allow(dead_code)] // each test file uses a different part of this harness

/// Apps started and games played in-process (shared with the screen benches).
pub mod drive;
/// Games played in a real terminal and read back.
pub mod e2e_play;
/// Footers checked against the keys that work.
pub mod footers;
/// The Minesweeper screen's fixtures.
pub mod minesweeper_screen;
/// Games of the history with their moves, to replay.
pub mod replays;
/// Screens drawn on `TestBackend`, for the tests that run the app in-process.
pub mod screen;
/// The shell's screens' fixtures.
pub mod screens;
/// The 2048 screen's fixtures.
pub mod twenty48_screen;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::sleep;
use std::time::{Duration, Instant};

use tempfile::TempDir;

pub const BINARY: &str = env!("CARGO_BIN_EXE_grid-arcade");
const PATIENCE: Duration = Duration::from_secs(10);

/// The tmux configuration, in HOME.
const TMUX_CONF: &str = "tmux.conf";
/// Keep the pane after the program exits, so its last screen and exit status can be read.
const REMAIN: &str = "set -g remain-on-exit on\n";

pub struct Tmux {
    socket: String,
    /// Shared with the servers started beside this one: other terminals of the same user.
    pub home: Rc<TempDir>,
}

impl Tmux {
    /// Starts `grid-arcade ARGS` in a pane of `width` x `height`.
    pub fn start(width: u16, height: u16, args: &[&str]) -> Tmux {
        Tmux::start_prepared(width, height, args, |_| {})
    }

    /// Starts once `prepare` has put what the test needs in the new HOME (given as its path).
    pub fn start_prepared(
        width: u16,
        height: u16,
        args: &[&str],
        prepare: impl FnOnce(&Path),
    ) -> Tmux {
        let home = TempDir::new().unwrap();
        prepare(home.path());
        let tmux = Tmux {
            socket: socket_name(),
            home: Rc::new(home),
        };
        tmux.new_session(width, height, &tmux.recording_exit(args));
        tmux
    }

    /// Starts `grid-arcade ARGS` in a tmux server of its own with the same HOME as this one: a
    /// second terminal of the same user, running a second copy.
    pub fn start_beside(&self, width: u16, height: u16, args: &[&str]) -> Tmux {
        let tmux = Tmux {
            socket: socket_name(),
            home: Rc::clone(&self.home),
        };
        tmux.new_session(width, height, &tmux.recording_exit(args));
        tmux
    }

    /// Runs `command` from a shell that prints `exit=<status>` afterwards and stays, so a test can
    /// look at the terminal the program left behind.
    pub fn start_in_shell(width: u16, height: u16, command: &str) -> Tmux {
        let script = format!("{command}; echo exit=$?; exec sh");
        let tmux = Tmux {
            socket: socket_name(),
            home: Rc::new(TempDir::new().unwrap()),
        };
        tmux.new_session(width, height, &["sh".to_string(), "-c".to_string(), script]);
        tmux
    }

    /// Starts with a config file already in place.
    pub fn start_with_config(width: u16, height: u16, args: &[&str], config: &str) -> Tmux {
        Tmux::start_prepared(width, height, args, |home| {
            let path = config_path(home);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, config).unwrap();
        })
    }

    /// Starts with a config file in place, in a pane of tmux's window `style` (e.g.
    /// `bg=white,fg=black`), whose colours tmux then reports when asked, as a terminal with that
    /// colour scheme does.
    pub fn start_with_colours(width: u16, height: u16, style: &str, config: &str) -> Tmux {
        Tmux::start_prepared(width, height, &[], |home| {
            let conf = format!("{REMAIN}set -g window-style '{style}'\n");
            std::fs::write(home.join(TMUX_CONF), conf).unwrap();
            let path = config_path(home);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, config).unwrap();
        })
    }

    /// Ends this tmux server (and the program in it) and runs `grid-arcade ARGS` again in a new
    /// one with the same HOME, so the same config file and saved data, as a player starting the
    /// program a second time would.
    pub fn restart(&mut self, width: u16, height: u16, args: &[&str]) {
        self.run(&["kill-server"]);
        let _ = std::fs::remove_file(self.exit_file());
        self.socket = socket_name();
        self.new_session(width, height, &self.recording_exit(args));
    }

    /// Closes the terminal, as a player closing its window: the tmux server and its pane go, and
    /// the program in it gets the hangup.
    pub fn close_terminal(&self) {
        self.run(&["kill-server"]);
    }

    /// Copies all the pane's output from now on, escape sequences included, to `file`.
    pub fn record_output(&self, file: &Path) {
        let command = format!("cat > '{}'", file.display());
        let out = self.run(&["pipe-pane", "-o", "-t", "0", &command]);
        assert!(out.status.success(), "tmux pipe-pane failed");
    }

    fn new_session(&self, width: u16, height: u16, command: &[String]) {
        let home = self.home.path().display().to_string();
        let conf = self.home.path().join(TMUX_CONF);
        if !conf.exists() {
            std::fs::write(&conf, REMAIN).unwrap();
        }
        let mut args = vec![
            "-f".to_string(),
            conf.display().to_string(),
            "new-session".to_string(),
            "-d".to_string(),
            "-x".to_string(),
            width.to_string(),
            "-y".to_string(),
            height.to_string(),
        ];
        for (name, value) in [
            ("HOME", home.clone()),
            ("XDG_CONFIG_HOME", format!("{home}/.config")),
            ("XDG_DATA_HOME", format!("{home}/.local/share")),
            ("GRID_ARCADE_CONFIG", String::new()),
            ("PS1", "$ ".to_string()),
            ("TERM", "tmux-256color".to_string()),
            ("LANG", "C.UTF-8".to_string()),
        ] {
            args.push("-e".to_string());
            args.push(format!("{name}={value}"));
        }
        args.extend(command.iter().cloned());
        let out = self.run(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(
            out.status.success(),
            "tmux did not start: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux is installed (see README)")
    }

    /// Sends tmux key names one at a time (`Down`, `Enter`, `Escape`, `q`...).
    pub fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.run(&["send-keys", "-t", "0", key]);
            if *key == "Escape" {
                // A lone ESC is told apart from an escape sequence by the pause after it.
                sleep(Duration::from_millis(60));
            }
        }
    }

    /// Types text literally.
    pub fn type_text(&self, text: &str) {
        self.run(&["send-keys", "-t", "0", "-l", text]);
    }

    /// Presses and releases a mouse button at a 0-based cell (SGR encoding is 1-based).
    /// Buttons: 0 left, 1 middle, 2 right.
    pub fn click_button(&self, button: u8, column: u16, row: u16) {
        self.press(button, column, row);
        self.release(button, column, row);
    }

    /// Presses a mouse button at a 0-based cell and keeps it down (see [`click_button`]).
    ///
    /// [`click_button`]: Tmux::click_button
    pub fn press(&self, button: u8, column: u16, row: u16) {
        let (x, y) = (column + 1, row + 1);
        self.type_text(&format!("\x1b[<{button};{x};{y}M"));
    }

    /// Releases a mouse button at a 0-based cell.
    pub fn release(&self, button: u8, column: u16, row: u16) {
        let (x, y) = (column + 1, row + 1);
        self.type_text(&format!("\x1b[<{button};{x};{y}m"));
    }

    pub fn click(&self, column: u16, row: u16) {
        self.click_button(0, column, row);
    }

    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "0"]).stdout).into_owned()
    }

    /// What the terminal shows and scrolled away, its wrapped lines joined: what a program
    /// printed after it left the screen, however long its lines.
    pub fn printed(&self) -> String {
        let out = self.run(&["capture-pane", "-p", "-J", "-S", "-", "-t", "0"]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The screen with its colours and attributes as escape sequences.
    pub fn screen_with_colours(&self) -> String {
        let out = self.run(&["capture-pane", "-e", "-p", "-t", "0"]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen shows `needle`; returns the screen.
    pub fn wait_for(&self, needle: &str) -> String {
        self.wait_until(&format!("the screen to show {needle:?}"), |screen| {
            screen.contains(needle)
        })
    }

    pub fn wait_until(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if done(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "timed out waiting for {what}; screen:\n{screen}"
            );
            sleep(Duration::from_millis(20));
        }
    }

    /// Finds `text` on screen: (column, row), 0-based.
    pub fn find(&self, text: &str) -> (u16, u16) {
        let screen = self.wait_for(text);
        for (row, line) in screen.lines().enumerate() {
            if let Some(byte) = line.find(text) {
                return (line[..byte].chars().count() as u16, row as u16);
            }
        }
        unreachable!()
    }

    /// A tmux format for the pane, e.g. `#{alternate_on}`.
    pub fn format(&self, format: &str) -> String {
        let out = self.run(&["display-message", "-p", "-t", "0", format]);
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Checks that the pane is `width` x `height`.
    pub fn assert_size(&self, width: u16, height: u16) {
        assert_eq!(
            self.format("#{pane_width}x#{pane_height}"),
            format!("{width}x{height}")
        );
    }

    /// Leaves a game for the menu with the key `leave`, checks that the menu offers no game to
    /// resume (`why` explains the check if it fails), quits from there (q), and returns the saved
    /// file.
    pub fn leave_and_quit(&self, leave: &str, why: &str) -> toml::Table {
        self.keys(&[leave]);
        let menu = self.wait_for("q quit");
        assert!(!menu.contains("resume"), "{why}:\n{menu}");
        self.keys(&["q"]);
        assert_eq!(self.wait_exit(), 0);
        self.config().parse().expect("the file is TOML")
    }

    /// Waits for the program in the pane to exit; returns its exit status. (The shell around it
    /// writes the status to a file: tmux's own record of it is not reliable.)
    pub fn wait_exit(&self) -> i32 {
        let path = self.exit_file();
        let start = Instant::now();
        loop {
            if let Some(status) = std::fs::read_to_string(&path)
                .ok()
                .and_then(|s| s.trim().parse().ok())
            {
                return status;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "the program did not exit; screen:\n{}",
                self.screen()
            );
            sleep(Duration::from_millis(20));
        }
    }

    /// Where the shell around the program writes its exit status: a file of this server's own, so
    /// that servers sharing a HOME do not mix their statuses.
    fn exit_file(&self) -> PathBuf {
        self.home
            .path()
            .join(format!("exit-status-{}", self.socket))
    }

    /// `sh -c` running the arcade with `args`, then writing its exit status to [`exit_file`].
    ///
    /// [`exit_file`]: Tmux::exit_file
    fn recording_exit(&self, args: &[&str]) -> Vec<String> {
        let quoted: Vec<String> = std::iter::once(BINARY)
            .chain(args.iter().copied())
            .map(|a| format!("'{}'", a.replace('\'', "'\\''")))
            .collect();
        let file = self.exit_file().display().to_string();
        let script = format!("{}; echo $? > '{file}'", quoted.join(" "));
        vec!["sh".into(), "-c".into(), script]
    }

    /// The arcade's process id (the pane runs a shell around it).
    pub fn app_pid(&self) -> u32 {
        let shell = self.format("#{pane_pid}");
        let start = Instant::now();
        loop {
            let out = Command::new("pgrep").args(["-P", &shell]).output().unwrap();
            if let Some(pid) = String::from_utf8_lossy(&out.stdout)
                .lines()
                .next()
                .and_then(|l| l.trim().parse().ok())
            {
                return pid;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "no process under the pane's shell"
            );
            sleep(Duration::from_millis(20));
        }
    }

    pub fn resize(&self, width: u16, height: u16) {
        self.run(&[
            "resize-window",
            "-t",
            "0",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
        ]);
    }

    pub fn config_path(&self) -> PathBuf {
        config_path(self.home.path())
    }

    pub fn config(&self) -> String {
        std::fs::read_to_string(self.config_path()).unwrap_or_default()
    }

    /// Waits until the config file contains `needle`.
    pub fn wait_for_config(&self, needle: &str) -> String {
        let start = Instant::now();
        loop {
            let config = self.config();
            if config.contains(needle) {
                return config;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "the file never held {needle:?}:\n{config}"
            );
            sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

/// A tmux socket name of its own for each server a test process starts.
fn socket_name() -> String {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    format!(
        "grid-arcade-test-{}-{}",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::SeqCst)
    )
}

pub fn config_path(home: &Path) -> PathBuf {
    home.join(".config").join("grid-arcade").join("config.toml")
}

/// A captured screen, read by cell.
pub struct Cells(Vec<Vec<char>>);

impl Cells {
    pub fn of(screen: &str) -> Cells {
        Cells(screen.lines().map(|l| l.chars().collect()).collect())
    }

    /// The character at a 0-based cell, if the screen reaches it.
    pub fn get(&self, x: u16, y: u16) -> Option<char> {
        self.0
            .get(y as usize)
            .and_then(|l| l.get(x as usize))
            .copied()
    }

    /// The character at a 0-based cell, a blank where the screen does not reach.
    pub fn at(&self, x: u16, y: u16) -> char {
        self.get(x, y).unwrap_or(' ')
    }

    /// The characters of row `y` from column `from` up to (not including) `to`.
    pub fn span(&self, y: u16, from: u16, to: u16) -> String {
        (from..to).filter_map(|x| self.get(x, y)).collect()
    }
}

/// The line of the menu that names `game`.
pub fn menu_line<'a>(menu: &'a str, game: &str) -> &'a str {
    menu.lines()
        .find(|l| l.contains(game))
        .unwrap_or_else(|| panic!("the menu names {game}"))
}

/// Every file in a folder, by name, with its bytes.
pub fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            (name, fs::read(entry.path()).unwrap())
        })
        .collect()
}

/// `grid-arcade` outside tmux, with the test's HOME.
pub fn grid_arcade(home: &Path) -> Command {
    let mut command = Command::new(BINARY);
    command
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local").join("share"))
        .env_remove("GRID_ARCADE_CONFIG");
    command
}

/// The value a Settings row shows between its arrows ("Theme  ◂  auto  ▸" gives "auto").
pub fn setting_shown(screen: &str, label: &str) -> Option<String> {
    screen.lines().find_map(|line| {
        let (head, rest) = line.split_once('◂')?;
        let name = head.trim_start_matches(['│', ' ']).trim_end();
        (name == label).then(|| rest.split('▸').next().unwrap_or("").trim().to_string())
    })
}
