//! The `play` part: Hard on the worker behind the real screen (the app on a `TestBackend` of
//! 80x24, the computer's default 1 s a move), as a player meets it. While Hard thinks, a cursor
//! key every 25 ms is handled and the screen drawn; the time each takes is the screen's answer.
//! The worker wakes the bench as it wakes the event loop; the time from the player's move to that
//! wake-up is Hard's answer time, against its limit.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use grid_arcade::app::{self, Action, App, Launch};
use grid_arcade::games::gomoku::{Budget, Computer, Level};
use grid_arcade::games::rng_from_seed;
use grid_arcade::play::gomoku::GAME;
use grid_arcade::store::Store;
use grid_arcade::ui::games;
use grid_arcade::ui::gomoku::{GomokuAction, GomokuScreen};
use grid_arcade::ui::theme::{Palette, TerminalTraits};
use grid_arcade::waker::Waker;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Size;

use super::{NEVER, Options, spread};
use crate::timing::millis;

const TRAITS: TerminalTraits = TerminalTraits {
    no_color: false,
    palette: Some(Palette::Ansi256),
    utf8: true,
    light_background: false,
};

/// How often a key comes while the computer thinks.
const KEY_EVERY: Duration = Duration::from_millis(25);
/// The computer's time a move, the default.
const LIMIT: Duration = Duration::from_secs(1);

fn screen(app: &App) -> &GomokuScreen {
    app.games.find::<GomokuScreen>().expect("the gomoku screen")
}

/// Handles `action` at the present time.
fn update(app: &mut App, action: Action) {
    app.now = Instant::now();
    app.update(action);
}

pub fn run(options: &Options) -> Result<(), String> {
    let moves = options.number("--moves", 20) as usize;
    let seed = options.number("--seed", 1);
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let path = dir.path().join("config.toml");
    let config = "[gomoku]\nopponent = \"hard\"\nplay_as = \"x\"\n";
    std::fs::write(&path, config).map_err(|e| e.to_string())?;
    let store = Store::open(path, games::schema()).map_err(|e| e.to_string())?;
    let (wake, woken) = mpsc::channel();
    let waker = Waker::new(move || {
        let _ = wake.send(Instant::now());
    });
    let launch = Launch {
        seed: Some(seed),
        open: Some(GAME),
        ..Launch::default()
    };
    let size = Size::new(80, 24);
    let mut app = App::new(store, TRAITS, size, launch, None, Some(waker));
    let Ok(mut terminal) = Terminal::new(TestBackend::new(size.width, size.height));
    let (mut keys, mut answers) = (Vec::new(), Vec::new());
    // The player's moves: Medium's, within a node budget, from a source of their own.
    let (mut player, mut rng) = (Computer::new(), rng_from_seed(seed));
    for _ in 0..moves {
        let game = screen(&app).session.game.clone();
        let Some(mine) =
            player.choose_move(&game, Level::Medium, Budget::Nodes(5_000), &mut rng, &NEVER)
        else {
            break;
        };
        let moved = Instant::now();
        update(&mut app, GomokuAction::Click(mine).into());
        if screen(&app).session.game.is_over() {
            break;
        }
        let mut step = KeyCode::Left;
        let answered = loop {
            match woken.recv_timeout(KEY_EVERY) {
                Ok(at) => break at,
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => return Err("no worker".into()),
            }
            step = if step == KeyCode::Left {
                KeyCode::Right
            } else {
                KeyCode::Left
            };
            let start = Instant::now();
            let event = Event::Key(KeyEvent::new(step, KeyModifiers::NONE));
            if let Some(action) = app::action_for(&app, &event) {
                update(&mut app, action);
            }
            let _ = terminal.draw(|frame| app::draw(&app, frame));
            keys.push(start.elapsed());
        };
        answers.push(answered - moved);
        // The answer shows once its pause is over, as the event loop's deadline has it.
        while screen(&app).session.computer_to_move() && !screen(&app).session.game.is_over() {
            if let Some(due) = app.next_deadline() {
                std::thread::sleep(due.saturating_duration_since(Instant::now()));
            }
            update(&mut app, Action::Tick);
        }
        if screen(&app).session.game.is_over() {
            break;
        }
    }
    let worst = answers.iter().max().copied().unwrap_or_default();
    println!(
        "Screen at 80x24 while Hard thinks ({} a move): {} cursor keys handled and drawn, {}",
        millis(LIMIT, 0),
        keys.len(),
        spread(&mut keys, 2),
    );
    println!(
        "Hard's answers on the worker, {} moves: {}, worst {} ({} over the limit)",
        answers.len(),
        spread(&mut answers, 1),
        millis(worst, 1),
        millis(worst.saturating_sub(LIMIT), 1),
    );
    Ok(())
}
