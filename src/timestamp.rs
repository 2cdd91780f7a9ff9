//! Wall-clock time as the file needs it: dates on records and stamps on set-aside files (UTC).

use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timestamp {
    /// Seconds since 1970-01-01 00:00:00 UTC.
    pub unix_seconds: u64,
}

/// A calendar date in the proleptic Gregorian calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Timestamp {
    pub fn now() -> Timestamp {
        let unix_seconds = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Timestamp { unix_seconds }
    }

    /// The moment `ms` milliseconds before this one.
    pub fn earlier_by(self, ms: u64) -> Timestamp {
        Timestamp {
            unix_seconds: self.unix_seconds.saturating_sub(ms / 1000),
        }
    }

    pub fn date(self) -> Date {
        date_from_days(self.unix_seconds / 86_400)
    }

    /// `2026-11-29T19:11:00Z` (RFC 3339, UTC): what a spreadsheet or a person reads.
    pub fn rfc3339(self) -> String {
        let secs = self.unix_seconds % 86_400;
        format!(
            "{}T{:02}:{:02}:{:02}Z",
            self.date(),
            secs / 3600,
            secs / 60 % 60,
            secs % 60
        )
    }

    /// `20261129T191100Z`: sortable and safe in file names on every platform.
    pub fn compact(self) -> String {
        let Date { year, month, day } = self.date();
        let secs = self.unix_seconds % 86_400;
        format!(
            "{year:04}{month:02}{day:02}T{:02}{:02}{:02}Z",
            secs / 3600,
            secs / 60 % 60,
            secs % 60
        )
    }
}

impl Date {
    /// Days since 1970-01-01.
    pub fn days(self) -> i64 {
        days_from_date(self)
    }

    /// The date `days` days after 1970-01-01.
    pub fn from_days(days: i64) -> Date {
        date_from_days(days.max(0) as u64)
    }

    /// The day after or before by `days`.
    pub fn add_days(self, days: i64) -> Date {
        Date::from_days(self.days() + days)
    }

    /// Monday 0 to Sunday 6.
    pub fn weekday(self) -> u8 {
        // 1970-01-01 was a Thursday.
        (self.days() + 3).rem_euclid(7) as u8
    }

    /// The first of the month.
    pub fn first_of_month(self) -> Date {
        Date { day: 1, ..self }
    }

    /// The number of days in the date's month.
    pub fn days_in_month(self) -> u8 {
        let next = if self.month == 12 {
            Date {
                year: self.year + 1,
                month: 1,
                day: 1,
            }
        } else {
            Date {
                month: self.month + 1,
                day: 1,
                ..self
            }
        };
        (next.days() - self.first_of_month().days()) as u8
    }

    pub fn to_toml(self) -> toml_edit::Datetime {
        toml_edit::Datetime {
            date: Some(toml_edit::Date {
                year: self.year,
                month: self.month,
                day: self.day,
            }),
            time: None,
            offset: None,
        }
    }

    pub fn from_toml(value: &toml_edit::Datetime) -> Option<Date> {
        value.date.map(|d| Date {
            year: d.year,
            month: d.month,
            day: d.day,
        })
    }
}

impl serde::Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Date {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Date, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl std::str::FromStr for Date {
    type Err = String;

    /// `2026-12-01`; only dates that exist.
    fn from_str(text: &str) -> Result<Date, String> {
        let bad = || format!("{text:?} is not a date like 2026-12-01");
        let mut parts = text.split('-');
        let mut next = || parts.next().ok_or_else(bad);
        let (year, month, day) = (next()?, next()?, next()?);
        if parts.next().is_some() || year.len() != 4 || month.len() != 2 || day.len() != 2 {
            return Err(bad());
        }
        let date = Date {
            year: year.parse().map_err(|_| bad())?,
            month: month.parse().map_err(|_| bad())?,
            day: day.parse().map_err(|_| bad())?,
        };
        // A date that does not exist (February 30th) comes back as another.
        (date.month >= 1 && Date::from_days(date.days()) == date)
            .then_some(date)
            .ok_or_else(bad)
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Days since the epoch of a civil date (Howard Hinnant's days-from-civil algorithm).
fn days_from_date(date: Date) -> i64 {
    let (month, day) = (i64::from(date.month), i64::from(date.day));
    let year = i64::from(date.year) - i64::from(month <= 2);
    let era = year.div_euclid(400);
    let yoe = year - era * 400;
    let doy = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Civil date from a day count since the epoch (Howard Hinnant's days-to-civil algorithm).
fn date_from_days(days: u64) -> Date {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = (yoe + era * 400 + i64::from(month <= 2)) as u16;
    Date { year, month, day }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_match_the_calendar() {
        let at = |s| Timestamp { unix_seconds: s }.date().to_string();
        assert_eq!(at(0), "1970-01-01");
        assert_eq!(at(951_782_400), "2000-02-29");
        assert_eq!(at(1_796_000_000), "2026-11-30");
        assert_eq!(at(4_107_542_400), "2100-03-01");
    }

    #[test]
    fn dates_count_days_both_ways_and_read_back() {
        for days in [0, 59, 60, 10_956, 20_788, 47_541, 100_000] {
            let date = Date::from_days(days);
            assert_eq!(date.days(), days, "{date}");
            assert_eq!(date.to_string().parse::<Date>(), Ok(date));
        }
        let date: Date = "2026-12-01".parse().unwrap();
        assert_eq!(date.weekday(), 1, "a Tuesday");
        assert_eq!(date.days_in_month(), 31);
        assert_eq!(date.add_days(31).to_string(), "2027-01-01");
        assert_eq!("2028-02-01".parse::<Date>().unwrap().days_in_month(), 29);
        assert_eq!("2100-02-01".parse::<Date>().unwrap().days_in_month(), 28);
        for bad in [
            "2026-02-30",
            "2026-13-01",
            "2026-00-10",
            "26-12-01",
            "2026-12-01x",
            "",
        ] {
            assert!(bad.parse::<Date>().is_err(), "{bad}");
        }
    }

    #[test]
    fn compact_stamp_has_time_of_day() {
        let t = Timestamp {
            unix_seconds: 1_796_000_000,
        };
        assert_eq!(t.compact(), "20261130T005320Z");
        assert_eq!(t.rfc3339(), "2026-11-30T00:53:20Z");
    }
}
