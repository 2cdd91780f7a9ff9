//! The real binary in a real terminal (tmux): menu keys and clicks, settings saved to the file, a
//! clean terminal after every way out, and resizing down to 1x1.

mod common;

use std::path::Path;
use std::process::Command;

use common::{BINARY, Tmux};

/// Alternate screen, mouse reporting and cursor visibility of the pane, as tmux sees them.
fn terminal_modes(tmux: &Tmux) -> String {
    tmux.format("#{alternate_on} #{mouse_any_flag} #{mouse_sgr_flag} #{cursor_flag}")
}

const RESTORED: &str = "0 0 0 1";

/// The line discipline flags that raw mode turns off, as `stty` reports them in the pane's shell.
fn assert_cooked(tmux: &Tmux) {
    tmux.type_text(
        "stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo -e isig | tr '\\n' , ; echo\n",
    );
    tmux.wait_for("isig,icanon,echo,");
}

#[test]
fn menu_keys_and_clicks_settings_saved_and_a_clean_exit() {
    let tmux = Tmux::start_in_shell(100, 35, BINARY);
    tmux.wait_for("q quit");
    assert_eq!(terminal_modes(&tmux), "1 1 1 0");

    tmux.keys(&["Down", "j", "Down", "Down", "s", "Down", "Down"]);
    tmux.wait_for("▸8 Settings");
    tmux.keys(&["Up"]);
    tmux.wait_for("▸7 Records");
    tmux.keys(&["Down", "Enter"]);
    tmux.wait_for("Question marks");
    tmux.keys(&["Right"]);
    tmux.wait_for_config("theme = \"color\"");
    // Past the bell, to the difficulty.
    tmux.keys(&["Down", "Down", "Right", "Right"]);
    tmux.wait_for_config("difficulty = \"expert\"");
    tmux.keys(&["Escape"]);

    let (column, row) = tmux.find("7 Records");
    tmux.click(column + 2, row);
    tmux.wait_for("No records yet");
    tmux.keys(&["Escape"]);
    tmux.wait_for("q quit");
    // The wheel moves the selection.
    let (column, row) = tmux.find("Tic-tac-toe");
    tmux.type_text(&format!("\x1b[<65;{};{}M", column + 1, row + 1));
    tmux.wait_for("▸8 Settings");

    tmux.keys(&["q"]);
    tmux.wait_for("exit=0");
    assert_eq!(terminal_modes(&tmux), RESTORED);
    assert_cooked(&tmux);
    let config = tmux.config();
    assert!(config.contains("[general]\ntheme = \"color\""), "{config}");
}

#[test]
fn sigterm_saves_and_leaves_the_file_intact() {
    let original = "# kept\n[general]\ntheme = \"mono\" # mine\n\n[extra]\nkeep = true\n";
    let tmux = Tmux::start_with_config(100, 35, &[], original);
    tmux.wait_for("q quit");
    tmux.keys(&["8"]);
    tmux.wait_for("Question marks");
    tmux.keys(&["Left"]);
    tmux.wait_for_config("theme = \"color\"");
    let status = Command::new("kill")
        .args(["-TERM", &tmux.app_pid().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(
        tmux.wait_exit(),
        128 + 15,
        "the exit status names the signal"
    );
    let config = tmux.config();
    assert_eq!(config, original.replace("\"mono\"", "\"color\""));
}

#[test]
fn sighup_and_ctrl_c_restore_the_terminal() {
    for (how, status) in [("HUP", 129), ("ctrl-c", 0)] {
        let tmux = Tmux::start_in_shell(80, 24, BINARY);
        tmux.wait_for("q quit");
        if how == "ctrl-c" {
            tmux.keys(&["C-c"]);
        } else {
            // The arcade is the shell's child: signal it, not the shell.
            let pid = tmux.app_pid().to_string();
            assert!(
                Command::new("kill")
                    .args([&format!("-{how}"), &pid])
                    .status()
                    .unwrap()
                    .success()
            );
        }
        tmux.wait_for(&format!("exit={status}"));
        assert_eq!(terminal_modes(&tmux), RESTORED, "after {how}");
        assert_cooked(&tmux);
    }
}

#[test]
fn a_panic_restores_the_terminal_before_its_message() {
    let probe = Path::new(BINARY)
        .parent()
        .unwrap()
        .join("examples")
        .join("panic_probe");
    assert!(
        probe.exists(),
        "{} is built when the whole suite runs (cargo test --profile test-release)",
        probe.display()
    );
    let tmux = Tmux::start_in_shell(80, 24, &probe.display().to_string());
    let screen = tmux.wait_for("exit=101");
    assert!(
        screen.contains("probe panic: the terminal must be restored"),
        "{screen}"
    );
    assert_eq!(terminal_modes(&tmux), RESTORED);
    assert_cooked(&tmux);
}

#[test]
fn resizing_to_1x1_and_back_recovers() {
    let tmux = Tmux::start(100, 35, &[]);
    tmux.wait_for("q quit");
    tmux.resize(24, 6);
    // The message wraps at the terminal's width: read it as words.
    tmux.wait_until("the too-small message", |s| {
        let words = s.split_whitespace().collect::<Vec<_>>().join(" ");
        words.contains("enlarge the terminal") && words.contains("(now 24x6)")
    });
    for (width, height) in [(1, 1), (2, 1), (1, 3), (0, 0), (7, 2)] {
        tmux.resize(width, height);
    }
    tmux.resize(100, 35);
    tmux.wait_for("q quit");
    tmux.keys(&["Down"]);
    tmux.wait_for("▸2 Tic-tac-toe");
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
}

#[test]
fn a_damaged_file_is_reported_on_screen_and_play_goes_on() {
    let tmux = Tmux::start_with_config(100, 35, &[], "[general\ntheme = 1\n");
    let screen = tmux.wait_for("press any key");
    assert!(screen.contains("config.toml.bad-"), "{screen}");
    tmux.keys(&["x"]);
    tmux.wait_until("the notice to go", |s| !s.contains("press any key"));
    tmux.keys(&["q"]);
    assert_eq!(tmux.wait_exit(), 0);
}

#[test]
fn ctrl_z_suspends_like_any_terminal_program_and_fg_draws_the_screen_again() {
    // An interactive shell, which has job control: Ctrl-Z stops the program, fg resumes it.
    let tmux = Tmux::start_in_shell(80, 24, "bash --norc --noprofile -i");
    let prompt = |s: &str| s.lines().any(|l| l.trim_end() == "$");
    tmux.wait_until("the prompt", prompt);
    tmux.type_text(&format!("{BINARY} minesweeper\n"));
    tmux.wait_for("mines unflagged");
    tmux.keys(&["Space"]);
    tmux.keys(&["C-z"]);
    tmux.wait_for("Stopped");
    assert_eq!(
        terminal_modes(&tmux),
        RESTORED,
        "the terminal is the shell's again"
    );
    assert_cooked(&tmux);
    tmux.type_text("clear; fg\n");
    let screen = tmux.wait_for("mines unflagged");
    assert_eq!(terminal_modes(&tmux), "1 1 1 0", "full-screen mode is back");
    // Drawn whole, not only what changed since: the board's frame and the footer are there.
    assert!(
        screen.contains("╭ Beginner ") && screen.contains("? help"),
        "{screen}"
    );
    tmux.keys(&["q"]);
    tmux.wait_until("the prompt after quitting", prompt);
    assert_eq!(terminal_modes(&tmux), RESTORED);
}
