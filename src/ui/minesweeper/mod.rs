//! The Minesweeper screen: turns keys and clicks into moves of the session, and keeps the cursor
//! and the view of boards larger than the terminal.

mod draw;
mod input;
pub use input::Mode;
pub mod layout;
mod pointer;
mod records;
mod replay;
mod text;

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Rect, Size};

use super::game::{BoardScreen, GameActionKind, GameScreen, GameUi};
use super::keys::{self, HelpPage, KeyTable};
use super::plots::Page;
use super::question::Question;
use super::replay::ReplayView;
use super::theme::Theme;
use super::{Transition, View};
use crate::games::minesweeper::{Hint, Pos, Status};
use crate::history::digest::Digest;
use crate::play::minesweeper::{Minesweeper, Session, session};
use crate::play::{self, Context, Opening};
use crate::records::ScoreTable;
use crate::ui::ScreenId;
#[cfg(test)]
pub(in crate::ui) use draw::cell_look;
pub(in crate::ui) use draw::{CellMarks, render_cells};
use layout::BoardLayout;
pub use pointer::{Button, Pointer};
use pointer::{Buttons, Play};

pub const MIN_SIZE: Size = Size::new(30, 8);

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
    /// Shows or hides the chance of a mine under every hidden cell.
    Odds,
    /// Starts or stops the computer playing.
    Autoplay,
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

pub struct MinesweeperScreen {
    pub session: Session,
    pub cursor: Pos,
    /// The first cell shown when the board is larger than the terminal.
    pub view: Pos,
    /// The wheel moved the view away from the cursor: the view stays where the wheel left it
    /// until the cursor moves. Otherwise the window always shows the cursor.
    scrolled: bool,
    buttons: Buttons,
    /// The question waiting for an answer.
    pub question: Option<Question>,
    /// The help a yes to the question brings.
    asked: Option<MinesAction>,
}

impl MinesweeperScreen {
    /// The screen of `session`, its cursor on the cell last played (the middle of a new board).
    pub fn new(session: Session) -> MinesweeperScreen {
        let size = session.setup.size;
        let cursor = session
            .last_cell()
            .unwrap_or(Pos::new(size.rows() / 2, size.cols() / 2));
        MinesweeperScreen {
            session,
            cursor,
            view: Pos::new(0, 0),
            scrolled: false,
            buttons: Buttons::default(),
            question: None,
            asked: None,
        }
    }

    pub fn layout(&self, area: Rect) -> BoardLayout {
        let session = &self.session;
        let ended = session.game.status().is_over();
        let panel_rows = ended.then(|| {
            text::result_lines(session, session.final_elapsed(), &Theme::mono()).len() as u16
        });
        let at = |view| {
            layout::layout(
                area,
                session.game.rows(),
                session.game.cols(),
                view,
                panel_rows,
                |across| text::status_height(session, self.cursor, across),
                self.footer_rows(area.width),
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

    /// The footer's rows at `width`: those of the current state or of a game being played,
    /// whichever takes more, so that the board never moves when the game ends.
    fn footer_rows(&self, width: u16) -> u16 {
        let playing = Mode {
            status: Status::Playing,
            paused: false,
            ..self.mode()
        };
        keys::footer_height(&Self::keys(), &[self.mode(), playing], width)
    }

    pub fn update_with(
        &mut self,
        action: &MinesAction,
        ctx: &mut Context,
        area: Rect,
    ) -> Transition {
        let asked = self.asked.take();
        if let Some(question) = self.question.take() {
            if *action == MinesAction::Answer(true) {
                match (question, asked) {
                    (Question::NewGame | Question::LeaveDaily, _) => self.start_new(ctx),
                    (Question::Restart, _) => self.restart(ctx),
                    (_, Some(help)) => self.help(&help, ctx, area),
                    _ => {}
                }
            }
            return Transition::Stay;
        }
        let session = &mut self.session;
        // Any key stops autoplay, and does nothing else.
        if session.autoplaying() {
            session.stop_autoplay();
            return Transition::Stay;
        }
        let status = session.game.status();
        match action {
            MinesAction::Back => return Transition::Open(ScreenId::Menu),
            MinesAction::Setup => return Transition::Setup(play::minesweeper::GAME),
            MinesAction::NewGame if session.in_progress() => {
                self.question = Some(Question::NewGame)
            }
            MinesAction::NewGame if session.daily.is_some() => {
                self.question = Some(Question::LeaveDaily)
            }
            MinesAction::NewGame => self.start_new(ctx),
            MinesAction::Restart if session.in_progress() => {
                self.question = Some(Question::Restart)
            }
            MinesAction::Restart => self.restart(ctx),
            MinesAction::Share => {
                if let Some(attempt) = session.daily.filter(|_| status.is_over()) {
                    return Transition::Share(attempt.date);
                }
            }
            MinesAction::Answer(_) => {}
            MinesAction::Pause => session.toggle_pause(ctx.now),
            _ if session.is_paused() => {}
            MinesAction::Hint if status == Status::Lost => session.toggle_post_mortem(),
            // Before the first reveal there is nothing to prove, and after a win nothing to find.
            MinesAction::Hint if status == Status::NotStarted => session.explain_first_click(),
            // Autoplay can make the first click too.
            MinesAction::Hint | MinesAction::Autoplay if status.is_over() => {}
            // The view can be hidden again whatever the game's state.
            MinesAction::Odds if session.odds_shown || status != Status::Playing => {
                session.odds_shown = false
            }
            // The first help of a game asks, once: the game then goes to the table of games
            // with hints.
            MinesAction::Hint | MinesAction::Odds | MinesAction::Autoplay
                if !session.game.used_hint() =>
            {
                self.question = Some(if *action == MinesAction::Autoplay {
                    Question::Autoplay
                } else {
                    Question::Hint
                });
                self.asked = Some(action.clone());
            }
            MinesAction::Hint | MinesAction::Odds | MinesAction::Autoplay => {
                self.help(action, ctx, area)
            }
            MinesAction::Move { rows, cols } => {
                let game = &session.game;
                let moved = Pos::new(
                    step(self.cursor.row, *rows, game.rows()),
                    step(self.cursor.col, *cols, game.cols()),
                );
                self.move_cursor(moved, area);
            }
            MinesAction::Edge { row, col } => {
                let edge = |to_end: Option<bool>, at: usize, len: usize| match to_end {
                    Some(true) => len - 1,
                    Some(false) => 0,
                    None => at,
                };
                let game = &session.game;
                let moved = Pos::new(
                    edge(*row, self.cursor.row, game.rows()),
                    edge(*col, self.cursor.col, game.cols()),
                );
                self.move_cursor(moved, area);
            }
            MinesAction::Scroll { rows, cols } => {
                let layout = self.layout(area);
                let game = &self.session.game;
                self.view = Pos::new(
                    step(layout.origin.row, *rows, game.rows()),
                    step(layout.origin.col, *cols, game.cols()),
                );
                self.scrolled = true;
            }
            // A key acts on the cursor's cell, so that cell comes into view if it scrolled away.
            MinesAction::Reveal | MinesAction::Flag | MinesAction::Chord => {
                self.move_cursor(self.cursor, area);
                let play = match action {
                    MinesAction::Reveal => Play::Reveal,
                    MinesAction::Flag => Play::Flag,
                    _ => Play::Chord,
                };
                self.session.play(play.at(self.cursor), ctx);
            }
            MinesAction::Mouse(pointer, cell) => self.pointer(*pointer, *cell, ctx),
        }
        Transition::Stay
    }

    /// The computer's help the player asked for (and agreed to): a hint, the odds or autoplay.
    fn help(&mut self, help: &MinesAction, ctx: &mut Context, area: Rect) {
        let before = self.pointed();
        match help {
            MinesAction::Odds => self.session.toggle_odds(ctx),
            MinesAction::Autoplay => self.session.start_autoplay(ctx),
            _ => {
                if let Some(Hint::Safe(pos) | Hint::Mine(pos)) = self.session.hint(ctx) {
                    self.move_cursor(pos, area);
                }
            }
        }
        self.follow_computer(before, area);
    }

    /// What the computer points at: the best guess once it is found, and the cell of the last
    /// move (autoplay's, when it plays).
    fn pointed(&self) -> (Option<Pos>, Option<Pos>) {
        let session = &self.session;
        let guess = (session.best_guess)
            .filter(|_| session.hint == Some(Hint::NoSafeMove))
            .map(|choice| Pos::new(choice.row, choice.col));
        (guess, session.last_cell())
    }

    /// The cursor goes to what the computer newly points at, since `before`.
    fn follow_computer(&mut self, before: (Option<Pos>, Option<Pos>), area: Rect) {
        let (guess, last) = self.pointed();
        let new = |now: Option<Pos>, then: Option<Pos>| now.filter(|_| now != then);
        if let Some(pos) = new(guess, before.0).or(new(last, before.1)) {
            self.move_cursor(pos, area);
        }
    }

    fn pointer(&mut self, pointer: Pointer, cell: Option<Pos>, ctx: &mut Context) {
        if let Some(cell) = cell {
            self.cursor = cell;
        }
        let play = self.buttons.play_for(pointer);
        // Presses and releases off the board only change which buttons are held.
        if let (Some(play), Some(at)) = (play, cell) {
            self.session.play(play.at(at), ctx);
        }
    }

    fn move_cursor(&mut self, to: Pos, area: Rect) {
        self.cursor = to;
        self.scrolled = false;
        self.view = self.layout(area).origin;
    }

    /// A new game from the settings; the cursor stays where it was, on the new board.
    fn start_new(&mut self, ctx: &mut Context) {
        self.session.start_new(ctx);
        let size = self.session.setup.size;
        self.cursor = Pos::new(
            self.cursor.row.min(size.rows() - 1),
            self.cursor.col.min(size.cols() - 1),
        );
        self.scrolled = false;
    }

    /// The same board again; the cursor goes to its first cell.
    fn restart(&mut self, ctx: &mut Context) {
        self.session.restart(ctx);
        if let Some(first) = self.session.game.first_reveal() {
            self.cursor = first;
        }
        self.scrolled = false;
    }
}

impl BoardScreen for MinesweeperScreen {
    type Session = Session;

    fn session(&self) -> &Session {
        &self.session
    }

    fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    fn into_session(self) -> Session {
        self.session
    }

    fn action_for(&self, event: &Event, area: Rect, _: &View) -> Option<MinesAction> {
        input::action_for(event, area, self)
    }

    fn update(&mut self, action: &MinesAction, ctx: &mut Context, area: Rect) -> Transition {
        self.update_with(action, ctx, area)
    }

    /// The computer's answers and autoplay's moves; the cursor follows what it points at.
    fn tick(&mut self, ctx: &mut Context, area: Rect) {
        let before = self.pointed();
        play::Session::tick(&mut self.session, ctx);
        self.follow_computer(before, area);
    }

    /// After the terminal changed size the cursor stays in view; the clock runs on.
    fn show(&mut self, area: Rect, now: Instant) {
        self.move_cursor(self.cursor, area);
        play::Session::come_back(&mut self.session, now);
    }

    fn asking(&self) -> bool {
        self.question.is_some()
    }

    fn min_size(&self, _: u16, _: &View) -> Size {
        MIN_SIZE
    }

    fn render(&self, view: &View, area: Rect, buf: &mut Buffer) {
        draw::render(view, self, area, buf);
    }
}

impl GameActionKind for MinesAction {}

impl GameUi for Minesweeper {
    fn open(&self, opening: Opening, ctx: &mut Context) -> Box<dyn GameScreen> {
        Box::new(MinesweeperScreen::new(session::open(opening, ctx)))
    }

    fn help(&self) -> HelpPage {
        HelpPage::new(
            include_str!("../../../assets/help/minesweeper.txt"),
            &MinesweeperScreen::keys(),
        )
    }

    fn page<'a>(&self, table: &'a ScoreTable, digest: &'a Digest, theme: &Theme) -> Page<'a> {
        records::page(table, digest, theme)
    }

    fn replay_view(&self) -> &'static dyn ReplayView {
        &replay::View
    }
}

fn step(at: usize, by: isize, len: usize) -> usize {
    at.saturating_add_signed(by).min(len.saturating_sub(1))
}
