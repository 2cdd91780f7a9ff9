//! Replays in a real terminal (tmux): a two-player tic-tac-toe game played with the digit keys
//! and quit; then `grid-arcade replay last` shows it from its start, paused, stepped, and played
//! at 8x to its end, which is the game's own end. (`tests/cli.rs` has the replays refused.)

mod common;

use common::Tmux;

#[test]
fn a_game_played_then_replayed_to_its_end() {
    let mut tmux = Tmux::start(
        80,
        24,
        &["tictactoe", "--opponent", "human", "--board", "3x3"],
    );
    tmux.wait_for("X to move");
    // Phone layout: 1 2 3 across the top. X takes the top row; O the middle and a corner.
    for key in ["1", "5", "2", "9", "3"] {
        tmux.keys(&[key]);
    }
    tmux.wait_for("X wins");
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);

    tmux.restart(80, 24, &["replay", "last"]);
    let start = tmux.wait_for("Replay: Tic-tac-toe 3x3, two players");
    assert!(start.contains("of 5"), "{start}");
    // Paused, then stepped from the start.
    tmux.keys(&["Space", "Home"]);
    tmux.wait_for("move 0 of 5");
    tmux.wait_for("paused 1x");
    tmux.keys(&["Right", "l"]);
    let second = tmux.wait_for("move 2: O at row 2, column 2");
    assert!(second.contains("move 2 of 5"), "{second}");
    tmux.keys(&["h"]);
    tmux.wait_for("move 1: X at row 1, column 1");
    // At 8x the rest plays out in well under a second, and the replay stops at the end.
    tmux.keys(&["4", "Space"]);
    let end = tmux.wait_until("the end of the replay", |s| {
        s.contains("move 5 of 5") && s.contains("paused 8x")
    });
    assert!(end.contains("X wins"), "{end}");
    assert!(end.contains("move 5: X at row 1, column 3"), "{end}");
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
}
