//! The screen every game of marks in a row (tic-tac-toe, gomoku) is played on: the player's moves
//! from keys and clicks, the cursor, the moves pressed while the computer thinks (played once it
//! has moved), the questions before a helped or abandoned game, and the status, hint, result and
//! code around the board. Each game lays out and draws its own board as a [`MarksUi`].

mod draw;
mod input;
mod records;
mod replay;
mod text;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Position, Rect, Size};

use super::game::{BoardScreen, GameActionKind, GameScreen, GameUi};
use super::keys::{self, HelpPage, KeyTable};
use super::plots::Page;
use super::question::Question;
use super::replay::ReplayView;
use super::theme::Theme;
use super::{ScreenId, Transition, View, status};
use crate::games::marks::{Game, MoveError, Pos, Shape};
use crate::history::digest::Digest;
use crate::play::marks::Variant;
use crate::play::marks::session::{self, Session};
use crate::play::{Context, Opening};
use crate::records::ScoreTable;
pub use draw::mark_style;

/// Where a board's parts are, as drawn and as clicked.
pub trait BoardLayout {
    /// The status lines above the board, the lines under it (the hint or the result, and the
    /// game's code) and the footer.
    fn around(&self) -> [Rect; 3];
    /// The cell drawn at a terminal position, if any.
    fn cell_at(&self, position: Position) -> Option<Pos>;
}

/// The cells a board marks besides its marks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marked {
    pub cursor: Option<Pos>,
    /// The cell a hint suggests.
    pub hint: Option<Pos>,
    /// The last move, while the game goes on (and in replays).
    pub last: Option<Pos>,
}

/// Rows the board shares its area with, above and below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rows {
    pub status: u16,
    pub result: u16,
    pub footer: u16,
}

/// A game of marks in a row, as its screen and replays draw it.
pub trait MarksUi: Variant {
    type Layout: BoardLayout;
    /// The longest text a replay gives a move, for the room it keeps.
    const LONGEST_MOVE: &'static str;
    /// What the keys that place do, what a click does, and what a hint shows, for the help.
    const PLACE: &'static str;
    const CLICK: &'static str;
    const HINT: &'static str;
    /// Where digits place too, how (for the help).
    const DIGITS: Option<&'static str> = None;

    /// Its help page.
    fn help() -> &'static str;
    fn layout(area: Rect, rules: Self::Rules, rows: Rows) -> Self::Layout;
    /// The smallest area the whole board is drawn in, with `rows` around it.
    fn min_size(rules: Self::Rules, rows: Rows) -> Size;
    fn render_board(
        game: &Game<Self::Rules>,
        marked: Marked,
        layout: &Self::Layout,
        theme: &Theme,
        buf: &mut Buffer,
    );
    /// The cell a digit key places on, where digits place.
    fn digit_cell(digit: char, session: &Session<Self>) -> Option<Pos> {
        let _ = (digit, session);
        None
    }
    /// A cell as the screen names it: `row 2, column 3`, `H8`.
    fn cell_name(pos: Pos, rules: Self::Rules) -> String;
    /// What a hint says: its cell, and what its move does where the computer tells.
    fn hint_text(hint: Self::Hint, rules: Self::Rules) -> String;
    /// The smallest room a replay's board takes.
    fn min_board(rules: Self::Rules) -> Size;
}

#[derive(Clone, Debug, PartialEq)]
pub enum MarksAction {
    Move {
        rows: isize,
        cols: isize,
    },
    Place,
    /// A digit key, already turned into a cell.
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

impl GameActionKind for MarksAction {}

pub struct MarksScreen<V: MarksUi> {
    pub session: Session<V>,
    pub cursor: Pos,
    /// Moves pressed while the computer was to move, played once it has.
    queued: Vec<MarksAction>,
    /// The question waiting for an answer.
    pub question: Option<Question>,
    /// A cell the player just tried to mark though it was taken, said under the board until
    /// the next action.
    refused: Option<Pos>,
}

impl<V: MarksUi> MarksScreen<V> {
    /// The screen of `session`, its cursor on the last move (the middle of a new board).
    pub fn new(session: Session<V>) -> MarksScreen<V> {
        let cursor = (session.game.history().last().copied()).unwrap_or_else(|| centre(&session));
        MarksScreen {
            session,
            cursor,
            queued: Vec::new(),
            question: None,
            refused: None,
        }
    }

    pub fn layout(&self, area: Rect) -> V::Layout {
        V::layout(area, self.session.game.rules(), self.rows(area.width))
    }

    /// The rows around the board at `width` columns.
    fn rows(&self, width: u16) -> Rows {
        let session = &self.session;
        let mode = self.mode();
        let playing = input::Mode {
            over: false,
            ..mode
        };
        Rows {
            status: status::height(&text::status_parts(session), width),
            result: text::result_rows(session, width),
            // The footer's rows of the current state or of a game being played, whichever
            // takes more, so that the board never moves when the game ends.
            footer: keys::footer_height(&Self::keys(), &[mode, playing], width),
        }
    }

    /// The smallest area the whole board is drawn in with its words, `width` columns wide (its
    /// words take their rows at the narrowest width the board is drawn at, if that is wider).
    pub fn min_size(&self, width: u16) -> Size {
        let rules = self.session.game.rules();
        let narrowest = V::min_size(rules, self.rows(u16::MAX)).width;
        V::min_size(rules, self.rows(width.max(narrowest)))
    }

    pub fn update_with(&mut self, action: &MarksAction, ctx: &mut Context) -> Transition {
        if let Some(question) = self.question.take() {
            if *action == MarksAction::Answer(true) {
                match question {
                    Question::NewGame => self.new_game(ctx),
                    Question::Restart => self.restart(ctx),
                    Question::Undo => {
                        self.session.undone = true;
                        return self.update_with(&MarksAction::Undo, ctx);
                    }
                    _ => {
                        self.session.hints_used = true;
                        return self.update_with(&MarksAction::Hint, ctx);
                    }
                }
            }
            return Transition::Stay;
        }
        self.refused = None;
        let session = &mut self.session;
        // The first hint (or undo, where it marks a game) of a game asks: the game is then
        // recorded as one with help.
        let asks = !session.assisted()
            && match action {
                MarksAction::Hint => !session.game.is_over(),
                MarksAction::Undo => V::UNDO_ASSISTS && session.can_undo(),
                _ => false,
            };
        if asks {
            self.question = Some(match action {
                MarksAction::Hint => Question::Hint,
                _ => Question::Undo,
            });
            return Transition::Stay;
        }
        match action {
            MarksAction::Back => return Transition::Open(ScreenId::Menu),
            MarksAction::Setup => return Transition::Setup(V::GAME),
            MarksAction::Move { rows, cols } => {
                let rules = session.game.rules();
                self.cursor = Pos::new(
                    (self.cursor.row.saturating_add_signed(*rows)).min(rules.rows() - 1),
                    (self.cursor.col.saturating_add_signed(*cols)).min(rules.cols() - 1),
                );
            }
            MarksAction::Hint if session.game.is_over() => {}
            // While the computer is to move, the player's moves wait their turn.
            MarksAction::Place
            | MarksAction::PlaceAt(_)
            | MarksAction::Click(_)
            | MarksAction::Undo
            | MarksAction::Hint
                if session.computer_to_move() && !session.game.is_over() =>
            {
                self.queued.push(action.clone());
            }
            MarksAction::Place => self.place(self.cursor, ctx),
            MarksAction::PlaceAt(pos) | MarksAction::Click(pos) => {
                self.cursor = *pos;
                self.place(*pos, ctx);
            }
            MarksAction::Undo => session.undo(ctx),
            MarksAction::Hint => session.ask_hint(),
            MarksAction::NewGame if session.leaving_loses() => {
                self.question = Some(Question::NewGame)
            }
            MarksAction::NewGame => self.new_game(ctx),
            MarksAction::Restart if session.leaving_loses() => {
                self.question = Some(Question::Restart)
            }
            MarksAction::Restart => self.restart(ctx),
            MarksAction::Answer(_) => {}
            MarksAction::ChangeOpponent => {
                session.change_opponent(ctx);
                // Without a move yet, the game began again against the new opponent.
                if self.session.game.history().is_empty() {
                    self.begin();
                }
            }
        }
        Transition::Stay
    }

    /// Places at `pos`; a taken cell is named under the board instead.
    fn place(&mut self, pos: Pos, ctx: &mut Context) {
        if let Err(MoveError::Occupied(taken)) = self.session.place(pos, ctx) {
            self.refused = Some(taken);
        }
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
    }
}

/// Where the cursor starts: the middle cell, or on an even board the cell below and right of the
/// middle lines, inside the centre area.
fn centre<V: Variant>(session: &Session<V>) -> Pos {
    let rules = session.game.rules();
    Pos::new(rules.rows() / 2, rules.cols() / 2)
}

impl<V: MarksUi> BoardScreen for MarksScreen<V> {
    type Session = Session<V>;

    fn session(&self) -> &Session<V> {
        &self.session
    }

    fn session_mut(&mut self) -> &mut Session<V> {
        &mut self.session
    }

    fn into_session(self) -> Session<V> {
        self.session
    }

    fn action_for(&self, event: &Event, area: Rect, _: &View) -> Option<MarksAction> {
        input::action_for(event, area, self)
    }

    fn update(&mut self, action: &MarksAction, ctx: &mut Context, _: Rect) -> Transition {
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

    fn asking(&self) -> bool {
        self.question.is_some()
    }

    fn min_size(&self, width: u16, _: &View) -> Size {
        MarksScreen::min_size(self, width)
    }

    fn render(&self, view: &View, area: Rect, buf: &mut Buffer) {
        draw::render(view, self, area, buf);
    }
}

impl<V: MarksUi> GameUi for V {
    fn open(&self, opening: Opening, ctx: &mut Context) -> Box<dyn GameScreen> {
        Box::new(MarksScreen::<V>::new(session::open(opening, ctx)))
    }

    fn help(&self) -> HelpPage {
        HelpPage::new(V::help(), &MarksScreen::<V>::keys())
    }

    fn page<'a>(&self, table: &'a ScoreTable, digest: &'a Digest, _: &Theme) -> Page<'a> {
        records::page::<V>(table, digest)
    }

    fn replay_view(&self) -> &'static dyn ReplayView {
        replay::view::<V>()
    }
}
