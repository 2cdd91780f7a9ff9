//! A game of 2048: moves with new tiles, score, win and game over, undo, and assistance marks.

use std::collections::{BTreeSet, VecDeque};

use serde::{Deserialize, Serialize};

use super::board::{Board, BoardError, Direction, Motion};
use super::spawn::{Tile, spawn};
use crate::games::{GameRng, rng_from_seed};

/// How many moves undo can take back. Older moves are forgotten; a save holds them all, about
/// 150 bytes each on 4x4 as JSON.
pub const UNDO_LIMIT: usize = 100;

/// The exponent of the winning tile: 2048 on 4x4 and larger, 512 on 3x3.
pub fn win_exponent(size: usize) -> u8 {
    if size <= 3 { 9 } else { 11 }
}

/// Where the game stands, for the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Playing,
    /// The winning tile was just made; moves and undo wait for [`Game::keep_going`] or a new game.
    Won,
    /// No move changes the board. Undo may still take moves back.
    Over,
}

/// The progress toward the winning tile. The win is reported once per game, so this is a mark on
/// the game, not part of a position, and undo never takes it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum WinState {
    NotReached,
    /// Reached and reported; the player has not yet chosen to keep going.
    Reached,
    KeptGoing,
}

/// Why a game counts as assisted. Marks stay for the rest of the game, saves included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Assist {
    /// A move was taken back; [`Game::undo`] sets it.
    Undo,
    /// The player was shown the computer's suggested move; the screen sets it with
    /// [`Game::mark_assist`].
    Hint,
    /// The computer played moves of this game; the screen sets it with [`Game::mark_assist`].
    Autoplay,
}

/// Why inputs could not be played again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    Board(BoardError),
    /// The input at this index changed nothing: it is not from this game.
    Input(usize),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Board(error) => write!(f, "{error}"),
            ReplayError::Input(at) => write!(f, "input {} does not fit the game", at + 1),
        }
    }
}

impl std::error::Error for ReplayError {}

/// What undo takes back: everything a move changes, the random source included, so a retried
/// move spawns the same tile and undo cannot be used to fish for a better one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Position {
    pub board: Board,
    /// Saturates at `u64::MAX`, which takes at least 2^56 moves: never in play.
    pub score: u64,
    pub moves: u64,
    #[serde(with = "super::save::rng_as_text")]
    pub rng: GameRng,
}

/// What a move did, for the screen's animation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    pub direction: Direction,
    pub score_gained: u64,
    /// Every tile on the board before the move, tiles that stayed put included, in no promised
    /// order. Both tiles of a merge have `merged` set and the same `to`.
    pub motions: Vec<Motion>,
    /// The tiles made by merges, with their new exponents.
    pub merged: Vec<Tile>,
    /// The tile that appeared after the slide.
    pub spawned: Tile,
    /// This move made the winning tile for the first time in the game.
    pub won: bool,
}

/// What the player did to a game: with the game's size and seed, its inputs give it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    Slide(Direction),
    Undo,
    KeepGoing,
}

impl Input {
    /// One letter: `u`, `d`, `l`, `r` for the slides, `z` for undo, `k` to keep going.
    pub fn letter(self) -> char {
        match self {
            Input::Slide(Direction::Up) => 'u',
            Input::Slide(Direction::Down) => 'd',
            Input::Slide(Direction::Left) => 'l',
            Input::Slide(Direction::Right) => 'r',
            Input::Undo => 'z',
            Input::KeepGoing => 'k',
        }
    }

    pub fn from_letter(letter: char) -> Option<Input> {
        Some(match letter {
            'u' => Input::Slide(Direction::Up),
            'd' => Input::Slide(Direction::Down),
            'l' => Input::Slide(Direction::Left),
            'r' => Input::Slide(Direction::Right),
            'z' => Input::Undo,
            'k' => Input::KeepGoing,
            _ => return None,
        })
    }
}

/// A game in progress. Serialize it to save; deserializing checks the save (both in `save.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(super) position: Position,
    /// The positions before the last moves, oldest first, at most [`UNDO_LIMIT`].
    pub(super) history: VecDeque<Position>,
    pub(super) win: WinState,
    pub(super) assists: BTreeSet<Assist>,
    /// The seed the game started from; saves of earlier versions did not keep it.
    pub(super) seed: Option<u64>,
    /// Every input that changed the game, in order.
    pub(super) inputs: Vec<Input>,
}

impl Game {
    /// A new game on a `size` x `size` board with two tiles, its spawns drawn from `seed`.
    pub fn new(size: usize, seed: u64) -> Result<Game, BoardError> {
        let mut board = Board::new(size)?;
        let mut rng = rng_from_seed(seed);
        for _ in 0..2 {
            spawn(&mut board, &mut rng);
        }
        Ok(Game {
            position: Position {
                board,
                score: 0,
                moves: 0,
                rng,
            },
            history: VecDeque::with_capacity(UNDO_LIMIT),
            win: WinState::NotReached,
            assists: BTreeSet::new(),
            seed: Some(seed),
            inputs: Vec::new(),
        })
    }

    /// The game that `inputs` make from a new game of `size` and `seed`: a saved or recorded game
    /// played again. Inputs that change nothing are refused.
    pub fn replay(size: usize, seed: u64, inputs: &[Input]) -> Result<Game, ReplayError> {
        let mut game = Game::new(size, seed).map_err(ReplayError::Board)?;
        for (at, input) in inputs.iter().enumerate() {
            let changed = match *input {
                Input::Slide(direction) => game.play(direction).is_some(),
                Input::Undo => game.undo(),
                Input::KeepGoing => game.keep_going(),
            };
            if !changed {
                return Err(ReplayError::Input(at));
            }
        }
        Ok(game)
    }

    /// The seed the game started from, when it is known.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The inputs that made this game from its seed, in order.
    pub fn inputs(&self) -> &[Input] {
        &self.inputs
    }

    /// Plays a move: slides and merges toward `direction`, scores the merges, adds a new tile.
    ///
    /// Returns None, changing nothing, when the move would not change the board or while the win
    /// waits for [`Game::keep_going`].
    pub fn play(&mut self, direction: Direction) -> Option<MoveReport> {
        if self.win == WinState::Reached {
            return None;
        }
        let before = self.position.clone();
        let mut motions = Vec::with_capacity(self.size() * self.size());
        let mut merged: Vec<Tile> = Vec::new();
        let score_gained = self.position.board.slide_reporting(direction, |motion| {
            motions.push(motion);
            // The two tiles of a merge arrive one after the other.
            if motion.merged && merged.last().map(|tile| tile.cell) != Some(motion.to) {
                merged.push(Tile {
                    cell: motion.to,
                    exponent: motion.exponent + 1,
                });
            }
        })?;

        let won = self.win == WinState::NotReached
            && merged
                .iter()
                .any(|tile| tile.exponent >= win_exponent(self.size()));
        if won {
            self.win = WinState::Reached;
        }
        let spawned = spawn(&mut self.position.board, &mut self.position.rng)
            .expect("a move that changes the board leaves an empty cell");
        self.position.score = self.position.score.saturating_add(score_gained);
        // Saturating so a tampered save holding u64::MAX moves cannot overflow.
        self.position.moves = self.position.moves.saturating_add(1);
        if self.history.len() == UNDO_LIMIT {
            self.history.pop_front();
        }
        self.history.push_back(before);
        self.inputs.push(Input::Slide(direction));
        Some(MoveReport {
            direction,
            score_gained,
            motions,
            merged,
            spawned,
            won,
        })
    }

    /// Takes back the last move, its new tile and its score, and marks the game as assisted.
    ///
    /// Returns false, changing nothing, when there is no move to take back or while the win waits
    /// for [`Game::keep_going`].
    pub fn undo(&mut self) -> bool {
        if self.win == WinState::Reached {
            return false;
        }
        let Some(previous) = self.history.pop_back() else {
            return false;
        };
        self.position = previous;
        self.assists.insert(Assist::Undo);
        self.inputs.push(Input::Undo);
        true
    }

    /// Goes on playing after the win; the win is not reported again in this game. Returns
    /// whether the game was waiting for it.
    pub fn keep_going(&mut self) -> bool {
        let waiting = self.win == WinState::Reached;
        if waiting {
            self.win = WinState::KeptGoing;
            self.inputs.push(Input::KeepGoing);
        }
        waiting
    }

    pub fn status(&self) -> Status {
        if self.win == WinState::Reached {
            Status::Won
        } else if self.can_move() {
            Status::Playing
        } else {
            Status::Over
        }
    }

    /// True when some move would change the board.
    pub fn can_move(&self) -> bool {
        self.position.board.can_move()
    }

    /// True when there is a move undo can take back (whether or not undo is allowed right now).
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    pub fn board(&self) -> &Board {
        &self.position.board
    }

    pub fn size(&self) -> usize {
        self.position.board.size()
    }

    pub fn score(&self) -> u64 {
        self.position.score
    }

    /// The moves that changed the board, less those taken back.
    pub fn moves(&self) -> u64 {
        self.position.moves
    }

    /// The exponent of the biggest tile on the board.
    pub fn biggest_tile(&self) -> u8 {
        self.position.board.biggest_tile()
    }

    /// Marks the game as assisted by `assist` for the rest of the game.
    pub fn mark_assist(&mut self, assist: Assist) {
        self.assists.insert(assist);
    }

    pub fn undo_used(&self) -> bool {
        self.assists.contains(&Assist::Undo)
    }

    /// True once a hint was shown in this game (see [`Game::mark_assist`]).
    pub fn hint_used(&self) -> bool {
        self.assists.contains(&Assist::Hint)
    }

    /// True once the computer played a move of this game (see [`Game::mark_assist`]).
    pub fn autoplayed(&self) -> bool {
        self.assists.contains(&Assist::Autoplay)
    }

    /// Every reason this game counts as assisted; empty for a game played unaided.
    pub fn assists(&self) -> impl Iterator<Item = Assist> + '_ {
        self.assists.iter().copied()
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
