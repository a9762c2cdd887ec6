//! Capturing races decided by counting liberties, not by status playouts.
//!
//! Random playouts judge a long race badly: the side that fills the
//! opponent's liberties in order wins it, and uniformly random moves fill
//! them in no order. A group the playouts call dead is revived when the
//! liberty count ([`crate::board::semeai`]) says it takes, or makes seki
//! with, every enemy group it races, whoever moves first (at the end of
//! the game) or with the given side first (`judge_to_move`); the enemy
//! groups it takes are dead. The count overrules the playouts only where
//! they were unsure ([`RACE_UNSURE`]) and only in races it can count:
//!
//! - a group *races* an enemy next to it when both were judged by the
//!   status playouts, neither is settled (two eye spaces, or one of more
//!   than [`MAX_RACE_EYE_SPACE`] points) and neither can run (more than
//!   [`MAX_RACE_EXITS`] empty points beyond its liberties); enemies it
//!   does not race are left out of the count;
//! - a seki is counted only between groups that cannot run at all: with
//!   empty points beyond the liberties, the side to move plays there;
//! - taking enemies revives a group only when they are more than
//!   [`MAX_RACE_EYE_SPACE`] stones (their points make it live); a small
//!   capture does not give two eyes;
//! - an enemy standing in a region of up to [`MAX_RACE_EYE_SPACE`] points
//!   that only the group borders is part of the group's eye space, not a
//!   race partner (nor is the group, standing in such a region of the
//!   enemy's); when the group lives, it dies;
//! - the playouts' certainty that a group taken in a closed race lives is
//!   no evidence when that group has an eye space of
//!   [`PLAYOUTS_CANNOT_FILL`] points or more: they never put two stones
//!   into atari, so they never fill it;
//! - where the group wins every race it is in and each is closed
//!   (neither side has an empty point beyond its liberties), or the side
//!   to move is given (`judge_to_move`, where the count knows who starts),
//!   the count overrules surer playouts ([`CLOSED_RACE_UNSURE`]).
//!
//! Groups are chains joined where the opponent cannot cut
//! ([`race_groups`]). An eye space of a group is a region of points
//! without its stones that touches it and holds no opponent stone that is
//! live or in the race. Only verdicts of the status playouts change.

use super::playouts::stones_ownership;
use super::{Method, StoneStatus};
use crate::board::semeai::{RaceOutcome, RaceSide, eye_value, race, race_groups};
use crate::board::{Board, Point, Region};
use crate::color::Color;

/// An eye space of more points than this makes a group settled: it lives
/// (or is read by the local search), it does not race.
pub const MAX_RACE_EYE_SPACE: usize = 7;

/// A group with more empty points than this next to its liberties (not
/// its liberties, not in its eye space) can run: it is in no race.
pub const MAX_RACE_EXITS: usize = 4;

/// The count overrules the status playouts only where they were unsure:
/// the group it revives had a mean ownership in its favour above minus
/// this (it lived in a quarter of the playouts or more), each group it
/// takes one below this.
pub const RACE_UNSURE: f64 = 0.5;

/// The same bound for races the group wins outright (no seki) that are
/// closed, where neither group has an empty point beyond its liberties to
/// run to, or that are counted with a given side to move: the count is
/// then exact (or knows who starts), and it overrules the playouts unless
/// they were nearly sure (the group it revives lived in a tenth of them
/// or more). A seki by the count keeps [`RACE_UNSURE`]: in finished games
/// the count's seki were the ones the players had called dead.
pub const CLOSED_RACE_UNSURE: f64 = 0.8;

/// An eye space of this many points or more is one the status playouts
/// never fill: they put no chain of two stones or more into atari, and
/// filling it down to its last point takes one. A group with such an eye
/// and no other liberty looks uncapturable to them, so in a closed race
/// their certainty that it lives does not stop the count.
pub const PLAYOUTS_CANNOT_FILL: usize = 3;

/// A racing group: its chains' stones and liberties.
struct Group {
    color: Color,
    stones: Vec<Point>,
    liberties: Vec<Point>,
}

/// What a group's eye spaces are, for a race against another.
enum Eyes {
    /// Two eye spaces, or one too big to count: it does not race.
    Settled,
    /// No eye space.
    None,
    /// One eye space: its points (empty or holding dead opponent stones)
    /// and its liberty value.
    One(Vec<Point>, u8),
}

/// How a group's race against one enemy goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Race {
    /// The count does not apply (see the module documentation).
    NotCounted,
    /// Who starts decides, at the end of the game.
    Open,
    /// The count's outcome for the group, whether the race is closed
    /// (neither side has an empty point beyond its liberties), and whether
    /// the enemy's eye space is one the status playouts cannot fill
    /// ([`PLAYOUTS_CANNOT_FILL`]).
    Counted {
        outcome: RaceOutcome,
        closed: bool,
        unfillable: bool,
    },
}

/// Revives the groups the status playouts call dead that win or make seki
/// in every race they are in, and kills the groups they take (see the
/// module documentation). `ownership`: the status playouts' mean
/// ownership per point (+1 Black). `to_move`: the side moving first, or
/// `None` at the end of the game (a race must go the same way whoever
/// starts). Returns whether it killed a group.
pub(super) fn settle_races(
    board: &Board,
    ownership: &[f64],
    to_move: Option<Color>,
    status: &mut [Option<(StoneStatus, Method)>],
) -> bool {
    let (groups, group_of) = collect_groups(board);
    let own = |g: &Group| stones_ownership(ownership, g.color, &g.stones);
    // The regions of points without stones of each colour, from which
    // each group's eye spaces are taken.
    let regions = Color::ALL.map(|c| board.regions(|p| board.color_at(p) != Some(c)));
    let race_board = RaceBoard {
        board,
        status,
        regions: &regions,
    };
    let mut revive: Vec<usize> = Vec::new();
    let mut kill: Vec<usize> = Vec::new();
    for (i, group) in groups.iter().enumerate() {
        let dead_by_playouts = group
            .stones
            .iter()
            .any(|s| status[s.index()] == Some((StoneStatus::Dead, Method::Playouts)));
        if !dead_by_playouts || own(group) <= -CLOSED_RACE_UNSURE {
            continue;
        }
        let mut enemies: Vec<usize> = group
            .stones
            .iter()
            .flat_map(|s| s.neighbours())
            .filter(|&n| board.color_at(n) == Some(group.color.other()))
            .filter_map(|n| group_of[n.index()])
            .collect();
        enemies.sort_unstable();
        enemies.dedup();
        let mut races = 0;
        let mut taken = Vec::new();
        let mut wins_every_race = true;
        // Every race counted is won outright, and closed or counted with
        // a given side to move.
        let mut exact_wins = true;
        for &e in &enemies {
            let counted = race_board.count_race(group, &groups[e], to_move);
            log::trace!(
                "race: {} vs {}: {:?}",
                group.stones[0],
                groups[e].stones[0],
                counted
            );
            match counted {
                Race::NotCounted => {}
                Race::Open
                | Race::Counted {
                    outcome: RaceOutcome::Loses,
                    ..
                } => wins_every_race = false,
                Race::Counted {
                    outcome: RaceOutcome::Seki,
                    ..
                } => {
                    races += 1;
                    exact_wins = false;
                }
                Race::Counted {
                    outcome: RaceOutcome::Wins,
                    closed,
                    unfillable,
                } => {
                    races += 1;
                    exact_wins &= closed || to_move.is_some();
                    taken.push((e, unfillable));
                }
            }
        }
        let unsure = if exact_wins {
            CLOSED_RACE_UNSURE
        } else {
            RACE_UNSURE
        };
        let taken_stones: usize = taken.iter().map(|&(e, _)| groups[e].stones.len()).sum();
        let lives = taken.is_empty() || taken_stones > MAX_RACE_EYE_SPACE;
        // The playouts' certainty about a group they cannot take is no
        // evidence.
        let sure_of_taken = taken
            .iter()
            .any(|&(e, unfillable)| !unfillable && own(&groups[e]) >= unsure);
        if races > 0 && wins_every_race && lives && !sure_of_taken && own(group) > -unsure {
            log::debug!(
                "race: the {:?} group at {} ({} stones) lives, taking {} stones",
                group.color,
                group.stones[0],
                group.stones.len(),
                taken_stones
            );
            revive.push(i);
            kill.extend(taken.iter().map(|&(e, _)| e));
            // The enemy stones inside its eye space die with the race.
            kill.extend(
                enemies
                    .iter()
                    .filter(|&&e| race_board.encloses(group, &groups[e])),
            );
        }
    }
    for &i in &revive {
        set_playout_verdicts(&groups[i], StoneStatus::Alive, status);
    }
    let mut killed = false;
    for &i in &kill {
        if !revive.contains(&i) {
            set_playout_verdicts(&groups[i], StoneStatus::Dead, status);
            killed = true;
        }
    }
    killed
}

/// Sets the verdict of every stone of `group` that the status playouts
/// decided.
fn set_playout_verdicts(
    group: &Group,
    verdict: StoneStatus,
    status: &mut [Option<(StoneStatus, Method)>],
) {
    for s in &group.stones {
        if status[s.index()].is_some_and(|(_, m)| m == Method::Playouts) {
            status[s.index()] = Some((verdict, Method::Playouts));
        }
    }
}

/// The racing groups of `board`, and the index of each point's group
/// (indexed by `Point::index`; `None` for empty points).
fn collect_groups(board: &Board) -> (Vec<Group>, Vec<Option<usize>>) {
    let ids = race_groups(board);
    let mut groups: Vec<Group> = Vec::new();
    // By the index of a group's id (its first chain's head).
    let mut index_of_id: Vec<Option<usize>> = vec![None; ids.len()];
    let mut group_of: Vec<Option<usize>> = vec![None; ids.len()];
    for p in board.points() {
        let (Some(id), Some(color)) = (ids[p.index()], board.color_at(p)) else {
            continue;
        };
        let at = *index_of_id[id.index()].get_or_insert_with(|| {
            groups.push(Group {
                color,
                stones: Vec::new(),
                liberties: Vec::new(),
            });
            groups.len() - 1
        });
        group_of[p.index()] = Some(at);
        let group = &mut groups[at];
        group.stones.push(p);
        for n in p.neighbours() {
            if board.is_on_board(n) && board.color_at(n).is_none() && !group.liberties.contains(&n)
            {
                group.liberties.push(n);
            }
        }
    }
    (groups, group_of)
}

/// The board of a judgement with what the race count reads of it.
struct RaceBoard<'a> {
    board: &'a Board,
    status: &'a [Option<(StoneStatus, Method)>],
    /// Per colour (`Color::index`): the regions of points without its
    /// stones.
    regions: &'a [Vec<Region>; 2],
}

impl RaceBoard<'_> {
    /// The eye spaces of `group` in a race against `against`: regions of
    /// points without its stones that touch it and hold no opponent stone
    /// that is live or in `against`.
    fn eyes(&self, group: &Group, against: &Group) -> Eyes {
        let (board, status) = (self.board, self.status);
        let mut found: Option<(Vec<Point>, u8)> = None;
        for region in &self.regions[group.color.index()] {
            if !region.border.iter().any(|b| group.stones.contains(b)) {
                continue;
            }
            let holds_live_enemy = region.points.iter().any(|&p| {
                board.color_at(p).is_some()
                    && (against.stones.contains(&p)
                        || status[p.index()].is_none_or(|(s, _)| s.is_live()))
            });
            if holds_live_enemy {
                continue;
            }
            if region.points.len() > MAX_RACE_EYE_SPACE || found.is_some() {
                return Eyes::Settled;
            }
            let enemy = region
                .points
                .iter()
                .filter(|&&p| board.color_at(p).is_some())
                .count();
            found = Some((region.points.clone(), eye_value(region.points.len(), enemy)));
        }
        match found {
            Some((points, value)) => Eyes::One(points, value),
            None => Eyes::None,
        }
    }

    /// Whether `enemy` stands in a region of at most
    /// [`MAX_RACE_EYE_SPACE`] points that only `group`'s stones border: it
    /// is part of the group's eye space, not a race partner.
    fn encloses(&self, group: &Group, enemy: &Group) -> bool {
        self.regions[group.color.index()]
            .iter()
            .find(|r| r.points.contains(&enemy.stones[0]))
            .is_some_and(|r| r.points.len() <= MAX_RACE_EYE_SPACE && only_borders(group, r))
    }

    /// Whether `group` has a region of at least [`PLAYOUTS_CANNOT_FILL`]
    /// points, stones of either colour included, that only it borders.
    fn has_unfillable_eye(&self, group: &Group) -> bool {
        self.regions[group.color.index()]
            .iter()
            .any(|r| r.points.len() >= PLAYOUTS_CANNOT_FILL && only_borders(group, r))
    }

    /// How the race of `group` against `enemy` goes for `group`, whoever
    /// starts when `to_move` is `None`, or with `to_move` first.
    fn count_race(&self, group: &Group, enemy: &Group, to_move: Option<Color>) -> Race {
        let (board, status) = (self.board, self.status);
        let by_playouts = |g: &Group| {
            g.stones
                .iter()
                .all(|s| status[s.index()].is_some_and(|(_, m)| m == Method::Playouts))
        };
        if !by_playouts(group)
            || !by_playouts(enemy)
            || self.encloses(group, enemy)
            || self.encloses(enemy, group)
        {
            return Race::NotCounted;
        }
        let (mine, theirs) = match (self.eyes(group, enemy), self.eyes(enemy, group)) {
            (Eyes::Settled, _) | (_, Eyes::Settled) => return Race::NotCounted,
            pair => pair,
        };
        let eye_of = |e: &Eyes| match e {
            Eyes::One(points, value) => (points.clone(), *value),
            _ => (Vec::new(), 0),
        };
        let ((my_eye, my_value), (their_eye, their_value)) = (eye_of(&mine), eye_of(&theirs));
        let exits = exits(board, group, &my_eye).max(exits(board, enemy, &their_eye));
        if exits > MAX_RACE_EXITS {
            return Race::NotCounted;
        }
        let outside_of = |g: &Group, eye: &[Point], other: &Group| {
            g.liberties
                .iter()
                .filter(|l| !eye.contains(l) && !other.liberties.contains(l))
                .count()
        };
        let shared = group
            .liberties
            .iter()
            .filter(|l| enemy.liberties.contains(l))
            .count();
        let me = RaceSide {
            outside: count_u8(outside_of(group, &my_eye, enemy)),
            eye: my_value,
        };
        let them = RaceSide {
            outside: count_u8(outside_of(enemy, &their_eye, group)),
            eye: their_value,
        };
        let shared = count_u8(shared);
        // A seki only between groups that cannot run at all.
        let closed = |o: RaceOutcome| {
            if o == RaceOutcome::Seki && exits > 0 {
                RaceOutcome::Loses
            } else {
                o
            }
        };
        let first = closed(race(me, them, shared));
        let second = closed(match race(them, me, shared) {
            RaceOutcome::Wins => RaceOutcome::Loses,
            RaceOutcome::Seki => RaceOutcome::Seki,
            RaceOutcome::Loses => RaceOutcome::Wins,
        });
        let counted = |outcome| Race::Counted {
            outcome,
            closed: exits == 0,
            unfillable: exits == 0 && self.has_unfillable_eye(enemy),
        };
        match to_move {
            Some(c) if c == group.color => counted(first),
            Some(_) => counted(second),
            None if first == second => counted(first),
            None => Race::Open,
        }
    }
}

/// Whether `group`'s stones are all that border `region`.
fn only_borders(group: &Group, region: &Region) -> bool {
    region.border.iter().all(|b| group.stones.contains(b))
}

fn count_u8(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// The empty points next to a liberty of `group` that are neither its
/// liberties nor in its eye space `eye`: where it gains liberties by
/// extending (see [`MAX_RACE_EXITS`]).
fn exits(board: &Board, group: &Group, eye: &[Point]) -> usize {
    let mut seen: Vec<Point> = Vec::new();
    for l in &group.liberties {
        for n in l.neighbours() {
            if board.is_on_board(n)
                && board.color_at(n).is_none()
                && !group.liberties.contains(&n)
                && !eye.contains(&n)
                && !seen.contains(&n)
            {
                seen.push(n);
            }
        }
    }
    seen.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::ARRAY_LEN;
    use crate::rules::status::repairs::{mark_unsettled_semeai, revive_surrounded_by_dead};
    use crate::rules::status::tests::at;

    /// A closed race in the corner. White's B5 group has the eye A7-A9
    /// holding Black's A8, and the outside liberty C7; Black's A1 group has
    /// only the eye B3-C2 holding White's B2. Counted, White has three
    /// liberties to Black's two and takes Black whoever starts. The status
    /// playouts, which never put two stones into atari, can never fill
    /// Black's eye: Black lived in all of them and White's group looked
    /// dead. The count revives White's group over that certainty (it is
    /// no evidence), kills Black's corner with A8 inside White's eye, and
    /// B2, left among dead stones only, lives. A8 and White's group are
    /// then no open race left as seki: A8 stands in a three-point eye.
    #[test]
    fn a_race_against_an_eye_the_playouts_cannot_fill_is_counted() {
        let board = Board::from_diagram(
            "
            . X . X . X . X . X . X .
            X X X X X X X X X X X X X
            X X X X X X X X X X X X X
            O O X X . X . X . X . X .
            . O X X X X X X X X X X X
            X O X X . X . X . X . X .
            . O . X X X X X X X X X X
            O O O O X X X X X X X X X
            X O X X O O O O O O O O O
            X X X O O O O O O O O O O
            X . X X X O . O . O . O .
            X O . X O O O O O O O O O
            X X X X O . O . O . O . O
            ",
        )
        .expect("diagram");
        let mut status = vec![None; ARRAY_LEN];
        let mut ownership = vec![0.0; ARRAY_LEN];
        for (p, _) in board.stones() {
            status[p.index()] = Some((StoneStatus::Alive, Method::Benson));
        }
        // (chain, verdict of the playouts, mean ownership, +1 Black's)
        for (vertex, verdict, own) in [
            ("B5", StoneStatus::Dead, -0.09),
            ("A1", StoneStatus::Alive, 1.0),
            ("A8", StoneStatus::Alive, 1.0),
            ("B2", StoneStatus::Dead, 1.0),
        ] {
            for s in board.chain_stones(at(&board, vertex)) {
                status[s.index()] = Some((verdict, Method::Playouts));
                ownership[s.index()] = own;
            }
        }
        assert!(settle_races(&board, &ownership, None, &mut status));
        revive_surrounded_by_dead(&board, &mut status);
        mark_unsettled_semeai(&board, &ownership, &mut status);
        let verdict = |vertex| status[at(&board, vertex).index()].map(|(s, _)| s);
        assert_eq!(verdict("B5"), Some(StoneStatus::Alive));
        assert_eq!(verdict("A1"), Some(StoneStatus::Dead));
        assert_eq!(verdict("A8"), Some(StoneStatus::Dead));
        assert_eq!(verdict("B2"), Some(StoneStatus::Alive));
    }
}
