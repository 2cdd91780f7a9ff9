//! The player's moves as data. A game is its size, seed, options and moves: played again in
//! order they give the same position, which is how a game in progress is saved and resumed.
//!
//! A list of moves is written as text, one move per word: `<ms>:<kind><row>,<col>` with the kind
//! `r` (reveal), `f` (flag), `c` (chord), `o` (the first cell, opened for the player), or
//! `<ms>:h` for a hint and `<ms>:a` when the computer took over; `ms` is the game's clock when
//! the move was made. A move that was a guess carries its chances in thousandths after a `~`:
//! the cell's chance of a mine, then the safest cell's. For example
//! `0:r4,4 1530:f2,3 2500:h 3100:r0,8~333,310`.

use std::fmt::{self, Write};

use super::game::{Game, Outcome};
use super::grid::Pos;
use super::guess::Guess;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Reveal(Pos),
    Flag(Pos),
    Chord(Pos),
    /// A hint was asked for: it marks the game as helped.
    Hint,
    /// The first cell, opened for the player (a game from a code, or restarted): a reveal that
    /// is no click of theirs.
    Opening(Pos),
    /// The computer took over: it marks the game as helped, as a hint does.
    Autoplay,
}

impl Move {
    /// The cell the move is made on, if it names one.
    pub fn cell(self) -> Option<Pos> {
        match self {
            Move::Reveal(pos) | Move::Flag(pos) | Move::Chord(pos) | Move::Opening(pos) => {
                Some(pos)
            }
            Move::Hint | Move::Autoplay => None,
        }
    }
}

/// A move and the game's clock when it was made, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedMove {
    pub at_ms: u64,
    pub play: Move,
    /// The move was a guess, with these chances (known once it is examined).
    pub guess: Option<Guess>,
}

impl TimedMove {
    /// A move not examined yet.
    pub fn new(at_ms: u64, play: Move) -> TimedMove {
        TimedMove {
            at_ms,
            play,
            guess: None,
        }
    }
}

impl Game {
    /// Plays one move (a hint only marks the game; [`Game::hint`] gives its answer).
    pub fn play(&mut self, play: Move) -> Outcome {
        match play {
            Move::Reveal(pos) => self.reveal(pos),
            Move::Flag(pos) => self.toggle_flag(pos),
            Move::Chord(pos) => self.chord(pos),
            Move::Opening(pos) => self.open_for_player(pos),
            Move::Hint | Move::Autoplay => {
                let previous = self.status();
                if play == Move::Hint {
                    self.hint();
                } else {
                    self.mark_helped();
                }
                Outcome {
                    changed: false,
                    previous,
                    status: previous,
                }
            }
        }
    }
}

/// The text form of a list of moves (see the module documentation).
pub fn encode(moves: &[TimedMove]) -> String {
    let mut text = String::with_capacity(moves.len() * 10);
    for (i, TimedMove { at_ms, play, guess }) in moves.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        let _ = match play {
            Move::Reveal(pos) => write!(text, "{at_ms}:r{},{}", pos.row, pos.col),
            Move::Flag(pos) => write!(text, "{at_ms}:f{},{}", pos.row, pos.col),
            Move::Chord(pos) => write!(text, "{at_ms}:c{},{}", pos.row, pos.col),
            Move::Opening(pos) => write!(text, "{at_ms}:o{},{}", pos.row, pos.col),
            Move::Hint => write!(text, "{at_ms}:h"),
            Move::Autoplay => write!(text, "{at_ms}:a"),
        };
        if let Some(Guess { mine, safest }) = guess {
            let _ = write!(text, "~{mine},{safest}");
        }
    }
    text
}

/// Why a list of moves could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMove(pub String);

impl fmt::Display for BadMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the move {:?} is not a Minesweeper move", self.0)
    }
}

impl std::error::Error for BadMove {}

/// Reads the text form of a list of moves back.
pub fn decode(text: &str) -> Result<Vec<TimedMove>, BadMove> {
    text.split_whitespace()
        .map(|word| decode_one(word).ok_or_else(|| BadMove(word.to_string())))
        .collect()
}

fn decode_one(word: &str) -> Option<TimedMove> {
    let (at_ms, play) = word.split_once(':')?;
    let at_ms = at_ms.parse().ok()?;
    let (play, guess) = match play.split_once('~') {
        Some((play, chances)) => {
            let (mine, safest) = chances.split_once(',')?;
            let chance = |text: &str| text.parse::<u16>().ok().filter(|&c| c <= 1000);
            (
                play,
                Some(Guess {
                    mine: chance(mine)?,
                    safest: chance(safest)?,
                }),
            )
        }
        None => (play, None),
    };
    let mut chars = play.chars();
    let kind = chars.next()?;
    let at = || {
        let (row, col) = chars.as_str().split_once(',')?;
        Some(Pos::new(row.parse().ok()?, col.parse().ok()?))
    };
    let play = match kind {
        'r' => Move::Reveal(at()?),
        'f' => Move::Flag(at()?),
        'c' => Move::Chord(at()?),
        'o' => Move::Opening(at()?),
        'h' if play.len() == 1 => Move::Hint,
        'a' if play.len() == 1 => Move::Autoplay,
        _ => return None,
    };
    Some(TimedMove { at_ms, play, guess })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::minesweeper::{BoardSize, GameOptions, Status};

    #[test]
    fn moves_read_back_as_written() {
        let guess = Some(Guess {
            mine: 333,
            safest: 310,
        });
        let moves = vec![
            TimedMove::new(0, Move::Reveal(Pos::new(4, 4))),
            TimedMove::new(1530, Move::Flag(Pos::new(2, 3))),
            TimedMove {
                guess,
                ..TimedMove::new(2100, Move::Chord(Pos::new(13, 999)))
            },
            TimedMove::new(2500, Move::Hint),
            TimedMove::new(2600, Move::Opening(Pos::new(0, 7))),
            TimedMove::new(2700, Move::Autoplay),
            TimedMove {
                guess,
                ..TimedMove::new(3100, Move::Reveal(Pos::new(0, 8)))
            },
        ];
        let text = encode(&moves);
        assert_eq!(
            text,
            "0:r4,4 1530:f2,3 2100:c13,999~333,310 2500:h 2600:o0,7 2700:a 3100:r0,8~333,310"
        );
        assert_eq!(decode(&text).unwrap(), moves);
        assert_eq!(decode("").unwrap(), []);
        for bad in [
            "r4,4",
            "1:x4,4",
            "1:r4",
            "1:r4,",
            "1:hh",
            "-1:r1,1",
            "1:r1,1,1",
            "1:r1,1~",
            "1:r1,1~5",
            "1:r1,1~5,1001",
            "1:aa",
        ] {
            assert_eq!(decode(bad), Err(BadMove(bad.to_string())), "{bad}");
        }
    }

    #[test]
    fn a_game_played_again_from_its_moves_reaches_the_same_position() {
        let options = GameOptions::default();
        let mut game = Game::new(BoardSize::EXPERT, 77, options);
        let mut moves = Vec::new();
        // Reveal cells in reading order until the game ends, flagging now and then.
        for (i, pos) in game.grid().positions().enumerate() {
            if game.status().is_over() {
                break;
            }
            let play = match i % 7 {
                3 => Move::Flag(pos),
                5 => Move::Hint,
                _ => Move::Reveal(pos),
            };
            game.play(play);
            moves.push(TimedMove::new(i as u64, play));
        }
        let mut again = Game::new(BoardSize::EXPERT, 77, options);
        for timed in decode(&encode(&moves)).unwrap() {
            again.play(timed.play);
        }
        assert!(game.status().is_over());
        assert_eq!(again.status(), game.status());
        assert_eq!(again.clicks(), game.clicks());
        assert_eq!(again.used_hint(), game.used_hint());
        let views = |g: &Game| g.grid().positions().map(|p| g.cell(p)).collect::<Vec<_>>();
        assert_eq!(views(&again), views(&game));
        assert_ne!(game.status(), Status::NotStarted);
    }
}
