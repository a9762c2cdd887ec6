//! Prior knowledge for the search: the simulations a new child starts
//! with. Hand-set bonuses for tactics (captures, escapes, ladders,
//! self-atari) on every board; on boards of [`MODEL_MIN_SIZE`] and more,
//! the move model's probabilities ([`super::model`]) in place of the
//! hand-set shape bonuses (near the last move, MoGo patterns, empty
//! areas).

use super::model::Model;
use super::model::features::Context;
use crate::board::{ARRAY_LEN, Board, MAX_SIZE, Point, ladder};
use crate::color::Color;

/// Prior: every move starts with this many simulations at 50% (even prior).
pub const PRIOR_EVEN: f32 = 10.0;
/// Prior wins for capturing a single stone / several stones.
pub const PRIOR_CAPTURE_ONE: f32 = 15.0;
/// Prior wins for capturing two or more stones.
pub const PRIOR_CAPTURE_MANY: f32 = 30.0;
/// Prior wins for saving an own chain in atari by extending.
pub const PRIOR_ESCAPE: f32 = 15.0;
/// Prior losses for running out a chain caught in a ladder (extending
/// where the ladder still works).
pub const PRIOR_LADDER_ESCAPE: f32 = 15.0;
/// Prior wins for giving an own chain with two liberties a third or more
/// ([`gives_third_liberty`]): the liberty races the playouts play badly.
pub const PRIOR_TWO_LIB_SAVE: f32 = 10.0;
/// Prior wins for an atari that captures in a ladder.
pub const PRIOR_LADDER_CAPTURE: f32 = 15.0;
/// Prior losses for putting a chain of two or more stones into atari.
pub const PRIOR_SELF_ATARI: f32 = 10.0;
/// Prior wins by distance (1, 2, 3) to the last move in the common fate
/// graph ([`NearLast`]; michi's PRIOR_CFG).
pub const PRIOR_NEAR_LAST: [f32; 3] = [24.0, 22.0, 8.0];
/// Prior losses for a first- or second-line move with no stone within
/// distance 3, and wins for such a third-line move (michi's empty-area
/// prior).
pub const PRIOR_EMPTY_AREA: f32 = 10.0;
/// The distance within which a stone makes an area not empty
/// ([`PRIOR_EMPTY_AREA`]).
pub const EMPTY_AREA_REACH: usize = 3;
/// Prior wins for a move matching a MoGo 3×3 pattern.
pub const PRIOR_PATTERN: f32 = 10.0;
/// Boards this big or bigger take their shape priors from the move model.
pub const MODEL_MIN_SIZE: usize = 13;
/// Prior simulations the model gives every move, of which a move with
/// probability `p` wins `PRIOR_MODEL * sqrt(p / p_best)`: the model's
/// favourite starts at nearly a sure win, a move it never expects near a
/// sure loss (Pachi's pattern prior takes the square root too).
pub const PRIOR_MODEL: f32 = 30.0;
/// On the model's boards in the opening, with at most this many stones on
/// the board, the prior also seeds the AMAF statistics
/// ([`PRIOR_AMAF_WEIGHT`]).
pub const OPENING_STONES: usize = 20;
/// In the opening, a new child's AMAF statistics start with its prior
/// counted this many times. On a nearly empty 19×19 board the AMAF
/// statistics of the root's children reach thousands of samples within
/// the first seconds and drown a prior of some 40 simulations, and random
/// playouts rate first- and second-line moves there far too well: the
/// search then opens on the second line or in the centre against the
/// model's advice. Later in the game the playouts' AMAF knows the local
/// fights better than the model, so the weight stays in the opening.
pub const PRIOR_AMAF_WEIGHT: f32 = 10.0;
/// Distances from the last move in the common fate graph, up to
/// [`PRIOR_NEAR_LAST`]'s reach: stones of one chain are one node, so every
/// liberty of the chain the last stone belongs to is at distance 1.
pub struct NearLast {
    dist: [u8; crate::board::ARRAY_LEN],
}

impl NearLast {
    /// Beyond reach.
    const FAR: u8 = u8::MAX;

    /// The distances from `last` on `board` (all far when there is none).
    #[must_use]
    pub fn new(board: &Board, last: Option<Point>) -> NearLast {
        let mut near = NearLast {
            dist: [Self::FAR; crate::board::ARRAY_LEN],
        };
        let Some(last) = last else { return near };
        let mut level: Vec<Point> = Vec::with_capacity(32);
        let mut next: Vec<Point> = Vec::with_capacity(32);
        near.reach(board, last, 0, &mut level);
        for d in 1..=PRIOR_NEAR_LAST.len() as u8 {
            for &q in &level {
                for n in q.neighbours() {
                    if board.is_on_board(n) && near.dist[n.index()] == Self::FAR {
                        near.reach(board, n, d, &mut next);
                    }
                }
            }
            std::mem::swap(&mut level, &mut next);
            next.clear();
        }
        near
    }

    /// Marks `p` (its whole chain, when a stone) at distance `d`.
    fn reach(&mut self, board: &Board, p: Point, d: u8, level: &mut Vec<Point>) {
        if board.color_at(p).is_some() {
            for s in board.chain_stones(p) {
                self.dist[s.index()] = d;
                level.push(s);
            }
        } else {
            self.dist[p.index()] = d;
            level.push(p);
        }
    }

    /// The distance of `p` from the last move, when within reach.
    #[must_use]
    pub fn distance(&self, p: Point) -> Option<usize> {
        let d = self.dist[p.index()];
        (d != Self::FAR).then_some(usize::from(d))
    }
}

/// The points within [`EMPTY_AREA_REACH`] of a stone (Manhattan
/// distance), one bit row per board row, for the empty-area prior: built
/// once per position by widening each row of stones, instead of reading a
/// diamond of points around every candidate move.
pub struct StoneReach {
    rows: [u32; MAX_SIZE],
}

impl StoneReach {
    /// The points of `board` within `reach` of one of its stones.
    #[must_use]
    pub fn new(board: &Board, reach: usize) -> StoneReach {
        let size = board.size();
        let mut stones = [0u32; MAX_SIZE];
        for p in board.points() {
            stones[p.row()] |= u32::from(board.color_at(p).is_some()) << p.col();
        }
        let on_board = (1u32 << size) - 1;
        let mut rows = [0u32; MAX_SIZE];
        for (y, &row) in stones[..size].iter().enumerate().filter(|&(_, &r)| r != 0) {
            // The rows `dy` away are reached `reach - dy` columns either
            // side: from the farthest rows in, widening by one column a row.
            let mut widened = row;
            for dy in (0..=reach).rev() {
                if y + dy < size {
                    rows[y + dy] |= widened & on_board;
                }
                if dy <= y {
                    rows[y - dy] |= widened & on_board;
                }
                widened |= (widened << 1) | (widened >> 1);
            }
        }
        StoneReach { rows }
    }

    /// True when a stone lies within reach of `p`.
    #[must_use]
    pub fn reaches(&self, p: Point) -> bool {
        self.rows[p.row()] >> p.col() & 1 != 0
    }
}

/// What the priors of every move in one position share, computed once.
pub struct PriorContext {
    /// Distances from the last move.
    near_last: NearLast,
    /// Where a stone is within [`EMPTY_AREA_REACH`].
    stones: StoneReach,
    /// On big boards, `sqrt(p / p_best)` of every candidate by the move
    /// model, by point index.
    model: Option<Vec<f32>>,
    /// How many times the prior counts in the AMAF statistics
    /// ([`PRIOR_AMAF_WEIGHT`] in the opening on the model's boards, else 0).
    amaf_weight: f32,
}

impl PriorContext {
    /// The context of `board` with `color` to move after the moves `last`
    /// and `second_last`; with `move_model`, the model's shares of the
    /// candidate `moves` on big boards.
    #[must_use]
    pub fn new(
        board: &Board,
        color: Color,
        last: Option<Point>,
        second_last: Option<Point>,
        moves: &[Point],
        move_model: bool,
    ) -> PriorContext {
        let model = (move_model && board.size() >= MODEL_MIN_SIZE).then(|| {
            let model = Model::embedded();
            let context = Context {
                color,
                last,
                second_last,
            };
            // p / p_best is the ratio of the strengths: no need to
            // normalise.
            let strengths: Vec<f32> = moves
                .iter()
                .map(|&p| model.strength(board, &context, p))
                .collect();
            let best = strengths.iter().copied().fold(f32::MIN_POSITIVE, f32::max);
            let mut shares = vec![0.0; ARRAY_LEN];
            for (p, gamma) in moves.iter().zip(strengths) {
                shares[p.index()] = (gamma / best).sqrt();
            }
            shares
        });
        let amaf_weight = if model.is_some() && board.stone_count() <= OPENING_STONES {
            PRIOR_AMAF_WEIGHT
        } else {
            0.0
        };
        PriorContext {
            near_last: NearLast::new(board, last),
            stones: StoneReach::new(board, EMPTY_AREA_REACH),
            model,
            amaf_weight,
        }
    }

    /// How many times a prior counts in the AMAF statistics of a new
    /// child ([`PRIOR_AMAF_WEIGHT`]).
    #[must_use]
    pub fn amaf_weight(&self) -> f32 {
        self.amaf_weight
    }
}

/// Prior (simulations, wins) for `color` playing the legal move `p` in the
/// position `context` describes.
#[must_use]
pub fn priors(board: &Board, color: Color, p: Point, context: &PriorContext) -> (f32, f32) {
    let mut visits = PRIOR_EVEN;
    let mut wins = PRIOR_EVEN / 2.0;
    let mut add = |v: f32, w: f32| {
        visits += v;
        wins += w;
    };
    // Captures and escapes.
    for n in p.neighbours() {
        match board.color_at(n) {
            Some(c) if c != color && board.in_atari(n) => {
                let size = board.chain_size(n) as f32;
                let bonus = if size > 1.0 {
                    PRIOR_CAPTURE_MANY
                } else {
                    PRIOR_CAPTURE_ONE
                };
                add(bonus, bonus);
            }
            Some(c) if c == color && board.in_atari(n) => {
                if ladder::extension_escapes(board, color, p) {
                    add(PRIOR_ESCAPE, PRIOR_ESCAPE);
                } else {
                    add(PRIOR_LADDER_ESCAPE, 0.0);
                }
            }
            Some(c) if c == color && gives_third_liberty(board, color, p, n) => {
                add(PRIOR_TWO_LIB_SAVE, PRIOR_TWO_LIB_SAVE);
            }
            Some(c)
                if c != color
                    && board.liberty_count(n, 3) == 2
                    && ladder::atari_captures(board, color, p, n) =>
            {
                add(PRIOR_LADDER_CAPTURE, PRIOR_LADDER_CAPTURE);
            }
            _ => {}
        }
    }
    if board.is_big_self_atari(color, p) {
        add(PRIOR_SELF_ATARI, 0.0);
    }
    if let Some(shares) = &context.model {
        add(PRIOR_MODEL, PRIOR_MODEL * shares[p.index()]);
        return (visits, wins);
    }
    if crate::board::pattern::is_pattern_point(board, p) {
        add(PRIOR_PATTERN, PRIOR_PATTERN);
    }
    if let Some(d) = context.near_last.distance(p)
        && (1..=PRIOR_NEAR_LAST.len()).contains(&d)
    {
        let w = PRIOR_NEAR_LAST[d - 1];
        add(w, w);
    }
    let line = p.edge_distance(board.size());
    if line <= 2 && !context.stones.reaches(p) {
        if line <= 1 {
            add(PRIOR_EMPTY_AREA, 0.0);
        } else {
            add(PRIOR_EMPTY_AREA, PRIOR_EMPTY_AREA);
        }
    }
    (visits, wins)
}

/// True when the own chain through `chain` has two liberties and a stone
/// of `color` at `p` (next to it) leaves it with three or more.
fn gives_third_liberty(board: &Board, color: Color, p: Point, chain: Point) -> bool {
    board.liberty_count(chain, 3) == 2 && board.liberties_after(color, p) >= 3
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::v;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// The stone reach agrees with the distance to every stone, on every
    /// point and radius, near edges and corners too.
    #[test]
    fn stone_reach_matches_the_distances() {
        let board = Board::from_diagram(
            ". . . . . . . . .
             . . . . . . . X .
             . . . . . . . . .
             . . . . . . . . .
             . . . . O . . . .
             . . . . . . . . .
             . . . . . . . . .
             X . . . . . . . .
             . . . . . . . . O",
        )
        .unwrap();
        assert_eq!(board.stones().len(), 4);
        let agrees = |board: &Board, max_reach: usize| {
            let stones = board.stones();
            for d in 0..=max_reach {
                let reach = StoneReach::new(board, d);
                for p in board.points() {
                    let near = stones
                        .iter()
                        .any(|&(q, _)| p.col().abs_diff(q.col()) + p.row().abs_diff(q.row()) <= d);
                    assert_eq!(reach.reaches(p), near, "{p:?} within {d}\n{board}");
                }
            }
        };
        agrees(&board, 10);
        // Random stones on every board size, the largest included.
        let mut rng = SmallRng::seed_from_u64(3);
        for size in [2, 5, 9, 19, 25] {
            let mut board = Board::new(size);
            for _ in 0..size {
                if let Some(p) =
                    crate::board::playout::random_move(&mut board, Color::Black, &mut rng)
                {
                    board.play_unchecked(Color::Black, p);
                }
            }
            agrees(&board, 4);
        }
    }

    /// Distances from the last move count a chain as one point: every
    /// liberty of the chain just played is at 1, and no point is farther
    /// than on the grid; without a last move everything is out of reach.
    #[test]
    fn near_last_counts_a_chain_as_one_point() {
        let board = Board::from_diagram(
            ". . . . . .
             . X X X . .
             . O . . . .
             . . . . . .
             . . . . . .
             . . . . . .",
        )
        .unwrap();
        let last = v("B5");
        let near = NearLast::new(&board, Some(last));
        assert_eq!(near.distance(v("D5")), Some(0));
        assert_eq!(near.distance(v("E5")), Some(1));
        assert_eq!(near.distance(v("D6")), Some(1));
        assert_eq!(near.distance(v("D4")), Some(1));
        assert_eq!(near.distance(v("B4")), Some(1), "the white stone");
        assert_eq!(near.distance(v("B3")), Some(2));
        assert_eq!(near.distance(v("F5")), Some(2));
        assert_eq!(near.distance(v("F4")), Some(3));
        assert_eq!(near.distance(v("F1")), None);
        for p in board.points() {
            let grid = p.col().abs_diff(last.col()) + p.row().abs_diff(last.row());
            if let Some(d) = near.distance(p) {
                assert!(d <= grid, "{p:?}");
            } else {
                assert!(grid > PRIOR_NEAR_LAST.len(), "{p:?}");
            }
        }
        let none = NearLast::new(&board, None);
        assert!(board.points().all(|p| none.distance(p).is_none()));
    }

    /// The two-liberty prior rewards a move that gives an own chain with
    /// two liberties a third, not one that keeps it at two or fills one.
    #[test]
    fn gives_third_liberty_to_two_liberty_chains() {
        let board = Board::from_diagram(
            ". . . . . . .
             . . . . . . .
             . O O . . . .
             O X X . . . .
             . O . O . . .
             . . . O . . .
             . . . . . . .",
        )
        .unwrap();
        let chain = v("B4");
        assert_eq!(board.liberty_count(chain, 3), 2);
        // Extending at D4 gives C3, E4 and D5.
        assert!(gives_third_liberty(&board, Color::Black, v("D4"), chain));
        // At C3 the chain keeps two: D4 and C2.
        assert!(!gives_third_liberty(&board, Color::Black, v("C3"), chain));
        // A chain with three liberties already gets nothing.
        let free = Board::from_diagram(
            ". . . . .
             . O O . .
             . X X . .
             . O . . .
             . . . . .",
        )
        .unwrap();
        assert!(!gives_third_liberty(&free, Color::Black, v("D3"), v("B3")));
    }
}
