use super::game;
use crate::games::minesweeper::{
    BoardSize, FirstClick, Game, GameOptions, Hint, Pos, PostMortem, Status,
};

fn at(col: usize) -> Pos {
    Pos::new(0, col)
}

#[test]
fn a_hint_offers_the_proven_safe_cell_nearest_the_last_action() {
    // Opening the left end shows the 1 before the mine; with one mine, the right end is safe.
    let mut game = game("...*...");
    game.reveal(at(0));
    assert!(!game.used_hint());
    assert_eq!(game.hint(), Some(Hint::Safe(at(4))));
    assert!(game.used_hint());
    game.toggle_flag(at(6));
    // The flag is wrong; the unflagged safe cell nearest it comes first.
    assert_eq!(game.hint(), Some(Hint::Safe(at(5))));
    // A 0, which also opens its left neighbour; the flag protects the right one.
    game.reveal(at(5));
    assert_eq!(game.safe_cells_left(), 1);
    // Only the wrongly flagged cell is left to open.
    assert_eq!(game.hint(), Some(Hint::Safe(at(6))));
}

#[test]
fn a_hint_offers_a_mine_when_no_safe_cell_is_proven() {
    // The 1 next to the right end proves the mine beside it; the left pair is a 50/50.
    let mut game = game("*.*..");
    game.reveal(at(4));
    assert_eq!(game.hint(), Some(Hint::Mine(at(2))));
    game.toggle_flag(at(2));
    assert_eq!(game.hint(), Some(Hint::NoSafeMove));
}

#[test]
fn hints_before_the_start_and_after_the_end() {
    let mut game = Game::new(BoardSize::EXPERT, 3, GameOptions::default());
    assert_eq!(game.hint(), None);
    assert!(
        !game.used_hint(),
        "a hint before the first reveal does not count"
    );

    let mut game = super::game("*..");
    game.reveal(at(0));
    assert_eq!(game.status(), Status::Lost);
    assert_eq!(game.hint(), None);
    assert!(!game.used_hint(), "a hint after the end does not count");
}

#[test]
fn following_hints_clears_a_no_guess_board() {
    let options = GameOptions {
        first_click: FirstClick::NoGuess,
        question_marks: false,
    };
    for seed in 0..10 {
        let mut game = Game::new(BoardSize::EXPERT, seed, options);
        game.reveal(Pos::new(10, 12));
        assert!(!game.fell_back());
        while game.status() == Status::Playing {
            match game.hint().expect("the game is being played") {
                Hint::Safe(pos) => assert!(game.reveal(pos).changed),
                Hint::Mine(pos) => assert!(game.toggle_flag(pos).changed),
                Hint::NoSafeMove => panic!(
                    "seed {seed}: stuck with {} cells left",
                    game.safe_cells_left()
                ),
            }
        }
        assert_eq!(game.status(), Status::Won, "seed {seed}");
        assert!(game.used_hint());
    }
}

#[test]
fn no_post_mortem_unless_lost() {
    let mut game = game("..*..");
    assert_eq!(game.post_mortem(), None);
    game.reveal(at(0));
    assert_eq!(game.post_mortem(), None);
    for col in [3, 4] {
        game.reveal(at(col));
    }
    assert_eq!(game.status(), Status::Won);
    assert_eq!(game.post_mortem(), None);
}

#[test]
fn the_post_mortem_tells_a_forced_guess_from_a_blunder() {
    // After opening the right end, the left pair is a 50/50: losing there was forced.
    let mut game = game("*.*..");
    game.reveal(at(4));
    game.reveal(at(0));
    assert_eq!(
        game.post_mortem(),
        Some(PostMortem {
            safe: vec![],
            mines: vec![at(2)],
            fatal: at(0),
        })
    );
    // Here the right pair was provably safe and the mine provable.
    let mut game = super::game("..*..");
    game.reveal(at(0));
    game.reveal(at(2));
    assert_eq!(
        game.post_mortem(),
        Some(PostMortem {
            safe: vec![at(3), at(4)],
            mines: vec![at(2)],
            fatal: at(2),
        })
    );
}

#[test]
fn the_post_mortem_sees_the_board_as_it_was_before_a_fatal_chord() {
    // Only the 1 in the middle is open; a wrong flag lets it chord, which opens the mine and
    // six safe cells. Before the chord nothing was provable.
    let mut game = game(
        "*..
         ...
         ...",
    );
    game.reveal(Pos::new(1, 1));
    game.toggle_flag(Pos::new(2, 2));
    game.chord(Pos::new(1, 1));
    assert_eq!(game.status(), Status::Lost);
    assert_eq!(
        game.post_mortem(),
        Some(PostMortem {
            safe: vec![],
            mines: vec![],
            fatal: Pos::new(0, 0),
        })
    );
}

#[test]
fn the_post_mortem_tells_what_logic_could_prove_before_the_fatal_click() {
    // A 50/50: after the right end, nothing tells the left pair's mine from its safe cell.
    let mut coin = game("*.*..");
    coin.reveal(at(4));
    coin.reveal(at(0));
    let seen = coin.post_mortem().unwrap();
    assert!(seen.safe.is_empty() && !seen.mines.contains(&seen.fatal));
    // A mine the 1 beside it proved.
    let mut proven = game(".*..");
    proven.reveal(at(3));
    proven.reveal(at(1));
    let seen = proven.post_mortem().unwrap();
    assert!(seen.mines.contains(&seen.fatal));
    // A mine hit while provably safe cells waited elsewhere.
    let mut hasty = game("..*..");
    hasty.reveal(at(0));
    hasty.reveal(at(2));
    assert!(!hasty.post_mortem().unwrap().safe.is_empty());
}
