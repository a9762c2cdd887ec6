//! Areas: who owns a point by the area rule, the area count that ends a
//! playout, and the connected regions of points used for eyes,
//! territories and Benson regions.

use super::neighbourhood::{ORTHO_LOW, fields_holding};
use super::{ARRAY_LEN, Board, Cell, Point};
use crate::color::Color;

impl Board {
    /// Who owns `p` by the area rule: the colour of its stone, or of every
    /// stone next to it when it is empty; `None` for a point touching both
    /// colours (or none).
    #[must_use]
    #[inline]
    pub fn area_owner(&self, p: Point) -> Option<Color> {
        match self.cell(p) {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => {
                let code = self.pat3[p.index()];
                let black = fields_holding(code, Cell::Black) & ORTHO_LOW != 0;
                let white = fields_holding(code, Cell::White) & ORTHO_LOW != 0;
                match (black, white) {
                    (true, false) => Some(Color::Black),
                    (false, true) => Some(Color::White),
                    _ => None,
                }
            }
        }
    }

    /// Black's area minus White's: stones plus empty points that touch only
    /// one colour. The count used at the end of playouts, where every empty
    /// point is an eye or a neutral point.
    #[must_use]
    pub fn area_score(&self) -> i32 {
        // [`Board::area_owner`] in arithmetic, without a branch per point.
        self.points()
            .map(|p| {
                let cell = self.cell(p);
                let code = self.pat3[p.index()];
                let touches = |c: Cell| i32::from(fields_holding(code, c) & ORTHO_LOW != 0);
                i32::from(cell == Cell::Black) - i32::from(cell == Cell::White)
                    + i32::from(cell == Cell::Empty) * (touches(Cell::Black) - touches(Cell::White))
            })
            .sum()
    }

    /// The maximal connected sets of on-board points for which `inside`
    /// holds, each with the distinct points next to it for which it does
    /// not (its border). Used for eyes, territories and Benson regions.
    pub fn regions(&self, inside: impl Fn(Point) -> bool) -> Vec<Region> {
        let mut seen = vec![false; ARRAY_LEN];
        let mut out = Vec::new();
        for start in self.points() {
            if seen[start.index()] || !inside(start) {
                continue;
            }
            seen[start.index()] = true;
            let mut region = Region {
                points: vec![start],
                border: Vec::new(),
            };
            let mut i = 0;
            while i < region.points.len() {
                for n in region.points[i].neighbours() {
                    if !self.is_on_board(n) {
                        continue;
                    }
                    if !inside(n) {
                        if !region.border.contains(&n) {
                            region.border.push(n);
                        }
                    } else if !seen[n.index()] {
                        seen[n.index()] = true;
                        region.points.push(n);
                    }
                }
                i += 1;
            }
            out.push(region);
        }
        out
    }
}

/// A connected region of points (see [`Board::regions`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The points of the region.
    pub points: Vec<Point>,
    /// The distinct points outside the region next to it.
    pub border: Vec<Point>,
}

impl Region {
    /// Whether a stone of `color` on `board` borders the region.
    #[must_use]
    pub fn touches(&self, board: &Board, color: Color) -> bool {
        self.border
            .iter()
            .any(|&b| board.color_at(b) == Some(color))
    }
}
