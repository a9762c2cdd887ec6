//! Text diagrams: `Board::from_diagram` for tests and `Display` for
//! `showboard`.
//!
//! A diagram lists rows from the top (highest row) down. `X` is Black, `O`
//! White, `.` or `+` empty; spaces are ignored, as are coordinate labels
//! printed by `Display` (a leading/trailing row number and a letter line).

use std::fmt;

use super::{Board, COLUMN_LETTERS, Cell, MAX_SIZE, MIN_SIZE, Point, SetupError};
use crate::color::Color;

/// Why a diagram cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiagramError {
    /// Rows of different widths, or not square, or a bad size.
    Shape,
    /// A character other than `X O . +`.
    BadChar(char),
    /// The stones form an impossible position.
    Setup(SetupError),
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::Shape => f.write_str("diagram is not a square board of side 2..25"),
            DiagramError::BadChar(c) => write!(f, "unexpected character {c:?} in diagram"),
            DiagramError::Setup(e) => write!(f, "impossible position: {e}"),
        }
    }
}

impl std::error::Error for DiagramError {}

impl Board {
    /// Reads a diagram such as
    ///
    /// ```
    /// # use tengen::Board;
    /// let board = Board::from_diagram("
    ///     . X O
    ///     X O .
    ///     . X O
    /// ").unwrap();
    /// assert_eq!(board.size(), 3);
    /// ```
    ///
    /// # Errors
    /// [`DiagramError`] on a malformed diagram or a chain without liberties.
    pub fn from_diagram(text: &str) -> Result<Board, DiagramError> {
        let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
        for line in text.lines() {
            let cells: String = line
                .chars()
                .filter(|c| !c.is_whitespace() && !c.is_ascii_digit())
                .collect();
            // Blank lines and `Display`'s coordinate lines (`A B C …`) carry
            // no cells; no board row contains an `A`.
            if cells.is_empty() || cells.starts_with('A') {
                continue;
            }
            let row = cells
                .chars()
                .map(|c| match c {
                    'X' | 'x' => Ok(Some(Color::Black)),
                    'O' | 'o' => Ok(Some(Color::White)),
                    '.' | '+' => Ok(None),
                    other => Err(DiagramError::BadChar(other)),
                })
                .collect::<Result<Vec<_>, _>>()?;
            rows.push(row);
        }
        let size = rows.len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) || rows.iter().any(|r| r.len() != size) {
            return Err(DiagramError::Shape);
        }
        let mut stones = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            for (col, cell) in row.iter().enumerate() {
                if let Some(color) = cell {
                    let p = Point::new(col, size - 1 - i).expect("size checked");
                    stones.push((p, *color));
                }
            }
        }
        Board::from_stones(size, &stones, [0, 0]).map_err(DiagramError::Setup)
    }
}

impl fmt::Display for Board {
    /// The board with coordinates, top row first; `X` Black, `O` White.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: String = COLUMN_LETTERS[..self.size]
            .iter()
            .map(|&c| format!(" {}", c as char))
            .collect();
        writeln!(f, "   {letters}")?;
        for row in (0..self.size).rev() {
            write!(f, "{:>2} ", row + 1)?;
            for col in 0..self.size {
                let p = Point::new(col, row).expect("on board");
                let c = match self.cell(p) {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f, "  {}", row + 1)?;
        }
        writeln!(f, "   {letters}")
    }
}
