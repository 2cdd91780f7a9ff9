//! The command line outside the terminal: help, version, paths, scores, and clear errors.

use std::process::{Command, Output, Stdio};

use tempfile::TempDir;

const BINARY: &str = env!("CARGO_BIN_EXE_grid-arcade");

fn run(args: &[&str], home: &TempDir) -> Output {
    Command::new(BINARY)
        .args(args)
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("cfg"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env_remove("GRID_ARCADE_CONFIG")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn help_and_version() {
    let home = TempDir::new().unwrap();
    let out = run(&["--help"], &home);
    assert!(out.status.success());
    for word in [
        "minesweeper",
        "tictactoe",
        "2048",
        "scores",
        "config-path",
        "--seed",
        "--config",
    ] {
        assert!(stdout(&out).contains(word), "--help lacks {word}");
    }
    let out = run(&["--version"], &home);
    assert_eq!(
        stdout(&out).trim(),
        format!("grid-arcade {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn config_path_follows_flag_then_environment_then_platform() {
    let home = TempDir::new().unwrap();
    let out = run(&["config-path"], &home);
    assert_eq!(
        stdout(&out).trim(),
        home.path()
            .join("cfg/grid-arcade/config.toml")
            .display()
            .to_string()
    );
    let out = run(&["--config", "/tmp/x/mine.toml", "config-path"], &home);
    assert_eq!(stdout(&out).trim(), "/tmp/x/mine.toml");
    let out = Command::new(BINARY)
        .arg("config-path")
        .env("GRID_ARCADE_CONFIG", "/tmp/y/env.toml")
        .output()
        .unwrap();
    assert_eq!(stdout(&out).trim(), "/tmp/y/env.toml");
}

#[test]
fn scores_prints_tables_and_json_without_creating_files() {
    let home = TempDir::new().unwrap();
    let out = run(&["scores"], &home);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "No records yet.\n");
    assert!(
        !home.path().join("cfg").exists(),
        "scores must not create the config folder"
    );

    let path = home.path().join("c.toml");
    std::fs::write(
        &path,
        "[records.minesweeper.beginner]\nplayed = 4\nwon = 2\ntop = [{ time_ms = 9100, date = 2026-11-20 }]\n",
    )
    .unwrap();
    let config = path.display().to_string();
    let out = run(&["--config", &config, "scores"], &home);
    let text = stdout(&out);
    assert!(text.contains("Minesweeper Beginner"), "{text}");
    assert!(text.contains("played: 4"), "{text}");
    assert!(text.contains("1  9.10 s  2026-11-20"), "{text}");

    let out = run(&["--config", &config, "scores", "--json"], &home);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["minesweeper"]["beginner"]["won"], 2);
    assert_eq!(
        json["minesweeper"]["beginner"]["top"][0]["date"],
        "2026-11-20"
    );
}

#[test]
fn bad_values_get_one_line_and_exit_code_2() {
    let home = TempDir::new().unwrap();
    for args in [
        &["--seed", "abc"][..],
        &["--seed", "-1"],
        &["frogger"],
        &["scores", "--xml"],
    ] {
        let out = run(args, &home);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("grid-arcade: "), "{err}");
    }
}

#[test]
fn without_a_terminal_it_says_so_and_exits_2() {
    let home = TempDir::new().unwrap();
    for args in [&[][..], &["minesweeper"]] {
        let out = run(args, &home);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains("not a terminal"), "{}", stderr(&out));
    }
}

#[test]
fn a_mistyped_game_code_is_one_clear_line_and_exit_code_2() {
    let home = TempDir::new().unwrap();
    for (code, why) in [
        ("AMAG5068WQTCHWYAX", "mistyped"),
        ("AMAG5068WQTCHWY?T", "'?' is not in game codes"),
        ("AM", "too short"),
        ("QQ12", "too short"),
    ] {
        let out = run(&["play", code], &home);
        assert_eq!(out.status.code(), Some(2), "{code}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(&format!("\"{code}\" is not a game code")) && err.contains(why),
            "{err}"
        );
    }
}

#[test]
fn daily_share_prints_the_day_s_line_without_a_terminal() {
    let home = TempDir::new().unwrap();
    let today = grid_arcade::daily::today();
    let out = run(&["daily", "--share"], &home);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!("grid-arcade daily {today}  Minesweeper not played  2048 not played\n")
    );
    let config = home.path().join("mine.toml");
    std::fs::write(
        &config,
        format!(
            "[records.daily.minesweeper]\n{today} = {{ won = true, time_ms = 84300 }}\n\
             [records.daily.\"2048\"]\n{today} = {{ score = 23540, tile = 2048 }}\n"
        ),
    )
    .unwrap();
    let out = run(
        &["--config", config.to_str().unwrap(), "daily", "--share"],
        &home,
    );
    assert_eq!(
        stdout(&out),
        format!("grid-arcade daily {today}  Minesweeper 1:24.30  2048 23,540 (2048 tile)\n")
    );
}

#[test]
fn a_replay_that_cannot_be_shown_says_why_in_one_line_before_any_screen() {
    let home = TempDir::new().unwrap();
    let line = |args: &[&str]| {
        let out = run(args, &home);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
        stderr(&out)
    };
    assert!(line(&["replay"]).contains("no games to replay yet"));
    let data = home.path().join("data/grid-arcade");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(
        data.join("history.jsonl"),
        "{\"v\":7,\"id\":\"k3v9q2m7\",\"start\":\"2031-01-01T00:00:00Z\"}\n",
    )
    .unwrap();
    assert!(line(&["replay", "last"]).contains("format 7"));
    assert!(line(&["replay", "k3v9q2m7"]).contains("format 7"));
    assert!(line(&["replay", "abcdefgh"]).contains("no game of the history has the id"));
    assert!(
        line(&["replay", "AM0G2028254T1TRY4"]).contains("is not last, nor an id of the history")
    );
}

#[test]
fn scores_print_the_codes_of_the_best_games() {
    let home = TempDir::new().unwrap();
    let path = home.path().join("c.toml");
    std::fs::write(
        &path,
        "[records.minesweeper.custom-8x9-10]\nplayed = 1\nwon = 1\n\
         best = { time_ms = 9100, seed = 77, first_cell = [3, 4], first_click = \"safe\" }\n\
         [records.2048.4x4]\nplayed = 1\nbest_score = 500\n\
         top = [{ score = 500, tile = 64, seed = 1234 }]\n",
    )
    .unwrap();
    let out = run(&["--config", &path.display().to_string(), "scores"], &home);
    let text = stdout(&out);
    let mines = grid_arcade::play::minesweeper::code::CodeBoard {
        level: grid_arcade::games::minesweeper::Difficulty::Custom,
        size: grid_arcade::games::minesweeper::BoardSize::new(8, 9, 10).unwrap(),
        first_click: grid_arcade::games::minesweeper::FirstClick::Safe,
        first: Some(grid_arcade::games::minesweeper::Pos::new(3, 4)),
    }
    .code(77);
    let tiles = grid_arcade::play::twenty48::code::code(4, 1234);
    assert!(
        text.contains(&format!("its code: {}", mines.encode())),
        "{text}"
    );
    assert!(
        text.contains(&format!("best game's code: {}", tiles.encode())),
        "{text}"
    );
}

#[test]
fn command_line_errors_name_the_allowed_values_and_the_missing_flags() {
    let home = TempDir::new().unwrap();
    for (args, wanted) in [
        (
            &["minesweeper", "--difficulty", "foo"][..],
            &["[possible values: beginner, medium, expert, classic]"][..],
        ),
        (
            &["minesweeper", "--rows", "5"],
            &["--cols <C>", "--mines <M>"],
        ),
        (
            &["minesweeper", "--cols", "5"],
            &["--rows <R>", "--mines <M>"],
        ),
        (
            &["minesweeper", "--rows", "5", "--cols", "5"],
            &["--mines <M>"],
        ),
        (&["stats", "frog"], &["minesweeper, tictactoe, 2048"]),
    ] {
        let out = run(args, &home);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        for part in wanted {
            assert!(err.contains(part), "{args:?}: {err}");
        }
    }
}

#[test]
fn help_is_a_command_with_help_of_its_own() {
    let home = TempDir::new().unwrap();
    let out = run(&["help", "--help"], &home);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Usage: grid-arcade help"),
        "{}",
        stdout(&out)
    );
    let out = run(&["help", "minesweeper"], &home);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        stdout(&run(&["minesweeper", "--help"], &home))
    );
    let out = run(&["help"], &home);
    assert_eq!(stdout(&out), stdout(&run(&["--help"], &home)));
    assert!(
        stdout(&out).starts_with("Minesweeper, Tic-tac-toe, 2048 and Gomoku in the terminal"),
        "{}",
        stdout(&out)
    );
    let out = run(&["help", "frogger"], &home);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("'frogger'"), "{}", stderr(&out));
}

#[test]
fn each_games_help_opens_with_what_it_plays() {
    let home = TempDir::new().unwrap();
    for game in grid_arcade::ui::games::GAMES {
        let key = game.id().key();
        let out = run(&[key, "--help"], &home);
        let first = stdout(&out).lines().next().unwrap_or_default().to_string();
        assert!(first.starts_with("Play "), "{key}: {first}");
    }
}
