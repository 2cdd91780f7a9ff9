//! The computer's jobs on the worker: its move or a hint, for the position they were asked about,
//! so an answer that arrives after the game moved on is recognised and dropped.

use crate::games::GameRng;
use crate::games::tictactoe::{Budget, Computer, Game, Level, Pos};
use crate::waker::Waker;
use crate::worker::Worker;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// The computer's own move.
    Move,
    /// Hard's choice for the player.
    Hint,
}

/// Which game and move a job was asked about: the game's number in the session and its move count.
pub type Tag = (u32, usize);

pub struct Answer {
    pub job: Job,
    pub pos: Option<Pos>,
    pub tag: Tag,
}

/// The worker keeps the computer, and with it what its searches learned, between jobs.
pub type Thinking = Worker<Computer, Answer>;

pub fn new_thinking() -> Thinking {
    Worker::new(Computer::new)
}

/// Starts `job` for the player to move in `game`.
pub fn think(
    thinking: &mut Thinking,
    job: Job,
    tag: Tag,
    game: &Game,
    level: Level,
    mut rng: GameRng,
    waker: Option<Waker>,
) {
    let game = game.clone();
    thinking.start(
        move |computer| {
            let pos = computer.choose_move(&game, level, Budget::PER_MOVE, &mut rng);
            Answer { job, pos, tag }
        },
        waker,
    );
}
