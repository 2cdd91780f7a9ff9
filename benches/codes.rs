//! Game codes: the time to encode a game's code and to decode one, for the longest code of each
//! game (largest board, largest seed the program draws): `cargo bench --bench codes`.
//!
//! Each figure is the mean over a million calls, in nanoseconds of wall-clock time and of this
//! thread's CPU time (which other load on the machine does not dilute). It asserts nothing.

#[path = "support/timing.rs"]
mod timing;

use std::hint::black_box;
use std::time::{Duration, Instant};

use grid_arcade::games::minesweeper::{BoardSize, Difficulty, FirstClick, Pos};
use grid_arcade::games::tictactoe::PRESETS;
use grid_arcade::play::marks::CodeGame;
use grid_arcade::play::minesweeper::code::CodeBoard;
use grid_arcade::play::tictactoe::TicTacToe;
use grid_arcade::play::tictactoe::settings::Opponent;
use grid_arcade::play::twenty48::code::code as twenty48_code;
use grid_arcade::seeds::SEED_BITS;
use grid_arcade::ui::games::decode_code;

use timing::thread_cpu_time;

const CALLS: u32 = 1_000_000;

/// Mean wall-clock and CPU time of one call of `call`.
fn time(mut call: impl FnMut()) -> (Duration, Duration) {
    let (wall, cpu) = (Instant::now(), thread_cpu_time());
    for _ in 0..CALLS {
        call();
    }
    let wall = wall.elapsed() / CALLS;
    let cpu = thread_cpu_time()
        .zip(cpu)
        .map_or(Duration::ZERO, |(end, start)| (end - start) / CALLS);
    (wall, cpu)
}

fn main() {
    let seed = (1 << SEED_BITS) - 1;
    let codes = [
        (
            "Minesweeper custom 1000x1000",
            CodeBoard {
                level: Difficulty::Custom,
                size: BoardSize::new(1000, 1000, 999_991).expect("a valid board"),
                first_click: FirstClick::NoGuess,
                first: Some(Pos::new(999, 999)),
            }
            .code(seed),
        ),
        (
            "tic-tac-toe 5x5",
            CodeGame {
                table: PRESETS[2].name,
                opponent: Opponent::Human,
                plays_x: true,
            }
            .code::<TicTacToe>(seed)
            .expect("a board of tic-tac-toe"),
        ),
        ("2048 8x8", twenty48_code(8, seed)),
    ];
    println!("game code encode and decode, mean of {CALLS} calls (target < 1000 ns):");
    for (name, code) in codes {
        let text = code.encode();
        let (encode_wall, encode_cpu) = time(|| {
            black_box(black_box(&code).encode());
        });
        let (decode_wall, decode_cpu) = time(|| {
            black_box(decode_code(black_box(&text)).ok());
        });
        assert_eq!(decode_code(&text), Ok(code), "{name} reads back");
        println!(
            "  {name:<30} {text:<26} encode {:>5} ns ({:>5} ns CPU)   decode {:>5} ns ({:>5} ns CPU)",
            encode_wall.as_nanos(),
            encode_cpu.as_nanos(),
            decode_wall.as_nanos(),
            decode_cpu.as_nanos(),
        );
    }
}
