//! The daily challenge's records: per day, the result of the attempt that counts (the first one
//! recorded that day), under `[records.daily.<game>]` keyed by the date, in the fields the game
//! chooses: `2026-12-01 = { won = true, time_ms = 84300 }`, with the best of the day's retries
//! beside it in the same fields, `best_retry = { won = true, time_ms = 41200 }`, shown apart and
//! never counted. A day played with the computer's help says so (`helped = true`); a retry with
//! help is never kept as the best retry, which is the player's own. Each game with a daily
//! challenge reads its own days; the streaks, the month's calendar and the share line follow
//! from all of them.

use std::collections::{BTreeMap, BTreeSet};

use toml_edit::{InlineTable, Item};

use super::fields::{Fields, sub_tables_of};
use crate::games::GameId;
use crate::store::{Better, Change, Op};
use crate::timestamp::Date;

/// What a day's counted attempt of one game was, as the daily screen and the share line say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayResult {
    /// The board cleared, the tile made.
    pub won: bool,
    /// On the daily screen: `won in 1:24.30`, `23540 points, 2048 tile`.
    pub result: String,
    /// In the share line: `1:24.30`, `23,540 (2048 tile)`.
    pub share: String,
    /// The best retry of the day, as `result` says it: `won in 41.20 s`.
    pub best_retry: Option<String>,
}

impl DayResult {
    /// Says that the computer helped (a hint, the odds or autoplay), on the daily screen and in
    /// the share line alike, so that no helped result passes for the player's own.
    pub fn helped(self, helped: bool) -> DayResult {
        if !helped {
            return self;
        }
        DayResult {
            result: format!("{} {HELPED}", self.result),
            share: format!("{} {HELPED}", self.share),
            ..self
        }
    }
}

/// What a helped day's result says after it.
const HELPED: &str = "with help";

/// How a day of the calendar went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Day {
    NotPlayed,
    Played,
    /// A game of the day won.
    Won,
}

/// The days of every daily game, in the order of the list of games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Daily {
    games: Vec<(GameId, &'static str, BTreeMap<Date, DayResult>)>,
}

impl Daily {
    /// Adds the days of `game`, named `title` in the share line.
    pub fn push(&mut self, game: GameId, title: &'static str, days: BTreeMap<Date, DayResult>) {
        self.games.push((game, title, days));
    }

    /// The counted result of `game`'s daily of `date`.
    pub fn result(&self, game: GameId, date: Date) -> Option<&DayResult> {
        let (_, _, days) = self.games.iter().find(|(g, _, _)| *g == game)?;
        days.get(&date)
    }

    /// Whether `game`'s daily of `date` has a counted result: a new attempt is a retry.
    pub fn has(&self, game: GameId, date: Date) -> bool {
        self.result(game, date).is_some()
    }

    /// These days with `result` as `game`'s of `date`, unless the day has one: a game that ends
    /// but is recorded only once the player moves on.
    pub fn with(mut self, game: GameId, date: Date, result: DayResult) -> Daily {
        if let Some((_, _, days)) = self.games.iter_mut().find(|(g, _, _)| *g == game) {
            days.entry(date).or_insert(result);
        }
        self
    }

    /// Whether any day was played.
    pub fn is_empty(&self) -> bool {
        self.games.iter().all(|(_, _, days)| days.is_empty())
    }

    pub fn day(&self, date: Date) -> Day {
        let results = self.games.iter().filter_map(|(_, _, days)| days.get(&date));
        let mut day = Day::NotPlayed;
        for result in results {
            if result.won {
                return Day::Won;
            }
            day = Day::Played;
        }
        day
    }

    fn played(&self) -> BTreeSet<Date> {
        self.games
            .iter()
            .flat_map(|(_, _, days)| days.keys())
            .copied()
            .collect()
    }

    /// Days played in a row: the run that ends `today` (or yesterday, while today is still
    /// open), and the longest run ever.
    pub fn streaks(&self, today: Date) -> (u32, u32) {
        let played = self.played();
        let (mut longest, mut run, mut last): (u32, u32, Option<Date>) = (0, 0, None);
        for &date in &played {
            run = match last {
                Some(before) if before.add_days(1) == date => run + 1,
                _ => 1,
            };
            longest = longest.max(run);
            last = Some(date);
        }
        let current = match last {
            Some(date) if date == today || date.add_days(1) == today => run,
            _ => 0,
        };
        (current, longest)
    }

    /// One line of plain text that sums up a day's results, to share:
    /// `grid-arcade daily 2026-12-01  Minesweeper 1:24.30  2048 23,540 (2048 tile)`.
    pub fn share_line(&self, date: Date) -> String {
        let mut line = format!("grid-arcade daily {date}");
        for (_, title, days) in &self.games {
            let share = days
                .get(&date)
                .map_or("not played", |day| day.share.as_str());
            line.push_str(&format!("  {title} {share}"));
        }
        line
    }
}

/// The counted days of `game` in `records.daily` and the best retries of the days that have one,
/// each read by `read`; entries that are damaged are left out with a notice.
pub fn decode_days<T>(
    records: Option<&Item>,
    game: GameId,
    notices: &mut Vec<String>,
    read: impl Fn(&mut Fields) -> T,
) -> (BTreeMap<Date, T>, BTreeMap<Date, T>) {
    let at = format!("records.daily.{}", game.key());
    let item = records
        .and_then(|r| r.get("daily"))
        .and_then(|d| d.get(game.key()));
    let (mut days, mut retries) = (BTreeMap::new(), BTreeMap::new());
    for (key, table) in sub_tables_of(item, &at, notices) {
        let Ok(date) = key.parse::<Date>() else {
            notices.push(format!("{at}.{key} is not a date; it was left out"));
            continue;
        };
        let mut fields = Fields::new(table, format!("{at}.{key}"), notices);
        days.insert(date, read(&mut fields));
        if let Some(mut retry) = fields.table(BEST_RETRY) {
            retries.insert(date, read(&mut retry));
        }
    }
    (days, retries)
}

/// The key of a day's best retry.
const BEST_RETRY: &str = "best_retry";

/// The results of `days`, each with its best retry's of `retries`, said by `result`.
pub fn with_retries<T>(
    days: &BTreeMap<Date, T>,
    retries: &BTreeMap<Date, T>,
    result: impl Fn(&T) -> DayResult,
) -> BTreeMap<Date, DayResult> {
    (days.iter())
        .map(|(date, day)| {
            let best_retry = retries.get(date).map(|retry| result(retry).result);
            (
                *date,
                DayResult {
                    best_retry,
                    ..result(day)
                },
            )
        })
        .collect()
}

/// The days of `days` as JSON, as the file keeps them: each day's fields, with its best retry
/// beside them under `best_retry`.
pub fn days_json<T: serde::Serialize>(
    days: &BTreeMap<Date, T>,
    retries: &BTreeMap<Date, T>,
) -> Option<serde_json::Value> {
    let mut json = serde_json::Map::new();
    for (date, day) in days {
        let mut value = serde_json::to_value(day).ok()?;
        if let (Some(fields), Some(retry)) = (value.as_object_mut(), retries.get(date)) {
            fields.insert(BEST_RETRY.to_string(), serde_json::to_value(retry).ok()?);
        }
        json.insert(date.to_string(), value);
    }
    Some(json.into())
}

/// The change that keeps `entry`, the result of an attempt at `game`'s daily of `date`: the
/// first attempt of the day counts, unless the day has one already; a `retry` is kept apart
/// when it is the day's best by `best` (a key and which way is better; `None` when it is never
/// kept). A helped game says so, and is never the best retry. A first attempt that finds the day
/// recorded when it is saved (another copy of the program finished it first) is a retry.
pub fn day_change(
    game: GameId,
    date: Date,
    retry: bool,
    mut entry: InlineTable,
    helped: bool,
    best: Option<(&str, Better)>,
) -> Option<Change> {
    if helped {
        entry.insert(HELPED_KEY, true.into());
    }
    let best = best
        .filter(|_| !helped)
        .map(|(key, better)| (key.to_string(), better));
    match (retry, best) {
        (false, Some((key, better))) => {
            let under = BEST_RETRY.to_string();
            let keep = Op::KeepOrBest {
                entry,
                under,
                key,
                better,
            };
            Some(at(game, date, &[], keep))
        }
        (false, None) => Some(at(game, date, &[], Op::Keep(entry.into()))),
        (true, Some((key, better))) => {
            let best = Op::Best { entry, key, better };
            Some(at(game, date, &[BEST_RETRY], best))
        }
        (true, None) => None,
    }
}

/// The key of a helped day's mark.
pub const HELPED_KEY: &str = "helped";

/// `op` on `game`'s daily of `date`, or on the value at `under` in it.
fn at(game: GameId, date: Date, under: &[&str], op: Op) -> Change {
    let date = date.to_string();
    let path = [&["records", "daily", game.key(), &date][..], under].concat();
    Change::new(&path, op)
}

/// TOML integers are signed 64-bit.
pub fn clamp(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// `23,540`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::change::apply;

    fn date(text: &str) -> Date {
        text.parse().unwrap()
    }

    const DICE: GameId = GameId::new("dice");
    const CARDS: GameId = GameId::new("cards");

    fn result(won: bool, share: &str) -> DayResult {
        DayResult {
            won,
            result: String::new(),
            share: share.to_string(),
            best_retry: None,
        }
    }

    type Days = BTreeMap<Date, (bool, u64)>;

    /// Dice days read from the file, and their best retries: won or not, and the points.
    fn decoded(doc: &toml_edit::DocumentMut) -> (Days, Days, Vec<String>) {
        let mut notices = Vec::new();
        let (days, retries) = decode_days(doc.get("records"), DICE, &mut notices, |fields| {
            (fields.flag("won"), fields.count("points"))
        });
        (days, retries, notices)
    }

    fn dice(won: bool, points: u64) -> InlineTable {
        let mut entry = InlineTable::new();
        entry.insert("won", won.into());
        entry.insert("points", clamp(points).into());
        entry
    }

    #[test]
    fn the_first_result_of_a_day_is_the_one_kept() {
        let mut doc = toml_edit::DocumentMut::new();
        let day = date("2026-12-01");
        for (won, points) in [(false, 5), (true, 9)] {
            let change = day_change(DICE, day, false, dice(won, points), false, None);
            apply(doc.as_table_mut(), &change.expect("kept"));
        }
        let (days, retries, notices) = decoded(&doc);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(days[&day], (false, 5));
        assert!(retries.is_empty());
    }

    #[test]
    fn a_first_attempt_that_finds_the_day_recorded_is_kept_as_a_retry() {
        let mut doc = toml_edit::DocumentMut::new();
        let day = date("2026-12-01");
        let best = Some(("points", Better::Higher));
        // Two copies of the program each began the day's first attempt.
        for points in [5, 9, 7] {
            let change = day_change(DICE, day, false, dice(true, points), false, best);
            apply(doc.as_table_mut(), &change.expect("kept"));
        }
        let (days, retries, _) = decoded(&doc);
        assert_eq!((days[&day], retries[&day]), ((true, 5), (true, 9)));
    }

    #[test]
    fn a_helped_day_says_so_and_a_helped_retry_is_never_the_best() {
        let mut doc = toml_edit::DocumentMut::new();
        let day = date("2026-12-01");
        let best = Some(("points", Better::Higher));
        for (retry, helped, points) in [(false, true, 5), (true, false, 7)] {
            let change = day_change(DICE, day, retry, dice(true, points), helped, best);
            apply(doc.as_table_mut(), &change.expect("kept"));
        }
        assert!(day_change(DICE, day, true, dice(true, 12), true, best).is_none());
        let text = doc.to_string();
        assert!(text.contains("points = 5, helped = true"), "{text}");
        let (days, retries, _) = decoded(&doc);
        assert_eq!((days[&day], retries[&day]), ((true, 5), (true, 7)));
        // A retry that is never kept (a lost Minesweeper retry), helped or not.
        assert!(day_change(DICE, day, true, dice(false, 9), false, None).is_none());
        let said = result(true, "5").helped(true);
        assert_eq!(said.share, "5 with help");
        assert_eq!(result(true, "5").helped(false).share, "5");
    }

    #[test]
    fn the_best_retry_is_kept_beside_the_day_s_result_which_stands() {
        let mut doc = toml_edit::DocumentMut::new();
        let day = date("2026-12-01");
        let best = Some(("points", Better::Higher));
        for (retry, won, points) in [(false, false, 5), (true, true, 7), (true, true, 12)] {
            let change = day_change(DICE, day, retry, dice(won, points), false, best);
            apply(doc.as_table_mut(), &change.expect("kept"));
        }
        let retry = day_change(DICE, day, true, dice(true, 9), false, best);
        apply(doc.as_table_mut(), &retry.expect("looked at"));
        let (days, retries, notices) = decoded(&doc);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(days[&day], (false, 5));
        assert_eq!(retries[&day], (true, 12));
        assert_eq!(retries.len(), 1);
    }

    #[test]
    fn the_share_line_names_what_was_played_and_a_won_game_wins_the_day() {
        let day = date("2026-12-01");
        let mut daily = Daily::default();
        daily.push(DICE, "Dice", BTreeMap::from([(day, result(false, "lost"))]));
        daily.push(CARDS, "Cards", BTreeMap::new());
        assert_eq!(
            daily.share_line(day),
            "grid-arcade daily 2026-12-01  Dice lost  Cards not played"
        );
        assert_eq!(daily.day(day), Day::Played);
        assert!(daily.has(DICE, day) && !daily.has(CARDS, day));
        let daily = daily.with(CARDS, day, result(true, "23,540 (2048 tile)"));
        assert_eq!(daily.day(day), Day::Won);
        assert_eq!(daily.day(day.add_days(-1)), Day::NotPlayed);
        // A day's result stands: a later one is not taken.
        let daily = daily.with(DICE, day, result(true, "1:24.30"));
        assert_eq!(
            daily.share_line(day),
            "grid-arcade daily 2026-12-01  Dice lost  Cards 23,540 (2048 tile)"
        );
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(grouped(512), "512");
    }

    #[test]
    fn streaks_count_days_in_a_row() {
        let played = |days: &[&str]| {
            days.iter()
                .map(|d| (date(d), result(false, "")))
                .collect::<BTreeMap<_, _>>()
        };
        let mut daily = Daily::default();
        daily.push(
            DICE,
            "Dice",
            played(&[
                "2026-11-20",
                "2026-11-21",
                "2026-11-22",
                "2026-11-29",
                "2026-11-30",
            ]),
        );
        daily.push(CARDS, "Cards", played(&["2026-12-01"]));
        assert_eq!(daily.streaks(date("2026-12-01")), (3, 3));
        // Today still open: yesterday's run goes on.
        assert_eq!(daily.streaks(date("2026-12-02")), (3, 3));
        assert_eq!(daily.streaks(date("2026-12-03")), (0, 3));
        assert_eq!(Daily::default().streaks(date("2026-12-01")), (0, 0));
    }

    #[test]
    fn damaged_days_are_left_out_with_a_notice() {
        let doc: toml_edit::DocumentMut = r#"
            [records.daily.dice]
            "2026-12-01" = { won = true, points = 90000 }
            "yesterday" = { won = true, points = 1 }
            "2026-12-02" = 5
            "2026-12-03" = { won = true, points = -3 }
        "#
        .parse()
        .unwrap();
        let (days, _, notices) = decoded(&doc);
        assert_eq!(days.len(), 2);
        assert_eq!(days[&date("2026-12-03")], (true, 0));
        assert_eq!(notices.len(), 3, "{notices:?}");
    }
}
