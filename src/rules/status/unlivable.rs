//! Enclosed groups that die whoever moves first.
//!
//! The status playouts call a group alive when random play leaves it on
//! the board in most games; a group whose eye space already holds the
//! enemy's stone on its vital point (a bulky five, a pyramid four), or
//! that one placement kills, looks alive to them though no sequence saves
//! it. Where the group sits in a small region closed by enemy walls, the
//! region is read to the end ([`super::tsumego`]) twice, the group's owner
//! moving first and then its attacker: a group taken both times is dead
//! ([`unlivable_chains`]), whoever has the move at the end of the game.

use super::tsumego::shut_group;
use super::{Judgement, Method, StoneStatus, enemy_neighbours};
use crate::board::{Board, Point};

/// The most positions read for one group, both sides moving first (the
/// corner shapes this is for are settled in two thousand or fewer).
pub const UNLIVABLE_READ_BUDGET: usize = 3_000;

/// The most stones of a dead enemy chain next to a group read here: the
/// attacker's stones inside its eye space (on a vital point). Next to a
/// larger one, the group may be a sacrifice inside that chain's eyes.
pub const MAX_DEAD_INSIDE: usize = 3;

/// The most groups one judgement reads: with [`UNLIVABLE_READ_BUDGET`],
/// about a tenth of a second on this step at most.
pub const UNLIVABLE_MAX_READS: usize = 4;

/// The stones of the chains that only the status playouts call alive and
/// that the reading takes whoever moves first (see the module
/// documentation).
pub(super) fn unlivable_chains(
    board: &Board,
    ownership: &[f64],
    status: &[Option<(StoneStatus, Method)>],
) -> Vec<Point> {
    let judgement = Judgement {
        status: status.to_vec(),
        ownership: ownership.to_vec(),
    };
    let mut stones = Vec::new();
    let mut reads = 0;
    for (p, color) in board.stones() {
        if reads >= UNLIVABLE_MAX_READS {
            break;
        }
        if board.chain_head(p) != p
            || status[p.index()] != Some((StoneStatus::Alive, Method::Playouts))
        {
            continue;
        }
        // A chain among dead enemy stones only stands in its owner's
        // area: what they could take there costs him nothing. And next to
        // a large dead enemy chain it may be a sacrifice inside that
        // chain's eye space (a nakade taken to be played again).
        let enemies = enemy_neighbours(board, p, color);
        let live = |n: Point| status[n.index()].is_some_and(|(st, _)| st.is_live());
        if !enemies.iter().any(|&n| live(n))
            || enemies
                .iter()
                .any(|&n| !live(n) && board.chain_size(n) > MAX_DEAD_INSIDE)
        {
            continue;
        }
        let Some(mut group) = shut_group(board, &judgement, p, UNLIVABLE_READ_BUDGET) else {
            continue;
        };
        reads += 1;
        if group.read(color) == Some(StoneStatus::Dead)
            && group.read(color.other()) == Some(StoneStatus::Dead)
        {
            log::debug!("judgement: the group at {p} dies whoever moves first");
            stones.extend(board.chain_stones(p));
        }
    }
    stones
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::ARRAY_LEN;
    use crate::rules::status::tests::at;

    /// Black's corner has the bulky five A1 B1 C1 A2 B2 for eye space, and
    /// White's stone already stands on its vital point B1; White's wall
    /// lives outside. Black cannot make two eyes whoever starts, though
    /// random playouts, which never fill a big eye, let it live.
    const BULKY_FIVE_TAKEN: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O . . . .
        X X X X O . . . .
        . . X X O . . . .
        . O . X O . . . .
        ";

    /// The verdicts of the playouts on [`BULKY_FIVE_TAKEN`]: Black's corner
    /// alive, White's B1 dead, the wall alive and sure.
    fn playout_verdicts(board: &Board) -> (Vec<Option<(StoneStatus, Method)>>, Vec<f64>) {
        let mut status = vec![None; ARRAY_LEN];
        let mut ownership = vec![-1.0; ARRAY_LEN];
        for (p, color) in board.stones() {
            let black = color == crate::color::Color::Black;
            status[p.index()] = Some((StoneStatus::Alive, Method::Playouts));
            if black || p == at(board, "B1") {
                ownership[p.index()] = 0.7;
            }
        }
        status[at(board, "B1").index()] = Some((StoneStatus::Dead, Method::Playouts));
        (status, ownership)
    }

    #[test]
    fn a_bulky_five_with_the_vital_point_taken_dies_whoever_starts() {
        let board = Board::from_diagram(BULKY_FIVE_TAKEN).expect("diagram");
        let (status, ownership) = playout_verdicts(&board);
        let mut dead = unlivable_chains(&board, &ownership, &status);
        dead.sort_unstable();
        let mut corner: Vec<Point> = board.chain_stones(at(&board, "D1")).collect();
        corner.sort_unstable();
        assert_eq!(dead, corner);
    }
}
