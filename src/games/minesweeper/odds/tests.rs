//! The engine against brute force: every layout of the mines enumerated on small boards.

use proptest::prelude::*;

use super::super::grid::Grid;
use super::*;

/// Every chance by enumerating all layouts of the hidden cells; `None` when none fits.
fn brute_force(position: &Position) -> Option<(Vec<Option<f64>>, u64)> {
    let grid = Grid::new(position.rows, position.cols);
    let hidden: Vec<usize> = (0..position.cells.len())
        .filter(|&i| position.cells[i] == Seen::Hidden)
        .collect();
    let known = position
        .cells
        .iter()
        .filter(|&&seen| seen == Seen::Mine)
        .count() as u32;
    let mut mines_at = vec![0u64; position.cells.len()];
    let mut layouts = 0u64;
    for layout in 0u32..(1 << hidden.len()) {
        if layout.count_ones() + known != position.mines {
            continue;
        }
        let is_mine = |index: usize| match position.cells[index] {
            Seen::Mine => true,
            Seen::Hidden => layout & (1 << hidden.iter().position(|&h| h == index).unwrap()) != 0,
            Seen::Revealed(_) => false,
        };
        let fits = (0..position.cells.len()).all(|index| match position.cells[index] {
            Seen::Revealed(value) => {
                grid.neighbour_indices(index)
                    .filter(|&n| is_mine(n))
                    .count()
                    == usize::from(value)
            }
            _ => true,
        });
        if fits {
            layouts += 1;
            for (bit, &index) in hidden.iter().enumerate() {
                mines_at[index] += u64::from(layout >> bit & 1);
            }
        }
    }
    (layouts > 0).then(|| {
        let chances = (0..position.cells.len())
            .map(|index| {
                (position.cells[index] == Seen::Hidden)
                    .then(|| mines_at[index] as f64 / layouts as f64)
            })
            .collect();
        (chances, layouts)
    })
}

/// A position read off a random layout: some cells opened, some mines known, the rest hidden.
fn positions() -> impl Strategy<Value = Position> {
    (1usize..=5, 1usize..=5).prop_flat_map(|(rows, cols)| {
        let cells = rows * cols;
        (
            Just((rows, cols)),
            prop::collection::vec(prop::bool::weighted(0.3), cells),
            prop::collection::vec(0u8..10, cells),
            any::<bool>(),
            0u32..3,
        )
            .prop_map(|((rows, cols), mines, shown, honest, extra)| {
                let grid = Grid::new(rows, cols);
                let count = mines.iter().filter(|&&mine| mine).count() as u32;
                let cells = (0..rows * cols)
                    .map(|index| match (mines[index], shown[index]) {
                        (true, 0) => Seen::Mine,
                        (false, 0..=4) => {
                            let around =
                                grid.neighbour_indices(index).filter(|&n| mines[n]).count() as u8;
                            // Now and then a number that may not fit, for conflicts.
                            Seen::Revealed(if honest {
                                around
                            } else {
                                around + shown[index] % 2
                            })
                        }
                        _ => Seen::Hidden,
                    })
                    .collect();
                let mines = if honest { count } else { count + extra };
                Position {
                    rows,
                    cols,
                    mines,
                    cells,
                }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn chances_match_every_layout_counted(position in positions()) {
        match (odds(&position), brute_force(&position)) {
            (Ok(found), Some((chances, layouts))) => {
                prop_assert!(found.exact);
                prop_assert_eq!(found.layouts, layouts.to_string());
                for (index, (found, expected)) in found.mine.iter().zip(&chances).enumerate() {
                    match (found, expected) {
                        (Some(found), Some(expected)) => {
                            prop_assert!((found - expected).abs() < 1e-9, "cell {}: {} against {}", index, found, expected);
                            prop_assert_eq!(*found == 0.0, *expected == 0.0);
                            prop_assert_eq!(*found == 1.0, *expected == 1.0);
                        }
                        (None, None) => {}
                        _ => prop_assert!(false, "cell {} hidden in one and not the other", index),
                    }
                }
            }
            (Err(_), None) => {}
            (found, expected) => prop_assert!(false, "{:?} against {:?}", found, expected),
        }
    }

    #[test]
    fn the_move_is_safe_when_a_cell_is_certain(position in positions()) {
        if let Ok(found) = odds(&position) {
            let choice = best_move(&position, &found);
            let least = found.mine.iter().flatten().copied().fold(f64::INFINITY, f64::min);
            match choice {
                // Nothing to open: every hidden cell is certainly a mine.
                None => prop_assert!(found.mine.iter().flatten().all(|&chance| chance == 1.0)),
                Some(Choice { row, col, why: Why::Safe }) => {
                    prop_assert_eq!(found.mine[row * position.cols + col], Some(0.0));
                }
                Some(Choice { row, col, why: Why::Guess { mine, opens, exact } }) => {
                    prop_assert!(least > 0.0);
                    prop_assert!(mine < 1.0);
                    prop_assert_eq!(found.mine[row * position.cols + col], Some(mine));
                    prop_assert!((0.0..=1.0 - mine + 1e-12).contains(&opens));
                    prop_assert_eq!(exact, found.exact);
                }
            }
        }
    }
}

#[test]
fn an_expert_board_counts_its_layouts_without_overflow() {
    let mut text = String::new();
    for row in 0..16 {
        let line: String = (0..30)
            .map(|col| {
                if row < 3 && col < 3 {
                    ' '
                } else if row < 4 && col < 4 {
                    '1'
                } else {
                    '.'
                }
            })
            .collect();
        text.push_str(&line);
        text.push('\n');
    }
    let position = Position::parse(&text, None).expect("an expert board");
    let found = odds(&position).expect("fits");
    assert!(found.exact);
    assert!(found.layouts.len() > 90, "{}", found.layouts);
    let sum: f64 = found.mine.iter().flatten().sum();
    assert!(
        (sum - 99.0).abs() < 1e-6,
        "the chances add up to the mines: {sum}"
    );
}

#[test]
fn a_huge_board_gives_chances_in_range() {
    let (rows, cols) = (1000, 1000);
    let mut cells = vec![Seen::Hidden; rows * cols];
    for row in 0..3 {
        for col in 0..3 {
            cells[row * cols + col] = Seen::Revealed(0);
        }
    }
    for i in 0..4 {
        cells[3 * cols + i] = Seen::Revealed(1);
        cells[i * cols + 3] = Seen::Revealed(1);
    }
    let position = Position {
        rows,
        cols,
        mines: 200_000,
        cells,
    };
    let found = odds(&position).expect("fits");
    let sum: f64 = found.mine.iter().flatten().sum();
    assert!((sum - 200_000.0).abs() < 1.0, "{sum}");
    assert!(found.layouts.contains('e'), "{}", found.layouts);
}

#[test]
fn a_number_no_layout_fits_is_named() {
    let position = Position::parse("4..\n...\n", Some(3)).expect("parses");
    assert_eq!(
        odds(&position),
        Err(Conflict::Number {
            row: 0,
            col: 0,
            value: 4
        })
    );
    let position = Position::parse("1.1\n...\n", Some(1)).expect("parses");
    assert!(odds(&position).is_ok());
    let position = Position::parse("1.\n..\n", Some(5)).expect("parses");
    assert_eq!(odds(&position), Err(Conflict::Mines { mines: 5 }));
}

#[test]
fn malformed_text_is_named_by_line_and_column() {
    let at = |text: &str| match Position::parse(text, Some(1)) {
        Err(ParseError::At { line, column, .. }) => (line, column),
        other => panic!("{other:?}"),
    };
    assert_eq!(at("..\n.x\n"), (2, 2));
    assert_eq!(at("...\n..\n"), (2, 3));
    assert_eq!(at("..\n...\n"), (2, 3));
    assert_eq!(at(""), (1, 1));
    assert_eq!(
        Position::parse("..\n..\n", None),
        Err(ParseError::NoMineCount { rows: 2, cols: 2 })
    );
    assert_eq!(
        Position::parse(".........", Some(1)).map(|p| p.cells.len()),
        Ok(9)
    );
}

/// A real expert position (the modern start, seed 281546, played by the autoplay) whose numbers
/// join most of the frontier into one part with more layouts than the count may visit.
const TOO_MANY_TO_COUNT: [&str; 16] = [
    " 11211  1.1    1..2.21212.1...",
    " 1.2.2212.1    122212.2.212...",
    " 1122.2.211 111111112132323...",
    "    11223.223.11.11.1 1.3..442",
    "12222322..3..211112231224.4.1 ",
    "2..2...32...421   1.2.11.23231",
    "..333.......4.1   123211111.2.",
    ".........4...21    1.1    2231",
    "..........3321  11111211113.31",
    "....222..31     1.1 12.23.4...",
    "...3.11221      222 2.32..32..",
    "...422        112.324.423322..",
    "...3.1111  1222.34..5...1..2..",
    "....322.3223..212.....4112....",
    ".............422234...2 12....",
    ".............2.2.11...1 1.....",
];

#[test]
fn a_part_too_large_to_count_is_counted_once_the_mines_logic_proves_are_known() {
    let position = Position::parse(&TOO_MANY_TO_COUNT.join("\n"), None).expect("an expert board");
    let found = odds(&position).expect("a real board fits what is seen");
    assert!(found.exact);
    assert_eq!(found.layouts, "78918658876");
    // Cells only logic settles, which an estimate of the whole part left a little likely to be
    // mines: the move opens the first of them instead of guessing.
    let at = |row: usize, col: usize| found.mine[row * position.cols + col];
    for (row, col) in [(0, 27), (1, 27), (13, 20), (15, 21), (15, 26)] {
        assert_eq!(at(row, col), Some(0.0), "row {row}, column {col}");
    }
    let choice = best_move(&position, &found).expect("a move");
    assert_eq!((choice.row, choice.col, choice.why), (0, 27, Why::Safe));
    // Given as a known mine, a cell logic proves a mine stays known (no chance of its own), and
    // the other chances are the same.
    let mut marked = TOO_MANY_TO_COUNT.map(str::to_string);
    marked[2].replace_range(27..28, "F");
    let with_flag = Position::parse(&marked.join("\n"), Some(99)).expect("an expert board");
    let flagged = odds(&with_flag).expect("a real board fits what is seen");
    let cell = 2 * position.cols + 27;
    assert_eq!((found.mine[cell], flagged.mine[cell]), (Some(1.0), None));
    for (index, (chance, flagged)) in found.mine.iter().zip(&flagged.mine).enumerate() {
        if index != cell {
            assert!(
                chance
                    .zip(*flagged)
                    .is_none_or(|(a, b)| (a - b).abs() < 1e-12),
                "cell {index}: {chance:?} against {flagged:?}"
            );
        }
    }
}

/// Numbers on every other cell of every other row of a random expert board: one part of the
/// frontier across the whole board, with about 1e95 layouts, that logic does not break up.
const LATTICE: [&str; 16] = [
    "....1.....1.1.........1.....2.",
    "..............................",
    "1.2...2.1.3.2...1.1...2...2.1.",
    "..............................",
    "1.2.3...2...3.2.2.2.2.2.2.....",
    "..............................",
    "1.4...1.1...1.....3.2.1.1.....",
    "..............................",
    "..3.....1.......1.1...1.1...1.",
    "..............................",
    "..3.2.2...............2.2.1...",
    "..............................",
    "....1.2.1.......3...1.2.1.1...",
    "..............................",
    "..1.....2...1.1...2...3...2...",
    "..............................",
];

#[test]
fn a_part_too_large_to_count_even_then_is_estimated_within_the_mine_count() {
    let position = Position::parse(&LATTICE.join("\n"), Some(99)).expect("an expert board");
    let found = odds(&position).expect("a real board fits what is seen");
    assert!(!found.exact);
    assert!(found.layouts.contains('e'), "{}", found.layouts);
    let chances: Vec<f64> = found.mine.iter().flatten().copied().collect();
    assert!(chances.iter().all(|chance| (0.0..=1.0).contains(chance)));
    let sum: f64 = chances.iter().sum();
    assert!(
        (sum - 99.0).abs() < 0.5,
        "the chances add up to the mines: {sum}"
    );
    // Too coarse to look ahead on: the move is the safest cell, its chance said to be estimated.
    let choice = best_move(&position, &found).expect("a move");
    let least = chances.iter().copied().fold(1.0, f64::min);
    assert_eq!(
        found.mine[choice.row * position.cols + choice.col],
        Some(least)
    );
    assert!(
        matches!(choice.why, Why::Guess { exact: false, .. }),
        "{choice:?}"
    );
}
