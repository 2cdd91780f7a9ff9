//! Board shapes, winning lines, draws, refused moves, undo and replay.

use super::super::{Game, Mark, MoveError, Outcome, PRESETS, Pos, Rules, RulesError};
use super::support::all_lines;

#[test]
fn every_line_in_every_direction_wins_on_each_preset() {
    for preset in PRESETS {
        let rules = preset.rules;
        let lines = all_lines(rules);
        for direction in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            let in_direction = lines.iter().filter(|line| {
                let (a, b) = (line[0], line[1]);
                (
                    b.row as isize - a.row as isize,
                    b.col as isize - a.col as isize,
                ) == direction
            });
            let mut count = 0;
            for (n, line) in in_direction.enumerate() {
                // Vary which cell of the line is played last.
                let mut order = line.clone();
                order.rotate_left(n % line.len());
                let mut fillers = (0..rules.rows())
                    .flat_map(|row| (0..rules.cols()).map(move |col| Pos::new(row, col)))
                    .filter(|pos| !line.contains(pos));
                let mut game = Game::new(rules);
                for (i, &pos) in order.iter().enumerate() {
                    assert_eq!(game.outcome(), None, "{} line {line:?}", preset.name);
                    game.play(pos).unwrap();
                    if i + 1 < order.len() {
                        game.play(fillers.next().unwrap()).unwrap();
                    }
                }
                assert_eq!(
                    game.outcome(),
                    Some(&Outcome::Win {
                        mark: Mark::X,
                        line: line.clone()
                    })
                );
                assert_eq!(game.turn(), None);
                count += 1;
            }
            assert!(
                count > 0,
                "{} has lines in direction {direction:?}",
                preset.name
            );
        }
    }
}

#[test]
fn o_wins_with_a_column() {
    let moves =
        [(0, 0), (0, 2), (1, 1), (1, 2), (2, 1), (2, 2)].map(|(row, col)| Pos::new(row, col));
    let game = Game::from_moves(Rules::default(), &moves).unwrap();
    let column = vec![Pos::new(0, 2), Pos::new(1, 2), Pos::new(2, 2)];
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Win {
            mark: Mark::O,
            line: column
        })
    );
}

#[test]
fn a_run_longer_than_needed_is_highlighted_whole() {
    let rules = Rules::new(2, 7, 3).unwrap();
    let xs = [0, 1, 3, 4, 2].map(|col| Pos::new(0, col));
    let os = [0, 2, 4, 6].map(|col| Pos::new(1, col));
    let moves = alternate(&xs, &os);
    let game = Game::from_moves(rules, &moves).unwrap();
    let run: Vec<Pos> = (0..5).map(|col| Pos::new(0, col)).collect();
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Win {
            mark: Mark::X,
            line: run
        })
    );
}

/// X's and O's moves in playing order; X has as many moves as O or one more.
fn alternate(xs: &[Pos], os: &[Pos]) -> Vec<Pos> {
    let pairs = xs.iter().zip(os).flat_map(|(&x, &o)| [x, o]);
    pairs.chain(xs.get(os.len()).copied()).collect()
}

/// Full boards without a line; X owns the cells marked 'X'.
const DRAWN_BOARDS: [(&str, &[&str]); 3] = [
    ("3x3", &["XOX", "XOO", "OXX"]),
    ("4x4", &["XXOO", "OOXX", "XXOO", "OOXX"]),
    ("5x5", &["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"]),
];

#[test]
fn a_full_board_without_a_line_is_a_draw() {
    for (name, board) in DRAWN_BOARDS {
        let cells_of = |mark: char| -> Vec<Pos> {
            board
                .iter()
                .enumerate()
                .flat_map(|(row, text)| {
                    text.chars()
                        .enumerate()
                        .filter(move |&(_, c)| c == mark)
                        .map(move |(col, _)| Pos::new(row, col))
                })
                .collect()
        };
        let (xs, os) = (cells_of('X'), cells_of('O'));
        let mut game = Game::new(Rules::preset(name).unwrap());
        let moves = alternate(&xs, &os);
        for (i, &pos) in moves.iter().enumerate() {
            assert_eq!(game.outcome(), None, "{name} after {i} moves");
            assert_eq!(game.turn(), Some(Mark::to_move_after(i)));
            game.play(pos).unwrap();
        }
        assert_eq!(game.outcome(), Some(&Outcome::Draw), "{name}");
        assert_eq!(game.turn(), None);
    }
}

#[test]
fn invalid_moves_are_refused_and_change_nothing() {
    let mut game = Game::from_moves(Rules::default(), &[Pos::new(1, 1)]).unwrap();
    let before = game.clone();
    assert_eq!(
        game.play(Pos::new(1, 1)),
        Err(MoveError::Occupied(Pos::new(1, 1)))
    );
    assert_eq!(
        game.play(Pos::new(3, 0)),
        Err(MoveError::OutOfRange(Pos::new(3, 0)))
    );
    assert_eq!(
        game.play(Pos::new(0, 3)),
        Err(MoveError::OutOfRange(Pos::new(0, 3)))
    );
    assert_eq!(game, before);

    let won = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)].map(|(row, col)| Pos::new(row, col));
    let mut game = Game::from_moves(Rules::default(), &won).unwrap();
    let before = game.clone();
    assert_eq!(game.play(Pos::new(2, 2)), Err(MoveError::GameOver));
    assert_eq!(game, before);
    assert!(!MoveError::GameOver.to_string().is_empty());
}

#[test]
fn undo_takes_back_the_last_move_and_reopens_a_finished_game() {
    let moves = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)].map(|(row, col)| Pos::new(row, col));
    let mut game = Game::from_moves(Rules::default(), &moves).unwrap();
    assert!(game.is_over());
    assert_eq!(game.undo(), Some(Pos::new(0, 2)));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.turn(), Some(Mark::X));
    assert_eq!(game.mark_at(Pos::new(0, 2)), None);
    assert_eq!(game.history(), &moves[..4]);
    assert_eq!(game.undo(), Some(Pos::new(1, 1)));
    assert_eq!(game.turn(), Some(Mark::O));
    assert_eq!(
        game,
        Game::from_moves(Rules::default(), &moves[..3]).unwrap()
    );
    while game.undo().is_some() {}
    assert_eq!(game, Game::new(Rules::default()));
}

#[test]
fn replaying_stops_at_the_first_refused_move() {
    let moves = [Pos::new(0, 0), Pos::new(0, 0)];
    assert_eq!(
        Game::from_moves(Rules::default(), &moves),
        Err(MoveError::Occupied(Pos::new(0, 0)))
    );
}

#[test]
fn rules_accept_boards_within_limits_and_explain_refusals() {
    assert_eq!(Rules::new(0, 3, 3), Err(RulesError::Rows(0)));
    assert_eq!(Rules::new(16, 3, 3), Err(RulesError::Rows(16)));
    assert_eq!(Rules::new(3, 0, 3), Err(RulesError::Cols(0)));
    assert_eq!(Rules::new(3, 16, 3), Err(RulesError::Cols(16)));
    assert_eq!(
        Rules::new(3, 5, 0),
        Err(RulesError::InARow {
            in_a_row: 0,
            longest: 5
        })
    );
    assert_eq!(
        Rules::new(3, 5, 6),
        Err(RulesError::InARow {
            in_a_row: 6,
            longest: 5
        })
    );
    assert!(
        Rules::new(3, 5, 6)
            .unwrap_err()
            .to_string()
            .contains("1 to 5")
    );
    assert!(Rules::new(16, 3, 3).unwrap_err().to_string().contains("16"));
    let wide = Rules::new(3, 5, 5).unwrap();
    assert_eq!(
        (wide.rows(), wide.cols(), wide.in_a_row(), wide.cell_count()),
        (3, 5, 5, 15)
    );
    assert!(Rules::new(15, 15, 15).is_ok());
    assert!(Rules::new(1, 1, 1).is_ok());
}

#[test]
fn presets_are_found_by_name_and_named_back() {
    assert_eq!(Rules::preset("3x3"), Some(Rules::new(3, 3, 3).unwrap()));
    assert_eq!(Rules::preset("4x4"), Some(Rules::new(4, 4, 4).unwrap()));
    assert_eq!(Rules::preset("5x5"), Some(Rules::new(5, 5, 4).unwrap()));
    assert_eq!(Rules::preset("6x6"), None);
    assert_eq!(Rules::default(), Rules::preset("3x3").unwrap());
    for preset in PRESETS {
        assert_eq!(preset.rules.name(), preset.name);
    }
    assert_eq!(Rules::new(6, 7, 4).unwrap().name(), "6x7, 4 in a row");
}

#[test]
fn rules_read_from_a_file_are_checked() {
    let read = |text: &str| serde_json::from_str::<Rules>(text);
    assert_eq!(
        read(r#"{"rows": 4, "cols": 4, "in_a_row": 4}"#).unwrap(),
        Rules::preset("4x4").unwrap()
    );
    assert!(read(r#"{"rows": 4, "cols": 4, "in_a_row": 5}"#).is_err());
    let rules = Rules::preset("5x5").unwrap();
    assert_eq!(
        read(&serde_json::to_string(&rules).unwrap()).unwrap(),
        rules
    );
}

#[test]
fn one_in_a_row_is_won_by_the_first_move() {
    let mut game = Game::new(Rules::new(2, 2, 1).unwrap());
    game.play(Pos::new(1, 0)).unwrap();
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Win {
            mark: Mark::X,
            line: vec![Pos::new(1, 0)]
        })
    );
}
