//! The terminal's background, asked for at start: in a pane whose window style tmux reports when
//! asked, as a terminal with that colour scheme does, the menu takes the colours for that
//! background, and the answer is not taken for keys.

mod common;

use common::Tmux;

/// The menu's logo in the title style: dark yellow from the 256-colour table on a light
/// background, the terminal's own yellow on a dark one.
const LIGHT_TITLE: &str = "\x1b[38;5;94m";
const DARK_TITLE: &str = "\x1b[33m";

/// The menu drawn in a pane of `style`, with the config file `config`; its screen with colours.
fn menu(style: &str, config: &str) -> String {
    let tmux = Tmux::start_with_colours(100, 35, style, config);
    // The answer, had it been read as keys, would have opened Minesweeper with its 1.
    tmux.wait_for("▸1 Minesweeper");
    tmux.wait_for("q quit");
    tmux.screen_with_colours()
}

const LIGHT_PANE: &str = "bg=white,fg=black";

#[test]
fn a_light_terminal_gets_the_light_colours() {
    let screen = menu(LIGHT_PANE, "");
    assert!(screen.contains(LIGHT_TITLE), "{screen}");
    assert!(!screen.contains(DARK_TITLE), "{screen}");
}

#[test]
fn a_dark_terminal_gets_the_dark_colours() {
    let screen = menu("bg=black,fg=white", "");
    assert!(screen.contains(DARK_TITLE), "{screen}");
    assert!(!screen.contains(LIGHT_TITLE), "{screen}");
}

#[test]
fn the_dark_theme_keeps_the_dark_colours_on_a_light_terminal() {
    let screen = menu(LIGHT_PANE, "[general]\ntheme = \"dark\"\n");
    assert!(screen.contains(DARK_TITLE), "{screen}");
}
