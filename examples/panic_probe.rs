//! Enters grid-arcade's full-screen mode the way the arcade does, then panics: the end-to-end tests
//! run it to check that a panic leaves a usable terminal and prints its message after restoring.

fn main() {
    let _terminal = grid_arcade::terminal::enter().expect("a terminal");
    panic!("probe panic: the terminal must be restored before this message");
}
