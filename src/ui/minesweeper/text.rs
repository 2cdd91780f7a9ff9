//! The words around the board: the status above it (counters while playing, the result once the
//! game is over and no panel beside the board holds it), the message in the board's bottom
//! border (or in the status where the border is too short for it), and the result panel. The
//! layout counts their rows with the same functions that drawing styles them with.

use std::time::Duration;

use ratatui::text::{Line, Span};

use super::layout::Across;
use crate::games::minesweeper::odds::{Choice, Why};
use crate::games::minesweeper::{Hint, Pos, Status};
use crate::play::minesweeper::Session;
use crate::play::minesweeper::chance::percent;
use crate::play::minesweeper::rates::Rates;
use crate::play::minesweeper::verdict::Verdict;
use crate::records::format_time_ms;
use crate::ui::status::{self, Part};
use crate::ui::theme::Theme;

/// The clock's slot: enough for 27 hours.
const CLOCK_RESERVE: &str = "99999.9 s";
/// The safe-cells-left slot, kept while it is empty so that nothing moves when it appears.
const SAFE_LEFT_RESERVE: &str = "9 safe cells left";

/// The status above the board and the message in its bottom border.
pub struct Around<'a> {
    pub status: Vec<Part<'a>>,
    pub border: Option<Span<'a>>,
}

/// What goes above the board and in its border, for a board placed as `across` says, with the
/// cursor at `cursor`.
pub fn around<'a>(
    session: &Session,
    cursor: Pos,
    elapsed: Duration,
    theme: &Theme,
    across: Across,
) -> Around<'a> {
    let ended = session.game.status().is_over();
    let status = if ended && !across.side {
        summary(session, elapsed, theme)
    } else {
        counters(session, elapsed, theme)
    };
    // Beside the board, the panel tells of a new best and the verdict itself.
    let message = message(session, cursor, theme, !across.side);
    // The message's longest form that is whole in the board's border (which keeps a corner and
    // a rule on each side of it) or above the board with a row of cells still in view goes
    // there, the border first; where none is, the shortest goes above.
    let fits_border = |span: &Span| span.width() + 4 <= usize::from(across.frame_width);
    // Above the board, an empty slot kept so that the safe cells left never move the board
    // would only take a row from a small board: the message moves it anyway.
    let mut above = status.clone();
    above.retain(|part| !part.is_blank());
    let fits_above = |span: &Span| {
        let mut parts = above.clone();
        parts.push(Part::fitted(vec![span.clone()]));
        status::height(&parts, across.width) <= across.rows
    };
    let chosen = message
        .iter()
        .position(|span| fits_border(span) || fits_above(span))
        .unwrap_or(message.len().saturating_sub(1));
    match message.into_iter().nth(chosen) {
        Some(span) if !fits_border(&span) => {
            above.push(Part::fitted(vec![span]));
            Around {
                status: above,
                border: None,
            }
        }
        border => Around { status, border },
    }
}

/// Rows the status takes at `width` columns, for a board placed as `across` says.
pub fn status_height(session: &Session, cursor: Pos, across: Across) -> u16 {
    let around = around(
        session,
        cursor,
        session.final_elapsed(),
        &Theme::mono(),
        across,
    );
    status::height(&around.status, across.width)
}

/// Mines left to flag, the clock, and safe cells left near the end, each in a slot of its own.
fn counters<'a>(session: &Session, elapsed: Duration, theme: &Theme) -> Vec<Part<'a>> {
    let game = &session.game;
    // The count is right-aligned in the room of the board's mines, so its words never move.
    let digits = game.mines().to_string().len();
    let mines = Part::fitted(vec![
        Span::styled(
            format!("{:>digits$} ", game.mines_unflagged()),
            theme.title(),
        ),
        Span::raw("mines unflagged"),
    ]);
    // Plain, so that the ten updates a second cost a cursor move and a digit each.
    let clock = Part::new(vec![Span::raw(clock_text(elapsed))], CLOCK_RESERVE.len());
    let safe_left = game.safe_cells_left();
    let safe = if game.status() == Status::Playing && safe_left <= 9 {
        let plural = if safe_left == 1 { "" } else { "s" };
        Part::new(
            vec![Span::styled(
                format!("{safe_left} safe cell{plural} left"),
                theme.good(),
            )],
            SAFE_LEFT_RESERVE.len(),
        )
    } else {
        Part::blank(SAFE_LEFT_RESERVE.len())
    };
    vec![mines, clock, safe]
}

/// What the computer has to say (the hint, the verdict on a loss and the post-mortem, the odds
/// under the cursor, a no-guess board that fell back), or a new best time: the forms of one
/// message, longest first. `alone` says no panel beside the board tells the verdict and the new
/// best.
fn message<'a>(session: &Session, cursor: Pos, theme: &Theme, alone: bool) -> Vec<Span<'a>> {
    let lost = session.verdict.filter(|_| alone);
    let forms: Vec<String> = if let Some(note) = &session.note {
        // A note makes its point before its colon: where the whole does not fit, the point does.
        let point = note.split_once(':').map(|(point, _)| point.to_string());
        [note.clone()].into_iter().chain(point).collect()
    } else if session.post_mortem.is_some() || lost.is_some() {
        loss_message(session, lost)
    } else if let Some(hint) = session.hint {
        hint_text(session, hint)
    } else if session.autoplaying() {
        vec![
            "the computer plays: any key stops it".to_string(),
            "any key stops autoplay".to_string(),
        ]
    } else if session.odds_shown && !session.game.status().is_over() {
        odds_text(session, cursor)
    } else if session.game.fell_back() && !session.game.status().is_over() {
        vec![
            "no no-guess board was found in time: this one is ordinary".to_string(),
            "an ordinary board: guesses may be needed".to_string(),
            "an ordinary board".to_string(),
        ]
    } else {
        Vec::new()
    };
    if !forms.is_empty() {
        return forms
            .into_iter()
            .map(|text| Span::styled(text, theme.key()))
            .collect();
    }
    (session.new_best.as_ref().filter(|_| alone))
        .map(|table| Span::styled(format!("New best for {table}!"), theme.title()))
        .into_iter()
        .collect()
}

/// After a loss: the `verdict` (where no panel beside the board says it) and, while the
/// post-mortem shows, the cells it marks; longest form first.
fn loss_message(session: &Session, verdict: Option<Verdict>) -> Vec<String> {
    let safe = session.post_mortem.as_ref().map(|seen| seen.safe.len());
    let marked = match (safe, verdict) {
        (None, _) => String::new(),
        // The verdict counts them already.
        (Some(_), Some(Verdict::SafeCells(_))) => " (marked)".to_string(),
        (Some(0), Some(_)) => String::new(),
        (Some(0), None) => "no cell was provably safe".to_string(),
        (Some(1), verdict) => format!("{}1 cell was provably safe (marked)", joint(verdict)),
        (Some(n), verdict) => format!("{}{n} cells were provably safe (marked)", joint(verdict)),
    };
    let mut forms = match verdict {
        Some(verdict) => vec![
            format!("{}{marked}", verdict.text()),
            format!("{}{marked}", verdict.short_text()),
        ],
        None => vec![marked],
    };
    // Where room is least: the marks alone while they show (the verdict was said before them),
    // else the verdict in brief.
    forms.extend(match safe {
        Some(1) => Some("1 safe cell marked".to_string()),
        Some(n @ 2..) => Some(format!("{n} safe cells marked")),
        _ => verdict.map(Verdict::brief),
    });
    forms
}

/// What joins a verdict to what follows it.
fn joint(verdict: Option<Verdict>) -> &'static str {
    if verdict.is_some() { "; " } else { "" }
}

/// The chance of a mine under the cursor's cell, while the odds show; longest form first.
fn odds_text(session: &Session, cursor: Pos) -> Vec<String> {
    let Some(odds) = session.shown_odds() else {
        return vec!["working out the chances".to_string()];
    };
    let index = cursor.row * session.game.cols() + cursor.col;
    match odds.mine.get(index).copied().flatten() {
        Some(chance) => {
            let [long, about] = estimated(odds.exact);
            vec![
                format!("{}: {} mine{long}", at(cursor), percent(chance)),
                format!("{}: {about}{} mine", at_short(cursor), percent(chance)),
            ]
        }
        None => vec![
            "chances of a mine shown: v hides them".to_string(),
            "v hides the chances".to_string(),
        ],
    }
}

/// What marks a chance that is not exact, as a part of the board was too large to count: said
/// after the long form, and `~` before the chance in the short one.
fn estimated(exact: bool) -> [&'static str; 2] {
    if exact {
        ["", ""]
    } else {
        [" (estimated)", "~"]
    }
}

/// `row 5, column 12`, as players count.
fn at(pos: Pos) -> String {
    format!("row {}, column {}", pos.row + 1, pos.col + 1)
}

/// `row 5 col 12`: the same where room is short.
fn at_short(pos: Pos) -> String {
    format!("row {} col {}", pos.row + 1, pos.col + 1)
}

/// What a hint says, longest form first; where no cell is provably safe, the best guess once
/// the computer has it.
fn hint_text(session: &Session, hint: Hint) -> Vec<String> {
    let safe = |pos: Pos| {
        vec![
            format!("hint: {} is safe", at(pos)),
            format!("{} is safe", at_short(pos)),
        ]
    };
    match hint {
        Hint::Safe(pos) => safe(pos),
        Hint::Mine(pos) => vec![
            format!("hint: {} is a mine: flag it", at(pos)),
            format!("{} is a mine", at_short(pos)),
        ],
        Hint::NoSafeMove => match session.best_guess {
            Some(Choice {
                row,
                col,
                why: Why::Guess { mine, exact, .. },
            }) => {
                let (pos, [long, about]) = (Pos::new(row, col), estimated(exact));
                let chance = percent(mine);
                vec![
                    format!("no safe cell: best guess {}, {chance} mine{long}", at(pos)),
                    format!("guess {}: {about}{chance} mine", at_short(pos)),
                ]
            }
            Some(Choice { row, col, .. }) => safe(Pos::new(row, col)),
            None => vec![
                "no safe cell: working out the best guess".to_string(),
                "working out a guess".to_string(),
            ],
        },
    }
}

/// The game's code, once the first reveal has made the board.
pub fn code(session: &Session) -> Option<String> {
    session.game.first_reveal().map(|_| session.code().encode())
}

/// The clock in the records' format, so a time reads the same while playing and in the tables.
fn clock_text(elapsed: Duration) -> String {
    format_time_ms(elapsed.as_millis() as u64)
}

struct Figures {
    time_ms: u64,
    bbbv: usize,
    clicks: usize,
    /// A win's speed and efficiency; after a loss they would mislead.
    rates: Option<Rates>,
    no_flags: bool,
}

fn figures(session: &Session, elapsed: Duration) -> Figures {
    let game = &session.game;
    let time_ms = elapsed.as_millis() as u64;
    Figures {
        time_ms,
        bbbv: game.bbbv().unwrap_or(0),
        clicks: game.clicks(),
        rates: session.rates(time_ms),
        no_flags: !game.used_flags(),
    }
}

/// The result in the status, where no panel beside the board holds it: one part per figure.
fn summary<'a>(session: &Session, elapsed: Duration, theme: &Theme) -> Vec<Part<'a>> {
    let f = figures(session, elapsed);
    let figure = |label: &str, value: String| {
        Part::fitted(vec![
            Span::styled(format!("{label} "), theme.dim()),
            Span::raw(value),
        ])
    };
    if let Some(rates) = f.rates {
        let mut parts = vec![
            Part::text(
                format!("Won in {}", format_time_ms(f.time_ms)),
                theme.good(),
            ),
            figure("3BV", f.bbbv.to_string()),
            figure("3BV/s", rates.bbbv_per_s_text()),
            figure("clicks", f.clicks.to_string()),
            figure("efficiency", rates.efficiency_text()),
        ];
        if f.no_flags {
            parts.push(Part::text("no flags", theme.dim()));
        }
        parts
    } else {
        vec![
            Part::text(
                format!("Boom. Lost after {}", format_time_ms(f.time_ms)),
                theme.bad(),
            ),
            figure("3BV", f.bbbv.to_string()),
            figure("clicks", f.clicks.to_string()),
        ]
    }
}

/// The result panel's lines.
pub fn result_lines<'a>(session: &Session, elapsed: Duration, theme: &Theme) -> Vec<Line<'a>> {
    let f = figures(session, elapsed);
    let row = |label: &str, value: String| {
        Line::from(vec![
            Span::styled(format!("{label:<11}"), theme.dim()),
            Span::raw(value),
        ])
    };
    let mut lines = vec![if f.rates.is_some() {
        Line::styled("You won!", theme.good())
    } else {
        Line::styled("Boom. You hit a mine.", theme.bad())
    }];
    if let Some(verdict) = session.verdict {
        lines.extend(status::wrap(
            &[Span::styled(verdict.text(), theme.alert())],
            usize::from(super::layout::SIDE_PANEL_WIDTH - 2),
        ));
    }
    lines.extend([
        Line::raw(""),
        row("time", format_time_ms(f.time_ms)),
        row("3BV", f.bbbv.to_string()),
    ]);
    if let Some(rates) = f.rates {
        lines.push(row("3BV/s", rates.bbbv_per_s_text()));
    }
    lines.push(row("clicks", f.clicks.to_string()));
    if let Some(rates) = f.rates {
        lines.push(row("efficiency", rates.efficiency_text()));
        lines.push(row(
            "no flags",
            if f.no_flags { "yes" } else { "no" }.to_string(),
        ));
    }
    if let Some(code) = code(session) {
        lines.push(row("code", code));
    }
    if let Some(table) = &session.new_best {
        lines.push(Line::raw(""));
        lines.extend(status::wrap(
            &[Span::styled(
                format!("New best for {table}!"),
                theme.title(),
            )],
            usize::from(super::layout::SIDE_PANEL_WIDTH - 2),
        ));
    }
    lines
}
