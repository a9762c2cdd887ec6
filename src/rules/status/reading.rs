//! Exact local reading in a judgement: every local problem small enough
//! to search, walled by solid chains, is read ([`confirm_locally`]) and
//! its verdicts replace those of the playouts; how a problem is read at
//! the game's end ([`read_at_game_end`]) or with a side to move
//! ([`read_to_move`]) depends on the rules.

use super::memo::judge_remembered;
use super::playouts::chain_ownership;
use super::scope::{scope_left, scope_spend};
use super::{Method, StoneStatus};
use crate::board::{ARRAY_LEN, Board, Point};
use crate::color::Color;
use crate::rules::Rules;
use crate::rules::confirm::{
    FirstMove, Judged, KoMode, NODE_BUDGET, OutOfBudget, Verdict, find_problems,
};

/// Search nodes one judgement may spend on local problems, all together
/// (0.6 to 1 s on these machines, most of it copying boards in
/// `Confirmation::make`); a search still running when they are spent
/// gives up, and it and later problems go to the playouts. Smaller
/// budgets lose capturing races read with a side to move (GNU Go's
/// semeai suite), and a smaller one only at the game's end is slower:
/// the memo's out-of-budget readings no longer serve the lookahead.
pub const JUDGEMENT_NODE_BUDGET: u64 = 300_000;

/// The judgement's budget left for a problem is rounded up to a multiple
/// of this many nodes.
pub const BUDGET_STEP: u64 = 10_000;

/// A wall around a local problem must be alive with at least this mean
/// ownership in its favour (see [`confirm_locally`]).
pub const SOLID_WALL: f64 = 0.6;

/// Replaces the playout verdicts by the verdicts of an exact local search
/// in every local problem small enough to search (see [`crate::rules::confirm`]).
/// Under the Japanese rules this is the art. 7 confirmation. Rules that
/// settle life by play use the same search only where the verdict is the
/// same whether the attacker or the defender has every ko threat: then no
/// ko decides it and the reading is what play would show; otherwise the
/// playouts judge.
pub(super) fn confirm_locally(
    board: &Board,
    rules: &Rules,
    ownership: &[f64],
    to_move: Option<Color>,
    status: &mut [Option<(StoneStatus, Method)>],
) {
    let benson: Vec<bool> = status
        .iter()
        .map(|s| matches!(s, Some((_, Method::Benson))))
        .collect();
    let problems = find_problems(board, &|h: Point| benson[h.index()]);
    // A wall is taken as uncapturable; that must be what the playouts say
    // too, or the problem is not local after all.
    let mut solid = vec![false; ARRAY_LEN];
    for p in board.points() {
        solid[p.index()] = is_solid_wall(board, ownership, status, p);
    }
    let mut spent: u64 = 0;
    for problem in problems {
        if spent >= JUDGEMENT_NODE_BUDGET || scope_left() == 0 {
            log::debug!("local search: node budget of the judgement spent, playouts decide");
            break;
        }
        if !problem.walls.iter().all(|&w| solid[w.index()]) {
            log::debug!(
                "local search: a {}-point problem has a weak wall, playouts decide",
                problem.points.len()
            );
            continue;
        }
        if !problem.is_searchable(board) {
            log::debug!(
                "confirmation: problem of {} points too large, playouts decide",
                problem.points.len()
            );
            continue;
        }
        let mut judge = |ko: KoMode, first: FirstMove| {
            // Rounded up, so that a problem read again in a later
            // judgement has the same budget and its reading is remembered.
            let left = JUDGEMENT_NODE_BUDGET
                .saturating_sub(spent)
                .min(scope_left())
                .div_ceil(BUDGET_STEP)
                * BUDGET_STEP;
            let judged = judge_remembered(&problem, board, ko, first, left);
            let cost = judged.as_ref().map_or(NODE_BUDGET.min(left), |j| j.nodes);
            spent += cost;
            scope_spend(cost);
            judged
        };
        let judged = match to_move {
            None => read_at_game_end(rules, &mut judge),
            // Chains of the side to move are read with their owner (the
            // defender) first, the others with their attacker first.
            Some(first) => read_to_move(rules, &mut judge, FirstMove::Defender).and_then(|own| {
                let theirs = read_to_move(rules, &mut judge, FirstMove::Attacker)?;
                Ok(own.zip(theirs).map(|(mut own, theirs)| {
                    for (verdict, other) in own.verdicts.iter_mut().zip(theirs.verdicts) {
                        if board.color_at(verdict.0) != Some(first) {
                            *verdict = other;
                        }
                    }
                    own.nodes += theirs.nodes;
                    own
                }))
            }),
        };
        match judged {
            Ok(None) => log::debug!(
                "local search: a ko decides a {}-point problem, playouts decide under {}",
                problem.points.len(),
                rules.name
            ),
            Ok(Some(judged)) => {
                log::debug!(
                    "local search: {} chains decided in {} nodes",
                    judged.verdicts.len(),
                    judged.nodes
                );
                for (h, verdict) in judged.verdicts {
                    let st = match verdict {
                        Verdict::Alive => StoneStatus::Alive,
                        Verdict::Dead => StoneStatus::Dead,
                    };
                    for s in board.chain_stones(h) {
                        status[s.index()] = Some((st, Method::Confirmation));
                    }
                }
            }
            Err(OutOfBudget) => log::debug!(
                "confirmation: search of a {}-point problem out of budget, playouts decide",
                problem.points.len()
            ),
        }
    }
}

/// Reads one local problem as the game's end does: under the art. 7
/// confirmation with the attacker first; under rules that settle life by
/// play, only where the verdict is the same whether the attacker or the
/// defender has every ko threat, or where the ko threats run out and who
/// starts does not matter (`None`: a ko decides, the playouts judge).
fn read_at_game_end(
    rules: &Rules,
    judge: &mut impl FnMut(KoMode, FirstMove) -> Result<Judged, OutOfBudget>,
) -> Result<Option<Judged>, OutOfBudget> {
    if rules.confirmation {
        return judge(KoMode::Confirmation, FirstMove::Attacker).map(Some);
    }
    // Settled whichever side has the ko threats? With no ko read, the
    // threats never mattered; with every threat the defender's, a death
    // stands whoever has them.
    let defender = judge(KoMode::DefenderThreats, FirstMove::Attacker)?;
    let all_dead = defender.verdicts.iter().all(|&(_, v)| v == Verdict::Dead);
    if !defender.ko || all_dead {
        return Ok(Some(defender));
    }
    let attacker = judge(KoMode::AttackerThreats, FirstMove::Attacker)?;
    if defender.verdicts == attacker.verdicts {
        return Ok(Some(defender));
    }
    // Play goes on until the ko threats are used up (劫尽棋亡); then the
    // threat-less reading decides, if it does not matter who starts (bent
    // four: the defender has no useful first move).
    let judged = judge(KoMode::Confirmation, FirstMove::Attacker)?;
    let reply = judge(KoMode::Confirmation, FirstMove::Defender)?;
    Ok((reply.verdicts == judged.verdicts).then_some(judged))
}

/// Reads one local problem with `first` moving first: under the art. 7
/// confirmation as the rules say; otherwise only where the verdict is the
/// same whichever side has every ko threat (`None`: a ko decides).
fn read_to_move(
    rules: &Rules,
    judge: &mut impl FnMut(KoMode, FirstMove) -> Result<Judged, OutOfBudget>,
    first: FirstMove,
) -> Result<Option<Judged>, OutOfBudget> {
    if rules.confirmation {
        return judge(KoMode::Confirmation, first).map(Some);
    }
    let defender = judge(KoMode::DefenderThreats, first)?;
    if !defender.ko {
        return Ok(Some(defender));
    }
    let attacker = judge(KoMode::AttackerThreats, first)?;
    Ok((defender.verdicts == attacker.verdicts).then_some(defender))
}

/// Whether the chain at `h` may stand as an uncapturable wall around a
/// local reading: Benson proved it, or it is alive with a mean ownership
/// in its favour of at least [`SOLID_WALL`].
pub(super) fn is_solid_wall(
    board: &Board,
    ownership: &[f64],
    status: &[Option<(StoneStatus, Method)>],
    h: Point,
) -> bool {
    match status[h.index()] {
        Some((_, Method::Benson)) => true,
        Some((StoneStatus::Alive, _)) => chain_ownership(board, ownership, h) >= SOLID_WALL,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::playout::tests::STRAIGHT_THREE_NAKADE;
    use crate::rules::status::judge;
    use crate::rules::status::tests::at;

    /// White's group (A8 to E8, E9) holds Black's straight three A9 B9 C9,
    /// with a one-point corridor to Black's living wall (A7 to E7): White
    /// takes the three stones at D9 and Black's answer at B9, the vital
    /// point, leaves one eye. The local reading decides it (the status
    /// playouts' answer to the capture is tested in `board::playout` on the
    /// same diagram).
    #[test]
    fn a_group_whose_eye_space_is_a_nakade_is_dead() {
        let board = Board::from_diagram(STRAIGHT_THREE_NAKADE).expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        let white = at(&board, "E9");
        assert_eq!(judgement.status(white), Some(StoneStatus::Dead));
        assert_eq!(judgement.status(at(&board, "A9")), Some(StoneStatus::Alive));
    }
}
