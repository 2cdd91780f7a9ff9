//! One game as the history keeps it: a line of JSON. The fields every game has come first, then
//! those of its game in an object named after it (`"minesweeper": {...}`), which the game itself
//! declares and reads. The moves are kept in a file of their own (see the module documentation),
//! so that this line stays short.
//!
//! An entry borrows what it can from the line it was read from, so that reading a hundred
//! thousand of them builds almost nothing; one kept for longer is made owned.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::timestamp::Timestamp;

/// Eight letters and digits, easy to type in `grid-arcade replay ID`. Ids need not come from a
/// game's seed: they name a game, they do not shape it.
fn new_id() -> String {
    const ALPHABET: &[u8] = b"0123456789abcdefghjkmnpqrstvwxyz";
    let mut bits = rand::random::<u64>();
    (0..8)
        .map(|_| {
            let letter = ALPHABET[(bits % 32) as usize] as char;
            bits /= 32;
            letter
        })
        .collect()
}

/// The version of an entry's format, written in every line as `v`. Lines of another version are
/// left in the file and skipped, never misread.
pub const FORMAT: u32 = 1;

/// How a game ended, from the player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Won,
    Lost,
    Draw,
    /// 2048: no move was left, without the win tile.
    Over,
    /// Given up for a new game (a loss for Minesweeper and against the computer).
    Abandoned,
}

impl Outcome {
    /// The name the history gives it: `won`, `abandoned`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Won => "won",
            Outcome::Lost => "lost",
            Outcome::Draw => "draw",
            Outcome::Over => "over",
            Outcome::Abandoned => "abandoned",
        }
    }
}

/// Which attempt at the day's daily challenge a game was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DailyMark {
    /// The day's first: its result is the day's.
    First,
    Retry,
}

#[derive(Clone, Debug)]
pub struct Entry<'a> {
    /// The format's version ([`FORMAT`]).
    pub v: u32,
    /// Unique among the games of the history: a replay finds its game by it.
    pub id: Cow<'a, str>,
    /// When the game started, in UTC (`2026-12-01T14:05:09Z`).
    pub start: Cow<'a, str>,
    /// Time played, from the first move to the end (Minesweeper: its clock, the time that
    /// counts).
    pub duration_ms: u64,
    pub result: Outcome,
    pub seed: u64,
    pub hints: bool,
    pub undo: bool,
    pub autoplay: bool,
    /// A daily challenge's game: its first attempt of the day, which counts, or a retry.
    pub daily: Option<DailyMark>,
    /// A game started at a move of another game's replay: that game's id and the move,
    /// `k3v9q2m7@17`. Such a game counts as helped (part of it was played before).
    pub from: Option<Cow<'a, str>>,
    /// The game, as the file and the command line name it, and its own fields: an object that
    /// the game's description reads.
    pub game: Cow<'a, str>,
    pub facts: Cow<'a, RawValue>,
}

/// The keys of the fields every game has, in the order they are written.
const V: &str = "v";
const ID: &str = "id";
const START: &str = "start";
const DURATION: &str = "duration_ms";
const RESULT: &str = "result";
const SEED: &str = "seed";
const HINTS: &str = "hints";
const UNDO: &str = "undo";
const AUTOPLAY: &str = "autoplay";
const DAILY: &str = "daily";
const FROM: &str = "from";

impl Entry<'static> {
    /// An entry of `game` with its `facts`, a new id, and the fields every game has.
    pub fn new(
        game: &'static str,
        facts: &impl Serialize,
        start: Timestamp,
        duration_ms: u64,
        result: Outcome,
        seed: u64,
    ) -> Entry<'static> {
        let facts = serde_json::value::to_raw_value(facts)
            .expect("a game's fields are plain data, which always has JSON");
        Entry {
            v: FORMAT,
            id: Cow::Owned(new_id()),
            start: Cow::Owned(start.rfc3339()),
            duration_ms,
            result,
            seed,
            hints: false,
            undo: false,
            autoplay: false,
            daily: None,
            from: None,
            game: Cow::Borrowed(game),
            facts: Cow::Owned(facts),
        }
    }
}

impl<'a> Entry<'a> {
    /// The game on `line`, if it holds one of this format.
    pub fn read(line: &'a str) -> Option<Entry<'a>> {
        serde_json::from_str::<Entry>(line)
            .ok()
            .filter(|entry| entry.v == FORMAT)
    }

    /// The entry, owning everything it borrowed from its line.
    pub fn into_owned(self) -> Entry<'static> {
        Entry {
            id: Cow::Owned(self.id.into_owned()),
            start: Cow::Owned(self.start.into_owned()),
            from: self.from.map(|from| Cow::Owned(from.into_owned())),
            game: Cow::Owned(self.game.into_owned()),
            facts: Cow::Owned(self.facts.into_owned()),
            ..self
        }
    }

    /// The game's own fields, read as the game declares them.
    pub fn facts<'b, T: Deserialize<'b>>(&'b self) -> Option<T> {
        serde_json::from_str(self.facts.get()).ok()
    }

    /// Whether the game was played with help: a hint, an undo or the computer playing.
    pub fn assisted(&self) -> bool {
        self.hints || self.undo || self.autoplay
    }
}

impl PartialEq for Entry<'_> {
    fn eq(&self, other: &Entry) -> bool {
        fn common<'e>(e: &'e Entry) -> impl PartialEq + 'e {
            let flags = (e.hints, e.undo, e.autoplay, e.daily);
            let texts = (
                e.id.as_ref(),
                e.start.as_ref(),
                e.from.as_deref(),
                e.game.as_ref(),
                e.facts.get(),
            );
            (e.v, texts, e.duration_ms, e.result, e.seed, flags)
        }
        common(self) == common(other)
    }
}

impl Serialize for Entry<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry(V, &self.v)?;
        map.serialize_entry(ID, &self.id)?;
        map.serialize_entry(START, &self.start)?;
        map.serialize_entry(DURATION, &self.duration_ms)?;
        map.serialize_entry(RESULT, &self.result)?;
        map.serialize_entry(SEED, &self.seed)?;
        // Flags are written only when set: most games have none, and the line stays short.
        for (key, set) in [
            (HINTS, self.hints),
            (UNDO, self.undo),
            (AUTOPLAY, self.autoplay),
        ] {
            if set {
                map.serialize_entry(key, &true)?;
            }
        }
        if let Some(daily) = &self.daily {
            map.serialize_entry(DAILY, daily)?;
        }
        if let Some(from) = &self.from {
            map.serialize_entry(FROM, from)?;
        }
        map.serialize_entry(self.game.as_ref(), &self.facts)?;
        map.end()
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Entry<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Entry<'a>, D::Error> {
        deserializer.deserialize_map(EntryVisitor)
    }
}

struct EntryVisitor;

/// A game's fields as they stand in the line.
#[derive(Deserialize)]
#[serde(transparent)]
struct Facts<'a>(#[serde(borrow)] Option<&'a RawValue>);

/// A text of the line, borrowed where it holds no escape.
struct Text<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Text<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Text<'de>, D::Error> {
        struct TextVisitor;
        impl<'de> Visitor<'de> for TextVisitor {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a text")
            }
            fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(text)))
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(text.to_string())))
            }
        }
        deserializer.deserialize_str(TextVisitor)
    }
}

impl<'de> Visitor<'de> for EntryVisitor {
    type Value = Entry<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a game of the history")
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Entry<'de>, M::Error> {
        let (mut v, mut id, mut start, mut duration_ms, mut result, mut seed) =
            (None, None, None, None, None, None);
        let (mut hints, mut undo, mut autoplay, mut daily) = (false, false, false, None);
        let mut from = None;
        let mut game: Option<(Cow<'de, str>, &'de RawValue)> = None;
        while let Some(Text(key)) = map.next_key()? {
            match key.as_ref() {
                V => v = Some(map.next_value()?),
                ID => id = Some(map.next_value::<Text>()?.0),
                START => start = Some(map.next_value::<Text>()?.0),
                DURATION => duration_ms = Some(map.next_value()?),
                RESULT => result = Some(map.next_value()?),
                SEED => seed = Some(map.next_value()?),
                HINTS => hints = map.next_value()?,
                UNDO => undo = map.next_value()?,
                AUTOPLAY => autoplay = map.next_value()?,
                DAILY => daily = map.next_value()?,
                FROM => from = Some(map.next_value::<Text>()?.0),
                // Any other key whose value is an object names the game, the object holding the
                // game's fields; anything else there is passed over (a figure `stats --json`
                // adds).
                _ => {
                    let facts = map.next_value::<Facts<'de>>()?.0;
                    if let Some(facts) = facts.filter(|f| f.get().starts_with('{')) {
                        if game.is_some() {
                            return Err(de::Error::custom("the line names more than one game"));
                        }
                        game = Some((key, facts));
                    }
                }
            }
        }
        let missing = |field: &'static str| de::Error::missing_field(field);
        let (game, facts) = game.ok_or_else(|| missing("the game"))?;
        Ok(Entry {
            v: v.ok_or_else(|| missing(V))?,
            id: id.ok_or_else(|| missing(ID))?,
            start: start.ok_or_else(|| missing(START))?,
            duration_ms: duration_ms.ok_or_else(|| missing(DURATION))?,
            result: result.ok_or_else(|| missing(RESULT))?,
            seed: seed.ok_or_else(|| missing(SEED))?,
            hints,
            undo,
            autoplay,
            daily,
            from,
            game,
            facts: Cow::Borrowed(facts),
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Dice<'a> {
        #[serde(borrow)]
        colour: Cow<'a, str>,
        sides: u32,
    }

    pub(crate) fn dice_entry() -> Entry<'static> {
        let facts = Dice {
            colour: "red".into(),
            sides: 20,
        };
        Entry {
            id: Cow::Borrowed("k3v9q2m7"),
            start: Cow::Borrowed("2026-12-01T14:05:09Z"),
            ..Entry::new(
                "dice",
                &facts,
                Timestamp { unix_seconds: 0 },
                184_230,
                Outcome::Lost,
                9_223_372_036_854_775_807,
            )
        }
    }

    #[test]
    fn an_entry_reads_back_the_same_and_borrows_from_its_line() {
        let entry = Entry {
            hints: true,
            daily: Some(DailyMark::Retry),
            from: Some(Cow::Borrowed("z8x7w6v5@17")),
            ..dice_entry()
        };
        let line = serde_json::to_string(&entry).unwrap();
        assert_eq!(
            line,
            "{\"v\":1,\"id\":\"k3v9q2m7\",\"start\":\"2026-12-01T14:05:09Z\",\
             \"duration_ms\":184230,\"result\":\"lost\",\"seed\":9223372036854775807,\
             \"hints\":true,\"daily\":\"retry\",\"from\":\"z8x7w6v5@17\",\
             \"dice\":{\"colour\":\"red\",\"sides\":20}}"
        );
        let read = serde_json::from_str::<Entry>(&line).unwrap();
        assert!(matches!(read.id, Cow::Borrowed(_)));
        assert_eq!(read, entry);
        let facts: Dice = read.facts().unwrap();
        assert!(matches!(facts.colour, Cow::Borrowed("red")));
        assert_eq!(read.into_owned(), entry);
    }

    fn is_entry(line: &str) -> bool {
        serde_json::from_str::<Entry>(line).is_ok()
    }

    #[test]
    fn lines_that_name_no_game_or_two_are_refused() {
        for line in [
            "{\"v\":1,\"id\":\"a\",\"start\":\"s\",\"duration_ms\":1,\"result\":\"won\",\"seed\":1}",
            "{\"v\":1,\"id\":\"a\",\"start\":\"s\",\"duration_ms\":1,\"result\":\"won\",\"seed\":1,\
             \"dice\":{},\"cards\":{}}",
            "{\"v\":1,\"id\":\"a\",\"start\":\"s\",\"duration_ms\":1,\"result\":\"tie\",\"seed\":1,\
             \"dice\":{}}",
        ] {
            assert!(!is_entry(line), "{line}");
        }
        // Values that are not objects name no game: a null, a figure added to the line.
        assert!(is_entry(
            "{\"v\":1,\"id\":\"a\",\"start\":\"s\",\"duration_ms\":1,\"result\":\"won\",\"seed\":1,\
             \"cards\":null,\"code\":\"AMX\",\"dice\":{}}"
        ));
    }
}
