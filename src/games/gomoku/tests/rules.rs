//! Board sizes, the two rules' winning rows, draws, refused moves, undo and replay.

use super::super::{
    Game, Mark, MoveError, Outcome, Pos, Rule, Rules, RulesError, moves_text, read_moves,
};

/// X on `xs` and O on `os`, alternately, X first.
fn play(rules: Rules, xs: &[(usize, usize)], os: &[(usize, usize)]) -> Game {
    let mut game = Game::new(rules);
    for i in 0..xs.len().max(os.len()) {
        for cells in [xs, os] {
            if let Some(&(row, col)) = cells.get(i) {
                game.play(Pos::new(row, col)).unwrap();
            }
        }
    }
    game
}

fn cells(list: &[(usize, usize)]) -> Vec<Pos> {
    list.iter().map(|&(row, col)| Pos::new(row, col)).collect()
}

#[test]
fn sizes_and_rule_names() {
    assert_eq!(Rules::default().size(), 15);
    assert_eq!(Rules::default().rule(), Rule::Freestyle);
    assert_eq!(Rules::new(4, Rule::Freestyle), Err(RulesError(4)));
    assert_eq!(Rules::new(21, Rule::Standard), Err(RulesError(21)));
    assert_eq!(Rules::new(20, Rule::Standard).unwrap().cell_count(), 400);
    for rule in Rule::ALL {
        assert_eq!(Rule::from_name(rule.name()), Some(rule));
    }
    assert_eq!(Rule::from_name("renju"), None);
    assert_eq!(Rules::default().name(), "15x15 freestyle");
    let rules: Rules = serde_json::from_str(r#"{"size":19,"rule":"standard"}"#).unwrap();
    assert_eq!(rules, Rules::new(19, Rule::Standard).unwrap());
    assert!(serde_json::from_str::<Rules>(r#"{"size":30,"rule":"standard"}"#).is_err());
}

#[test]
fn five_in_every_direction_wins_with_its_cells() {
    let rows: [[(usize, usize); 5]; 4] = [
        [(7, 3), (7, 4), (7, 5), (7, 6), (7, 7)],
        [(2, 9), (3, 9), (4, 9), (5, 9), (6, 9)],
        [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)],
        [(10, 14), (11, 13), (12, 12), (13, 11), (14, 10)],
    ];
    for row in rows {
        for last in 0..5 {
            let mut order = row.to_vec();
            order.swap(last, 4);
            let os = [(14, 0), (14, 2), (13, 0), (13, 2)];
            let game = play(Rules::default(), &order, &os);
            assert_eq!(
                game.outcome(),
                Some(&Outcome::Win {
                    mark: Mark::X,
                    line: cells(&row)
                })
            );
            assert_eq!(game.turn(), None);
        }
    }
}

#[test]
fn four_does_not_win() {
    let game = play(
        Rules::default(),
        &[(7, 3), (7, 4), (7, 5), (7, 6)],
        &[(0, 0), (0, 2), (0, 4)],
    );
    assert_eq!(game.outcome(), None);
    assert_eq!(game.turn(), Some(Mark::O));
}

/// X fills a row of six by playing its third cell last.
fn six(rule: Rule) -> Game {
    let rules = Rules::new(15, rule).unwrap();
    let xs = [(5, 0), (5, 1), (5, 3), (5, 4), (5, 5), (5, 2)];
    play(rules, &xs, &[(0, 0), (0, 2), (0, 4), (0, 6), (0, 8)])
}

#[test]
fn six_wins_freestyle_but_not_standard() {
    let line = cells(&[(5, 0), (5, 1), (5, 2), (5, 3), (5, 4), (5, 5)]);
    assert_eq!(
        six(Rule::Freestyle).outcome(),
        Some(&Outcome::Win {
            mark: Mark::X,
            line
        })
    );
    assert_eq!(six(Rule::Standard).outcome(), None);
}

#[test]
fn standard_five_wins_even_beside_a_longer_line_elsewhere() {
    // An O row of five next to the six of the last test's X in the standard rule.
    let mut game = six(Rule::Standard);
    for (row, col) in [(9, 9), (1, 1), (9, 10), (1, 3), (9, 11), (1, 5), (9, 12)] {
        game.play(Pos::new(row, col)).unwrap();
    }
    assert!(game.outcome().is_none());
    game.play(Pos::new(1, 7)).unwrap();
    assert!(game.outcome().is_none());
    game.play(Pos::new(9, 13)).unwrap();
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Win {
            mark: Mark::O,
            line: cells(&[(9, 9), (9, 10), (9, 11), (9, 12), (9, 13)])
        })
    );
}

#[test]
fn a_full_board_without_five_is_a_draw() {
    // Rows alternate, columns and diagonals repeat every four cells: no run is longer than two.
    let rules = Rules::new(5, Rule::Freestyle).unwrap();
    let all = (0..5).flat_map(|row| (0..5).map(move |col| (row, col)));
    let (xs, os): (Vec<_>, Vec<_>) = all.partition(|&(row, col)| (row + 2 * col) % 4 < 2);
    let game = play(rules, &xs, &os);
    assert_eq!(game.outcome(), Some(&Outcome::Draw));
    assert_eq!(game.free_cells().count(), 0);
}

#[test]
fn refused_moves_leave_the_game_unchanged() {
    let mut game = play(Rules::default(), &[(7, 7)], &[]);
    let before = game.clone();
    assert_eq!(
        game.play(Pos::new(7, 7)),
        Err(MoveError::Occupied(Pos::new(7, 7)))
    );
    assert_eq!(
        game.play(Pos::new(15, 0)),
        Err(MoveError::OutOfRange(Pos::new(15, 0)))
    );
    assert_eq!(game, before);
    let won = six(Rule::Freestyle);
    let mut after = won.clone();
    assert_eq!(after.play(Pos::new(10, 10)), Err(MoveError::GameOver));
    assert_eq!(after, won);
}

#[test]
fn undo_takes_back_the_win_and_replay_rebuilds_the_game() {
    let mut game = six(Rule::Freestyle);
    let moves = game.history().to_vec();
    let text = moves_text(&moves);
    assert_eq!(read_moves(&text).as_deref(), Some(moves.as_slice()));
    assert_eq!(Game::from_moves(game.rules(), &moves).unwrap(), game);
    assert_eq!(game.undo(), Some(Pos::new(5, 2)));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.turn(), Some(Mark::X));
    assert_eq!(game.mark_at(Pos::new(5, 2)), None);
    assert_eq!(game.mark_at(Pos::new(5, 1)), Some(Mark::X));
    while game.undo().is_some() {}
    assert_eq!(game, Game::new(Rules::default()));
}
