//! Telling guesses from moves logic proves safe, with the chances of the guesses.

use super::game;
use crate::games::minesweeper::{BoardSize, Game, GameOptions, Guess, Move, Pos};

fn at(row: usize, col: usize) -> Pos {
    Pos::new(row, col)
}

fn guess(mine: u16, safest: u16) -> Option<Guess> {
    Some(Guess { mine, safest })
}

#[test]
fn a_cell_logic_proves_safe_is_no_guess_and_a_proven_mine_is_a_certain_one() {
    // The 1 beside the mine and the single mine make the right end safe.
    let mut game = game("...*...");
    game.reveal(at(0, 0));
    assert_eq!(game.examine(Move::Reveal(at(0, 4))), None);
    assert_eq!(game.examine(Move::Reveal(at(0, 3))), guess(1000, 0));
    // Moves that open nothing are no guesses.
    assert_eq!(game.examine(Move::Flag(at(0, 3))), None);
    assert_eq!(game.examine(Move::Reveal(at(0, 0))), None);
    assert_eq!(game.examine(Move::Hint), None);
}

#[test]
fn a_guess_has_its_chance_and_the_safest_cell_s_and_flags_change_neither() {
    // The 1 proves the middle mine; the other mine is one of the two on the left: 50/50.
    let mut game = game("*.*..");
    game.reveal(at(0, 4));
    let even = guess(500, 500);
    assert_eq!(game.examine(Move::Reveal(at(0, 1))), even);
    assert!(even.unwrap().forced() && !even.unwrap().risky());
    assert_eq!(game.examine(Move::Reveal(at(0, 2))), guess(1000, 500));
    assert!(guess(1000, 500).unwrap().risky());
    // A flag, right or wrong, is not trusted.
    game.toggle_flag(at(0, 1));
    assert_eq!(game.examine(Move::Reveal(at(0, 0))), even);
}

#[test]
fn a_chord_is_as_risky_as_the_riskiest_cell_it_opens() {
    // One mine: the 1 says it is one of three cells; the two cells it does not touch are safe.
    let mut game = game(
        ".*.
         ...",
    );
    game.reveal(at(1, 0));
    game.toggle_flag(at(0, 0));
    // The wrong flag lets a chord open the other two cells around the 1.
    assert_eq!(game.examine(Move::Chord(at(1, 0))), guess(333, 0));
    assert_eq!(game.examine(Move::Reveal(at(1, 0))), guess(333, 0));
    assert!(!guess(333, 0).unwrap().forced());
}

#[test]
fn the_first_reveal_and_a_game_over_have_no_guesses() {
    let game = Game::new(BoardSize::EXPERT, 3, GameOptions::default());
    assert_eq!(game.examine(Move::Reveal(at(10, 12))), None);
    let mut game = super::game("*..");
    game.reveal(at(0, 0));
    assert_eq!(game.examine(Move::Reveal(at(0, 2))), None);
}

#[test]
fn chances_in_thousandths_reach_the_ends_only_when_certain() {
    let read: Vec<u16> = [0.0, 1e-9, 0.3334, 0.9999, 1.0]
        .into_iter()
        .map(Guess::thousandths)
        .collect();
    assert_eq!(read, [0, 1, 333, 999, 1000]);
}
