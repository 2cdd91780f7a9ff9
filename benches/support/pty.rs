//! A program running in a pseudo-terminal, driven and watched from the master side: what the
//! benches use to measure grid-arcade the way a terminal sees it.
//!
//! Included from a bench file with `#[path = "support/pty.rs"] mod pty;`. Linux only: the
//! readers of `/proc` are Linux's. Every read has a deadline, and a read that runs out of time
//! fails with what arrived so far, so a bench never hangs on a program that draws nothing.

// Each bench uses the part it needs.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec, poll};
use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
use rustix::termios::{Winsize, tcsetwinsize};

/// How much of the received output a failure message shows (its end).
const SHOWN_ON_FAILURE: usize = 4000;

/// A child process whose standard input, output and error are the slave side of a new
/// pseudo-terminal, which is also its controlling terminal.
pub struct Pty {
    master: File,
    child: Child,
    /// The program's name, for messages.
    name: String,
}

/// What one wait for output brought.
#[derive(Debug, PartialEq, Eq)]
pub enum Chunk {
    /// This many bytes, appended to the caller's buffer.
    Data(usize),
    /// Nothing before the timeout.
    Nothing,
    /// The slave side is closed: the program (and everything it started) has exited.
    Closed,
}

impl Pty {
    /// Starts `program` with `args` in a new pseudo-terminal of `cols` x `rows`.
    ///
    /// The environment is exactly `env`: nothing is inherited, so a measurement does not depend
    /// on the shell it was started from.
    pub fn spawn<K, V>(
        program: &Path,
        args: &[&str],
        env: &[(K, V)],
        cols: u16,
        rows: u16,
    ) -> io::Result<Pty>
    where
        K: AsRef<OsStr>,
        V: AsRef<OsStr>,
    {
        // Both descriptors are close-on-exec from the start, so no other child inherits them;
        // the child gets the slave through the dup2 that `Stdio` does, which clears the flag.
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC)?;
        grantpt(&master)?;
        unlockpt(&master)?;
        let slave_path = ptsname(&master, Vec::new())?;
        let slave_path = Path::new(OsStr::from_bytes(slave_path.as_bytes()));
        // O_NOCTTY: opening the slave must not make it this process's controlling terminal.
        let slave: OwnedFd = OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(rustix::fs::OFlags::NOCTTY.bits() as i32)
            .open(slave_path)?
            .into();
        set_size(&master, cols, rows)?;

        let mut command = Command::new(program);
        command
            .args(args)
            .env_clear()
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::from(slave.try_clone()?))
            .stdout(Stdio::from(slave.try_clone()?))
            .stderr(Stdio::from(slave));
        // SAFETY: the closure runs in the child between fork and exec, where only
        // async-signal-safe work is allowed. It makes two system calls through rustix (no
        // allocation, no locks): setsid() to leave the bench's session, so the child can have a
        // controlling terminal of its own, and TIOCSCTTY on standard input (already the slave
        // here: std sets up the standard streams before running this) to make the pty that
        // terminal. crossterm opens /dev/tty, which needs it.
        unsafe {
            command.pre_exec(|| {
                rustix::process::setsid()?;
                rustix::process::ioctl_tiocsctty(rustix::stdio::stdin())?;
                Ok(())
            });
        }
        let child = command.spawn()?;
        // `command` still holds the slave copies; dropping it leaves the child the only holder,
        // so reads on the master see the end when the child exits.
        drop(command);
        Ok(Pty {
            master: File::from(master),
            child,
            name: program.file_name().map_or_else(
                || program.display().to_string(),
                |n| n.to_string_lossy().into(),
            ),
        })
    }

    /// The child's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Changes the terminal's size (TIOCSWINSZ); the kernel sends the program SIGWINCH.
    pub fn resize(&self, cols: u16, rows: u16) -> io::Result<()> {
        set_size(self.master.as_fd(), cols, rows)
    }

    /// Types `bytes` into the terminal.
    pub fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.master.write_all(bytes)?;
        self.master.flush()
    }

    /// Waits at most `timeout` for output and appends what is there to `out`.
    pub fn read_chunk(&mut self, out: &mut Vec<u8>, timeout: Duration) -> io::Result<Chunk> {
        let mut fds = [PollFd::new(&self.master, PollFlags::IN)];
        let timeout = Timespec::try_from(timeout).map_err(io::Error::other)?;
        loop {
            match poll(&mut fds, Some(&timeout)) {
                Ok(0) => return Ok(Chunk::Nothing),
                Ok(_) => break,
                Err(rustix::io::Errno::INTR) => continue,
                Err(error) => return Err(error.into()),
            }
        }
        let mut buf = [0u8; 16 * 1024];
        match self.master.read(&mut buf) {
            Ok(0) => Ok(Chunk::Closed),
            Ok(n) => {
                out.extend_from_slice(&buf[..n]);
                Ok(Chunk::Data(n))
            }
            // Linux reports a master whose slave is closed by EIO (after POLLHUP).
            Err(error) if error.raw_os_error() == Some(rustix::io::Errno::IO.raw_os_error()) => {
                Ok(Chunk::Closed)
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => Ok(Chunk::Data(0)),
            Err(error) => Err(error),
        }
    }

    /// Reads until `pattern` has arrived, and returns everything read (which may go a little past
    /// the pattern). Fails after `timeout`, or if the program exits first, showing what came.
    pub fn read_until(&mut self, pattern: &[u8], timeout: Duration) -> io::Result<Vec<u8>> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            // Only the new bytes and the pattern's length before them can complete a match.
            let from = out.len().saturating_sub(pattern.len().saturating_sub(1));
            let left = deadline.saturating_duration_since(Instant::now());
            match self.read_chunk(&mut out, left)? {
                Chunk::Data(_) => {
                    if find(&out[from..], pattern).is_some() {
                        return Ok(out);
                    }
                }
                Chunk::Nothing if Instant::now() >= deadline => {
                    return Err(self.failure(
                        io::ErrorKind::TimedOut,
                        &format!(
                            "no \"{}\" from {} within {timeout:?}",
                            escape(pattern),
                            self.name
                        ),
                        &out,
                    ));
                }
                Chunk::Nothing => {}
                Chunk::Closed => {
                    let status = self.status_text();
                    let message = format!(
                        "{} closed the terminal ({status}) before writing \"{}\"",
                        self.name,
                        escape(pattern)
                    );
                    return Err(self.failure(io::ErrorKind::UnexpectedEof, &message, &out));
                }
            }
        }
    }

    /// Reads until the program has written nothing for `quiet`, and returns what it wrote.
    /// Fails if it is still writing after `timeout`. A program that exits counts as quiet.
    pub fn read_until_quiet(&mut self, quiet: Duration, timeout: Duration) -> io::Result<Vec<u8>> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        let mut last = Instant::now();
        loop {
            let now = Instant::now();
            let quiet_at = last + quiet;
            if now >= quiet_at {
                return Ok(out);
            }
            if now >= deadline {
                return Err(self.failure(
                    io::ErrorKind::TimedOut,
                    &format!(
                        "{} did not go quiet for {quiet:?} within {timeout:?}",
                        self.name
                    ),
                    &out,
                ));
            }
            match self.read_chunk(&mut out, quiet_at.min(deadline) - now)? {
                Chunk::Data(_) => last = Instant::now(),
                Chunk::Nothing => {}
                Chunk::Closed => return Ok(out),
            }
        }
    }

    /// Reads whatever the program writes during `duration`, and returns it.
    pub fn read_for(&mut self, duration: Duration) -> io::Result<Vec<u8>> {
        let deadline = Instant::now() + duration;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(out);
            }
            if self.read_chunk(&mut out, left)? == Chunk::Closed {
                // Nothing more can come: wait out the rest so the caller's timing holds.
                thread::sleep(deadline.saturating_duration_since(Instant::now()));
                return Ok(out);
            }
        }
    }

    /// Reads whatever the program writes during `duration`, with no input, and counts what it
    /// used meanwhile.
    pub fn quiet_for(&mut self, duration: Duration) -> io::Result<Quiet> {
        let pid = self.pid();
        let before = usage(pid)?;
        let start = Instant::now();
        let written = self.read_for(duration)?;
        let used = usage(pid)?.since(&before);
        Ok(Quiet {
            written,
            used,
            elapsed: start.elapsed(),
        })
    }

    /// Runs `step` (sending and reading) and returns its result with what the program used
    /// meanwhile.
    pub fn usage_during<T>(
        &mut self,
        step: impl FnOnce(&mut Pty) -> io::Result<T>,
    ) -> io::Result<(T, Usage)> {
        let pid = self.pid();
        let before = usage(pid)?;
        let result = step(self)?;
        Ok((result, usage(pid)?.since(&before)))
    }

    /// Waits up to `timeout` for the program to exit, reading its output meanwhile so it cannot
    /// block on a full terminal. Fails (leaving it running) if it does not exit in time.
    pub fn wait(&mut self, timeout: Duration) -> io::Result<ExitStatus> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            if let Some(status) = self.child.try_wait()? {
                return Ok(status);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(self.failure(
                    io::ErrorKind::TimedOut,
                    &format!("{} did not exit within {timeout:?}", self.name),
                    &out,
                ));
            }
            if self.read_chunk(&mut out, left.min(Duration::from_millis(20)))? == Chunk::Closed {
                // The terminal is closed but the process may not be reaped yet.
                thread::sleep(Duration::from_millis(1));
            }
        }
    }

    /// Kills the program (SIGKILL) if it is still running, and reaps it.
    pub fn kill(&mut self) -> io::Result<ExitStatus> {
        if let Some(status) = self.child.try_wait()? {
            return Ok(status);
        }
        self.child.kill()?;
        self.child.wait()
    }

    fn status_text(&mut self) -> String {
        match self.child.try_wait() {
            Ok(Some(status)) => status.to_string(),
            Ok(None) => "still running".into(),
            Err(error) => format!("status unknown: {error}"),
        }
    }

    fn failure(&self, kind: io::ErrorKind, what: &str, received: &[u8]) -> io::Error {
        let shown = &received[received.len().saturating_sub(SHOWN_ON_FAILURE)..];
        io::Error::new(
            kind,
            format!(
                "{what}; received {} bytes{}:\n{}",
                received.len(),
                if shown.len() < received.len() {
                    format!(", the last {} shown", shown.len())
                } else {
                    String::new()
                },
                escape(shown)
            ),
        )
    }
}

impl Drop for Pty {
    /// A bench that fails half-way leaves no program behind.
    fn drop(&mut self) {
        let _ = self.kill();
    }
}

fn set_size(master: impl AsFd, cols: u16, rows: u16) -> io::Result<()> {
    let size = Winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    Ok(tcsetwinsize(master, size)?)
}

/// The first position of `pattern` in `haystack`.
pub fn find(haystack: &[u8], pattern: &[u8]) -> Option<usize> {
    if pattern.is_empty() {
        return Some(0);
    }
    haystack.windows(pattern.len()).position(|w| w == pattern)
}

/// Terminal output made readable: text as it is, control bytes as `\e`, `\r`, `\n` or `\xNN`,
/// and bytes that are not UTF-8 as `\xNN`.
pub fn escape(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\x1b' => text.push_str("\\e"),
                '\r' => text.push_str("\\r"),
                '\n' => text.push_str("\\n"),
                '\\' => text.push_str("\\\\"),
                c if c.is_control() => text.push_str(&format!("\\x{:02x}", c as u32)),
                c => text.push(c),
            }
        }
        for b in chunk.invalid() {
            text.push_str(&format!("\\x{b:02x}"));
        }
    }
    text
}

/// What a program did during [`Pty::quiet_for`].
pub struct Quiet {
    /// The bytes it wrote.
    pub written: Vec<u8>,
    pub used: Usage,
    /// How long the wait took, from the first reading of the usage to the second.
    pub elapsed: Duration,
}

impl Quiet {
    /// `count` events over the wait, per second.
    pub fn per_second(&self, count: u64) -> f64 {
        count as f64 / self.elapsed.as_secs_f64()
    }

    /// The first 200 bytes written, escaped.
    pub fn first_bytes(&self) -> String {
        escape(&self.written[..self.written.len().min(200)])
    }

    /// Prints what the program used while it sat still, under the heading `what`.
    pub fn print_idle(&self, what: &str) {
        let used = &self.used;
        println!(
            "{what} ({} threads; target 0 wake-ups, 0 bytes, no CPU):",
            used.threads
        );
        println!(
            "   wake-ups (context switches) {} = {:.2}/s: voluntary {}, involuntary {}",
            used.switches(),
            self.per_second(used.switches()),
            used.voluntary_switches,
            used.nonvoluntary_switches,
        );
        println!(
            "   CPU {:.2} s   bytes written {}",
            used.cpu_seconds(),
            self.written.len(),
        );
        if !self.written.is_empty() {
            println!("   first bytes: {}", self.first_bytes());
        }
    }
}

/// What a process has used so far, summed over its live threads (`/proc/<pid>/task/*`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// User plus system CPU time, in clock ticks (see [`clock_ticks_per_second`]).
    pub cpu_ticks: u64,
    /// Times a thread gave up the CPU to wait (a sleep that ended: a wake-up).
    pub voluntary_switches: u64,
    /// Times a thread was preempted.
    pub nonvoluntary_switches: u64,
    pub threads: usize,
}

impl Usage {
    pub fn switches(&self) -> u64 {
        self.voluntary_switches + self.nonvoluntary_switches
    }

    /// The CPU time, in seconds.
    pub fn cpu_seconds(&self) -> f64 {
        self.cpu_ticks as f64 / clock_ticks_per_second() as f64
    }

    /// What was used between `earlier` and `self`.
    pub fn since(&self, earlier: &Usage) -> Usage {
        Usage {
            cpu_ticks: self.cpu_ticks.saturating_sub(earlier.cpu_ticks),
            voluntary_switches: self
                .voluntary_switches
                .saturating_sub(earlier.voluntary_switches),
            nonvoluntary_switches: self
                .nonvoluntary_switches
                .saturating_sub(earlier.nonvoluntary_switches),
            threads: self.threads,
        }
    }
}

/// Reads [`Usage`] for `pid`. A thread that ends while being read is skipped.
pub fn usage(pid: u32) -> io::Result<Usage> {
    let mut total = Usage::default();
    for entry in fs::read_dir(format!("/proc/{pid}/task"))? {
        let task = entry?.path();
        let (Ok(stat), Ok(status)) = (
            fs::read_to_string(task.join("stat")),
            fs::read_to_string(task.join("status")),
        ) else {
            continue;
        };
        total.cpu_ticks += stat_cpu_ticks(&stat)
            .ok_or_else(|| bad_proc(&task.join("stat"), "no utime and stime"))?;
        total.voluntary_switches += status_field(&status, "voluntary_ctxt_switches")
            .ok_or_else(|| bad_proc(&task.join("status"), "no voluntary_ctxt_switches"))?;
        total.nonvoluntary_switches += status_field(&status, "nonvoluntary_ctxt_switches")
            .ok_or_else(|| bad_proc(&task.join("status"), "no nonvoluntary_ctxt_switches"))?;
        total.threads += 1;
    }
    Ok(total)
}

/// The most resident memory the process has had (`VmHWM`), in KiB.
pub fn peak_rss_kib(pid: u32) -> io::Result<u64> {
    let path = format!("/proc/{pid}/status");
    let status = fs::read_to_string(&path)?;
    status_field(&status, "VmHWM").ok_or_else(|| bad_proc(Path::new(&path), "no VmHWM"))
}

/// What a process has resident now, in KiB, by where the pages come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resident {
    /// Pages of the program's own file: code, constants, relocated data.
    pub program: u64,
    /// Pages of other files: the shared libraries (C library, loader, ...).
    pub libraries: u64,
    /// Anonymous memory: heap, stacks, written data (and the kernel's vDSO).
    pub anonymous: u64,
}

/// Reads [`Resident`] for `pid` from the `Rss` of each mapping in `/proc/<pid>/smaps`.
pub fn resident_kib(pid: u32) -> io::Result<Resident> {
    let program = fs::read_link(format!("/proc/{pid}/exe"))?;
    let path = format!("/proc/{pid}/smaps");
    let smaps = fs::read_to_string(&path)?;
    let mut resident = Resident::default();
    let mut kind = &mut resident.anonymous;
    for line in smaps.lines() {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else { continue };
        if first == "Rss:" {
            *kind += words
                .next()
                .and_then(|kib| kib.parse::<u64>().ok())
                .ok_or_else(|| bad_proc(Path::new(&path), "an Rss without a number"))?;
        } else if !first.ends_with(':') {
            // A mapping's first line: address, permissions, offset, device and inode, then the
            // path of its file if it has one (the only field with a slash).
            kind = match line.find('/').map(|at| Path::new(&line[at..])) {
                Some(file) if file == program => &mut resident.program,
                Some(_) => &mut resident.libraries,
                None => &mut resident.anonymous,
            };
        }
    }
    Ok(resident)
}

/// The unit of the CPU times in `/proc/*/stat`.
pub fn clock_ticks_per_second() -> u64 {
    rustix::param::clock_ticks_per_second()
}

/// utime + stime: fields 14 and 15 of a stat line. The command name (field 2, in parentheses)
/// may hold spaces and parentheses, so fields are counted from the last `)`.
fn stat_cpu_ticks(stat: &str) -> Option<u64> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11); // field 3 is the first after `)`
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some(utime + stime)
}

/// The number in a `Name:  value [unit]` line of a status file.
fn status_field(status: &str, name: &str) -> Option<u64> {
    status.lines().find_map(|line| {
        let value = line.strip_prefix(name)?.strip_prefix(':')?;
        value.split_whitespace().next()?.parse().ok()
    })
}

fn bad_proc(path: &Path, what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("{}: {what}", path.display()),
    )
}
