//! Games of the history to replay: one of each game, written with their moves into a data
//! folder, for the tests of the replay screen and of playing on from a replay.

use std::fs;

use grid_arcade::app::Launch;
use grid_arcade::games::minesweeper::{
    self, BoardSize, FirstClick, GameOptions, Move, TimedMove, encode_moves, place_mines,
};
use grid_arcade::games::tictactoe::{self, PRESETS};
use grid_arcade::games::twenty48::{self, tile_value};
use grid_arcade::history::{Entry, FILE, MOVES_FILE, Outcome};
use grid_arcade::play::tictactoe::facts::Facts as TicTacToeFacts;
use grid_arcade::play::twenty48::facts::Facts as Twenty48Facts;
use grid_arcade::timestamp::Timestamp;
use ratatui::layout::Size;
use tempfile::TempDir;

use super::screen::Fixture;

/// An entry of `game` with its `facts`, started 2026-11-30 09:00 UTC.
pub fn entry(
    game: &'static str,
    facts: &impl serde::Serialize,
    id: &str,
    result: Outcome,
    seed: u64,
    duration_ms: u64,
) -> Entry<'static> {
    let start = Timestamp {
        unix_seconds: 1_796_029_200,
    };
    Entry {
        id: id.to_string().into(),
        ..Entry::new(game, facts, start, duration_ms, result, seed)
    }
}

/// `entry` with its game's fields changed by `change`.
pub fn with_facts(
    entry: &Entry<'static>,
    change: impl FnOnce(&mut serde_json::Value),
) -> Entry<'static> {
    let mut facts: serde_json::Value = serde_json::from_str(entry.facts.get()).unwrap();
    change(&mut facts);
    let raw = serde_json::value::to_raw_value(&facts).unwrap();
    Entry {
        facts: std::borrow::Cow::Owned(raw),
        ..entry.clone()
    }
}

/// A 2048 game on 3x3 played to its end by a player who keeps to the bottom left corner.
pub fn twenty48_game() -> (Entry<'static>, String) {
    let mut game = twenty48::Game::new(3, 7).unwrap();
    while let Some(direction) = super::drive::twenty48::corner_move(&game) {
        game.play(direction);
        game.keep_going();
    }
    let inputs: String = game.inputs().iter().map(|i| i.letter()).collect();
    let facts = Twenty48Facts {
        size: 3,
        score: game.score(),
        tile: tile_value(game.biggest_tile()) as u64,
        moves: game.moves(),
    };
    let entry = entry("2048", &facts, "t2048aaa", Outcome::Over, 7, 40_000);
    (entry, inputs)
}

/// Two players on 3x3: X takes the top row.
pub fn tictactoe_game() -> (Entry<'static>, String) {
    let moves = [(0, 0), (1, 1), (0, 1), (2, 2), (0, 2)].map(|(r, c)| tictactoe::Pos::new(r, c));
    let facts = TicTacToeFacts {
        board: "3x3".into(),
        rule: None,
        opponent: "human".into(),
        mark: Some("X".into()),
        moves: 5,
    };
    let entry = entry("tictactoe", &facts, "tttaaaaa", Outcome::Won, 3, 9_000);
    assert!(tictactoe::Game::from_moves(PRESETS[0].rules, &moves).is_ok());
    (entry, tictactoe::moves_text(&moves))
}

/// Beginner: the middle opened, a flag, then a mine.
pub fn minesweeper_game() -> (Entry<'static>, String) {
    let (size, seed) = (BoardSize::BEGINNER, 5);
    let first = minesweeper::Pos::new(4, 4);
    let options = GameOptions {
        first_click: FirstClick::Opening,
        question_marks: false,
    };
    let mines: Vec<_> = place_mines(size, seed, first, FirstClick::Opening)
        .unwrap()
        .mines()
        .collect();
    let moves = [
        TimedMove::new(0, Move::Reveal(first)),
        TimedMove::new(1_200, Move::Flag(mines[1])),
        TimedMove::new(2_750, Move::Reveal(mines[0])),
    ];
    let mut game = minesweeper::Game::new(size, seed, options);
    for m in &moves {
        game.play(m.play);
    }
    let facts = super::drive::beginner_facts(game.bbbv().unwrap() as u32, game.clicks() as u32);
    let entry = entry(
        "minesweeper",
        &facts,
        "minesaaa",
        Outcome::Lost,
        seed,
        2_750,
    );
    (entry, encode_moves(&moves))
}

/// An app of `size` whose history holds the three games.
pub fn app(size: Size) -> Fixture {
    app_with(size, "")
}

/// [`app`] with `config` in its settings file.
pub fn app_with(size: Size, config: &str) -> Fixture {
    let dir = TempDir::new().unwrap();
    let data = dir.path().join("data");
    fs::create_dir_all(&data).unwrap();
    let (mut lines, mut moves) = (String::new(), String::new());
    for (entry, inputs) in [minesweeper_game(), tictactoe_game(), twenty48_game()] {
        lines += &(serde_json::to_string(&entry).unwrap() + "\n");
        moves += &format!("{{\"id\":\"{}\",\"moves\":\"{inputs}\"}}\n", entry.id);
    }
    fs::write(data.join(FILE), lines).unwrap();
    fs::write(data.join(MOVES_FILE), moves).unwrap();
    Fixture::start_in(
        dir,
        config,
        super::drive::TRAITS,
        size,
        Launch::default(),
        Some("data"),
    )
}
