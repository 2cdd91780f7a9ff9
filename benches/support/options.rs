//! The command line of a bench: whole-number options read from the environment and then from the
//! arguments (arguments win), and a `main` that prints the usage on a bad one.
//!
//! Included from a bench file with `#[path = "support/options.rs"] mod options;`.

use std::io;
use std::process::ExitCode;

/// One whole-number option: its flag (`--frames`), the environment variable that sets it too
/// (`GRID_ARCADE_BENCH_FRAMES`) and its default.
pub type Spec = (&'static str, &'static str, u64);

/// The values of `specs`, in their order: each from its environment variable, or its default,
/// then from the arguments (`--flag N` or `--flag=N`). `Err` with an empty message asks for the
/// usage alone (-h, --help); any other `Err` says what is wrong.
pub fn parse<const N: usize>(specs: [Spec; N]) -> Result<[u64; N], String> {
    let mut values = [0; N];
    for ((_, name, default), value) in specs.iter().zip(&mut values) {
        *value = match std::env::var(name) {
            Ok(text) => text
                .parse::<u64>()
                .map_err(|_| format!("{name}={text:?} is not a whole number"))?,
            Err(_) => *default,
        };
    }
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name.to_string(), Some(value.to_string())),
            None => (arg.clone(), None),
        };
        let target = match name.as_str() {
            // `cargo bench` passes --bench to every bench binary.
            "--bench" => continue,
            "-h" | "--help" => return Err(String::new()),
            flag => match specs.iter().position(|(f, _, _)| *f == flag) {
                Some(i) => &mut values[i],
                None => return Err(format!("unknown argument {arg:?}")),
            },
        };
        let value = inline
            .or_else(|| args.next())
            .ok_or_else(|| format!("{name} needs a value"))?;
        *target = value
            .parse()
            .map_err(|_| format!("{name} {value:?} is not a whole number"))?;
    }
    Ok(values)
}

/// A bench's `main`: parses its options, printing `usage` (and what is wrong, if anything) when
/// they do not parse, then runs it. `name` starts each message.
pub fn main<O>(
    name: &str,
    usage: &str,
    parse: impl FnOnce() -> Result<O, String>,
    run: impl FnOnce(&O) -> io::Result<()>,
) -> ExitCode {
    let options = match parse() {
        Ok(options) => options,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("{name} bench: {message}");
            }
            eprintln!("{usage}");
            return if message.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(2)
            };
        }
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{name} bench failed: {error}");
            ExitCode::FAILURE
        }
    }
}
