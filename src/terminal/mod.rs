//! Entering and leaving the full-screen mode: raw input, the alternate screen, mouse and focus
//! reports, a hidden cursor. Everything is undone on every way out: the guard's drop covers normal
//! returns and errors, the panic hook covers panics (restoring first so the message is readable),
//! and signals reach the event loop, which returns normally.

use std::io::{self, Stdout, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

mod backend;
pub mod clipboard;

use ratatui::Terminal;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{
    DisableFocusChange, DisableMouseCapture, EnableFocusChange, EnableMouseCapture,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

pub use backend::CompactBackend;

pub type Tui = Terminal<CompactBackend<Stdout>>;

/// Whether the terminal is in full-screen mode, so that restoring twice writes nothing twice.
static ACTIVE: AtomicBool = AtomicBool::new(false);
static PANIC_HOOK: Once = Once::new();

/// Restores the terminal when dropped.
pub struct TerminalGuard {
    _private: (),
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Switches the terminal to full-screen mode and returns it with the guard that switches it back.
pub fn enter() -> io::Result<(Tui, TerminalGuard)> {
    PANIC_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
            // Where a panic aborts (the release build), end as an unwound panic does: status
            // 101, not SIGABRT and a core dump.
            #[cfg(panic = "abort")]
            std::process::exit(101);
        }));
    });
    let guard = TerminalGuard { _private: () };
    activate()?;
    let terminal = Terminal::new(CompactBackend::new(io::stdout()))?;
    Ok((terminal, guard))
}

fn activate() -> io::Result<()> {
    ACTIVE.store(true, Ordering::SeqCst);
    enable_raw_mode()?;
    execute!(
        io::stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableFocusChange,
        Hide
    )
}

/// Gives the terminal back and stops the program, as Ctrl-Z does in any terminal program (raw
/// mode turns the key into a key press, so the program stops itself). When the shell brings it
/// back with `fg`, full-screen mode returns; the caller then draws the whole screen again.
pub fn suspend() -> io::Result<()> {
    restore();
    #[cfg(unix)]
    // SAFETY: raising a signal whose default action stops the process; no handler runs.
    unsafe {
        libc::raise(libc::SIGTSTP);
    }
    activate()
}

/// Leaves full-screen mode. Errors are ignored: after a hang-up there is no terminal to fix.
pub fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    let mut out = io::stdout();
    let _ = execute!(
        out,
        DisableFocusChange,
        DisableMouseCapture,
        LeaveAlternateScreen,
        Show
    );
    let _ = disable_raw_mode();
    let _ = out.flush();
}
