//! The protective move (teire) under rules that confirm life by art. 7:
//! the move that brings back to life the chains of one colour that the
//! confirmation judged dead, which the engine plays rather than pass.

use super::{Judgement, Method, StoneStatus};
use crate::board::{ARRAY_LEN, Board, Point};
use crate::color::Color;
use crate::rules::benson::pass_alive;
use crate::rules::confirm::{KoMode, Verdict, find_problems};

/// Under rules that confirm life by art. 7: a move for `color` that makes
/// every chain of its own that the confirmation judged dead in some local
/// problem alive again, if one move can (teire: connecting an open direct
/// ko, taking a ko whose loser may not retake at once, a protective move in
/// one's own shape). The engine plays it rather than pass.
#[must_use]
pub fn protective_move(board: &Board, color: Color, judgement: &Judgement) -> Option<Point> {
    let proven = |b: &Board| {
        let mut heads = vec![false; ARRAY_LEN];
        for c in Color::ALL {
            for h in pass_alive(b, c).chains {
                heads[h.index()] = true;
            }
        }
        heads
    };
    let benson = proven(board);
    for problem in find_problems(board, &|h: Point| benson[h.index()]) {
        let dead: Vec<Point> = problem
            .chains
            .iter()
            .filter(|&&h| {
                board.color_at(h) == Some(color)
                    && judgement.status(h) == Some(StoneStatus::Dead)
                    && judgement.method(h) == Some(Method::Confirmation)
            })
            .flat_map(|&h| board.chain_stones(h))
            .collect();
        if dead.is_empty() || !problem.is_searchable(board) {
            continue;
        }
        for &p in &problem.points {
            if board.color_at(p).is_some() || !board.is_legal(color, p) || board.is_eye(color, p) {
                continue;
            }
            let mut after = board.clone();
            after.play_unchecked(color, p);
            if dead.iter().any(|&s| after.color_at(s) != Some(color)) {
                continue;
            }
            let benson_after = proven(&after);
            let problems_after = find_problems(&after, &|h: Point| benson_after[h.index()]);
            let saved = dead.iter().all(|&s| {
                let h = after.chain_head(s);
                match problems_after.iter().find(|q| q.chains.contains(&h)) {
                    // Joined a wall: out of any local problem.
                    None => true,
                    Some(q) => {
                        q.is_searchable(&after)
                            && q.judge(&after, KoMode::Confirmation).is_ok_and(|j| {
                                j.verdicts
                                    .iter()
                                    .any(|&(c, v)| c == h && v == Verdict::Alive)
                            })
                    }
                }
            });
            if saved {
                return Some(p);
            }
        }
    }
    None
}
