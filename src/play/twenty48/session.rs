//! A 2048 game in progress: the rules' game (its position, undo history, seed and inputs), the
//! computer's hints and autoplay, the time played, the file it is kept in (one per board size)
//! and its result, recorded once the player moves on from its end.

use std::path::Path;
use std::time::{Duration, Instant};

use super::GAME;
use super::code::code;
use super::computer::Computer;
use super::facts::Facts;
use super::record::{self, Day, FinishedGame, Standing, changes, size_key};
use super::saved::SavedGame;
use super::settings::{self, Options};
use crate::clock::Stopwatch;
use crate::code::GameCode;
use crate::daily::Attempt;
use crate::disk::{self, Contents, Durability};
use crate::games::twenty48::{
    Assist, Direction, Game, MoveReport, Status, tile_value, win_exponent,
};
use crate::history::{Entry, Outcome};
use crate::play::keep::{Keeper, new_slot, resume};
use crate::play::{self, Context, Opening};
use crate::records::daily::DayResult;
use crate::replay::Here;
use crate::store::saved_games::{Fit, SaveSlot, SavedGames};
use crate::store::settings::SettingValue;
use crate::store::{Settings, Store};
use crate::timestamp::Timestamp;

/// The name under which the games of a board size are kept in the data folder.
pub fn save_stem(size: usize) -> String {
    format!("2048-{}", size_key(size))
}

/// The single save of earlier versions, whatever the size; it is moved to its size's name.
pub const OLD_SAVE_FILE: &str = "2048-game.toml";

pub struct Session {
    pub game: Game,
    /// Hints and autoplay.
    pub computer: Computer,
    /// Points of the last move, shown as "+N".
    pub last_gain: u64,
    keeper: Keeper,
    recorded: bool,
    /// When the game's first move was made.
    started: Option<Timestamp>,
    /// The time the game has been played (on screen, from its first move).
    play: Stopwatch,
    /// A game of the daily challenge: its day, and whether it is a retry.
    pub daily: Option<Attempt>,
    /// A game started at a move of another game's replay: that game's id and move (`k3v9q2m7@17`).
    pub from: Option<String>,
}

/// The session to show when 2048 is opened: the saved game of the board size in force (of any
/// size when the game was opened from the command line without options), else a new one.
pub fn open(opening: Opening, ctx: &mut Context) -> Session {
    let size = settings::size(ctx.store.settings());
    let options = Options::from_settings(ctx.store.settings());
    if opening.may_resume() {
        let stem = save_stem(size);
        let found = resume(
            ctx,
            "2048",
            |name| {
                if opening.any_board {
                    name.starts_with("2048-")
                } else {
                    name == stem
                }
            },
            |saved: &SavedGame| match saved.game.size() {
                played if opening.any_board || played == size => Fit::Resume,
                played => Fit::SetAside(format!(
                    "it holds a {played}x{played} game, where its name says {size}x{size}"
                )),
            },
        );
        if let Some((saved, slot)) = found {
            if opening.any_board {
                // The size of the game resumed holds for the session, as a --size would.
                let size = SettingValue::Number(saved.game.size() as i64);
                ctx.store.settings_mut().pin(&settings::SIZE, size);
            }
            return Session::resumed(saved, slot, options, ctx.now);
        }
    }
    let seed = play::seed_for(opening.code.as_ref(), ctx.seeds);
    let slot = opening.slot.or_else(|| new_slot(ctx, &save_stem(size)));
    let game = Game::new(size, seed).expect("settings keep 3..=8");
    Session::new(game, slot, options, ctx.now)
}

impl Session {
    pub fn new(game: Game, slot: Option<SaveSlot>, options: Options, now: Instant) -> Session {
        Session {
            game,
            computer: Computer::new(options.autoplay_speed, options.computer, now),
            last_gain: 0,
            keeper: Keeper::new(slot),
            recorded: false,
            started: None,
            play: Stopwatch::default(),
            daily: None,
            from: None,
        }
    }

    /// A saved game, its clock stopped until the screen is shown.
    pub fn resumed(saved: SavedGame, slot: SaveSlot, options: Options, now: Instant) -> Session {
        Session {
            started: saved.started.map(|unix_seconds| Timestamp { unix_seconds }),
            play: Stopwatch::stopped_at(Duration::from_millis(saved.play_ms)),
            daily: saved.daily,
            from: saved.from,
            ..Session::new(saved.game, Some(slot), options, now)
        }
    }

    /// A game with moves that is not recorded yet: kept between runs and offered again (a game
    /// that just ended too, since undo can still take it back).
    pub fn in_progress(&self) -> bool {
        self.game.moves() > 0 && !self.recorded
    }

    /// Whether giving the game up for another asks first: it is in progress and could go on.
    pub fn leaving_asks(&self) -> bool {
        self.in_progress() && self.game.status() != Status::Over
    }

    /// The code that gives this game again: its size and seed (unknown only for games saved by
    /// versions that did not keep it).
    pub fn code(&self) -> Option<GameCode> {
        Some(code(self.game.size() as u8, self.game.seed()?))
    }

    pub fn assisted(&self) -> bool {
        self.game.assists().next().is_some()
    }

    /// Where this game stands against the records of its table, as if it ended now.
    pub fn standing(&self, store: &Store) -> Standing {
        record::records(store)
            .tables
            .get(&size_key(self.game.size()))
            .cloned()
            .unwrap_or_default()
            .standing(self.game.score(), self.assisted())
    }

    /// The animation frames are the screen's; autoplay's pace is the only thing that wakes the
    /// program here.
    pub fn deadline(&self) -> Option<Instant> {
        self.computer.deadline()
    }

    pub fn undo(&mut self, ctx: &mut Context) {
        if self.game.undo() {
            self.last_gain = 0;
            self.time_play(ctx.now);
            self.save(ctx, Durability::Cached);
        }
    }

    pub fn hint(&mut self, ctx: &mut Context) {
        self.computer.ask_hint(&mut self.game, ctx.waker);
        self.save(ctx, Durability::Cached);
    }

    pub fn autoplay(&mut self, ctx: &mut Context) {
        self.computer
            .toggle_autoplay(&mut self.game, ctx.now, ctx.waker);
        self.save(ctx, Durability::Cached);
    }

    pub fn keep_going(&mut self, ctx: &mut Context) {
        self.game.keep_going();
        self.time_play(ctx.now);
        self.save(ctx, Durability::Cached);
    }

    /// Takes the computer's answers, and plays autoplay's move when its turn comes: the move,
    /// for the screen to show.
    pub fn tick(&mut self, ctx: &mut Context) -> Option<MoveReport> {
        self.computer.tick(&self.game, ctx.waker);
        let direction = self.computer.due_move(ctx.now)?;
        self.slide(direction, ctx)
    }

    /// Slides every tile toward `direction`; the move made, `None` when nothing moved.
    pub fn slide(&mut self, direction: Direction, ctx: &mut Context) -> Option<MoveReport> {
        let report = self.game.play(direction)?;
        if self.started.is_none() {
            self.started = Some(Timestamp::now());
        }
        self.time_play(ctx.now);
        self.last_gain = report.score_gained;
        *ctx.decided |= report.won || self.game.status() == Status::Over;
        if self.game.status() == Status::Over && self.daily.is_some() {
            *ctx.daily_ended = self.daily;
        }
        self.computer.moved(&self.game, ctx.waker);
        // Cached: waiting for the disk after every move would slow play. A game that just ended
        // is kept too: undo can take it back until the player moves on.
        self.save(ctx, Durability::Cached);
        Some(report)
    }

    /// The time played runs only while moves can be made: not on the win card or the end card
    /// (undo and keep going start it again), nor before the first move.
    fn time_play(&mut self, now: Instant) {
        if self.started.is_some() && self.game.status() == Status::Playing && !self.recorded {
            self.play.start(now);
        } else {
            self.play.stop(now);
        }
    }

    fn save(&self, ctx: &mut Context, durability: Durability) {
        if self.in_progress() {
            let saved = SavedGame {
                game: self.game.clone(),
                started: self.started.map(|t| t.unix_seconds),
                play_ms: self.play.elapsed(Instant::now()).as_millis() as u64,
                daily: self.daily,
                from: self.from.clone(),
            };
            self.keeper.save(&saved, durability, ctx.notices);
        }
    }

    /// Records the game once: when it is over and the player moves on, or when a new game
    /// replaces it. Undo, hints and autoplay send it to the assisted best.
    fn record(&mut self, ctx: &mut Context) {
        if self.recorded || self.game.moves() == 0 {
            return;
        }
        self.recorded = true;
        self.play.stop(ctx.now);
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
        let today = self.day();
        let day = self.daily.and_then(|attempt| today.change(attempt));
        ctx.store.commit(
            changes(&size_key(self.game.size()), &game)
                .into_iter()
                .chain(day),
        );
        let days = &record::records(ctx.store).days;
        self.daily = (self.daily).map(|attempt| attempt.settled(days, &today));
        let played_ms = self.play.elapsed(ctx.now).as_millis() as u64;
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
        let facts = Facts {
            size: self.game.size() as u32,
            score: game.score,
            tile: game.tile,
            moves: self.game.moves(),
        };
        let seed = self.game.seed().unwrap_or(0);
        let mut entry = Entry::new(GAME.key(), &facts, start, played_ms, result, seed);
        entry.daily = self.daily.map(Into::into);
        entry.from = self.from.clone().map(Into::into);
        entry.hints = game.hint;
        entry.undo = game.undo;
        entry.autoplay = game.autoplay;
        let inputs: String = self.game.inputs().iter().map(|i| i.letter()).collect();
        ctx.store.remember(&entry, &inputs);
    }

    /// A new game from the settings in force; this one is recorded.
    pub fn new_game(&mut self, ctx: &mut Context) {
        let size = settings::size(ctx.store.settings());
        let seed = ctx.seeds.next_seed();
        self.replace_with(ctx, size, seed);
    }

    /// The same board again: the same size and seed, so the same tiles come.
    pub fn restart(&mut self, ctx: &mut Context) {
        if let Some(seed) = self.game.seed() {
            let daily = self.daily;
            self.replace_with(ctx, self.game.size(), seed);
            let days = &record::records(ctx.store).days;
            self.daily = daily.map(|a| Attempt {
                date: a.date,
                retry: days.contains_key(&a.date),
            });
        }
    }

    /// The game as a day of the daily challenge.
    fn day(&self) -> Day {
        Day {
            score: self.game.score(),
            tile: u64::try_from(tile_value(self.game.biggest_tile())).unwrap_or(u64::MAX),
            helped: self.assisted(),
        }
    }

    /// Records this game and gives the session to a new one of `size` from `seed`.
    fn replace_with(&mut self, ctx: &mut Context, size: usize, seed: u64) {
        self.record(ctx);
        self.keeper.forget(ctx.notices);
        let Ok(game) = Game::new(size, seed) else {
            return;
        };
        // A board of another size is kept under that size's name.
        let slot = match self.keeper.take() {
            Some(slot) if size == self.game.size() => Some(slot),
            _ => new_slot(ctx, &save_stem(size)),
        };
        let options = Options::from_settings(ctx.store.settings());
        *self = Session::new(game, slot, options, ctx.now);
    }
}

impl play::Session for Session {
    fn in_progress(&self) -> bool {
        Session::in_progress(self)
    }

    /// One game per board size: a game of another size stays saved under its own name.
    fn keeps(&self, settings: &Settings) -> bool {
        self.set_up_as(settings) && (self.in_progress() || self.game.moves() == 0)
    }

    fn set_up_as(&self, settings: &Settings) -> bool {
        self.game.size() == settings::size(settings)
    }

    /// A game that ended is recorded first; its file is handed on when the next game is of the
    /// same size and this one is over.
    fn make_way(mut self: Box<Self>, ctx: &mut Context) -> Option<SaveSlot> {
        self.leave(ctx);
        let same_size = self.game.size() == settings::size(ctx.store.settings());
        (same_size && !self.in_progress())
            .then(|| self.keeper.into_slot())
            .flatten()
    }

    /// A game in progress goes to disk for good; a game that ended is final now: it is
    /// recorded and its file goes.
    fn leave(&mut self, ctx: &mut Context) {
        self.play.stop(ctx.now);
        if self.game.status() == Status::Over {
            self.record(ctx);
            self.keeper.forget(ctx.notices);
        } else {
            self.save(ctx, Durability::Synced);
        }
    }

    /// The replay's position, with its undo history and its seed's later tiles, marked as
    /// helped; its time starts with the next move.
    fn start_from(&mut self, here: &Here, ctx: &mut Context) -> bool {
        let Some(position) = here.position.downcast_ref::<Game>() else {
            return false;
        };
        self.game = position.clone();
        self.game.mark_assist(Assist::Hint);
        self.from = Some(here.from.clone());
        self.computer.moved(&self.game, ctx.waker);
        self.save(ctx, Durability::Cached);
        true
    }

    /// A game in progress counts its time again, while it can be played.
    fn come_back(&mut self, now: Instant) {
        self.time_play(now);
    }

    fn focus(&mut self, present: bool, now: Instant) {
        if present {
            self.time_play(now);
        } else {
            self.play.stop(now);
        }
    }

    fn deadline(&self, _: Instant) -> Option<Instant> {
        Session::deadline(self)
    }

    fn daily(&self) -> Option<Attempt> {
        self.daily
    }

    fn set_daily(&mut self, attempt: Attempt) {
        self.daily = Some(attempt);
    }

    /// A daily game that is over counts as its day would record it; it is recorded only when
    /// the player moves on, since undo can take the end back.
    fn daily_result(&self) -> Option<DayResult> {
        (self.daily.is_some() && self.game.status() == Status::Over).then(|| self.day().result())
    }
}

/// Moves the save of earlier versions (one file for every size) to its size's name, so it is
/// offered for its size; a save that does not read stays where it is, for the notice to name.
pub fn adopt_old_save(saves: &SavedGames, dir: &Path) {
    let old = dir.join(OLD_SAVE_FILE);
    let Ok(Contents::Text(text)) = disk::read(&old) else {
        return;
    };
    if let Ok(saved) = toml::from_str::<SavedGame>(&text)
        && let Ok(slot) = saves.new_slot(&save_stem(saved.game.size()))
    {
        let _ = std::fs::rename(&old, slot.path());
    }
}
