//! The words around a board of marks: the turn, the table and opponent and the session's tally
//! above it; the hint or the result, and the game's code, under it.

use ratatui::text::{Line, Span};

use super::MarksUi;
use crate::games::marks::{Outcome, Pos};
use crate::play::marks::session::Session;
use crate::play::marks::{Opponent, code, table};
use crate::ui::status::Part;
use crate::ui::theme::Theme;

/// The turn, the table and opponent, and the session's tally: each in a slot that keeps its
/// place from move to move, wrapped onto more rows where the terminal is narrow.
pub(super) fn status_parts<V: MarksUi>(session: &Session<V>) -> Vec<Part<'static>> {
    let game = &session.game;
    let tally = session.tally();
    let (mode, score) = match session.opponent() {
        Opponent::Computer(level) => (
            format!("vs {level}"),
            format!(
                "you {}  computer {}  draws {}",
                tally.wins, tally.losses, tally.draws
            ),
        ),
        Opponent::Human => (
            "two players".to_string(),
            format!(
                "X {}  O {}  draws {}",
                tally.wins, tally.losses, tally.draws
            ),
        ),
    };
    let turn = match (game.turn(), session.opponent()) {
        (None, _) => "game over".to_string(),
        (Some(mark), Opponent::Human) => format!("{mark} to move"),
        (Some(mark), _) if mark == session.human => format!("your turn ({mark})"),
        (Some(mark), _) => format!("computer ({mark}) to move"),
    };
    let next = match session.next_opponent {
        Some(Opponent::Computer(level)) => format!(", next game {level}"),
        Some(Opponent::Human) => ", next game two players".to_string(),
        None => String::new(),
    };
    vec![
        // As wide as the longest turn, so the parts after it stay where they are.
        Part::new(vec![Span::raw(turn)], "computer (X) to move".len()),
        Part::fitted(vec![Span::raw(format!(
            "{} {mode}{next}",
            table::<V>(&session.setup)
        ))]),
        Part::fitted(vec![Span::raw(score)]),
    ]
}

/// The longest hint or result, for the room kept beside the code.
const HEADLINE_RESERVE: &str = "The computer wins.  (with a hint)";

/// Rows under the board at `width` columns: the code beside the room of the longest hint or
/// result when they fit on one row, else under it. The same in every state of a game, so the
/// board never moves.
pub(super) fn result_rows<V: MarksUi>(session: &Session<V>, width: u16) -> u16 {
    let code = code_width(session).max("code ".len() + code::longest::<V>());
    if HEADLINE_RESERVE.len() + 2 + code <= usize::from(width) {
        1
    } else {
        2
    }
}

fn code_width<V: MarksUi>(session: &Session<V>) -> usize {
    "code ".len() + code_text(session).len()
}

fn code_text<V: MarksUi>(session: &Session<V>) -> String {
    session
        .code()
        .map_or_else(String::new, |code| code.encode())
}

/// The hint (or a move just refused) while playing or the result once the game is over, and
/// the game's code.
pub(super) fn result_lines<V: MarksUi>(
    session: &Session<V>,
    refused: Option<Pos>,
    theme: &Theme,
    width: u16,
) -> Vec<Line<'static>> {
    let code = [
        Span::styled("code ", theme.dim()),
        Span::raw(code_text(session)),
    ];
    let Some(mut headline) = headline(session, refused, theme) else {
        return vec![Line::from(code.to_vec())];
    };
    if result_rows(session, width) == 1 {
        headline.push_span(Span::raw("  "));
        headline.extend(code);
        vec![headline]
    } else {
        vec![headline, Line::from(code.to_vec())]
    }
}

fn headline<V: MarksUi>(
    session: &Session<V>,
    refused: Option<Pos>,
    theme: &Theme,
) -> Option<Line<'static>> {
    let against_computer = session.against_computer().is_some();
    let mut headline = match session.game.outcome() {
        None => {
            if let Some(pos) = refused {
                let cell = V::cell_name(pos, session.game.rules());
                return Some(Line::styled(format!("{cell} is taken"), theme.bad()));
            }
            return session.hint.map(|hint| {
                let said = V::hint_text(hint, session.game.rules());
                Line::styled(format!("hint: {said}"), theme.good())
            });
        }
        Some(Outcome::Draw) => Line::styled("A draw.", theme.title()),
        Some(Outcome::Win { mark, .. }) if !against_computer => {
            Line::styled(format!("{mark} wins!"), theme.good())
        }
        Some(Outcome::Win { mark, .. }) if *mark == session.human => {
            Line::styled("You win!", theme.good())
        }
        Some(Outcome::Win { .. }) => Line::styled("The computer wins.", theme.bad()),
    };
    let help = if session.hints_used {
        "  (with a hint)"
    } else if session.assisted() {
        "  (with undo)"
    } else {
        ""
    };
    if !help.is_empty() {
        headline.push_span(Span::styled(help, theme.dim()));
    }
    Some(headline)
}
