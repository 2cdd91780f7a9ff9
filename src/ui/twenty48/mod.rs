//! The 2048 screen: moves from keys and swipes, short animations, undo, the win and game-over
//! choices, the running game saved after every move, and the records.

mod colors;
mod computer;
mod draw;
mod input;
pub mod layout;

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use ratatui::layout::{Position, Rect, Size};

use crate::app::{Context, ScreenId, Transition};
use crate::games::GameId;
use crate::games::twenty48::{
    Direction, Game, Level, MoveReport, Status, tile_value, win_exponent,
};
use crate::records::twenty48::{FinishedGame, best_score_change, changes, size_key};
use crate::store::file::Durability;
use crate::store::saved_game::SavedGame;
use crate::store::{Store, settings};
use crate::timestamp::Timestamp;
pub use colors::tile_style;
use computer::Computer;
pub use draw::render;
pub use input::action_for;
use layout::BoardLayout;

/// The file in the data folder that holds the running game.
pub const SAVE_FILE: &str = "2048-game.toml";

/// Tiles slide for this long, then merged tiles flash and new ones appear for as long again.
pub const SLIDE: Duration = Duration::from_millis(100);
pub const SETTLE: Duration = Duration::from_millis(100);
/// The time between animation frames (about 40 a second).
const FRAME: Duration = Duration::from_millis(25);

#[derive(Clone, Debug, PartialEq)]
pub enum Twenty48Action {
    Slide(Direction),
    Undo,
    NewGame,
    /// Confirms (or with `false` cancels) a new game while one is running.
    Confirm(bool),
    KeepGoing,
    Hint,
    /// Starts or stops the computer playing.
    Autoplay,
    /// A mouse button went down or up at a terminal position.
    Press(Position),
    Release(Position),
    Setup,
    Back,
}

/// A move being shown.
#[derive(Clone, Debug)]
pub struct Animation {
    pub report: MoveReport,
    pub started: Instant,
}

impl Animation {
    pub fn is_over(&self, now: Instant) -> bool {
        now >= self.started + SLIDE + SETTLE
    }
}

/// What the settings say about play on this screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub animations: bool,
    /// Autoplay's moves a second.
    pub autoplay_speed: i64,
    /// How well the computer plays hints and autoplay.
    pub computer: Level,
}

impl Options {
    pub fn from_settings(store: &Store) -> Options {
        let settings = store.settings();
        Options {
            animations: settings.toggle(&settings::T48_ANIMATIONS),
            autoplay_speed: settings.number(&settings::T48_AUTOPLAY_SPEED),
            computer: Level::from_name(settings.choice(&settings::T48_COMPUTER))
                .unwrap_or_default(),
        }
    }
}

pub struct Twenty48Screen {
    pub game: Game,
    pub seed: u64,
    pub animation: Option<Animation>,
    pub animations_on: bool,
    /// Hints and autoplay.
    pub computer: Computer,
    /// Points of the last move, shown as "+N".
    pub last_gain: u64,
    pub confirming_new: bool,
    /// Where the mouse button went down, for swipes.
    press: Option<Position>,
    saved: Option<SavedGame>,
    recorded: bool,
    /// The command line's board size, kept for new games until the player changes the settings.
    pub pinned_size: Option<usize>,
}

impl Twenty48Screen {
    pub fn new(
        game: Game,
        seed: u64,
        saved: Option<SavedGame>,
        options: Options,
        now: Instant,
    ) -> Twenty48Screen {
        Twenty48Screen {
            game,
            seed,
            animation: None,
            animations_on: options.animations,
            computer: Computer::new(options.autoplay_speed, options.computer, now),
            last_gain: 0,
            confirming_new: false,
            press: None,
            saved,
            recorded: false,
            pinned_size: None,
        }
    }

    /// Takes up settings changed while the game was kept.
    pub fn set_options(&mut self, options: Options) {
        self.animations_on = options.animations;
        self.computer.set_speed(options.autoplay_speed);
        self.computer.level = options.computer;
    }

    pub fn layout(&self, area: Rect) -> BoardLayout {
        layout::layout(area, self.game.size())
    }

    pub fn min_size(&self) -> Size {
        layout::min_size(self.game.size())
    }

    /// A game with moves that has not ended: worth resuming, and recorded if replaced.
    pub fn in_progress(&self) -> bool {
        self.game.moves() > 0 && self.game.status() != Status::Over
    }

    pub fn assisted(&self) -> bool {
        self.game.assists().next().is_some()
    }

    /// Animation frames and autoplay's pace are the only things that wake the program here: a
    /// frame every [`FRAME`] while tiles slide, then only when the flash and the new tile change.
    pub fn deadline(&self, now: Instant) -> Option<Instant> {
        let animation = self.animation.as_ref().map(|animation| {
            let slid = animation.started + SLIDE;
            let halfway = slid + SETTLE / 2;
            if now < slid {
                (now + FRAME).min(slid)
            } else if now < halfway {
                halfway
            } else {
                slid + SETTLE
            }
        });
        [animation, self.computer.deadline()]
            .into_iter()
            .flatten()
            .min()
    }

    pub fn update(&mut self, action: Twenty48Action, ctx: &mut Context) -> Transition {
        // Any key stops autoplay, and does nothing else.
        if self.computer.autoplay {
            self.computer.stop();
            return Transition::Stay;
        }
        // A key during an animation finishes it at once; the key still counts.
        self.animation = None;
        if self.confirming_new {
            self.confirming_new = false;
            if action == Twenty48Action::Confirm(true) {
                self.replace_with_new_game(ctx);
            }
            return Transition::Stay;
        }
        match action {
            Twenty48Action::Back => return Transition::Open(ScreenId::Menu),
            Twenty48Action::Setup => return Transition::Setup(GameId::Twenty48),
            Twenty48Action::Slide(direction) => self.slide(direction, ctx),
            Twenty48Action::Undo => {
                if self.game.undo() {
                    self.last_gain = 0;
                    self.save(ctx.notices, Durability::Cached);
                }
            }
            Twenty48Action::NewGame if self.in_progress() => self.confirming_new = true,
            Twenty48Action::NewGame => self.replace_with_new_game(ctx),
            Twenty48Action::Confirm(_) => {}
            Twenty48Action::Hint => {
                self.computer.ask_hint(&mut self.game, ctx.waker);
                self.save(ctx.notices, Durability::Cached);
            }
            Twenty48Action::Autoplay => {
                self.computer
                    .toggle_autoplay(&mut self.game, ctx.now, ctx.waker);
                self.save(ctx.notices, Durability::Cached);
            }
            Twenty48Action::KeepGoing => {
                self.game.keep_going();
                self.save(ctx.notices, Durability::Cached);
            }
            Twenty48Action::Press(at) => self.press = Some(at),
            Twenty48Action::Release(at) => {
                let direction = match self.press.take() {
                    Some(from) => {
                        layout::swipe(from, at).or_else(|| self.layout(ctx.area).band_direction(at))
                    }
                    None => None,
                };
                if let Some(direction) = direction {
                    self.slide(direction, ctx);
                }
            }
        }
        Transition::Stay
    }

    /// Ends a finished animation (so that no timer runs once nothing moves), takes the computer's
    /// answers, and plays autoplay's move when its turn comes.
    pub fn tick(&mut self, ctx: &mut Context) {
        if self.animation.as_ref().is_some_and(|a| a.is_over(ctx.now)) {
            self.animation = None;
        }
        self.computer.tick(&self.game, ctx.waker);
        if let Some(direction) = self.computer.due_move(ctx.now) {
            self.slide(direction, ctx);
        }
    }

    fn slide(&mut self, direction: Direction, ctx: &mut Context) {
        let Some(report) = self.game.play(direction) else {
            return;
        };
        self.last_gain = report.score_gained;
        if self.animations_on {
            // The first frame, drawn at once, already shows the tiles on their way.
            self.animation = Some(Animation {
                report,
                started: ctx.now.checked_sub(FRAME).unwrap_or(ctx.now),
            });
        }
        self.computer.moved(&self.game, ctx.waker);
        if self.game.status() == Status::Over {
            self.record(ctx.store);
            if let Some(saved) = &self.saved
                && let Err(e) = saved.delete()
            {
                ctx.notices.push_back(format!(
                    "the finished game's save could not be removed: {e}"
                ));
            }
        } else {
            // Cached: waiting for the disk after every move would slow play.
            self.save(ctx.notices, Durability::Cached);
        }
    }

    /// The player leaves the screen or the program: the game goes to disk for good, and a best
    /// score it passed is written to the records. (The status line shows it passing at once.)
    pub fn leave(&self, store: &mut Store, notices: &mut VecDeque<String>) {
        if self.game.status() == Status::Over || self.game.moves() == 0 {
            return;
        }
        self.save(notices, Durability::Synced);
        if self.game.autoplayed() {
            return;
        }
        let size = size_key(self.game.size());
        let best = store
            .records()
            .twenty48
            .get(&size)
            .map_or(0, |r| r.best_for(self.assisted()));
        if self.game.score() > best {
            store.commit([best_score_change(&size, self.game.score(), self.assisted())]);
        }
    }

    fn save(&self, notices: &mut VecDeque<String>, durability: Durability) {
        if let Some(saved) = &self.saved
            && let Err(e) = saved.save(&self.game, durability)
        {
            let notice = format!(
                "the game could not be saved to {}: {e}",
                saved.path().display()
            );
            if !notices.contains(&notice) {
                notices.push_back(notice);
            }
        }
    }

    /// Records the game once: when it is over, or when it is left for a new one.
    pub fn record(&mut self, store: &mut Store) {
        // A game the computer played in is never recorded as the player's.
        if self.recorded || self.game.moves() == 0 || self.game.autoplayed() {
            return;
        }
        self.recorded = true;
        let biggest = self.game.biggest_tile();
        let game = FinishedGame {
            score: self.game.score(),
            tile: u64::try_from(tile_value(biggest)).unwrap_or(u64::MAX),
            reached_win: biggest >= win_exponent(self.game.size()),
            undo: self.game.undo_used(),
            hint: self.game.hint_used(),
            date: Timestamp::now().date(),
        };
        store.commit(changes(&size_key(self.game.size()), &game));
    }

    fn replace_with_new_game(&mut self, ctx: &mut Context) {
        self.record(ctx.store);
        let size = self.pinned_size.unwrap_or_else(|| settings_size(ctx.store));
        let seed = ctx.seeds.next_seed();
        let Ok(game) = Game::new(size, seed) else {
            return;
        };
        *self = Twenty48Screen {
            pinned_size: self.pinned_size,
            ..Twenty48Screen::new(
                game,
                seed,
                self.saved.take(),
                Options::from_settings(ctx.store),
                ctx.now,
            )
        };
        self.save(ctx.notices, Durability::Cached);
    }
}

/// The board size the settings ask for.
pub fn settings_size(store: &Store) -> usize {
    store.settings().number(&settings::T48_SIZE) as usize
}
