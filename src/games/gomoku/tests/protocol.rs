//! The Gomocup protocol driven through in-memory input: the answers to each command.

use super::super::protocol::run;

/// The engine's answers to `commands`, one a line.
fn answers(commands: &str) -> Vec<String> {
    let mut output = Vec::new();
    run(commands.as_bytes(), &mut output, 1).unwrap();
    String::from_utf8(output)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn board(size: usize, fields: &[(usize, usize, u8)]) -> String {
    let lines: Vec<String> = fields
        .iter()
        .map(|(x, y, field)| format!("{x},{y},{field}\r\n"))
        .collect();
    format!(
        "START {size}\r\nINFO timeout_turn 100\r\nBOARD\r\n{}DONE\r\nEND\r\n",
        lines.concat()
    )
}

#[test]
fn start_begin_and_end() {
    assert_eq!(answers("START 15\nBEGIN\nEND\nBEGIN\n"), ["OK", "7,7"]);
    assert_eq!(answers("START 20\r\nBEGIN\r\n"), ["OK", "9,9"]);
    assert!(
        answers("START 25\nSTART 4\n")
            .iter()
            .all(|a| a.starts_with("ERROR"))
    );
}

#[test]
fn turn_answers_with_a_free_cell_next_to_the_stones() {
    let out = answers("START 15\nINFO timeout_turn 100\nTURN 7,7\nTURN 0,0\nEND\n");
    assert_eq!(out.len(), 3);
    for answer in &out[1..] {
        let (x, y) = answer.split_once(',').unwrap();
        let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
        assert!(
            x < 15 && y < 15 && (x, y) != (7, 7) && (x, y) != (0, 0),
            "{answer}"
        );
    }
    assert!(answers("START 15\nTURN 7,7\nTURN 7,7\n")[2].starts_with("ERROR"));
    assert!(answers("START 15\nTURN 15,3\n")[1].starts_with("ERROR"));
}

#[test]
fn board_takes_the_five_or_blocks_the_four() {
    // Own stones across row 3 at x = 2..=5: five on 1,3 or 6,3.
    let own: Vec<(usize, usize, u8)> = (2..6).map(|x| (x, 3, 1)).collect();
    let theirs: Vec<(usize, usize, u8)> = (2..6).map(|y| (10, y, 2)).collect();
    let both = [own.clone(), theirs.clone()].concat();
    let five = &answers(&board(15, &both))[1];
    assert!(five == "1,3" || five == "6,3", "{five}");
    // The opponent's four down column 10 with one end blocked; our three stones are no four.
    let block = [own[..3].to_vec(), theirs, vec![(10, 1, 1)]].concat();
    assert_eq!(answers(&board(15, &block))[1], "10,6");
}

#[test]
fn exactly_five_with_rule_1() {
    // Own stones at x = 0, 1, 2, 3 and 5 of row 0: 4,0 makes six, which only freestyle counts.
    let own = [0, 1, 2, 3, 5].map(|x| (x, 0, 1));
    let theirs = [(0, 9, 2), (3, 9, 2), (6, 9, 2), (9, 9, 2), (12, 9, 2)];
    let fields = [own.to_vec(), theirs.to_vec()].concat();
    assert_eq!(answers(&board(15, &fields))[1], "4,0");
    let standard = board(15, &fields).replace("INFO", "INFO rule 1\r\nINFO");
    assert_ne!(answers(&standard)[1], "4,0");
}

#[test]
fn blocked_fields_are_never_played() {
    // A 5x5 board blocked everywhere but two cells.
    let fields: Vec<(usize, usize, u8)> = (0..25)
        .map(|i| (i % 5, i / 5))
        .filter(|&(x, y)| (x, y) != (4, 4) && (x, y) != (0, 0))
        .map(|(x, y)| (x, y, 3))
        .collect();
    assert_eq!(answers(&board(5, &fields[1..]))[1], "0,0");
    let one_left: Vec<_> = [fields, vec![(0, 0, 2)]].concat();
    assert_eq!(answers(&board(5, &one_left))[1], "4,4");
}

#[test]
fn takeback_about_info_and_unknown_commands() {
    let out = answers(
        "START 15\nINFO max_memory 83886080\nINFO timeout_match 0\nINFO whatever 1\n\
         TURN 7,7\nTAKEBACK 7,7\nTAKEBACK 7,7\nTURN 7,7\nABOUT\nSWAP2BOARD\nRESTART\nBEGIN\n",
    );
    assert_eq!(out[0], "OK");
    assert_eq!(&out[2..4], ["OK", "OK"]);
    assert!(out[5].starts_with("name=\"grid-arcade\", version=\""));
    assert!(out[5].contains("author=") && out[5].contains("country="));
    assert!(out[6].starts_with("UNKNOWN"));
    assert_eq!(&out[7..], ["OK", "7,7"]);
}
