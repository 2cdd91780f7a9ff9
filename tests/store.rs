//! The settings and records file on disk: round trips, preserved comments, damaged files and
//! values, unwritable folders, and two copies saving at once.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use grid_arcade::play::Game;
use grid_arcade::play::minesweeper::Minesweeper;
use grid_arcade::play::minesweeper::record::{FinishedGame, records};
use grid_arcade::play::minesweeper::settings::DIFFICULTY as MINES_DIFFICULTY;
use grid_arcade::play::twenty48::Twenty48;
use grid_arcade::play::twenty48::settings::SIZE as T48_SIZE;
use grid_arcade::store::settings::THEME;
use grid_arcade::store::{SettingValue, Store};
use grid_arcade::timestamp::Date;
use tempfile::TempDir;

fn config(dir: &TempDir) -> PathBuf {
    dir.path().join("grid-arcade").join("config.toml")
}

fn win(time_ms: u64) -> FinishedGame {
    FinishedGame {
        won: true,
        time_ms,
        bbbv_per_s: 1.5,
        seed: 42,
        first_cell: (4, 4),
        first_click: "opening",
        date: Date {
            year: 2026,
            month: 11,
            day: 29,
        },
    }
}

fn loss() -> FinishedGame {
    FinishedGame {
        won: false,
        ..win(0)
    }
}

/// Records one Minesweeper game on Beginner the way the game screen does.
fn record(store: &mut Store, game: &FinishedGame) {
    let current = records(store)
        .tables
        .get("beginner")
        .cloned()
        .unwrap_or_default();
    store.commit(current.changes("beginner", game));
}

fn set_asides(dir: &Path) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".bad-"))
        .collect()
}

#[test]
fn settings_and_records_survive_a_restart() {
    let dir = TempDir::new().unwrap();
    let mut store = Store::open(config(&dir), grid_arcade::ui::games::schema()).unwrap();
    assert!(store.take_notices().is_empty());
    store.set(&THEME, SettingValue::Choice("mono"));
    store.set(&T48_SIZE, SettingValue::Number(6));
    record(&mut store, &win(9000));
    record(&mut store, &loss());
    record(&mut store, &win(7000));

    let store = Store::open(config(&dir), grid_arcade::ui::games::schema()).unwrap();
    assert_eq!(store.settings().choice(&THEME), "mono");
    assert_eq!(store.settings().number(&T48_SIZE), 6);
    let beginner = &records(&store).tables["beginner"];
    assert_eq!((beginner.played, beginner.won), (3, 2));
    assert_eq!((beginner.streak, beginner.longest_streak), (1, 1));
    assert_eq!(beginner.best.as_ref().unwrap().time_ms, 7000);
    let top: Vec<u64> = beginner.top.iter().map(|t| t.time_ms).collect();
    assert_eq!(top, [7000, 9000]);
}

#[test]
fn comments_order_and_unknown_keys_are_kept() {
    let dir = TempDir::new().unwrap();
    let path = config(&dir);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let original = "# my arcade\n\n[general]\n# I like it plain\ntheme = \"auto\"   # see docs\nfavourite = \"minesweeper\"\n\n[my.own]\nkey = [1, 2]\n";
    fs::write(&path, original).unwrap();
    let mut store = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
    store.set(&THEME, SettingValue::Choice("ascii"));
    let saved = fs::read_to_string(&path).unwrap();
    assert_eq!(saved, original.replace("\"auto\"", "\"ascii\""));
}

#[test]
fn a_file_that_does_not_parse_is_set_aside_and_reported() {
    let dir = TempDir::new().unwrap();
    let path = config(&dir);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let damaged = "[general\ntheme = \"mono\"\n";
    fs::write(&path, damaged).unwrap();

    let mut store = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
    let notices = store.take_notices();
    let asides = set_asides(path.parent().unwrap());
    assert_eq!(asides.len(), 1, "{asides:?}");
    assert_eq!(fs::read_to_string(&asides[0]).unwrap(), damaged);
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].contains(&asides[0].display().to_string()),
        "{notices:?}"
    );
    // It says where the file fails, and nothing it says is untrue: no new file is there yet.
    assert!(notices[0].contains("line 1, column 9"), "{notices:?}");
    assert!(notices[0].contains("the next save writes a new file"));
    assert!(!path.exists());
    assert_eq!(store.settings().choice(&THEME), "auto");

    // Play goes on and the next save starts a fresh file beside the kept one.
    store.set(&THEME, SettingValue::Choice("mono"));
    assert!(
        fs::read_to_string(&path)
            .unwrap()
            .contains("theme = \"mono\"")
    );
    assert_eq!(fs::read_to_string(&asides[0]).unwrap(), damaged);
}

#[test]
fn a_file_damaged_by_another_copy_is_set_aside_before_saving() {
    let dir = TempDir::new().unwrap();
    let path = config(&dir);
    let mut store = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
    store.set(&THEME, SettingValue::Choice("mono"));
    fs::write(&path, "this is = = not toml").unwrap();
    record(&mut store, &win(5000));
    let asides = set_asides(path.parent().unwrap());
    assert_eq!(asides.len(), 1);
    assert_eq!(
        fs::read_to_string(&asides[0]).unwrap(),
        "this is = = not toml"
    );
    assert_eq!(
        records(&Store::open(path, grid_arcade::ui::games::schema()).unwrap()).tables["beginner"]
            .won,
        1
    );
}

#[test]
fn bad_single_values_fall_back_with_notices_and_stay_in_the_file() {
    let dir = TempDir::new().unwrap();
    let path = config(&dir);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let text = "[general]\ntheme = \"sparkly\"\n[minesweeper]\ndifficulty = 7\ncustom = { rows = 0, cols = 9, mines = 500 }\n[2048]\nsize = 0\n[records.minesweeper.beginner]\nplayed = -3\nwon = \"many\"\n[records.2048.\"4x4\"]\nbest_score = 1.5e3\n";
    fs::write(&path, text).unwrap();
    let mut store = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
    let notices = store.take_notices();
    for key in [
        "general.theme",
        "minesweeper.difficulty",
        "minesweeper.custom.rows",
        "minesweeper.custom.mines",
        "2048.size",
        "records.minesweeper.beginner.played",
        "records.minesweeper.beginner.won",
        "records.2048.4x4.best_score",
    ] {
        assert!(
            notices.iter().any(|n| n.contains(key)),
            "no notice for {key}: {notices:#?}"
        );
    }
    assert_eq!(store.settings().choice(&THEME), "auto");
    assert_eq!(store.settings().choice(&MINES_DIFFICULTY), "beginner");
    assert_eq!(store.settings().number(&T48_SIZE), 4);
    assert_eq!(records(&store).tables["beginner"].played, 0);
    // Reading never writes.
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    // A game recorded over a damaged counter starts it from zero.
    record(&mut store, &win(4000));
    let store = Store::open(path, grid_arcade::ui::games::schema()).unwrap();
    assert_eq!(records(&store).tables["beginner"].played, 1);
}

#[test]
fn an_unwritable_folder_costs_a_notice_not_the_game() {
    let dir = TempDir::new().unwrap();
    // A file where the folder should be: nothing can be created below it, even by root.
    let blocker = dir.path().join("grid-arcade");
    fs::write(&blocker, "not a folder").unwrap();
    let mut store = Store::open(
        blocker.join("config.toml"),
        grid_arcade::ui::games::schema(),
    )
    .unwrap();
    assert!(store.take_notices().is_empty());
    store.set(&THEME, SettingValue::Choice("mono"));
    let notices = store.take_notices();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(notices[0].contains("could not save"), "{notices:?}");
    // The change holds for this session, and the same failure is reported once.
    assert_eq!(store.settings().choice(&THEME), "mono");
    record(&mut store, &win(3000));
    assert!(store.take_notices().is_empty());
    assert_eq!(records(&store).tables["beginner"].won, 1);
    assert_eq!(fs::read_to_string(&blocker).unwrap(), "not a folder");
}

#[test]
fn a_missing_folder_is_created_on_the_first_save_only() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("a").join("b").join("config.toml");
    let mut store = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
    assert!(
        !path.parent().unwrap().exists(),
        "opening must not create anything"
    );
    store.set(&THEME, SettingValue::Choice("mono"));
    assert!(path.exists());
}

#[test]
fn two_copies_saving_interleaved_changes_lose_nothing() {
    let dir = TempDir::new().unwrap();
    let path = config(&dir);
    let mut first = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
    let mut second = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
    record(&mut first, &win(9000));
    record(&mut second, &win(8000));
    second.set(&THEME, SettingValue::Choice("mono"));
    record(&mut first, &loss());
    first.set(&T48_SIZE, SettingValue::Number(5));
    record(&mut second, &win(12000));

    let merged = Store::open(path, grid_arcade::ui::games::schema()).unwrap();
    let beginner = &records(&merged).tables["beginner"];
    assert_eq!((beginner.played, beginner.won), (4, 3));
    assert_eq!(beginner.best.as_ref().unwrap().time_ms, 8000);
    let top: Vec<u64> = beginner.top.iter().map(|t| t.time_ms).collect();
    assert_eq!(top, [8000, 9000, 12000]);
    assert_eq!(merged.settings().choice(&THEME), "mono");
    assert_eq!(merged.settings().number(&T48_SIZE), 5);
}

#[test]
fn copies_saving_at_the_same_moment_lose_nothing() {
    let dir = TempDir::new().unwrap();
    let path = config(&dir);
    let threads: Vec<_> = (0..4)
        .map(|_| {
            let path = path.clone();
            std::thread::spawn(move || {
                let mut store = Store::open(path, grid_arcade::ui::games::schema()).unwrap();
                for _ in 0..25 {
                    record(&mut store, &loss());
                }
                // A save that met another copy's lock kept its changes for the next one; closing
                // writes whatever is still waiting.
                assert_eq!(store.close(), None);
                store.take_notices()
            })
        })
        .collect();
    for thread in threads {
        for notice in thread.join().unwrap() {
            assert!(notice.contains("another grid-arcade is saving"), "{notice}");
        }
    }
    assert_eq!(
        records(&Store::open(path, grid_arcade::ui::games::schema()).unwrap()).tables["beginner"]
            .played,
        100
    );
}

#[test]
fn a_file_that_is_not_utf8_is_set_aside_like_one_that_does_not_parse() {
    for bytes in [
        &b"# caf\xe9\n[general]\ntheme = \"mono\"\n"[..],
        &b"\xff\xfe[\x00g\x00e\x00n\x00]\x00"[..],
        &[0u8, 159, 146, 150, 1, 2, 3][..],
    ] {
        let dir = TempDir::new().unwrap();
        let path = config(&dir);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, bytes).unwrap();
        let mut store = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
        let notices = store.take_notices();
        let asides = set_asides(path.parent().unwrap());
        assert_eq!(asides.len(), 1, "{notices:?}");
        assert_eq!(fs::read(&asides[0]).unwrap(), bytes);
        assert!(notices[0].contains("not UTF-8"), "{notices:?}");
        // Play goes on and every result reaches a fresh file.
        record(&mut store, &win(4000));
        store.set(&THEME, SettingValue::Choice("ascii"));
        assert!(store.take_notices().is_empty());
        let again = Store::open(path, grid_arcade::ui::games::schema()).unwrap();
        assert_eq!(records(&again).tables["beginner"].won, 1);
        assert_eq!(again.settings().choice(&THEME), "ascii");
    }
}

#[test]
fn a_file_damaged_while_playing_is_replaced_by_everything_the_program_knows() {
    let dir = TempDir::new().unwrap();
    let path = config(&dir);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(
        &path,
        "[2048]\nsize = 6\n[records.minesweeper.beginner]\nplayed = 7\nwon = 2\n",
    )
    .unwrap();
    let mut store = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
    store.set(&THEME, SettingValue::Choice("mono"));
    fs::write(&path, b"\xe9 damaged by hand").unwrap();
    record(&mut store, &win(5000));
    let fresh = Store::open(path, grid_arcade::ui::games::schema()).unwrap();
    assert_eq!(fresh.settings().choice(&THEME), "mono");
    assert_eq!(
        fresh.settings().number(&T48_SIZE),
        6,
        "a setting read at start"
    );
    let beginner = &records(&fresh).tables["beginner"];
    assert_eq!((beginner.played, beginner.won), (8, 3), "counted once each");
}

#[test]
fn something_other_than_a_file_at_the_path_is_refused_without_blocking() {
    let dir = TempDir::new().unwrap();
    let folder = dir.path().join("config.toml");
    fs::create_dir(&folder).unwrap();
    let error = Store::open(folder, grid_arcade::ui::games::schema())
        .err()
        .expect("a folder is refused");
    assert!(
        error.to_string().contains("is a folder, not a file"),
        "{error}"
    );
}

#[cfg(unix)]
#[test]
fn a_linked_file_is_saved_through_the_link_and_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new().unwrap();
    let real = dir.path().join("dotfiles").join("grid-arcade.toml");
    fs::create_dir_all(real.parent().unwrap()).unwrap();
    fs::write(&real, "# mine\n").unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).unwrap();
    let link = config(&dir);
    fs::create_dir_all(link.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let mut store = Store::open(link.clone(), grid_arcade::ui::games::schema()).unwrap();
    store.set(&THEME, SettingValue::Choice("mono"));
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let saved = fs::read_to_string(&real).unwrap();
    assert!(
        saved.contains("# mine") && saved.contains("theme = \"mono\""),
        "{saved}"
    );
    assert_eq!(
        fs::metadata(&real).unwrap().permissions().mode() & 0o777,
        0o600
    );
}

#[test]
fn seeds_and_times_near_the_largest_integer_stay_exact() {
    let dir = TempDir::new().unwrap();
    let path = config(&dir);
    let mut store = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
    let seed = i64::MAX as u64 - 1;
    record(
        &mut store,
        &FinishedGame {
            seed,
            first_cell: (3, 7),
            ..win(9_007_199_254_740_993)
        },
    );
    let store = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
    let best = records(&store).tables["beginner"].best.clone().unwrap();
    assert_eq!(best.seed, Some(seed));
    assert_eq!(best.time_ms, 9_007_199_254_740_993);
    assert_eq!(best.first_cell, Some([3, 7]));
    assert!(
        fs::read_to_string(&path)
            .unwrap()
            .contains(&format!("seed = {seed}"))
    );
    let printed = grid_arcade::cli::report::text(&store);
    assert!(printed.contains(&seed.to_string()), "{printed}");
}

#[test]
fn a_held_lock_keeps_changes_in_memory_and_closing_puts_them_beside_the_file() {
    let dir = TempDir::new().unwrap();
    let path = config(&dir);
    let mut store = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
    store.set(&THEME, SettingValue::Choice("mono"));
    let held = grid_arcade::disk::FileLock::acquire(&path, Duration::ZERO).unwrap();
    let started = Instant::now();
    store.set(&THEME, SettingValue::Choice("ascii"));
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "the save gave up"
    );
    let notices = store.take_notices();
    assert!(
        notices[0].contains("another grid-arcade is saving"),
        "{notices:?}"
    );
    assert!(store.retry_due().is_some());
    assert_eq!(store.settings().choice(&THEME), "ascii");
    assert!(fs::read_to_string(&path).unwrap().contains("mono"));

    let message = store.close().expect("the lock is still held");
    let kept = path.with_file_name(message.rsplit('/').next().unwrap());
    assert!(message.contains("config.toml.unsaved-"), "{message}");
    assert!(
        fs::read_to_string(kept)
            .unwrap()
            .contains("theme = \"ascii\"")
    );
    drop(held);

    // Once the lock is free, the change waiting in memory is written.
    let mut store = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
    store.set(&THEME, SettingValue::Choice("color"));
    let _held = grid_arcade::disk::FileLock::acquire(&path, Duration::ZERO).unwrap();
    store.set(&T48_SIZE, SettingValue::Number(7));
    drop(_held);
    assert!(store.save());
    let text = fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("size = 7") && text.contains("\"color\""),
        "{text}"
    );
}

#[test]
fn a_best_belongs_to_a_recorded_game_and_a_damaged_records_table_is_reported() {
    let dir = TempDir::new().unwrap();
    let path = config(&dir);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let text = "[records.2048.\"4x4\"]\nbest_score = 500\n[records.minesweeper.expert]\nbest = { time_ms = 90000 }\n";
    fs::write(&path, text).unwrap();
    let mut store = Store::open(path.clone(), grid_arcade::ui::games::schema()).unwrap();
    let printed = grid_arcade::cli::report::text(&store);
    assert!(
        !printed.contains("500") && !printed.contains("1:30"),
        "{printed}"
    );
    assert_eq!(Twenty48.summary(&store).best, None);
    let expert = SettingValue::Choice("expert");
    store.settings_mut().pin(&MINES_DIFFICULTY, expert);
    assert_eq!(Minesweeper.summary(&store).best, None);

    fs::write(&path, "records = 5\n[general]\ntheme = \"mono\"\n").unwrap();
    let mut store = Store::open(path, grid_arcade::ui::games::schema()).unwrap();
    let notices = store.take_notices();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].contains("records = 5 is not a table"),
        "{notices:?}"
    );
    assert_eq!(store.settings().choice(&THEME), "mono");
}
