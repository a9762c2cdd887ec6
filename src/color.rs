//! The two players.

use std::fmt;

/// A player's colour. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The opponent.
    #[must_use]
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// Picks `black` or `white` by colour, so callers need no `if` on colour.
    #[must_use]
    #[inline]
    pub fn fold<T>(self, black: T, white: T) -> T {
        match self {
            Color::Black => black,
            Color::White => white,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[must_use]
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.fold("black", "white"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `other` is an involution and `fold` picks by colour.
    #[test]
    fn other_and_fold() {
        for c in Color::ALL {
            assert_eq!(c.other().other(), c);
            assert_ne!(c.other(), c);
        }
        assert_eq!(Color::Black.fold(1, 2), 1);
        assert_eq!(Color::White.fold(1, 2), 2);
        assert_eq!(Color::White.index(), 1);
    }
}
