//! The computer following a game in progress on a worker thread, so that no click waits for it.
//! It plays the game's moves on a copy of its own and examines each before playing it, telling
//! the guesses from the moves logic proves safe; and it reads a position when asked (the chance
//! of a mine under every hidden cell, and the move it would make). A game that ends takes up at
//! once whatever the worker has not examined yet.

use crate::games::minesweeper::odds::{self, Choice, Odds, Position};
use crate::games::minesweeper::{BoardSize, Game, GameOptions, Guess, Move, TimedMove};
use crate::waker::Waker;
use crate::worker::Worker;

/// What makes the board: with the moves, the whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub size: BoardSize,
    pub seed: u64,
    pub options: GameOptions,
}

impl Board {
    fn game(self) -> Game {
        Game::new(self.size, self.seed, self.options)
    }
}

/// What the computer makes of a position.
#[derive(Clone, Debug)]
pub struct Reading {
    /// Read after this many moves.
    pub moves: usize,
    /// `None` only were a board not to fit what it shows, which a real board always does.
    pub odds: Option<Odds>,
    /// The move it would make: a cell certainly safe, else its best guess.
    pub choice: Option<Choice>,
}

/// The worker's copy of the game, kept from one job to the next.
#[derive(Default)]
struct Follower {
    game: Option<(Board, Game)>,
    /// Moves played on it.
    played: usize,
}

struct Answer {
    /// The moves examined up to here, with the guesses found among them by index.
    examined: usize,
    guesses: Vec<(usize, Guess)>,
    reading: Option<Reading>,
}

pub struct Analysis {
    worker: Worker<Follower, Answer>,
    board: Board,
    /// How many of the game's moves are examined; the guesses among them carry their chances.
    examined: usize,
    /// The latest reading.
    reading: Option<Reading>,
    /// A reading after this many moves is wanted.
    wanted: Option<usize>,
}

impl Analysis {
    /// The analysis of a game on `board` whose first `examined` moves are examined already.
    pub fn new(board: Board, examined: usize) -> Analysis {
        Analysis {
            worker: Worker::new(Follower::default),
            board,
            examined,
            reading: None,
            wanted: None,
        }
    }

    /// How many of the game's moves are examined.
    pub fn examined(&self) -> usize {
        self.examined
    }

    /// Asks for a reading of the position after `moves` moves.
    pub fn want_reading(&mut self, moves: usize) {
        if self.reading_since(moves).is_none() {
            self.wanted = Some(moves);
        }
    }

    /// The latest reading, if it was made after `moves` moves or more.
    pub fn reading_since(&self, moves: usize) -> Option<&Reading> {
        self.reading
            .as_ref()
            .filter(|reading| reading.moves >= moves)
    }

    /// Takes a finished job's answer into `moves`; whether it brought anything.
    pub fn take(&mut self, moves: &mut [TimedMove]) -> bool {
        let Some(answer) = self.worker.take_answer() else {
            return false;
        };
        if answer.examined > self.examined {
            for (index, guess) in answer.guesses {
                if let Some(timed) = moves.get_mut(index).filter(|_| index >= self.examined) {
                    timed.guess = Some(guess);
                }
            }
            self.examined = answer.examined;
        }
        if let Some(reading) = answer.reading {
            if self.wanted.is_some_and(|wanted| reading.moves >= wanted) {
                self.wanted = None;
            }
            self.reading = Some(reading);
        }
        true
    }

    /// Starts the work that is wanted, once the worker is free: the moves not examined yet, and a
    /// reading if one is wanted.
    pub fn keep_busy(&mut self, moves: &[TimedMove], waker: Option<&Waker>) {
        let reading = self.wanted.is_some_and(|wanted| wanted <= moves.len());
        if !self.worker.is_idle() || (self.examined >= moves.len() && !reading) {
            return;
        }
        let (board, from) = (self.board, self.examined);
        let plays: Vec<Move> = moves.iter().map(|timed| timed.play).collect();
        self.worker.start(
            move |follower| follower.answer(board, &plays, from, reading),
            waker.cloned(),
        );
    }

    /// Examines at once the moves the worker has not, for a game that just ended.
    pub fn finish(&mut self, moves: &mut [TimedMove]) {
        if self.examined >= moves.len() {
            return;
        }
        let mut game = self.board.game();
        for timed in &moves[..self.examined] {
            play_on(&mut game, timed.play);
        }
        for timed in &mut moves[self.examined..] {
            timed.guess = timed.guess.or_else(|| game.examine(timed.play));
            play_on(&mut game, timed.play);
        }
        self.examined = moves.len();
    }
}

impl Follower {
    /// Plays `plays` on the copy, examining those from `from` on, then reads the position when
    /// `reading` asks.
    fn answer(&mut self, board: Board, plays: &[Move], from: usize, reading: bool) -> Answer {
        let fresh = !matches!(&self.game, Some((kept, _)) if *kept == board) || self.played > from;
        if fresh {
            self.game = Some((board, board.game()));
            self.played = 0;
        }
        let Some((_, game)) = &mut self.game else {
            unreachable!("the copy was just made")
        };
        let mut guesses = Vec::new();
        for (index, &play) in plays.iter().enumerate().skip(self.played) {
            if index >= from
                && let Some(guess) = game.examine(play)
            {
                guesses.push((index, guess));
            }
            play_on(game, play);
        }
        self.played = plays.len();
        Answer {
            examined: plays.len(),
            guesses,
            reading: reading.then(|| read(game, plays.len())),
        }
    }
}

/// Plays `play` on a copy of the game. A hint or autoplay's start changes nothing the computer
/// reads (a hint would run the solver again for nothing), so it is left out.
fn play_on(game: &mut Game, play: Move) {
    if !matches!(play, Move::Hint | Move::Autoplay) {
        game.play(play);
    }
}

/// The chances of `game`'s position, after `moves` moves, and the move the computer makes there.
fn read(game: &Game, moves: usize) -> Reading {
    let position = Position::of_board(game);
    let odds = odds::odds(&position).ok();
    Reading {
        moves,
        choice: odds
            .as_ref()
            .and_then(|odds| odds::best_move(&position, odds)),
        odds,
    }
}
