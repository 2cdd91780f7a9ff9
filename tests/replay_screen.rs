//! The replay screen on a `TestBackend`: its controls (play, pause, speed, steps, jumps), each
//! game's board drawn as its own screen draws it, the 2048 turning points, and sizes from tiny to
//! large.

mod common;

use std::fs;
use std::time::{Duration, Instant};

use common::replays::{app, app_with, minesweeper_game, twenty48_game, with_facts};
use common::screen::{draw, key, mouse, open_records, send, text};
use grid_arcade::app::{Action, App};
use grid_arcade::history::{FILE, MOVES_FILE, Outcome};
use grid_arcade::play::twenty48::facts::Facts as Twenty48Facts;
use grid_arcade::play::twenty48::replay::PACE_MS as TWENTY48_PACE_MS;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::records::RecordsAction;
use grid_arcade::ui::replay::Marks;
use ratatui::crossterm::event::{KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::Size;

fn screen_text(app: &App) -> String {
    text(&draw(app))
}

fn at(app: &App) -> usize {
    app.replay.as_ref().unwrap().replay.at()
}

/// Waits for the 2048 analysis, as the event loop's ticks would take it up.
fn wait_for_analysis(app: &mut App) {
    let start = Instant::now();
    while matches!(app.replay.as_ref().unwrap().marks, Marks::Running { .. }) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the analysis ends"
        );
        std::thread::sleep(Duration::from_millis(5));
        app.update(Action::Tick);
    }
}

#[test]
fn a_replay_plays_at_its_speed_steps_jumps_and_goes_back() {
    let mut f = app(Size::new(80, 24));
    f.app.open_replay("t2048aaa");
    assert_eq!(f.app.screen, ScreenId::Replay);
    let len = f.app.replay.as_ref().unwrap().replay.len();
    assert!(len > 20);
    assert_eq!(at(&f.app), 0, "a replay starts at the start, playing");
    assert!(f.app.next_deadline().is_some());
    // Five paces at 1x, then five at 4x: five moves, then twenty more.
    f.app.now += Duration::from_millis(5 * TWENTY48_PACE_MS);
    f.app.update(Action::Tick);
    assert_eq!(at(&f.app), 5);
    send(&mut f.app, key(KeyCode::Char('3')));
    f.app.now += Duration::from_millis(5 * TWENTY48_PACE_MS);
    f.app.update(Action::Tick);
    assert_eq!(at(&f.app), 25);
    send(&mut f.app, key(KeyCode::Char(' ')));
    wait_for_analysis(&mut f.app);
    assert_eq!(
        f.app.next_deadline(),
        None,
        "paused, nothing wakes the loop"
    );
    f.app.now += Duration::from_secs(60);
    f.app.update(Action::Tick);
    assert_eq!(at(&f.app), 25, "paused, nothing moves");
    insta::assert_snapshot!("twenty48_paused_4x", screen_text(&f.app));

    for (code, expected) in [
        (KeyCode::Right, 26),
        (KeyCode::Char('d'), 27),
        (KeyCode::Char('l'), 28),
        (KeyCode::Left, 27),
        (KeyCode::Char('a'), 26),
        (KeyCode::Char('h'), 25),
        (KeyCode::Up, 25),
        (KeyCode::Char('j'), 25),
        (KeyCode::End, len),
        (KeyCode::Right, len),
        (KeyCode::Home, 0),
        (KeyCode::Left, 0),
    ] {
        send(&mut f.app, key(code));
        assert_eq!(at(&f.app), expected, "{code:?}");
    }
    send(&mut f.app, key(KeyCode::End));
    let end = screen_text(&f.app);
    insta::assert_snapshot!("twenty48_end", end);
    // The end shows the recorded end: the final score.
    let (entry, _) = twenty48_game();
    let score = entry.facts::<Twenty48Facts>().unwrap().score;
    assert!(end.contains(&format!("score {score}")), "{end}");
    // Space at the end plays again from the start; + and - change the speed.
    send(&mut f.app, key(KeyCode::Char(' ')));
    assert_eq!(at(&f.app), 0);
    send(&mut f.app, key(KeyCode::Char('+')));
    send(&mut f.app, key(KeyCode::Char('+')));
    send(&mut f.app, key(KeyCode::Char('-')));
    assert!(screen_text(&f.app).contains("playing 4x"));
    // Playing runs to the end, and stops there.
    f.app.now += Duration::from_secs(3600);
    f.app.update(Action::Tick);
    assert_eq!(at(&f.app), len);
    assert_eq!(f.app.next_deadline(), None);
    send(&mut f.app, key(KeyCode::Char('?')));
    assert_eq!(f.app.screen, ScreenId::Help);
    assert!(screen_text(&f.app).contains("turning point"));
    send(&mut f.app, key(KeyCode::Esc));
    assert_eq!(f.app.screen, ScreenId::Replay);
    send(&mut f.app, key(KeyCode::Esc));
    assert_eq!(f.app.screen, ScreenId::Menu);
    assert!(f.app.replay.is_none());
}

#[test]
fn the_turning_points_of_a_2048_game_are_marked_and_visited() {
    let mut f = app(Size::new(80, 24));
    f.app.open_replay("t2048aaa");
    let running = screen_text(&f.app);
    assert!(running.contains("looking for turning points"), "{running}");
    wait_for_analysis(&mut f.app);
    let points: Vec<usize> = f
        .app
        .replay
        .as_ref()
        .unwrap()
        .found_marks()
        .iter()
        .map(|p| p.step)
        .collect();
    assert!(
        !points.is_empty(),
        "a corner player strays from the computer"
    );
    send(&mut f.app, key(KeyCode::Char('m')));
    assert_eq!(at(&f.app), points[0]);
    let shown = screen_text(&f.app);
    assert!(
        shown.contains(&format!("move {}: you went", points[0] + 1)),
        "{shown}"
    );
    insta::assert_snapshot!("twenty48_turning_point", shown);
    for &point in &points[1..] {
        send(&mut f.app, key(KeyCode::Char('m')));
        assert_eq!(at(&f.app), point);
    }
    send(&mut f.app, key(KeyCode::Char('m')));
    assert_eq!(at(&f.app), *points.last().unwrap(), "none after the last");
}

#[test]
fn a_minesweeper_replay_shows_the_cursor_clicks_flags_and_the_clock() {
    let mut f = app(Size::new(80, 24));
    f.app.open_replay("minesaaa");
    // A game recorded before guesses were is looked through for them.
    wait_for_analysis(&mut f.app);
    send(&mut f.app, key(KeyCode::Home));
    assert_eq!(at(&f.app), 0);
    insta::assert_snapshot!("minesweeper_start", screen_text(&f.app));
    send(&mut f.app, key(KeyCode::Char(' ')));
    // The first click is at 0 ms, the flag at 1.2 s.
    f.app.now += Duration::from_millis(1_250);
    f.app.update(Action::Tick);
    assert_eq!(at(&f.app), 2);
    send(&mut f.app, key(KeyCode::Char(' ')));
    let flagged = screen_text(&f.app);
    assert!(flagged.contains("1.20 s"), "{flagged}");
    insta::assert_snapshot!("minesweeper_flag", flagged);
    send(&mut f.app, key(KeyCode::End));
    let lost = screen_text(&f.app);
    assert!(
        lost.contains("2.75 s") && lost.contains("move 3 of 3"),
        "{lost}"
    );
    // The real size in the title, and every row of the board at 80x24.
    assert!(lost.contains("Beginner 9x9, 10 mines"), "{lost}");
    let board_rows = lost.lines().filter(|l| l.trim_start().starts_with('│'));
    assert_eq!(board_rows.count(), 9, "{lost}");
    // The fatal click is marked with what the loss was, in the game's words.
    assert!(
        lost.contains("guess move 3: Mistake: this cell was certainly a mine"),
        "{lost}"
    );
    insta::assert_snapshot!("minesweeper_end", lost);
}

#[test]
fn a_tictactoe_replay_shows_each_move() {
    let mut f = app(Size::new(80, 24));
    f.app.open_replay("tttaaaaa");
    send(&mut f.app, key(KeyCode::Char(' ')));
    send(&mut f.app, key(KeyCode::Right));
    send(&mut f.app, key(KeyCode::Right));
    let second = screen_text(&f.app);
    assert!(second.contains("move 2: O at row 2, column 2"), "{second}");
    insta::assert_snapshot!("tictactoe_move_2", second);
    send(&mut f.app, key(KeyCode::End));
    assert!(screen_text(&f.app).contains("X wins"));
}

#[test]
fn every_replay_fits_small_and_large_terminals() {
    for (id, name) in [
        ("minesaaa", "minesweeper"),
        ("tttaaaaa", "tictactoe"),
        ("t2048aaa", "twenty48"),
    ] {
        for size in [Size::new(40, 16), Size::new(200, 60)] {
            let mut f = app(size);
            f.app.open_replay(id);
            send(&mut f.app, key(KeyCode::End));
            wait_for_analysis(&mut f.app);
            let shown = screen_text(&f.app);
            assert!(shown.contains("Esc back"), "{name} at {size:?}:\n{shown}");
            // A board cut by a small terminal says which part of it shows.
            if name == "minesweeper" && size.width == 40 {
                assert!(shown.contains("/9 x 1-9/9"), "{shown}");
            }
            if size.width == 40 {
                insta::assert_snapshot!(format!("{name}_40x16"), shown);
            }
        }
        let mut tiny = app(Size::new(1, 1));
        tiny.app.open_replay(id);
        assert!(!screen_text(&tiny.app).is_empty());
    }
}

#[test]
fn a_game_that_cannot_be_replayed_is_told_and_not_shown() {
    let mut f = app(Size::new(80, 24));
    f.app.open_replay("nobody00");
    assert_eq!(f.app.screen, ScreenId::Menu);
    assert_eq!(
        f.app.notices.front().map(String::as_str),
        Some("no game of the history has the id \"nobody00\"")
    );
}

#[test]
fn the_records_screen_lists_a_tables_latest_games_and_opens_their_replays() {
    let config =
        "[records.2048.\"3x3\"]\nplayed = 1\n\n[records.minesweeper.beginner]\nplayed = 1\n";
    let mut f = app_with(Size::new(80, 24), config);
    open_records(&mut f.app);
    let tables = grid_arcade::ui::games::tables(&f.app.store);
    let twenty48 = tables
        .iter()
        .position(|t| t.title.contains("2048"))
        .unwrap();
    f.app
        .update(Action::Records(RecordsAction::Select(twenty48)));
    assert!(screen_text(&f.app).contains("Enter games"));
    send(&mut f.app, key(KeyCode::Enter));
    let list = screen_text(&f.app);
    assert!(
        list.contains("t2048aaa") && list.contains("Enter watch"),
        "{list}"
    );
    insta::assert_snapshot!("records_latest_games", list);
    send(&mut f.app, key(KeyCode::Down));
    send(&mut f.app, key(KeyCode::Enter));
    assert_eq!(f.app.screen, ScreenId::Replay);
    assert_eq!(f.app.replay.as_ref().unwrap().replay.entry.id, "t2048aaa");
    send(&mut f.app, key(KeyCode::Esc));
    assert_eq!(f.app.screen, ScreenId::Records);
    assert!(
        !f.app.records.reading(),
        "the history is kept while a replay shows"
    );
    assert!(
        screen_text(&f.app).contains("t2048aaa"),
        "the list stays open"
    );
    send(&mut f.app, key(KeyCode::Esc));
    assert_eq!(f.app.records.games, None);
    let minesweeper = tables
        .iter()
        .position(|t| t.title.contains("Beginner"))
        .unwrap();
    f.app
        .update(Action::Records(RecordsAction::Select(minesweeper)));
    send(&mut f.app, key(KeyCode::Enter));
    send(&mut f.app, key(KeyCode::Enter));
    assert_eq!(f.app.replay.as_ref().unwrap().replay.entry.id, "minesaaa");
    // With the mouse: a click on the game chosen watches it (another is chosen first).
    send(&mut f.app, key(KeyCode::Esc));
    assert_eq!(f.app.screen, ScreenId::Records);
    let at = screen_text(&f.app)
        .lines()
        .position(|line| line.contains("minesaaa"))
        .unwrap() as u16;
    send(
        &mut f.app,
        mouse(MouseEventKind::Down(MouseButton::Left), 10, at),
    );
    assert_eq!(f.app.screen, ScreenId::Replay);
    assert_eq!(f.app.replay.as_ref().unwrap().replay.entry.id, "minesaaa");
}

#[test]
fn odd_lines_and_moves_are_refused_or_shown_never_a_panic() {
    let (mines, mine_moves) = minesweeper_game();
    let (twenty48, twenty48_moves) = twenty48_game();
    let mut odd = Vec::new();
    let mut far_clock = mines.clone();
    far_clock.duration_ms = u64::MAX;
    odd.push((far_clock, mine_moves.clone()));
    let no_level = with_facts(&mines, |m| m["level"] = "".into());
    odd.push((no_level, mine_moves.clone()));
    let mut huge = with_facts(&mines, |m| {
        for (key, value) in [("rows", 1000), ("cols", 1000), ("mines", 5), ("bbbv", 0)] {
            m[key] = value.into();
        }
        m["clicks"] = 0.into();
        m["first"] = serde_json::Value::Null;
    });
    huge.result = Outcome::Abandoned;
    odd.push((
        huge,
        "0:r5000,5000 18446744073709551615:f999,999".to_string(),
    ));
    odd.push((mines, "0:r4,4 x".to_string()));
    let bad_size = with_facts(&twenty48, |t| t["size"] = 99.into());
    odd.push((bad_size, twenty48_moves.clone()));
    odd.push((twenty48, twenty48_moves + "q"));
    for (entry, moves) in odd {
        for size in [Size::new(80, 24), Size::new(1, 1), Size::new(200, 60)] {
            let mut f = app(size);
            let data = f.dir.path().join("data");
            fs::write(
                data.join(FILE),
                serde_json::to_string(&entry).unwrap() + "\n",
            )
            .unwrap();
            fs::write(
                data.join(MOVES_FILE),
                format!("{{\"id\":\"{}\",\"moves\":\"{moves}\"}}\n", entry.id),
            )
            .unwrap();
            f.app.open_replay(&entry.id);
            assert!(
                f.app.screen == ScreenId::Replay || !f.app.notices.is_empty(),
                "{} is shown or refused",
                entry.id
            );
            for code in [
                KeyCode::End,
                KeyCode::Left,
                KeyCode::Home,
                KeyCode::Char(' '),
            ] {
                send(&mut f.app, key(code));
                f.app.now += Duration::from_secs(1);
                f.app.update(Action::Tick);
                draw(&f.app);
            }
        }
    }
}

#[test]
fn no_text_of_a_replay_is_cut_at_any_size_or_theme() {
    let sizes = [
        Size::new(40, 12),
        Size::new(80, 24),
        Size::new(100, 35),
        Size::new(200, 60),
    ];
    let cases = [
        ("minesaaa", "at 2.75 s: opened row 2, column 4"),
        ("tttaaaaa", "move 5: X at row 1, column 3"),
        ("t2048aaa", "move 41: left"),
    ];
    for theme in ["color", "mono", "ascii"] {
        for size in sizes {
            for (id, last_move) in cases {
                let mut f = app_with(size, &format!("[general]\ntheme = \"{theme}\"\n"));
                f.app.open_replay(id);
                send(&mut f.app, key(KeyCode::End));
                wait_for_analysis(&mut f.app);
                if !grid_arcade::app::fits(&f.app, f.app.screen_area()) {
                    assert!(size.height < 24, "{id} fits {size:?}");
                    continue;
                }
                let step = if theme == "ascii" {
                    "<> step"
                } else {
                    "←→ step"
                };
                let words = screen_text(&f.app)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                for part in [
                    "Replay:",
                    last_move,
                    "Space play",
                    step,
                    "Home/End start/end",
                    "1-4 speed",
                    "Esc back",
                    "? help",
                ] {
                    assert!(
                        words.contains(part),
                        "{id} at {size:?} in {theme}: {part:?} is cut:\n{}",
                        screen_text(&f.app)
                    );
                }
            }
        }
    }
}
