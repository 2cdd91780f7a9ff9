//! Every setting of the file in one list: where it lives, what it may hold, its default. The
//! settings screen, the decoder and the documentation test all read this list, so a setting added
//! here is editable, validated and checked against `config.example.toml` at once.

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
};

pub static BELL: Setting = Setting {
    path: &["general", "bell"],
    label: "Bell",
    about: "the terminal's bell rings when a game is won or lost",
    kind: Kind::Toggle,
    default: SettingValue::Toggle(false),
};

pub static MINES_DIFFICULTY: Setting = Setting {
    path: &["minesweeper", "difficulty"],
    label: "Difficulty",
    about: "beginner 9x9/10, medium 16x16/40, expert 20x25/99, classic 16x30/99, custom",
    kind: Kind::Choice(&["beginner", "medium", "expert", "classic", "custom"]),
    default: SettingValue::Choice("beginner"),
};

pub static MINES_CUSTOM_ROWS: Setting = Setting {
    path: &["minesweeper", "custom", "rows"],
    label: "Custom rows",
    about: "rows of the custom board, 5 to 1000",
    kind: Kind::Number { min: 5, max: 1000 },
    default: SettingValue::Number(16),
};

pub static MINES_CUSTOM_COLS: Setting = Setting {
    path: &["minesweeper", "custom", "cols"],
    label: "Custom columns",
    about: "columns of the custom board, 5 to 1000",
    kind: Kind::Number { min: 5, max: 1000 },
    default: SettingValue::Number(30),
};

/// At most rows x columns - 9, so that a first click can always open an area; see [`Settings::limits`].
pub static MINES_CUSTOM_MINES: Setting = Setting {
    path: &["minesweeper", "custom", "mines"],
    label: "Custom mines",
    about: "mines on the custom board, 1 to rows x columns - 9",
    kind: Kind::Number {
        min: 1,
        max: 1000 * 1000 - 9,
    },
    default: SettingValue::Number(99),
};

pub static MINES_FIRST_CLICK: Setting = Setting {
    path: &["minesweeper", "first_click"],
    label: "First click",
    about: "opening: first cell and neighbours mine-free; safe: the cell; no-guess: solvable by logic",
    kind: Kind::Choice(&["opening", "safe", "no-guess"]),
    default: SettingValue::Choice("opening"),
};

pub static MINES_QUESTION_MARKS: Setting = Setting {
    path: &["minesweeper", "question_marks"],
    label: "Question marks",
    about: "the flag key cycles flag, ?, blank",
    kind: Kind::Toggle,
    default: SettingValue::Toggle(false),
};

pub static MINES_NUMBERS: Setting = Setting {
    path: &["minesweeper", "numbers"],
    label: "Number colours",
    about: "colorblind: Okabe-Ito colours that every kind of colour vision tells apart",
    kind: Kind::Choice(&["classic", "colorblind"]),
    default: SettingValue::Choice("classic"),
};

pub static TTT_BOARD: Setting = Setting {
    path: &["tictactoe", "board"],
    label: "Board",
    about: "3x3 with three in a row, 4x4 with four, 5x5 with four",
    kind: Kind::Choice(&["3x3", "4x4", "5x5"]),
    default: SettingValue::Choice("3x3"),
};

pub static TTT_OPPONENT: Setting = Setting {
    path: &["tictactoe", "opponent"],
    label: "Opponent",
    about: "the computer's strength, or human for two players at one keyboard",
    kind: Kind::Choice(&["easy", "medium", "hard", "human"]),
    default: SettingValue::Choice("medium"),
};

pub static TTT_PLAY_AS: Setting = Setting {
    path: &["tictactoe", "play_as"],
    label: "Play as",
    about: "your mark against the computer; alternate swaps who starts every game",
    kind: Kind::Choice(&["alternate", "x", "o"]),
    default: SettingValue::Choice("alternate"),
};

pub static TTT_KEYPAD: Setting = Setting {
    path: &["tictactoe", "keypad"],
    label: "Digit layout",
    about: "digits 1-9 on 3x3: phone puts 1 top left, numpad puts 7 top left",
    kind: Kind::Choice(&["phone", "numpad"]),
    default: SettingValue::Choice("phone"),
};

pub static T48_SIZE: Setting = Setting {
    path: &["2048", "size"],
    label: "Board size",
    about: "board of 3x3 to 8x8 (the win tile is 512 on 3x3, 2048 otherwise)",
    kind: Kind::Number { min: 3, max: 8 },
    default: SettingValue::Number(4),
};

pub static T48_ANIMATIONS: Setting = Setting {
    path: &["2048", "animations"],
    label: "Animations",
    about: "tiles slide, merged tiles flash, new tiles appear",
    kind: Kind::Toggle,
    default: SettingValue::Toggle(true),
};

pub static T48_AUTOPLAY_SPEED: Setting = Setting {
    path: &["2048", "autoplay_speed"],
    label: "Autoplay speed",
    about: "moves a second when the computer plays (the a key)",
    kind: Kind::Number { min: 1, max: 60 },
    default: SettingValue::Number(10),
};

pub static T48_COMPUTER: Setting = Setting {
    path: &["2048", "computer"],
    label: "Computer",
    about: "how well hints and autoplay play: fast, or strong (a few ms a move)",
    kind: Kind::Choice(&["fast", "strong"]),
    default: SettingValue::Choice("fast"),
};

/// Every setting, in the order of the settings screen and of `config.example.toml`.
pub static ALL: &[&Setting] = &[
    &THEME,
    &BELL,
    &MINES_DIFFICULTY,
    &MINES_CUSTOM_ROWS,
    &MINES_CUSTOM_COLS,
    &MINES_CUSTOM_MINES,
    &MINES_FIRST_CLICK,
    &MINES_QUESTION_MARKS,
    &MINES_NUMBERS,
    &TTT_BOARD,
    &TTT_OPPONENT,
    &TTT_PLAY_AS,
    &TTT_KEYPAD,
    &T48_SIZE,
    &T48_ANIMATIONS,
    &T48_AUTOPLAY_SPEED,
    &T48_COMPUTER,
];

/// The decoded settings: one value per entry of [`ALL`].
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    values: Vec<SettingValue>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            values: ALL.iter().map(|s| s.default).collect(),
        }
    }
}

impl Settings {
    /// Reads every setting from the file's root table. A missing key takes its default quietly; a
    /// damaged one takes its default with a notice saying which key and what it may hold.
    pub fn decode(root: &Table, notices: &mut Vec<String>) -> Settings {
        let values = ALL
            .iter()
            .map(|setting| match lookup(root, setting.path, notices) {
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
            })
            .collect();
        let mut settings = Settings { values };
        settings.constrain(notices);
        settings
    }

    /// The range a number setting may take now; custom mines depend on the custom board size.
    pub fn limits(&self, setting: &Setting) -> (i64, i64) {
        match setting.kind {
            Kind::Number { min, max } if std::ptr::eq(setting, &MINES_CUSTOM_MINES) => {
                let cells = self.number(&MINES_CUSTOM_ROWS) * self.number(&MINES_CUSTOM_COLS);
                (min, max.min(cells - 9))
            }
            Kind::Number { min, max } => (min, max),
            _ => (0, 0),
        }
    }

    /// Brings values that depend on each other back in range, saying what changed.
    fn constrain(&mut self, notices: &mut Vec<String>) {
        let (_, max) = self.limits(&MINES_CUSTOM_MINES);
        let mines = self.number(&MINES_CUSTOM_MINES);
        if mines > max {
            notices.push(format!(
                "setting {} = {mines} does not fit a {}x{} board; using {max}",
                MINES_CUSTOM_MINES.dotted(),
                self.number(&MINES_CUSTOM_ROWS),
                self.number(&MINES_CUSTOM_COLS),
            ));
            self.values[index(&MINES_CUSTOM_MINES)] = SettingValue::Number(max);
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

    /// The changes that set `setting` to `value`, with the custom mine count lowered when a smaller
    /// custom board no longer holds it.
    pub fn changes_for(&self, setting: &Setting, value: SettingValue) -> Vec<Change> {
        let mut changes = vec![setting.change_to(value)];
        let mut after = self.clone();
        after.values[index(setting)] = value;
        let mines = after.number(&MINES_CUSTOM_MINES);
        if let SettingValue::Number(fitting) = after.clamped(&MINES_CUSTOM_MINES, mines)
            && fitting != mines
        {
            changes.push(MINES_CUSTOM_MINES.change_to(SettingValue::Number(fitting)));
        }
        changes
    }

    pub fn get(&self, setting: &Setting) -> SettingValue {
        self.values[index(setting)]
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
}

/// The position of a setting in [`ALL`]; every setting is listed there.
fn index(setting: &Setting) -> usize {
    ALL.iter()
        .position(|s| std::ptr::eq(*s, setting))
        .expect("every setting is listed in ALL")
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

/// A value as the file writes it, or what kind of thing it is when it is not a plain value.
pub fn shown(item: &Item) -> String {
    match item {
        Item::Value(value) => value.to_string().trim().to_string(),
        Item::ArrayOfTables(_) => "a list of [[tables]]".to_string(),
        Item::Table(_) => "a table".to_string(),
        Item::None => "nothing".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toml_edit::DocumentMut;

    fn decode(text: &str) -> (Settings, Vec<String>) {
        let doc: DocumentMut = text.parse().unwrap();
        let mut notices = Vec::new();
        (Settings::decode(doc.as_table(), &mut notices), notices)
    }

    #[test]
    fn missing_keys_take_defaults_quietly() {
        let (settings, notices) = decode("");
        assert_eq!(settings, Settings::default());
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
    fn a_section_of_the_wrong_shape_gets_one_notice_and_defaults() {
        for (text, section) in [
            ("general = 5\n", "general = 5 is not a table"),
            (
                "minesweeper = \"x\"\n",
                "minesweeper = \"x\" is not a table",
            ),
            (
                "[[\"2048\"]]\nsize = 5\n",
                "2048 = a list of [[tables]] is not a table",
            ),
            (
                "[minesweeper]\ncustom = \"16x30\"\n",
                "minesweeper.custom = \"16x30\" is not a table",
            ),
        ] {
            let (settings, mut notices) = decode(text);
            assert_eq!(settings, Settings::default(), "{text}");
            notices.dedup();
            assert_eq!(notices.len(), 1, "{text}: {notices:?}");
            assert!(notices[0].starts_with(section), "{notices:?}");
        }
    }

    #[test]
    fn custom_mines_must_fit_the_custom_board() {
        let (settings, notices) =
            decode("[minesweeper]\ncustom = { rows = 5, cols = 5, mines = 20 }\n");
        assert_eq!(settings.number(&MINES_CUSTOM_MINES), 16);
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert_eq!(settings.limits(&MINES_CUSTOM_MINES), (1, 16));
    }

    #[test]
    fn choices_wrap_and_numbers_stop_at_limits() {
        let (settings, _) = decode("[general]\ntheme = \"ascii\"\n[2048]\nsize = 7\n");
        assert_eq!(settings.stepped(&THEME, 1), SettingValue::Choice("light"));
        assert_eq!(settings.stepped(&THEME, 3), SettingValue::Choice("auto"));
        assert_eq!(settings.stepped(&THEME, -1), SettingValue::Choice("mono"));
        assert_eq!(settings.stepped(&T48_SIZE, 5), SettingValue::Number(8));
        assert_eq!(settings.stepped(&T48_SIZE, -9), SettingValue::Number(3));
        assert_eq!(
            settings.stepped(&T48_ANIMATIONS, 1),
            SettingValue::Toggle(false)
        );
    }

    #[test]
    fn a_smaller_custom_board_lowers_the_mine_count() {
        let settings = Settings::default();
        let changes = settings.changes_for(&MINES_CUSTOM_COLS, SettingValue::Number(5));
        assert_eq!(changes.len(), 2);
        assert_eq!(changes[1].path, ["minesweeper", "custom", "mines"]);
        assert!(matches!(&changes[1].op, Op::Set(v) if v.as_integer() == Some(16 * 5 - 9)));
        assert_eq!(
            settings
                .changes_for(&MINES_CUSTOM_ROWS, SettingValue::Number(9))
                .len(),
            1
        );
    }
}
