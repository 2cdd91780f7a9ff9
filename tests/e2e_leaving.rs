//! Every way of leaving a game in a real terminal (tmux), each game recorded exactly once: the
//! records read as a player would, with `grid-arcade scores --json`.

mod common;

use std::fs;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use common::e2e_play::*;
use common::{Tmux, menu_line, snapshot};
use grid_arcade::games::minesweeper::{BoardSize, FirstClick, Pos as MinePos, place_mines};
use grid_arcade::games::twenty48::{Direction, Game, Status};

// ---------------------------------------------------------------------------------------------
// Every game recorded exactly once, however it is left

fn signal(pid: u32, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success(), "kill -{name} {pid}");
}

/// Whether a process has ended (gone, or a zombie nobody has reaped yet).
fn has_ended(pid: u32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state is the first field after the command name, which is in parentheses.
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z')),
        Err(_) => true,
    }
}

fn wait_ended(pid: u32) {
    let start = Instant::now();
    while !has_ended(pid) {
        assert!(start.elapsed() < PATIENCE, "process {pid} did not end");
        sleep(Duration::from_millis(20));
    }
}

/// A way to leave the program with a game in progress.
#[derive(Clone, Copy, Debug)]
enum Leave {
    /// Esc to the menu (which must offer the game), then q there.
    Escape,
    Quit,
    CtrlC,
    Sigterm,
    Sighup,
    CloseTerminal,
}

impl Leave {
    const ALL: [Leave; 6] = [
        Leave::Escape,
        Leave::Quit,
        Leave::CtrlC,
        Leave::Sigterm,
        Leave::Sighup,
        Leave::CloseTerminal,
    ];

    /// Leaves the program showing the game named `title` on the menu, and waits for it to end;
    /// checks the exit status where one is promised.
    fn leave(self, tmux: &Tmux, title: &str) {
        let status = match self {
            Leave::Escape => {
                tmux.keys(&["Escape"]);
                let menu = tmux.wait_for("q quit");
                assert!(menu_line(&menu, title).contains("resume"), "{menu}");
                tmux.keys(&["q"]);
                0
            }
            Leave::Quit => {
                tmux.keys(&["q"]);
                0
            }
            Leave::CtrlC => {
                tmux.keys(&["C-c"]);
                0
            }
            Leave::Sigterm => {
                signal(tmux.app_pid(), "TERM");
                128 + 15
            }
            Leave::Sighup => {
                signal(tmux.app_pid(), "HUP");
                128 + 1
            }
            Leave::CloseTerminal => {
                let pid = tmux.app_pid();
                tmux.close_terminal();
                wait_ended(pid);
                return;
            }
        };
        assert_eq!(tmux.wait_exit(), status, "exit status after {self:?}");
    }
}

/// One game as the records test plays it.
struct RecordCase {
    /// Its name on the menu, the key that opens it there, its key in `scores --json`, and how
    /// the names of its saved games in the data folder begin.
    title: &'static str,
    menu_key: &'static str,
    records: &'static str,
    saves: &'static str,
    config: &'static str,
    /// Starts the program with `config` in place, plays a game to its end, and says whether the
    /// end is recorded before the player moves on.
    finish: fn(config: &str) -> (Tmux, bool),
    /// How the program is left after the end.
    leave_after_end: Leave,
    /// Plays the first moves of a game opened from the menu, so that it is in progress.
    progress: fn(&Tmux),
    /// What the screen shows of the game, to tell the same game when it comes back.
    state: fn(&str) -> Option<String>,
}

impl RecordCase {
    fn recorded(&self, tmux: &Tmux) -> u64 {
        games_recorded(tmux.home.path(), self.records)
    }

    fn wait_state(&self, tmux: &Tmux) -> String {
        let screen = wait_settled(tmux, &format!("a {} game", self.title), |s| {
            (self.state)(s).is_some()
        });
        (self.state)(&screen).unwrap()
    }

    /// The saved games of this game in the data folder.
    fn saved_games(&self, tmux: &Tmux) -> Vec<String> {
        let data = data_dir(tmux.home.path());
        snapshot(&data)
            .into_keys()
            .filter(|name| name.starts_with(self.saves) && name.ends_with(".toml"))
            .collect()
    }

    /// The menu after a start, and whether it offers the game.
    fn offered(&self, tmux: &Tmux) -> bool {
        let menu = tmux.wait_for("q quit");
        menu_line(&menu, self.title).contains("resume")
    }

    fn run(&self) {
        let (mut tmux, at_once) = (self.finish)(self.config);
        if at_once {
            assert_eq!(self.recorded(&tmux), 1, "the finished game is recorded");
        }
        self.leave_after_end.leave(&tmux, self.title);
        assert_eq!(
            self.recorded(&tmux),
            1,
            "recorded once, leaving ({:?}) adds nothing",
            self.leave_after_end
        );

        let saved = self.saved_games(&tmux);
        assert!(saved.is_empty(), "the finished game's file goes: {saved:?}");
        tmux.restart(WIDTH, HEIGHT, &[]);
        assert!(!self.offered(&tmux), "a finished game is not offered again");
        tmux.keys(&[self.menu_key]);
        (self.progress)(&tmux);
        let state = self.wait_state(&tmux);
        for how in Leave::ALL {
            how.leave(&tmux, self.title);
            assert_eq!(self.recorded(&tmux), 1, "{how:?} records nothing");
            tmux.restart(WIDTH, HEIGHT, &[]);
            assert!(self.offered(&tmux), "offered again after {how:?}");
            tmux.keys(&[self.menu_key]);
            tmux.wait_until(&format!("the same game after {how:?}:\n{state}\n"), |s| {
                (self.state)(s).as_ref() == Some(&state)
            });
        }

        // A new game over the one in progress: declined, nothing happens; accepted, it counts.
        tmux.keys(&["n"]);
        tmux.wait_for("Start a new game?");
        tmux.keys(&["n"]);
        tmux.wait_until("the same game", |s| {
            !s.contains("Start a new game?") && (self.state)(s).as_ref() == Some(&state)
        });
        assert_eq!(self.recorded(&tmux), 1, "a new game declined");
        tmux.keys(&["n"]);
        tmux.wait_for("Start a new game?");
        tmux.keys(&["y"]);
        tmux.wait_until("a new game", |s| {
            !s.contains("Start a new game?") && (self.state)(s).is_some_and(|now| now != state)
        });
        assert_eq!(self.recorded(&tmux), 2, "the game left for a new one");
        tmux.keys(&["q"]);
        assert_eq!(tmux.wait_exit(), 0);
        assert_eq!(self.recorded(&tmux), 2, "the new game has not started");
    }
}

/// Loses a beginner game: the first reveal in the middle, then a mine the rules place there.
fn lose_minesweeper(config: &str) -> (Tmux, bool) {
    const SEED: u64 = 11;
    let args = [
        "minesweeper",
        "--seed",
        &SEED.to_string(),
        "--first-click",
        "safe",
    ];
    let tmux = Tmux::start_with_config(WIDTH, HEIGHT, &args, config);
    mines_first_reveal(&tmux);
    let first = MinePos::new(4, 4);
    let mines = place_mines(BoardSize::BEGINNER, SEED, first, FirstClick::Safe).unwrap();
    let mine = mines
        .grid()
        .positions()
        .find(|&p| mines.is_mine(p))
        .unwrap();
    let mut keys = vec!["PgUp", "Home"];
    keys.extend(std::iter::repeat_n("Down", mine.row));
    keys.extend(std::iter::repeat_n("Right", mine.col));
    keys.push("Space");
    tmux.keys(&keys);
    tmux.wait_for("Boom.");
    (tmux, true)
}

/// Two players: X takes the top row.
fn win_tictactoe(config: &str) -> (Tmux, bool) {
    let args = ["tictactoe", "--opponent", "human"];
    let tmux = Tmux::start_with_config(WIDTH, HEIGHT, &args, config);
    tmux.wait_for("3x3");
    tmux.keys(&["1", "4", "2", "5", "3"]);
    tmux.wait_for("X wins!");
    (tmux, true)
}

/// A seed and moves that end a 3x3 game quickly: each move is the one that scores least, which
/// fills the board. The shortest of a few seeds.
fn quick_twenty48_loss() -> (u64, Vec<Direction>) {
    (0..20)
        .map(|seed| {
            let mut game = Game::new(3, seed).unwrap();
            let mut moves = Vec::new();
            while game.status() == Status::Playing && moves.len() < 500 {
                let direction = Direction::ALL
                    .into_iter()
                    .filter_map(|d| Some((game.clone().play(d)?.score_gained, d)))
                    .min_by_key(|(points, _)| *points)
                    .map(|(_, d)| d)
                    .expect("a game still playing has a move");
                game.play(direction);
                moves.push(direction);
            }
            (seed, game.status(), moves)
        })
        .filter(|(_, status, _)| *status == Status::Over)
        .min_by_key(|(_, _, moves)| moves.len())
        .map(|(seed, _, moves)| (seed, moves))
        .expect("some seed ends soon")
}

/// A 3x3 game played until no move is left; it is recorded when the player moves on.
fn end_twenty48(config: &str) -> (Tmux, bool) {
    let (seed, moves) = quick_twenty48_loss();
    let args = ["2048", "--size", "3", "--seed", &seed.to_string()];
    let tmux = Tmux::start_with_config(WIDTH, HEIGHT, &args, config);
    wait_view(&tmux, 3, "a new 3x3 game", |v| v.moves == 0);
    let keys: Vec<&str> = moves.iter().map(|&d| arrow(d)).collect();
    tmux.keys(&keys);
    // The card at the end takes the status line's place.
    let screen = tmux.wait_for("Game over!");
    assert!(screen.contains("score "), "{screen}");
    (tmux, false)
}

#[test]
fn every_minesweeper_game_is_recorded_once_however_it_is_left() {
    RecordCase {
        title: "Minesweeper",
        menu_key: "1",
        records: "minesweeper",
        saves: "minesweeper",
        config: "",
        finish: lose_minesweeper,
        leave_after_end: Leave::Sigterm,
        progress: mines_first_reveal,
        state: mines_board,
    }
    .run();
}

#[test]
fn every_tictactoe_game_is_recorded_once_however_it_is_left() {
    RecordCase {
        title: "Tic-tac-toe",
        menu_key: "2",
        records: "tictactoe",
        saves: "tictactoe",
        // Against the computer, with X: a game left for a new one counts as lost.
        config: "[tictactoe]\nopponent = \"easy\"\nplay_as = \"x\"\n",
        finish: win_tictactoe,
        leave_after_end: Leave::Sighup,
        progress: ttt_play_against_computer,
        state: |s| s.contains("3x3 vs").then(|| ttt_board(s)),
    }
    .run();
}

#[test]
fn every_2048_game_is_recorded_once_however_it_is_left() {
    RecordCase {
        title: "2048",
        menu_key: "3",
        records: "2048",
        saves: "2048-",
        config: NO_ANIMATIONS,
        finish: end_twenty48,
        leave_after_end: Leave::CloseTerminal,
        progress: |tmux| {
            slide(tmux, 4, 2);
        },
        state: |s| Twenty48View::read(s, 4).map(|v| format!("{v:?}")),
    }
    .run();
}
