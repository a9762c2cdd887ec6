//! Vertices: the `D4` notation of points and moves.
//!
//! [`Point`] and [`Move`] print and parse as GTP vertices: a column letter
//! `A`…`Z` without `I` and a row number 1…25 counted from the bottom, or
//! `pass` for [`Move::Pass`]. Parsing ignores case and knows nothing of the
//! board size: `Z25` parses on every board, and callers check that the point
//! is on theirs.

use std::fmt;
use std::str::FromStr;

use super::point::{MAX_SIZE, Move, Point};

/// Column letters of vertices and diagrams: `A`…`Z` without `I`.
pub const COLUMN_LETTERS: &[u8; MAX_SIZE] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Why a text is not a vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VertexError {
    /// Not one letter followed by a row number (`D4`).
    Malformed,
    /// The column letter `I`, which vertices skip.
    ColumnI,
    /// A row number of 0 or beyond 25.
    RowOutOfRange,
    /// `pass` where a point is needed.
    Pass,
}

impl fmt::Display for VertexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            VertexError::Malformed => "a vertex is a column letter and a row number",
            VertexError::ColumnI => "vertices skip the column letter I",
            VertexError::RowOutOfRange => "vertex rows run from 1 to 25",
            VertexError::Pass => "pass is not a point",
        })
    }
}

impl std::error::Error for VertexError {}

/// A point prints as its vertex (`D4`); a border cell of the padded grid,
/// which has none, as `border` and its index.
impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match COLUMN_LETTERS.get(self.col()) {
            Some(&letter) if self.row() < MAX_SIZE => {
                write!(f, "{}{}", letter as char, self.row() + 1)
            }
            _ => write!(f, "border{}", self.index()),
        }
    }
}

/// A move prints as its vertex (`D4`) or `pass`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => p.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// A point from its vertex: one letter (any case, not `I`) and a row
/// number 1…25 in decimal digits (leading zeros allowed).
impl FromStr for Point {
    type Err = VertexError;

    fn from_str(s: &str) -> Result<Point, VertexError> {
        if s.eq_ignore_ascii_case("pass") {
            return Err(VertexError::Pass);
        }
        let bytes = s.as_bytes();
        let (&letter, digits) = bytes.split_first().ok_or(VertexError::Malformed)?;
        if !letter.is_ascii_alphabetic()
            || digits.is_empty()
            || !digits.iter().all(u8::is_ascii_digit)
        {
            return Err(VertexError::Malformed);
        }
        let col = COLUMN_LETTERS
            .iter()
            .position(|&c| c == letter.to_ascii_uppercase())
            .ok_or(VertexError::ColumnI)?;
        let row: usize = s[1..].parse().map_err(|_| VertexError::RowOutOfRange)?;
        row.checked_sub(1)
            .and_then(|row| Point::new(col, row))
            .ok_or(VertexError::RowOutOfRange)
    }
}

/// A move from its vertex: `pass` (any case) or a point.
impl FromStr for Move {
    type Err = VertexError;

    fn from_str(s: &str) -> Result<Move, VertexError> {
        if s.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            s.parse().map(Move::Play)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every point survives the round trip through its vertex; I is skipped.
    #[test]
    fn vertices_round_trip() {
        for col in 0..MAX_SIZE {
            for row in 0..MAX_SIZE {
                let p = Point::new(col, row).unwrap();
                assert_eq!(p.to_string().parse::<Point>(), Ok(p));
                assert_eq!(p.to_string().to_lowercase().parse::<Point>(), Ok(p));
            }
        }
        assert_eq!(Point::new(0, 0).unwrap().to_string(), "A1");
        assert_eq!(Point::new(8, 8).unwrap().to_string(), "J9");
        assert_eq!(Point::new(24, 24).unwrap().to_string(), "Z25");
        assert_eq!(Move::Pass.to_string(), "pass");
        assert_eq!(Point::from_index(0).to_string(), "border0");
        assert_eq!("PaSs".parse::<Move>(), Ok(Move::Pass));
        assert_eq!("d04".parse::<Move>(), "D4".parse::<Move>());
    }

    /// Bad texts get their typed error.
    #[test]
    fn bad_vertices() {
        for (text, err) in [
            ("", VertexError::Malformed),
            ("D", VertexError::Malformed),
            ("44", VertexError::Malformed),
            ("DD4", VertexError::Malformed),
            ("D4 ", VertexError::Malformed),
            ("D+4", VertexError::Malformed),
            ("é4", VertexError::Malformed),
            ("I5", VertexError::ColumnI),
            ("i5", VertexError::ColumnI),
            ("a0", VertexError::RowOutOfRange),
            ("Z26", VertexError::RowOutOfRange),
            ("Z99", VertexError::RowOutOfRange),
            ("A99999999999999999999999", VertexError::RowOutOfRange),
            ("pass", VertexError::Pass),
        ] {
            assert_eq!(text.parse::<Point>(), Err(err), "{text:?}");
        }
        assert_eq!("passe".parse::<Move>(), Err(VertexError::Malformed));
    }
}
