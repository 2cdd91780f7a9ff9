//! The command line and the player's files: commands that only print never change them, and say
//! exactly where a file fails.

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use tempfile::TempDir;

const BINARY: &str = env!("CARGO_BIN_EXE_grid-arcade");

fn command(args: &[&str], home: &TempDir) -> Command {
    let mut command = Command::new(BINARY);
    command
        .args(args)
        .current_dir(home.path())
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("cfg"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env_remove("GRID_ARCADE_CONFIG")
        .stdin(Stdio::null());
    command
}

fn run(args: &[&str], home: &TempDir) -> Output {
    command(args, home).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Every file under `dir`, with its contents.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files(&path));
        } else {
            found.push((path.display().to_string(), fs::read(&path).unwrap()));
        }
    }
    found.sort();
    found
}

#[test]
fn printing_commands_leave_a_damaged_file_as_it_is_and_say_where_it_fails() {
    let home = TempDir::new().unwrap();
    let path = home.path().join("mine.toml");
    fs::write(
        &path,
        "[general\n[records.minesweeper.beginner]\nplayed = 3\n",
    )
    .unwrap();
    let before = files(home.path());
    let config = path.to_str().unwrap();
    for args in [
        &["--config", config, "scores"][..],
        &["--config", config, "scores", "--json"],
        &["--config", config, "daily", "--share"],
    ] {
        let out = run(args, &home);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let error = stderr(&out);
        assert_eq!(error.lines().count(), 1, "{error}");
        for part in [config, "line 1, column 9", "expected", "left as it is"] {
            assert!(error.contains(part), "{args:?}: {error}");
        }
        assert_eq!(files(home.path()), before, "{args:?}");
    }
    // A file that is not text says where its first byte that is not text is.
    fs::write(&path, b"[general]\ntheme = \"caf\xe9\"\n").unwrap();
    let out = run(&["--config", config, "scores"], &home);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 2, column 13"),
        "{}",
        stderr(&out)
    );
    assert!(fs::read(&path).unwrap().ends_with(b"\xe9\"\n"));
}

#[test]
fn config_path_checks_the_path_as_every_command_does_and_prints_it_absolute() {
    let home = TempDir::new().unwrap();
    let folder = home.path().join("folder");
    fs::create_dir(&folder).unwrap();
    let folder = folder.to_str().unwrap();
    let scores = run(&["--config", folder, "scores"], &home);
    let out = run(&["--config", folder, "config-path"], &home);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(scores.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).contains("is a folder"), "{}", stderr(&out));
    assert_eq!(stderr(&out), stderr(&scores));

    let out = run(&["--config", "rel/x.toml", "config-path"], &home);
    assert!(out.status.success(), "{}", stderr(&out));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        printed.trim_end(),
        home.path().join("rel/x.toml").display().to_string()
    );
    assert!(!home.path().join("rel").exists());
}

#[test]
fn a_dumb_terminal_is_told_in_one_line_and_left_as_it_was() {
    let home = TempDir::new().unwrap();
    for args in [&[][..], &["minesweeper"], &["daily"]] {
        let out = command(args, &home).env("TERM", "dumb").output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        // Not one byte for the terminal: no alternate screen, no mouse reporting.
        assert!(out.stdout.is_empty(), "{args:?}");
        let error = stderr(&out);
        assert_eq!(error.lines().count(), 1, "{error}");
        assert!(error.contains("TERM=dumb"), "{error}");
        assert!(
            error.contains("cannot show the full-screen game"),
            "{error}"
        );
    }
    assert!(files(home.path()).is_empty());
    let out = command(&["scores"], &home)
        .env("TERM", "dumb")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!out.stdout.is_empty());
}
