//! Minesweeper in a real terminal (tmux), played with the mouse: `grid-arcade minesweeper --seed N`
//! won with left, right and middle clicks and a left+right chord, lost on purpose in the ASCII
//! theme, left for the menu and resumed; the records are then read from the file.
//!
//! The test keeps its own copy of the game, made from the same seed, and knows the mines from the
//! rules (`place_mines` with the same seed and first cell). Where to click comes from the layout
//! the program itself uses, and after each step the captured screen must show, cell by cell, what
//! the copy shows.

mod common;

use std::thread::sleep;
use std::time::{Duration, Instant};

use common::{Cells, Tmux, menu_line};
use grid_arcade::games::minesweeper::{
    BoardSize, CellView, Difficulty, FirstClick, GameOptions, MineField, Pos, Status, place_mines,
};
use grid_arcade::play::minesweeper::{Session, Setup};
use grid_arcade::ui::minesweeper::MinesweeperScreen;
use grid_arcade::ui::minesweeper::layout::BoardLayout;
use ratatui::layout::Rect;

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;
const SEED: u64 = 7;
const SEED_TEXT: &str = "7";
/// Where the first click goes: the middle of a beginner board.
const FIRST: Pos = Pos::new(4, 4);

/// SGR mouse buttons.
const LEFT: u8 = 0;
const MIDDLE: u8 = 1;
const RIGHT: u8 = 2;

/// How long the game is left for the menu while its clock must stand still.
const MENU_STAY: Duration = Duration::from_secs(1);

/// The characters of the board as each theme draws them.
struct Glyphs {
    hidden: char,
    flag: char,
    question: char,
    mine: char,
    exploded: char,
    wrong_flag: char,
    /// The board border's corners: top left, top right, bottom left, bottom right.
    corners: [char; 4],
}

const UNICODE: Glyphs = Glyphs {
    hidden: '■',
    flag: '⚑',
    question: '?',
    mine: '✱',
    exploded: '✱',
    wrong_flag: '✗',
    corners: ['╭', '╮', '╰', '╯'],
};

/// The classic console letters.
const ASCII: Glyphs = Glyphs {
    hidden: '#',
    flag: 'F',
    question: '?',
    mine: '*',
    exploded: 'X',
    wrong_flag: 'f',
    corners: ['+', '+', '+', '+'],
};

impl Glyphs {
    fn of(&self, view: CellView) -> char {
        match view {
            CellView::Hidden => self.hidden,
            CellView::Flagged => self.flag,
            CellView::Question => self.question,
            CellView::Revealed(0) => ' ',
            CellView::Revealed(n) => char::from(b'0' + n),
            CellView::Mine => self.mine,
            CellView::ExplodedMine => self.exploded,
            CellView::WrongFlag => self.wrong_flag,
        }
    }
}

/// A beginner game in tmux and the test's own copy of it.
struct Player {
    tmux: Tmux,
    /// The same screen state the program starts with; only its game is played, move for move.
    model: MinesweeperScreen,
    /// The mines the rules place for `SEED` and `FIRST`.
    mines: MineField,
    glyphs: &'static Glyphs,
}

impl Player {
    fn start(config: Option<&str>, glyphs: &'static Glyphs) -> Player {
        let args = ["minesweeper", "--seed", SEED_TEXT];
        let tmux = match config {
            Some(config) => Tmux::start_with_config(WIDTH, HEIGHT, &args, config),
            None => Tmux::start(WIDTH, HEIGHT, &args),
        };
        let setup = Setup {
            difficulty: Difficulty::Beginner,
            size: BoardSize::BEGINNER,
            options: GameOptions {
                first_click: FirstClick::Opening,
                question_marks: false,
            },
        };
        let player = Player {
            tmux,
            model: MinesweeperScreen::new(Session::new(setup, SEED, None)),
            mines: place_mines(BoardSize::BEGINNER, SEED, FIRST, FirstClick::Opening).unwrap(),
            glyphs,
        };
        // The program draws in the whole pane (no notice shows), so that is the layout's area.
        player.tmux.assert_size(WIDTH, HEIGHT);
        let screen = player.tmux.wait_for("Beginner 9x9, 10 mines");
        player.assert_frame(&screen);
        player.wait_agrees();
        player
    }

    fn layout(&self) -> BoardLayout {
        self.model.layout(Rect::new(0, 0, WIDTH, HEIGHT))
    }

    /// The terminal cell where `pos` shows its glyph: the middle of the cell.
    fn at(&self, pos: Pos) -> (u16, u16) {
        let rect = self
            .layout()
            .cell_rect(pos)
            .expect("the whole board is in view");
        let glyph = BoardLayout::glyph_at(rect);
        (glyph.x, glyph.y)
    }

    fn is_mine(&self, pos: Pos) -> bool {
        self.mines.is_mine(pos)
    }

    fn positions(&self) -> impl Iterator<Item = Pos> + use<> {
        self.mines.grid().positions()
    }

    fn neighbours(&self, pos: Pos) -> impl Iterator<Item = Pos> + use<> {
        self.mines.grid().neighbours(pos)
    }

    fn view(&self, pos: Pos) -> CellView {
        self.model.session.game.cell(pos)
    }

    fn hidden_count(&self) -> usize {
        self.positions()
            .filter(|p| self.view(*p) == CellView::Hidden)
            .count()
    }

    /// Clicks `button` on `pos` and plays the same move on the copy. A left click reveals (or
    /// chords, on a number), a right click flags, a middle click chords.
    fn click(&mut self, button: u8, pos: Pos) {
        let (x, y) = self.at(pos);
        self.tmux.click_button(button, x, y);
        let game = &mut self.model.session.game;
        let outcome = match button {
            LEFT => game.reveal(pos),
            RIGHT => game.toggle_flag(pos),
            MIDDLE => game.chord(pos),
            _ => unreachable!(),
        };
        assert!(
            outcome.changed,
            "button {button} on {pos:?} changed nothing"
        );
    }

    /// Left and right pressed together on `pos`: the first release (right) chords while left is
    /// still down, and the second (left) does nothing, which the click count shows at the end.
    fn chord_with_both_buttons(&mut self, pos: Pos) {
        let (x, y) = self.at(pos);
        self.tmux.press(LEFT, x, y);
        self.tmux.press(RIGHT, x, y);
        self.tmux.release(RIGHT, x, y);
        assert!(
            self.model.session.game.chord(pos).changed,
            "the chord on {pos:?}"
        );
        self.wait_agrees();
        self.tmux.release(LEFT, x, y);
    }

    /// A revealed number whose chord would open safe cells once its mines are flagged, other than
    /// `not`; with the mines around it that still need a flag.
    fn chord_target(&self, not: Option<Pos>) -> (Pos, Vec<Pos>) {
        self.positions()
            .filter(|p| Some(*p) != not && matches!(self.view(*p), CellView::Revealed(1..)))
            .find_map(|p| {
                let hidden: Vec<Pos> = self
                    .neighbours(p)
                    .filter(|q| self.view(*q) == CellView::Hidden)
                    .collect();
                let unflagged_mines: Vec<Pos> = hidden
                    .iter()
                    .copied()
                    .filter(|q| self.is_mine(*q))
                    .collect();
                (hidden.len() > unflagged_mines.len()).then_some((p, unflagged_mines))
            })
            .expect("a number that a chord can open around")
    }

    /// The board as the captured screen shows it, one string per row.
    fn shown(&self, screen: &str) -> Vec<String> {
        let cells = Cells::of(screen);
        let game = &self.model.session.game;
        (0..game.rows())
            .map(|row| {
                (0..game.cols())
                    .map(|col| {
                        let (x, y) = self.at(Pos::new(row, col));
                        cells.at(x, y)
                    })
                    .collect()
            })
            .collect()
    }

    /// The board as the copy says it must look.
    fn expected(&self) -> Vec<String> {
        let game = &self.model.session.game;
        (0..game.rows())
            .map(|row| {
                (0..game.cols())
                    .map(|col| self.glyphs.of(self.view(Pos::new(row, col))))
                    .collect()
            })
            .collect()
    }

    /// Waits until every cell on screen shows what the copy shows; returns the screen.
    fn wait_agrees(&self) -> String {
        let expected = self.expected();
        let screen = self.tmux.wait_until(
            &format!("the board to show (· hidden):\n{}\n", expected.join("|\n")),
            |screen| self.shown(screen) == expected,
        );
        self.assert_frame(&screen);
        screen
    }

    /// The board's border is where the layout says.
    fn assert_frame(&self, screen: &str) {
        let frame = self.layout().frame;
        let cells = Cells::of(screen);
        let corners = [
            (frame.x, frame.y),
            (frame.right() - 1, frame.y),
            (frame.x, frame.bottom() - 1),
            (frame.right() - 1, frame.bottom() - 1),
        ];
        for ((x, y), corner) in corners.into_iter().zip(self.glyphs.corners) {
            assert_eq!(
                cells.get(x, y),
                Some(corner),
                "the border's corner at column {x}, row {y}:\n{screen}"
            );
        }
    }

    /// Leaves the game for the menu (Esc), quits from there (q), and returns the saved file.
    fn quit(&self) -> toml::Table {
        self.tmux
            .leave_and_quit("Escape", "a finished game is not offered again")
    }
}

/// The clock on the status line, in seconds ("… mines unflagged   12.3 s").
fn clock(screen: &str) -> f64 {
    screen
        .lines()
        .find_map(|line| line.split("mines unflagged").nth(1))
        .and_then(|rest| rest.trim().strip_suffix(" s"))
        .and_then(|seconds| seconds.trim().parse().ok())
        .unwrap_or_else(|| panic!("no clock on the status line:\n{screen}"))
}

/// `[records.minesweeper.beginner]` of the saved file.
fn beginner_record(file: &toml::Table) -> &toml::Table {
    file.get("records")
        .and_then(|r| r.get("minesweeper"))
        .and_then(|r| r.get("beginner"))
        .and_then(toml::Value::as_table)
        .unwrap_or_else(|| panic!("no [records.minesweeper.beginner]:\n{file}"))
}

fn integer(table: &toml::Table, key: &str) -> Option<i64> {
    table.get(key).and_then(toml::Value::as_integer)
}

#[test]
fn a_game_won_with_the_mouse_is_recorded_with_its_seed() {
    let mut player = Player::start(None, &UNICODE);

    player.click(LEFT, FIRST);
    player.wait_agrees();
    assert_eq!(player.model.session.game.status(), Status::Playing);

    // Flag the mines around a number with right clicks, then chord it with the middle button.
    let (number, mines) = player.chord_target(None);
    assert!(!mines.is_empty(), "nothing is flagged yet");
    for mine in &mines {
        player.click(RIGHT, *mine);
    }
    let screen = player.wait_agrees();
    let unflagged = 10 - mines.len();
    assert!(
        screen.contains(&format!("{unflagged} mines unflagged")),
        "{screen}"
    );
    let hidden = player.hidden_count();
    player.click(MIDDLE, number);
    player.wait_agrees();
    assert!(player.hidden_count() < hidden, "the middle click chorded");

    // Another number, chorded with left and right pressed together.
    let (number, mines) = player.chord_target(Some(number));
    for mine in &mines {
        player.click(RIGHT, *mine);
    }
    let hidden = player.hidden_count();
    player.chord_with_both_buttons(number);
    player.wait_agrees();
    assert!(player.hidden_count() < hidden, "left+right chorded");

    // Every other safe cell, with left clicks.
    for pos in player.positions().collect::<Vec<_>>() {
        if !player.is_mine(pos) && player.view(pos) == CellView::Hidden {
            player.click(LEFT, pos);
        }
    }
    assert_eq!(player.model.session.game.status(), Status::Won);
    let screen = player.wait_agrees();
    // No room beside the board at 80x24: the result takes the status line.
    assert!(screen.contains("Won in"), "{screen}");
    assert!(screen.contains("New best for Beginner!"), "{screen}");
    // One click per move: neither the middle release nor the left release after the left+right
    // chord counted as another.
    let clicks = format!("clicks {}", player.model.session.game.clicks());
    assert!(screen.contains(&clicks), "{clicks:?}:\n{screen}");

    let file = player.quit();
    let record = beginner_record(&file);
    assert_eq!(integer(record, "played"), Some(1), "{record}");
    assert_eq!(integer(record, "won"), Some(1), "{record}");
    let best = record
        .get("best")
        .and_then(toml::Value::as_table)
        .unwrap_or_else(|| panic!("no best time: {record}"));
    assert_eq!(integer(best, "seed"), Some(SEED as i64), "{best}");
    assert!(integer(best, "time_ms").is_some_and(|t| t > 0), "{best}");
}

#[test]
fn a_game_lost_on_purpose_shows_the_classic_letters_and_counts_as_played() {
    let mut player = Player::start(Some("[general]\ntheme = \"ascii\"\n"), &ASCII);
    player.click(LEFT, FIRST);
    player.wait_agrees();

    let mines: Vec<Pos> = player.mines.mines().collect();
    let (flagged, exploded) = (mines[1], mines[0]);
    let wrong = player
        .positions()
        .find(|p| !player.is_mine(*p) && player.view(*p) == CellView::Hidden)
        .expect("a hidden safe cell");
    player.click(RIGHT, flagged);
    player.click(RIGHT, wrong);
    player.wait_agrees();
    player.click(LEFT, exploded);
    assert_eq!(player.model.session.game.status(), Status::Lost);
    let screen = player.wait_agrees();
    assert!(screen.contains("Boom. Lost after"), "{screen}");

    // Each kind of cell, where it must be.
    let shown = player.shown(&screen);
    let glyph = |pos: Pos| shown[pos.row].chars().nth(pos.col).unwrap();
    assert_eq!(glyph(exploded), 'X', "{screen}");
    assert_eq!(glyph(flagged), 'F', "{screen}");
    assert_eq!(glyph(wrong), 'f', "{screen}");
    for other in &mines[2..] {
        assert_eq!(glyph(*other), ASCII.mine, "{other:?}\n{screen}");
    }
    let still_hidden = player
        .positions()
        .find(|p| !player.is_mine(*p) && player.view(*p) == CellView::Hidden)
        .expect("a safe cell left hidden");
    assert_eq!(glyph(still_hidden), ASCII.hidden, "{screen}");

    let file = player.quit();
    let record = beginner_record(&file);
    assert_eq!(integer(record, "played"), Some(1), "{record}");
    assert_eq!(integer(record, "won").unwrap_or(0), 0, "{record}");
    assert_eq!(integer(record, "streak"), Some(0), "{record}");
    assert!(record.get("best").is_none(), "no best time: {record}");
}

#[test]
fn esc_leaves_for_the_menu_which_offers_to_resume_the_same_board() {
    let mut player = Player::start(None, &UNICODE);
    player.click(LEFT, FIRST);
    let mine = player
        .positions()
        .find(|p| {
            player.is_mine(*p)
                && player
                    .neighbours(*p)
                    .any(|q| player.view(q) != CellView::Hidden)
        })
        .expect("a mine next to the opening");
    player.click(RIGHT, mine);
    let before = player.wait_agrees();
    let left_at = Instant::now();
    let clock_before = clock(&before);

    player.tmux.keys(&["Escape"]);
    let menu = player.tmux.wait_for("resume");
    let line = menu_line(&menu, "Minesweeper");
    assert!(
        line.contains("▸1 Minesweeper  resume"),
        "Minesweeper is selected and offered to resume:\n{menu}"
    );

    // Time in the menu does not count: stay there a while and compare the clock's advance with
    // the time that passed. (Each reading is late by at most a tick and its truncated tenth.)
    sleep(MENU_STAY.saturating_sub(left_at.elapsed()));
    player.tmux.keys(&["Enter"]);
    let after = player.wait_agrees();
    let away = left_at.elapsed().as_secs_f64();
    let advance = clock(&after) - clock_before;
    assert!(
        advance < away - MENU_STAY.as_secs_f64() / 2.0,
        "the clock went on by {advance:.1} s in {away:.2} s, of which {MENU_STAY:?} in the menu"
    );
    assert_eq!(player.shown(&after), player.shown(&before));
    assert!(after.contains("9 mines unflagged"), "{after}");
    // The same game goes on: the next reveal opens what the same board opens.
    let safe = player
        .positions()
        .find(|p| !player.is_mine(*p) && player.view(*p) == CellView::Hidden)
        .expect("a hidden safe cell");
    player.click(LEFT, safe);
    player.wait_agrees();

    // Quitting keeps the game: nothing is recorded, and the next start offers it again, with the
    // same board and the clock where it stopped.
    let before = player.wait_agrees();
    player.tmux.keys(&["q"]);
    assert_eq!(player.tmux.wait_exit(), 0);
    let config = player.tmux.config();
    assert!(!config.contains("[records.minesweeper"), "{config}");
    player.tmux.restart(WIDTH, HEIGHT, &[]);
    let menu = player.tmux.wait_for("q quit");
    assert!(
        menu_line(&menu, "Minesweeper").contains("resume"),
        "the saved game is offered:\n{menu}"
    );
    player.tmux.keys(&["Enter"]);
    let after = player.wait_agrees();
    assert_eq!(player.shown(&after), player.shown(&before));
    let advance = clock(&after) - clock(&before);
    assert!(
        (0.0..1.0).contains(&advance),
        "the clock goes on from where it stopped: {} then {}",
        clock(&before),
        clock(&after)
    );
}
