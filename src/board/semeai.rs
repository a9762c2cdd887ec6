//! Capturing races (semeai) counted by liberties.
//!
//! Two groups of opposite colours that cannot both live race to take each
//! other. Counting decides most races without reading: each side's
//! *outside* liberties (only the opponent fills them, at no cost to
//! himself), the *shared* liberties (whoever fills one also takes a liberty
//! from himself) and the liberty value of an eye ([`eye_value`]: a big eye
//! is worth more liberties than it has points, since its owner captures
//! the stones played inside it and the attacker must play there again).
//! [`race`] plays that count out as a small game: each side in turn fills
//! one of the opponent's liberties or passes, a filling move that leaves
//! the mover without liberties is illegal unless it captures, the last
//! point of an eye can only be filled by a capture, and two passes in a
//! row leave both groups on the board (seki). It gives what the classic
//! rules of thumb give — with no eyes, the side with more liberties wins
//! and the side to move wins a tie; shared liberties count for the side
//! with an eye; two eyeless groups whose outside liberties are few beside
//! two or more shared ones are seki — without a table of cases.
//!
//! [`race_groups`] joins the chains that race together: chains of one
//! colour whose shared liberty the opponent cannot cut (his stone there
//! would be taken at once, or is illegal), or that share two liberties.

use super::{ARRAY_LEN, Board, Point};
use std::collections::HashMap;

/// The most liberties of one kind that the count distinguishes: a side with
/// more outside liberties than this, or an eye worth more, is counted as
/// having this many (the races it decides are long over by then).
pub const MAX_COUNTED: u8 = 16;

/// The liberty value of an eye of `points` empty points, `enemy` of them
/// already holding opponent stones: 1, 2, 3 for eyes of up to three
/// points, then 5, 8, 12 and 17 for four to seven points (the attacker
/// fills the eye, the owner takes the stones, the attacker fills again),
/// less one for each opponent stone already inside (it has been played),
/// and never below one.
#[must_use]
pub fn eye_value(points: usize, enemy: usize) -> u8 {
    const VALUES: [u8; 8] = [0, 1, 2, 3, 5, 8, 12, 17];
    let full = VALUES[points.min(VALUES.len() - 1)];
    let enemy = u8::try_from(enemy).unwrap_or(u8::MAX);
    full.saturating_sub(enemy).clamp(1, MAX_COUNTED)
}

/// One side of a race, counted in liberties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RaceSide {
    /// Liberties outside any eye that the opponent does not share.
    pub outside: u8,
    /// The liberty value of the side's eye ([`eye_value`]); 0 without one.
    pub eye: u8,
}

impl RaceSide {
    fn capped(self) -> RaceSide {
        RaceSide {
            outside: self.outside.min(MAX_COUNTED),
            eye: self.eye.min(MAX_COUNTED),
        }
    }
}

/// How a race ends for the side that moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceOutcome {
    /// It takes the other side.
    Wins,
    /// Neither can take the other.
    Seki,
    /// It is taken.
    Loses,
}

/// The race between `first` (to move) and `second`, which share `shared`
/// liberties, counted out (see the module documentation).
#[must_use]
pub fn race(first: RaceSide, second: RaceSide, shared: u8) -> RaceOutcome {
    let start = State {
        sides: [first.capped(), second.capped()],
        shared: shared.min(MAX_COUNTED),
        mover: 0,
        passed: false,
    };
    match solve(start, &mut HashMap::new()) {
        1 => RaceOutcome::Wins,
        0 => RaceOutcome::Seki,
        _ => RaceOutcome::Loses,
    }
}

/// A position of the counted race: `sides[0]` moved first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    sides: [RaceSide; 2],
    shared: u8,
    /// The side to move (0 or 1).
    mover: usize,
    /// Whether the last move was a pass.
    passed: bool,
}

impl State {
    fn liberties(&self, side: usize) -> u8 {
        self.sides[side].outside + self.sides[side].eye + self.shared
    }

    /// The positions after each move of the side to move except a pass,
    /// with whether the move captured.
    fn fills(&self) -> Vec<(State, bool)> {
        let me = self.mover;
        let them = 1 - me;
        let mut out = Vec::new();
        let mut push = |mut next: State| {
            next.mover = them;
            next.passed = false;
            if next.liberties(them) == 0 {
                out.push((next, true));
            } else if next.liberties(me) > 0 {
                out.push((next, false));
            }
        };
        if self.sides[them].outside > 0 {
            let mut next = *self;
            next.sides[them].outside -= 1;
            push(next);
        }
        if self.shared > 0 {
            let mut next = *self;
            next.shared -= 1;
            push(next);
        }
        // Inside the opponent's eye once his outside liberties are gone;
        // its last point only to capture.
        let eye = self.sides[them].eye;
        if eye > 0 && self.sides[them].outside == 0 && (eye > 1 || self.liberties(them) == 1) {
            let mut next = *self;
            next.sides[them].eye -= 1;
            push(next);
        }
        out
    }
}

/// The value of `state` for side 0: 1 it takes side 1, 0 seki, −1 taken.
fn solve(state: State, memo: &mut HashMap<State, i8>) -> i8 {
    if let Some(&v) = memo.get(&state) {
        return v;
    }
    // Side 0 maximises, side 1 minimises.
    let sign: i8 = if state.mover == 0 { 1 } else { -1 };
    let mut best = if state.passed {
        0
    } else {
        let mut after_pass = state;
        after_pass.mover = 1 - state.mover;
        after_pass.passed = true;
        solve(after_pass, memo)
    };
    for (next, captured) in state.fills() {
        let value = if captured { sign } else { solve(next, memo) };
        if value * sign > best * sign {
            best = value;
        }
        if best == sign {
            break;
        }
    }
    memo.insert(state, best);
    best
}

/// The racing group of every point (indexed by `Point::index`): the head
/// of the first chain of its group, for stones; `None` for empty points.
/// Chains of one colour are one group when they share two liberties, or a
/// liberty where an opponent stone would be illegal or taken at once (one
/// liberty left, capturing nothing).
#[must_use]
pub fn race_groups(board: &Board) -> Vec<Option<Point>> {
    let mut parent: Vec<usize> = (0..ARRAY_LEN).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let heads: Vec<Point> = board
        .points()
        .filter(|&p| board.color_at(p).is_some() && board.chain_head(p) == p)
        .collect();
    let libs: Vec<(Point, Vec<Point>)> = heads.iter().map(|&h| (h, board.liberties(h))).collect();
    for (i, (a, la)) in libs.iter().enumerate() {
        let Some(own) = board.color_at(*a) else {
            continue;
        };
        let cutter = own.other();
        let uncuttable = |p: Point| {
            !board.is_legal(cutter, p)
                || (board.liberties_after(cutter, p) <= 1 && !board.is_capture(cutter, p))
        };
        for (b, lb) in &libs[i + 1..] {
            if board.color_at(*b) != Some(own) {
                continue;
            }
            let shared: Vec<Point> = la.iter().filter(|l| lb.contains(l)).copied().collect();
            if shared.len() >= 2 || shared.iter().any(|&p| uncuttable(p)) {
                let (ra, rb) = (find(&mut parent, a.index()), find(&mut parent, b.index()));
                parent[ra.max(rb)] = ra.min(rb);
            }
        }
    }
    // A root is the index of the head of its group's first chain.
    let mut head_at: Vec<Option<Point>> = vec![None; ARRAY_LEN];
    for &h in &heads {
        head_at[h.index()] = Some(h);
    }
    let mut group = vec![None; ARRAY_LEN];
    for p in board.points() {
        if board.color_at(p).is_some() {
            let root = find(&mut parent, board.chain_head(p).index());
            group[p.index()] = head_at[root];
        }
    }
    group
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(outside: u8, eye: u8) -> RaceSide {
        RaceSide { outside, eye }
    }

    /// Without eyes and shared liberties, the side with more liberties
    /// wins, and the side to move wins a tie.
    #[test]
    fn without_eyes_more_liberties_win_and_the_mover_wins_a_tie() {
        assert_eq!(race(side(3, 0), side(3, 0), 0), RaceOutcome::Wins);
        assert_eq!(race(side(2, 0), side(3, 0), 0), RaceOutcome::Loses);
        assert_eq!(race(side(4, 0), side(3, 0), 1), RaceOutcome::Wins);
        assert_eq!(race(side(2, 0), side(4, 0), 1), RaceOutcome::Loses);
    }

    /// Two eyeless groups with two shared liberties and no outside ones
    /// are seki: whoever fills a shared liberty puts himself in atari.
    #[test]
    fn two_shared_liberties_and_nothing_outside_is_seki() {
        assert_eq!(race(side(0, 0), side(0, 0), 2), RaceOutcome::Seki);
        // One outside liberty beside three shared ones is not enough to
        // win; beside two shared ones, or two beside three, it is.
        assert_eq!(race(side(1, 0), side(0, 0), 3), RaceOutcome::Seki);
        assert_eq!(race(side(1, 0), side(0, 0), 2), RaceOutcome::Wins);
        assert_eq!(race(side(2, 0), side(0, 0), 3), RaceOutcome::Wins);
    }

    /// With an eye against none, the shared liberties are the eye's
    /// owner's: the eyeless side must fill them, taking its own liberties.
    #[test]
    fn shared_liberties_count_for_the_side_with_an_eye() {
        // Eye 1 + outside 1 + shared 3 against outside 4: the eye wins
        // even when the eyeless side moves first.
        assert_eq!(race(side(4, 0), side(1, 1), 3), RaceOutcome::Loses);
        assert_eq!(race(side(1, 1), side(4, 0), 3), RaceOutcome::Wins);
        // Eyes on both sides and only shared liberties besides: seki.
        assert_eq!(race(side(0, 1), side(0, 1), 2), RaceOutcome::Seki);
    }

    /// A big eye is worth more than its points.
    #[test]
    fn big_eyes_are_worth_more_than_their_points() {
        assert_eq!(eye_value(3, 0), 3);
        assert_eq!(eye_value(4, 0), 5);
        assert_eq!(eye_value(5, 0), 8);
        assert_eq!(eye_value(6, 0), 12);
        assert_eq!(eye_value(5, 2), 6);
        assert_eq!(eye_value(1, 3), 1);
        // A five-point eye against six outside liberties, the eyeless side
        // first: the eye wins.
        assert_eq!(
            race(side(6, 0), side(0, eye_value(5, 0)), 0),
            RaceOutcome::Loses
        );
    }

    /// Chains sharing a liberty the opponent cannot cut are one group;
    /// chains sharing one cuttable liberty are two.
    #[test]
    fn chains_join_where_the_opponent_cannot_cut() {
        let board = Board::from_diagram(
            "
            . . . . . . . . .
            . . . O . . . . .
            . . X . X . . . .
            . . . O . . . . .
            . . . . . . . . .
            . . . . . X . X .
            . . . . . . . . .
            . X . . . . . . .
            X . X . . . . . .
            ",
        )
        .expect("diagram");
        let groups = race_groups(&board);
        let at = |v: &str| groups[crate::test_support::v(v).index()];
        // White at D7 joins D8 and D6: a cut.
        assert_ne!(at("C7"), at("E7"));
        // White at G4 would have three liberties: a cut.
        assert_ne!(at("F4"), at("H4"));
        // White at B1 would have no liberty: A1, B2 and C1 are one group.
        assert_eq!(at("A1"), at("B2"));
        assert_eq!(at("A1"), at("C1"));
        assert_eq!(groups[crate::test_support::v("E5").index()], None);
    }
}
