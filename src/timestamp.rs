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

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
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
    fn compact_stamp_has_time_of_day() {
        let t = Timestamp {
            unix_seconds: 1_796_000_000,
        };
        assert_eq!(t.compact(), "20261130T005320Z");
        assert_eq!(t.rfc3339(), "2026-11-30T00:53:20Z");
    }
}
