//! The event loop. Terminal input and signals arrive on one channel from two small threads, so the
//! loop sleeps in a single blocking receive: no timer runs unless the app has a deadline (a clock
//! on screen, an animation). All queued input is handled before one draw.

use std::io;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, Event};
use ratatui::layout::{Position, Rect};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use super::{Action, App, action_for, draw};
use crate::waker::Waker;

/// What wakes the loop.
#[derive(Debug)]
pub enum Input {
    Terminal(Event),
    /// SIGTERM, SIGHUP or SIGINT: save and leave.
    Signal(i32),
    /// Reading the terminal failed; the program cannot go on.
    Failed(io::Error),
    /// Background work finished (the computer's move): the app takes its result.
    Wake,
}

/// The loop's channel, and a waker that feeds it (a bench's channel, when it drives an app
/// without a terminal).
pub fn channel() -> (Sender<Input>, Receiver<Input>, Waker) {
    let (sender, receiver) = mpsc::channel();
    let to_loop = sender.clone();
    // The loop is gone only when the program is ending; nothing is left to wake then.
    let waker = Waker::new(move || drop(to_loop.send(Input::Wake)));
    (sender, receiver, waker)
}

/// Starts the threads that feed the loop: one reads the terminal, one waits for signals. The waker
/// lets later background work feed it too.
pub fn spawn_sources() -> io::Result<(Receiver<Input>, Waker)> {
    let (sender, receiver, waker) = channel();
    // The first poll sets up the terminal's event source and with it the handler of SIGWINCH: done
    // here, before the first frame, a resize made as soon as the menu shows is never missed.
    event::poll(Duration::ZERO)?;
    let mut signals = Signals::new([SIGTERM, SIGHUP, SIGINT])?;
    let to_loop = sender.clone();
    thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                if to_loop.send(Input::Signal(signal)).is_err() {
                    break;
                }
            }
        })?;
    thread::Builder::new()
        .name("terminal input".into())
        .spawn(move || read_terminal(sender))?;
    Ok((receiver, waker))
}

fn read_terminal(sender: Sender<Input>) {
    loop {
        let input = match event::read() {
            Ok(event) => Input::Terminal(event),
            Err(error) => Input::Failed(error),
        };
        let failed = matches!(input, Input::Failed(_));
        if sender.send(input).is_err() || failed {
            break;
        }
    }
}

/// How the program came to its end.
#[derive(Debug, Default)]
pub struct Ending {
    /// The signal that ended it, if one did.
    pub signal: Option<i32>,
    /// What the player must read once the screen is restored.
    pub message: Option<String>,
    /// The terminal failed (it was closed, say); everything was kept all the same.
    pub failure: Option<io::Error>,
}

/// Runs until the app quits, and then makes sure that it has kept every game and result,
/// whatever ended it. `send` writes to the terminal what is not drawing (the bell, text for the
/// clipboard). Generic over the backend so tests can drive it on `TestBackend`.
pub fn run<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    inputs: &Receiver<Input>,
    send: impl FnMut(&[u8]),
) -> Ending
where
    B::Error: Into<io::Error>,
{
    let mut signal = None;
    let failure = run_until_quit(terminal, app, inputs, &mut signal, send).err();
    if !app.quit {
        app.shut_down();
    }
    Ending {
        signal,
        message: app.farewell.take(),
        failure,
    }
}

fn run_until_quit<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    inputs: &Receiver<Input>,
    signal: &mut Option<i32>,
    mut send: impl FnMut(&[u8]),
) -> io::Result<()>
where
    B::Error: Into<io::Error>,
{
    let mut dirty = true;
    while !app.quit {
        if dirty {
            terminal
                .draw(|frame| draw(app, frame))
                .map_err(Into::into)?;
            dirty = false;
        }
        if app.closing {
            app.shut_down();
            continue;
        }
        let first = match app.next_deadline() {
            None => inputs.recv().ok(),
            Some(deadline) => {
                match inputs.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                    Ok(input) => Some(input),
                    Err(RecvTimeoutError::Timeout) => {
                        app.now = Instant::now();
                        dirty |= app.update(Action::Tick);
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => None,
                }
            }
        };
        // Every source is gone: nothing can reach the program any more.
        let Some(first) = first else {
            return Ok(());
        };
        for input in std::iter::once(first).chain(inputs.try_iter()) {
            app.now = Instant::now();
            dirty |= match input {
                Input::Terminal(event) => {
                    action_for(app, &event).is_some_and(|action| app.update(action))
                }
                Input::Wake => app.update(Action::Tick),
                Input::Signal(number) => {
                    *signal = Some(number);
                    return Ok(());
                }
                Input::Failed(error) => return Err(error),
            };
            if app.quit {
                break;
            }
        }
        if std::mem::take(&mut app.bell) {
            send(b"\x07");
        }
        if let Some(text) = app.clipboard.take() {
            send(&crate::terminal::clipboard::sequence(&text));
        }
        if std::mem::take(&mut app.suspend) {
            crate::terminal::suspend()?;
            // The shell wrote over the screen meanwhile, and the terminal may have changed size:
            // everything is drawn again. (`resize` clears without asking the terminal anything,
            // which the input thread's reading would hold up.)
            let size = terminal.size().map_err(Into::into)?;
            terminal
                .resize(Rect::from((Position::ORIGIN, size)))
                .map_err(Into::into)?;
            app.now = Instant::now();
            app.update(Action::Resize(size));
            dirty = true;
        }
    }
    Ok(())
}
