//! grid-arcade started in a pseudo-terminal with a clean environment (TERM=xterm-256color,
//! LANG=C.UTF-8) and its own temporary HOME, XDG folders and `--config` file, so neither the
//! user's settings nor their records are read or touched; and quit again at the end.
//!
//! Included from a bench file with `#[path = "support/sandbox.rs"] mod sandbox;`, beside
//! `support/pty.rs` as `mod pty`.

// Each bench uses the part it needs.
#![allow(dead_code)]

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::pty::Pty;

/// The binary measured: the one Cargo builds before the benches (release, as benches are), or
/// another build of it named by GRID_ARCADE_BENCH_BINARY (the static build, say).
pub fn binary() -> String {
    std::env::var("GRID_ARCADE_BENCH_BINARY")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_grid-arcade").to_string())
}
/// The size of the pseudo-terminal.
pub const COLS: u16 = 100;
pub const ROWS: u16 = 35;
/// How long the first frame may take before a bench gives up.
pub const FRAME_TIMEOUT: Duration = Duration::from_secs(10);
/// How long the program may take to go quiet before a bench gives up.
pub const QUIET_TIMEOUT: Duration = Duration::from_secs(5);
/// How long the program may take to exit after the last q.
const EXIT_TIMEOUT: Duration = Duration::from_secs(5);

/// A temporary home for the program: its config file, HOME and XDG folders.
pub struct Sandbox {
    dir: tempfile::TempDir,
}

impl Sandbox {
    /// A sandbox with no config file yet.
    pub fn new() -> io::Result<Sandbox> {
        let dir = tempfile::Builder::new()
            .prefix("grid-arcade-bench")
            .tempdir()?;
        for sub in ["home", "config", "data"] {
            std::fs::create_dir(dir.path().join(sub))?;
        }
        Ok(Sandbox { dir })
    }

    /// A sandbox whose config file holds `config`.
    pub fn with_config(config: &str) -> io::Result<Sandbox> {
        let sandbox = Sandbox::new()?;
        std::fs::write(sandbox.path("config.toml"), config)?;
        Ok(sandbox)
    }

    pub fn path(&self, sub: &str) -> PathBuf {
        self.dir.path().join(sub)
    }

    fn env(&self) -> Vec<(&'static str, OsString)> {
        vec![
            ("TERM", "xterm-256color".into()),
            // A UTF-8 locale, as most terminals have: the menu draws its arrows and marker.
            ("LANG", "C.UTF-8".into()),
            ("HOME", self.path("home").into()),
            ("XDG_CONFIG_HOME", self.path("config").into()),
            ("XDG_DATA_HOME", self.path("data").into()),
        ]
    }

    /// Starts `grid-arcade --config PATH ARGS` in a pseudo-terminal of [`COLS`] x [`ROWS`].
    pub fn launch(&self, args: &[&str]) -> io::Result<Pty> {
        self.launch_under(&[], args)
    }

    /// Like [`Sandbox::launch`], with the program started by `runner` (a program and its first
    /// arguments, such as a profiler); no runner starts it directly.
    pub fn launch_under(&self, runner: &[&str], args: &[&str]) -> io::Result<Pty> {
        let config = self.path("config.toml");
        let config = config.to_str().expect("temporary paths are UTF-8");
        let binary = binary();
        let command: Vec<&str> = runner
            .iter()
            .copied()
            .chain([binary.as_str(), "--config", config])
            .chain(args.iter().copied())
            .collect();
        Pty::spawn(
            Path::new(command[0]),
            &command[1..],
            &self.env(),
            COLS,
            ROWS,
        )
    }
}

/// Presses q and checks that the program leaves cleanly; `keys` names all that was typed to quit,
/// for the error.
pub fn quit(pty: &mut Pty, keys: &str) -> io::Result<()> {
    press_and_wait_exit(pty, b"q", keys)
}

fn exit_status(status: std::process::ExitStatus, keys: &str) -> io::Result<()> {
    if status.success() {
        Ok(())
    } else {
        Err(io::Error::other(format!(
            "grid-arcade exited with {status} after {keys}"
        )))
    }
}

/// q leaves the game for the menu, where the program has gone quiet for `quiet`, and q there
/// quits; a game left in progress makes the menu ask first, and y confirms.
pub fn quit_from_game(pty: &mut Pty, quiet: Duration) -> io::Result<()> {
    pty.send(b"q")?;
    pty.read_until_quiet(quiet, QUIET_TIMEOUT)?;
    quit_from_menu(pty, quiet, "q, ")
}

/// q on the menu quits, once the program has gone quiet for `quiet` after it; a game left in
/// progress makes the menu ask first, and y confirms. `before` names the keys typed before, for
/// the error.
pub fn quit_from_menu(pty: &mut Pty, quiet: Duration, before: &str) -> io::Result<()> {
    pty.send(b"q")?;
    let shown = pty.read_until_quiet(quiet, QUIET_TIMEOUT)?;
    if String::from_utf8_lossy(&shown).contains("Quit?") {
        return press_and_wait_exit(pty, b"y", &format!("{before}q, y"));
    }
    let status = pty.wait(EXIT_TIMEOUT)?;
    exit_status(status, &format!("{before}q"))
}

fn press_and_wait_exit(pty: &mut Pty, answer: &[u8], keys: &str) -> io::Result<()> {
    pty.send(answer)?;
    let status = pty.wait(EXIT_TIMEOUT)?;
    exit_status(status, keys)
}
