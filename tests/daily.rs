//! The daily challenge and "Play a code" from the menu: today's boards from the date's seeds, the
//! first attempt of a day counted once and later ones marked as retries, the share line shown and
//! sent to the clipboard, and a code typed into the menu (q types, a bad code is refused on
//! screen).

mod common;

use common::drive::minesweeper::{move_to, play};
use common::drive::twenty48::corner_move;
use common::screen::{Fixture, draw, key, send, text};
use grid_arcade::app::{Action, App, Launch};
use grid_arcade::daily::{self, Attempt};
use grid_arcade::games::minesweeper::{BoardSize, CellView, Pos, Status};
use grid_arcade::history::{DailyMark, Entry, History};
use grid_arcade::play::minesweeper::Session;
use grid_arcade::play::twenty48::Session as Twenty48Session;
use grid_arcade::records::format_time_ms;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::daily::DailyAction;
use grid_arcade::ui::games::daily_code;
use grid_arcade::ui::menu::{MenuAction, MenuItem};
use grid_arcade::ui::minesweeper::{MinesAction, MinesweeperScreen};
use grid_arcade::ui::twenty48::Twenty48Action;
use grid_arcade::ui::twenty48::Twenty48Screen;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Size;
use tempfile::TempDir;

fn start() -> Fixture {
    Fixture::start_in(
        TempDir::new().unwrap(),
        "",
        common::drive::TRAITS,
        Size::new(100, 35),
        Launch::default(),
        Some("data"),
    )
}

fn history(f: &Fixture) -> Vec<Entry<'static>> {
    History::new(&f.dir.path().join("data"))
        .entries()
        .unwrap()
        .items
}

/// From the menu, the daily screen, then the game at `item` of its list.
fn play_daily(app: &mut App, item: usize) {
    app.update(Action::Menu(MenuAction::OpenItem(
        MenuItem::Daily.position(),
    )));
    assert_eq!(app.screen, ScreenId::Daily);
    app.update(Action::Daily(DailyAction::PlayItem(item)));
}

fn mines(app: &App) -> &Session {
    &app.games.find::<MinesweeperScreen>().unwrap().session
}

fn tiles(app: &App) -> &Twenty48Session {
    &app.games.find::<Twenty48Screen>().unwrap().session
}

fn records(app: &App) -> &grid_arcade::play::minesweeper::record::Records {
    grid_arcade::play::minesweeper::record::records(&app.store)
}

/// Reveals every safe cell of the board, each found by opening it on a copy of the game: a won
/// game.
fn win(app: &mut App) {
    let cells = (0..16).flat_map(|row| (0..30).map(move |col| Pos::new(row, col)));
    for pos in cells {
        let mut probe = mines(app).game.clone();
        if probe.cell(pos) == CellView::Hidden && probe.reveal(pos).status != Status::Lost {
            move_to(app, pos);
            play(app, MinesAction::Reveal);
        }
    }
    assert_eq!(mines(app).game.status(), Status::Won);
}

/// Slides the 2048 `moves` times, then starts a new game over it (`n`, then `y`): its score.
fn slide_and_move_on(app: &mut App, moves: usize) -> u64 {
    for _ in 0..moves {
        let direction = corner_move(&tiles(app).game).unwrap();
        app.update(Twenty48Action::Slide(direction).into());
    }
    let score = tiles(app).game.score();
    send(app, key(KeyCode::Char('n')));
    send(app, key(KeyCode::Char('y')));
    score
}

/// Reveals hidden cells in order until a mine ends the game.
fn lose(app: &mut App) {
    while !mines(app).game.status().is_over() {
        let game = &mines(app).game;
        let hidden = (0..game.rows())
            .flat_map(|row| (0..game.cols()).map(move |col| Pos::new(row, col)))
            .find(|&pos| game.cell(pos) == CellView::Hidden)
            .unwrap();
        move_to(app, hidden);
        play(app, MinesAction::Reveal);
    }
}

#[test]
fn the_daily_minesweeper_counts_its_first_attempt_and_marks_retries() {
    let mut f = start();
    let today = daily::today();
    play_daily(&mut f.app, 0);
    let screen = mines(&f.app);
    assert_eq!(
        screen.daily,
        Some(Attempt {
            date: today,
            retry: false
        })
    );
    assert_eq!(
        Some(screen.code()),
        daily_code(grid_arcade::play::minesweeper::GAME, today)
    );
    assert_eq!(screen.setup.size, BoardSize::CLASSIC);
    assert_ne!(
        screen.game.cell(Pos::new(8, 15)),
        CellView::Hidden,
        "everyone starts from the same opening"
    );
    assert!(text(&draw(&f.app)).contains(&format!("Daily {today} · Classic 16x30")));

    // Back to the Daily screen and to today's Minesweeper again: the same game goes on.
    let hidden = (0..16)
        .flat_map(|row| (0..30).map(move |col| Pos::new(row, col)))
        .find(|&pos| mines(&f.app).game.cell(pos) == CellView::Hidden)
        .unwrap();
    move_to(&mut f.app, hidden);
    play(&mut f.app, MinesAction::Flag);
    // Esc goes back to the Daily screen the game was played from.
    send(&mut f.app, key(KeyCode::Esc));
    assert_eq!(f.app.screen, ScreenId::Daily);
    play_daily(&mut f.app, 0);
    assert_eq!(mines(&f.app).game.cell(hidden), CellView::Flagged);
    assert_eq!(mines(&f.app).daily.map(|a| a.retry), Some(false));

    lose(&mut f.app);
    let day = grid_arcade::play::minesweeper::record::records(&f.app.store).days[&today];
    assert!(!day.won);
    let share = format!("grid-arcade daily {today}  Minesweeper lost  2048 not played");
    assert!(
        f.app.notices.iter().any(|notice| notice.contains(&share)),
        "the end shows the share line: {:?}",
        f.app.notices
    );
    f.app.notices.clear();
    send(&mut f.app, key(KeyCode::Char('y')));
    assert_eq!(f.app.clipboard.as_deref(), Some(share.as_str()));
    assert_eq!(history(&f).last().unwrap().daily, Some(DailyMark::First));

    // The same board again is a retry: it is played and kept in the history, not counted.
    f.app.notices.clear();
    send(&mut f.app, key(KeyCode::Char('r')));
    assert_eq!(mines(&f.app).daily.map(|a| a.retry), Some(true));
    assert!(text(&draw(&f.app)).contains(&format!("Daily {today} retry")));
    lose(&mut f.app);
    assert_eq!(
        grid_arcade::play::minesweeper::record::records(&f.app.store).days[&today],
        day
    );
    assert_eq!(history(&f).last().unwrap().daily, Some(DailyMark::Retry));
    assert_eq!(history(&f).len(), 2);
    assert!(
        records(&f.app).retries.is_empty(),
        "a lost retry is not kept"
    );

    // A won retry is kept apart as the day's best retry; the day stays lost.
    f.app.notices.clear();
    send(&mut f.app, key(KeyCode::Char('r')));
    win(&mut f.app);
    let records = records(&f.app);
    assert_eq!(records.days[&today], day);
    let retry = records.retries[&today];
    assert!(retry.won);
    assert_eq!(history(&f).last().unwrap().daily, Some(DailyMark::Retry));
    assert_eq!(history(&f).len(), 3);
    // `scores --json` gives the day as the file keeps it, its best retry beside it.
    let json: serde_json::Value =
        serde_json::from_str(&grid_arcade::cli::report::json(&f.app.store)).unwrap();
    let day_json = &json["daily"]["minesweeper"][today.to_string()];
    assert_eq!(day_json["won"], false, "{json}");
    assert_eq!(day_json["best_retry"]["won"], true, "{json}");
    assert_eq!(day_json["best_retry"]["time_ms"], retry.time_ms, "{json}");
    assert_eq!(day_json.get("helped"), None, "as the file keeps it: {json}");

    // The daily screen shows the day's result and the streak; a new game is not a daily one.
    // `n` says first that the new game is the settings' own, not the daily board.
    f.app.notices.clear();
    send(&mut f.app, key(KeyCode::Char('n')));
    let asked = text(&draw(&f.app));
    for words in [
        "Leave the daily challenge",
        "The new game: Beginner 9x9, 10 mines",
    ] {
        assert!(asked.contains(words), "{words:?} in\n{asked}");
    }
    send(&mut f.app, key(KeyCode::Char('y')));
    assert_eq!(mines(&f.app).daily, None);
    assert_eq!(mines(&f.app).setup.size, BoardSize::BEGINNER);
    send(&mut f.app, key(KeyCode::Esc));
    // A game that is no daily one goes back to the menu.
    assert_eq!(f.app.screen, ScreenId::Menu);
    f.app.update(Action::Menu(MenuAction::OpenItem(
        MenuItem::Daily.position(),
    )));
    let shown = text(&draw(&f.app));
    let best_retry = format!(
        "lost · best retry: won in {}",
        format_time_ms(retry.time_ms)
    );
    for words in [&best_retry, "streak 1 day", &share, "* won  + played"] {
        assert!(shown.contains(words), "{words:?} in\n{shown}");
    }
}

#[test]
fn a_first_attempt_saved_after_another_copy_recorded_the_day_is_a_retry() {
    let mut first = start();
    let mut second = first.second_copy(Some("data"));
    let today = daily::today();
    play_daily(&mut first.app, 0);
    play_daily(&mut second, 0);
    assert_eq!(mines(&second).daily.map(|a| a.retry), Some(false));
    assert_eq!(mines(&second).code(), mines(&first.app).code());

    // The first copy to finish records the day; the other's game, won, is the day's best retry.
    lose(&mut first.app);
    win(&mut second);
    let (days, retries) = (&records(&second).days, &records(&second).retries);
    assert!(!days[&today].won, "the day holds the result recorded first");
    assert!(retries[&today].won);
    assert_eq!(
        retries[&today].time_ms,
        mines(&second).final_elapsed().as_millis() as u64
    );
    assert_eq!(mines(&second).daily.map(|a| a.retry), Some(true));
    assert!(text(&draw(&second)).contains(&format!("Daily {today} retry")));
    let marks: Vec<_> = history(&first).iter().map(|entry| entry.daily).collect();
    assert_eq!(marks, [Some(DailyMark::First), Some(DailyMark::Retry)]);
}

#[test]
fn a_daily_played_with_help_says_so_on_the_daily_screen_and_in_the_share_line() {
    let mut f = start();
    let today = daily::today();
    play_daily(&mut f.app, 0);
    // A hint, asked once, then the board cleared.
    send(&mut f.app, key(KeyCode::Char('t')));
    send(&mut f.app, key(KeyCode::Char('y')));
    assert!(mines(&f.app).game.used_hint());
    win(&mut f.app);
    let day = records(&f.app).days[&today];
    assert!(day.won && day.helped, "{day:?}");
    let time = format_time_ms(day.time_ms);
    let share = format!("grid-arcade daily {today}  Minesweeper {time} with help  2048 not played");
    assert!(
        f.app.notices.iter().any(|notice| notice.contains(&share)),
        "{share:?} in {:?}",
        f.app.notices
    );
    let file = std::fs::read_to_string(f.dir.path().join("config.toml")).unwrap();
    assert!(file.contains("helped = true"), "{file}");
    // `scores --json` gives the day as the file keeps it.
    let json: serde_json::Value =
        serde_json::from_str(&grid_arcade::cli::report::json(&f.app.store)).unwrap();
    assert_eq!(
        json["daily"]["minesweeper"][today.to_string()]["helped"],
        true
    );
    // A retry with help is played and kept in the history, never as the day's best retry.
    f.app.notices.clear();
    send(&mut f.app, key(KeyCode::Char('r')));
    assert_eq!(mines(&f.app).daily.map(|a| a.retry), Some(true));
    send(&mut f.app, key(KeyCode::Char('t')));
    send(&mut f.app, key(KeyCode::Char('y')));
    win(&mut f.app);
    assert_eq!(history(&f).last().unwrap().daily, Some(DailyMark::Retry));
    assert!(records(&f.app).retries.is_empty());
    // The daily screen says it as the share line does.
    f.app.notices.clear();
    send(&mut f.app, key(KeyCode::Esc));
    assert_eq!(f.app.screen, ScreenId::Daily);
    let shown = text(&draw(&f.app));
    // (the share line may wrap on the screen)
    for words in [
        format!("won in {time} with help"),
        format!("Minesweeper {time} with help"),
    ] {
        assert!(shown.contains(&words), "{words:?} in\n{shown}");
    }
}

#[test]
fn the_daily_2048_counts_when_the_player_moves_on() {
    let mut f = start();
    let today = daily::today();
    play_daily(&mut f.app, 1);
    let screen = tiles(&f.app);
    assert_eq!(
        screen.code(),
        daily_code(grid_arcade::play::twenty48::GAME, today)
    );
    // The screen names the day and the game's code, at 80x24 as at 100x35.
    for size in [Size::new(80, 24), Size::new(100, 35)] {
        f.app.update(Action::Resize(size));
        let shown = text(&draw(&f.app));
        let code = format!("code {}", tiles(&f.app).code().unwrap().encode());
        assert!(shown.contains(&format!("Daily {today}")), "{shown}");
        assert!(shown.contains(&code), "{code} in\n{shown}");
    }
    // A new game over it asks, then counts it as the day's attempt.
    let score = slide_and_move_on(&mut f.app, 5);
    let day = grid_arcade::play::twenty48::record::records(&f.app.store).days[&today];
    assert_eq!(day.score, score);
    // The records' top games keep their seed, for their code.
    let seed = daily_code(grid_arcade::play::twenty48::GAME, today)
        .unwrap()
        .seed();
    assert_eq!(
        grid_arcade::play::twenty48::record::records(&f.app.store).tables["4x4"].top[0].seed,
        Some(seed)
    );
    assert_eq!(history(&f).last().unwrap().daily, Some(DailyMark::First));
    assert_eq!(tiles(&f.app).daily, None);
    // Today again: a retry, kept apart as the day's best retry when the player moves on.
    send(&mut f.app, key(KeyCode::Esc));
    play_daily(&mut f.app, 1);
    assert_eq!(tiles(&f.app).daily.map(|a| a.retry), Some(true));
    let retry_score = slide_and_move_on(&mut f.app, 8);
    let records = grid_arcade::play::twenty48::record::records(&f.app.store);
    assert_eq!(records.days[&today], day);
    let retry = records.retries[&today];
    assert_eq!(retry.score, retry_score);
    let json: serde_json::Value =
        serde_json::from_str(&grid_arcade::cli::report::json(&f.app.store)).unwrap();
    let day_json = &json["daily"]["2048"][today.to_string()];
    assert_eq!(day_json["score"], day.score, "{json}");
    assert_eq!(day_json["best_retry"]["score"], retry_score, "{json}");
    assert_eq!(history(&f).last().unwrap().daily, Some(DailyMark::Retry));
    send(&mut f.app, key(KeyCode::Esc));
    f.app.update(Action::Menu(MenuAction::OpenItem(
        MenuItem::Daily.position(),
    )));
    let shown = text(&draw(&f.app));
    let counted = format!(
        "{} points, {} tile · best retry: {} points, {} tile",
        day.score, day.tile, retry.score, retry.tile
    );
    assert!(shown.contains(&counted), "{counted:?} in\n{shown}");
}

#[test]
fn a_code_typed_in_the_menu_plays_its_game_and_a_bad_one_is_refused_on_screen() {
    let mut f = start();
    f.app.update(Action::Menu(MenuAction::OpenItem(
        MenuItem::PlayCode.position(),
    )));
    assert!(f.app.menu.typing());
    for c in "q?bad".chars() {
        send(&mut f.app, key(KeyCode::Char(c)));
    }
    assert!(!f.app.quit, "q types a letter in the field");
    assert_eq!(
        f.app.screen,
        ScreenId::Menu,
        "? types nothing and opens no help"
    );
    send(&mut f.app, key(KeyCode::Enter));
    let shown = text(&draw(&f.app));
    assert!(shown.contains("QBAD"), "{shown}");
    assert!(shown.contains("Not a game code"), "{shown}");
    // The next key clears the error, which was about the text before it.
    send(&mut f.app, key(KeyCode::Backspace));
    let shown = text(&draw(&f.app));
    assert!(
        shown.contains("QBA") && !shown.contains("Not a game code"),
        "{shown}"
    );
    // A text shorter than any code is too short, whatever its check: one fault, one message,
    // the same as on the command line.
    for _ in 0..3 {
        send(&mut f.app, key(KeyCode::Backspace));
    }
    for c in "qq12".chars() {
        send(&mut f.app, key(KeyCode::Char(c)));
    }
    send(&mut f.app, key(KeyCode::Enter));
    let shown = text(&draw(&f.app));
    assert!(
        shown.contains("Not a game code: the code is too short"),
        "{shown}"
    );
    // Esc closes the field; the menu is back.
    send(&mut f.app, key(KeyCode::Esc));
    assert!(!f.app.menu.typing());

    let code = grid_arcade::play::twenty48::code::code(5, 77);
    f.app.update(Action::Menu(MenuAction::OpenItem(
        MenuItem::PlayCode.position(),
    )));
    for c in code.encode().to_lowercase().chars() {
        send(&mut f.app, key(KeyCode::Char(c)));
    }
    send(&mut f.app, key(KeyCode::Enter));
    assert_eq!(
        f.app.screen,
        ScreenId::Game(grid_arcade::play::twenty48::GAME)
    );
    assert_eq!(tiles(&f.app).code(), Some(code));
}

#[test]
fn the_daily_screen_draws_at_every_size_and_keeps_its_summary_whole() {
    let today = daily::today();
    for size in [
        Size::new(1, 1),
        Size::new(39, 20),
        Size::new(40, 16),
        Size::new(40, 12),
        Size::new(30, 9),
        Size::new(72, 14),
        Size::new(80, 24),
        Size::new(200, 60),
    ] {
        let mut f = Fixture::start("", size, Launch::default());
        f.app.update(Action::Menu(MenuAction::OpenItem(
            MenuItem::Daily.position(),
        )));
        let shown = text(&draw(&f.app));
        // Words as they read, across wrapped rows.
        let words = shown.split_whitespace().collect::<Vec<_>>().join(" ");
        if !grid_arcade::app::fits(&f.app, f.app.screen_area()) {
            assert!(
                size.width < 30 || shown.contains("enlarge the terminal"),
                "{size:?}\n{shown}"
            );
            continue;
        }
        for part in [
            format!("Daily challenge {today}"),
            format!("grid-arcade daily {today} Minesweeper not played 2048 not played"),
            "y copy share line".to_string(),
            "not played yet".to_string(),
        ] {
            assert!(words.contains(&part), "{size:?}: {part:?} in\n{shown}");
        }
        // The calendar shows whole, or not at all.
        assert_eq!(
            shown.contains("* won  + played"),
            shown.contains(" Mo  Tu  We"),
            "{size:?}\n{shown}"
        );
    }
}

#[test]
fn the_calendar_turns_its_months_back_and_forth_up_to_today_s() {
    let mut f = start();
    f.app.update(Action::Menu(MenuAction::OpenItem(
        MenuItem::Daily.position(),
    )));
    let today = daily::today();
    let first = today.first_of_month();
    let before = first.add_days(-1).first_of_month();
    let two_before = before.add_days(-1).first_of_month();
    // The heading of the month shown: the line just above the days of the week.
    let heading = |f: &Fixture| {
        let shown = text(&draw(&f.app));
        let lines: Vec<&str> = shown.lines().collect();
        let at = lines
            .iter()
            .position(|line| line.contains("Mo  Tu"))
            .unwrap();
        lines[at - 1].trim().to_string()
    };
    let year = |date: grid_arcade::timestamp::Date| format!(" {}", date.year);
    let now = heading(&f);
    assert!(now.ends_with(&year(first)), "{now}");
    send(&mut f.app, key(KeyCode::Left));
    let earlier = heading(&f);
    assert!(
        earlier != now && earlier.ends_with(&year(before)),
        "{earlier}"
    );
    send(&mut f.app, key(KeyCode::PageUp));
    let earliest = heading(&f);
    assert!(earliest != earlier && earliest.ends_with(&year(two_before)));
    send(&mut f.app, key(KeyCode::PageDown));
    assert_eq!(heading(&f), earlier);
    // Never past today's month.
    for _ in 0..3 {
        send(&mut f.app, key(KeyCode::Right));
    }
    assert_eq!(heading(&f), now);
    assert_eq!(f.app.screen, ScreenId::Daily);
}

#[test]
fn the_best_retry_shows_whole_beside_the_day_s_result_or_not_at_all() {
    let today = daily::today();
    let config = format!(
        "[records.daily.minesweeper]\n\
         {today} = {{ won = false, time_ms = 5100, best_retry = {{ won = true, time_ms = 41200 }} }}\n"
    );
    for (size, shown_whole) in [(Size::new(100, 35), true), (Size::new(40, 12), false)] {
        let mut f = Fixture::start(&config, size, Launch::default());
        f.app.update(Action::Menu(MenuAction::OpenItem(
            MenuItem::Daily.position(),
        )));
        assert!(grid_arcade::app::fits(&f.app, f.app.screen_area()));
        let shown = text(&draw(&f.app));
        assert!(shown.contains("Minesweeper"), "{size:?}\n{shown}");
        assert!(shown.contains("lost"), "{size:?}\n{shown}");
        assert_eq!(
            shown.contains("lost · best retry: won in 41.20 s"),
            shown_whole,
            "{size:?}\n{shown}"
        );
        assert_eq!(
            shown.contains("best retry"),
            shown_whole,
            "{size:?}\n{shown}"
        );
        assert!(
            shown.contains(&format!("grid-arcade daily {today}  Minesweeper lost"))
                || size.width < 72,
            "the share line counts the first attempt: {size:?}\n{shown}"
        );
    }
}
