//! Lays out the release build's hot code: `cargo bench --bench hot_code -- --write` (Linux,
//! x86-64, glibc; needs valgrind). Without `--write` it tells how much the script would change.
//!
//! The kernel maps a program's file 64 KiB around every page it touches, so the code one session
//! runs costs memory for all the code beside it. This bench builds grid-arcade statically with its
//! symbols, runs the sessions of the memory figures (support/sessions.rs) under callgrind, and
//! writes `assets/hot-code.ld`: a linker script that puts the functions those sessions ran at the
//! front of the code, the menu's first (every launch shows it), then each session's others,
//! grouped by the sessions that run them; in the static build, the C library's functions with
//! them. build.rs hands the script to the linker on Linux.
//!
//! The script names the program's functions without the hashes in their symbols (the same
//! function has other hashes in another build, the dynamic one say), so a function that is
//! renamed or gone only loses its place, and the bench is run again when the code has changed
//! much: the terminal bench's "file" figure tells.

#[path = "../tests/common/drive.rs"]
mod drive;
#[path = "support/pty.rs"]
mod pty;
#[path = "support/sandbox.rs"]
mod sandbox;
#[path = "support/sessions.rs"]
mod sessions;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use sandbox::Sandbox;
use sessions::sessions;

const USAGE: &str = "\
usage: cargo bench --bench hot_code -- [--write]

Builds grid-arcade (cargo static-build, with symbols) into target/hot-code, runs the memory
sessions under valgrind's callgrind and compares the linker script of their functions with
assets/hot-code.ld: how many of its lines the script would change.

Options:
  --write      write the script to assets/hot-code.ld
  -h, --help   this text";

fn main() -> ExitCode {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/hot-code.ld");
    // Without --write, the script is compared with the one in assets/.
    let mut write = false;
    for arg in std::env::args().skip(1).filter(|arg| arg != "--bench") {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--write" => write = true,
            other => {
                eprintln!("hot_code: unknown argument {other}\n\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    match run(&script, write) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("hot_code: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(path: &Path, write: bool) -> io::Result<()> {
    let valgrind = on_path("valgrind")
        .ok_or_else(|| io::Error::other("valgrind is not on PATH (apt-get install valgrind)"))?;
    let binary = build()?;
    let c_library = c_library_members()?;
    // SAFETY: set before any thread of this bench is started.
    unsafe { std::env::set_var("GRID_ARCADE_BENCH_BINARY", &binary) };
    let profiles = tempfile::tempdir()?;
    let sessions = sessions();
    let mut ran = Vec::new();
    for (index, session) in sessions.iter().enumerate() {
        let profile = profiles.path().join(format!("{index}.callgrind"));
        let out_file = format!("--callgrind-out-file={}", profile.display());
        let runner = [
            valgrind.to_str().expect("PATH entries are UTF-8"),
            "--tool=callgrind",
            "--demangle=no",
            "--compress-strings=no",
            "--compress-pos=no",
            "--dump-instr=no",
            &out_file,
        ];
        let sandbox = Sandbox::new()?;
        let mut pty = session.play(&sandbox, |sandbox, args| {
            sandbox.launch_under(&runner, args)
        })?;
        session.quit(&mut pty)?;
        let functions = functions_run(&std::fs::read_to_string(&profile)?, &binary);
        let mut sections: Vec<String> = functions
            .iter()
            .filter_map(|function| input_sections(function, &c_library))
            .collect();
        sections.sort();
        sections.dedup();
        println!(
            "{:<44} {} functions, {} sections",
            session.name,
            functions.len(),
            sections.len()
        );
        ran.push(sections);
    }
    let names: Vec<&str> = sessions.iter().map(|session| session.name.trim()).collect();
    let script = linker_script(&names, &ran);
    if write {
        std::fs::write(path, script)?;
        println!("wrote {}", path.display());
    } else {
        let kept = std::fs::read_to_string(path)?;
        let kept: HashSet<&str> = kept.lines().collect();
        let changed = script.lines().filter(|line| !kept.contains(line)).count();
        println!(
            "{changed} of the script's {} lines are not in {} (--write writes it)",
            script.lines().count(),
            path.display()
        );
    }
    Ok(())
}

/// Builds the static release binary with its symbol table, which the profiles name functions
/// by: its profile holds the C library's functions as well as the program's.
fn build() -> io::Result<PathBuf> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target = manifest.join("target/hot-code");
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(manifest)
        .args(["static-build", "--bin", "grid-arcade", "--config"])
        .arg("profile.release.strip=false")
        .arg("--target-dir")
        .arg(&target)
        .status()?;
    if !status.success() {
        return Err(io::Error::other(format!(
            "cargo static-build failed: {status}"
        )));
    }
    Ok(target.join("x86_64-unknown-linux-gnu/release/grid-arcade"))
}

/// Where each function of the static C library (libc.a, and libm's archive beside it) is
/// defined: its archive's name and member, as `libc.a:malloc.o`.
fn c_library_members() -> io::Result<HashMap<String, String>> {
    let libc = Command::new("cc").arg("-print-file-name=libc.a").output()?;
    let libc = PathBuf::from(String::from_utf8_lossy(&libc.stdout).trim());
    let folder = libc
        .parent()
        .ok_or_else(|| io::Error::other("cc does not know libc.a"))?;
    let mut archives = vec![libc.clone()];
    for entry in std::fs::read_dir(folder)? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if name.starts_with("libm-") && name.ends_with(".a") {
            archives.push(folder.join(name));
        }
    }
    let mut members = HashMap::new();
    for archive in archives {
        let listing = Command::new("nm")
            .args(["-A", "--defined-only"])
            .arg(&archive)
            .output()?;
        let archive_name = archive.file_name().unwrap_or_default().to_string_lossy();
        // path:member:value type name
        for line in String::from_utf8_lossy(&listing.stdout).lines() {
            let mut words = line.rsplitn(3, ' ');
            let (Some(name), Some(kind), Some(place)) = (words.next(), words.next(), words.next())
            else {
                continue;
            };
            let Some(member) = place.rsplit(':').nth(1) else {
                continue;
            };
            if ["T", "t", "W", "i"].contains(&kind) {
                members.insert(name.to_string(), format!("{archive_name}:{member}"));
            }
        }
    }
    Ok(members)
}

/// The linker script's input-section description that holds `function`: a section of the
/// program by its name (every function has one), or the code of the C library's member that
/// defines it; none for the start-up code outside both.
fn input_sections(function: &str, c_library: &HashMap<String, String>) -> Option<String> {
    if function.starts_with("_ZN") || function.starts_with("_R") {
        // The * after .text. takes in the sections LLVM names .text.unlikely. and .text.hot.
        Some(format!("*(.text.*{})", pattern(function)))
    } else {
        let member = c_library.get(function)?;
        Some(format!("*{member}(.text .text.*)"))
    }
}

fn on_path(program: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(program))
        .find(|path| path.is_file())
}

/// The symbols of the functions of `binary` that a callgrind profile saw run: its `fn=` lines
/// under an `ob=` line naming the binary (other objects are the C library and the loader), or
/// naming none, which is how valgrind names the code of the hot section itself.
fn functions_run(profile: &str, binary: &Path) -> Vec<String> {
    let binary = binary.to_string_lossy();
    let mut in_binary = false;
    let mut functions = Vec::new();
    for line in profile.lines() {
        if let Some(object) = line.strip_prefix("ob=") {
            in_binary = object == binary || object == "???";
        } else if let Some(function) = line.strip_prefix("fn=")
            && in_binary
        {
            // A recursive call's own entry is marked 'N.
            let symbol = function.split('\'').next().unwrap_or(function);
            // Addresses stand for code without a symbol (the start-up stubs), and valgrind has
            // names of its own such as "(below main)": neither names a section.
            let is_symbol = symbol
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"_$.".contains(&b));
            if is_symbol && !symbol.starts_with("0x") {
                functions.push(symbol.to_string());
            }
        }
    }
    functions.sort();
    functions.dedup();
    functions
}

/// The linker script: the input sections of the functions, grouped by the sessions that ran
/// them.
fn linker_script(names: &[&str], ran: &[Vec<String>]) -> String {
    let mut sessions_of: BTreeMap<&str, Vec<bool>> = BTreeMap::new();
    for (index, sections) in ran.iter().enumerate() {
        for section in sections {
            sessions_of
                .entry(section)
                .or_insert_with(|| vec![false; ran.len()])[index] = true;
        }
    }
    let mut groups: BTreeMap<(usize, usize, Vec<bool>), Vec<&str>> = BTreeMap::new();
    for (function, sessions) in sessions_of {
        let first = sessions.iter().position(|&ran| ran).unwrap_or(ran.len());
        let count = sessions.iter().filter(|&&ran| ran).count();
        // The sessions come in the order of their use: the menu, which every launch shows, first.
        // A function goes with the first session that runs it, and among those, the functions
        // more sessions run come first.
        let key = (
            first,
            ran.len() - count,
            sessions.iter().map(|&ran| !ran).collect(),
        );
        groups.entry(key).or_default().push(function);
    }
    let mut script = String::from(
        "/* The functions that grid-arcade's sessions run, placed together at the front of its\n   \
         code so that they share as few pages as they can. Written by\n   \
         `cargo bench --bench hot_code -- --write`; build.rs passes it to the linker on Linux. */\n\
         SECTIONS\n{\n  .text.hot :\n  {\n",
    );
    for ((_, _, sessions), functions) in groups {
        let ran_in: Vec<&str> = sessions
            .iter()
            .zip(names)
            .filter(|(not_run, _)| !**not_run)
            .map(|(_, name)| *name)
            .collect();
        let _ = writeln!(script, "    /* {} */", ran_in.join("; "));
        for sections in functions {
            let _ = writeln!(script, "    {sections}");
        }
    }
    script.push_str("  }\n}\nINSERT BEFORE .text;\n");
    script
}

/// A symbol as a pattern that the same function's symbol in any build matches: the hashes that
/// tell crates and instances apart, and the numbers LLVM gives local copies (.llvm.<number>,
/// .<number>, which any build may add or leave out), are left open.
fn pattern(symbol: &str) -> String {
    let mut symbol = symbol;
    while let Some((stem, suffix)) = symbol.rsplit_once('.')
        && !suffix.is_empty()
        && suffix.bytes().all(|b| b.is_ascii_digit())
    {
        symbol = stem.strip_suffix(".llvm").unwrap_or(stem);
    }
    let mut pattern = String::with_capacity(symbol.len() + 4);
    if let Some(legacy) = symbol.strip_prefix("_ZN") {
        // _ZN...17h<16 hex digits>E: the hash is the last path element.
        match legacy.rsplit_once("17h") {
            Some((path, hash)) if hash.len() == 17 && hash.ends_with('E') => {
                let _ = write!(pattern, "_ZN{path}17h*E*");
            }
            _ => {
                let _ = write!(pattern, "{symbol}*");
            }
        }
        return pattern;
    }
    // v0: a crate root is C, then s<base 62>_ (its disambiguator), then the crate's name with
    // its length first.
    let bytes = symbol.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"Cs")
            && let Some(end) = bytes[i + 2..].iter().position(|&b| b == b'_')
            && end > 0
            && bytes[i + 2..i + 2 + end]
                .iter()
                .all(u8::is_ascii_alphanumeric)
            && bytes.get(i + 3 + end).is_some_and(u8::is_ascii_digit)
        {
            pattern.push_str("Cs*_");
            i += 3 + end;
        } else {
            pattern.push(char::from(bytes[i]));
            i += 1;
        }
    }
    pattern.push('*');
    pattern
}
