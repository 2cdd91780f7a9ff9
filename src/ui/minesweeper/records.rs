//! What the records screen shows of a Minesweeper table from the history: how the losses came
//! about, and plots of the wins' times, their spread, the win rate and 3BV/s.

use ratatui::text::{Line, Span};

use crate::history::digest::Digest;
use crate::play::minesweeper::GAME;
use crate::play::minesweeper::facts::MinesweeperDigest;
use crate::records::{ScoreTable, format_time_ms};
use crate::ui::plots::{Best, Page, Plot, seconds_label};
use crate::ui::theme::Theme;

pub fn page<'a>(table: &'a ScoreTable, digest: &'a Digest, theme: &Theme) -> Page<'a> {
    let Some(d) = digest.table::<MinesweeperDigest>(GAME, &table.key) else {
        return Page::default();
    };
    let seconds = |s: f64| format_time_ms((s * 1000.0).round() as u64);
    Page {
        texts: vec![luck(d, theme)],
        plots: vec![
            Plot::Series {
                title: "Time of each win",
                each: "a win",
                series: &d.win_times,
                best: Best::Lowest,
                label: seconds,
            },
            Plot::Spans {
                title: "Wins by time",
                legend: "wins from each mark (seconds) to the next; the last bar holds the slower",
                each: "wins",
                sorted: &d.sorted_times_ms,
                label: seconds_label,
            },
            Plot::WinRates {
                rates: &d.win_rates,
                games: d.games,
            },
            Plot::Series {
                title: "3BV per second of each win",
                each: "a win",
                series: &d.bbbv_per_s,
                best: Best::Highest,
                label: |rate| format!("{rate:.2}"),
            },
        ],
        games: d.games,
    }
}

/// `n` with its noun: `1 loss`, `3 losses`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn percent(rate: Option<f64>) -> String {
    rate.map_or("-".to_string(), |r| format!("{:.0}%", r * 100.0))
}

/// How the losses came about, as the solver saw each at the moment it happened.
fn luck<'a>(d: &'a MinesweeperDigest, theme: &Theme) -> Vec<Line<'a>> {
    let was = |n: usize| if n == 1 { "was" } else { "were" };
    let mut lines = vec![Line::styled("Luck and skill", theme.heading())];
    let losses = d.losses();
    lines.push(Line::raw(if losses == 0 {
        "No game of this table was lost on a mine.".to_string()
    } else {
        let mut text = format!(
            "Of {}, {} {} and {} {}.",
            count(losses, "loss", "losses"),
            d.forced_guesses,
            if d.forced_guesses == 1 {
                "was a forced guess"
            } else {
                "were forced guesses"
            },
            d.mistakes,
            if d.mistakes == 1 {
                "was a mistake"
            } else {
                "were mistakes"
            },
        );
        if d.unexamined > 0 {
            text.push_str(&format!(
                " {} {} lost before losses were examined.",
                d.unexamined,
                was(d.unexamined)
            ));
        }
        text
    }));
    if d.abandoned > 0 {
        lines.push(Line::raw(format!(
            "{} {} given up.",
            count(d.abandoned, "game", "games"),
            was(d.abandoned)
        )));
    }
    lines.push(Line::raw(format!(
        "Win rate {}; leaving out forced guesses, {}.",
        percent(d.win_rate()),
        percent(d.win_rate_without_forced_guesses())
    )));
    if !d.latest_mistakes.is_empty() {
        lines.push(Line::styled("Latest mistakes", theme.dim()));
        lines.extend(d.latest_mistakes.iter().map(|m| {
            Line::from(vec![
                Span::raw(format!("  {}  game ", m.date)),
                Span::styled(m.id.as_str(), theme.key()),
            ])
        }));
    }
    lines
}
