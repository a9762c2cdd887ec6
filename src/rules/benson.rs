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

use crate::board::{ARRAY_LEN, Board, Move, Point};
use crate::color::Color;

/// No chain or region here.
const NONE: u16 = u16::MAX;

/// One region of non-C points.
struct Region {
    points: Vec<Point>,
    /// Indices of the C chains bordering the region.
    borders: Vec<u16>,
    /// Indices of the bordering chains the region is vital to.
    vital_to: Vec<u16>,
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
    // Chains are numbered in the order their heads are met on the board.
    let mut heads: Vec<Point> = Vec::new();
    let mut chain_of = [NONE; ARRAY_LEN];
    for p in board.points() {
        if board.color_at(p) == Some(color) && board.chain_head(p) == p {
            chain_of[p.index()] = heads.len() as u16;
            heads.push(p);
        }
    }
    let number = |h: Point| chain_of[h.index()];
    let mut marks = [NONE; ARRAY_LEN];
    let mut regions: Vec<Region> = Vec::new();
    for start in board.points() {
        if marks[start.index()] != NONE || board.color_at(start) == Some(color) {
            continue;
        }
        let id = regions.len() as u16;
        let flood = flood(board, color, start, id, &mut marks, false).expect("never given up");
        regions.push(flood.numbered(number));
    }
    let (chain_alive, region_alive) = fixpoint(&regions, heads.len());
    let chains = heads
        .iter()
        .zip(&chain_alive)
        .filter(|&(_, &a)| a)
        .map(|(&h, _)| h)
        .collect();
    let territory = regions
        .iter()
        .zip(&region_alive)
        .filter(|&(r, &alive)| alive && !r.borders.is_empty() && !r.vital_to.is_empty())
        .flat_map(|(r, _)| r.points.iter().copied())
        .collect();
    PassAlive { chains, territory }
}

/// Whether the chain through `target` is pass-alive: the same answer as
/// `pass_alive(board, colour).chains` holding its head, worked out only on
/// the chains and regions it can depend on. Each chain met adds the
/// regions holding its liberties that are vital to some chain, and each
/// such region adds the chains around it; a region is given up as soon as
/// one of its empty points is next to no chain, so the open board is never
/// walked. Benson's fixpoint on that closed part decides the target.
#[must_use]
pub fn chain_is_pass_alive(board: &Board, target: Point) -> bool {
    let Some(color) = board.color_at(target) else {
        return false;
    };
    // Chains are numbered as they are met, the target's first.
    let mut heads: Vec<Point> = vec![board.chain_head(target)];
    let mut chain_of = [NONE; ARRAY_LEN];
    chain_of[heads[0].index()] = 0;
    let mut marks = [NONE; ARRAY_LEN];
    let mut regions: Vec<Region> = Vec::new();
    let mut next = 0;
    while next < heads.len() {
        let head = heads[next];
        next += 1;
        for l in board.liberties(head) {
            if marks[l.index()] != NONE {
                continue;
            }
            let id = regions.len() as u16;
            let Some(flood) = flood(board, color, l, id, &mut marks, true) else {
                continue;
            };
            regions.push(flood.numbered(|h| {
                if chain_of[h.index()] == NONE {
                    chain_of[h.index()] = heads.len() as u16;
                    heads.push(h);
                }
                chain_of[h.index()]
            }));
        }
    }
    fixpoint(&regions, heads.len()).0[0]
}

/// Whether one move of its owner makes the chain through `target`
/// pass-alive ([`chain_is_pass_alive`]): it already has the shape of a live
/// group, short of one stone at most (a connection, or the second eye of an
/// eye space that can hold two).
#[must_use]
pub fn chain_is_pass_alive_after_one(board: &Board, target: Point) -> bool {
    let Some(color) = board.color_at(target) else {
        return false;
    };
    if chain_is_pass_alive(board, target) {
        return true;
    }
    let mut after = board.clone();
    board.empty_points().iter().any(|&p| {
        after.copy_from(board);
        after.play(color, Move::Play(p)).is_ok() && chain_is_pass_alive(&after, target)
    })
}

/// Benson's fixpoint over `chains` numbered chains and their `regions`:
/// drop the chains with fewer than two live regions vital to them, and the
/// regions bordered by a dropped chain, until nothing changes. Which chains
/// and which regions are left.
fn fixpoint(regions: &[Region], chains: usize) -> (Vec<bool>, Vec<bool>) {
    let mut chain_alive = vec![true; chains];
    let mut region_alive = vec![true; regions.len()];
    let mut vital_count = vec![0usize; chains];
    loop {
        vital_count.iter_mut().for_each(|n| *n = 0);
        for (r, _) in regions.iter().zip(&region_alive).filter(|&(_, &a)| a) {
            for &c in &r.vital_to {
                vital_count[usize::from(c)] += 1;
            }
        }
        let mut changed = false;
        for (alive, &n) in chain_alive.iter_mut().zip(&vital_count) {
            if *alive && n < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (r, alive) in regions.iter().zip(region_alive.iter_mut()) {
            if *alive && r.borders.iter().any(|&c| !chain_alive[usize::from(c)]) {
                *alive = false;
            }
        }
        if !changed {
            return (chain_alive, region_alive);
        }
    }
}

/// A point of a region being flooded.
const FLOODING: u16 = NONE - 1;
/// A point of a region given up: vital to no chain.
const GIVEN_UP: u16 = NONE - 2;

/// A region of non-C points as flooded, its chains named by their heads.
struct Flood {
    points: Vec<Point>,
    /// Heads of the C chains bordering the region.
    borders: Vec<Point>,
    /// Heads of the bordering chains the region is vital to.
    vital_to: Vec<Point>,
}

impl Flood {
    /// The region with its chains numbered by `number`.
    fn numbered(self, mut number: impl FnMut(Point) -> u16) -> Region {
        Region {
            points: self.points,
            borders: self.borders.into_iter().map(&mut number).collect(),
            vital_to: self.vital_to.into_iter().map(&mut number).collect(),
        }
    }
}

/// Floods the maximal region of points that are not `color` stones through
/// `start`, marking its points in `marks` as region `id`, with the chains
/// bordering it and those it is vital to (every empty point of the region
/// is a liberty of the chain). With `give_up`, a region vital to no chain
/// is left at its first empty point next to none of the chains vital so
/// far (or on meeting a region given up before): its points met are
/// marked GIVEN_UP and the answer is None.
fn flood(
    board: &Board,
    color: Color,
    start: Point,
    id: u16,
    marks: &mut [u16; ARRAY_LEN],
    give_up: bool,
) -> Option<Flood> {
    let mut points = vec![start];
    marks[start.index()] = FLOODING;
    let mut borders: Vec<Point> = Vec::new();
    // Heads next to every empty point so far; None before the first.
    let mut vital: Option<Vec<Point>> = None;
    let mut i = 0;
    let mut given_up = false;
    'flood: while i < points.len() {
        let p = points[i];
        i += 1;
        let mut next_to = [None; 4];
        for (k, n) in p.neighbours().into_iter().enumerate() {
            if !board.is_on_board(n) {
                continue;
            }
            if board.color_at(n) == Some(color) {
                let h = board.chain_head(n);
                next_to[k] = Some(h);
                if !borders.contains(&h) {
                    borders.push(h);
                }
                continue;
            }
            match marks[n.index()] {
                NONE => {
                    marks[n.index()] = FLOODING;
                    points.push(n);
                }
                GIVEN_UP => {
                    given_up = true;
                    break 'flood;
                }
                _ => {}
            }
        }
        if board.color_at(p).is_none() {
            let v = vital.get_or_insert_with(|| {
                let mut first: Vec<Point> = next_to.iter().flatten().copied().collect();
                first.sort_unstable();
                first.dedup();
                first
            });
            v.retain(|h| next_to.contains(&Some(*h)));
            if give_up && v.is_empty() {
                given_up = true;
                break;
            }
        }
    }
    let mark = if given_up { GIVEN_UP } else { id };
    for p in &points {
        marks[p.index()] = mark;
    }
    if given_up {
        return None;
    }
    // A region without empty points (none in a legal position) is vital to
    // every chain around it.
    let vital_to = vital.unwrap_or_else(|| borders.clone());
    Some(Flood {
        points,
        borders,
        vital_to,
    })
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

    /// A corner group with a straight three of eye space is one move (its
    /// middle point) from two eyes; with a straight two it is not.
    #[test]
    fn a_straight_three_is_one_move_from_pass_alive() {
        let three = Board::from_diagram(
            "
            . . . X O
            X X X X O
            O O O O O
            . . . . .
            . . . . .",
        )
        .unwrap();
        assert!(!chain_is_pass_alive(&three, v("A4")));
        assert!(chain_is_pass_alive_after_one(&three, v("A4")));
        let two = Board::from_diagram(
            "
            . . X O .
            X X X O .
            O O O O .
            . . . . .
            . . . . .",
        )
        .unwrap();
        assert!(!chain_is_pass_alive_after_one(&two, v("A4")));
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

    /// The local answer agrees with the whole-board one for every chain of
    /// positions reached by random play, from the opening to the point
    /// where both sides have filled their eyes.
    #[test]
    fn the_local_answer_is_the_whole_boards() {
        use rand::SeedableRng;
        use rand::rngs::SmallRng;
        let mut rng = SmallRng::seed_from_u64(41);
        let mut alive_seen = 0;
        for size in [5, 9, 13, 19] {
            for game in 0..12 {
                let mut b = Board::new(size);
                let mut color = Color::Black;
                for moves in 0..size * size * 3 {
                    let played = crate::board::playout::random_move(&mut b, color, &mut rng);
                    if let Some(p) = played {
                        b.play_unchecked(color, p);
                    }
                    color = color.other();
                    if played.is_none() || (moves + game) % 7 != 0 {
                        continue;
                    }
                    for c in [Color::Black, Color::White] {
                        let whole = pass_alive(&b, c).chains;
                        alive_seen += whole.len();
                        for p in b.points().filter(|&p| b.color_at(p) == Some(c)) {
                            let head = b.chain_head(p);
                            assert_eq!(
                                chain_is_pass_alive(&b, p),
                                whole.contains(&head),
                                "{p} in\n{b}"
                            );
                        }
                    }
                }
            }
        }
        assert!(alive_seen > 100, "{alive_seen} pass-alive chains met");
    }
}
