//! Saved games in a real terminal (tmux): two copies sharing one saved 2048 game, saved 2048
//! games of several sizes, and games resumed after quitting.

mod common;

use std::fs;

use common::e2e_play::*;
use common::{Tmux, menu_line, snapshot};

// ---------------------------------------------------------------------------------------------
// Two copies, one saved 2048 game

#[test]
fn a_second_copy_gets_a_game_of_its_own_while_the_first_plays_the_saved_one() {
    let mut a = Tmux::start_with_config(WIDTH, HEIGHT, &["2048", "--seed", "5"], NO_ANIMATIONS);
    slide(&a, 4, 3);
    a.keys(&["q"]);
    assert_eq!(a.wait_exit(), 0);
    let data = data_dir(a.home.path());
    let first_save = data.join("2048-4x4.toml");
    let saved = Twenty48View::of(&saved_twenty48(&first_save));
    assert_eq!(saved.moves, 3);

    a.restart(WIDTH, HEIGHT, &["2048"]);
    assert_eq!(view_now(&a, 4), saved, "A resumes its game");

    let b = a.start_beside(WIDTH, HEIGHT, &["2048"]);
    let screen = b.wait_for("another grid-arcade is playing");
    assert!(
        screen.contains("score 0 ") && screen.contains("moves 0 "),
        "B shows a new game, not A's:\n{screen}"
    );
    b.keys(&["x"]);
    b.wait_until("the notice to go", |s| !s.contains("press any key"));
    let b_new = view_now(&b, 4);
    assert_eq!((b_new.score, b_new.moves), (0, 0));
    let b_played = slide(&b, 4, 2);
    b.keys(&["q"]);
    assert_eq!(b.wait_exit(), 0);

    let a_played = slide(&a, 4, 2);
    a.keys(&["q"]);
    assert_eq!(a.wait_exit(), 0);

    assert_eq!(Twenty48View::of(&saved_twenty48(&first_save)), a_played);
    let second_save = data.join("2048-4x4.2.toml");
    assert_eq!(Twenty48View::of(&saved_twenty48(&second_save)), b_played);
    assert_eq!(games_recorded(a.home.path(), "2048"), 0, "none recorded");
}

// ---------------------------------------------------------------------------------------------
// Saved 2048 games of several sizes

/// A 4x4 game of `2048 --seed 5` with two moves played, and what its screen shows.
fn a_4x4_game_in_progress() -> (Tmux, Twenty48View) {
    let tmux = Tmux::start_with_config(WIDTH, HEIGHT, &["2048", "--seed", "5"], NO_ANIMATIONS);
    let four = slide(&tmux, 4, 2);
    (tmux, four)
}

/// Opens 2048 from the menu; checks that it shows a new game of `size`.
fn open_new_twenty48(tmux: &Tmux, size: usize) {
    tmux.keys(&["3"]);
    let view = view_now(tmux, size);
    assert_eq!(
        (view.score, view.moves),
        (0, 0),
        "a new {size}x{size} game:\n{}",
        tmux.screen()
    );
}

#[test]
fn each_board_size_keeps_its_own_saved_game_and_2048_alone_resumes_the_last_played() {
    let (mut tmux, four) = a_4x4_game_in_progress();
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
    let data = data_dir(tmux.home.path());
    let four_save = data.join("2048-4x4.toml");
    let four_bytes = fs::read(&four_save).unwrap();

    tmux.restart(WIDTH, HEIGHT, &[]);
    tmux.wait_for("q quit");
    set_twenty48_size(&tmux, 5);
    open_new_twenty48(&tmux, 5);
    let five = slide(&tmux, 5, 1);
    let five_save = data.join("2048-5x5.toml");
    assert_eq!(Twenty48View::of(&saved_twenty48(&five_save)), five);
    assert_eq!(fs::read(&four_save).unwrap(), four_bytes, "4x4 untouched");
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);

    tmux.restart(WIDTH, HEIGHT, &[]);
    tmux.wait_for("q quit");
    set_twenty48_size(&tmux, 4);
    tmux.keys(&["3"]);
    assert_eq!(view_now(&tmux, 4), four, "the 4x4 game is resumed");
    // The 4x4 game is now the last played; the settings say 5 when the program ends.
    let four = slide(&tmux, 4, 1);
    tmux.keys(&["Escape"]);
    tmux.wait_for("q quit");
    set_twenty48_size(&tmux, 5);
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);

    tmux.restart(WIDTH, HEIGHT, &["2048"]);
    assert_eq!(view_now(&tmux, 4), four, "the last played game, 4x4");
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
    assert_eq!(Twenty48View::of(&saved_twenty48(&five_save)), five);
    let names = snapshot(&data).into_keys().collect::<Vec<_>>();
    assert!(
        names.iter().all(|name| !name.contains(".bad-")),
        "no save set aside: {names:?}"
    );
}

#[test]
fn a_size_changed_while_a_game_is_kept_in_memory_opens_a_game_of_the_new_size() {
    let (tmux, four) = a_4x4_game_in_progress();
    tmux.keys(&["Escape"]);
    tmux.wait_for("q quit");
    set_twenty48_size(&tmux, 5);
    open_new_twenty48(&tmux, 5);
    slide(&tmux, 5, 1);
    tmux.keys(&["Escape"]);
    tmux.wait_for("q quit");
    set_twenty48_size(&tmux, 4);
    tmux.keys(&["3"]);
    assert_eq!(view_now(&tmux, 4), four, "the 4x4 game is resumed");
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
}

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe resumed after quitting

#[test]
fn a_tictactoe_game_against_the_computer_is_resumed_after_quitting() {
    let args = [
        "tictactoe",
        "--opponent",
        "easy",
        "--play-as",
        "x",
        "--seed",
        "3",
    ];
    let mut tmux = Tmux::start(WIDTH, HEIGHT, &args);
    ttt_play_against_computer(&tmux);
    let board = ttt_board(&wait_settled(&tmux, "the board", |_| true));
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);

    tmux.restart(WIDTH, HEIGHT, &[]);
    let menu = tmux.wait_for("q quit");
    assert!(menu_line(&menu, "Tic-tac-toe").contains("resume"), "{menu}");
    tmux.keys(&["2"]);
    tmux.wait_until("the same marks", |s| {
        ttt_board(s) == board && s.contains("your turn")
    });
    ttt_play_against_computer(&tmux);
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
    assert_eq!(games_recorded(tmux.home.path(), "tictactoe"), 0);
}
