//! The Minesweeper screen: turns keys and clicks into moves on the rules' `Game`, keeps the clock,
//! the cursor and the view of boards larger than the terminal, and records finished games.

mod draw;
mod input;
pub mod layout;
mod saved;
mod text;

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use ratatui::layout::{Rect, Size};

use crate::clock::Stopwatch;
use crate::code::GameCode;
use crate::daily::Attempt;
use crate::games::GameId;
use crate::games::minesweeper::{
    BoardSize, Difficulty, FirstClick, Game, GameOptions, Hint, Move, Pos, PostMortem, Status,
    TimedMove, bbbv_per_second, encode_moves,
};
use crate::history::{DailyMark, Entry, Loss, MinesweeperFacts, Outcome};
use crate::records;
use crate::records::daily::MinesweeperDay;
use crate::records::minesweeper::{FinishedGame, table_name, variant_key, with_hints};
use crate::screen::{Context, ScreenId, Transition};
use crate::store::Store;
use crate::store::file::Durability;
use crate::store::saved_games::SaveSlot;
use crate::store::settings::{self, Settings};
use crate::timestamp::Timestamp;
use crate::ui::daily;
use crate::ui::footer;
use crate::ui::question::Question;
use crate::ui::theme::Theme;
#[cfg(test)]
pub(in crate::ui) use draw::cell_look;
pub use draw::render;
pub(in crate::ui) use draw::{CellMarks, render_cells};
pub use input::action_for;
use layout::BoardLayout;
pub use saved::SavedGame;

pub const MIN_SIZE: Size = Size::new(30, 8);

/// The clock shows tenths of a second, so it needs waking no more often than that.
const CLOCK_STEP: Duration = Duration::from_millis(100);

/// What a new game is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub difficulty: Difficulty,
    pub size: BoardSize,
    pub options: GameOptions,
}

impl Setup {
    pub fn from_settings(settings: &Settings) -> Setup {
        let difficulty = settings
            .choice(&settings::MINES_DIFFICULTY)
            .parse()
            .unwrap_or(Difficulty::Beginner);
        let custom = BoardSize::new(
            settings.number(&settings::MINES_CUSTOM_ROWS) as usize,
            settings.number(&settings::MINES_CUSTOM_COLS) as usize,
            settings.number(&settings::MINES_CUSTOM_MINES) as usize,
        )
        .unwrap_or(BoardSize::EXPERT);
        Setup {
            difficulty,
            size: difficulty.preset().unwrap_or(custom),
            options: GameOptions {
                first_click: first_click(settings.choice(&settings::MINES_FIRST_CLICK)),
                question_marks: settings.toggle(&settings::MINES_QUESTION_MARKS),
            },
        }
    }

    /// The key of this board in the records.
    pub fn variant(&self) -> String {
        variant_key(
            self.difficulty.name(),
            self.size.rows() as u64,
            self.size.cols() as u64,
            self.size.mines() as u64,
        )
    }

    /// The level's name as players read it.
    pub fn name(&self) -> &'static str {
        match self.difficulty {
            Difficulty::Custom => "Custom",
            Difficulty::Beginner => "Beginner",
            Difficulty::Medium => "Medium",
            Difficulty::Expert => "Expert",
            Difficulty::Classic => "Classic",
        }
    }

    pub fn title(&self) -> String {
        format!(
            "{} {}x{}, {} mines",
            self.name(),
            self.size.rows(),
            self.size.cols(),
            self.size.mines()
        )
    }
}

/// The first-click mode of a setting's name; names come checked from the settings or the
/// command line, so anything else means the default.
pub fn first_click(name: &str) -> FirstClick {
    name.parse().unwrap_or_default()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    Left,
    Middle,
    Right,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pointer {
    Press(Button),
    Release(Button),
    /// Moved, with or without a button held.
    Over,
}

#[derive(Clone, Debug, PartialEq)]
pub enum MinesAction {
    Move {
        rows: isize,
        cols: isize,
    },
    /// To the first or last row or column: Home, End, PgUp, PgDn.
    Edge {
        row: Option<bool>,
        col: Option<bool>,
    },
    Reveal,
    Flag,
    Chord,
    /// A mouse event over a cell (`None`: outside the board).
    Mouse(Pointer, Option<Pos>),
    Scroll {
        rows: isize,
        cols: isize,
    },
    /// A hint while playing; after a loss, the post-mortem.
    Hint,
    NewGame,
    /// The same board again, from the same first cell.
    Restart,
    /// A daily game that ended: its day's share line to the clipboard.
    Share,
    /// The answer to the question on screen.
    Answer(bool),
    Pause,
    Setup,
    Back,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Paused {
    #[default]
    No,
    ByKey,
    /// By leaving the terminal's focus or the screen: coming back resumes.
    Away,
}

/// What a key or button does to a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Play {
    Reveal,
    Flag,
    Chord,
}

impl Play {
    fn at(self, pos: Pos) -> Move {
        match self {
            Play::Reveal => Move::Reveal(pos),
            Play::Flag => Move::Flag(pos),
            Play::Chord => Move::Chord(pos),
        }
    }
}

/// Mouse buttons held, for chording by pressing left and right together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Buttons {
    left: bool,
    right: bool,
    /// Both were down: the first release chords and the other release does nothing.
    chording: bool,
}

impl Buttons {
    /// Follows the buttons and says which move a mouse event makes: a right press flags, a middle
    /// press chords, a left release reveals, and with left and right pressed together the first
    /// release chords.
    fn play_for(&mut self, pointer: Pointer) -> Option<Play> {
        match pointer {
            Pointer::Over => None,
            Pointer::Press(Button::Left) => {
                self.left = true;
                self.chording |= self.right;
                None
            }
            Pointer::Press(Button::Right) => {
                self.right = true;
                self.chording |= self.left;
                (!self.chording).then_some(Play::Flag)
            }
            Pointer::Press(Button::Middle) => Some(Play::Chord),
            Pointer::Release(button) => {
                let was_down = match button {
                    Button::Left => std::mem::take(&mut self.left),
                    Button::Right => std::mem::take(&mut self.right),
                    Button::Middle => false,
                };
                if !was_down {
                    None
                } else if self.chording {
                    let first_release = self.left || self.right;
                    self.chording = first_release;
                    first_release.then_some(Play::Chord)
                } else {
                    (button == Button::Left).then_some(Play::Reveal)
                }
            }
        }
    }
}

pub struct MinesweeperScreen {
    pub game: Game,
    pub setup: Setup,
    pub seed: u64,
    /// Every move given to the rules, with the clock's time: with the setup and the seed, the game.
    moves: Vec<TimedMove>,
    pub cursor: Pos,
    /// The first cell shown when the board is larger than the terminal.
    pub view: Pos,
    /// The wheel moved the view away from the cursor: the view stays where the wheel left it
    /// until the cursor moves. Otherwise the window always shows the cursor.
    scrolled: bool,
    clock: Stopwatch,
    paused: Paused,
    buttons: Buttons,
    /// The finished game beat the best time of the table it went to (named here).
    pub new_best: Option<String>,
    /// The last hint, shown until the next move.
    pub hint: Option<Hint>,
    /// After a loss: the cells that were provably safe before the fatal click, while shown.
    pub post_mortem: Option<PostMortem>,
    /// A flag the rules refused, with why, until the next move.
    pub refused: Option<String>,
    /// The question waiting for an answer.
    pub question: Option<Question>,
    /// The command line's setup, kept for new games until the player changes the settings.
    pub pinned: Option<Setup>,
    /// Where the game in progress is kept between runs; `None` keeps nothing.
    slot: Option<SaveSlot>,
    /// When the first cell was revealed.
    started: Option<Timestamp>,
    /// The first cell was opened for the player (a game from a code, or restarted): the clock
    /// and the game start with the player's next move.
    waiting: bool,
    /// A game of the daily challenge: its day, and whether it is a retry.
    pub daily: Option<Attempt>,
}

impl MinesweeperScreen {
    pub fn new(setup: Setup, seed: u64, slot: Option<SaveSlot>) -> MinesweeperScreen {
        let game = Game::new(setup.size, seed, setup.options);
        MinesweeperScreen {
            cursor: Pos::new(setup.size.rows() / 2, setup.size.cols() / 2),
            game,
            setup,
            seed,
            moves: Vec::new(),
            view: Pos::new(0, 0),
            scrolled: false,
            clock: Stopwatch::default(),
            paused: Paused::No,
            buttons: Buttons::default(),
            new_best: None,
            hint: None,
            post_mortem: None,
            refused: None,
            question: None,
            pinned: None,
            slot,
            started: None,
            waiting: false,
            daily: None,
        }
    }

    /// The game a code gives: its first cell already open when the code names one.
    pub fn from_code(
        setup: Setup,
        seed: u64,
        first: Option<Pos>,
        slot: Option<SaveSlot>,
    ) -> MinesweeperScreen {
        let mut screen = MinesweeperScreen::new(setup, seed, slot);
        if let Some(first) = first {
            screen.game.play(Move::Reveal(first));
            screen.moves.push(TimedMove {
                at_ms: 0,
                play: Move::Reveal(first),
            });
            screen.cursor = first;
            screen.waiting = true;
        }
        screen
    }

    /// The code that gives this game again: its board, its seed and, once it is revealed, its
    /// first cell (before that, the board is not made yet).
    pub fn code(&self) -> GameCode {
        GameCode::Minesweeper {
            level: self.setup.difficulty,
            size: self.setup.size,
            first_click: self.setup.options.first_click,
            seed: self.seed,
            first: self.game.first_reveal(),
        }
    }

    /// A saved game, its moves played again and its clock where it stopped (paused until the
    /// screen is shown).
    pub fn resumed(saved: SavedGame, slot: SaveSlot) -> MinesweeperScreen {
        let mut screen = MinesweeperScreen::new(saved.setup, saved.seed, Some(slot));
        for timed in &saved.moves {
            screen.game.play(timed.play);
        }
        if let Some(last) = saved.moves.last()
            && let Move::Reveal(pos) | Move::Flag(pos) | Move::Chord(pos) = last.play
        {
            screen.cursor = pos;
        }
        screen.moves = saved.moves;
        screen.started = saved.started.map(|unix_seconds| Timestamp { unix_seconds });
        screen.clock = Stopwatch::stopped_at(Duration::from_millis(saved.clock_ms));
        screen.paused = Paused::Away;
        screen.daily = saved.daily;
        screen
    }

    /// A game that counts as lost if a new one is started over it: one the player has made a
    /// move in.
    pub fn in_progress(&self) -> bool {
        self.game.status() == Status::Playing && !self.waiting
    }

    pub fn is_paused(&self) -> bool {
        self.paused != Paused::No
    }

    pub fn elapsed(&self, now: Instant) -> Duration {
        self.clock.elapsed(now)
    }

    /// The clock is the only thing that changes by itself, and only while it runs unpaused.
    pub fn deadline(&self, now: Instant) -> Option<Instant> {
        self.clock.next_change(now, CLOCK_STEP)
    }

    pub fn layout(&self, area: Rect) -> BoardLayout {
        let ended = self.game.status().is_over();
        let panel_rows = ended
            .then(|| text::result_lines(self, self.final_elapsed(), &Theme::mono()).len() as u16);
        let at = |view| {
            layout::layout(
                area,
                self.game.rows(),
                self.game.cols(),
                view,
                panel_rows,
                |across| text::status_height(self, across, area.width),
                footer::height(&Self::playing_footer(), area.width),
            )
        };
        let layout = at(self.view);
        let following = layout.view_showing(self.cursor);
        if self.scrolled || following == layout.origin {
            layout
        } else {
            at(following)
        }
    }

    /// The keys the screen needs in its current state.
    pub fn footer(&self) -> Vec<footer::Hint> {
        if self.game.status().is_over() {
            let lost = self.game.status() == Status::Lost;
            let share = self.daily.is_some();
            return [
                Some(("n", "new")),
                Some(("r", "restart")),
                lost.then_some(("t", "post-mortem")),
                share.then_some(("y", "copy share line")),
                Some(("o", "options")),
                Some(("Esc", "back")),
                Some(("?", "help")),
            ]
            .into_iter()
            .flatten()
            .collect();
        }
        if self.is_paused() {
            return vec![("p", "resume"), ("Esc", "back"), ("?", "help")];
        }
        Self::playing_footer()
    }

    /// The keys of a game being played: the longest footer, whose rows the layout keeps in
    /// every state so that the board never moves when the game ends.
    fn playing_footer() -> Vec<footer::Hint> {
        // Chording is also Space on a number, so its own key is left to the help.
        vec![
            ("←↑↓→", "move"),
            ("Space", "reveal"),
            ("f", "flag"),
            ("t", "hint"),
            ("n", "new"),
            ("p", "pause"),
            ("o", "options"),
            ("?", "help"),
        ]
    }

    /// The time of a game that is over: its clock stands still, so any moment tells it.
    fn final_elapsed(&self) -> Duration {
        self.clock.elapsed(Instant::now())
    }

    pub fn update(&mut self, action: MinesAction, ctx: &mut Context) -> Transition {
        let now = ctx.now;
        if let Some(question) = self.question.take() {
            if action == MinesAction::Answer(true) {
                match question {
                    Question::NewGame => self.start_new(ctx),
                    Question::Restart => self.restart(ctx),
                    _ => self.hint(ctx),
                }
            }
            return Transition::Stay;
        }
        match action {
            MinesAction::Back => return Transition::Open(ScreenId::Menu),
            MinesAction::Setup => return Transition::Setup(GameId::Minesweeper),
            MinesAction::NewGame if self.in_progress() => self.question = Some(Question::NewGame),
            MinesAction::NewGame => self.start_new(ctx),
            MinesAction::Restart if self.in_progress() => self.question = Some(Question::Restart),
            MinesAction::Restart => self.restart(ctx),
            MinesAction::Share => {
                if let Some(attempt) = self.daily.filter(|_| self.game.status().is_over()) {
                    let line = ctx.store.records().daily.share_line(attempt.date);
                    daily::copy(ctx, line);
                }
            }
            MinesAction::Answer(_) => {}
            MinesAction::Pause => self.set_paused(
                if self.is_paused() {
                    Paused::No
                } else {
                    Paused::ByKey
                },
                now,
            ),
            _ if self.is_paused() => {}
            MinesAction::Hint if self.game.status() == Status::Lost => {
                self.post_mortem = match self.post_mortem {
                    Some(_) => None,
                    None => self.game.post_mortem(),
                };
            }
            // Before the first reveal there is nothing to prove, and after a win nothing to find.
            MinesAction::Hint if self.game.status() != Status::Playing => {}
            // The first hint of a game asks: the game then goes to the table of games with hints.
            MinesAction::Hint if !self.game.used_hint() => self.question = Some(Question::Hint),
            MinesAction::Hint => self.hint(ctx),
            MinesAction::Move { rows, cols } => {
                let moved = Pos::new(
                    step(self.cursor.row, rows, self.game.rows()),
                    step(self.cursor.col, cols, self.game.cols()),
                );
                self.move_cursor(moved, ctx.area);
            }
            MinesAction::Edge { row, col } => {
                let edge = |to_end: Option<bool>, at: usize, len: usize| match to_end {
                    Some(true) => len - 1,
                    Some(false) => 0,
                    None => at,
                };
                let moved = Pos::new(
                    edge(row, self.cursor.row, self.game.rows()),
                    edge(col, self.cursor.col, self.game.cols()),
                );
                self.move_cursor(moved, ctx.area);
            }
            MinesAction::Scroll { rows, cols } => {
                let layout = self.layout(ctx.area);
                self.view = Pos::new(
                    step(layout.origin.row, rows, self.game.rows()),
                    step(layout.origin.col, cols, self.game.cols()),
                );
                self.scrolled = true;
            }
            // A key acts on the cursor's cell, so that cell comes into view if it scrolled away.
            MinesAction::Reveal | MinesAction::Flag | MinesAction::Chord => {
                self.move_cursor(self.cursor, ctx.area);
                let play = match action {
                    MinesAction::Reveal => Play::Reveal,
                    MinesAction::Flag => Play::Flag,
                    _ => Play::Chord,
                };
                self.act(ctx, play.at(self.cursor));
            }
            MinesAction::Mouse(pointer, cell) => self.pointer(pointer, cell, ctx),
        }
        Transition::Stay
    }

    fn hint(&mut self, ctx: &mut Context) {
        let hint = self.game.hint();
        if hint.is_some() {
            self.log(Move::Hint, ctx.now);
            self.save(ctx.notices, Durability::Cached, ctx.now);
        }
        if let Some(Hint::Safe(pos) | Hint::Mine(pos)) = hint {
            self.move_cursor(pos, ctx.area);
        }
        self.hint = hint;
    }

    fn pointer(&mut self, pointer: Pointer, cell: Option<Pos>, ctx: &mut Context) {
        if let Some(cell) = cell {
            self.cursor = cell;
        }
        let play = self.buttons.play_for(pointer);
        // Presses and releases off the board only change which buttons are held.
        if let (Some(play), Some(at)) = (play, cell) {
            self.act(ctx, play.at(at));
        }
    }

    /// Plays a move, then starts or stops the clock, keeps the game on disk and records the end.
    fn act(&mut self, ctx: &mut Context, play: Move) {
        self.hint = None;
        self.refused = None;
        if self.game.status().is_over() {
            return;
        }
        let flags_before = self.game.flags_placed();
        let outcome = self.game.play(play);
        // A game whose first cell was opened for the player starts with the first move that
        // changes the board.
        if outcome.started() || self.waiting && outcome.changed {
            self.waiting = false;
            self.started = Some(Timestamp::now());
            self.clock.start(ctx.now);
        }
        self.log(play, ctx.now);
        if let Move::Flag(pos) = play
            && !outcome.changed
            && flags_before == self.game.mines()
            && self.game.cell(pos) == crate::games::minesweeper::CellView::Hidden
        {
            self.refused = Some(format!("all {} flags placed", self.game.mines()));
        }
        if outcome.ended() {
            *ctx.decided = true;
            self.clock.stop(ctx.now);
            self.record(ctx.store, ctx.now);
            self.forget(ctx.notices);
            if let Some(attempt) = self.daily {
                let line = ctx.store.records().daily.share_line(attempt.date);
                ctx.notices.push_back(daily::ended_notice(attempt, &line));
            }
        } else {
            self.save(ctx.notices, Durability::Cached, ctx.now);
        }
    }

    fn log(&mut self, play: Move, now: Instant) {
        let at_ms = self.clock.elapsed(now).as_millis() as u64;
        self.moves.push(TimedMove { at_ms, play });
    }

    /// Keeps the cursor in view after the terminal changed size.
    pub fn follow_cursor(&mut self, area: Rect) {
        self.move_cursor(self.cursor, area);
    }

    fn move_cursor(&mut self, to: Pos, area: Rect) {
        self.cursor = to;
        self.scrolled = false;
        self.view = self.layout(area).origin;
    }

    /// The player goes away (another screen, another window, the end of the program): the clock
    /// stops and a game in progress goes to disk for good.
    pub fn leave(&mut self, notices: &mut VecDeque<String>, now: Instant) {
        self.pause_away(now);
        self.save(notices, Durability::Synced, now);
    }

    /// Pauses a running game while the player is away.
    pub fn pause_away(&mut self, now: Instant) {
        if self.paused == Paused::No {
            self.set_paused(Paused::Away, now);
        }
    }

    /// Undoes [`pause_away`](Self::pause_away); a pause the player asked for stays.
    pub fn come_back(&mut self, now: Instant) {
        if self.paused == Paused::Away {
            self.set_paused(Paused::No, now);
        }
    }

    fn set_paused(&mut self, paused: Paused, now: Instant) {
        if self.game.status() != Status::Playing {
            self.paused = Paused::No;
            return;
        }
        self.paused = paused;
        if paused == Paused::No {
            self.clock.start(now);
        } else {
            self.clock.stop(now);
        }
    }

    /// Starts a new game, from the command line's setup or the settings; a game left in progress
    /// counts as lost.
    fn start_new(&mut self, ctx: &mut Context) {
        let setup = self
            .pinned
            .unwrap_or_else(|| Setup::from_settings(ctx.store.settings()));
        let cursor = Pos::new(
            self.cursor.row.min(setup.size.rows() - 1),
            self.cursor.col.min(setup.size.cols() - 1),
        );
        let seed = ctx.seeds.next_seed();
        self.replace_with(ctx, |slot| MinesweeperScreen {
            cursor,
            ..MinesweeperScreen::new(setup, seed, slot)
        });
    }

    /// The same board again from its first cell; a game left in progress counts as lost.
    fn restart(&mut self, ctx: &mut Context) {
        let (setup, seed, first) = (self.setup, self.seed, self.game.first_reveal());
        let daily = self.daily;
        self.replace_with(ctx, |slot| {
            MinesweeperScreen::from_code(setup, seed, first, slot)
        });
        self.daily = daily.map(|attempt| {
            Attempt::of(
                attempt.date,
                &ctx.store.records().daily,
                GameId::Minesweeper,
            )
        });
    }

    /// Gives the screen to another game, made by `next` with this one's file; a game left in
    /// progress is recorded as given up.
    fn replace_with(
        &mut self,
        ctx: &mut Context,
        next: impl FnOnce(Option<SaveSlot>) -> MinesweeperScreen,
    ) {
        if self.in_progress() {
            self.clock.stop(ctx.now);
            self.write_record(ctx.store, Outcome::Abandoned, ctx.now);
        }
        self.forget(ctx.notices);
        *self = MinesweeperScreen {
            view: self.view,
            pinned: self.pinned,
            ..next(self.slot.take())
        };
    }

    fn saved(&self, now: Instant) -> SavedGame {
        SavedGame {
            setup: self.setup,
            seed: self.seed,
            clock_ms: self.clock.elapsed(now).as_millis() as u64,
            moves: self.moves.clone(),
            started: self.started.map(|t| t.unix_seconds),
            daily: self.daily,
        }
    }

    /// Writes a game in progress to its file (a game not started has nothing worth keeping).
    fn save(&self, notices: &mut VecDeque<String>, durability: Durability, now: Instant) {
        if let Some(slot) = &self.slot
            && self.in_progress()
        {
            super::report_save(notices, slot.save(&self.saved(now), durability), slot);
        }
    }

    /// The claimed file, for the next game where this one makes way.
    pub fn into_slot(self) -> Option<SaveSlot> {
        self.slot
    }

    /// The game ended or makes way for another: its file goes.
    fn forget(&self, notices: &mut VecDeque<String>) {
        if let Some(slot) = &self.slot {
            super::report_save(notices, slot.delete(), slot);
        }
    }

    fn record(&mut self, store: &mut Store, now: Instant) {
        let result = if self.game.status() == Status::Won {
            Outcome::Won
        } else {
            Outcome::Lost
        };
        self.write_record(store, result, now);
    }

    /// Records the game in its table and in the history; a game given up for another counts as
    /// lost.
    fn write_record(&mut self, store: &mut Store, result: Outcome, now: Instant) {
        let won = result == Outcome::Won;
        let time_ms = self.clock.elapsed(now).as_millis() as u64;
        // Games played with hints are kept apart from the player's own.
        let variant = with_hints(&self.setup.variant(), self.game.used_hint());
        let current = store
            .records()
            .minesweeper
            .get(&variant)
            .cloned()
            .unwrap_or_default();
        let beaten = current.best.as_ref().is_none_or(|b| time_ms < b.time_ms);
        self.new_best = (won && beaten).then(|| table_name(&variant));
        let first = self.game.first_reveal().unwrap_or(self.cursor);
        let game = FinishedGame {
            won,
            time_ms,
            bbbv_per_s: bbbv_per_second(self.game.bbbv().unwrap_or(0), time_ms),
            seed: self.seed,
            first_cell: (first.row, first.col),
            first_click: self.setup.options.first_click.name(),
            date: Timestamp::now().date(),
        };
        // The table and the day of a daily game, in one save.
        let day = self.daily.map(|attempt| {
            records::daily::minesweeper_change(attempt.date, MinesweeperDay { won, time_ms })
        });
        store.commit(current.changes(&variant, &game).into_iter().chain(day));
        let entry = self.entry(result, &game);
        store.remember(&entry, &encode_moves(&self.moves));
    }

    /// The game as the history keeps it.
    fn entry(&self, result: Outcome, game: &FinishedGame) -> Entry {
        let bbbv = self.game.bbbv().unwrap_or(0);
        let clicks = self.game.clicks();
        // A level's board is its name; only a custom one is written out.
        let custom = self.setup.difficulty.preset().is_none();
        let size = |n: usize| if custom { n as u32 } else { 0 };
        // A loss examined as it happens: could logic have told the fatal cell from a safe one?
        let loss = self.game.post_mortem().map(|seen| {
            if seen.was_forced_guess() {
                Loss::ForcedGuess
            } else {
                Loss::Mistake
            }
        });
        let start = self
            .started
            .unwrap_or_else(|| Timestamp::now().earlier_by(game.time_ms));
        Entry {
            hints: self.game.used_hint(),
            daily: self.daily.map(DailyMark::from),
            minesweeper: Some(MinesweeperFacts {
                level: self.setup.difficulty.name().to_string(),
                rows: size(self.setup.size.rows()),
                cols: size(self.setup.size.cols()),
                mines: size(self.setup.size.mines()),
                rule: game.first_click.to_string(),
                marks: self.setup.options.question_marks,
                first: self
                    .game
                    .first_reveal()
                    .map(|pos| [pos.row as u32, pos.col as u32]),
                bbbv: bbbv as u32,
                clicks: clicks as u32,
                loss,
            }),
            ..Entry::new(start, game.time_ms, result, self.seed)
        }
    }
}

fn step(at: usize, by: isize, len: usize) -> usize {
    at.saturating_add_signed(by).min(len.saturating_sub(1))
}
