//! A setting of the file: where it lives, what it may hold, its default. The general settings are
//! here; each game declares its own beside its rules, and the list of games puts them all in one
//! list, which the settings screen, the decoder and the documentation test all read: a setting
//! declared once is editable, validated and checked against `config.example.toml` at once.

use toml_edit::{Item, Table, Value};

use super::change::{Change, Op};

#[derive(Debug)]
pub enum Kind {
    Choice(&'static [&'static str]),
    Number { min: i64, max: i64 },
    Toggle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingValue {
    Choice(&'static str),
    Number(i64),
    Toggle(bool),
}

impl std::fmt::Display for SettingValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SettingValue::Choice(name) => f.write_str(name),
            SettingValue::Number(n) => write!(f, "{n}"),
            SettingValue::Toggle(on) => f.write_str(if *on { "on" } else { "off" }),
        }
    }
}

#[derive(Debug)]
pub struct Setting {
    /// Table path and key in the file, e.g. `["general", "theme"]`.
    pub path: &'static [&'static str],
    /// Name on the settings screen.
    pub label: &'static str,
    /// One line on what it does, shown under the list.
    pub about: &'static str,
    pub kind: Kind,
    pub default: SettingValue,
    /// The highest value a number may take given the other settings, when they bound it (the
    /// mines of a custom board, by its size).
    pub max_now: Option<fn(&Settings) -> i64>,
}

impl Setting {
    pub fn dotted(&self) -> String {
        self.path.join(".")
    }

    /// Decodes a value from the file; `None` when it has the wrong type or is out of range.
    fn decode(&self, value: &Value) -> Option<SettingValue> {
        match &self.kind {
            Kind::Choice(names) => {
                let name = value.as_str()?;
                names
                    .iter()
                    .find(|n| **n == name)
                    .map(|n| SettingValue::Choice(n))
            }
            Kind::Number { min, max } => value
                .as_integer()
                .filter(|n| (*min..=*max).contains(n))
                .map(SettingValue::Number),
            Kind::Toggle => value.as_bool().map(SettingValue::Toggle),
        }
    }

    fn describe_allowed(&self) -> String {
        match &self.kind {
            Kind::Choice(names) => format!("one of {}", names.join(", ")),
            Kind::Number { min, max } => format!("a whole number from {min} to {max}"),
            Kind::Toggle => "true or false".to_string(),
        }
    }

    pub fn change_to(&self, value: SettingValue) -> Change {
        let value = match value {
            SettingValue::Choice(name) => Value::from(name),
            SettingValue::Number(n) => Value::from(n),
            SettingValue::Toggle(on) => Value::from(on),
        };
        Change::new(self.path, Op::Set(value))
    }
}

pub static THEME: Setting = Setting {
    path: &["general", "theme"],
    label: "Theme",
    about: "auto follows the terminal; light, dark suit that background; mono; ascii",
    kind: Kind::Choice(&["auto", "color", "mono", "ascii", "light", "dark"]),
    default: SettingValue::Choice("auto"),
    max_now: None,
};

pub static BELL: Setting = Setting {
    path: &["general", "bell"],
    label: "Bell",
    about: "the terminal's bell rings when a game is won or lost",
    kind: Kind::Toggle,
    default: SettingValue::Toggle(false),
    max_now: None,
};

/// The settings that are no game's, first on the settings screen and in the file.
pub static GENERAL: &[&Setting] = &[&THEME, &BELL];

/// The decoded settings: a value for each setting of the list they were read with, and the values
/// pinned for this session (by the command line or a code), which no save writes.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    values: Vec<(&'static Setting, SettingValue)>,
    pins: Vec<(&'static Setting, SettingValue)>,
}

impl PartialEq for Setting {
    fn eq(&self, other: &Setting) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Settings {
    /// Every setting of `list` at its default.
    pub fn defaults(list: &[&'static Setting]) -> Settings {
        Settings {
            values: list.iter().map(|s| (*s, s.default)).collect(),
            pins: Vec::new(),
        }
    }

    /// Reads every setting of `list` from the file's root table. A missing key takes its default
    /// quietly; a damaged one takes its default with a notice saying which key and what it may
    /// hold.
    pub fn decode(root: &Table, list: &[&'static Setting], notices: &mut Vec<String>) -> Settings {
        let values = list
            .iter()
            .map(|&setting| {
                let value = match lookup(root, setting.path, notices) {
                    None => setting.default,
                    Some(item) => item
                        .as_value()
                        .and_then(|v| setting.decode(v))
                        .unwrap_or_else(|| {
                            notices.push(format!(
                                "setting {} = {} is not {}; using {}",
                                setting.dotted(),
                                shown(item),
                                setting.describe_allowed(),
                                setting.default
                            ));
                            setting.default
                        }),
                };
                (setting, value)
            })
            .collect();
        let mut settings = Settings {
            values,
            pins: Vec::new(),
        };
        settings.constrain(notices);
        settings
    }

    /// The settings of `list`, read again from the file, with this session's pins kept.
    pub fn with_pins_of(mut self, before: &Settings) -> Settings {
        self.pins.clone_from(&before.pins);
        self
    }

    /// The range a number setting may take now; a bound set by other settings narrows it.
    pub fn limits(&self, setting: &Setting) -> (i64, i64) {
        match setting.kind {
            Kind::Number { min, max } => match setting.max_now {
                Some(max_now) => (min, max.min(max_now(self))),
                None => (min, max),
            },
            _ => (0, 0),
        }
    }

    /// Brings values that depend on others back in range, saying what changed.
    fn constrain(&mut self, notices: &mut Vec<String>) {
        for at in 0..self.values.len() {
            let (setting, value) = self.values[at];
            if let (Some(_), SettingValue::Number(n)) = (setting.max_now, value) {
                let (_, max) = self.limits(setting);
                if n > max {
                    notices.push(format!(
                        "setting {} = {n} does not fit the settings it depends on; using {max}",
                        setting.dotted(),
                    ));
                    self.values[at].1 = SettingValue::Number(max);
                }
            }
        }
    }

    /// The value `steps` positions further along (choices wrap, numbers stop at their limits).
    pub fn stepped(&self, setting: &Setting, steps: i64) -> SettingValue {
        match (&setting.kind, self.get(setting)) {
            (Kind::Choice(names), SettingValue::Choice(current)) => {
                let at = names.iter().position(|n| *n == current).unwrap_or(0) as i64;
                let len = names.len() as i64;
                SettingValue::Choice(names[(at + steps).rem_euclid(len) as usize])
            }
            (Kind::Number { .. }, SettingValue::Number(n)) => {
                self.clamped(setting, n.saturating_add(steps))
            }
            (Kind::Toggle, SettingValue::Toggle(on)) => SettingValue::Toggle(on ^ (steps % 2 != 0)),
            _ => setting.default,
        }
    }

    /// A number brought into the setting's current limits.
    pub fn clamped(&self, setting: &Setting, n: i64) -> SettingValue {
        let (min, max) = self.limits(setting);
        SettingValue::Number(n.clamp(min, max))
    }

    /// The changes that set `setting` to `value`, with any number bound by it lowered where the
    /// new value no longer holds it.
    pub fn changes_for(&self, setting: &Setting, value: SettingValue) -> Vec<Change> {
        let mut changes = vec![setting.change_to(value)];
        let mut after = self.clone();
        after.pins.clear();
        if let Some(slot) = after.values.iter_mut().find(|(s, _)| *s == setting) {
            slot.1 = value;
        }
        for &(bound, current) in &after.values {
            if let (Some(_), SettingValue::Number(n)) = (bound.max_now, current)
                && let SettingValue::Number(fitting) = after.clamped(bound, n)
                && fitting != n
            {
                changes.push(bound.change_to(SettingValue::Number(fitting)));
            }
        }
        changes
    }

    /// The value in force: the pinned one, else the file's (else the default).
    pub fn get(&self, setting: &Setting) -> SettingValue {
        self.pins
            .iter()
            .chain(&self.values)
            .find(|(s, _)| *s == setting)
            .map_or(setting.default, |(_, value)| *value)
    }

    /// The value the file holds, whatever is pinned.
    pub fn saved(&self, setting: &Setting) -> SettingValue {
        self.values
            .iter()
            .find(|(s, _)| *s == setting)
            .map_or(setting.default, |(_, value)| *value)
    }

    pub fn choice(&self, setting: &Setting) -> &'static str {
        match self.get(setting) {
            SettingValue::Choice(name) => name,
            _ => "",
        }
    }

    pub fn number(&self, setting: &Setting) -> i64 {
        match self.get(setting) {
            SettingValue::Number(n) => n,
            _ => 0,
        }
    }

    pub fn toggle(&self, setting: &Setting) -> bool {
        matches!(self.get(setting), SettingValue::Toggle(true))
    }

    /// Holds `setting` at `value` for this session, without saving it.
    pub fn pin(&mut self, setting: &'static Setting, value: SettingValue) {
        self.pins.retain(|(s, _)| *s != setting);
        self.pins.push((setting, value));
    }

    /// The value `setting` is pinned at, if it is.
    pub fn pinned(&self, setting: &Setting) -> Option<SettingValue> {
        (self.pins.iter())
            .find(|(s, _)| *s == setting)
            .map(|(_, value)| *value)
    }

    /// Whether any of `settings` is pinned.
    pub fn any_pinned(&self, settings: &[&Setting]) -> bool {
        self.pins.iter().any(|(s, _)| settings.contains(s))
    }

    /// Lets go of the pins of `settings`: the file's values hold again.
    pub fn unpin(&mut self, settings: &[&Setting]) {
        self.pins.retain(|(s, _)| !settings.contains(s));
    }

    /// Every setting read, in the order of the list.
    pub fn list(&self) -> impl Iterator<Item = &'static Setting> + '_ {
        self.values.iter().map(|(s, _)| *s)
    }
}

/// The item at `path`; a table on the way that is something else gets a notice, and the
/// settings in it their defaults.
fn lookup<'a>(root: &'a Table, path: &[&str], notices: &mut Vec<String>) -> Option<&'a Item> {
    let (first, rest) = path.split_first()?;
    let mut item = root.get(first)?;
    let mut at = first.to_string();
    for key in rest {
        if !item.is_table_like() {
            notices.push(format!(
                "{at} = {} is not a table; the settings in it take their defaults",
                shown(item)
            ));
            return None;
        }
        item = item.get(key)?;
        at = format!("{at}.{key}");
    }
    Some(item)
}

/// The most characters of a value a notice shows.
const SHOWN_CHARS: usize = 40;

/// A value as the file writes it (without its comment, and cut short when long, so a notice
/// stays a line or two), or what kind of thing it is when it is not a plain value.
pub fn shown(item: &Item) -> String {
    match item {
        Item::Value(value) => {
            let mut value = value.clone();
            value.decor_mut().clear();
            let written = value.to_string();
            let length = written.chars().count();
            let mut text = printable(written.chars().take(SHOWN_CHARS));
            if length > SHOWN_CHARS {
                text.push_str(&format!("… ({length} characters)"));
            }
            text
        }
        Item::ArrayOfTables(_) => "a list of [[tables]]".to_string(),
        Item::Table(_) => "a table".to_string(),
        Item::None => "nothing".to_string(),
    }
}

/// `chars` with the characters that would change how the terminal shows what follows them (a
/// control, or a mark that turns the text right to left) written as escapes, `\u{202e}`.
fn printable(chars: impl Iterator<Item = char>) -> String {
    let reorders = |c: char| matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    chars
        .map(|c| {
            if c.is_control() || reorders(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use toml_edit::DocumentMut;

    static SIDE: Setting = Setting {
        path: &["box", "side"],
        label: "Side",
        about: "",
        kind: Kind::Number { min: 1, max: 100 },
        default: SettingValue::Number(10),
        max_now: None,
    };

    /// At most the side squared less one.
    static MARKS: Setting = Setting {
        path: &["box", "inner", "marks"],
        label: "Marks",
        about: "",
        kind: Kind::Number {
            min: 1,
            max: 10_000,
        },
        default: SettingValue::Number(20),
        max_now: Some(|settings| settings.number(&SIDE).pow(2) - 1),
    };

    static LIST: &[&Setting] = &[&THEME, &BELL, &SIDE, &MARKS];

    fn decode(text: &str) -> (Settings, Vec<String>) {
        let doc: DocumentMut = text.parse().unwrap();
        let mut notices = Vec::new();
        (
            Settings::decode(doc.as_table(), LIST, &mut notices),
            notices,
        )
    }

    #[test]
    fn missing_keys_take_defaults_quietly() {
        let (settings, notices) = decode("");
        assert_eq!(settings, Settings::defaults(LIST));
        assert!(notices.is_empty());
    }

    #[test]
    fn a_bad_value_falls_back_with_a_notice() {
        let (settings, notices) = decode("[general]\ntheme = \"purple\"\n");
        assert_eq!(settings.choice(&THEME), "auto");
        assert_eq!(notices.len(), 1);
        assert!(notices[0].contains("general.theme"), "{notices:?}");
        let (_, notices) = decode("[general]\ntheme = 3\n");
        assert_eq!(notices.len(), 1);
    }

    #[test]
    fn a_bad_value_is_shown_alone_short_and_unable_to_turn_the_text() {
        let (_, notices) = decode("[general]\ntheme = \"neon\"  # inline\n");
        assert_eq!(
            notices,
            [
                "setting general.theme = \"neon\" is not one of auto, color, mono, ascii, light, \
              dark; using auto"
            ]
        );
        let long = "x".repeat(1 << 20);
        let (_, notices) = decode(&format!("[general]\ntheme = \"{long}\"\n"));
        assert!(notices[0].len() < 200, "{}", notices[0].len());
        assert!(
            notices[0].contains("(1048578 characters)"),
            "{}",
            notices[0]
        );
        let (_, notices) = decode("[general]\ntheme = \"中文🎮\u{202e}RTL\"\n");
        assert!(
            notices[0].contains("\"中文🎮\\u{202e}RTL\""),
            "{}",
            notices[0]
        );
        assert!(!notices[0].contains('\u{202e}'));
    }

    #[test]
    fn a_section_of_the_wrong_shape_gets_one_notice_and_defaults() {
        for (text, section) in [
            ("general = 5\n", "general = 5 is not a table"),
            ("box = \"x\"\n", "box = \"x\" is not a table"),
            (
                "[[box]]\nside = 5\n",
                "box = a list of [[tables]] is not a table",
            ),
            (
                "[box]\ninner = \"16x30\"\n",
                "box.inner = \"16x30\" is not a table",
            ),
        ] {
            let (settings, mut notices) = decode(text);
            assert_eq!(settings, Settings::defaults(LIST), "{text}");
            notices.dedup();
            assert_eq!(notices.len(), 1, "{text}: {notices:?}");
            assert!(notices[0].starts_with(section), "{notices:?}");
        }
    }

    #[test]
    fn a_bound_number_must_fit_what_bounds_it() {
        let (settings, notices) = decode("[box]\nside = 4\ninner = { marks = 20 }\n");
        assert_eq!(settings.number(&MARKS), 15);
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert_eq!(settings.limits(&MARKS), (1, 15));
        let changes = settings.changes_for(&SIDE, SettingValue::Number(3));
        assert_eq!(changes.len(), 2);
        assert_eq!(changes[1].path, ["box", "inner", "marks"]);
        assert!(matches!(&changes[1].op, Op::Set(v) if v.as_integer() == Some(8)));
        assert_eq!(
            settings.changes_for(&SIDE, SettingValue::Number(9)).len(),
            1
        );
    }

    #[test]
    fn choices_wrap_and_numbers_stop_at_limits() {
        let (settings, _) = decode("[general]\ntheme = \"ascii\"\n[box]\nside = 97\n");
        assert_eq!(settings.stepped(&THEME, 1), SettingValue::Choice("light"));
        assert_eq!(settings.stepped(&THEME, 3), SettingValue::Choice("auto"));
        assert_eq!(settings.stepped(&THEME, -1), SettingValue::Choice("mono"));
        assert_eq!(settings.stepped(&SIDE, 5), SettingValue::Number(100));
        assert_eq!(settings.stepped(&SIDE, -99), SettingValue::Number(1));
        assert_eq!(settings.stepped(&BELL, 1), SettingValue::Toggle(true));
    }

    #[test]
    fn a_pin_holds_for_the_session_over_the_file() {
        let (mut settings, _) = decode("[box]\nside = 7\n");
        settings.pin(&SIDE, SettingValue::Number(3));
        assert_eq!(settings.number(&SIDE), 3);
        assert_eq!(settings.saved(&SIDE), SettingValue::Number(7));
        assert!(settings.any_pinned(&[&SIDE]));
        let (read_again, _) = decode("[box]\nside = 8\n");
        let read_again = read_again.with_pins_of(&settings);
        assert_eq!(read_again.number(&SIDE), 3);
        settings.unpin(&[&SIDE]);
        assert_eq!(settings.number(&SIDE), 7);
    }
}
