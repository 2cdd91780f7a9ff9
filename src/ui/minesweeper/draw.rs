//! Drawing the Minesweeper screen: status line, board window, result panel and footer.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::MinesweeperScreen;
use super::layout::BoardLayout;
use crate::app::App;
use crate::games::GameId;
use crate::games::minesweeper::{CellView, Hint, Pos, Status};
use crate::records::format_time_ms;
use crate::ui::footer;
use crate::ui::question;
use crate::ui::theme::{Palette, Theme};
use crate::ui::{fit_groups, panel};

/// The characters of each kind of cell.
struct Glyphs {
    hidden: &'static str,
    flag: &'static str,
    question: &'static str,
    mine: &'static str,
    exploded: &'static str,
    wrong_flag: &'static str,
}

/// The classic console design's letters.
const ASCII: Glyphs = Glyphs {
    hidden: "*",
    flag: "F",
    question: "?",
    mine: "B",
    exploded: "X",
    wrong_flag: "f",
};

const UNICODE: Glyphs = Glyphs {
    hidden: "■",
    flag: "⚑",
    question: "?",
    mine: "✱",
    exploded: "✱",
    wrong_flag: "✗",
};

/// The colours of the numbers 1 to 8 in 256 colours, on a dark and on a light background, each at
/// 4.5:1 or more. `None`, for 7, is the terminal's own text colour, as the original's 7 is black.
type Numbers = [Option<u8>; 8];

const CLASSIC_ON_DARK: Numbers = [
    Some(33),
    Some(34),
    Some(196),
    Some(135),
    Some(172),
    Some(37),
    None,
    Some(244),
];
/// The original's own colours: blue, green, red, navy, maroon, teal, black, grey.
const CLASSIC_ON_LIGHT: Numbers = [
    Some(21),
    Some(28),
    Some(160),
    Some(18),
    Some(88),
    Some(23),
    None,
    Some(242),
];
/// Okabe and Ito's palette, lightened or darkened to read: blue, bluish green, vermilion, reddish
/// purple, yellow or orange, sky blue, and grey. Every two numbers stay apart under simulated
/// protanopia, deuteranopia and tritanopia (see the test).
const COLORBLIND_ON_DARK: Numbers = [
    Some(69),
    Some(35),
    Some(202),
    Some(212),
    Some(221),
    Some(81),
    None,
    Some(246),
];
const COLORBLIND_ON_LIGHT: Numbers = [
    Some(27),
    Some(29),
    Some(124),
    Some(126),
    Some(130),
    Some(24),
    None,
    Some(240),
];

fn number_color(n: u8, theme: &Theme) -> Color {
    let i = usize::from(n.clamp(1, 8)) - 1;
    match theme.palette {
        Some(Palette::Ansi16) => [
            Color::Blue,
            Color::Green,
            Color::Red,
            Color::Magenta,
            // Named yellow is unreadable on most light backgrounds.
            if theme.light {
                Color::Black
            } else {
                Color::Yellow
            },
            Color::Cyan,
            Color::Reset,
            Color::DarkGray,
        ][i],
        _ => {
            let numbers = match (theme.colorblind, theme.light) {
                (false, false) => CLASSIC_ON_DARK,
                (false, true) => CLASSIC_ON_LIGHT,
                (true, false) => COLORBLIND_ON_DARK,
                (true, true) => COLORBLIND_ON_LIGHT,
            };
            numbers[i].map_or(Color::Reset, Color::Indexed)
        }
    }
}

/// The text and style of one cell.
pub(in crate::ui) fn cell_look(
    view: CellView,
    overflagged: bool,
    theme: &Theme,
) -> (&'static str, Style) {
    let glyphs = if theme.ascii { &ASCII } else { &UNICODE };
    let plain = Style::new();
    match view {
        CellView::Hidden => (glyphs.hidden, theme.dim()),
        CellView::Flagged => (glyphs.flag, theme.bad()),
        CellView::Question => (glyphs.question, theme.key()),
        CellView::Revealed(0) => (" ", plain),
        CellView::Revealed(n) => {
            let digit = ["1", "2", "3", "4", "5", "6", "7", "8"][usize::from(n.clamp(1, 8)) - 1];
            let style = if theme.has_color() {
                plain
                    .fg(number_color(n, theme))
                    .add_modifier(Modifier::BOLD)
            } else {
                plain.add_modifier(Modifier::BOLD)
            };
            let style = if overflagged {
                // Too many flags around: something is wrong here.
                style
                    .add_modifier(Modifier::UNDERLINED)
                    .patch(theme.alert())
            } else {
                style
            };
            (digit, style)
        }
        CellView::Mine => (glyphs.mine, plain.add_modifier(Modifier::BOLD)),
        CellView::ExplodedMine => (
            glyphs.exploded,
            if theme.has_color() {
                let (fg, bg) = match theme.palette {
                    Some(Palette::Ansi16) => (Color::White, Color::Red),
                    _ => (Color::Indexed(231), Color::Indexed(160)),
                };
                plain.fg(fg).bg(bg).add_modifier(Modifier::BOLD)
            } else {
                plain.add_modifier(Modifier::REVERSED | Modifier::BOLD)
            },
        ),
        CellView::WrongFlag => (
            glyphs.wrong_flag,
            theme.bad().add_modifier(Modifier::UNDERLINED),
        ),
    }
}

pub fn render(app: &App, screen: &MinesweeperScreen, area: Rect, buf: &mut Buffer) {
    let theme = &app.theme;
    let layout = screen.layout(area);
    render_status(app, screen, &layout, buf);
    let game = &screen.game;
    let mut frame = panel(format!(" {} ", screen.setup.title()), theme);
    if !layout.shows_everything(game.rows(), game.cols()) {
        let (rows, cols) = (
            (
                layout.origin.row + 1,
                layout.origin.row + layout.shown_rows,
                game.rows(),
            ),
            (
                layout.origin.col + 1,
                layout.origin.col + layout.shown_cols,
                game.cols(),
            ),
        );
        let long = format!(
            " rows {}-{} of {}, columns {}-{} of {} ",
            rows.0, rows.1, rows.2, cols.0, cols.1, cols.2
        );
        let caption = if long.len() + 2 <= layout.frame.width as usize {
            long
        } else {
            format!(
                " {}-{}/{} x {}-{}/{} ",
                rows.0, rows.1, rows.2, cols.0, cols.1, cols.2
            )
        };
        frame = frame.title_bottom(Line::styled(caption, theme.dim()).right_aligned());
    }
    frame.render(layout.frame, buf);
    if screen.is_paused() {
        Paragraph::new("Paused: p resumes")
            .centered()
            .style(theme.title())
            .render(
                layout
                    .cells
                    .centered_vertically(ratatui::layout::Constraint::Length(1)),
                buf,
            );
    } else {
        render_cells(screen, &layout, theme, buf);
    }
    if let Some(side) = layout.side {
        Paragraph::new(result_lines(app, screen))
            .block(panel(" Result ", theme))
            .wrap(Wrap { trim: true })
            .render(side, buf);
    }
    footer::render(&footer(screen), theme, layout.footer, buf);
    if let Some(asked) = screen.question {
        question::render(asked, GameId::Minesweeper, area, theme, buf);
    }
}

fn render_cells(screen: &MinesweeperScreen, layout: &BoardLayout, theme: &Theme, buf: &mut Buffer) {
    let game = &screen.game;
    let show_cursor = !game.status().is_over() || layout.side.is_none();
    for row in 0..layout.shown_rows {
        for col in 0..layout.shown_cols {
            let pos = Pos::new(layout.origin.row + row, layout.origin.col + col);
            let Some(rect) = layout.cell_rect(pos) else {
                continue;
            };
            let (glyph, mut style) = cell_look(game.cell(pos), game.is_overflagged(pos), theme);
            // A hinted cell, or one the post-mortem proves safe, stands out in the solver's colours.
            let proven_safe = screen
                .post_mortem
                .as_ref()
                .is_some_and(|pm| pm.safe.contains(&pos))
                || screen.hint == Some(Hint::Safe(pos));
            if proven_safe {
                style = style.patch(theme.good()).add_modifier(Modifier::REVERSED);
            } else if screen.hint == Some(Hint::Mine(pos)) {
                style = style.patch(theme.bad()).add_modifier(Modifier::REVERSED);
            } else if pos == screen.cursor && show_cursor {
                style = style.add_modifier(Modifier::REVERSED);
            }
            // The glyph sits in the middle column of a three-column cell, on the left of a narrow one.
            let pad = (rect.width - 1) / 2;
            for dx in 0..rect.width {
                if let Some(cell) = buf.cell_mut(Position::new(rect.x + dx, rect.y)) {
                    cell.set_symbol(if dx == pad { glyph } else { " " });
                    cell.set_style(style);
                }
            }
        }
    }
}

fn render_status(app: &App, screen: &MinesweeperScreen, layout: &BoardLayout, buf: &mut Buffer) {
    let theme = &app.theme;
    let game = &screen.game;
    let elapsed = screen.elapsed(app.now);
    let mut groups = vec![
        vec![
            Span::styled(format!("{} ", game.mines_unflagged()), theme.title()),
            Span::raw("mines unflagged"),
        ],
        // Plain, so that the ten updates a second cost a cursor move and a digit each.
        vec![Span::raw(format!(" {}", clock_text(elapsed)))],
    ];
    let safe_left = game.safe_cells_left();
    if game.status() == Status::Playing && safe_left <= 9 {
        let plural = if safe_left == 1 { "" } else { "s" };
        groups.push(vec![Span::styled(
            format!(" {safe_left} safe cell{plural} left"),
            theme.good(),
        )]);
    }
    if let Some(message) = solver_message(screen) {
        groups.push(vec![Span::styled(format!(" {message}"), theme.key())]);
    }
    let mut lines = vec![fit_groups(groups, layout.status.width as usize).centered()];
    if game.status().is_over() && layout.side.is_none() {
        lines.insert(0, Line::from(result_summary(screen, elapsed)).centered());
    }
    Paragraph::new(lines).render(layout.status, buf);
}

/// What the solver has to say: the hint, the post-mortem, or a no-guess board that fell back.
fn solver_message(screen: &MinesweeperScreen) -> Option<String> {
    let at = |pos: Pos| format!("row {}, column {}", pos.row + 1, pos.col + 1);
    if let Some(refused) = &screen.refused {
        return Some(refused.clone());
    }
    if let Some(post_mortem) = &screen.post_mortem {
        return Some(match post_mortem.safe.len() {
            0 => "no cell was provably safe: the loss was a forced guess".to_string(),
            1 => "1 cell was provably safe (marked)".to_string(),
            n => format!("{n} cells were provably safe (marked)"),
        });
    }
    match screen.hint {
        Some(Hint::Safe(pos)) => Some(format!("hint: {} is safe", at(pos))),
        Some(Hint::Mine(pos)) => Some(format!("hint: {} is a mine: flag it", at(pos))),
        Some(Hint::NoSafeMove) => Some("no safe move: any guess is a guess".to_string()),
        None if screen.game.fell_back() && !screen.game.status().is_over() => {
            Some("no no-guess board was found in time: this one is ordinary".to_string())
        }
        None => None,
    }
}

/// The clock in the records' format, so a time reads the same while playing and in the tables.
fn clock_text(elapsed: Duration) -> String {
    format_time_ms(elapsed.as_millis() as u64)
}

struct Figures {
    won: bool,
    time_ms: u64,
    bbbv: usize,
    bbbv_per_s: f64,
    clicks: usize,
    efficiency: Option<f64>,
    no_flags: bool,
}

fn figures(screen: &MinesweeperScreen, elapsed: Duration) -> Figures {
    let game = &screen.game;
    let time_ms = elapsed.as_millis() as u64;
    let bbbv = game.bbbv().unwrap_or(0);
    Figures {
        won: game.status() == Status::Won,
        time_ms,
        bbbv,
        bbbv_per_s: super::bbbv_per_second(bbbv, time_ms),
        clicks: game.clicks(),
        efficiency: (game.clicks() > 0).then(|| bbbv as f64 / game.clicks() as f64),
        no_flags: !game.used_flags(),
    }
}

/// One line for narrow terminals.
fn result_summary(screen: &MinesweeperScreen, elapsed: Duration) -> String {
    let f = figures(screen, elapsed);
    if !f.won {
        return format!(
            "Boom. Lost after {}  3BV {}  clicks {}",
            format_time_ms(f.time_ms),
            f.bbbv,
            f.clicks
        );
    }
    let mut text = format!(
        "Won in {}  3BV {}  3BV/s {:.2}  clicks {}  efficiency {}",
        format_time_ms(f.time_ms),
        f.bbbv,
        f.bbbv_per_s,
        f.clicks,
        efficiency_text(f.efficiency),
    );
    if f.no_flags {
        text.push_str("  no flags");
    }
    if let Some(table) = &screen.new_best {
        text.push_str(&format!("  new best for {table}!"));
    }
    text
}

fn result_lines(app: &App, screen: &MinesweeperScreen) -> Vec<Line<'static>> {
    let theme = &app.theme;
    let f = figures(screen, screen.elapsed(app.now));
    let row = |label: &str, value: String| {
        Line::from(vec![
            Span::styled(format!("{label:<11}"), theme.dim()),
            Span::raw(value),
        ])
    };
    let mut lines = vec![
        if f.won {
            Line::styled("You won!", theme.good())
        } else {
            Line::styled("Boom. You hit a mine.", theme.bad())
        },
        Line::raw(""),
        row("time", format_time_ms(f.time_ms)),
        row("3BV", f.bbbv.to_string()),
    ];
    // Speed and efficiency measure a cleared board; after a loss they would mislead.
    if f.won {
        lines.push(row("3BV/s", format!("{:.2}", f.bbbv_per_s)));
    }
    lines.push(row("clicks", f.clicks.to_string()));
    if f.won {
        lines.push(row("efficiency", efficiency_text(f.efficiency)));
        lines.push(row(
            "no flags",
            if f.no_flags { "yes" } else { "no" }.to_string(),
        ));
    }
    if let Some(table) = &screen.new_best {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            format!("New best for {table}!"),
            theme.title(),
        ));
    }
    lines
}

fn efficiency_text(efficiency: Option<f64>) -> String {
    efficiency.map_or("-".into(), |e| format!("{:.0}%", e * 100.0))
}

fn footer(screen: &MinesweeperScreen) -> Vec<footer::Hint> {
    if screen.game.status() == Status::Lost {
        return vec![
            ("n", "new"),
            ("t", "post-mortem"),
            ("o", "options"),
            ("Esc", "back"),
            ("?", "help"),
        ];
    }
    if screen.game.status().is_over() {
        return vec![
            ("n", "new"),
            ("o", "options"),
            ("Esc", "back"),
            ("?", "help"),
        ];
    }
    if screen.is_paused() {
        return vec![("p", "resume"), ("Esc", "back"), ("?", "help")];
    }
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
