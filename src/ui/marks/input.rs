//! Keys and clicks to moves on a board of marks: the key table of the screen, read by the input
//! mapping, the footer and the help page alike; clicks are mapped through the board's layout.

use ratatui::crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::{BoardLayout, MarksAction, MarksScreen, MarksUi};
use crate::games::marks::Pos;
use crate::ui::keys::{self, Binding, KeyTable, Press};
use crate::ui::{heading, question};

/// What the keys of the screen depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    pub over: bool,
    /// The cells the digits 1-9 place on, on boards where digits place.
    pub digits: Option<[Pos; 9]>,
}

fn playing(mode: &Mode) -> bool {
    !mode.over
}

/// The line's words where `shown`, else none (a footer-only variant of another line).
fn words(shown: bool, text: String) -> String {
    if shown { text } else { String::new() }
}

impl<V: MarksUi> KeyTable for MarksScreen<V> {
    type Mode = Mode;
    type Action = MarksAction;

    /// The keys of the screen.
    fn keys() -> Vec<Binding<Mode, MarksAction>> {
        use KeyCode::{Backspace, Char, Enter};
        let undo = if V::UNDO_ASSISTS {
            "; the first undo of a game asks, as the game is then recorded with undo"
        } else {
            ""
        };
        vec![
            Binding::new(&[Press::Moves], "move the cursor", |_, key| {
                let (rows, cols) = heading(key.code)?.step();
                Some(MarksAction::Move { rows, cols })
            })
            .footer("move")
            .when(playing),
            // Where digits place, the help names them with Space; the footer names them only
            // on the boards they place on.
            Binding::new(
                &[Press::Key(Char(' ')), Press::Items(9), Press::Key(Enter)],
                words(
                    V::DIGITS.is_some(),
                    format!("{}; {}", V::PLACE, V::DIGITS.unwrap_or_default()),
                ),
                |mode: &Mode, key| match key.code {
                    Char(' ') | Enter => Some(MarksAction::Place),
                    _ => Some(MarksAction::PlaceAt(mode.digits?[keys::item(key, 9)?])),
                },
            )
            .showing(2)
            .footer("place")
            .when(|mode| playing(mode) && mode.digits.is_some()),
            Binding::new(
                &[Press::Key(Char(' ')), Press::Key(Enter)],
                words(V::DIGITS.is_none(), V::PLACE.to_string()),
                |_, _| Some(MarksAction::Place),
            )
            .footer("place")
            .when(|mode| playing(mode) && mode.digits.is_none()),
            Binding::mouse("mouse click", V::CLICK),
            Binding::new(
                &[Press::Key(Char('u')), Press::Key(Backspace)],
                format!("undo (against the computer: your move and its answer){undo}"),
                |_, _| Some(MarksAction::Undo),
            )
            .footer("undo")
            .when(playing),
            Binding::letter(
                't',
                format!(
                    "hint: {}; the first hint of a game asks, as the game is then recorded with \
                     hints",
                    V::HINT
                ),
                |_, _| Some(MarksAction::Hint),
            )
            .footer("hint")
            .when(playing),
            Binding::letter(
                'n',
                "new game (asks first: a game in progress against the computer then counts as lost)",
                |_, _| Some(MarksAction::NewGame),
            )
            .footer("new"),
            Binding::letter(
                'r',
                "restart: the same game, opponent and sides (asks first in the same way)",
                |_, _| Some(MarksAction::Restart),
            )
            .footer_when("restart", |mode| mode.over),
            Binding::letter(
                'c',
                "change the opponent: easy, medium, hard, two players",
                |_, _| Some(MarksAction::ChangeOpponent),
            )
            .footer("opponent"),
            keys::options(V::settings(), |_, _| Some(MarksAction::Setup)),
            keys::back("back to the menu (the game is kept)", |_, _| {
                Some(MarksAction::Back)
            })
            .footer_when("back", |mode| mode.over),
            keys::app_key('?', "help"),
        ]
    }

    fn mode(&self) -> Mode {
        let digits = ('1'..='9').map(|digit| V::digit_cell(digit, &self.session));
        let digits: Option<Vec<Pos>> = digits.collect();
        Mode {
            over: self.session.game.is_over(),
            digits: digits.and_then(|cells| cells.try_into().ok()),
        }
    }
}

pub fn action_for<V: MarksUi>(
    event: &Event,
    area: Rect,
    screen: &MarksScreen<V>,
) -> Option<MarksAction> {
    if screen.question.is_some() {
        return question::answer(event).map(MarksAction::Answer);
    }
    match event {
        Event::Key(key) => keys::action(&MarksScreen::<V>::keys(), &screen.mode(), key),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => screen
            .layout(area)
            .cell_at(Position::new(mouse.column, mouse.row))
            .map(MarksAction::Click),
        _ => None,
    }
}
