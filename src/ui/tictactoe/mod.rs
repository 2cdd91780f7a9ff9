//! The tic-tac-toe screen: the player's moves from keys and clicks, the cursor, and the moves
//! pressed while the computer thinks, played once it has moved.

mod draw;
mod input;
pub use input::Mode;
pub mod layout;
mod records;
mod replay;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Rect, Size};

use super::game::{BoardScreen, GameActionKind, GameScreen, GameUi};
use super::keys::{self, HelpPage, KeyTable};
use super::plots::Page;
use super::question::Question;
use super::replay::ReplayView;
use super::theme::Theme;
use super::{ScreenId, Transition, View, status};
use crate::games::tictactoe::Pos;
use crate::history::digest::Digest;
use crate::play::tictactoe::{GAME, Session, TicTacToe, session};
use crate::play::{Context, Opening};
use crate::records::ScoreTable;
#[cfg(test)]
pub(in crate::ui) use draw::mark_style;
pub(in crate::ui) use draw::render_board;
use layout::GridLayout;

/// The narrowest the screen is drawn: its status, result and footer wrap within it.
const MIN_WIDTH: u16 = 30;

#[derive(Clone, Debug, PartialEq)]
pub enum TicTacToeAction {
    Move {
        rows: isize,
        cols: isize,
    },
    Place,
    /// A digit key on 3x3, already turned into a cell.
    PlaceAt(Pos),
    /// A click on a cell.
    Click(Pos),
    Undo,
    Hint,
    NewGame,
    /// The same game again: the same board, opponent, sides and seed.
    Restart,
    /// The answer to the question on screen.
    Answer(bool),
    ChangeOpponent,
    Setup,
    Back,
}

pub struct TicTacToeScreen {
    pub session: Session,
    pub cursor: Pos,
    /// Moves pressed while the computer was to move, played once it has.
    queued: Vec<TicTacToeAction>,
    /// The question waiting for an answer.
    pub question: Option<Question>,
    /// The player agreed to undo in this game: an undo waiting for the computer's move does
    /// not ask again.
    undo_agreed: bool,
}

impl TicTacToeScreen {
    /// The screen of `session`, its cursor on the last move (the middle of a new board).
    pub fn new(session: Session) -> TicTacToeScreen {
        let cursor = session
            .game
            .history()
            .last()
            .copied()
            .unwrap_or_else(|| centre(&session));
        TicTacToeScreen {
            session,
            cursor,
            queued: Vec::new(),
            question: None,
            undo_agreed: false,
        }
    }

    pub fn layout(&self, area: Rect) -> GridLayout {
        let rules = self.session.game.rules();
        let (status_rows, result_rows, footer_rows) = self.text_rows(area.width);
        layout::layout(
            area,
            rules.rows(),
            rules.cols(),
            status_rows,
            result_rows,
            footer_rows,
        )
    }

    /// The rows of the status, the result and the footer at `width` columns.
    fn text_rows(&self, width: u16) -> (u16, u16, u16) {
        let session = &self.session;
        (
            status::height(&draw::status_parts(session), width),
            draw::result_rows(session, width),
            self.footer_rows(width),
        )
    }

    /// The smallest area the whole grid is drawn in with its words, `width` columns wide.
    pub fn min_size(&self, width: u16) -> Size {
        let rules = self.session.game.rules();
        let (grid_width, grid_height) = layout::min_grid(rules.rows(), rules.cols());
        let narrowest = MIN_WIDTH.max(grid_width);
        let (status, result, footer) = self.text_rows(width.max(narrowest));
        Size::new(narrowest, status + result + footer + grid_height)
    }

    /// The footer's rows at `width`: those of the current state or of a game being played,
    /// whichever takes more, so that the grid never moves when the game ends.
    fn footer_rows(&self, width: u16) -> u16 {
        let playing = Mode {
            over: false,
            ..self.mode()
        };
        keys::footer_height(&Self::keys(), &[self.mode(), playing], width)
    }

    pub fn update_with(&mut self, action: &TicTacToeAction, ctx: &mut Context) -> Transition {
        if let Some(question) = self.question.take() {
            if *action == TicTacToeAction::Answer(true) {
                match question {
                    Question::NewGame => self.new_game(ctx),
                    Question::Restart => self.restart(ctx),
                    Question::Undo => {
                        self.undo_agreed = true;
                        return self.update_with(&TicTacToeAction::Undo, ctx);
                    }
                    _ => {
                        self.session.hints_used = true;
                        return self.update_with(&TicTacToeAction::Hint, ctx);
                    }
                }
            }
            return Transition::Stay;
        }
        let session = &mut self.session;
        match action {
            TicTacToeAction::Back => return Transition::Open(ScreenId::Menu),
            TicTacToeAction::Setup => return Transition::Setup(GAME),
            TicTacToeAction::Move { rows, cols } => {
                let rules = session.game.rules();
                self.cursor = Pos::new(
                    self.cursor
                        .row
                        .saturating_add_signed(*rows)
                        .min(rules.rows() - 1),
                    self.cursor
                        .col
                        .saturating_add_signed(*cols)
                        .min(rules.cols() - 1),
                );
            }
            TicTacToeAction::Hint if session.game.is_over() => {}
            // The first hint of a game asks: the game is then recorded as one with a hint.
            TicTacToeAction::Hint if !session.assisted() => self.question = Some(Question::Hint),
            // So does the first undo (one question a game, for either): the game is then
            // counted with the games helped.
            TicTacToeAction::Undo
                if !session.game.is_over()
                    && !session.game.history().is_empty()
                    && !session.assisted()
                    && !self.undo_agreed =>
            {
                self.question = Some(Question::Undo)
            }
            // While the computer is to move, the player's moves wait their turn.
            TicTacToeAction::Place
            | TicTacToeAction::PlaceAt(_)
            | TicTacToeAction::Click(_)
            | TicTacToeAction::Undo
            | TicTacToeAction::Hint
                if session.computer_to_move() && !session.game.is_over() =>
            {
                self.queued.push(action.clone());
            }
            TicTacToeAction::Place => {
                session.place(self.cursor, ctx);
            }
            TicTacToeAction::PlaceAt(pos) | TicTacToeAction::Click(pos) => {
                self.cursor = *pos;
                session.place(*pos, ctx);
            }
            TicTacToeAction::Undo => session.undo(ctx),
            TicTacToeAction::Hint => session.ask_hint(),
            TicTacToeAction::NewGame if session.leaving_loses() => {
                self.question = Some(Question::NewGame)
            }
            TicTacToeAction::NewGame => self.new_game(ctx),
            TicTacToeAction::Restart if session.leaving_loses() => {
                self.question = Some(Question::Restart)
            }
            TicTacToeAction::Restart => self.restart(ctx),
            TicTacToeAction::Answer(_) => {}
            TicTacToeAction::ChangeOpponent => {
                session.change_opponent(ctx);
                // Without a move yet, the game began again against the new opponent.
                if self.session.game.history().is_empty() {
                    self.begin();
                }
            }
        }
        Transition::Stay
    }

    fn new_game(&mut self, ctx: &mut Context) {
        self.session.new_game(ctx);
        self.begin();
    }

    fn restart(&mut self, ctx: &mut Context) {
        self.session.restart(ctx);
        self.begin();
    }

    /// A game begins: the cursor goes to the middle, and moves waiting for the last one go.
    fn begin(&mut self) {
        self.cursor = centre(&self.session);
        self.queued.clear();
        self.undo_agreed = false;
    }
}

/// Where the cursor starts: the middle cell, or on an even board the cell below and right of the
/// middle lines, inside the centre area.
fn centre(session: &Session) -> Pos {
    let rules = session.game.rules();
    Pos::new(rules.rows() / 2, rules.cols() / 2)
}

impl BoardScreen for TicTacToeScreen {
    type Session = Session;
    type Action = TicTacToeAction;

    fn session(&self) -> &Session {
        &self.session
    }

    fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    fn into_session(self) -> Session {
        self.session
    }

    fn action_for(&self, event: &Event, area: Rect, _: &View) -> Option<TicTacToeAction> {
        input::action_for(event, area, self)
    }

    fn update(&mut self, action: &TicTacToeAction, ctx: &mut Context, _: Rect) -> Transition {
        self.update_with(action, ctx)
    }

    /// The computer's move shows when it is due; the moves pressed meanwhile are played then.
    fn tick(&mut self, ctx: &mut Context, _: Rect) {
        if self.session.tick(ctx) {
            for action in std::mem::take(&mut self.queued) {
                self.update_with(&action, ctx);
            }
        }
    }

    fn min_size(&self, width: u16, _: &View) -> Size {
        TicTacToeScreen::min_size(self, width)
    }

    fn render(&self, view: &View, area: Rect, buf: &mut Buffer) {
        draw::render(view, self, area, buf);
    }
}

impl GameActionKind for TicTacToeAction {}

impl GameUi for TicTacToe {
    fn open(&self, opening: Opening, ctx: &mut Context) -> Box<dyn GameScreen> {
        Box::new(TicTacToeScreen::new(session::open(opening, ctx)))
    }

    fn help(&self) -> HelpPage {
        HelpPage::new(
            include_str!("../../../assets/help/tictactoe.txt"),
            &TicTacToeScreen::keys(),
        )
    }

    fn page<'a>(&self, table: &'a ScoreTable, digest: &'a Digest, _: &Theme) -> Page<'a> {
        records::page(table, digest)
    }

    fn replay_view(&self) -> &'static dyn ReplayView {
        &replay::View
    }
}
