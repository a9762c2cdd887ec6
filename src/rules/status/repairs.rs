//! Repairs of playout verdicts that the status playouts get wrong as a
//! rule: a stone left inside a dead group ([`revive_surrounded_by_dead`]),
//! a ko stone its owner connects at the end ([`revive_ko_stones`]),
//! two neighbours in a capturing race both judged dead
//! ([`revive_the_stronger_of_dead_neighbours`]) and a capturing race left
//! open that the side behind turns into seki ([`mark_unsettled_semeai`]).

use super::board_without;
use super::playouts::chain_ownership;
use super::{Method, StoneStatus};
use crate::board::{Board, Point};
use crate::color::Color;
use crate::rules::benson::chain_is_pass_alive_after_one;

/// A chain the playouts judge dead, but with at least this mean ownership
/// in its favour, survives in about half of them: who moves first decides
/// (see [`mark_unsettled_semeai`]).
pub const UNSETTLED_ABOVE: f64 = 0.0;

/// Of two neighbouring chains of opposite colours in a capturing race
/// (sharing a liberty) that the status playouts both judge dead, the one
/// with the higher mean ownership in its own favour is alive: one takes
/// the other, so they are not both dead. In an unsettled fight left on
/// the board, playouts that capture either side about half of the time
/// judge both dead. Where the local reading judged one of them (each read
/// with its attacker first, art. 7-1), it has already weighed the
/// captures: the stronger lives only if taking the other leaves it one
/// move from pass-alive ([`chain_is_pass_alive_after_one`]; not so for a
/// chain taking a throw-in, as in eternal life). Neighbours that share no
/// liberty may each die to its own killer (a ko stone next to a stone that
/// a teire captures): they are left as they are.
pub(super) fn revive_the_stronger_of_dead_neighbours(
    board: &Board,
    ownership: &[f64],
    status: &mut [Option<(StoneStatus, Method)>],
) {
    let judged_dead = |p: Point| match status[p.index()] {
        Some((StoneStatus::Dead, m @ (Method::Playouts | Method::Confirmation))) => Some(m),
        _ => None,
    };
    let mut revived: Vec<Point> = Vec::new();
    for h in board.points() {
        let Some(color) = board.color_at(h) else {
            continue;
        };
        if board.chain_head(h) != h {
            continue;
        }
        let Some(method) = judged_dead(h) else {
            continue;
        };
        let own = chain_ownership(board, ownership, h);
        let liberties = board.liberties(h);
        let in_race_with = |n: Point| board.liberties(n).iter().any(|l| liberties.contains(l));
        // The reading took captures into account: a chain it killed lives
        // only if taking its neighbour leaves it one move from pass-alive.
        let lives_by_taking = |n: Point| {
            let taken: Vec<Point> = board.chain_stones(n).collect();
            board_without(board, &taken).is_some_and(|b| chain_is_pass_alive_after_one(&b, h))
        };
        let weaker_dead_neighbour = board
            .chain_stones(h)
            .flat_map(|s| s.neighbours())
            .filter(|&n| board.color_at(n) == Some(color.other()))
            .any(|n| {
                let Some(other) = judged_dead(n) else {
                    return false;
                };
                in_race_with(n)
                    && chain_ownership(board, ownership, board.chain_head(n)) < own
                    && ((method == Method::Playouts && other == Method::Playouts)
                        || lives_by_taking(n))
            });
        if weaker_dead_neighbour {
            revived.push(h);
        }
    }
    for h in revived {
        for s in board.chain_stones(h) {
            status[s.index()] = Some((StoneStatus::Alive, Method::Playouts));
        }
    }
}

/// A dead chain whose neighbouring enemy chains are all dead is alive: once
/// they are removed it stands in its owner's own area (a stone left inside
/// a dead group, often in atari, that playouts see captured too often).
pub(super) fn revive_surrounded_by_dead(
    board: &Board,
    status: &mut [Option<(StoneStatus, Method)>],
) {
    let is_dead = |status: &[Option<(StoneStatus, Method)>], p: Point| {
        matches!(status[p.index()], Some((StoneStatus::Dead, _)))
    };
    for p in board.points() {
        let Some(color) = board.color_at(p) else {
            continue;
        };
        if board.chain_head(p) != p
            || !is_dead(status, p)
            || status[p.index()].is_some_and(|(_, m)| m != Method::Playouts)
        {
            continue;
        }
        let enemies = super::enemy_neighbours(board, p, color);
        if !enemies.is_empty() && enemies.iter().all(|&e| is_dead(status, e)) {
            for s in board.chain_stones(p) {
                status[s.index()] = Some((StoneStatus::Alive, Method::Playouts));
            }
        }
    }
}

/// A ko left at the end of the game is its owner's to connect: a lone
/// stone the playouts or the reading call dead, in atari, whose last
/// liberty its owner's live stones alone surround. The opponent's capture
/// there is a ko (his stone would have that one point as its liberty),
/// which the players did not fight: the owner connects in the dame phase
/// (a rescue) and the stone is alive. Left dead, the count would give the
/// opponent a ko he never won. Only for a game stopped by agreement
/// ([`super::judge_stopped_by_agreement`]): after two passes the rules take
/// it as they stand.
pub(super) fn revive_ko_stones(board: &Board, status: &mut [Option<(StoneStatus, Method)>]) {
    let is_live = |status: &[Option<(StoneStatus, Method)>], p: Point| {
        status[p.index()].is_some_and(|(s, _)| s.is_live())
    };
    let mut revived = Vec::new();
    for p in board.points() {
        let Some(color) = board.color_at(p) else {
            continue;
        };
        let judged_dead = matches!(
            status[p.index()],
            Some((StoneStatus::Dead, Method::Playouts | Method::Confirmation))
        );
        if !judged_dead || board.chain_size(p) != 1 {
            continue;
        }
        let liberties = board.liberties(p);
        let &[last] = liberties.as_slice() else {
            continue;
        };
        // Every other neighbour of the liberty is a live stone of the
        // owner's with a liberty to spare (the capture takes the lone stone
        // only), or the edge; and the connection leaves two liberties at
        // least (not so in a double-ko seki, 死活例25, where each ko is a
        // liberty its group lives by).
        let owners = last.neighbours().into_iter().filter(|&n| n != p);
        let enclosed = owners.clone().all(|n| {
            !board.is_on_board(n)
                || (board.color_at(n) == Some(color)
                    && is_live(status, n)
                    && board.liberty_count(n, 2) >= 2)
        });
        if enclosed
            && owners.clone().any(|n| board.color_at(n) == Some(color))
            && board.liberties_after(color, last) >= 2
        {
            revived.push(p);
        }
    }
    for p in revived {
        status[p.index()] = Some((StoneStatus::Alive, Method::Playouts));
    }
}

/// The most points of an eye space with enemy stones in it that
/// [`stands_in_eye_of`] calls one eye: once its owner takes what is thrown
/// in, three points are still one eye (the thrower takes the vital point);
/// four or more may be two.
const EYE_WITH_STONES_MAX: usize = 3;

/// Whether the chain at `d` stands in an eye space of the chain at `e`: a
/// region of points without `e`'s stones, of at most
/// [`EYE_WITH_STONES_MAX`] points, that only `e` borders. `d`'s owner
/// then fills the eye by throwing in, and what `e` takes back is one eye,
/// not seki: no race is left open.
fn stands_in_eye_of(board: &Board, d: Point, e: Point) -> bool {
    let Some(owner) = board.color_at(e) else {
        return false;
    };
    let mut region = vec![d];
    let mut i = 0;
    while i < region.len() {
        for n in region[i].neighbours() {
            if !board.is_on_board(n) || region.contains(&n) {
                continue;
            }
            if board.color_at(n) == Some(owner) {
                if board.chain_head(n) != e {
                    return false;
                }
            } else {
                region.push(n);
                if region.len() > EYE_WITH_STONES_MAX {
                    return false;
                }
            }
        }
        i += 1;
    }
    true
}

/// A capturing race left open, that the side behind turns into seki with
/// one move, is seki: players who stop there count it so. A chain D the
/// playouts judge dead, though it survives in about half of them, with
/// two liberties or more, every one shared with a single live enemy chain
/// E whose only other liberty is a point D's owner can fill safely: once
/// D's owner fills it, both have only shared liberties and neither can
/// fill one without leaving itself in atari. (The status playouts in
/// which E's owner fills a shared liberty first often capture D, whether
/// or not that wins against correct play.) D and E are seki.
pub(super) fn mark_unsettled_semeai(
    board: &Board,
    ownership: &[f64],
    status: &mut [Option<(StoneStatus, Method)>],
) {
    let mut pairs: Vec<(Point, Point)> = Vec::new();
    for d in board.points() {
        let Some(color) = board.color_at(d) else {
            continue;
        };
        if board.chain_head(d) != d
            || status[d.index()] != Some((StoneStatus::Dead, Method::Playouts))
            || chain_ownership(board, ownership, d) < UNSETTLED_ABOVE
        {
            continue;
        }
        let shared = board.liberties(d);
        if shared.len() < 2 {
            continue;
        }
        let first = shared[0];
        // The enemy chain next to the first liberty that touches them all.
        let touches_all = |e: Point| {
            shared.iter().all(|l| {
                l.neighbours()
                    .iter()
                    .any(|&n| board.color_at(n) == Some(color.other()) && board.chain_head(n) == e)
            })
        };
        let Some(e) = first
            .neighbours()
            .into_iter()
            .filter(|&n| board.color_at(n) == Some(color.other()))
            .map(|n| board.chain_head(n))
            .find(|&e| touches_all(e))
        else {
            continue;
        };
        if !matches!(status[e.index()], Some((StoneStatus::Alive, m)) if m != Method::Benson)
            || stands_in_eye_of(board, d, e)
        {
            continue;
        }
        let outside: Vec<Point> = board
            .liberties(e)
            .into_iter()
            .filter(|l| !shared.contains(l))
            .collect();
        let [o] = outside[..] else { continue };
        if !board.is_legal(color, o)
            || board.is_capture(color, o)
            || !board.has_two_liberties_after(color, o)
        {
            continue;
        }
        let mut after = board.clone();
        after.play_unchecked(color, o);
        let mut e_libs = after.liberties(e);
        let mut d_libs = after.liberties(d);
        e_libs.sort_unstable();
        d_libs.sort_unstable();
        // Neither side can then fill a shared liberty without leaving
        // itself in atari (a shared liberty that joins another chain is
        // not one).
        let stuck = |who: Color| {
            !shared
                .iter()
                .any(|&x| after.has_two_liberties_after(who, x))
        };
        if e_libs == d_libs && stuck(color) && stuck(color.other()) {
            log::debug!(
                "unsettled capturing race: {d} and {e} are seki (ownership {:.2} {:.2})",
                chain_ownership(board, ownership, d),
                chain_ownership(board, ownership, e)
            );
            pairs.push((d, e));
        }
    }
    for (d, e) in pairs {
        for h in [d, e] {
            for s in board.chain_stones(h) {
                status[s.index()] = Some((StoneStatus::Seki, Method::SekiTest));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::ARRAY_LEN;
    use crate::rules::status::tests::at;

    /// Black's B8 and White's C8-C9, neighbours sharing the liberty B9,
    /// both judged dead by the playouts: Black's survives in more of them
    /// (mean ownership 0.1 in its favour against White's 0.05), so it
    /// lives and White's stays dead. Black's F5 and White's G5 share no
    /// liberty, so each may die to its own killer (a ko stone and the
    /// stone a teire captures): both stay dead. So does H8, alone.
    #[test]
    fn the_stronger_of_two_dead_chains_in_a_race_lives() {
        let board = Board::from_diagram(
            "
            . . O . . . . . .
            . X O . . . . X .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . X O . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
        )
        .expect("diagram");
        let vertices = ["B8", "C8", "F5", "G5", "H8"];
        let heads: Vec<Point> = vertices.iter().map(|v| at(&board, v)).collect();
        let mut ownership = vec![0.0; ARRAY_LEN];
        let mut status = vec![None; ARRAY_LEN];
        for (&h, own) in heads.iter().zip([0.1, -0.05, 0.1, -0.05, 0.0]) {
            for s in board.chain_stones(h) {
                ownership[s.index()] = own;
                status[s.index()] = Some((StoneStatus::Dead, Method::Playouts));
            }
        }
        revive_the_stronger_of_dead_neighbours(&board, &ownership, &mut status);
        for (vertex, h) in vertices.iter().zip(heads) {
            let expected = if *vertex == "B8" {
                StoneStatus::Alive
            } else {
                StoneStatus::Dead
            };
            assert_eq!(
                status[h.index()].map(|(st, _)| st),
                Some(expected),
                "{vertex}"
            );
        }
    }

    /// Black's E5 sticks into White's wall, in atari; its last liberty E4
    /// only Black's live stones surround, so White's capture there would
    /// be a ko that Black ends by connecting: E5 is alive. Black's B7,
    /// also in atari, has its liberty B8 among White's stones: taken for
    /// nothing, it stays dead; so does the chain G5-H5, two stones with two
    /// liberties.
    #[test]
    fn a_ko_stone_its_owner_connects_is_alive() {
        let board = Board::from_diagram(
            "
            . . . . . . . . .
            O . O . . . . . .
            O X O O O O O O O
            O O O O O O O O O
            X X X O X O X X O
            X . X X . X . . X
            X X X X X X X X X
            . . . . . . . . .
            . . . . . . . . .
            ",
        )
        .expect("diagram");
        let judged_dead = ["E5", "B7", "G5"].map(|vertex| at(&board, vertex));
        let mut status = vec![None; ARRAY_LEN];
        for (p, _) in board.stones() {
            let dead = judged_dead.contains(&board.chain_head(p));
            status[p.index()] = Some(if dead {
                (StoneStatus::Dead, Method::Playouts)
            } else {
                (StoneStatus::Alive, Method::Benson)
            });
        }
        revive_ko_stones(&board, &mut status);
        let verdict = |vertex| status[at(&board, vertex).index()].map(|(s, _)| s);
        assert_eq!(verdict("E5"), Some(StoneStatus::Alive));
        assert_eq!(verdict("B7"), Some(StoneStatus::Dead));
        assert_eq!(verdict("G5"), Some(StoneStatus::Dead));
        assert_eq!(verdict("H5"), Some(StoneStatus::Dead));
    }

    /// A capturing race left open (see [`mark_unsettled_semeai`]): White's
    /// J5-J7 and Black's ten stones around them share H7 and H5; Black's
    /// only other liberty is F6, which White fills safely, and then
    /// neither can approach. When the status playouts call White dead
    /// but White survives about half of them, both chains are seki; when
    /// White dies in nearly all, nothing changes. On a board this small
    /// the exact reading decides instead, so the playouts' statuses are
    /// set by hand.
    #[test]
    fn an_open_capturing_race_is_seki() {
        let board = Board::from_diagram(
            "
            . O . O O O O O O
            O O O O O O X X X
            O O O O O O X . O
            O . O O O . X X O
            O O O O O O X . O
            O O O O O O X X X
            O . O O O O O O O
            O O O O O O O O O
            . O . O . O . O .
            ",
        )
        .expect("diagram");
        let (white, black) = (at(&board, "J6"), at(&board, "H8"));
        let judged = |white_ownership: f64| {
            let mut status = vec![None; ARRAY_LEN];
            let mut ownership = vec![-1.0; ARRAY_LEN];
            for (p, _) in board.stones() {
                status[p.index()] = Some((StoneStatus::Alive, Method::Benson));
            }
            for s in board.chain_stones(white) {
                status[s.index()] = Some((StoneStatus::Dead, Method::Playouts));
                ownership[s.index()] = -white_ownership;
            }
            for s in board.chain_stones(black) {
                status[s.index()] = Some((StoneStatus::Alive, Method::Playouts));
                ownership[s.index()] = 1.0;
            }
            mark_unsettled_semeai(&board, &ownership, &mut status);
            (
                status[white.index()].map(|s| s.0),
                status[black.index()].map(|s| s.0),
            )
        };
        assert_eq!(
            judged(0.1),
            (Some(StoneStatus::Seki), Some(StoneStatus::Seki))
        );
        // Dead in nearly every playout: Black wins whoever starts.
        assert_eq!(
            judged(-0.9),
            (Some(StoneStatus::Dead), Some(StoneStatus::Alive))
        );
    }

    /// The end of a professional game (recorded W+1.5). White's G18 H18 H19,
    /// in atari at J19, stand inside Black's group around J15 (D18 to K18),
    /// which has one eye (F19). The local reading, each chain's attacker
    /// first, judges both dead. They share J19, and taking the three stones
    /// leaves Black's group one move from pass-alive: it lives, and White's
    /// three stones are dead.
    const MUTUAL_RACE_GAME: &str = "
        . . O O X . X O . . O . . O X O O . O
        . . O X X X O O X X O O O O X X O O .
        . . O O X X X X X . O X X X X X O . O
        . . . O X O O X X O O O X X O X X O O
        O O . . O . O O X O . X X O O O X X X
        X O O . . . . X O O O . X X X O O O O
        X X X O O X O X O X O O X O O . . . .
        . . X O X O O O O X X X X O . O . O O
        . X X X X X . . . X . X O O O . O O O
        . O X O O O O O X . . . X O X O O X O
        . X O O O X X X X X . X X X X X O X X
        X . X O X X . O O O X X . X . X X X .
        . X X X O X X O X O O O X X X O X X X
        . . X O O O X O X X O . O O X O O O X
        . X X X O . O O O X . O O O X X O . O
        . . X O O O O X X X X O X O O O O O O
        . X . X O . . O O O X X X X O X O X O
        . . X X X O . O X X . X . . X X X X X
        . . . X O O O O O X X . X . . . . . .";

    #[test]
    fn of_two_chains_read_dead_the_one_that_lives_by_taking_the_other_lives() {
        let board = Board::from_diagram(MUTUAL_RACE_GAME).unwrap();
        let judgement = crate::rules::status::judge(&board, &crate::rules::Rules::japanese());
        for vertex in ["J15", "D18", "F17"] {
            assert_eq!(
                judgement.status(at(&board, vertex)),
                Some(StoneStatus::Alive),
                "{vertex}"
            );
        }
        assert_eq!(judgement.status(at(&board, "G18")), Some(StoneStatus::Dead));
    }
}
