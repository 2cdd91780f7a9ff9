//! The 2048 screen: moves from keys and swipes, short animations, the questions before an assist
//! or a new game, and the card at the end of a game.

mod colors;
mod draw;
mod input;
pub use input::Mode;
pub mod layout;
mod records;
mod replay;
mod text;

use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Position, Rect, Size};
use ratatui::text::Line;

use super::game::{BoardScreen, GameActionKind, GameScreen, GameUi};
use super::keys::{self, HelpPage, KeyTable};
use super::plots::Page;
use super::question::Question;
use super::replay::ReplayView;
use super::theme::Theme;
use super::{ScreenId, Transition, View, status};
use crate::games::twenty48::{Direction, MoveReport, Status};
use crate::history::digest::Digest;
use crate::play::twenty48::record::Standing;
use crate::play::twenty48::settings::ANIMATIONS;
use crate::play::twenty48::{GAME, Session, Twenty48, session};
use crate::play::{Context, Opening};
use crate::records::ScoreTable;
use crate::store::Store;
pub use colors::tile_style;
pub(in crate::ui) use draw::{render_places, render_tiles};
use layout::BoardLayout;

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

pub struct Twenty48Screen {
    pub session: Session,
    pub animation: Option<Animation>,
    pub animations_on: bool,
    /// The question waiting for an answer.
    pub question: Option<Question>,
    /// Where the mouse button went down, for swipes.
    press: Option<Position>,
}

impl Twenty48Screen {
    pub fn new(session: Session, animations_on: bool) -> Twenty48Screen {
        Twenty48Screen {
            session,
            animation: None,
            animations_on,
            question: None,
            press: None,
        }
    }

    /// Where everything goes in `area`; the card at the end of a game tells where the game
    /// stands in `store`'s records.
    pub fn layout(&self, area: Rect, store: &Store) -> BoardLayout {
        let standing = self.session.standing(store);
        let card = text::shows_card(self).then(|| {
            let lines = text::card(self, standing, &Theme::mono());
            let width = lines.iter().map(Line::width).max().unwrap_or(0);
            Size::new(width as u16, lines.len() as u16)
        });
        let status_rows = self.status_rows(standing, area.width);
        let footer_rows = self.footer_rows(area.width);
        let size = self.session.game.size();
        layout::layout(area, size, status_rows, card, footer_rows)
    }

    /// Rows of the figures and of the row under them at `width` columns: the same all game long
    /// (the scores' slots grow only past a million).
    fn status_rows(&self, standing: Standing, width: u16) -> u16 {
        let theme = Theme::mono();
        status::grid_height(&text::figures(self, standing, &theme), width)
            + status::height(&text::messages(self, &theme), width)
    }

    /// The footer's rows at `width`: those of the current state or of a game being played,
    /// whichever takes more, so that the board never moves when the game ends.
    fn footer_rows(&self, width: u16) -> u16 {
        let playing = Mode {
            status: Status::Playing,
            ..self.mode()
        };
        keys::footer_height(&Self::keys(), &[self.mode(), playing], width)
    }

    /// The smallest area the screen plays in, `width` columns wide (0: at its narrowest): the
    /// status and the footer wrap, so a wider terminal needs fewer rows.
    pub fn min_size(&self, width: u16) -> Size {
        let size = self.session.game.size();
        let width = width.max(layout::min_size(size, 0).width);
        let unrecorded = Standing {
            best: 0,
            new_best: false,
            rank: None,
        };
        let footer_rows = self.footer_rows(width);
        layout::min_size(size, self.status_rows(unrecorded, width) + footer_rows)
    }

    pub fn update_with(
        &mut self,
        action: &Twenty48Action,
        ctx: &mut Context,
        area: Rect,
    ) -> Transition {
        let session = &mut self.session;
        // Any key stops autoplay, and does nothing else.
        if session.computer.autoplay {
            session.computer.stop();
            return Transition::Stay;
        }
        // A key during an animation finishes it at once; the key still counts.
        self.animation = None;
        if let Some(question) = self.question.take() {
            if *action == Twenty48Action::Answer(true) {
                match question {
                    Question::NewGame | Question::LeaveDaily => self.new_game(ctx, false),
                    Question::Restart => self.new_game(ctx, true),
                    Question::Hint => session.hint(ctx),
                    Question::Undo => session.undo(ctx),
                    Question::Autoplay => session.autoplay(ctx),
                }
            }
            return Transition::Stay;
        }
        // The first assist of a clean game asks: the game then counts toward the assisted best.
        let status = session.game.status();
        let asks = match action {
            Twenty48Action::Hint | Twenty48Action::Autoplay => status == Status::Playing,
            Twenty48Action::Undo => session.game.can_undo(),
            _ => false,
        };
        if asks && !session.assisted() {
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
                if let Some(attempt) = session.daily.filter(|_| status == Status::Over) {
                    return Transition::Share(attempt.date);
                }
            }
            Twenty48Action::Setup => return Transition::Setup(GAME),
            Twenty48Action::Slide(direction) => self.slide(*direction, ctx),
            Twenty48Action::Undo => session.undo(ctx),
            Twenty48Action::NewGame if session.leaving_asks() => {
                self.question = Some(Question::NewGame)
            }
            Twenty48Action::NewGame if session.daily.is_some() => {
                self.question = Some(Question::LeaveDaily)
            }
            Twenty48Action::NewGame => self.new_game(ctx, false),
            Twenty48Action::Restart if session.leaving_asks() => {
                self.question = Some(Question::Restart)
            }
            Twenty48Action::Restart => self.new_game(ctx, true),
            Twenty48Action::Answer(_) => {}
            Twenty48Action::Hint => session.hint(ctx),
            Twenty48Action::Autoplay => session.autoplay(ctx),
            Twenty48Action::KeepGoing => session.keep_going(ctx),
            Twenty48Action::Press(at) => self.press = Some(*at),
            Twenty48Action::Release(at) => {
                let direction = match self.press.take() {
                    Some(from) => layout::swipe(from, *at)
                        .or_else(|| self.layout(area, ctx.store).band_direction(*at)),
                    None => None,
                };
                if let Some(direction) = direction {
                    self.slide(direction, ctx);
                }
            }
        }
        Transition::Stay
    }

    /// A new game from the settings, or the same board again; animations as the settings say
    /// now.
    fn new_game(&mut self, ctx: &mut Context, same_board: bool) {
        if same_board {
            self.session.restart(ctx);
        } else {
            self.session.new_game(ctx);
        }
        self.animations_on = ctx.store.settings().toggle(&ANIMATIONS);
    }

    fn slide(&mut self, direction: Direction, ctx: &mut Context) {
        if let Some(report) = self.session.slide(direction, ctx) {
            self.show_move(report, ctx.now);
        }
    }

    /// Starts the animation of a move, when animations are on.
    fn show_move(&mut self, report: MoveReport, now: Instant) {
        if self.animations_on {
            // The first frame, drawn at once, already shows the tiles on their way.
            self.animation = Some(Animation {
                report,
                started: now.checked_sub(FRAME).unwrap_or(now),
            });
        }
    }
}

impl BoardScreen for Twenty48Screen {
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

    fn action_for(&self, event: &Event, _: Rect, _: &View) -> Option<Twenty48Action> {
        input::action_for(event, self)
    }

    fn update(&mut self, action: &Twenty48Action, ctx: &mut Context, area: Rect) -> Transition {
        self.update_with(action, ctx, area)
    }

    /// Ends a finished animation (so that no timer runs once nothing moves), and shows
    /// autoplay's move when its turn comes.
    fn tick(&mut self, ctx: &mut Context, _: Rect) {
        if self.animation.as_ref().is_some_and(|a| a.is_over(ctx.now)) {
            self.animation = None;
        }
        if let Some(report) = self.session.tick(ctx) {
            self.show_move(report, ctx.now);
        }
    }

    /// Animation frames and autoplay's pace are the only things that wake the program here: a
    /// frame every [`FRAME`] while tiles slide, then only when the flash and the new tile change.
    fn deadline(&self, now: Instant) -> Option<Instant> {
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
        [animation, self.session.deadline()]
            .into_iter()
            .flatten()
            .min()
    }

    fn asking(&self) -> bool {
        self.question.is_some()
    }

    fn min_size(&self, width: u16, _: &View) -> Size {
        Twenty48Screen::min_size(self, width)
    }

    fn render(&self, view: &View, area: Rect, buf: &mut Buffer) {
        draw::render(view, self, area, buf);
    }
}

impl GameActionKind for Twenty48Action {}

impl GameUi for Twenty48 {
    fn open(&self, opening: Opening, ctx: &mut Context) -> Box<dyn GameScreen> {
        let animations = ctx.store.settings().toggle(&ANIMATIONS);
        Box::new(Twenty48Screen::new(session::open(opening, ctx), animations))
    }

    fn help(&self) -> HelpPage {
        HelpPage::new(
            include_str!("../../../assets/help/2048.txt"),
            &Twenty48Screen::keys(),
        )
    }

    fn page<'a>(&self, table: &'a ScoreTable, digest: &'a Digest, _: &Theme) -> Page<'a> {
        records::page(table, digest)
    }

    fn replay_view(&self) -> &'static dyn ReplayView {
        &replay::View
    }
}
