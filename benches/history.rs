//! Figures of the records screen over a long history:
//!
//! 1. a history of 100,000 games (a seeded mix of the three games, their sizes and opponents),
//!    written as the program writes it, and the bytes of an entry without its moves;
//! 2. the menu at start-up with that history and with none: the heap in use is the same, as the
//!    history is not read before the records screen opens;
//! 3. opening the records screen: the time from the action to the history read and digested (all
//!    that the first full draw needs), and the heap while it is open above the menu's, at its
//!    peak and after;
//! 4. drawing each page of the biggest table into a 200x60 and an 80x24 `TestBackend`.
//!
//! Heap figures come from a counting allocator, so they hold for this process alone whatever
//! else the machine runs. It prints figures and asserts nothing about time. Options (arguments
//! win over the environment):
//!
//! ```text
//! cargo bench --bench history -- --games 100000 --opens 20 --frames 500
//! GRID_ARCADE_BENCH_GAMES=100000 cargo bench --bench history
//! ```

#[path = "support/draw.rs"]
mod draw;
#[path = "../tests/common/drive.rs"]
mod drive;
#[path = "support/options.rs"]
mod options;
#[path = "support/timing.rs"]
mod timing;

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use drive::TRAITS;
use grid_arcade::app::run::{Input, channel};
use grid_arcade::app::{Action, App, Launch};
use grid_arcade::history::{Entry, FILE, Outcome};
use grid_arcade::play::minesweeper::facts::{Facts as MinesweeperFacts, Loss};
use grid_arcade::play::tictactoe::facts::Facts as TicTacToeFacts;
use grid_arcade::play::twenty48::facts::Facts as Twenty48Facts;
use grid_arcade::play::twenty48::record::size_key;
use grid_arcade::store::Store;
use grid_arcade::timestamp::Timestamp;
use grid_arcade::ui::ScreenId;
use grid_arcade::ui::menu::{MenuAction, MenuItem};
use grid_arcade::ui::records::{HistoryState, RecordsAction};
use ratatui::layout::Size;
use timing::{millis, percentile};

/// Counts the bytes of heap in use and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call goes to the system allocator unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        unsafe { System.dealloc(pointer, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The heap in use now, and the peak counted from here on.
fn heap_mark() -> usize {
    let live = LIVE.load(Ordering::Relaxed);
    PEAK.store(live, Ordering::Relaxed);
    live
}

/// The CPU time of this process, every thread, user and system.
fn process_cpu_time() -> Duration {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage = std::mem::zeroed::<libc::rusage>();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

fn megabytes(bytes: usize) -> String {
    format!("{:.2} MB", bytes as f64 / 1e6)
}

struct Options {
    games: usize,
    opens: usize,
    frames: usize,
}

const USAGE: &str = "usage: cargo bench --bench history -- [--games N] [--opens N] [--frames N]
  --games N   games in the history (default 100000; GRID_ARCADE_BENCH_GAMES)
  --opens N   times the records screen is opened and timed (default 20; GRID_ARCADE_BENCH_OPENS)
  --frames N  timed draws of each page (default 500; GRID_ARCADE_BENCH_FRAMES)";

impl Options {
    fn parse() -> Result<Options, String> {
        let [games, opens, frames] = options::parse([
            ("--games", "GRID_ARCADE_BENCH_GAMES", 100_000),
            ("--opens", "GRID_ARCADE_BENCH_OPENS", 20),
            ("--frames", "GRID_ARCADE_BENCH_FRAMES", 500),
        ])?;
        if games < 2 || opens == 0 || frames == 0 {
            return Err("--games must be at least 2, --opens and --frames at least 1".into());
        }
        Ok(Options {
            games: games as usize,
            opens: opens as usize,
            frames: frames as usize,
        })
    }
}

/// A small seeded generator (xorshift): the same history on every run.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A whole number below `n`.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with `percent` chances in a hundred.
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn id(&mut self) -> String {
        const ALPHABET: &[u8] = b"0123456789abcdefghjkmnpqrstvwxyz";
        let mut bits = self.next();
        (0..8)
            .map(|_| {
                let letter = ALPHABET[(bits % 32) as usize] as char;
                bits /= 32;
                letter
            })
            .collect()
    }
}

/// Game `i` of the history and the table that counts it: half Minesweeper (every level, some
/// custom boards, some with hints), a fifth tic-tac-toe, the rest 2048, with realistic times,
/// scores and results.
fn game(i: usize, dice: &mut Dice) -> (Entry<'static>, String) {
    // About two years of games, a few an hour.
    let seconds = i as u64 * 600 + dice.below(600);
    let (day, rest) = (seconds / 86_400, seconds % 86_400);
    let start = format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
        2025 + day / 360,
        day % 360 / 30 + 1,
        day % 30 + 1,
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    );
    let id = dice.id();
    // As the program's seeds: 63 bits.
    let seed = dice.next() >> 1;
    let entry = |game, facts: serde_json::Value, duration_ms, result| {
        let start_time = Timestamp { unix_seconds: 0 };
        let mut entry = Entry::new(game, &facts, start_time, duration_ms, result, seed);
        entry.id = id.clone().into();
        entry.start = start.clone().into();
        entry
    };
    match dice.below(10) {
        0..=4 => {
            let (level, rows, cols, mines, typical_s) = match dice.below(10) {
                0..=3 => ("beginner", 9, 9, 10, 20),
                4..=6 => ("medium", 16, 16, 40, 80),
                7 | 8 => ("expert", 16, 30, 99, 250),
                _ => {
                    let custom = [(5, 5, 3, 8), (10, 10, 12, 30), (24, 40, 200, 600)];
                    let (rows, cols, mines, typical_s) = custom[dice.below(3) as usize];
                    ("custom", rows, cols, mines, typical_s)
                }
            };
            let bbbv = rows * cols / 5 + dice.below(u64::from(rows * cols / 5).max(1)) as u32;
            let duration_ms = typical_s * 500 + dice.below(typical_s * 1500);
            let hints = dice.chance(5);
            let result = match dice.below(100) {
                0..=39 => Outcome::Won,
                40..=94 => Outcome::Lost,
                _ => Outcome::Abandoned,
            };
            let loss = (result == Outcome::Lost).then(|| {
                if dice.chance(60) {
                    Loss::ForcedGuess
                } else {
                    Loss::Mistake
                }
            });
            let facts = MinesweeperFacts {
                level: level.into(),
                rows,
                cols,
                mines,
                rule: ["opening", "safe", "no-guess"][dice.below(3) as usize].into(),
                marks: dice.below(4) == 0,
                first: Some([
                    dice.below(u64::from(rows)) as u32,
                    dice.below(u64::from(cols)) as u32,
                ]),
                bbbv,
                clicks: bbbv + dice.below(u64::from(bbbv)) as u32,
                loss,
                // Up to three forced guesses, each with a one-in-five chance of a mine.
                risk: Some([0, 200, 360, 488][dice.below(4) as usize]),
            };
            let mut entry = entry("minesweeper", json(&facts), duration_ms, result);
            entry.hints = hints;
            (entry, facts.table(hints))
        }
        5 | 6 => {
            let board = ["3x3", "4x4", "5x5"][dice.below(3) as usize];
            let opponent = ["easy", "medium", "hard", "human"][dice.below(4) as usize];
            let result = match dice.below(10) {
                0..=3 => Outcome::Won,
                4..=6 => Outcome::Draw,
                7 | 8 => Outcome::Lost,
                _ if opponent == "human" => Outcome::Draw,
                _ => Outcome::Abandoned,
            };
            let duration_ms = 5_000 + dice.below(60_000);
            let facts = TicTacToeFacts {
                board: board.into(),
                rule: None,
                opponent: opponent.into(),
                mark: (result != Outcome::Draw).then(|| ["X", "O"][dice.below(2) as usize].into()),
                moves: 5 + dice.below(20) as u32,
            };
            (
                entry("tictactoe", json(&facts), duration_ms, result),
                board.into(),
            )
        }
        _ => {
            let size = [3, 4, 4, 4, 4, 5, 6, 8][dice.below(8) as usize];
            let exponent = 6 + dice.below(6);
            let tile = 1u64 << exponent;
            let moves = tile / 2 + dice.below(tile);
            let result = if tile >= 2048 {
                Outcome::Won
            } else if dice.chance(90) {
                Outcome::Over
            } else {
                Outcome::Abandoned
            };
            let undo = dice.chance(10);
            let facts = Twenty48Facts {
                size,
                score: tile * (exponent - 1) + dice.below(tile * 4),
                tile,
                moves,
            };
            let mut entry = entry("2048", json(&facts), moves * 400, result);
            entry.undo = undo;
            (entry, size_key(size as usize))
        }
    }
}

fn json(facts: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(facts).expect("a game's facts are plain data")
}

/// Writes the history of `games` games into `dir` with a config file that has a table for each
/// of its tables; returns the bytes of each entry by game.
fn write_history(dir: &Path, games: usize) -> io::Result<BTreeMap<&'static str, Vec<usize>>> {
    let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
    let mut out = BufWriter::new(std::fs::File::create(dir.join("data").join(FILE))?);
    let mut bytes: BTreeMap<&'static str, Vec<usize>> = BTreeMap::new();
    let mut tables: BTreeMap<(&'static str, String), usize> = BTreeMap::new();
    for i in 0..games {
        let (entry, key) = game(i, &mut dice);
        // One line of JSON, as `History::append` writes it.
        let line = serde_json::to_string(&entry).map_err(io::Error::other)?;
        writeln!(out, "{line}")?;
        let game: &'static str = match &*entry.game {
            "minesweeper" => "minesweeper",
            "tictactoe" => "tictactoe",
            _ => "2048",
        };
        bytes.entry(game).or_default().push(line.len());
        *tables.entry((game, key)).or_default() += 1;
    }
    out.flush()?;
    let mut config = String::new();
    for ((game, key), played) in &tables {
        match *game {
            "tictactoe" => config.push_str(&format!(
                "[records.tictactoe.\"{key}\".hard]\nwins = {played}\n"
            )),
            _ => config.push_str(&format!("[records.{game}.\"{key}\"]\nplayed = {played}\n")),
        }
    }
    std::fs::write(dir.join("config.toml"), config)?;
    Ok(bytes)
}

/// The app at the menu, with its config and data folder in `dir`, and what its background work
/// wakes, as the event loop has them.
fn app(dir: &Path, size: Size) -> (App, Receiver<Input>) {
    let store = Store::open(dir.join("config.toml"), grid_arcade::ui::games::schema())
        .expect("the config opens");
    let (_, woken, waker) = channel();
    let app = App::new(
        store,
        TRAITS,
        size,
        Launch::default(),
        Some(dir.join("data")),
        Some(waker),
    );
    (app, woken)
}

/// Opens the records screen and waits, as the event loop does, until its history is digested:
/// the time it took.
fn open_records(app: &mut App, woken: &Receiver<Input>) -> Duration {
    let start = Instant::now();
    app.update(Action::Menu(MenuAction::OpenItem(
        MenuItem::Records.position(),
    )));
    while app.records.reading() {
        woken.recv().expect("the reading thread wakes the app");
        app.update(Action::Tick);
    }
    let elapsed = start.elapsed();
    assert!(
        matches!(app.records.history(), HistoryState::Read(_)),
        "the history is read"
    );
    elapsed
}

fn entry_figures(bytes: &BTreeMap<&'static str, Vec<usize>>) {
    println!("   bytes of an entry without its moves (target at most 300):");
    let mut all: Vec<usize> = bytes.values().flatten().copied().collect();
    all.sort_unstable();
    for (game, sizes) in bytes.iter().chain([(&"all games", &all)]) {
        let mut sizes = sizes.clone();
        sizes.sort_unstable();
        println!(
            "      {game:<12} {:>6} games   median {:>3}   max {:>3}   over 300: {}",
            sizes.len(),
            sizes[sizes.len() / 2],
            sizes[sizes.len() - 1],
            sizes.iter().filter(|&&n| n > 300).count()
        );
    }
}

fn run(options: &Options) -> io::Result<()> {
    let with = tempfile::Builder::new()
        .prefix("grid-arcade-bench")
        .tempdir()?;
    let without = tempfile::Builder::new()
        .prefix("grid-arcade-bench")
        .tempdir()?;
    for dir in [&with, &without] {
        std::fs::create_dir(dir.path().join("data"))?;
    }
    let start = Instant::now();
    let bytes = write_history(with.path(), options.games)?;
    // The same records without the history, so that only the history differs.
    std::fs::copy(
        with.path().join("config.toml"),
        without.path().join("config.toml"),
    )?;
    let file = std::fs::metadata(with.path().join("data").join(FILE))?.len();
    println!(
        "1. a history of {} games, {:.1} MB, written in {}:",
        options.games,
        file as f64 / 1e6,
        millis(start.elapsed(), 0)
    );
    entry_figures(&bytes);

    println!();
    println!(
        "2. the menu at start-up, heap in use (the history is not read before the records open):"
    );
    for (label, dir) in [("with the history", &with), ("without a history", &without)] {
        let before = heap_mark();
        let (menu, _) = app(dir.path(), Size::new(100, 35));
        let used = LIVE.load(Ordering::Relaxed) - before;
        let peak = PEAK.load(Ordering::Relaxed) - before;
        assert!(matches!(menu.records.history(), HistoryState::Unread));
        println!(
            "   {label:<18} {}, at its peak {}",
            megabytes(used),
            megabytes(peak)
        );
        drop(menu);
    }

    println!();
    let (mut app, woken) = app(with.path(), Size::new(200, 60));
    let menu_heap = heap_mark();
    let mut opens = Vec::new();
    let mut peaks = Vec::new();
    let mut open_heap = 0;
    let cpu_before = process_cpu_time();
    for _ in 0..options.opens {
        heap_mark();
        opens.push(open_records(&mut app, &woken));
        peaks.push(PEAK.load(Ordering::Relaxed).saturating_sub(menu_heap));
        open_heap = LIVE.load(Ordering::Relaxed).saturating_sub(menu_heap);
        app.update(Action::Records(RecordsAction::Back));
    }
    let cpu = (process_cpu_time() - cpu_before) / options.opens as u32;
    let after_close = LIVE.load(Ordering::Relaxed).saturating_sub(menu_heap);
    opens.sort();
    println!(
        "3. opening the records screen, {} times, from the action to the history digested \
         (target at most 50 ms; {} cores, load average {}):",
        options.opens,
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|l| l.split_whitespace().next().map(str::to_string))
            .unwrap_or_else(|| "unknown".into())
    );
    println!(
        "   median {}   p99 {}   fastest {}   CPU time of an open, all threads: {}",
        millis(percentile(&opens, 0.5), 1),
        millis(percentile(&opens, 0.99), 1),
        millis(opens[0], 1),
        millis(cpu, 1)
    );
    println!(
        "   heap above the menu's (target at most 10 MB): at its peak {} (largest of the opens), \
         while open {}, after leaving {}",
        megabytes(peaks.iter().copied().max().unwrap_or(0)),
        megabytes(open_heap),
        megabytes(after_close)
    );

    println!();
    open_records(&mut app, &woken);
    let tables = grid_arcade::ui::games::tables(&app.store);
    let HistoryState::Read(digest) = app.records.history() else {
        unreachable!("read above");
    };
    // The table with the most games: the longest series to draw.
    let (biggest, games) = tables
        .iter()
        .enumerate()
        .filter_map(|(i, t)| Some((i, digest.games(t.game, &t.key)?.count)))
        .max_by_key(|(_, games)| *games)
        .expect("the history has games");
    let title = tables[biggest].title.clone();
    app.update(Action::Records(RecordsAction::Select(biggest)));
    println!(
        "4. drawing the records of {title} ({games} games), each page, {} frames (target at most \
         2 ms):",
        options.frames
    );
    for size in [Size::new(200, 60), Size::new(80, 24)] {
        app.update(Action::Resize(size));
        let pages = {
            let tables = grid_arcade::ui::games::tables(&app.store);
            app.records
                .layout(
                    &tables,
                    &grid_arcade::ui::games::daily(&app.store),
                    app.screen_area(),
                    &app.theme,
                )
                .1
                .pages
        };
        for page in 0..pages {
            app.records.page = page;
            println!(
                "   {}x{}, page {} of {pages}:",
                size.width,
                size.height,
                page + 1
            );
            draw::time_draws(&app, options.frames, false).print("      ");
        }
    }
    assert_eq!(app.screen, ScreenId::Records);
    Ok(())
}

fn main() -> ExitCode {
    options::main("history", USAGE, Options::parse, run)
}
