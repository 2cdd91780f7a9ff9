//! The sessions of grid-arcade that the memory figures are taken on (the terminal bench) and
//! that the release build's hot code is laid out for (the hot_code bench): the menu, each game
//! at its default size played a little, a lost Minesweeper expert game and its post-mortem, every
//! screen of the menu once, and the menu of a player with records.
//!
//! Included from a bench file with `#[path = "support/sessions.rs"] mod sessions;`, beside
//! `support/pty.rs` as `mod pty`, `support/sandbox.rs` as `mod sandbox` and
//! `../tests/common/drive.rs` as `mod drive`.

use std::io;
use std::time::Duration;

use grid_arcade::games::minesweeper::{BoardSize, Difficulty, place_mines};
use grid_arcade::games::twenty48::{Direction, Game};
use grid_arcade::play::minesweeper::session::Session as MinesweeperSession;
use grid_arcade::play::minesweeper::settings::{SETTINGS, Setup};
use grid_arcade::store::Settings;
use grid_arcade::ui::minesweeper::MinesweeperScreen;

use crate::drive::RECORDS;
use crate::drive::twenty48::corner_move;
use crate::pty::{self, Pty, escape};
use crate::sandbox::{FRAME_TIMEOUT, QUIET_TIMEOUT, Sandbox, quit_from_game, quit_from_menu};

pub const UP: &[u8] = b"\x1b[A";
pub const DOWN: &[u8] = b"\x1b[B";
pub const RIGHT: &[u8] = b"\x1b[C";
pub const LEFT: &[u8] = b"\x1b[D";
const ESC: &[u8] = b"\x1b";
/// What the program writes first, on entering full-screen mode: the switch to the alternate screen.
const FULL_SCREEN: &[u8] = b"\x1b[?1049h";
/// The seed of the sessions (`--seed`), so that every run plays the same games.
const SEED: u64 = 7;
/// Silence that ends a step: above the 300 ms that the computer's tic-tac-toe move is held back.
const STEP_QUIET: Duration = Duration::from_millis(500);

/// A session: `grid-arcade --seed SEED ARGS` in a sandbox of its own, then the keys typed, one
/// step at a time (a step's bytes sent at once, then the program left to go quiet).
pub struct Session {
    pub name: &'static str,
    /// The config file the sandbox starts with; none for a first launch.
    config: Option<&'static str>,
    args: &'static [&'static str],
    steps: Vec<Vec<u8>>,
    /// Whether the steps end on a game's screen rather than on the menu.
    in_game: bool,
    /// Text that the last step must draw, where the session depends on it.
    shows: Option<&'static str>,
}

/// Every session, the plain menu first.
pub fn sessions() -> Vec<Session> {
    let keys = |steps: &[&[u8]]| steps.iter().map(|step| step.to_vec()).collect();
    let session = |name, args, steps, in_game, shows| Session {
        name,
        config: None,
        args,
        steps,
        in_game,
        shows,
    };
    let lost = expert_loss();
    let mut post_mortem = lost.clone();
    post_mortem.push(b"t".to_vec());
    vec![
        session("menu", &[], vec![], false, None),
        // Paused at once: the running clock would never let the program go quiet.
        session(
            "Minesweeper beginner, first reveal, paused",
            &[],
            keys(&[b"1", b" p"]),
            true,
            Some("Paused"),
        ),
        session(
            "tic-tac-toe 3x3, a move each",
            &[],
            keys(&[b"2", b"5"]),
            true,
            None,
        ),
        session("2048 4x4, two moves", &[], twenty48_two_moves(), true, None),
        session(
            "Minesweeper expert, lost",
            &["minesweeper", "--difficulty", "expert"],
            lost,
            true,
            Some("Boom"),
        ),
        session(
            "  then its post-mortem (t)",
            &["minesweeper", "--difficulty", "expert"],
            post_mortem,
            true,
            Some("provably safe"),
        ),
        session(
            "every screen once (1 to 8, Esc after each)",
            &[],
            (b'1'..=b'8')
                .flat_map(|item| [vec![item], ESC.to_vec()])
                .collect(),
            false,
            None,
        ),
        Session {
            config: Some(RECORDS),
            ..session("menu of a player with records", &[], vec![], false, None)
        },
    ]
}

impl Session {
    /// Starts the session in `sandbox` through `launch` (given the arguments) and types its
    /// steps; the program is left running on the last step's screen.
    pub fn play(
        &self,
        sandbox: &Sandbox,
        launch: impl FnOnce(&Sandbox, &[&str]) -> io::Result<Pty>,
    ) -> io::Result<Pty> {
        if let Some(config) = self.config {
            std::fs::write(sandbox.path("config.toml"), config)?;
        }
        let seed = SEED.to_string();
        let args: Vec<&str> = ["--seed", &seed]
            .into_iter()
            .chain(self.args.iter().copied())
            .collect();
        let mut pty = launch(sandbox, &args)?;
        pty.read_until(FULL_SCREEN, FRAME_TIMEOUT)?;
        let mut shown = pty.read_until_quiet(STEP_QUIET, QUIET_TIMEOUT)?;
        for step in &self.steps {
            pty.send(step)?;
            shown = pty.read_until_quiet(STEP_QUIET, QUIET_TIMEOUT)?;
        }
        if let Some(text) = self.shows
            && pty::find(&shown, text.as_bytes()).is_none()
        {
            return Err(io::Error::other(format!(
                "{}: the last step did not draw \"{text}\": {}",
                self.name,
                escape(&shown)
            )));
        }
        Ok(pty)
    }

    /// Quits the program from where [`Session::play`] left it.
    pub fn quit(&self, pty: &mut Pty) -> io::Result<()> {
        if self.in_game {
            quit_from_game(pty, STEP_QUIET)
        } else {
            quit_from_menu(pty, STEP_QUIET, "")
        }
    }
}

/// 3 on the menu opens 2048, whose first game has the seed; then two moves of the corner strategy.
fn twenty48_two_moves() -> Vec<Vec<u8>> {
    let mut game = Game::new(4, SEED).expect("4 is a valid size");
    let mut steps = vec![b"3".to_vec()];
    for _ in 0..2 {
        let direction = corner_move(&game).expect("a new game has moves");
        game.play(direction);
        steps.push(arrow(direction).to_vec());
    }
    steps
}

/// The first reveal where the cursor starts, then the cursor to the nearest mine and a reveal
/// there, typed at once (between them the clock runs, so the program is never quiet); the mines
/// are the rules' for the seed and that first cell.
fn expert_loss() -> Vec<Vec<u8>> {
    let setup = Setup {
        difficulty: Difficulty::Expert,
        size: BoardSize::EXPERT,
        ..Setup::from_settings(&Settings::defaults(SETTINGS))
    };
    let first = MinesweeperScreen::new(MinesweeperSession::new(setup, SEED, None)).cursor;
    let mines = place_mines(setup.size, SEED, first, setup.options.first_click)
        .expect("an expert board has room for its mines");
    let mine = mines
        .mines()
        .min_by_key(|m| m.row.abs_diff(first.row) + m.col.abs_diff(first.col))
        .expect("an expert board has mines");
    let vertical = if mine.row > first.row { DOWN } else { UP };
    let horizontal = if mine.col > first.col { RIGHT } else { LEFT };
    let walk = [
        vertical.repeat(mine.row.abs_diff(first.row)),
        horizontal.repeat(mine.col.abs_diff(first.col)),
    ]
    .concat();
    vec![[b" ", &walk[..], b" "].concat()]
}

fn arrow(direction: Direction) -> &'static [u8] {
    match direction {
        Direction::Up => UP,
        Direction::Down => DOWN,
        Direction::Right => RIGHT,
        Direction::Left => LEFT,
    }
}
