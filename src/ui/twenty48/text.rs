//! The words around the board: the status (the game's figures, then a row for what the computer
//! says and the assists used) and the card at the end of a game. Every part keeps a slot wide
//! enough for what it may show during the game, so nothing moves from one move to the next; the
//! layout counts their rows with the same functions that drawing styles them with.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::Twenty48Screen;
use crate::games::twenty48::{Direction, Status, tile_value, win_exponent};
use crate::play::twenty48::code;
use crate::play::twenty48::record::{Standing, shown_best};
use crate::ui::status::Part;
use crate::ui::theme::Theme;

/// Digits kept for scores: a slot grows only past a million.
const SCORE_DIGITS: usize = 6;
/// The points of one move, after the score.
const GAIN_RESERVE: &str = " +9999";
/// The best's label in a game with assists (the table of assisted games; the row under the
/// figures says which assists); its slot keeps this room from the start, since the first hint or
/// autoplay makes a game assisted.
const ASSISTED_BEST: &str = "best* ";
/// The longest thing the computer says, and the longest list of assists.
const COMPUTER_RESERVE: &str = "autoplay: any key stops";
const ASSISTS_RESERVE: &str = "* used undo, hints, autoplay";

fn digits(value: u64) -> usize {
    value.to_string().len()
}

/// The figures row: score (and the last move's points), best, moves, biggest tile.
pub fn figures<'a>(screen: &Twenty48Screen, standing: Standing, theme: &Theme) -> Vec<Part<'a>> {
    let game = &screen.session.game;
    let score_digits = digits(game.score())
        .max(digits(standing.best))
        .max(SCORE_DIGITS);
    let mut score = vec![
        Span::styled("score ", theme.dim()),
        Span::styled(game.score().to_string(), theme.title()),
    ];
    if screen.session.last_gain > 0 {
        score.push(Span::styled(
            format!(" +{}", screen.session.last_gain),
            theme.good(),
        ));
    }
    let score = Part::new(score, "score ".len() + score_digits + GAIN_RESERVE.len());
    // An assisted game goes to the assisted table: its best is that table's.
    let label = if screen.session.assisted() {
        ASSISTED_BEST
    } else {
        "best "
    };
    let mut best = vec![
        Span::styled(label, theme.dim()),
        Span::raw(shown_best(standing.best)),
    ];
    if standing.new_best {
        best.push(Span::styled(" beaten!", theme.good()));
    }
    let best = Part::new(best, ASSISTED_BEST.len() + score_digits + " beaten!".len());
    let figure = |label: &'static str, value: String, reserve: usize| {
        Part::new(
            vec![Span::styled(label, theme.dim()), Span::raw(value)],
            label.len() + reserve,
        )
    };
    let biggest = tile_value(game.biggest_tile()).to_string();
    let win_digits = tile_value(win_exponent(game.size())).to_string().len() + 1;
    vec![
        score,
        best,
        figure("moves ", game.moves().to_string(), 5),
        figure("biggest ", biggest, win_digits),
    ]
}

/// The longest daily label.
const DAILY_RESERVE: &str = "Daily 2026-12-01 retry";

/// The row under the figures: what the computer says, the assists that mark the game, the day
/// of a daily game, and the game's code.
pub fn messages<'a>(screen: &Twenty48Screen, theme: &Theme) -> Vec<Part<'a>> {
    let computer = if screen.session.computer.autoplay {
        vec![Span::styled("autoplay: any key stops", theme.key())]
    } else if let Some(direction) = screen.session.computer.hint {
        vec![Span::styled(
            format!("hint: {} {}", arrow(direction, theme), direction.name()),
            theme.good(),
        )]
    } else {
        Vec::new()
    };
    let game = &screen.session.game;
    let marks: Vec<&str> = [
        (game.undo_used(), "undo"),
        (game.hint_used(), "hints"),
        (game.autoplayed(), "autoplay"),
    ]
    .into_iter()
    .filter_map(|(used, name)| used.then_some(name))
    .collect();
    let assists = if marks.is_empty() {
        Vec::new()
    } else {
        vec![Span::styled(
            format!("* used {}", marks.join(", ")),
            theme.dim(),
        )]
    };
    let code = (screen.session.code())
        .map(|code| vec![Span::styled("code ", theme.dim()), Span::raw(code.encode())]);
    let mut parts = vec![
        Part::new(computer, COMPUTER_RESERVE.len()),
        Part::new(assists, ASSISTS_RESERVE.len()),
    ];
    // A daily game names its day beside its code.
    if let Some(attempt) = screen.session.daily {
        parts.push(Part::new(
            vec![Span::styled(attempt.label(), theme.title())],
            DAILY_RESERVE.len(),
        ));
    }
    parts.push(Part::new(
        code.unwrap_or_default(),
        "code ".len() + code::longest(),
    ));
    parts
}

/// The arrow of a direction, in ASCII when the theme asks.
fn arrow(direction: Direction, theme: &Theme) -> char {
    if theme.ascii {
        match direction {
            Direction::Up => '^',
            Direction::Down => 'v',
            Direction::Left => '<',
            Direction::Right => '>',
        }
    } else {
        direction.arrow()
    }
}

/// Whether the end-of-game card shows: the game is won or over, and no question covers it.
pub fn shows_card(screen: &Twenty48Screen) -> bool {
    screen.question.is_none() && screen.session.game.status() != Status::Playing
}

/// The card at the end of a game: how it ended, final score, best, rank among the ten best, and
/// whether it is a new best.
pub fn card<'a>(screen: &Twenty48Screen, standing: Standing, theme: &Theme) -> Vec<Line<'a>> {
    let game = &screen.session.game;
    let title = match game.status() {
        Status::Won => Line::styled(
            format!("You win! ({})", tile_value(win_exponent(game.size()))),
            theme.good(),
        ),
        _ => Line::styled("Game over!", theme.bad()),
    };
    let row = |label: &str, value: String, style: Style| {
        Line::from(vec![
            Span::styled(format!("{label:<7}"), theme.dim()),
            Span::styled(value, style),
        ])
    };
    let best = shown_best(standing.best);
    let rank = standing
        .rank
        .map_or("not in the ten best".to_string(), |rank| {
            format!("{rank} of the ten best")
        });
    let mut lines = vec![
        title,
        row("score", game.score().to_string(), theme.title()),
        row(
            if screen.session.assisted() {
                "best*"
            } else {
                "best"
            },
            best,
            Style::new(),
        ),
        row("rank", rank, Style::new()),
    ];
    if let Some(code) = screen.session.code() {
        lines.push(row("code", code.encode(), Style::new()));
    }
    if let Some(attempt) = screen.session.daily {
        lines.push(Line::styled(attempt.label(), theme.title()));
    }
    if screen.session.assisted() {
        lines.push(Line::styled("* among assisted games", theme.dim()));
    }
    if standing.new_best {
        let beaten = if screen.session.assisted() {
            "New assisted best!"
        } else {
            "New best!"
        };
        lines.push(Line::styled(beaten, theme.title()));
    }
    lines
}
