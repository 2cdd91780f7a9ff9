//! The 2048 screen: moves from keys and swipes, short animations, undo, the win and game-over
//! choices, the running game saved after every move, and the records.

mod colors;
mod computer;
mod draw;
mod input;
pub mod layout;
mod saved;
mod text;

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use ratatui::layout::{Position, Rect, Size};
use ratatui::text::Line;

use crate::clock::Stopwatch;
use crate::code::GameCode;
use crate::daily::Attempt;
use crate::games::GameId;
use crate::games::twenty48::{
    Direction, Game, Level, MoveReport, Status, tile_value, win_exponent,
};
use crate::history::{DailyMark, Entry, Outcome, Twenty48Facts};
use crate::records::daily::Twenty48Day;
use crate::records::twenty48::{FinishedGame, Standing, changes, size_key};
use crate::records::{self, DailyRecords};
use crate::screen::{Context, ScreenId, Transition};
use crate::store::file::{self, Contents, Durability};
use crate::store::saved_games::{SaveSlot, SavedGames};
use crate::store::{Store, settings};
use crate::timestamp::Timestamp;
use crate::ui::question::Question;
use crate::ui::status;
use crate::ui::theme::Theme;
use crate::ui::{daily, footer};
pub use colors::tile_style;
use computer::Computer;
pub use draw::render;
pub(in crate::ui) use draw::{render_places, render_tiles};
pub use input::action_for;
use layout::BoardLayout;
pub use saved::SavedGame;

/// The name under which the games of a board size are kept in the data folder.
pub fn save_stem(size: usize) -> String {
    format!("2048-{}", size_key(size))
}

/// The single save of earlier versions, whatever the size; it is moved to its size's name.
pub const OLD_SAVE_FILE: &str = "2048-game.toml";

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
    /// The same board again: the same size and seed.
    Restart,
    /// The answer to the question on screen.
    Answer(bool),
    KeepGoing,
    Hint,
    /// Starts or stops the computer playing.
    Autoplay,
    /// A mouse button went down or up at a terminal position.
    Press(Position),
    Release(Position),
    Setup,
    Back,
    /// A daily game that is over: its day's share line to the clipboard.
    Share,
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
    pub animation: Option<Animation>,
    pub animations_on: bool,
    /// Hints and autoplay.
    pub computer: Computer,
    /// Points of the last move, shown as "+N".
    pub last_gain: u64,
    /// The question waiting for an answer.
    pub question: Option<Question>,
    /// Where the mouse button went down, for swipes.
    press: Option<Position>,
    /// Where the game is kept between runs; `None` keeps nothing.
    slot: Option<SaveSlot>,
    recorded: bool,
    /// The command line's board size, kept for new games until the player changes the settings.
    pub pinned_size: Option<usize>,
    /// When the game's first move was made.
    started: Option<Timestamp>,
    /// The time the game has been played (on screen, from its first move).
    play: Stopwatch,
    /// A game of the daily challenge: its day, and whether it is a retry.
    pub daily: Option<Attempt>,
}

impl Twenty48Screen {
    pub fn new(
        game: Game,
        slot: Option<SaveSlot>,
        options: Options,
        now: Instant,
    ) -> Twenty48Screen {
        Twenty48Screen {
            game,
            animation: None,
            animations_on: options.animations,
            computer: Computer::new(options.autoplay_speed, options.computer, now),
            last_gain: 0,
            question: None,
            press: None,
            slot,
            recorded: false,
            pinned_size: None,
            started: None,
            play: Stopwatch::default(),
            daily: None,
        }
    }

    /// A saved game, its clock stopped until the screen is shown.
    pub fn resumed(
        saved: SavedGame,
        slot: SaveSlot,
        options: Options,
        now: Instant,
    ) -> Twenty48Screen {
        Twenty48Screen {
            started: saved.started.map(|unix_seconds| Timestamp { unix_seconds }),
            play: Stopwatch::stopped_at(Duration::from_millis(saved.play_ms)),
            daily: saved.daily,
            ..Twenty48Screen::new(saved.game, Some(slot), options, now)
        }
    }

    /// The screen is shown again: a game in progress counts its time again.
    pub fn come_back(&mut self, now: Instant) {
        if self.in_progress() && self.started.is_some() {
            self.play.start(now);
        }
    }

    /// Takes up settings changed while the game was kept.
    pub fn set_options(&mut self, options: Options) {
        self.animations_on = options.animations;
        self.computer.set_speed(options.autoplay_speed);
        self.computer.level = options.computer;
    }

    /// Where everything goes in `area`; the card at the end of a game tells where the game
    /// stands in `store`'s records.
    pub fn layout(&self, area: Rect, store: &Store) -> BoardLayout {
        let card = text::shows_card(self).then(|| {
            let lines = text::card(self, self.standing(store), &Theme::mono());
            let width = lines.iter().map(Line::width).max().unwrap_or(0);
            Size::new(width as u16, lines.len() as u16)
        });
        let status_rows = self.status_rows(self.standing(store), area.width);
        let footer_rows = footer::height(&Self::playing_footer(), area.width);
        layout::layout(area, self.game.size(), status_rows, card, footer_rows)
    }

    /// Rows of the figures and of the row under them at `width` columns: the same all game long
    /// (the scores' slots grow only past a million).
    fn status_rows(&self, standing: Standing, width: u16) -> u16 {
        let theme = Theme::mono();
        status::height(&text::figures(self, standing, &theme), width)
            + status::height(&text::messages(self, &theme), width)
    }

    /// The keys the screen needs in its current state.
    pub fn footer(&self) -> Vec<footer::Hint> {
        match self.game.status() {
            Status::Won => vec![
                ("Enter", "keep going"),
                ("n", "new"),
                ("r", "restart"),
                ("Esc", "back"),
                ("?", "help"),
            ],
            Status::Over => [
                Some(("n", "new")),
                Some(("r", "restart")),
                Some(("u", "undo")),
                self.daily.map(|_| ("y", "copy share line")),
                Some(("Esc", "back")),
                Some(("?", "help")),
            ]
            .into_iter()
            .flatten()
            .collect(),
            Status::Playing => Self::playing_footer(),
        }
    }

    /// The keys of a game being played: the longest footer, whose rows the layout keeps in
    /// every state so that the board never moves when the game ends.
    fn playing_footer() -> Vec<footer::Hint> {
        vec![
            ("←↑↓→", "move"),
            ("u", "undo"),
            ("t", "hint"),
            ("A", "autoplay"),
            ("n", "new"),
            ("o", "options"),
            ("Esc", "back"),
            ("?", "help"),
        ]
    }

    /// The smallest area the screen plays in, `width` columns wide (0: at its narrowest): the
    /// status and the footer wrap, so a wider terminal needs fewer rows.
    pub fn min_size(&self, width: u16) -> Size {
        let width = width.max(layout::min_size(self.game.size(), 0).width);
        let unrecorded = Standing {
            best: 0,
            new_best: false,
            rank: None,
        };
        let footer_rows = footer::height(&Self::playing_footer(), width);
        layout::min_size(
            self.game.size(),
            self.status_rows(unrecorded, width) + footer_rows,
        )
    }

    /// A game with moves that is not recorded yet: kept between runs and offered again (a game
    /// that just ended too, since undo can still take it back).
    pub fn in_progress(&self) -> bool {
        self.game.moves() > 0 && !self.recorded
    }

    /// Whether giving the game up for another asks first: it is in progress and could go on.
    fn leaving_asks(&self) -> bool {
        self.in_progress() && self.game.status() != Status::Over
    }

    /// The code that gives this game again: its size and seed (unknown only for games saved by
    /// versions that did not keep it).
    pub fn code(&self) -> Option<GameCode> {
        Some(GameCode::Twenty48 {
            size: self.game.size() as u8,
            seed: self.game.seed()?,
        })
    }

    pub fn assisted(&self) -> bool {
        self.game.assists().next().is_some()
    }

    /// Where this game stands against the records of its table, as if it ended now.
    pub fn standing(&self, store: &Store) -> Standing {
        store
            .records()
            .twenty48
            .get(&size_key(self.game.size()))
            .cloned()
            .unwrap_or_default()
            .standing(self.game.score(), self.assisted())
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
        if let Some(question) = self.question.take() {
            if action == Twenty48Action::Answer(true) {
                match question {
                    Question::NewGame => self.replace_with_new_game(ctx),
                    Question::Restart => self.restart(ctx),
                    Question::Hint => self.hint(ctx),
                    Question::Undo => self.undo(ctx),
                    Question::Autoplay => self.autoplay(ctx),
                }
            }
            return Transition::Stay;
        }
        // The first assist of a clean game asks: the game then counts toward the assisted best.
        let asks = match action {
            Twenty48Action::Hint | Twenty48Action::Autoplay => {
                self.game.status() == Status::Playing
            }
            Twenty48Action::Undo => self.game.can_undo(),
            _ => false,
        };
        if asks && !self.assisted() {
            self.question = Some(match action {
                Twenty48Action::Hint => Question::Hint,
                Twenty48Action::Undo => Question::Undo,
                _ => Question::Autoplay,
            });
            return Transition::Stay;
        }
        match action {
            Twenty48Action::Back => return Transition::Open(ScreenId::Menu),
            Twenty48Action::Share => {
                if let Some(line) = self.share_line(&ctx.store.records().daily) {
                    daily::copy(ctx, line);
                }
            }
            Twenty48Action::Setup => return Transition::Setup(GameId::Twenty48),
            Twenty48Action::Slide(direction) => self.slide(direction, ctx),
            Twenty48Action::Undo => self.undo(ctx),
            Twenty48Action::NewGame if self.leaving_asks() => {
                self.question = Some(Question::NewGame)
            }
            Twenty48Action::NewGame => self.replace_with_new_game(ctx),
            Twenty48Action::Restart if self.leaving_asks() => {
                self.question = Some(Question::Restart)
            }
            Twenty48Action::Restart => self.restart(ctx),
            Twenty48Action::Answer(_) => {}
            Twenty48Action::Hint => self.hint(ctx),
            Twenty48Action::Autoplay => self.autoplay(ctx),
            Twenty48Action::KeepGoing => {
                self.game.keep_going();
                self.save(ctx.notices, Durability::Cached);
            }
            Twenty48Action::Press(at) => self.press = Some(at),
            Twenty48Action::Release(at) => {
                let direction = match self.press.take() {
                    Some(from) => layout::swipe(from, at)
                        .or_else(|| self.layout(ctx.area, ctx.store).band_direction(at)),
                    None => None,
                };
                if let Some(direction) = direction {
                    self.slide(direction, ctx);
                }
            }
        }
        Transition::Stay
    }

    fn undo(&mut self, ctx: &mut Context) {
        if self.game.undo() {
            self.last_gain = 0;
            self.save(ctx.notices, Durability::Cached);
        }
    }

    fn hint(&mut self, ctx: &mut Context) {
        self.computer.ask_hint(&mut self.game, ctx.waker);
        self.save(ctx.notices, Durability::Cached);
    }

    fn autoplay(&mut self, ctx: &mut Context) {
        self.computer
            .toggle_autoplay(&mut self.game, ctx.now, ctx.waker);
        self.save(ctx.notices, Durability::Cached);
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
        if self.started.is_none() {
            self.started = Some(Timestamp::now());
            self.play.start(ctx.now);
        }
        self.last_gain = report.score_gained;
        *ctx.decided |= report.won || self.game.status() == Status::Over;
        if self.game.status() == Status::Over
            && let Some(attempt) = self.daily
            && let Some(line) = self.share_line(&ctx.store.records().daily)
        {
            ctx.notices.push_back(daily::ended_notice(attempt, &line));
        }
        if self.animations_on {
            // The first frame, drawn at once, already shows the tiles on their way.
            self.animation = Some(Animation {
                report,
                started: ctx.now.checked_sub(FRAME).unwrap_or(ctx.now),
            });
        }
        self.computer.moved(&self.game, ctx.waker);
        // Cached: waiting for the disk after every move would slow play. A game that just ended
        // is kept too: undo can take it back until the player moves on.
        self.save(ctx.notices, Durability::Cached);
    }

    /// The player leaves the screen or the program. A game in progress goes to disk for good; a
    /// game that ended is final now: it is recorded and its file goes.
    pub fn leave(&mut self, store: &mut Store, notices: &mut VecDeque<String>, now: Instant) {
        self.play.stop(now);
        if self.game.status() == Status::Over {
            self.record(store, now);
            self.forget(notices);
        } else {
            self.save(notices, Durability::Synced);
        }
    }

    fn save(&self, notices: &mut VecDeque<String>, durability: Durability) {
        if let Some(slot) = &self.slot
            && self.in_progress()
        {
            let saved = SavedGame {
                game: self.game.clone(),
                started: self.started.map(|t| t.unix_seconds),
                play_ms: self.play.elapsed(Instant::now()).as_millis() as u64,
                daily: self.daily,
            };
            super::report_save(notices, slot.save(&saved, durability), slot);
        }
    }

    /// The claimed file, for the next game where this one makes way.
    pub fn into_slot(self) -> Option<SaveSlot> {
        self.slot
    }

    /// The game is recorded or makes way for another: its file goes.
    fn forget(&self, notices: &mut VecDeque<String>) {
        if let Some(slot) = &self.slot {
            super::report_save(notices, slot.delete(), slot);
        }
    }

    /// Records the game once: when it is over and the player moves on, or when a new game
    /// replaces it. Undo, hints and autoplay send it to the assisted best.
    pub fn record(&mut self, store: &mut Store, now: Instant) {
        if self.recorded || self.game.moves() == 0 {
            return;
        }
        self.recorded = true;
        self.play.stop(now);
        let biggest = self.game.biggest_tile();
        let game = FinishedGame {
            score: self.game.score(),
            tile: u64::try_from(tile_value(biggest)).unwrap_or(u64::MAX),
            seed: self.game.seed(),
            reached_win: biggest >= win_exponent(self.game.size()),
            undo: self.game.undo_used(),
            hint: self.game.hint_used(),
            autoplay: self.game.autoplayed(),
            date: Timestamp::now().date(),
        };
        // The table and the day of a daily game, in one save.
        let day = self
            .daily
            .map(|attempt| records::daily::twenty48_change(attempt.date, self.day()));
        store.commit(
            changes(&size_key(self.game.size()), &game)
                .into_iter()
                .chain(day),
        );
        let played_ms = self.play.elapsed(now).as_millis() as u64;
        let result = if game.reached_win {
            Outcome::Won
        } else if self.game.status() == Status::Over {
            Outcome::Over
        } else {
            Outcome::Abandoned
        };
        let start = self
            .started
            .unwrap_or_else(|| Timestamp::now().earlier_by(played_ms));
        let entry = Entry {
            daily: self.daily.map(DailyMark::from),
            hints: game.hint,
            undo: game.undo,
            autoplay: game.autoplay,
            twenty48: Some(Twenty48Facts {
                size: self.game.size() as u32,
                score: game.score,
                tile: game.tile,
                moves: self.game.moves(),
            }),
            ..Entry::new(start, played_ms, result, self.game.seed().unwrap_or(0))
        };
        let inputs: String = self.game.inputs().iter().map(|i| i.letter()).collect();
        store.remember(&entry, &inputs);
    }

    fn replace_with_new_game(&mut self, ctx: &mut Context) {
        let size = self.pinned_size.unwrap_or_else(|| settings_size(ctx.store));
        let seed = ctx.seeds.next_seed();
        self.replace_with(ctx, size, seed);
    }

    /// The same board again: the same size and seed, so the same tiles come.
    fn restart(&mut self, ctx: &mut Context) {
        if let Some(seed) = self.game.seed() {
            let daily = self.daily;
            self.replace_with(ctx, self.game.size(), seed);
            let records = &ctx.store.records().daily;
            self.daily = daily.map(|a| Attempt::of(a.date, records, GameId::Twenty48));
        }
    }

    /// The game as a day of the daily challenge.
    fn day(&self) -> Twenty48Day {
        Twenty48Day {
            score: self.game.score(),
            tile: u64::try_from(tile_value(self.game.biggest_tile())).unwrap_or(u64::MAX),
        }
    }

    /// A daily game's share line, with this game's result where it is the day's first (it is
    /// recorded only when the player moves on, since undo can take the end back).
    pub fn share_line(&self, records: &DailyRecords) -> Option<String> {
        let attempt = self.daily?;
        let day = records.with_twenty48(attempt.date, self.day());
        Some(day.share_line(attempt.date))
    }

    /// Records this game and gives the screen to a new one of `size` from `seed`.
    fn replace_with(&mut self, ctx: &mut Context, size: usize, seed: u64) {
        self.record(ctx.store, ctx.now);
        self.forget(ctx.notices);
        let Ok(game) = Game::new(size, seed) else {
            return;
        };
        // A board of another size is kept under that size's name.
        let slot = match self.slot.take() {
            Some(slot) if size == self.game.size() => Some(slot),
            _ => ctx.saves.and_then(|saves| saves.new_slot(&save_stem(size))),
        };
        *self = Twenty48Screen {
            pinned_size: self.pinned_size,
            ..Twenty48Screen::new(game, slot, Options::from_settings(ctx.store), ctx.now)
        };
    }
}

/// The board size the settings ask for.
pub fn settings_size(store: &Store) -> usize {
    store.settings().number(&settings::T48_SIZE) as usize
}

/// Moves the save of earlier versions (one file for every size) to its size's name, so it is
/// offered for its size; a save that does not read stays where it is, for the notice to name.
pub fn adopt_old_save(saves: &SavedGames, dir: &std::path::Path) {
    let old = dir.join(OLD_SAVE_FILE);
    let Ok(Contents::Text(text)) = file::read(&old) else {
        return;
    };
    if let Ok(saved) = toml::from_str::<SavedGame>(&text)
        && let Some(slot) = saves.new_slot(&save_stem(saved.game.size()))
    {
        let _ = std::fs::rename(&old, slot.path());
    }
}
