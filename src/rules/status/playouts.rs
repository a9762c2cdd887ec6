//! The status playouts of a judgement: the mean ownership of every point
//! over many of them ([`ownership`]), seeded from the position, and the
//! verdicts it gives the chains not judged yet ([`playout_verdicts`]).

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::{Method, StoneStatus};
use crate::board::playout::{StatusMoves, status_playout};
use crate::board::{ARRAY_LEN, Board, Point};
use crate::color::Color;

/// A chain is dead when its mean ownership in its own favour (from −1,
/// always the opponent's, to +1, always its own) is below this.
pub const DEAD_BELOW: f64 = 0.25;

/// Seed of the status playouts, mixed with the position's hash.
pub const STATUS_SEED: u64 = 0x5354_4154_5553_2121; // "STATUS!!"

/// Mean area ownership of each point over `playouts` status playouts
/// choosing their free moves as `moves` says (alternating the first
/// player); with no playouts, the area owner of the position itself.
pub(super) fn ownership(
    board: &Board,
    playouts: u32,
    moves: StatusMoves,
    to_move: Option<Color>,
) -> Vec<f64> {
    let mut total = vec![0.0; ARRAY_LEN];
    let owner_value = |b: &Board, p: Point| match b.area_owner(p) {
        Some(Color::Black) => 1.0,
        Some(Color::White) => -1.0,
        None => 0.0,
    };
    if playouts == 0 {
        for p in board.points() {
            total[p.index()] = owner_value(board, p);
        }
        return total;
    }
    let mut rng = SmallRng::seed_from_u64(STATUS_SEED ^ board.hash());
    let mut scratch = board.clone();
    for i in 0..playouts {
        scratch.copy_from(board);
        let first = to_move.unwrap_or(if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        });
        status_playout(&mut scratch, first, moves, &mut rng);
        for p in board.points() {
            total[p.index()] += owner_value(&scratch, p);
        }
    }
    for v in &mut total {
        *v /= f64::from(playouts);
    }
    total
}

/// Sets every chain of `board` not judged yet in `status` dead when its
/// mean ownership in its own favour is below [`DEAD_BELOW`], else alive.
pub(super) fn playout_verdicts(
    board: &Board,
    ownership: &[f64],
    status: &mut [Option<(StoneStatus, Method)>],
) {
    for p in board.points() {
        let Some(color) = board.color_at(p) else {
            continue;
        };
        if status[p.index()].is_some() || board.chain_head(p) != p {
            continue;
        }
        let stones: Vec<Point> = board.chain_stones(p).collect();
        let sign = color.fold(1.0, -1.0);
        let mean = stones
            .iter()
            .map(|s| sign * ownership[s.index()])
            .sum::<f64>()
            / stones.len() as f64;
        let verdict = if mean < DEAD_BELOW {
            StoneStatus::Dead
        } else {
            StoneStatus::Alive
        };
        for s in stones {
            status[s.index()] = Some((verdict, Method::Playouts));
        }
    }
}

/// Mean ownership of the chain at `h` in its own favour (−1 to +1).
pub(super) fn chain_ownership(board: &Board, ownership: &[f64], h: Point) -> f64 {
    let Some(color) = board.color_at(h) else {
        return 0.0;
    };
    let stones: Vec<Point> = board.chain_stones(h).collect();
    stones_ownership(ownership, color, &stones)
}

/// Mean ownership of the stones `stones` of `color` in their favour (−1
/// to +1).
pub(super) fn stones_ownership(ownership: &[f64], color: Color, stones: &[Point]) -> f64 {
    let sign = color.fold(1.0, -1.0);
    stones
        .iter()
        .map(|s| sign * ownership[s.index()])
        .sum::<f64>()
        / stones.len() as f64
}
