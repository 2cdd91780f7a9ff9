//! Numbers over the games of a table, boiled down to what a terminal can show: a series thinned to
//! a few hundred points with its moving average, the bins of a histogram, the win rate of each
//! block of games.

/// The most points a series keeps: more than the dots of the widest plot a terminal can hold.
pub const MAX_POINTS: usize = 400;
/// How many values the moving average takes.
pub const AVERAGE_OF: usize = 10;
/// How many games make a block for the win rate.
pub const BLOCK: usize = 20;

/// A value for some of a table's games: the game's number in the table (from 1) and the value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub game: u32,
    pub value: f32,
}

/// Values over the games of a table, as a plot draws them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    /// How many values there were.
    pub count: usize,
    /// Every value, or for a long series the lowest and highest of each stretch of games, so
    /// that the spread stays visible: (game, value), in the order of the games.
    pub points: Vec<(f64, f64)>,
    /// The mean of the last [`AVERAGE_OF`] values (fewer at the start) at each value, thinned to
    /// the mean of each stretch.
    pub average: Vec<(f64, f64)>,
    pub lowest: Option<(f64, f64)>,
    pub highest: Option<(f64, f64)>,
    /// The number of the table's last game, where the plot ends.
    pub last_game: u32,
    /// Values far above the rest, which a plot would squeeze the rest under.
    pub above: Option<Outliers>,
    /// Values far below the rest.
    pub below: Option<Outliers>,
}

/// Values far out on one side of a series: how many, and the last value before them, where a
/// plot that leaves them out ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outliers {
    pub count: usize,
    pub edge: f64,
}

/// Fewer values than this have no outliers: their quartiles say too little.
const FEWEST_FOR_OUTLIERS: usize = 8;
/// A value is far out beyond this many interquartile ranges past its quartile (Tukey's fence).
const FENCE_IQRS: f64 = 3.0;
/// Values far out count as outliers only when leaving them out widens the rest this many times
/// on the plot: a plot they hardly squeeze is drawn whole.
const SQUEEZE: f64 = 2.0;

/// The values of `sorted` (ascending) far above the rest, if leaving them out lets the rest
/// take at least [`SQUEEZE`] times the height. Call with the values negated for those far below.
fn outliers_above(sorted: &[f64]) -> Option<Outliers> {
    let n = sorted.len();
    if n < FEWEST_FOR_OUTLIERS {
        return None;
    }
    let (q1, q3) = (sorted[n / 4], sorted[n * 3 / 4]);
    let fence = q3 + FENCE_IQRS * (q3 - q1);
    let kept = sorted.partition_point(|&v| v <= fence);
    let (low, edge, high) = (sorted[0], sorted[kept - 1], sorted[n - 1]);
    (kept < n && high - low > SQUEEZE * (edge - low)).then_some(Outliers {
        count: n - kept,
        edge,
    })
}

impl Series {
    /// The series of `values`, in game order, for a table of `games` games.
    pub fn of(values: &[Point], games: u32) -> Series {
        let pair = |p: &Point| (f64::from(p.game), f64::from(p.value));
        let stretch = values.len().div_ceil(MAX_POINTS / 2).max(1);
        let points = if values.len() <= MAX_POINTS {
            values.iter().map(pair).collect()
        } else {
            values
                .chunks(stretch)
                .flat_map(|chunk| {
                    let low = chunk.iter().min_by(|a, b| a.value.total_cmp(&b.value));
                    let high = chunk.iter().max_by(|a, b| a.value.total_cmp(&b.value));
                    let (low, high) = (low.map(pair), high.map(pair));
                    // In game order, and once when both are the same game.
                    match (low, high) {
                        (Some(l), Some(h)) if l.0 < h.0 => vec![l, h],
                        (Some(l), Some(h)) if l.0 > h.0 => vec![h, l],
                        (l, _) => l.into_iter().collect(),
                    }
                })
                .collect()
        };
        let mut sum = 0.0;
        let moving: Vec<(f64, f64)> = values
            .iter()
            .enumerate()
            .map(|(i, p)| {
                sum += f64::from(p.value);
                if i >= AVERAGE_OF {
                    sum -= f64::from(values[i - AVERAGE_OF].value);
                }
                (f64::from(p.game), sum / (i + 1).min(AVERAGE_OF) as f64)
            })
            .collect();
        let average = moving
            .chunks(stretch)
            .map(|chunk| {
                let n = chunk.len() as f64;
                let x = chunk.iter().map(|p| p.0).sum::<f64>() / n;
                let y = chunk.iter().map(|p| p.1).sum::<f64>() / n;
                (x, y)
            })
            .collect();
        let mut sorted: Vec<f64> = values.iter().map(|p| f64::from(p.value)).collect();
        sorted.sort_by(f64::total_cmp);
        let negated: Vec<f64> = sorted.iter().rev().map(|v| -v).collect();
        Series {
            count: values.len(),
            points,
            average,
            // The first of equal values counts, as the record was set by the earlier game
            // (`min_by` keeps the first of equals, `max_by` the last).
            lowest: values
                .iter()
                .min_by(|a, b| a.value.total_cmp(&b.value))
                .map(pair),
            highest: values
                .iter()
                .rev()
                .max_by(|a, b| a.value.total_cmp(&b.value))
                .map(pair),
            last_game: games,
            above: outliers_above(&sorted),
            below: outliers_above(&negated).map(|o| Outliers { edge: -o.edge, ..o }),
        }
    }
}

/// One bar of a histogram: values from `from` up to `to` (`None`: and above).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bin {
    pub from: u64,
    pub to: Option<u64>,
    pub count: u64,
}

/// At most `bars` bins of round width over `sorted` (ascending). The range runs from the lowest
/// value to the 95th percentile (the highest, when that leaves no range), so that one slow game
/// does not squeeze the rest into a bar; the last bin takes everything above.
pub fn histogram(sorted: &[u32], bars: usize) -> Vec<Bin> {
    let percentile = sorted.len().saturating_sub(1) * 95 / 100;
    let (Some(&low), Some(&high)) = (sorted.first(), sorted.get(percentile)) else {
        return Vec::new();
    };
    // Too few values for the percentile to leave any range: the highest sets it.
    let high = if high == low {
        sorted.last().copied().unwrap_or(high)
    } else {
        high
    };
    let (low, high) = (u64::from(low), u64::from(high));
    let bars = bars.max(1) as u64;
    let step = round_step((high - low).div_ceil(bars).max(1));
    let start = low / step * step;
    let count = ((high - start) / step + 1).min(bars);
    (0..count)
        .map(|i| {
            let from = start + i * step;
            let last = i + 1 == count;
            let to = (!last).then_some(from + step);
            let below = |limit: u64| sorted.partition_point(|&v| u64::from(v) < limit) as u64;
            let upper = to.map_or(sorted.len() as u64, below);
            Bin {
                from,
                to,
                count: upper - below(from),
            }
        })
        .collect()
}

/// The smallest of 1, 2 and 5 times a power of ten that is at least `step`.
fn round_step(step: u64) -> u64 {
    let mut unit = 1u64;
    loop {
        for factor in [1, 2, 5] {
            let candidate = unit.saturating_mul(factor);
            if candidate >= step || candidate == u64::MAX {
                return candidate;
            }
        }
        unit = unit.saturating_mul(10);
    }
}

/// The win rate, in percent, of each block of [`BLOCK`] games in order; the last block may be
/// shorter.
pub fn win_rates(won: impl Iterator<Item = bool>) -> Vec<u8> {
    let won: Vec<bool> = won.collect();
    won.chunks(BLOCK)
        .map(|block| {
            let wins = block.iter().filter(|w| **w).count();
            (wins * 100 / block.len()) as u8
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(values: &[f32]) -> Vec<Point> {
        values
            .iter()
            .enumerate()
            .map(|(i, v)| Point {
                game: i as u32 * 2 + 1,
                value: *v,
            })
            .collect()
    }

    #[test]
    fn a_short_series_keeps_every_value_and_averages_the_last_ten() {
        let values: Vec<f32> = (1..=12).map(|v| v as f32).collect();
        let series = Series::of(&points(&values), 30);
        assert_eq!(series.count, 12);
        assert_eq!(series.points.len(), 12);
        assert_eq!(series.points[1], (3.0, 2.0));
        assert_eq!(series.average[1], (3.0, 1.5));
        // The last ten of 1..=12 are 3..=12, whose mean is 7.5.
        assert_eq!(series.average[11], (23.0, 7.5));
        assert_eq!(series.lowest, Some((1.0, 1.0)));
        assert_eq!(series.highest, Some((23.0, 12.0)));
        assert_eq!(series.last_game, 30);
    }

    #[test]
    fn a_long_series_is_thinned_but_keeps_its_extremes() {
        let values: Vec<f32> = (0..100_000).map(|i| ((i * 7919) % 1000) as f32).collect();
        let series = Series::of(&points(&values), 200_000);
        assert!(series.points.len() <= MAX_POINTS, "{}", series.points.len());
        assert!(series.average.len() <= MAX_POINTS / 2);
        let ys: Vec<f64> = series.points.iter().map(|p| p.1).collect();
        assert_eq!(ys.iter().copied().fold(f64::MAX, f64::min), 0.0);
        assert_eq!(ys.iter().copied().fold(f64::MIN, f64::max), 999.0);
        assert!(series.points.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(series.lowest, Some((1.0, 0.0)), "the first of the lowest");
    }

    #[test]
    fn values_far_out_on_either_side_are_outliers_when_they_squeeze_the_rest() {
        // Two slow early wins of some 300 s among wins of 20 to 30 s.
        let mut values = vec![310.0, 290.0];
        values.extend((0..18).map(|i| 20.0 + (i % 10) as f32));
        let series = Series::of(&points(&values), 40);
        assert_eq!(
            series.above,
            Some(Outliers {
                count: 2,
                edge: 29.0
            })
        );
        assert_eq!(series.below, None);
        // Negated, they are far below.
        let negated: Vec<f32> = values.iter().map(|v| -v).collect();
        let series = Series::of(&points(&negated), 40);
        assert_eq!(series.above, None);
        assert_eq!(
            series.below,
            Some(Outliers {
                count: 2,
                edge: -29.0
            })
        );
        // Values spread evenly, or too few to tell, have none.
        let even: Vec<f32> = (0..40).map(|v| v as f32).collect();
        assert_eq!(Series::of(&points(&even), 40).above, None);
        assert_eq!(Series::of(&points(&[1.0, 1.0, 1.0, 90.0]), 4).above, None);
    }

    #[test]
    fn histogram_bins_are_round_and_count_every_value() {
        let sorted: Vec<u32> = vec![8, 9, 11, 12, 12, 17, 23, 24, 31, 400];
        let bins = histogram(&sorted, 5);
        // (31 - 8) / 5 rounds up to 5: bins of 5 from 5.
        assert_eq!(
            bins[0],
            Bin {
                from: 5,
                to: Some(10),
                count: 2
            }
        );
        assert_eq!(bins.iter().map(|b| b.count).sum::<u64>(), 10);
        let last = bins.last().unwrap();
        assert_eq!((last.to, last.count), (None, 2), "{bins:?}");
        assert!(bins.len() <= 5);
        assert_eq!(histogram(&[], 5), vec![]);
        // Two wins apart are two bars apart, not one bar of both.
        let two = histogram(&[26_200, 30_100], 5);
        assert!(two.len() >= 2, "{two:?}");
        assert_eq!((two[0].count, two.last().unwrap().count), (1, 1), "{two:?}");
        assert_eq!(
            histogram(&[7, 7], 3),
            vec![Bin {
                from: 7,
                to: None,
                count: 2
            }]
        );
    }

    #[test]
    fn win_rates_are_per_block_of_twenty() {
        let games = (0..45).map(|i| i % 4 == 0);
        assert_eq!(win_rates(games), vec![25, 25, 40]);
        assert_eq!(win_rates(std::iter::empty()), Vec::<u8>::new());
    }
}
