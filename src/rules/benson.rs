//! Benson's algorithm: chains that can never be captured even if their
//! owner passes every move ("pass-alive"), and the regions they make
//! unconditionally theirs. Deterministic and certain: the safe core of the
//! dead-stone judgement.
//!
//! For a colour C: let X be C's chains and R the maximal connected regions
//! of points that are not C stones. A region is *vital* to a chain when
//! every empty point of the region is a liberty of that chain. Repeat until
//! nothing changes: drop chains with fewer than two vital regions in R, and
//! drop regions bordered by a dropped chain. What remains of X is
//! pass-alive (Benson 1976, "Life in the game of Go"; suicide illegal).

use crate::board::{Board, Point};
use crate::color::Color;

/// One region of non-C points.
struct Region {
    points: Vec<Point>,
    /// Heads of the C chains bordering the region.
    borders: Vec<Point>,
    /// Heads of the bordering chains the region is vital to.
    vital_to: Vec<Point>,
}

/// What Benson's algorithm proves for one colour.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassAlive {
    /// Heads of the pass-alive chains.
    pub chains: Vec<Point>,
    /// Points of regions enclosed by pass-alive chains and vital to one of
    /// them: the owner's for sure; opponent stones there are dead.
    pub territory: Vec<Point>,
}

/// Runs Benson's algorithm for `color`.
#[must_use]
pub fn pass_alive(board: &Board, color: Color) -> PassAlive {
    let regions = regions(board, color);
    let mut chains: Vec<Point> = Vec::new();
    for p in board.points() {
        if board.color_at(p) == Some(color) && board.chain_head(p) == p {
            chains.push(p);
        }
    }
    let mut region_alive = vec![true; regions.len()];
    loop {
        let before = chains.len();
        chains.retain(|&h| {
            regions
                .iter()
                .zip(&region_alive)
                .filter(|&(r, &alive)| alive && r.vital_to.contains(&h))
                .count()
                >= 2
        });
        for (r, alive) in regions.iter().zip(region_alive.iter_mut()) {
            if *alive && r.borders.iter().any(|h| !chains.contains(h)) {
                *alive = false;
            }
        }
        if chains.len() == before {
            break;
        }
    }
    let territory = regions
        .iter()
        .zip(&region_alive)
        .filter(|&(r, &alive)| alive && !r.borders.is_empty() && !r.vital_to.is_empty())
        .flat_map(|(r, _)| r.points.iter().copied())
        .collect();
    PassAlive { chains, territory }
}

/// The maximal regions of points that are not `color` stones, with the
/// chains bordering them and those they are vital to.
fn regions(board: &Board, color: Color) -> Vec<Region> {
    board
        .regions(|p| board.color_at(p) != Some(color))
        .into_iter()
        .map(|region| {
            let mut borders: Vec<Point> =
                region.border.iter().map(|&b| board.chain_head(b)).collect();
            borders.sort_unstable();
            borders.dedup();
            let vital_to = borders
                .iter()
                .copied()
                .filter(|&h| {
                    region
                        .points
                        .iter()
                        .filter(|&&p| board.color_at(p).is_none())
                        .all(|&p| {
                            p.neighbours().iter().any(|&n| {
                                board.color_at(n) == Some(color) && board.chain_head(n) == h
                            })
                        })
                })
                .collect();
            Region {
                points: region.points,
                borders,
                vital_to,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::v;

    /// A group with a single eye (even a big one holding an enemy stone)
    /// is not pass-alive.
    #[test]
    fn one_eye_is_not_pass_alive() {
        let b = Board::from_diagram(
            "
            . . X O .
            X X X O .
            O O O O .
            . . . . .
            . . . . .",
        )
        .unwrap();
        assert!(pass_alive(&b, Color::Black).chains.is_empty());
    }

    /// The classic: a group with two separate one-point eyes is alive.
    #[test]
    fn corner_group_with_two_eyes() {
        let b = Board::from_diagram(
            "
            . X . X O
            X X X X O
            O O O O O
            . . . . .
            . . . . .",
        )
        .unwrap();
        let black = pass_alive(&b, Color::Black);
        assert_eq!(black.chains, vec![b.chain_head(v("A4"))]);
        let mut t = black.territory.clone();
        t.sort_unstable();
        assert_eq!(t, vec![v("A5"), v("C5")]);
        // White's wall is not pass-alive: it has no eyes of its own.
        assert!(pass_alive(&b, Color::White).chains.is_empty());
    }

    /// A black stone inside one of a pass-alive White group's eye regions
    /// lies in White's unconditional territory.
    #[test]
    fn dead_stone_in_pass_alive_territory() {
        let b = Board::from_diagram(
            "
            . O . X . O .
            O O O O O O O
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        )
        .unwrap();
        let white = pass_alive(&b, Color::White);
        assert_eq!(white.chains, vec![b.chain_head(v("B7"))]);
        assert!(white.territory.contains(&v("D7")));
        assert!(white.territory.contains(&v("A7")));
        assert!(!white.territory.contains(&v("D4")));
    }
}
