//! Local readings remembered across judgements: scoring one record judges
//! many positions (the dame phase, the implied reply, a judgement repeated
//! without its dead stones) that share most of their local problems, and
//! reading a large problem again costs as much as the first time.
//!
//! A reading depends only on the problem's points, the chains it judges,
//! the stones next to them (the walls, with their liberties outside the
//! problem up to [`SAFE_LIBERTIES`]), the ko on the board and how it is
//! read, so that is the key. A reading that ran out of
//! budget is remembered with the budget it had. The memo only saves time:
//! [`judge_remembered`] gives what [`Problem::judge_within`] would give,
//! whatever was read before, so judgements stay the same whatever order
//! records are scored in and on how many threads.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use crate::board::Board;
use crate::rules::confirm::{FirstMove, Judged, KoMode, OutOfBudget, Problem, SAFE_LIBERTIES};

/// Most readings remembered on one thread; the memo starts again when
/// full.
const MEMO_ENTRIES: usize = 4096;

/// What one reading gave, and with what budget.
#[derive(Clone)]
enum Remembered {
    /// Read to the end.
    Read(Judged),
    /// Out of budget with this many nodes allowed.
    OutOf(u64),
}

thread_local! {
    static MEMO: RefCell<HashMap<u64, Remembered>> = RefCell::new(HashMap::new());
}

/// The key of `problem` on `board` read with `ko` and `first`.
fn key(problem: &Problem, board: &Board, ko: KoMode, first: FirstMove) -> u64 {
    let mut h = DefaultHasher::new();
    (ko as u8, first as u8).hash(&mut h);
    board.ko().map(|(p, c)| (p.index(), c.index())).hash(&mut h);
    for &p in &problem.points {
        (p.index(), board.cell(p) as u8).hash(&mut h);
    }
    // The chains judged, each by its lowest stone (heads depend on how
    // the chain was built).
    for &c in &problem.chains {
        board.chain_stones(c).map(|s| s.index()).min().hash(&mut h);
    }
    for &p in &problem.points {
        for n in p.neighbours() {
            if problem.points.contains(&n) || board.color_at(n).is_none() {
                continue;
            }
            let outside = board
                .liberties(n)
                .into_iter()
                .filter(|l| !problem.points.contains(l))
                .count()
                .min(SAFE_LIBERTIES);
            (n.index(), board.cell(n) as u8, outside).hash(&mut h);
        }
    }
    h.finish()
}

/// [`Problem::judge_within`], remembered.
pub(super) fn judge_remembered(
    problem: &Problem,
    board: &Board,
    ko: KoMode,
    first: FirstMove,
    max_nodes: u64,
) -> Result<Judged, OutOfBudget> {
    let key = key(problem, board, ko, first);
    let known = MEMO.with(|m| m.borrow().get(&key).cloned());
    match known {
        // Within a smaller budget the same reading runs out.
        Some(Remembered::Read(judged)) if judged.nodes > max_nodes => return Err(OutOfBudget),
        Some(Remembered::Read(judged)) => return Ok(judged),
        Some(Remembered::OutOf(budget)) if max_nodes <= budget => return Err(OutOfBudget),
        _ => {}
    }
    let judged = problem.judge_within(board, ko, first, max_nodes);
    let remembered = match &judged {
        Ok(j) => Remembered::Read(j.clone()),
        Err(OutOfBudget) => Remembered::OutOf(max_nodes),
    };
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= MEMO_ENTRIES {
            m.clear();
        }
        m.insert(key, remembered);
    });
    judged
}
