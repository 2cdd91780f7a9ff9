//! Minesweeper's settings, what a new game is made of (its setup), and the command line's
//! options, which hold settings for the session.

use clap::{ArgMatches, Args, FromArgMatches};

use crate::games::minesweeper::{BoardSize, Difficulty, FirstClick, GameOptions};
use crate::play::Pins;
use crate::store::settings::{Kind, Setting, SettingValue, Settings};

pub static DIFFICULTY: Setting = Setting {
    path: &["minesweeper", "difficulty"],
    label: "Difficulty",
    about: "beginner 9x9/10, medium 16x16/40, expert 20x25/99, classic 16x30/99, custom",
    kind: Kind::Choice(&["beginner", "medium", "expert", "classic", "custom"]),
    default: SettingValue::Choice("beginner"),
    max_now: None,
};

pub static CUSTOM_ROWS: Setting = Setting {
    path: &["minesweeper", "custom", "rows"],
    label: "Custom rows",
    about: "rows of the custom board, 5 to 1000",
    kind: Kind::Number { min: 5, max: 1000 },
    default: SettingValue::Number(16),
    max_now: None,
};

pub static CUSTOM_COLS: Setting = Setting {
    path: &["minesweeper", "custom", "cols"],
    label: "Custom columns",
    about: "columns of the custom board, 5 to 1000",
    kind: Kind::Number { min: 5, max: 1000 },
    default: SettingValue::Number(30),
    max_now: None,
};

/// At most rows x columns - 9, so that a first click can always open an area.
pub static CUSTOM_MINES: Setting = Setting {
    path: &["minesweeper", "custom", "mines"],
    label: "Custom mines",
    about: "mines on the custom board, 1 to rows x columns - 9",
    kind: Kind::Number {
        min: 1,
        max: 1000 * 1000 - 9,
    },
    default: SettingValue::Number(99),
    max_now: Some(|settings| settings.number(&CUSTOM_ROWS) * settings.number(&CUSTOM_COLS) - 9),
};

pub static FIRST_CLICK: Setting = Setting {
    path: &["minesweeper", "first_click"],
    label: "First click",
    about: "opening: first cell and neighbours mine-free; safe: the cell; no-guess: solvable by logic",
    kind: Kind::Choice(&["opening", "safe", "no-guess"]),
    default: SettingValue::Choice("opening"),
    max_now: None,
};

pub static QUESTION_MARKS: Setting = Setting {
    path: &["minesweeper", "question_marks"],
    label: "Question marks",
    about: "the flag key cycles flag, ?, blank",
    kind: Kind::Toggle,
    default: SettingValue::Toggle(false),
    max_now: None,
};

pub static NUMBERS: Setting = Setting {
    path: &["minesweeper", "numbers"],
    label: "Number colours",
    about: "colorblind: Okabe-Ito colours that every kind of colour vision tells apart",
    kind: Kind::Choice(&["classic", "colorblind"]),
    default: SettingValue::Choice("classic"),
    max_now: None,
};

pub static AUTOPLAY_SPEED: Setting = Setting {
    path: &["minesweeper", "autoplay_speed"],
    label: "Autoplay speed",
    about: "moves a second when the computer plays (the A key)",
    kind: Kind::Number { min: 1, max: 60 },
    default: SettingValue::Number(10),
    max_now: None,
};

pub static SETTINGS: &[&Setting] = &[
    &DIFFICULTY,
    &CUSTOM_ROWS,
    &CUSTOM_COLS,
    &CUSTOM_MINES,
    &FIRST_CLICK,
    &QUESTION_MARKS,
    &NUMBERS,
    &AUTOPLAY_SPEED,
];

/// What a new game is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub difficulty: Difficulty,
    pub size: BoardSize,
    pub options: GameOptions,
}

impl Setup {
    pub fn from_settings(settings: &Settings) -> Setup {
        let difficulty = settings
            .choice(&DIFFICULTY)
            .parse()
            .unwrap_or(Difficulty::Beginner);
        let custom = BoardSize::new(
            settings.number(&CUSTOM_ROWS) as usize,
            settings.number(&CUSTOM_COLS) as usize,
            settings.number(&CUSTOM_MINES) as usize,
        )
        .unwrap_or(BoardSize::EXPERT);
        Setup {
            difficulty,
            size: difficulty.preset().unwrap_or(custom),
            options: GameOptions {
                first_click: first_click(settings.choice(&FIRST_CLICK)),
                question_marks: settings.toggle(&QUESTION_MARKS),
            },
        }
    }

    /// The key of this board in the records.
    pub fn variant(&self) -> String {
        super::record::variant_key(
            self.difficulty.name(),
            self.size.rows() as u64,
            self.size.cols() as u64,
            self.size.mines() as u64,
            self.options.first_click.name(),
        )
    }

    /// The level's name as players read it.
    pub fn name(&self) -> &'static str {
        match self.difficulty {
            Difficulty::Custom => "Custom",
            Difficulty::Beginner => "Beginner",
            Difficulty::Medium => "Medium",
            Difficulty::Expert => "Expert",
            Difficulty::Classic => "Classic",
        }
    }

    pub fn title(&self) -> String {
        format!(
            "{} {}x{}, {} mines",
            self.name(),
            self.size.rows(),
            self.size.cols(),
            self.size.mines()
        )
    }

    /// The settings that make this board, for a session that holds it.
    pub fn pins(&self) -> Pins {
        let mut pins = vec![
            (&DIFFICULTY, SettingValue::Choice(self.difficulty.name())),
            (
                &FIRST_CLICK,
                SettingValue::Choice(self.options.first_click.name()),
            ),
        ];
        if self.difficulty.preset().is_none() {
            let number = |n: usize| SettingValue::Number(n as i64);
            pins.extend([
                (&CUSTOM_ROWS, number(self.size.rows())),
                (&CUSTOM_COLS, number(self.size.cols())),
                (&CUSTOM_MINES, number(self.size.mines())),
            ]);
        }
        pins
    }
}

/// The first-click mode of a setting's name; names come checked from the settings or the
/// command line, so anything else means the default.
pub fn first_click(name: &str) -> FirstClick {
    name.parse().unwrap_or_default()
}

#[derive(Debug, Args)]
pub struct Options {
    /// beginner (9x9, 10 mines), medium (16x16, 40), expert (20x25, 99) or classic (16x30, 99:
    /// the expert board of other Minesweepers)
    #[arg(long, value_parser = ["beginner", "medium", "expert", "classic"], conflicts_with = "rows")]
    pub difficulty: Option<String>,
    /// Rows of a custom board, 5 to 1000 (with --cols and --mines)
    #[arg(long, value_name = "R", requires_all = ["cols", "mines"])]
    pub rows: Option<usize>,
    /// Columns of a custom board, 5 to 1000
    #[arg(long, value_name = "C", requires_all = ["rows", "mines"])]
    pub cols: Option<usize>,
    /// Mines on a custom board, 1 to rows x columns - 9
    #[arg(long, value_name = "M", requires_all = ["rows", "cols"])]
    pub mines: Option<usize>,
    /// opening: the first cell and its neighbours are mine-free; safe: only the cell; no-guess: a
    /// board that logic alone clears from the first click
    #[arg(long = "first-click", value_parser = ["opening", "safe", "no-guess"])]
    pub first_click: Option<String>,
}

/// The settings the command line's options hold for the session.
pub fn pins(matches: &ArgMatches) -> Result<Pins, String> {
    let options = Options::from_arg_matches(matches).map_err(|e| e.to_string())?;
    let mut pins = Pins::new();
    if let Some(name) = &options.difficulty {
        let difficulty: Difficulty = name.parse().map_err(|e| format!("{e}"))?;
        pins.push((&DIFFICULTY, SettingValue::Choice(difficulty.name())));
    }
    if let (Some(rows), Some(cols), Some(mines)) = (options.rows, options.cols, options.mines) {
        let size = BoardSize::new(rows, cols, mines).map_err(|e| e.to_string())?;
        let number = |n: usize| SettingValue::Number(n as i64);
        pins.extend([
            (&DIFFICULTY, SettingValue::Choice(Difficulty::Custom.name())),
            (&CUSTOM_ROWS, number(size.rows())),
            (&CUSTOM_COLS, number(size.cols())),
            (&CUSTOM_MINES, number(size.mines())),
        ]);
    }
    if let Some(name) = &options.first_click {
        pins.push((&FIRST_CLICK, SettingValue::Choice(first_click(name).name())));
    }
    Ok(pins)
}

#[cfg(test)]
mod tests {
    use super::*;
    use toml_edit::DocumentMut;

    fn decode(text: &str) -> (Settings, Vec<String>) {
        let doc: DocumentMut = text.parse().unwrap();
        let mut notices = Vec::new();
        (
            Settings::decode(doc.as_table(), SETTINGS, &mut notices),
            notices,
        )
    }

    #[test]
    fn custom_mines_must_fit_the_custom_board() {
        let (settings, notices) =
            decode("[minesweeper]\ncustom = { rows = 5, cols = 5, mines = 20 }\n");
        assert_eq!(settings.number(&CUSTOM_MINES), 16);
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert_eq!(settings.limits(&CUSTOM_MINES), (1, 16));
    }

    #[test]
    fn a_smaller_custom_board_lowers_the_mine_count() {
        let (settings, _) = decode("");
        let changes = settings.changes_for(&CUSTOM_COLS, SettingValue::Number(5));
        assert_eq!(changes.len(), 2);
        assert_eq!(changes[1].path, ["minesweeper", "custom", "mines"]);
        assert_eq!(
            settings
                .changes_for(&CUSTOM_ROWS, SettingValue::Number(9))
                .len(),
            1
        );
    }

    #[test]
    fn a_board_pinned_is_the_setup_of_new_games() {
        let (mut settings, _) = decode("");
        let setup = Setup {
            difficulty: Difficulty::Custom,
            size: BoardSize::new(6, 7, 8).unwrap(),
            options: GameOptions {
                first_click: FirstClick::Safe,
                question_marks: false,
            },
        };
        for (setting, value) in setup.pins() {
            settings.pin(setting, value);
        }
        assert_eq!(Setup::from_settings(&settings), setup);
    }
}
