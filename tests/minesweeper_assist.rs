//! What the computer tells a Minesweeper player on `TestBackend`: why there is no hint before the
//! first reveal, the best guess where logic runs out, the chance of a mine under every covered
//! cell, autoplay, and the verdict on a loss, as the screen, the history and the replay say it.

mod common;

use std::time::{Duration, Instant};

use common::drive::minesweeper::{move_to, play};
use common::screen::{Fixture, draw, key, send, squashed, text, theme};
use grid_arcade::app::{Action, App, Launch};
use grid_arcade::games::minesweeper::odds::{self, Odds, Position, Why};
use grid_arcade::games::minesweeper::{
    BoardSize, CellView, Difficulty, FirstClick, GameOptions, Guess, Hint, MineField, Pos, Status,
    place_mines,
};
use grid_arcade::history::{Entry, History};
use grid_arcade::play::minesweeper::Setup;
use grid_arcade::play::minesweeper::chance::percent;
use grid_arcade::play::minesweeper::facts::{Facts, Loss};
use grid_arcade::ui::minesweeper::layout::BoardLayout;
use grid_arcade::ui::minesweeper::{MinesAction, MinesweeperScreen};
use grid_arcade::ui::replay::Marks;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::layout::Rect;
use ratatui::style::Modifier;

const CENTRE: Pos = Pos::new(4, 4);

fn setup(first_click: FirstClick) -> Setup {
    Setup {
        difficulty: Difficulty::Beginner,
        size: BoardSize::BEGINNER,
        options: GameOptions {
            first_click,
            question_marks: false,
        },
    }
}

/// An app on a Beginner game of `rule` and `seed`, at 100x35, with a data folder.
fn fixture(rule: FirstClick, seed: u64) -> Fixture {
    fixture_of(setup(rule), seed)
}

/// An app on a game of `setup` and `seed`, at 100x35, with a data folder.
fn fixture_of(setup: Setup, seed: u64) -> Fixture {
    let launch = Launch {
        seed: Some(seed),
        open: Some(grid_arcade::play::minesweeper::GAME),
        pins: setup.pins(),
        ..Launch::default()
    };
    Fixture::with_data(&theme("color"), launch)
}

fn screen(app: &App) -> &MinesweeperScreen {
    app.games.find::<MinesweeperScreen>().unwrap()
}

/// Ticks the app a second apart, as the worker's wake-ups and autoplay's pace would, until
/// `done` holds.
fn tick_until(f: &mut Fixture, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(&f.app) {
        assert!(start.elapsed() < Duration::from_secs(60), "never done");
        std::thread::sleep(Duration::from_millis(1));
        f.app.now += Duration::from_secs(1);
        f.app.update(Action::Tick);
    }
}

/// The chances of the board as the player of `app` sees it, worked out here.
fn odds_of(app: &App) -> (Position, Odds) {
    let position = Position::of_board(&screen(app).session.game);
    let odds = odds::odds(&position).unwrap();
    (position, odds)
}

/// A Beginner game of `seed` played by hints (the one question answered yes) from its opening,
/// flagging the mines they prove, until no cell is provably safe; `None` where the hints clear
/// the board.
fn stuck(seed: u64) -> Option<Fixture> {
    let mut f = fixture(FirstClick::Opening, seed);
    play(&mut f.app, MinesAction::Reveal);
    loop {
        play(&mut f.app, MinesAction::Hint);
        if screen(&f.app).question.is_some() {
            play(&mut f.app, MinesAction::Answer(true));
        }
        let session = &screen(&f.app).session;
        if session.game.status() != Status::Playing {
            return None;
        }
        match session.hint {
            Some(Hint::Safe(_)) => play(&mut f.app, MinesAction::Reveal),
            Some(Hint::Mine(_)) => play(&mut f.app, MinesAction::Flag),
            _ => return Some(f),
        }
    }
}

/// The first seed from `from` whose game gets stuck.
fn first_stuck(from: u64) -> (u64, Fixture) {
    (from..from + 200)
        .find_map(|seed| stuck(seed).map(|f| (seed, f)))
        .expect("some Beginner game needs a guess")
}

#[test]
fn a_hint_before_the_first_reveal_says_why_any_cell_will_do_and_asks_nothing() {
    for (rule, words) in [
        (
            FirstClick::Opening,
            "any first cell is safe: the first click opens an area",
        ),
        (
            FirstClick::Safe,
            "any first cell is safe: the first click never hits a mine",
        ),
    ] {
        let mut f = fixture(rule, 7);
        play(&mut f.app, MinesAction::Hint);
        assert_eq!(screen(&f.app).question, None);
        let shot = text(&draw(&f.app));
        assert!(shot.contains(words), "{rule:?}:\n{shot}");
        assert!(!screen(&f.app).session.game.used_hint());
        // The first reveal takes the word away.
        play(&mut f.app, MinesAction::Reveal);
        assert!(!text(&draw(&f.app)).contains(words));
    }
}

#[test]
fn a_hint_where_no_cell_is_provably_safe_names_the_best_guess_with_its_chance() {
    let (_, mut f) = first_stuck(1);
    let (position, odds) = odds_of(&f.app);
    let best = odds::best_move(&position, &odds).unwrap();
    let Why::Guess { mine, .. } = best.why else {
        panic!("no cell is safe: {best:?}")
    };
    tick_until(&mut f, |app| screen(app).session.best_guess.is_some());
    let pos = Pos::new(best.row, best.col);
    let shot = text(&draw(&f.app));
    let words = format!(
        "no safe cell: best guess row {}, column {}, {} mine",
        pos.row + 1,
        pos.col + 1,
        percent(mine)
    );
    assert!(shot.contains(&words), "{words}:\n{shot}");
    assert_eq!(screen(&f.app).cursor, pos, "the cursor goes to the guess");
}

#[test]
fn where_a_part_is_too_large_to_count_the_hint_and_the_odds_say_the_chance_is_estimated() {
    // A Classic board (16x30, 99 mines, a safe first click) opened on every other cell of every
    // other row that shows a number: one part of the frontier across the whole board, with far
    // too many layouts to count.
    let classic = Setup {
        difficulty: Difficulty::Classic,
        size: BoardSize::CLASSIC,
        options: GameOptions {
            first_click: FirstClick::Safe,
            question_marks: false,
        },
    };
    let numbered = |field: &MineField, pos: Pos| {
        !field.is_mine(pos) && field.grid().neighbours(pos).any(|next| field.is_mine(next))
    };
    let first = Pos::new(0, 0);
    let (seed, field) = (1..)
        .map(|seed| {
            (
                seed,
                place_mines(classic.size, seed, first, FirstClick::Safe).unwrap(),
            )
        })
        .find(|(_, field)| numbered(field, first))
        .expect("some board has a number in its corner");
    let mut f = fixture_of(classic, seed);
    let lattice = (field.grid().positions()).filter(|pos| pos.row % 2 == 0 && pos.col % 2 == 0);
    for pos in lattice.filter(|&pos| numbered(&field, pos)) {
        move_to(&mut f.app, pos);
        play(&mut f.app, MinesAction::Reveal);
    }
    // The hint settles what logic proves first (the cells opened, the mines flagged).
    play(&mut f.app, MinesAction::Hint);
    play(&mut f.app, MinesAction::Answer(true));
    loop {
        match screen(&f.app).session.hint {
            Some(Hint::Mine(_)) => play(&mut f.app, MinesAction::Flag),
            Some(Hint::Safe(_)) => play(&mut f.app, MinesAction::Reveal),
            Some(Hint::NoSafeMove) => break,
            None => panic!("a hint while playing"),
        }
        assert_eq!(screen(&f.app).session.game.status(), Status::Playing);
        play(&mut f.app, MinesAction::Hint);
    }
    let (position, odds) = odds_of(&f.app);
    assert!(!odds.exact, "too many layouts to count: {}", odds.layouts);
    let guess = odds::best_move(&position, &odds).unwrap();
    let Why::Guess { mine, exact, .. } = guess.why else {
        panic!("no cell is safe there: {guess:?}")
    };
    assert!(!exact);
    tick_until(&mut f, |app| screen(app).session.best_guess.is_some());
    let at = format!("row {}, column {}", guess.row + 1, guess.col + 1);
    let shot = text(&draw(&f.app));
    let words = format!(
        "no safe cell: best guess {at}, {} mine (estimated)",
        percent(mine)
    );
    assert!(shot.contains(&words), "{words}:\n{shot}");
    // At the smallest size, the short form marks it with `~`, whole on one row.
    let short_at = format!("row {} col {}", guess.row + 1, guess.col + 1);
    let at_smallest = |f: &mut Fixture| {
        send(&mut f.app, Event::Resize(30, 8));
        let shot = text(&draw(&f.app));
        send(&mut f.app, Event::Resize(80, 24));
        shot
    };
    let shot = at_smallest(&mut f);
    let words = format!("guess {short_at}: ~{} mine", percent(mine));
    assert!(shot.contains(&words), "{words}:\n{shot}");
    // The chance under the cursor, which the hint took to the guess, once the odds show (a flag
    // put on and taken off is a move, after which the hint gives way).
    play(&mut f.app, MinesAction::Flag);
    play(&mut f.app, MinesAction::Flag);
    play(&mut f.app, MinesAction::Odds);
    tick_until(&mut f, |app| screen(app).session.shown_odds().is_some());
    let shot = text(&draw(&f.app));
    let words = format!("{at}: {} mine (estimated)", percent(mine));
    assert!(shot.contains(&words), "{words}:\n{shot}");
    let shot = at_smallest(&mut f);
    let words = format!("{short_at}: ~{} mine", percent(mine));
    assert!(shot.contains(&words), "{words}:\n{shot}");
}

#[test]
fn the_odds_show_on_every_covered_cell_after_the_one_question_and_hide_again() {
    let mut f = fixture(FirstClick::Opening, 3);
    play(&mut f.app, MinesAction::Reveal);
    play(&mut f.app, MinesAction::Odds);
    let asked = text(&draw(&f.app));
    assert!(
        asked.contains("Use a hint? This game will be recorded with hints."),
        "{asked}"
    );
    play(&mut f.app, MinesAction::Answer(true));
    tick_until(&mut f, |app| screen(app).session.shown_odds().is_some());
    assert!(screen(&f.app).session.game.used_hint());
    let (_, odds) = odds_of(&f.app);
    let covered = screen(&f.app)
        .session
        .game
        .grid()
        .positions()
        .find(|&pos| screen(&f.app).session.game.cell(pos) == CellView::Hidden)
        .unwrap();
    move_to(&mut f.app, covered);
    let buffer = draw(&f.app);
    let shot = text(&buffer);
    let chance = |pos: Pos| odds.mine[pos.row * 9 + pos.col].unwrap();
    let words = format!(
        "row {}, column {}: {} mine",
        covered.row + 1,
        covered.col + 1,
        percent(chance(covered))
    );
    assert!(shot.contains(&words), "{words}:\n{shot}");
    assert!(shot.contains("v odds"), "the footer lists the key:\n{shot}");
    // Every covered cell in view shows its chance in tenths, reversed (the cursor's turned over).
    let layout = screen(&f.app).layout(f.app.screen_area());
    let game = &screen(&f.app).session.game;
    for pos in game.grid().positions() {
        let Some(rect) = layout.cell_rect(pos) else {
            continue;
        };
        let cell = &buffer[BoardLayout::glyph_at(rect)];
        if game.cell(pos) != CellView::Hidden {
            continue;
        }
        let chance = chance(pos);
        let tenths = ((chance * 10.0).round() as usize).clamp(1, 9);
        let expected = match chance {
            0.0 => "0".to_string(),
            1.0 => "✱".to_string(),
            _ => tenths.to_string(),
        };
        assert_eq!(cell.symbol(), expected, "{pos:?} {chance}");
        let reversed = cell.modifier.contains(Modifier::REVERSED);
        assert_eq!(reversed, pos != covered, "{pos:?}");
    }
    // Asked once: hiding and showing again asks nothing.
    play(&mut f.app, MinesAction::Odds);
    assert!(screen(&f.app).session.shown_odds().is_none());
    play(&mut f.app, MinesAction::Odds);
    assert_eq!(screen(&f.app).question, None);
    assert!(screen(&f.app).session.odds_shown);
}

/// The history's entries of the app's data folder.
fn history(f: &Fixture) -> Vec<Entry<'static>> {
    History::new(&f.dir.path().join("data"))
        .entries()
        .unwrap()
        .items
}

#[test]
fn autoplay_asks_once_plays_to_the_end_without_trusting_flags_and_any_key_stops_it() {
    // A wrong flag on a safe cell: the computer takes it off to open the cell beneath.
    let won = (1..40).find_map(|seed| {
        let mut f = fixture(FirstClick::Opening, seed);
        play(&mut f.app, MinesAction::Reveal);
        let mines = place_mines(BoardSize::BEGINNER, seed, CENTRE, FirstClick::Opening).unwrap();
        let game = &screen(&f.app).session.game;
        let wrong = game
            .grid()
            .positions()
            .find(|&pos| game.cell(pos) == CellView::Hidden && !mines.is_mine(pos))?;
        move_to(&mut f.app, wrong);
        play(&mut f.app, MinesAction::Flag);
        play(&mut f.app, MinesAction::Autoplay);
        let asked = text(&draw(&f.app));
        assert!(
            asked.contains("Let the computer play? This game will be recorded with hints."),
            "{asked}"
        );
        play(&mut f.app, MinesAction::Answer(true));
        tick_until(&mut f, |app| screen(app).session.game.status().is_over());
        assert!(!screen(&f.app).session.autoplaying());
        let game = &screen(&f.app).session.game;
        let won = game.status() == Status::Won;
        assert!(!won || matches!(game.cell(wrong), CellView::Revealed(_)));
        won.then_some(f)
    });
    let f = won.expect("autoplay wins some Beginner game");
    let entries = history(&f);
    let entry = entries.last().unwrap();
    assert!(entry.autoplay && entry.hints);
    let records = grid_arcade::play::minesweeper::record::records(&f.app.store);
    assert_eq!(records.tables["beginner-hinted"].won, 1);
    assert!(!records.tables.contains_key("beginner"));

    // Any key stops it, and does nothing else.
    let mut f = fixture(FirstClick::Opening, 5);
    play(&mut f.app, MinesAction::Reveal);
    play(&mut f.app, MinesAction::Autoplay);
    play(&mut f.app, MinesAction::Answer(true));
    assert!(screen(&f.app).session.autoplaying());
    assert!(text(&draw(&f.app)).contains("the computer plays: any key stops it"));
    // A player who looks away pauses it with the clock; it goes on when they look back.
    f.app.update(Action::FocusLost);
    let left = screen(&f.app).session.game.safe_cells_left();
    for _ in 0..20 {
        std::thread::sleep(Duration::from_millis(5));
        f.app.now += Duration::from_secs(1);
        f.app.update(Action::Tick);
    }
    assert_eq!(screen(&f.app).session.game.safe_cells_left(), left);
    f.app.update(Action::FocusGained);
    tick_until(&mut f, |app| {
        screen(app).session.game.safe_cells_left() < left
            || screen(app).session.game.status().is_over()
    });
    assert!(screen(&f.app).session.autoplaying(), "still playing");
    let cursor = screen(&f.app).cursor;
    send(&mut f.app, key(KeyCode::Down));
    assert!(!screen(&f.app).session.autoplaying());
    assert_eq!(screen(&f.app).cursor, cursor);
}

#[test]
fn autoplay_on_a_fresh_board_makes_the_first_click_where_the_computer_starts() {
    for (rule, start) in [
        (FirstClick::Opening, Pos::new(3, 3)),
        (FirstClick::NoGuess, Pos::new(3, 3)),
        (FirstClick::Safe, Pos::new(0, 0)),
    ] {
        let mut f = fixture(rule, 7);
        let fresh = text(&draw(&f.app));
        assert!(fresh.contains("A autoplay"), "{fresh}");
        send(&mut f.app, key(KeyCode::Char('A')));
        let asked = text(&draw(&f.app));
        assert!(
            asked.contains("Let the computer play?"),
            "{rule:?}: {asked}"
        );
        play(&mut f.app, MinesAction::Answer(true));
        tick_until(&mut f, |app| {
            screen(app).session.game.status() != Status::NotStarted
        });
        let game = &screen(&f.app).session.game;
        assert_eq!(game.first_reveal(), Some(start), "{rule:?}");
        assert!(game.used_hint(), "{rule:?}");
    }
}

#[test]
fn a_guess_that_loses_says_what_it_was_on_screen_in_the_history_and_in_the_replay() {
    let mut judged = Vec::new();
    let mut seed = 1;
    // A loss on each kind of guess: one about as safe as any, one far riskier.
    while judged.len() < 2 {
        let (found, mut f) = first_stuck(seed);
        seed = found + 1;
        let (_, odds) = odds_of(&f.app);
        let mines = place_mines(BoardSize::BEGINNER, found, CENTRE, FirstClick::Opening).unwrap();
        let safest = odds.mine.iter().flatten().copied().fold(1.0, f64::min);
        let risky = judged.len() == 1;
        let cell = (f
            .app
            .games
            .find::<MinesweeperScreen>()
            .unwrap()
            .session
            .game
            .grid())
        .positions()
        .filter(|&pos| mines.is_mine(pos))
        .filter_map(|pos| Some((pos, odds.mine[pos.row * 9 + pos.col]?)))
        .find(|&(_, chance)| chance < 1.0 && (chance - safest > 0.1) == risky);
        let Some((pos, chance)) = cell else {
            continue;
        };
        move_to(&mut f.app, pos);
        play(&mut f.app, MinesAction::Reveal);
        assert_eq!(screen(&f.app).session.game.status(), Status::Lost);
        let (mine, safest) = (Guess::thousandths(chance), Guess::thousandths(safest));
        let at = |n: u16| percent(f64::from(n) / 1000.0);
        // Where the longer form does not fit under the board, the shorter one.
        let (words, short, loss) = if risky {
            let words = format!(
                "Risky guess: {} while a {} cell was open",
                at(mine),
                at(safest)
            );
            (words.clone(), words, Loss::RiskyGuess)
        } else {
            (
                format!(
                    "Forced guess: no safe cell; this one had a {} chance of a mine, the safest {}",
                    at(mine),
                    at(safest)
                ),
                format!("Forced guess: {} mine, the safest {}", at(mine), at(safest)),
                Loss::ForcedGuess,
            )
        };
        let said = |f: &Fixture| {
            let shot = text(&draw(&f.app));
            assert!(
                shot.contains(&words) || shot.contains(&short),
                "{words}:\n{shot}"
            );
        };
        said(&f);
        // The post-mortem says it too, with no safe cell to mark.
        play(&mut f.app, MinesAction::Hint);
        said(&f);
        let seen = screen(&f.app).session.post_mortem.clone().unwrap();
        assert!(seen.safe.is_empty());
        // The history: the kind of loss, the forced guesses and their chance, the fatal move's.
        let entry = history(&f).pop().unwrap();
        let facts: Facts = entry.facts().unwrap();
        assert_eq!(facts.loss, Some(loss));
        assert!(facts.risk.unwrap() + 1 >= mine);
        let moves = History::new(&f.dir.path().join("data"))
            .moves(&entry.id)
            .unwrap()
            .unwrap();
        assert!(moves.ends_with(&format!("r{},{}~{mine},{safest}", pos.row, pos.col)));
        // The replay marks the fatal guess with the same words.
        f.app.open_replay(&entry.id);
        let start = Instant::now();
        while matches!(f.app.replay.as_ref().unwrap().marks, Marks::Running { .. }) {
            assert!(start.elapsed() < Duration::from_secs(60));
            std::thread::sleep(Duration::from_millis(1));
            f.app.update(Action::Tick);
        }
        send(&mut f.app, key(KeyCode::End));
        let replayed = text(&draw(&f.app));
        assert!(
            squashed(&replayed).contains(&squashed(&words)),
            "{words}:\n{replayed}"
        );
        judged.push(found);
    }
}

#[test]
fn at_the_smallest_sizes_the_hint_takes_a_short_form_and_leaves_cells_in_view() {
    let (_, mut f) = first_stuck(1);
    tick_until(&mut f, |app| screen(app).session.best_guess.is_some());
    let guess = screen(&f.app).session.best_guess.unwrap();
    let Why::Guess { mine, .. } = guess.why else {
        panic!("a Beginner game stuck has no safe cell");
    };
    let chance = percent(mine);
    let (row, col) = (guess.row + 1, guess.col + 1);
    let short = format!("guess row {row} col {col}: {chance} mine");
    // The longest form with a row of cells still in view: at 30x8 the clock, the border and
    // the footer leave one row for it; at 30x9 the sentence wraps over two.
    let long = format!("no safe cell: best guess row {row}, column {col}, {chance} mine");
    let sizes = [((30, 8), short), ((30, 9), long.clone()), ((80, 24), long)];
    for ((width, height), words) in &sizes {
        send(&mut f.app, Event::Resize(*width, *height));
        let shot = text(&draw(&f.app));
        let layout = screen(&f.app).layout(Rect::new(0, 0, *width, *height));
        assert!(layout.shown_rows >= 1, "{shot}");
        assert!(
            squashed(&shot).contains(&squashed(words)),
            "{words}:\n{shot}"
        );
    }
    // The odds under the cursor, which the hint took to the guess (a flag put on and taken off
    // is a move, after which the hint gives way).
    play(&mut f.app, MinesAction::Flag);
    play(&mut f.app, MinesAction::Flag);
    play(&mut f.app, MinesAction::Odds);
    tick_until(&mut f, |app| screen(app).session.shown_odds().is_some());
    for ((width, height), _) in sizes {
        send(&mut f.app, Event::Resize(width, height));
        let shot = text(&draw(&f.app));
        let layout = screen(&f.app).layout(Rect::new(0, 0, width, height));
        assert!(layout.shown_rows >= 1, "{shot}");
        // Short enough to be whole in the border even at 30 columns.
        let words = format!("row {row}, column {col}: {chance} mine");
        assert!(shot.contains(words.as_str()), "{words}:\n{shot}");
    }
}
