//! `grid-arcade analyse`: the chance of a mine under every hidden cell of a position given as
//! text, and the move the computer would play, printed as a grid or as JSON. It reads a file or
//! standard input and writes nothing but standard output.

use std::fmt::Write as _;
use std::io::Read;

use clap::{Arg, ArgAction, ArgMatches, Command, value_parser};
use serde_json::json;

use super::chance::percent;
use crate::games::minesweeper::Difficulty;
use crate::games::minesweeper::odds::{self, Choice, Conflict, Odds, ParseError, Position, Why};
use crate::play::Tool;

/// The most text read: a 1000x1000 board is about a megabyte.
const MAX_BYTES: u64 = 16 << 20;

pub static TOOL: Tool = Tool { command, run };

fn command() -> Command {
    Command::new("analyse")
        .about("Print the chance of a mine under every hidden cell of a Minesweeper position, and the move to play")
        .long_about(
            "Print the chance of a mine under every hidden cell of a Minesweeper position, and the \
             move to play.\n\nThe position is text, one row a line: 1-8 a revealed number, a space \
             or 0 a revealed cell with no mine around it, . a hidden cell, F or * a cell known to \
             be a mine. Every layout of the mines that fits the numbers counts, all equally likely.",
        )
        .arg(
            Arg::new("file")
                .value_name("FILE | -")
                .help("The position (- or none: standard input)"),
        )
        .arg(
            Arg::new("mines")
                .long("mines")
                .value_name("N")
                .value_parser(value_parser!(u32))
                .help("Mines on the whole board [default: the level whose size matches: 9x9 10, 16x16 40, 20x25 99, 16x30 99]"),
        )
        .arg(
            Arg::new("json")
                .long("json")
                .action(ArgAction::SetTrue)
                .help("Print JSON: every hidden cell's row and column (from 0) and chance, the number of layouts, the move"),
        )
}

fn run(matches: &ArgMatches) -> Result<(), String> {
    let file = matches.get_one::<String>("file").filter(|f| *f != "-");
    let text = read(file.map(String::as_str))?;
    let mines = matches.get_one::<u32>("mines").copied();
    let position = parse(&text, mines).map_err(|error| match error {
        ParseError::At {
            line,
            column,
            problem,
        } => format!("the position is not one at line {line}, column {column}: {problem}"),
        ParseError::NoMineCount { rows, cols } => format!(
            "a {rows}x{cols} board is none of the levels (9x9, 16x16, 20x25, 16x30, either way \
             up): give the mine count with --mines"
        ),
    })?;
    let odds = odds::odds(&position).map_err(|conflict| match conflict {
        // Rows and columns from 1, as the text's lines and columns.
        Conflict::Number { row, col, value } => format!(
            "no layout of the mines fits the {value} at row {}, column {}",
            row + 1,
            col + 1
        ),
        other => other.to_string(),
    })?;
    let choice = odds::best_move(&position, &odds);
    let out = if matches.get_flag("json") {
        json_text(&position, &odds, choice)
    } else {
        grid_text(&position, &odds, choice)
    };
    print!("{out}");
    Ok(())
}

/// The whole text of `file`, or of standard input.
fn read(file: Option<&str>) -> Result<String, String> {
    let mut bytes = Vec::new();
    let (name, result) = match file {
        Some(path) => (
            path.to_string(),
            std::fs::File::open(path).and_then(|f| f.take(MAX_BYTES + 1).read_to_end(&mut bytes)),
        ),
        None => (
            "standard input".to_string(),
            std::io::stdin()
                .lock()
                .take(MAX_BYTES + 1)
                .read_to_end(&mut bytes),
        ),
    };
    result.map_err(|error| format!("{name} could not be read: {error}"))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(format!("{name} is larger than any position (16 MiB)"));
    }
    String::from_utf8(bytes).map_err(|_| format!("{name} is not UTF-8 text"))
}

/// The position of `text`; without `mines`, the mine count of the level of its size (this game's
/// levels, either way up).
fn parse(text: &str, mines: Option<u32>) -> Result<Position, ParseError> {
    let rows = text.lines().filter(|line| !line.is_empty()).count();
    let cols = text.lines().next().map_or(0, |line| line.chars().count());
    let level = Difficulty::ALL
        .iter()
        .filter_map(|level| level.preset())
        .find(|size| {
            (size.rows(), size.cols()) == (rows, cols) || (size.cols(), size.rows()) == (rows, cols)
        })
        .map(|size| size.mines() as u32);
    Position::parse(text, mines.or(level))
}

/// The chances as a grid, a column of four characters a cell (revealed cells blank, known mines
/// `*`), numbered from 1 like the game's rows and columns, then the count of layouts and the
/// move.
fn grid_text(position: &Position, odds: &Odds, choice: Option<Choice>) -> String {
    let mut out = String::new();
    let label = position.rows.to_string().len();
    let _ = write!(out, "{:label$}", "");
    for col in 1..=position.cols {
        let _ = write!(out, " {col:>4}");
    }
    out.push('\n');
    for row in 0..position.rows {
        let _ = write!(out, "{:>label$}", row + 1);
        for col in 0..position.cols {
            let index = row * position.cols + col;
            let cell = match (odds.mine[index], position.cells[index]) {
                (Some(chance), _) => format!("{chance:.2}"),
                (None, odds::Seen::Mine) => "*".to_string(),
                (None, _) => String::new(),
            };
            let _ = write!(out, " {cell:>4}");
        }
        out.truncate(out.trim_end_matches(' ').len());
        out.push('\n');
    }
    let estimated = if odds.exact {
        ""
    } else {
        " (estimated: a part of the board has too many to count)"
    };
    let (layouts, fit) = if odds.layouts == "1" {
        ("layout", "fits")
    } else {
        ("layouts", "fit")
    };
    let _ = writeln!(
        out,
        "{} {layouts} of the {} mines {fit} the numbers{estimated}.",
        odds.layouts, position.mines
    );
    let _ = writeln!(
        out,
        "{}",
        match choice {
            None => "Nothing to play: no hidden cell is left but mines.".to_string(),
            Some(choice) => format!(
                "Play row {}, column {}: {}.",
                choice.row + 1,
                choice.col + 1,
                why(choice.why)
            ),
        }
    );
    out
}

/// Why the move is played, as the grid's last line says it.
fn why(why: Why) -> String {
    match why {
        Why::Safe => "safe".to_string(),
        Why::Guess { mine, opens, .. } => format!(
            "best guess: {} mine, {} chance to open more",
            percent(mine),
            percent(opens)
        ),
    }
}

fn json_text(position: &Position, odds: &Odds, choice: Option<Choice>) -> String {
    let cells: Vec<serde_json::Value> = (odds.mine.iter().enumerate())
        .filter_map(|(index, chance)| {
            chance.map(|chance| {
                json!({
                    "row": index / position.cols,
                    "col": index % position.cols,
                    "mine": chance,
                })
            })
        })
        .collect();
    let play = choice.map(|choice| match choice.why {
        Why::Safe => json!({ "row": choice.row, "col": choice.col, "why": "safe" }),
        Why::Guess { mine, opens, .. } => json!({
            "row": choice.row,
            "col": choice.col,
            "why": "guess",
            "mine": mine,
            "opens": opens,
        }),
    });
    let value = json!({
        "rows": position.rows,
        "cols": position.cols,
        "mines": position.mines,
        "layouts": odds.layouts,
        "exact": odds.exact,
        "cells": cells,
        "move": play,
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}
