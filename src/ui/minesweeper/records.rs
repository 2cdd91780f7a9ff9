//! What the records screen shows of a Minesweeper table from the history: how the losses came
//! about, and plots of the wins' times, their spread, the win rate and 3BV/s.

use ratatui::text::{Line, Span};

use crate::history::digest::Digest;
use crate::play::minesweeper::GAME;
use crate::play::minesweeper::digest::MinesweeperDigest;
use crate::records::{ScoreTable, format_time_ms};
use crate::ui::plots::{Best, Page, Plot, seconds_label};
use crate::ui::theme::Theme;

pub fn page<'a>(table: &'a ScoreTable, digest: &'a Digest, theme: &Theme) -> Page<'a> {
    let Some(d) = digest.table::<MinesweeperDigest>(GAME, &table.key) else {
        return Page::default();
    };
    let seconds = |s: f64| format_time_ms((s * 1000.0).round() as u64);
    Page {
        texts: [luck(d, theme), mistakes(d, theme)]
            .into_iter()
            .filter(|lines| !lines.is_empty())
            .collect(),
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

/// How the losses came about, as the solver saw each at the moment it happened.
fn luck<'a>(d: &'a MinesweeperDigest, theme: &Theme) -> Vec<Line<'a>> {
    let mut lines = vec![Line::styled("Luck and skill", theme.heading())];
    lines.extend(d.luck().into_iter().map(Line::raw));
    lines
}

/// The latest games lost to a mistake, in a section of their own so that the heading and the
/// list start on the same page.
fn mistakes<'a>(d: &'a MinesweeperDigest, theme: &Theme) -> Vec<Line<'a>> {
    if d.latest_mistakes.is_empty() {
        return Vec::new();
    }
    let heading = Line::styled("Latest mistakes (watch them: Enter, f)", theme.dim());
    let games = d.latest_mistakes.iter().map(|m| {
        Line::from(vec![
            Span::raw(format!("  {}  game ", m.date)),
            Span::styled(m.id.as_str(), theme.key()),
        ])
    });
    std::iter::once(heading).chain(games).collect()
}
