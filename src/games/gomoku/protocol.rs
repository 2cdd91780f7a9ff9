//! The Gomocup (Piskvork) engine protocol: a manager sends commands a line at a time, and Hard
//! answers with its moves. Coordinates are `x,y`, the column and the row from 0.
//!
//! Supported: `START n` (5 to 20), `RESTART`, `BEGIN`, `TURN x,y`, `BOARD` ... `DONE` (fields 1
//! own stone, 2 the opponent's, 3 a cell of a continuous game's finished row, which neither
//! player may use), `TAKEBACK x,y`, `INFO` (`timeout_turn`, `timeout_match`, `time_left` and
//! `rule`, whose bit 1 asks for exactly five; the others are read and ignored), `ABOUT` and `END`.

use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::super::{GameRng, rng_from_seed};
use super::board::Board;
use super::limit::{Budget, Clock};
use super::{Computer, Level, Mark, Pos, Rule, Rules};

/// Speaks the protocol on `input` and `output` until `END` or the end of the input. `seed` seeds
/// the engine's random choices.
pub fn run(input: impl BufRead, mut output: impl Write, seed: u64) -> io::Result<()> {
    let mut engine = Engine {
        rules: None,
        rule: Rule::Freestyle,
        stones: Vec::new(),
        blocked: Vec::new(),
        turn_time: None,
        time_left: None,
        computer: Computer::new(),
        rng: rng_from_seed(seed),
    };
    let mut lines = input.lines();
    while let Some(line) = lines.next() {
        let line = line?;
        let line = line.trim();
        let (command, argument) = line.split_once(' ').unwrap_or((line, ""));
        let argument = argument.trim();
        let answer = match command.to_ascii_uppercase().as_str() {
            "" => continue,
            "END" => break,
            "START" => engine.start(argument),
            "RESTART" => engine.restart(),
            "BEGIN" => engine.reply(),
            "TURN" => match engine.opponent_move(argument) {
                Ok(()) => engine.reply(),
                Err(message) => Some(message),
            },
            "BOARD" => {
                let mut fields = Vec::new();
                for line in lines.by_ref() {
                    let line = line?;
                    if line.trim().eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    fields.push(line);
                }
                match engine.board(&fields) {
                    Ok(()) => engine.reply(),
                    Err(message) => Some(message),
                }
            }
            "TAKEBACK" => Some(engine.take_back(argument)),
            "INFO" => engine.info(argument),
            "ABOUT" => Some(format!(
                "name=\"grid-arcade\", version=\"{}\", author=\"grid-arcade\", country=\"unknown\"",
                env!("CARGO_PKG_VERSION")
            )),
            _ => Some(format!("UNKNOWN command {command}")),
        };
        if let Some(answer) = answer {
            writeln!(output, "{answer}")?;
            output.flush()?;
        }
    }
    Ok(())
}

struct Engine {
    /// Set by `START`.
    rules: Option<Rules>,
    /// Set by `INFO rule`, for this game and the next.
    rule: Rule,
    /// The stones in the order they came, with whether they are the engine's own.
    stones: Vec<(Pos, bool)>,
    blocked: Vec<Pos>,
    turn_time: Option<Duration>,
    time_left: Option<Duration>,
    computer: Computer,
    rng: GameRng,
}

/// Time kept back from the manager's limit for reading, writing and a busy machine.
const SAFETY: Duration = Duration::from_millis(60);

impl Engine {
    fn start(&mut self, argument: &str) -> Option<String> {
        let size: Option<usize> = argument.parse().ok();
        match size.map(|size| Rules::new(size, self.rule)) {
            Some(Ok(rules)) => {
                self.rules = Some(rules);
                self.restart()
            }
            _ => Some(format!(
                "ERROR only square boards of {} to {} are supported",
                Rules::MIN_SIZE,
                Rules::MAX_SIZE
            )),
        }
    }

    fn restart(&mut self) -> Option<String> {
        self.stones.clear();
        self.blocked.clear();
        Some("OK".into())
    }

    fn info(&mut self, argument: &str) -> Option<String> {
        let (key, value) = argument.split_once(' ').unwrap_or((argument, ""));
        let millis = value.trim().parse::<u64>().ok().map(Duration::from_millis);
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => self.turn_time = millis,
            "time_left" => self.time_left = millis,
            "rule" => {
                let bits: u32 = value.trim().parse().unwrap_or(0);
                self.rule = if bits & 1 == 1 {
                    Rule::Standard
                } else {
                    Rule::Freestyle
                };
                if let Some(rules) = self.rules {
                    self.rules = Rules::new(rules.size(), self.rule).ok();
                }
            }
            _ => {}
        }
        None
    }

    /// Reads `x,y` (and a field, for `BOARD`) as a cell of the board.
    fn cell<'a>(&self, text: &'a str) -> Result<(Pos, Option<&'a str>), String> {
        let rules = self.rules.ok_or("ERROR no START yet")?;
        let mut parts = text.split(',').map(str::trim);
        let mut number = || parts.next().and_then(|part| part.parse::<usize>().ok());
        let (Some(x), Some(y)) = (number(), number()) else {
            return Err(format!("ERROR {text:?} is not x,y"));
        };
        let pos = Pos::new(y, x);
        if !rules.contains(pos) {
            return Err(format!("ERROR {x},{y} is off the board"));
        }
        Ok((pos, parts.next()))
    }

    fn is_free(&self, pos: Pos) -> bool {
        !self.blocked.contains(&pos) && self.stones.iter().all(|&(stone, _)| stone != pos)
    }

    fn opponent_move(&mut self, argument: &str) -> Result<(), String> {
        let (pos, _) = self.cell(argument)?;
        if !self.is_free(pos) {
            return Err(format!("ERROR {argument} is taken"));
        }
        self.stones.push((pos, false));
        Ok(())
    }

    fn board(&mut self, fields: &[String]) -> Result<(), String> {
        self.stones.clear();
        self.blocked.clear();
        for field in fields {
            match self.cell(field)? {
                (pos, Some("1")) => self.stones.push((pos, true)),
                (pos, Some("2")) => self.stones.push((pos, false)),
                (pos, Some("3")) => self.blocked.push(pos),
                _ => return Err(format!("ERROR {field:?} is not x,y,field")),
            }
        }
        Ok(())
    }

    fn take_back(&mut self, argument: &str) -> String {
        match self.cell(argument) {
            Ok((pos, _)) => {
                self.stones.retain(|&(stone, _)| stone != pos);
                "OK".into()
            }
            Err(message) => message,
        }
    }

    /// The engine's move on the board as it stands, played and written as `x,y`.
    fn reply(&mut self) -> Option<String> {
        let Some(rules) = self.rules else {
            return Some("ERROR no START yet".into());
        };
        let own = self.stones.iter().filter(|&&(_, own)| own).count();
        // Whoever has fewer stones or as many moves first, as X does.
        let me = if self.stones.len() - own > own {
            Mark::O
        } else {
            Mark::X
        };
        let mut board = Board::new(rules);
        for &pos in &self.blocked {
            board.block(board.index(pos));
        }
        for &(pos, own) in &self.stones {
            board.put(board.index(pos), if own { me } else { me.other() });
        }
        if me == Mark::O {
            board.pass();
        }
        let cancel = AtomicBool::new(false);
        let mut clock = Clock::new(self.budget(), &cancel);
        let Some((cell, _)) =
            self.computer
                .think(&mut board, Level::Hard, &mut clock, &mut self.rng)
        else {
            return Some("ERROR the board is full".into());
        };
        let pos = board.pos(cell);
        self.stones.push((pos, true));
        Some(format!("{},{}", pos.col, pos.row))
    }

    /// The time of this move: the manager's limit for a turn, and a tenth of what is left of
    /// the match, less a safety margin; 0 asks for a move at once.
    fn budget(&self) -> Budget {
        let turn = self.turn_time.unwrap_or(Duration::from_secs(1));
        let limit = match self.time_left {
            Some(left) => turn.min(left / 10),
            None => turn,
        };
        Budget::Time(limit.saturating_sub(SAFETY).max(Duration::from_millis(5)))
    }
}
