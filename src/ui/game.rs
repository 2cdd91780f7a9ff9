//! What the screens ask of a game besides its session and records: its screen, its help page,
//! the page of its records tables and the drawing of its replays. Each game implements
//! [`GameUi`] in its own folder; the list of games holds them.

use std::any::Any;
use std::fmt;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Rect, Size};

use super::footer::Hint;
use super::keys::{HelpPage, KeyTable};
use super::plots::Page;
use super::replay::ReplayView;
use super::theme::Theme;
use super::{Transition, View};
use crate::history::digest::Digest;
use crate::play::{self, Context, Opening, Session};
use crate::records::ScoreTable;

/// A game, as the screens ask it.
pub trait GameUi: play::Game {
    /// The game's screen for the session `opening` asks for: a saved game, a new one or a code's.
    fn open(&self, opening: Opening, ctx: &mut Context) -> Box<dyn GameScreen>;
    /// Its help page: its rules, and its keys from the table its screen reads them from.
    fn help(&self) -> HelpPage;
    /// What the records screen shows of its table `table` beside the table itself, from what the
    /// history holds of it.
    fn page<'a>(&self, table: &'a ScoreTable, digest: &'a Digest, theme: &Theme) -> Page<'a>;
    /// How its replays are drawn.
    fn replay_view(&self) -> &'static dyn ReplayView;
}

/// An action on a game's screen, whatever the game: the screen that made it reads it back.
pub struct GameAction(Box<dyn ScreenAction>);

/// The actions of a game's screen: what becomes a [`GameAction`] (and an action of the app).
pub trait GameActionKind: ScreenAction {}

/// What a game's screen actions are: plain values, compared and shown in tests.
pub trait ScreenAction: Any + fmt::Debug + Send {
    fn boxed_clone(&self) -> Box<dyn ScreenAction>;
    fn equals(&self, other: &dyn ScreenAction) -> bool;
}

impl<T: Any + fmt::Debug + Clone + PartialEq + Send> ScreenAction for T {
    fn boxed_clone(&self) -> Box<dyn ScreenAction> {
        Box::new(self.clone())
    }

    fn equals(&self, other: &dyn ScreenAction) -> bool {
        (other as &dyn Any).downcast_ref::<T>() == Some(self)
    }
}

impl GameAction {
    pub fn new(action: impl ScreenAction) -> GameAction {
        GameAction(Box::new(action))
    }

    /// The action, if it is of the screen that reads it as a `T`.
    pub fn of<T: 'static>(&self) -> Option<&T> {
        (self.0.as_ref() as &dyn Any).downcast_ref()
    }
}

impl Clone for GameAction {
    fn clone(&self) -> GameAction {
        GameAction(self.0.boxed_clone())
    }
}

impl PartialEq for GameAction {
    fn eq(&self, other: &GameAction) -> bool {
        self.0.equals(other.0.as_ref())
    }
}

impl fmt::Debug for GameAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A game's screen, whatever the game: what the app asks of the one shown or kept. Each game's
/// screen implements it as a [`BoardScreen`].
pub trait GameScreen: Any {
    fn session(&self) -> &dyn Session;
    fn session_mut(&mut self) -> &mut dyn Session;
    fn into_session(self: Box<Self>) -> Box<dyn Session>;
    /// The action a terminal event means here, its mouse mapped through the layout the screen
    /// is drawn with in `area`.
    fn action_for(&self, event: &Event, area: Rect, view: &View) -> Option<GameAction>;
    fn update(&mut self, action: &GameAction, ctx: &mut Context, area: Rect) -> Transition;
    /// A deadline passed or background work finished.
    fn tick(&mut self, ctx: &mut Context, area: Rect);
    /// The next moment the screen changes by itself; `None` while nothing moves.
    fn deadline(&self, now: Instant) -> Option<Instant>;
    /// The screen is shown again, in `area`.
    fn show(&mut self, area: Rect, now: Instant);
    /// The smallest area the screen is drawn in, `width` columns wide.
    fn min_size(&self, width: u16, view: &View) -> Size;
    fn render(&self, view: &View, area: Rect, buf: &mut Buffer);
    /// The keys its footer names now.
    fn footer(&self) -> Vec<Hint>;
}

/// A game's screen with its own session and actions: [`GameScreen`] without the erasing.
/// Its actions are those its key table gives.
pub trait BoardScreen: Any + KeyTable<Action: GameActionKind> {
    type Session: Session;
    fn session(&self) -> &Self::Session;
    fn session_mut(&mut self) -> &mut Self::Session;
    fn into_session(self) -> Self::Session;
    fn action_for(&self, event: &Event, area: Rect, view: &View) -> Option<Self::Action>;
    fn update(&mut self, action: &Self::Action, ctx: &mut Context, area: Rect) -> Transition;
    /// Whether a question covers the game: its time played stops until it is answered.
    fn asking(&self) -> bool;
    fn tick(&mut self, ctx: &mut Context, area: Rect) {
        let _ = area;
        self.session_mut().tick(ctx);
    }
    fn deadline(&self, now: Instant) -> Option<Instant> {
        self.session().deadline(now)
    }
    fn show(&mut self, area: Rect, now: Instant) {
        let _ = area;
        self.session_mut().come_back(now);
    }
    fn min_size(&self, width: u16, view: &View) -> Size;
    fn render(&self, view: &View, area: Rect, buf: &mut Buffer);
}

impl<T: BoardScreen> GameScreen for T {
    fn session(&self) -> &dyn Session {
        BoardScreen::session(self)
    }

    fn session_mut(&mut self) -> &mut dyn Session {
        BoardScreen::session_mut(self)
    }

    fn into_session(self: Box<Self>) -> Box<dyn Session> {
        Box::new(BoardScreen::into_session(*self))
    }

    fn action_for(&self, event: &Event, area: Rect, view: &View) -> Option<GameAction> {
        BoardScreen::action_for(self, event, area, view).map(GameAction::new)
    }

    /// An action of another game's screen does nothing here.
    fn update(&mut self, action: &GameAction, ctx: &mut Context, area: Rect) -> Transition {
        match action.of::<T::Action>() {
            Some(action) => {
                let asked = self.asking();
                let transition = BoardScreen::update(self, action, ctx, area);
                if self.asking() != asked {
                    BoardScreen::session_mut(self).asking(!asked, ctx.now);
                }
                transition
            }
            None => Transition::Stay,
        }
    }

    fn tick(&mut self, ctx: &mut Context, area: Rect) {
        BoardScreen::tick(self, ctx, area);
    }

    fn deadline(&self, now: Instant) -> Option<Instant> {
        BoardScreen::deadline(self, now)
    }

    fn show(&mut self, area: Rect, now: Instant) {
        BoardScreen::show(self, area, now);
    }

    fn min_size(&self, width: u16, view: &View) -> Size {
        BoardScreen::min_size(self, width, view)
    }

    fn render(&self, view: &View, area: Rect, buf: &mut Buffer) {
        BoardScreen::render(self, view, area, buf);
    }

    fn footer(&self) -> Vec<Hint> {
        KeyTable::footer(self)
    }
}
