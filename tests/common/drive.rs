//! Apps started and games played in-process: what the screen tests and the screen benches both
//! need.
//!
//! Part of the tests' `common` module; the benches include it with
//! `#[path = "../tests/common/drive.rs"] mod drive;`.

// Each test file and bench uses the part it needs.
#![allow(dead_code)]

use grid_arcade::history::{Entry, Outcome};
use grid_arcade::play::minesweeper::facts::{Facts as MinesweeperFacts, Loss};
use grid_arcade::play::tictactoe::facts::Facts as TicTacToeFacts;
use grid_arcade::play::twenty48::facts::Facts as Twenty48Facts;
use grid_arcade::timestamp::Timestamp;
use grid_arcade::ui::theme::{Palette, TerminalTraits};

/// A terminal with 256 colours, UTF-8 and a dark background, as most are.
pub const TRAITS: TerminalTraits = TerminalTraits {
    no_color: false,
    palette: Some(Palette::Ansi256),
    utf8: true,
    light_background: false,
};

/// Records of every game, so the menu's panel and the high-scores tables have rows to show.
pub const RECORDS: &str = r#"
[records.minesweeper.beginner]
played = 12
won = 5
streak = 2
longest_streak = 3
best = { time_ms = 8450, date = 2026-11-29, bbbv_per_s = 2.01, seed = 1234 }
top = [{ time_ms = 8450, date = 2026-11-29 }, { time_ms = 11020, date = 2026-11-27 }]

[records.minesweeper.expert]
played = 3

[records.tictactoe."3x3".hard]
wins = 0
losses = 1
draws = 7
streak = -1

[records.tictactoe."3x3".human]
wins = 3
losses = 2
draws = 1

[records.2048."4x4"]
played = 9
won = 1
best_score = 20312
best_tile = 2048
top = [{ score = 20312, tile = 2048, date = 2026-11-28, undo = false, hint = false }]
"#;

/// The fields of a Beginner game opened in the middle, with its 3BV and clicks.
pub fn beginner_facts(bbbv: u32, clicks: u32) -> MinesweeperFacts<'static> {
    MinesweeperFacts {
        level: "beginner".into(),
        rows: 9,
        cols: 9,
        mines: 10,
        rule: "opening".into(),
        marks: false,
        first: Some([4, 4]),
        bbbv,
        clicks,
        ..MinesweeperFacts::default()
    }
}

/// A history of the tables in [`RECORDS`], a line per game as `history.jsonl` holds them: 40
/// Minesweeper Beginner games (faster wins over time, losses of both kinds, games given up), one
/// Expert game, the tic-tac-toe games the records count, and nine 2048 games.
pub fn history() -> String {
    let mut entries = Vec::new();
    fn entry(
        game: &'static str,
        facts: &impl serde::Serialize,
        i: usize,
        duration_ms: u64,
        result: Outcome,
    ) -> Entry<'static> {
        let start = Timestamp { unix_seconds: 0 };
        let mut entry = Entry::new(game, facts, start, duration_ms, result, i as u64);
        entry.id = format!("g{i:07}").into();
        entry.start = format!("2026-11-{:02}T10:{:02}:00Z", 1 + i / 10, i % 60).into();
        entry
    }
    for i in 0..40 {
        let (result, loss) = match i % 5 {
            0 | 3 => (Outcome::Won, None),
            1 => (Outcome::Lost, Some(Loss::ForcedGuess)),
            2 if i % 10 == 2 => (Outcome::Lost, Some(Loss::Mistake)),
            2 => (Outcome::Abandoned, None),
            _ => (Outcome::Lost, Some(Loss::ForcedGuess)),
        };
        // Wins get faster, with some spread: 30 s down to about 10 s.
        let time_ms = 30_000 - i as u64 * 500 + (i as u64 * 7919 % 5) * 900;
        let facts = MinesweeperFacts {
            loss,
            // Examined games, some with one or two forced guesses of a chance in three.
            risk: Some([0, 333, 556][i % 3]),
            ..beginner_facts(30, 40)
        };
        entries.push(entry("minesweeper", &facts, entries.len(), time_ms, result));
    }
    let facts = MinesweeperFacts {
        level: "expert".into(),
        rows: 16,
        cols: 30,
        mines: 99,
        rule: "opening".into(),
        marks: false,
        first: None,
        bbbv: 0,
        clicks: 1,
        loss: Some(Loss::ForcedGuess),
        risk: None,
    };
    entries.push(entry(
        "minesweeper",
        &facts,
        entries.len(),
        1_000,
        Outcome::Lost,
    ));
    let tictactoe = [
        ("hard", Outcome::Draw, "X", 7),
        ("hard", Outcome::Lost, "X", 1),
        ("human", Outcome::Won, "X", 3),
        ("human", Outcome::Won, "O", 2),
        ("human", Outcome::Draw, "X", 1),
    ];
    for (opponent, result, mark, games) in tictactoe {
        for _ in 0..games {
            let facts = TicTacToeFacts {
                board: "3x3".into(),
                rule: None,
                opponent: opponent.into(),
                mark: (result != Outcome::Draw).then(|| mark.into()),
                moves: 9,
            };
            entries.push(entry("tictactoe", &facts, entries.len(), 20_000, result));
        }
    }
    for (score, tile) in [
        (1_200, 128),
        (3_100, 256),
        (2_600, 256),
        (7_400, 512),
        (6_900, 512),
        (12_800, 1024),
        (11_500, 1024),
        (16_200, 1024),
        (20_312, 2048),
    ] {
        let facts = Twenty48Facts {
            size: 4,
            score,
            tile,
            moves: score / 14,
        };
        let result = if tile == 2048 {
            Outcome::Won
        } else {
            Outcome::Over
        };
        entries.push(entry("2048", &facts, entries.len(), score * 30, result));
    }
    entries
        .iter()
        .map(|e| serde_json::to_string(e).expect("an entry is JSON") + "\n")
        .collect()
}

/// The code of an entry's game, as its game reads it.
pub fn entry_code(entry: &Entry) -> Option<grid_arcade::code::GameCode> {
    grid_arcade::ui::games::by_key(&entry.game)?.entry_code(entry)
}

pub mod minesweeper {
    use grid_arcade::app::{Action, App};
    use grid_arcade::games::minesweeper::Pos;
    use grid_arcade::ui::minesweeper::MinesAction;

    pub fn play(app: &mut App, action: MinesAction) {
        app.update(Action::from(action));
    }

    /// Moves the cursor to `pos`: to the top left corner, then down and across.
    pub fn move_to(app: &mut App, pos: Pos) {
        play(
            app,
            MinesAction::Edge {
                row: Some(false),
                col: Some(false),
            },
        );
        play(
            app,
            MinesAction::Move {
                rows: pos.row as isize,
                cols: pos.col as isize,
            },
        );
    }
}

pub mod twenty48 {
    use grid_arcade::games::twenty48::{Direction, Game, tile_value};

    /// The seed of the games [`position`] starts from.
    pub const SEED: u64 = 7;

    /// The move a player who keeps tiles in the bottom left corner would make; None when the
    /// game is over.
    pub fn corner_move(game: &Game) -> Option<Direction> {
        [
            Direction::Down,
            Direction::Left,
            Direction::Right,
            Direction::Up,
        ]
        .into_iter()
        .find(|&d| game.clone().play(d).is_some())
    }

    /// `Game::new(size, SEED)` with its position replaced through the save format.
    pub fn position(size: usize, cells: &[u8], score: u64, moves: u64) -> Game {
        position_with(size, cells, score, moves, |_| {})
    }

    pub fn position_with(
        size: usize,
        cells: &[u8],
        score: u64,
        moves: u64,
        edit: impl FnOnce(&mut toml::Table),
    ) -> Game {
        assert_eq!(cells.len(), size * size);
        let text = toml::to_string(&Game::new(size, SEED).unwrap()).unwrap();
        let mut save: toml::Table = text.parse().unwrap();
        let position = save["position"].as_table_mut().unwrap();
        position.insert("score".into(), (score as i64).into());
        position.insert("moves".into(), (moves as i64).into());
        let board = position["board"].as_table_mut().unwrap();
        board.insert(
            "cells".into(),
            toml::Value::Array(cells.iter().map(|&e| i64::from(e).into()).collect()),
        );
        edit(&mut save);
        toml::from_str(&toml::to_string(&save).unwrap()).expect("a valid position")
    }

    /// A full board one move from the end: every tile differs from its neighbours except the two 2s
    /// at the top left. Sliding left merges them and leaves one gap at the top right, where neither a
    /// new 2 nor a new 4 meets an equal neighbour. Tiles are 8 to 128.
    pub fn one_move_from_the_end(size: usize) -> Vec<u8> {
        let mut cells: Vec<u8> = (0..size * size)
            .map(|i| 3 + ((i / size + 2 * (i % size)) % 5) as u8)
            .collect();
        cells[0] = 1;
        cells[1] = 1;
        cells
    }

    /// The numbers `game`'s board must show, row by row, "" for an empty cell.
    pub fn expected_board(game: &Game) -> Vec<Vec<String>> {
        game.board()
            .rows()
            .map(|row| {
                row.iter()
                    .map(|&e| match e {
                        0 => String::new(),
                        e => tile_value(e).to_string(),
                    })
                    .collect()
            })
            .collect()
    }
}
