//! What the selected table shows: its records as text, what the history says of it, and its
//! plots. Built afresh for each draw and each click from the records and the history's digest:
//! a few lines of text, and plots that borrow the digest.

use ratatui::text::{Line, Span};

use super::HistoryState;
use crate::games::GameId;
use crate::history::digest::series::Series;
use crate::history::digest::{MinesweeperDigest, Tally};
use crate::records::{DailyRecords, ScoreTable};
use crate::ui::theme::Theme;

#[derive(Default)]
pub struct Content<'a> {
    /// Sections of text, in order; each wraps, and goes on in the next column or page when it
    /// does not fit.
    pub texts: Vec<Vec<Line<'a>>>,
    pub plots: Vec<Plot<'a>>,
}

pub enum Plot<'a> {
    /// Minesweeper: the time of each win, the best marked, with the moving average.
    WinTimes(&'a Series),
    /// Minesweeper: how many wins took each span of seconds (times ascending, in ms).
    WinTimeHistogram(&'a [u32]),
    /// Minesweeper: the win rate of each block of games, for a table of `games` games.
    WinRates { rates: &'a [u8], games: usize },
    /// Minesweeper: 3BV per second of each win, with the moving average.
    Speed(&'a Series),
    /// 2048: the score of each game, the best marked, with the moving average.
    Scores(&'a Series),
    /// 2048: how many games ended with each biggest tile.
    Tiles(&'a [(u64, u64)]),
    /// 2048: the moves of the latest games.
    Moves(&'a [u64]),
    /// Tic-tac-toe: wins, draws and losses by opponent, stacked.
    Results(&'a [(String, Tally)]),
}

/// The content of `table`, with what `history` holds of it.
pub fn content<'a>(
    table: &'a ScoreTable,
    history: &'a HistoryState,
    daily: &DailyRecords,
    theme: &Theme,
) -> Content<'a> {
    let mut texts = Vec::new();
    if !table.facts.is_empty() {
        texts.push(facts(table, theme));
    }
    texts.push(ranking(table, theme));
    // The daily challenge is played on these two boards: their tables show its month.
    let daily_board = matches!(
        (table.game, table.key.as_str()),
        (GameId::Minesweeper, "classic") | (GameId::Twenty48, "4x4")
    );
    if daily_board && daily != &DailyRecords::default() {
        texts.push(daily_month(daily, theme));
    }
    let mut plots = Vec::new();
    let note = match history {
        HistoryState::Read(digest) => {
            let games = match table.game {
                GameId::Minesweeper => digest.minesweeper.get(&table.key).map(|d| {
                    texts.push(luck(d, theme));
                    plots.extend([
                        Plot::WinTimes(&d.win_times),
                        Plot::WinTimeHistogram(&d.sorted_times_ms),
                        Plot::WinRates {
                            rates: &d.win_rates,
                            games: d.games,
                        },
                        Plot::Speed(&d.bbbv_per_s),
                    ]);
                    d.games
                }),
                GameId::TicTacToe => digest.tictactoe.get(&table.key).map(|d| {
                    plots.push(Plot::Results(&d.opponents));
                    d.games as usize
                }),
                GameId::Twenty48 => digest.twenty48.get(&table.key).map(|d| {
                    plots.extend([
                        Plot::Scores(&d.scores),
                        Plot::Tiles(&d.tiles),
                        Plot::Moves(&d.recent_moves),
                    ]);
                    d.games
                }),
            }
            .unwrap_or(0);
            // Plots of fewer than two games would show nothing: the screen says so instead.
            (games < 2).then(|| {
                plots.clear();
                format!("Plots need two games of this table in the history; it has {games}.")
            })
        }
        HistoryState::Unread | HistoryState::Reading(_) => {
            Some(format!("Reading the history{}", theme.symbol("…", "...")))
        }
        HistoryState::NotKept => {
            Some("No history is kept without a data folder: there is nothing to plot.".into())
        }
        HistoryState::Failed(error) => Some(format!(
            "The history could not be read ({error}): there is nothing to plot."
        )),
    };
    if let Some(note) = note {
        texts.push(vec![Line::styled(note, theme.dim())]);
    }
    Content { texts, plots }
}

/// The daily challenge's streaks and this month's calendar.
fn daily_month<'a>(daily: &DailyRecords, theme: &Theme) -> Vec<Line<'a>> {
    let today = crate::daily::today();
    let (current, longest) = daily.streaks(today);
    let mut lines = vec![
        Line::styled("Daily challenge", theme.heading()),
        Line::raw(format!(
            "streak {}, longest {}",
            days(current),
            days(longest)
        )),
    ];
    lines.extend(crate::ui::daily::calendar(daily, today, theme));
    lines
}

/// `1 day`, `3 days`.
pub fn days(n: u32) -> String {
    if n == 1 {
        "1 day".to_string()
    } else {
        format!("{n} days")
    }
}

/// Single figures: played, won, best...
fn facts<'a>(table: &'a ScoreTable, theme: &Theme) -> Vec<Line<'a>> {
    table
        .facts
        .iter()
        .map(|(label, value)| {
            Line::from(vec![
                Span::styled(format!("{label:>16} "), theme.dim()),
                Span::raw(value.as_str()),
            ])
        })
        .collect()
}

/// The table's ranked rows under their header, in aligned columns.
fn ranking<'a>(table: &'a ScoreTable, theme: &Theme) -> Vec<Line<'a>> {
    if table.rows.is_empty() {
        return vec![Line::styled("  nothing ranked yet", theme.dim())];
    }
    let (header, rows) = table.aligned();
    let header = Line::styled(header, theme.heading());
    let rows = rows.into_iter().map(Line::raw);
    std::iter::once(header).chain(rows).collect()
}

/// `n` with its noun: `1 loss`, `3 losses`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn percent(rate: Option<f64>) -> String {
    rate.map_or("-".to_string(), |r| format!("{:.0}%", r * 100.0))
}

/// How the Minesweeper losses came about, as the solver saw each at the moment it happened.
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
