//! `grid-arcade gomoku --engine` speaks the Gomocup engine protocol with the real binary: it
//! answers `START`, opens with `BEGIN`, answers `TURN`, reads a whole `BOARD` and makes its five
//! or blocks the other side's within a short time, says who it is, and ends on `END`.

use std::io::Write;
use std::process::{Command, Stdio};

const BINARY: &str = env!("CARGO_BIN_EXE_grid-arcade");

/// The engine's answers to `input`, a line each, and its exit status.
fn talk(input: &str) -> (Vec<String>, Option<i32>) {
    let home = tempfile::TempDir::new().unwrap();
    let mut child = Command::new(BINARY)
        .args(["gomoku", "--engine", "--seed", "3"])
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join(".config"))
        .env("XDG_DATA_HOME", home.path().join(".local/share"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    (
        text.lines().map(str::to_string).collect(),
        out.status.code(),
    )
}

/// A move as `x,y` on a 15x15 board.
fn cell(answer: &str) -> (usize, usize) {
    let (x, y) = answer.split_once(',').expect("x,y");
    let (x, y) = (x.parse().unwrap(), y.parse().unwrap());
    assert!(x < 15 && y < 15, "{answer}");
    (x, y)
}

#[test]
fn the_engine_opens_answers_and_ends() {
    let input = "START 15\nINFO timeout_turn 200\nBEGIN\nTURN 8,8\nABOUT\nEND\n";
    let (answers, status) = talk(input);
    assert_eq!(status, Some(0), "{answers:?}");
    assert_eq!(answers.len(), 4, "{answers:?}");
    assert_eq!(answers[0], "OK");
    let opening = cell(&answers[1]);
    let reply = cell(&answers[2]);
    assert!(opening != reply && reply != (8, 8), "{answers:?}");
    assert!(
        answers[3].starts_with("name=\"grid-arcade\""),
        "{answers:?}"
    );
}

#[test]
fn the_engine_makes_its_five_and_blocks_a_four_from_a_board() {
    // Its own four across row 7 (columns 3 to 6), open at both ends; the other side's stones
    // elsewhere.
    let own = "3,7,1\n4,7,1\n5,7,1\n6,7,1\n";
    let theirs = "3,9,2\n4,9,2\n5,9,2\n10,12,2\n";
    let input = format!("START 15\nINFO timeout_turn 100\nBOARD\n{own}{theirs}DONE\nEND\n");
    let (answers, status) = talk(&input);
    assert_eq!(status, Some(0));
    assert!([(2, 7), (7, 7)].contains(&cell(&answers[1])), "{answers:?}");

    // The other side's four down column 5 (rows 2 to 5), closed above: the one cell below
    // blocks it.
    let own = "5,1,1\n9,9,1\n10,10,1\n";
    let theirs = "5,2,2\n5,3,2\n5,4,2\n5,5,2\n";
    let input = format!("START 15\nINFO timeout_turn 100\nBOARD\n{own}{theirs}DONE\nEND\n");
    let (answers, _) = talk(&input);
    assert_eq!(cell(&answers[1]), (5, 6), "{answers:?}");
}

#[test]
fn a_command_it_does_not_know_is_answered_and_play_goes_on() {
    let (answers, status) = talk("START 15\nFROBNICATE\nTURN 99,99\nBEGIN\nEND\n");
    assert_eq!(status, Some(0));
    assert_eq!(answers[0], "OK");
    assert!(answers[1].starts_with("UNKNOWN"), "{answers:?}");
    assert!(answers[2].starts_with("ERROR"), "{answers:?}");
    cell(&answers[3]);
}
