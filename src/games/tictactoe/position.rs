//! The engine's board: marks as bit sets plus per-line counts that each move updates, so that
//! immediate wins, forced blocks, the evaluation and the hash never need a scan of the board.

use std::sync::Arc;

use super::Game;
use super::cells::Cells;
use super::geometry::Geometry;
use crate::games::marks::Mark;

pub(super) struct Position {
    geo: Arc<Geometry>,
    marks: [Cells; 2],
    /// Marks of each player on each line.
    line_marks: Vec<[u8; 2]>,
    /// For each cell and player, how many lines that player would complete by playing there.
    completions: Vec<[u8; 2]>,
    /// The cells where each player would complete a line: immediate wins for them.
    threats: [Cells; 2],
    /// For each player, the lines free of the other player's marks: where they can still win.
    open_lines: [usize; 2],
    /// Sum of the line weights, X's lines counting positive and O's negative.
    potential: i32,
    /// The hash through each symmetry (see `Geometry::keys`).
    hashes: [u64; 8],
}

/// What a line with `count` marks of one player and none of the other is worth to that player.
/// Capped so that even the 572 lines of 15 x 15 with five in a row sum to far less than a won game.
fn line_weight(count: u8) -> i32 {
    if count == 0 {
        0
    } else {
        1 << (2 * count.min(8))
    }
}

impl Position {
    pub fn new(geo: Arc<Geometry>) -> Position {
        let cells = geo.cell_count();
        let lines = geo.lines.len();
        let mut position = Position {
            marks: [Cells::default(); 2],
            line_marks: vec![[0; 2]; lines],
            completions: vec![[0; 2]; cells],
            threats: [Cells::default(); 2],
            open_lines: [lines; 2],
            potential: 0,
            hashes: [0; 8],
            geo,
        };
        // With one in a row every empty line is already a threat for both players.
        for line in 0..lines {
            position.file_threats(line, true);
        }
        position
    }

    pub fn from_game(geo: Arc<Geometry>, game: &Game) -> Position {
        let mut position = Position::new(geo);
        for &pos in game.history() {
            position.play(position.geo.rules.index(pos));
        }
        position
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    pub fn moves_made(&self) -> usize {
        self.marks[0].len() + self.marks[1].len()
    }

    pub fn to_move(&self) -> Mark {
        Mark::to_move_after(self.moves_made())
    }

    pub fn empty_cells(&self) -> Cells {
        self.geo.board.without(self.marks[0] | self.marks[1])
    }

    /// Cells where `mark` would complete a line.
    pub fn threats(&self, mark: Mark) -> Cells {
        self.threats[mark.index()]
    }

    /// How many lines `mark` can still complete.
    pub fn open_lines(&self, mark: Mark) -> usize {
        self.open_lines[mark.index()]
    }

    /// The hash shared by the position and its mirror images, and the symmetry that maps this
    /// position onto the image with that hash.
    pub fn hash(&self) -> (u64, usize) {
        let count = self.geo.symmetries.len();
        let (symmetry, &hash) = self.hashes[..count]
            .iter()
            .enumerate()
            .min_by_key(|&(_, hash)| hash)
            .expect("the identity");
        (hash, symmetry)
    }

    /// The line weights for the player to move minus the opponent's.
    pub fn potential(&self) -> i32 {
        match self.to_move() {
            Mark::X => self.potential,
            Mark::O => -self.potential,
        }
    }

    /// The empty cells grouped so that the symmetries of the position map each group onto itself:
    /// the cells of a group lead to mirror images, so they are equally good. Each group starts
    /// with its lowest cell.
    pub fn move_orbits(&self) -> Vec<Vec<usize>> {
        let symmetries: Vec<&Vec<usize>> = self
            .geo
            .symmetries
            .iter()
            .filter(|map| {
                self.marks
                    .iter()
                    .all(|marks| marks.iter().all(|cell| marks.contains(map[cell])))
            })
            .collect();
        let mut grouped = Cells::default();
        let mut orbits = Vec::new();
        for cell in self.empty_cells().iter() {
            if !grouped.contains(cell) {
                let orbit: Cells = symmetries.iter().map(|map| map[cell]).collect();
                grouped = grouped | orbit;
                orbits.push(orbit.iter().collect());
            }
        }
        orbits
    }

    /// How promising an empty cell is for the player to move: it extends their open lines and
    /// spoils the opponent's, the longer the line the more.
    pub fn cell_promise(&self, cell: usize) -> i32 {
        let me = self.to_move().index();
        self.geo.lines_through[cell]
            .iter()
            .map(|&line| {
                let [mine, theirs] = [self.line_marks[line][me], self.line_marks[line][1 - me]];
                let extend = if theirs == 0 {
                    line_weight(mine + 1)
                } else {
                    0
                };
                let spoil = if mine == 0 {
                    line_weight(theirs + 1)
                } else {
                    0
                };
                extend + spoil
            })
            .sum()
    }

    /// Puts the mark of the player to move on the empty `cell`; true when that completes a line.
    pub fn play(&mut self, cell: usize) -> bool {
        let me = self.to_move().index();
        self.change(cell, me, true);
        let in_a_row = self.geo.rules.in_a_row();
        self.geo.lines_through[cell]
            .iter()
            .any(|&line| usize::from(self.line_marks[line][me]) == in_a_row)
    }

    /// Takes the last move, on `cell`, back.
    pub fn undo(&mut self, cell: usize) {
        let player = usize::from(self.marks[1].contains(cell));
        self.change(cell, player, false);
    }

    /// Places or removes `player`'s mark on `cell` and updates the lines through it.
    fn change(&mut self, cell: usize, player: usize, place: bool) {
        // The threats of these lines are filed under their gaps, which the change moves: they are
        // taken out with the old marks and filed again with the new ones.
        // Indexing rather than iterating keeps `self` free for the updates inside the loops.
        let lines = self.geo.lines_through[cell].len();
        for i in 0..lines {
            self.file_threats(self.geo.lines_through[cell][i], false);
        }
        if place {
            self.marks[player].insert(cell);
        } else {
            self.marks[player].remove(cell);
        }
        self.toggle_hashes(cell, player);
        for i in 0..lines {
            let line = self.geo.lines_through[cell][i];
            self.potential -= self.line_value(line);
            let before = self.line_marks[line][player];
            let after = if place { before + 1 } else { before - 1 };
            self.line_marks[line][player] = after;
            // The other player can win on a line only while it holds none of this player's marks.
            match (before, after) {
                (0, _) => self.open_lines[1 - player] -= 1,
                (_, 0) => self.open_lines[1 - player] += 1,
                _ => {}
            }
            self.potential += self.line_value(line);
            self.file_threats(line, true);
        }
    }

    fn toggle_hashes(&mut self, cell: usize, mark: usize) {
        let count = self.geo.symmetries.len();
        let keys = &self.geo.keys[(cell * 2 + mark) * count..][..count];
        self.hashes
            .iter_mut()
            .zip(keys)
            .for_each(|(hash, key)| *hash ^= key);
    }

    fn is_threat(&self, line: usize, player: usize) -> bool {
        let [mine, theirs] = [
            self.line_marks[line][player],
            self.line_marks[line][1 - player],
        ];
        theirs == 0 && usize::from(mine) + 1 == self.geo.rules.in_a_row()
    }

    fn line_value(&self, line: usize) -> i32 {
        match self.line_marks[line] {
            [x, 0] => line_weight(x),
            [0, o] => -line_weight(o),
            _ => 0,
        }
    }

    /// Adds or removes the threats of `line` at its gap, as the marks stand.
    fn file_threats(&mut self, line: usize, add: bool) {
        for player in 0..2 {
            if self.is_threat(line, player) {
                let gap = self.geo.lines[line]
                    .without(self.marks[0] | self.marks[1])
                    .first();
                let gap = gap.expect("a threat line has a gap");
                let completions = &mut self.completions[gap][player];
                if add {
                    *completions += 1;
                } else {
                    *completions -= 1;
                }
                if *completions > 0 {
                    self.threats[player].insert(gap);
                } else {
                    self.threats[player].remove(gap);
                }
            }
        }
    }
}
