//! `grid-arcade analyse`: a position as text in, the chance of a mine under every hidden cell and
//! the move to play out, as a grid or JSON; errors in one line with exit code 2; no file written.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use tempfile::TempDir;

const BINARY: &str = env!("CARGO_BIN_EXE_grid-arcade");

/// `grid-arcade analyse ARGS` with `input` on standard input, in the empty home `home`.
fn analyse(args: &[&str], input: &str, home: &Path) -> Output {
    let mut child = Command::new(BINARY)
        .arg("analyse")
        .args(args)
        .current_dir(home)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("cfg"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env_remove("GRID_ARCADE_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A Beginner board after a first click near its middle: numbers around an opening.
const BEGINNER: &str = "\
.........
.........
..211....
..1 1....
..1 2....
..112....
.........
.........
.........
";

/// The files under `dir`, by their path inside it.
fn files(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files(&path));
        } else {
            found.push(path.display().to_string());
        }
    }
    found
}

#[test]
fn the_grid_gives_every_hidden_cell_s_chance_and_the_move_and_nothing_is_written() {
    let home = TempDir::new().unwrap();
    let position = home.path().join("position.txt");
    std::fs::write(&position, BEGINNER).unwrap();
    let out = analyse(&[position.to_str().unwrap()], "", home.path());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "     1    2    3    4    5    6    7    8    9");
    // Row 3: two hidden cells, three revealed ones left blank, then the cell the 1s prove safe.
    assert!(
        lines[3].starts_with("3 0.09 0.04                0.00 0.09"),
        "{text}"
    );
    // The 2 at row 6, column 5 and its neighbours make row 6, column 6 a mine for certain.
    assert!(lines[6].contains("1.00"), "{text}");
    assert!(
        text.contains("layouts of the 10 mines fit the numbers."),
        "the Beginner board's mines, from its size: {text}"
    );
    assert!(text.ends_with("Play row 3, column 6: safe.\n"), "{text}");
    assert_eq!(files(home.path()), [position.display().to_string()]);
}

#[test]
fn json_gives_each_hidden_cell_from_0_with_its_exact_chance_the_layouts_and_the_move() {
    let home = TempDir::new().unwrap();
    // One mine among the three cells around the 1: a third each, three layouts.
    for args in [
        &["--mines", "1", "--json"][..],
        &["-", "--json", "--mines", "1"],
    ] {
        let out = analyse(args, "1.\n..\n", home.path());
        assert!(out.status.success(), "{}", stderr(&out));
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(json["layouts"], "3");
        assert_eq!(json["exact"], true);
        let cells = json["cells"].as_array().unwrap();
        let places: Vec<(u64, u64)> = cells
            .iter()
            .map(|c| (c["row"].as_u64().unwrap(), c["col"].as_u64().unwrap()))
            .collect();
        assert_eq!(places, [(0, 1), (1, 0), (1, 1)]);
        for cell in cells {
            assert!((cell["mine"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-12);
        }
        assert_eq!(json["move"]["why"], "guess");
        assert!((json["move"]["mine"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-12);
    }
    let out = analyse(&["--json"], BEGINNER, home.path());
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["mines"], 10);
    assert_eq!(
        json["move"],
        serde_json::json!({ "row": 2, "col": 5, "why": "safe" })
    );
    assert!(files(home.path()).is_empty());
}

#[test]
fn a_position_no_layout_fits_or_malformed_text_is_one_line_and_exit_code_2() {
    let home = TempDir::new().unwrap();
    for (args, input, line) in [
        (
            &["--mines", "3"][..],
            "4..\n...\n",
            "grid-arcade: no layout of the mines fits the 4 at row 1, column 1\n",
        ),
        (
            &["--mines", "5"],
            "1.\n..\n",
            "grid-arcade: no layout of the mines fits the numbers with 5 mines on the board\n",
        ),
        (
            &["--mines", "1"],
            "..\n.x\n",
            "grid-arcade: the position is not one at line 2, column 2: 'x' is not a cell \
             (expected 1-8, 0 or a space, '.', 'F' or '*')\n",
        ),
        (
            &["--mines", "1"],
            "...\n..\n",
            "grid-arcade: the position is not one at line 2, column 3: the row is shorter than \
             the first (3 cells)\n",
        ),
        (
            &[],
            "..\n..\n",
            "grid-arcade: a 2x2 board is none of the levels (9x9, 16x16, 20x25, 16x30, either \
             way up): give the mine count with --mines\n",
        ),
        (
            &["no-such-file"],
            "",
            "grid-arcade: no-such-file could not be read: No such file or directory (os error 2)\n",
        ),
    ] {
        let out = analyse(args, input, home.path());
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        assert_eq!(stderr(&out), line);
        assert_eq!(stdout(&out), "");
    }
    assert!(files(home.path()).is_empty());
}

#[test]
fn with_every_hidden_cell_a_mine_it_says_there_is_nothing_to_play() {
    let home = TempDir::new().unwrap();
    let out = analyse(&["--mines", "2"], "2.\n.2\n", home.path());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("1 layout of the 2 mines fits the numbers."),
        "{text}"
    );
    assert!(
        text.ends_with("Nothing to play: no hidden cell is left but mines.\n"),
        "{text}"
    );
}
