//! Figures of the tic-tac-toe screen as a terminal sees it, on the release binary in a 100x35
//! pseudo-terminal (`grid-arcade tictactoe --opponent hard --play-as x`):
//!
//! 1. CPU time and wake-ups (context switches over all threads, from `/proc`) while the program
//!    waits for the player's first move, with no input;
//! 2. the latency from the player's key (digit 5) to the player's own mark and to the computer's
//!    answer on screen (the answer is held back about 300 ms on purpose);
//! 3. CPU time and wake-ups again while it waits for the player after the computer's answer;
//! 4. the bytes written for one cursor step on the board (Right, then Left back);
//! 5. more samples of 2., each after u (undo) has emptied the board.
//!
//! The times of Hard's moves themselves (first move on empty 3x3 and 4x4 boards, moves on 5x5) are
//! the rules bench's: `cargo bench --bench tictactoe`.
//!
//! It prints figures and asserts nothing about time. Options (arguments win over the environment):
//!
//! ```text
//! cargo bench --bench tictactoe_screen -- --idle-secs 10 --moves 5
//! GRID_ARCADE_BENCH_IDLE_SECS=10 GRID_ARCADE_BENCH_MOVES=5 cargo bench --bench tictactoe_screen
//! ```
//!
//! The program runs with a clean environment (TERM=xterm-256color, LANG=C.UTF-8) and its own
//! temporary HOME, XDG folders and `--config` file. The output is fed to a small screen model
//! (cursor moves, clears and text; colours ignored), and the board is read from it at the cells
//! the program's own layout gives.

#[path = "support/options.rs"]
mod options;
#[path = "support/pty.rs"]
mod pty;
#[path = "support/sandbox.rs"]
mod sandbox;
#[path = "support/timing.rs"]
mod timing;

use std::io;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use grid_arcade::games::tictactoe::Pos;
use grid_arcade::ui::tictactoe::layout::{GridLayout, layout};
use ratatui::layout::Rect;

use pty::{Chunk, Pty, escape};
use sandbox::{COLS, FRAME_TIMEOUT, QUIET_TIMEOUT, ROWS, Sandbox, quit_from_game};
use timing::{millis, percentile};

/// The footer's last word ("… n new  ? help"): the footer is the last row ratatui draws, and
/// "help" appears nowhere else on the tic-tac-toe screen.
const FRAME_END: &[u8] = b"help";
const RIGHT: &[u8] = b"\x1b[C";
const LEFT: &[u8] = b"\x1b[D";
/// The middle cell on the phone keypad (the default digit layout).
const CENTRE_KEY: &[u8] = b"5";
const UNDO: &[u8] = b"u";
/// How long a move may take to show before the bench gives up: well above the pause and Hard's
/// time on 3x3, on a busy machine too.
const MOVE_TIMEOUT: Duration = Duration::from_secs(10);
/// Silence that ends a redraw: well above the time one key takes to handle and draw, and below
/// the computer's pause, so it must only be used when no answer is due.
const KEY_QUIET: Duration = Duration::from_millis(200);
/// Silence awaited after the first frame and after each answer before anything is measured.
const SETTLE_QUIET: Duration = Duration::from_millis(300);

struct Options {
    idle_secs: u64,
    moves: usize,
}

const USAGE: &str = "usage: cargo bench --bench tictactoe_screen -- [--idle-secs N] [--moves N]
  --idle-secs N  seconds without input, before the first move and after the computer's answer,
                 while CPU and wake-ups are counted (default 10; GRID_ARCADE_BENCH_IDLE_SECS)
  --moves N      key-to-answer latencies measured (default 5; GRID_ARCADE_BENCH_MOVES)";

impl Options {
    fn parse() -> Result<Options, String> {
        let [idle_secs, moves] = options::parse([
            ("--idle-secs", "GRID_ARCADE_BENCH_IDLE_SECS", 10),
            ("--moves", "GRID_ARCADE_BENCH_MOVES", 5),
        ])?;
        if idle_secs == 0 || moves == 0 {
            return Err("--idle-secs and --moves must be at least 1".into());
        }
        Ok(Options {
            idle_secs,
            moves: moves as usize,
        })
    }
}

/// What the terminal shows: the characters of each cell, from the program's output. It follows
/// what ratatui and crossterm write (cursor positioning, clears, text); colours and modes are
/// skipped, and nothing wraps or scrolls.
struct Screen {
    cols: usize,
    rows: usize,
    cells: Vec<char>,
    row: usize,
    col: usize,
    state: Parse,
    /// The bytes of a character not complete yet.
    utf8: Vec<u8>,
}

enum Parse {
    Ground,
    Escape,
    /// A control sequence: its parameter and intermediate bytes so far.
    Csi(Vec<u8>),
    /// An operating system command, up to BEL or ESC \.
    Osc,
    OscEscape,
}

impl Screen {
    fn new(cols: u16, rows: u16) -> Screen {
        let (cols, rows) = (cols as usize, rows as usize);
        Screen {
            cols,
            rows,
            cells: vec![' '; cols * rows],
            row: 0,
            col: 0,
            state: Parse::Ground,
            utf8: Vec::new(),
        }
    }

    fn feed(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.byte(byte);
        }
    }

    fn byte(&mut self, byte: u8) {
        match std::mem::replace(&mut self.state, Parse::Ground) {
            Parse::Ground => self.ground(byte),
            Parse::Escape => match byte {
                b'[' => self.state = Parse::Csi(Vec::new()),
                b']' => self.state = Parse::Osc,
                // A two-byte escape (keypad mode, save cursor...): nothing drawn.
                _ => {}
            },
            Parse::Csi(mut params) => {
                if (0x40..=0x7e).contains(&byte) {
                    self.csi(&params, byte);
                } else {
                    params.push(byte);
                    self.state = Parse::Csi(params);
                }
            }
            Parse::Osc => {
                self.state = match byte {
                    0x07 => Parse::Ground,
                    0x1b => Parse::OscEscape,
                    _ => Parse::Osc,
                }
            }
            Parse::OscEscape => {}
        }
    }

    fn ground(&mut self, byte: u8) {
        if byte >= 0x80 || !self.utf8.is_empty() {
            self.utf8.push(byte);
            match std::str::from_utf8(&self.utf8) {
                Ok(text) => {
                    let c = text.chars().next().unwrap_or(' ');
                    self.utf8.clear();
                    self.put(c);
                }
                Err(error) if error.error_len().is_none() => {}
                Err(_) => {
                    self.utf8.clear();
                    self.put(char::REPLACEMENT_CHARACTER);
                }
            }
            return;
        }
        match byte {
            0x1b => self.state = Parse::Escape,
            b'\r' => self.col = 0,
            b'\n' => self.row = (self.row + 1).min(self.rows - 1),
            0x08 => self.col = self.col.saturating_sub(1),
            0x20..=0x7e => self.put(byte as char),
            _ => {}
        }
    }

    fn csi(&mut self, params: &[u8], last: u8) {
        if params
            .first()
            .is_some_and(|b| !b.is_ascii_digit() && *b != b';')
        {
            // A private mode (`?25l`, `?1049h`...): no drawing.
            return;
        }
        let numbers: Vec<usize> = std::str::from_utf8(params)
            .unwrap_or_default()
            .split(';')
            .map(|n| n.parse().unwrap_or(0))
            .collect();
        let n = |i: usize| numbers.get(i).copied().unwrap_or(0);
        let at_least_one = |i: usize| n(i).max(1);
        match last {
            b'H' | b'f' => {
                self.row = (at_least_one(0) - 1).min(self.rows - 1);
                self.col = (at_least_one(1) - 1).min(self.cols - 1);
            }
            b'A' => self.row = self.row.saturating_sub(at_least_one(0)),
            b'B' => self.row = (self.row + at_least_one(0)).min(self.rows - 1),
            b'C' => self.col = (self.col + at_least_one(0)).min(self.cols - 1),
            b'D' => self.col = self.col.saturating_sub(at_least_one(0)),
            b'G' => self.col = (at_least_one(0) - 1).min(self.cols - 1),
            b'd' => self.row = (at_least_one(0) - 1).min(self.rows - 1),
            b'J' => {
                let here = self.row * self.cols + self.col;
                let range = match n(0) {
                    0 => here..self.cells.len(),
                    1 => 0..here + 1,
                    _ => 0..self.cells.len(),
                };
                self.cells[range].fill(' ');
            }
            b'K' => {
                let start = self.row * self.cols;
                let range = match n(0) {
                    0 => start + self.col..start + self.cols,
                    1 => start..start + self.col + 1,
                    _ => start..start + self.cols,
                };
                self.cells[range].fill(' ');
            }
            // Colours, attributes and the rest: nothing drawn.
            _ => {}
        }
    }

    fn put(&mut self, c: char) {
        if self.col < self.cols {
            self.cells[self.row * self.cols + self.col] = c;
            self.col += 1;
        }
    }

    fn char_at(&self, x: u16, y: u16) -> char {
        let (x, y) = (x as usize, y as usize);
        if x < self.cols && y < self.rows {
            self.cells[y * self.cols + x]
        } else {
            ' '
        }
    }

    fn line(&self, y: u16) -> String {
        (0..self.cols as u16).map(|x| self.char_at(x, y)).collect()
    }
}

/// The tic-tac-toe board on the screen model, where the program's layout puts it.
struct Board {
    layout: GridLayout,
}

impl Board {
    fn new() -> Board {
        Board {
            layout: layout(Rect::new(0, 0, COLS, ROWS), 3, 3, 1, 1, 1),
        }
    }

    /// Cells with a mark: anything in them but blanks and the cursor's corners.
    fn marks(&self, screen: &Screen) -> usize {
        (0..9)
            .filter(|i| {
                let rect = self.layout.cell_rect(Pos::new(i / 3, i % 3)).unwrap();
                (rect.y..rect.bottom()).any(|y| {
                    (rect.x..rect.right())
                        .any(|x| !matches!(screen.char_at(x, y), ' ' | '┌' | '┐' | '└' | '┘' | '+'))
                })
            })
            .count()
    }

    fn status(&self, screen: &Screen) -> String {
        screen.line(self.layout.status.y)
    }

    /// The player is to move and `marks` cells are marked.
    fn players_turn_with(&self, screen: &Screen, marks: usize) -> bool {
        self.marks(screen) == marks && self.status(screen).contains("your turn (X)")
    }
}

/// What one wait brought: when the awaited screen showed, and the bytes read meanwhile.
struct Shown {
    after: Duration,
    bytes: usize,
}

/// Reads and feeds the screen model until `done` holds; the time is from `start`.
fn read_until_screen(
    pty: &mut Pty,
    screen: &mut Screen,
    start: Instant,
    what: &str,
    done: impl Fn(&Screen) -> bool,
) -> io::Result<Shown> {
    let deadline = Instant::now() + MOVE_TIMEOUT;
    let mut bytes = 0;
    let mut out = Vec::new();
    loop {
        if done(screen) {
            return Ok(Shown {
                after: start.elapsed(),
                bytes,
            });
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!(
                    "no {what} within {MOVE_TIMEOUT:?}; the screen:\n{}",
                    (0..ROWS)
                        .map(|y| screen.line(y).trim_end().to_string())
                        .collect::<Vec<_>>()
                        .join("\n")
                ),
            ));
        }
        out.clear();
        match pty.read_chunk(&mut out, left)? {
            Chunk::Data(n) => {
                bytes += n;
                screen.feed(&out);
            }
            Chunk::Nothing => {}
            Chunk::Closed => {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    format!("grid-arcade closed the terminal while waiting for {what}"),
                ));
            }
        }
    }
}

/// Reads until quiet, feeding the screen model; returns what was read.
fn settle(pty: &mut Pty, screen: &mut Screen, quiet: Duration) -> io::Result<Vec<u8>> {
    let written = pty.read_until_quiet(quiet, QUIET_TIMEOUT)?;
    screen.feed(&written);
    Ok(written)
}

/// One move: the digit for the middle cell, then the player's X and the computer's answer.
struct MoveTimes {
    own_mark: Duration,
    answer: Duration,
    bytes: usize,
}

fn place_centre(pty: &mut Pty, screen: &mut Screen, board: &Board) -> io::Result<MoveTimes> {
    let start = Instant::now();
    pty.send(CENTRE_KEY)?;
    let own = read_until_screen(pty, screen, start, "the player's X", |s| {
        board.marks(s) == 1 && board.status(s).contains("computer (O) to move")
    })?;
    let answer = read_until_screen(pty, screen, start, "the computer's answer", |s| {
        board.players_turn_with(s, 2)
    })?;
    Ok(MoveTimes {
        own_mark: own.after,
        answer: answer.after,
        bytes: own.bytes + answer.bytes,
    })
}

/// CPU time, wake-ups and bytes while nothing is typed.
fn quiet_period(pty: &mut Pty, screen: &mut Screen, secs: u64, what: &str) -> io::Result<()> {
    let quiet = pty.quiet_for(Duration::from_secs(secs))?;
    let used = &quiet.used;
    screen.feed(&quiet.written);
    println!(
        "   {what}: {secs} s without input ({} threads; targets 0 CPU, no wake-ups):",
        used.threads
    );
    println!(
        "      CPU {:.2} s   wake-ups (context switches) {} = {:.2}/s ({} voluntary, {} \
         involuntary)   bytes written {}",
        used.cpu_seconds(),
        used.switches(),
        quiet.per_second(used.switches()),
        used.voluntary_switches,
        used.nonvoluntary_switches,
        quiet.written.len(),
    );
    if !quiet.written.is_empty() {
        println!("      first bytes: {}", quiet.first_bytes());
    }
    Ok(())
}

fn print_move(i: usize, times: &MoveTimes) {
    println!(
        "   move {i}: own X on screen after {}, computer's O after {} ({} bytes)",
        millis(times.own_mark, 1),
        millis(times.answer, 1),
        times.bytes
    );
}

fn run(options: &Options) -> io::Result<()> {
    println!("grid-arcade: {}", sandbox::binary());
    println!(
        "grid-arcade tictactoe --opponent hard --play-as x in a {COLS}x{ROWS} pseudo-terminal, \
         TERM=xterm-256color, LANG=C.UTF-8"
    );
    let board = Board::new();
    println!(
        "board: cells {}x{} at column {}, row {} (from the layout)",
        board.layout.cell_width,
        board.layout.cell_height,
        board.layout.grid.x + 1,
        board.layout.grid.y + 1
    );
    println!();

    let sandbox = Sandbox::new()?;
    let launched = Instant::now();
    let mut pty = sandbox.launch(&["tictactoe", "--opponent", "hard", "--play-as", "x"])?;
    let mut screen = Screen::new(COLS, ROWS);
    let first = pty.read_until(FRAME_END, FRAME_TIMEOUT)?;
    let first_frame = launched.elapsed();
    screen.feed(&first);
    settle(&mut pty, &mut screen, SETTLE_QUIET)?;
    if !board.players_turn_with(&screen, 0) {
        return Err(io::Error::other(format!(
            "the first frame is not an empty board with the player to move; status: {:?}",
            board.status(&screen).trim()
        )));
    }
    println!(
        "first frame after {} ({} bytes up to the footer's last word)",
        millis(first_frame, 1),
        first.len()
    );
    println!();

    println!("1. waiting for the player's first move:");
    quiet_period(&mut pty, &mut screen, options.idle_secs, "empty board")?;
    println!();

    println!(
        "2. the digit 5 (middle cell) to the marks on screen (the computer's answer is held back \
         about 300 ms on purpose; Hard on 3x3 takes well under 1 ms):"
    );
    let mut moves = vec![place_centre(&mut pty, &mut screen, &board)?];
    print_move(1, &moves[0]);
    settle(&mut pty, &mut screen, SETTLE_QUIET)?;
    println!();

    println!("3. waiting for the player after the computer's answer:");
    quiet_period(
        &mut pty,
        &mut screen,
        options.idle_secs,
        "after one move each",
    )?;
    println!();

    println!(
        "4. bytes written for one cursor step on the board, output until {} ms of quiet:",
        KEY_QUIET.as_millis()
    );
    for (name, key) in [("Right (\\e[C)", RIGHT), ("Left (\\e[D)", LEFT)] {
        let (written, used) = pty.usage_during(|pty| {
            pty.send(key)?;
            settle(pty, &mut screen, KEY_QUIET)
        })?;
        println!(
            "   {name}: {} bytes, {} context switches: {}",
            written.len(),
            used.switches(),
            escape(&written)
        );
    }
    println!();

    if options.moves > 1 {
        println!(
            "5. more key-to-answer latencies, each after u (undo) has emptied the board and the \
             screen has settled:"
        );
        for i in 2..=options.moves {
            let start = Instant::now();
            pty.send(UNDO)?;
            read_until_screen(
                &mut pty,
                &mut screen,
                start,
                "the empty board after undo",
                |s| board.players_turn_with(s, 0),
            )?;
            settle(&mut pty, &mut screen, KEY_QUIET)?;
            let times = place_centre(&mut pty, &mut screen, &board)?;
            print_move(i, &times);
            moves.push(times);
            settle(&mut pty, &mut screen, SETTLE_QUIET)?;
        }
    }
    let mut own: Vec<Duration> = moves.iter().map(|m| m.own_mark).collect();
    let mut answers: Vec<Duration> = moves.iter().map(|m| m.answer).collect();
    own.sort();
    answers.sort();
    println!(
        "   over {} moves: own X median {} (max {}); computer's O median {}, min {}, max {} \
         (expected about 300 ms)",
        moves.len(),
        millis(percentile(&own, 0.5), 1),
        millis(own[own.len() - 1], 1),
        millis(percentile(&answers, 0.5), 1),
        millis(answers[0], 1),
        millis(answers[answers.len() - 1], 1),
    );

    quit_from_game(&mut pty, KEY_QUIET)
}

fn main() -> ExitCode {
    options::main("tictactoe_screen", USAGE, Options::parse, run)
}
