//! Seki detection with the dead stones removed ([`mark_seki`]): shared
//! liberties neither side can fill safely, even after connecting first
//! ([`is_safe_fill`], [`is_safe_after_connecting`]), eye against eye
//! ([`seki_eye_pairs`]), small regions of dead stones both sides live on,
//! and seki spreading through small eyes ([`spread_seki_through_eyes`]).
//! Each seki candidate is read ([`read_seki`]): a chain that dies to its
//! opponent moving first is dead, not seki.

use super::memo::judge_remembered;
use super::reading::is_solid_wall;
use super::{Method, StoneStatus};
use crate::board::{ARRAY_LEN, Board, Point};
use crate::color::Color;
use crate::rules::confirm::{FirstMove, KoMode, Problem, Verdict};

/// The largest eye (empty region enclosed by one colour) through which seki
/// spreads from chain to chain.
pub const SEKI_EYE_MAX: usize = 3;

/// The largest region of dead stones and empty points between live stones
/// of both colours that makes them seki (see [`mark_seki`]).
pub const SEKI_DEAD_REGION_MAX: usize = 4;

/// Search nodes the reading of one seki candidate may spend (see
/// [`read_seki`]).
pub const SEKI_READING_NODES: u64 = 50_000;

/// Chains sharing a small eye with a seki chain are part of the same seki
/// (goscorer's "macrochains"): their common eye is a seki eye, not
/// territory. Repeats until nothing changes.
fn spread_seki_through_eyes(cleared: &Board, seki_heads: &mut Vec<Point>) {
    let eyes: Vec<Vec<Point>> = cleared
        .regions(|p| cleared.color_at(p).is_none())
        .into_iter()
        .filter(|r| {
            let colors = |c: Color| r.border.iter().any(|&b| cleared.color_at(b) == Some(c));
            r.points.len() <= SEKI_EYE_MAX && colors(Color::Black) != colors(Color::White)
        })
        .map(|r| cleared.chain_heads(r.border.iter().copied()))
        .collect();
    loop {
        let before = seki_heads.len();
        for borders in &eyes {
            if borders.iter().any(|h| seki_heads.contains(h)) {
                for &h in borders {
                    if !seki_heads.contains(&h) {
                        seki_heads.push(h);
                    }
                }
            }
        }
        if seki_heads.len() == before {
            break;
        }
    }
}

/// Whether `color` can fill the shared point `p` without changing any
/// status: legal, capturing nothing, and not leaving the filling chain in
/// atari. Art. 8 makes live stones next to a dame seki stones; a dame that
/// can be filled safely is taken as filled by agreement (the 1989
/// overview, 死活例24), any other is a seki liberty (取らず三目: filling
/// would capture, so the stones on both sides are seki).
fn is_safe_fill(board: &Board, color: Color, p: Point) -> bool {
    if !board.is_legal(color, p) || board.is_big_self_atari(color, p) {
        return false;
    }
    !board.is_capture(color, p) || is_safe_capture(board, color, p)
}

/// Whether the capturing fill of `color` at `p` settles the point: the
/// filling chain is left with [`SAFE_CAPTURE_LIBERTIES`] liberties or
/// more, or with two when it takes a single stone (its point cannot be
/// retaken: a stone there would have no liberty). A fill that captures
/// this way rules seki out: the captured stones were never alive. One
/// that leaves the capturer short of liberties is not safe: in 取らず三目
/// the taker of four is cut apart again, the taker of one loses five.
fn is_safe_capture(board: &Board, color: Color, p: Point) -> bool {
    let mut after = board.clone();
    after.play_unchecked(color, p);
    let captured = after.captures(color) - board.captures(color);
    let liberties = after.liberty_count(p, SAFE_CAPTURE_LIBERTIES);
    liberties >= SAFE_CAPTURE_LIBERTIES || (liberties >= 2 && captured == 1)
}

/// Whether a dead chain among `points` is in atari and its opponent can
/// take it safely ([`is_safe_capture`]): the region is then settled by
/// that capture, not a seki (a ko stone, whose taker is left in atari
/// itself, is not taken safely: double-ko seki stays seki).
fn has_safe_capture(board: &Board, points: &[Point]) -> bool {
    points.iter().any(|&p| {
        let Some(color) = board.color_at(p) else {
            return false;
        };
        if !board.in_atari(p) {
            return false;
        }
        let last = board.atari_liberty(p);
        let taker = color.other();
        board.is_legal(taker, last) && is_safe_capture(board, taker, last)
    })
}

/// The liberties a chain joined through a one-point eye must keep after
/// filling the shared point, when it has no two eyes, for the fill to be
/// safe.
pub const JOINED_LIBERTIES: usize = 4;

/// The liberties a capturing fill must leave its chain to be safe
/// whatever it took (see [`is_safe_capture`]).
pub const SAFE_CAPTURE_LIBERTIES: usize = 3;

/// For each empty point of `board`, the colours of the stones bordering its
/// empty region (bit `Color::index` set for each), or 0 when the region
/// has fewer than `min_size` points; 0 for stones.
pub(in crate::rules) fn empty_region_borders(board: &Board, min_size: usize) -> Vec<u8> {
    let mut borders = vec![0u8; ARRAY_LEN];
    for region in board.regions(|p| board.color_at(p).is_none()) {
        if region.points.len() < min_size {
            continue;
        }
        let mut bits = 0u8;
        for &b in &region.border {
            if let Some(c) = board.color_at(b) {
                bits |= 1 << c.index();
            }
        }
        for &p in &region.points {
            borders[p.index()] = bits;
        }
    }
    borders
}

/// Whether `color` can fill the shared point `p` safely once it has played
/// one connecting move first: a liberty of its own chain next to `p` in a
/// region of two or more empty points that touches only `color` (its
/// territory, not an eye: filling an eye gives a seki away), joining that
/// chain to more liberties. A chain short of liberties only because it is
/// not yet connected to its wall is not in seki: its owner connects and
/// then fills. The connecting move may also fill a one-point eye that
/// joins two of its chains, when the joined chain keeps two eyes (two
/// empty regions touching only `color`) or [`JOINED_LIBERTIES`] liberties
/// after the fill: a chain living on a dame and an eye it shares with a
/// living neighbour is not in seki.
/// `region_borders` is [`empty_region_borders`] of `board` with regions
/// of two points or more.
fn is_safe_after_connecting(board: &Board, region_borders: &[u8], color: Color, p: Point) -> bool {
    for n in p.neighbours() {
        if board.color_at(n) != Some(color) {
            continue;
        }
        for q in board.liberties(n) {
            // Not a region of two or more points of its own colour: then
            // only a one-point eye joining two of its chains will do.
            let joins_chains = region_borders[q.index()] != 1 << color.index();
            if q == p
                || (joins_chains && !is_joining_point(board, color, q))
                || !board.is_legal(color, q)
                || board.is_big_self_atari(color, q)
            {
                continue;
            }
            let mut after = board.clone();
            after.play_unchecked(color, q);
            if !is_safe_fill(&after, color, p) {
                continue;
            }
            // Filling a one-point eye to join chains must leave the
            // joined chain two eyes of its own after the fill (two empty
            // regions that touch only its colour), or liberties to spare.
            if joins_chains {
                after.play_unchecked(color, p);
                if own_regions_touching(&after, color, q) < 2
                    && after.liberty_count(q, JOINED_LIBERTIES) < JOINED_LIBERTIES
                {
                    continue;
                }
            }
            log::debug!("seki test: {color} fills {p} after connecting at {q}");
            return true;
        }
    }
    false
}

/// Whether `q` is a one-point eye of `color` shared by two or more of its
/// chains, so that filling it joins them.
pub(super) fn is_joining_point(board: &Board, color: Color, q: Point) -> bool {
    let mut heads: Vec<Point> = Vec::new();
    for n in q.neighbours() {
        if !board.is_on_board(n) {
            continue;
        }
        if board.color_at(n) != Some(color) {
            return false;
        }
        let h = board.chain_head(n);
        if !heads.contains(&h) {
            heads.push(h);
        }
    }
    heads.len() >= 2
}

/// How many empty regions touching only `color` border the chain at `h`.
fn own_regions_touching(board: &Board, color: Color, h: Point) -> usize {
    let libs = board.liberties(h);
    board
        .regions(|p| board.color_at(p).is_none())
        .into_iter()
        .filter(|r| {
            r.border.iter().all(|&b| board.color_at(b) == Some(color))
                && r.points.iter().any(|p| libs.contains(p))
        })
        .count()
}

/// Chains of `heads` grouped by shared liberties on `cleared`.
fn seki_clusters(cleared: &Board, heads: &[Point]) -> Vec<Vec<Point>> {
    // (chains, their liberties) of each cluster found so far.
    let mut clusters: Vec<(Vec<Point>, Vec<Point>)> = Vec::new();
    for &h in heads {
        let mut cluster = (vec![h], cleared.liberties(h));
        let (touching, apart): (Vec<_>, Vec<_>) = clusters
            .into_iter()
            .partition(|(_, libs)| libs.iter().any(|l| cluster.1.contains(l)));
        for (chains, libs) in touching {
            cluster.0.extend(chains);
            cluster.1.extend(libs);
        }
        clusters = apart;
        clusters.push(cluster);
    }
    clusters.into_iter().map(|(chains, _)| chains).collect()
}

/// Reads a seki candidate: the chains of `cluster` (on `cleared`, the
/// board of live stones), their stones and liberties as the local area,
/// every chain around it taken as uncapturable. Returns the one chain
/// that dies when its opponent moves first, even with every ko threat its
/// owner's, when the rest of the area lies inside it; nothing when no
/// chain or more than one dies, the rest is not enclosed by it, the walls
/// are not solid, the area is too large or the reading ran out of nodes:
/// then the shared liberties stand as seki.
/// A seki candidate whose chains can be killed is a dead shape with the
/// killer's stones inside, such as a bent three holding one enemy stone,
/// which the status playouts (never putting two stones into atari) and
/// the unfillable-liberty test both take for seki.
fn read_seki(
    cleared: &Board,
    cluster: &[Point],
    solid: &dyn Fn(Point) -> bool,
) -> Option<Vec<Point>> {
    let mut points: Vec<Point> = Vec::new();
    for &h in cluster {
        points.extend(cleared.chain_stones(h));
        points.extend(cleared.liberties(h));
    }
    points.sort_unstable();
    points.dedup();
    let mut walls: Vec<Point> = Vec::new();
    for &p in &points {
        for n in p.neighbours() {
            if cleared.color_at(n).is_some() {
                let h = cleared.chain_head(n);
                if !cluster.contains(&h) && !walls.contains(&h) {
                    walls.push(h);
                }
            }
        }
    }
    if walls.is_empty() || !walls.iter().all(|&w| solid(w)) {
        log::debug!(
            "seki reading: {} chains, a wall is not solid",
            cluster.len()
        );
        return None;
    }
    let problem = Problem {
        points,
        chains: cluster.to_vec(),
        walls,
    };
    if !problem.is_searchable(cleared) {
        log::debug!("seki reading: {} points, too large", problem.points.len());
        return None;
    }
    let judged = judge_remembered(
        &problem,
        cleared,
        KoMode::DefenderThreats,
        FirstMove::Attacker,
        SEKI_READING_NODES,
    )
    .ok()?;
    log::debug!("seki reading: {:?}", judged.verdicts);
    let dead: Vec<Point> = judged
        .verdicts
        .iter()
        .filter(|&&(_, v)| v == Verdict::Dead)
        .map(|&(h, _)| h)
        .collect();
    // Only chains of one colour die, and everything else of the area (the
    // killer's chains and the empty points) lies within them: the
    // victim's eye space with the killer's stones inside. An outside
    // liberty of the victim alone may also touch the killer's wall, which
    // fills it; a point that joins the killer's chains of the area to his
    // wall may not (the reading takes the wall for uncapturable, so the
    // join would make them so).
    let victim = cleared.color_at(*dead.first()?)?;
    if dead.iter().any(|&h| cleared.color_at(h) != Some(victim)) {
        return None;
    }
    let is_killed =
        |p: Point| cleared.color_at(p).is_some() && dead.contains(&cleared.chain_head(p));
    let inside: Vec<Point> = problem
        .points
        .iter()
        .copied()
        .filter(|&p| !is_killed(p))
        .collect();
    let enclosed = inside.iter().all(|&p| {
        let victims_alone = cleared.color_at(p).is_none()
            && p.neighbours()
                .iter()
                .all(|&n| !inside.contains(&n) || cleared.color_at(n).is_none());
        p.neighbours().iter().all(|&n| {
            !cleared.is_on_board(n)
                || inside.contains(&n)
                || is_killed(n)
                || victims_alone && cleared.color_at(n) == Some(victim.other())
        })
    });
    enclosed.then_some(dead)
}

/// Heads of the chains in eye-against-eye seki on `cleared` (see
/// [`mark_seki`]): a chain and an enemy chain whose liberties are, for
/// each, exactly one one-point eye that only it surrounds, and liberties
/// they share, at least one, that touch no other chain.
fn seki_eye_pairs(cleared: &Board) -> Vec<Point> {
    let only_chain = |h: Point, p: Point| {
        p.neighbours().iter().all(|&n| {
            !cleared.is_on_board(n) || cleared.color_at(n).is_some() && cleared.chain_head(n) == h
        })
    };
    // (head, other liberties) of every chain with one one-point eye.
    let mut candidates: Vec<(Point, Vec<Point>)> = Vec::new();
    for p in cleared.points() {
        if cleared.color_at(p).is_none() || cleared.chain_head(p) != p {
            continue;
        }
        let (eyes, mut others): (Vec<Point>, Vec<Point>) = cleared
            .liberties(p)
            .into_iter()
            .partition(|&l| only_chain(p, l));
        if eyes.len() == 1 && !others.is_empty() {
            others.sort_unstable();
            candidates.push((p, others));
        }
    }
    let mut heads = Vec::new();
    for (i, (a, a_libs)) in candidates.iter().enumerate() {
        for (b, b_libs) in &candidates[i + 1..] {
            let pair_only = a_libs.iter().all(|&l| {
                l.neighbours().iter().all(|&n| {
                    cleared.color_at(n).is_none_or(|_| {
                        let h = cleared.chain_head(n);
                        h == *a || h == *b
                    })
                })
            });
            if cleared.color_at(*a) != cleared.color_at(*b) && a_libs == b_libs && pair_only {
                log::debug!("eye against eye: {a} and {b} are seki");
                heads.push(*a);
                heads.push(*b);
            }
        }
    }
    heads
}

/// Marks live chains that touch a seki liberty as seki (see the
/// [judgement's docs](super), step 3), unless reading the candidate shows
/// one of its chains dies ([`read_seki`]): then that chain is dead and the
/// others stay alive. Returns the stones of the chains reading killed.
pub(super) fn mark_seki(
    board: &Board,
    ownership: &[f64],
    status: &mut [Option<(StoneStatus, Method)>],
) -> Vec<Point> {
    let mut live: Vec<(Point, Color)> = board
        .stones()
        .into_iter()
        .filter(|&(p, _)| matches!(status[p.index()], Some((StoneStatus::Alive, _))))
        .collect();
    // A dead chain in atari next to live enemy stones is taken by a stone
    // on its last liberty, not just lifted: an eye it stands in is then
    // the one point the capture leaves, not two.
    for (p, color) in board.stones() {
        if board.chain_head(p) != p
            || !matches!(status[p.index()], Some((StoneStatus::Dead, _)))
            || !board.in_atari(p)
        {
            continue;
        }
        let taker = color.other();
        let last = board.atari_liberty(p);
        let next_to_live = last.neighbours().iter().any(|&n| {
            board.color_at(n) == Some(taker)
                && matches!(status[n.index()], Some((StoneStatus::Alive, _)))
        });
        if next_to_live && board.is_legal(taker, last) && !live.iter().any(|&(q, _)| q == last) {
            live.push((last, taker));
        }
    }
    let Ok(cleared) = Board::from_stones(board.size(), &live, [0, 0]) else {
        return Vec::new();
    };
    let region_borders = empty_region_borders(&cleared, 2);
    let mut seki_heads: Vec<Point> = Vec::new();
    for p in cleared.points() {
        if cleared.color_at(p).is_some() {
            continue;
        }
        let touches = |c: Color| {
            p.neighbours()
                .iter()
                .any(|&n| cleared.color_at(n) == Some(c))
        };
        if !(touches(Color::Black) && touches(Color::White)) {
            continue;
        }
        let fillable = |c: Color| {
            is_safe_fill(&cleared, c, p)
                || is_safe_after_connecting(&cleared, &region_borders, c, p)
        };
        if fillable(Color::Black) || fillable(Color::White) {
            continue;
        }
        log::debug!("seki test: neither side fills {p}");
        for n in p.neighbours() {
            if cleared.color_at(n).is_some() {
                let h = cleared.chain_head(n);
                if !seki_heads.contains(&h) {
                    seki_heads.push(h);
                }
            }
        }
    }
    // Eye against eye: two chains whose liberties are one one-point eye
    // each and liberties they share. Each shared liberty can be filled
    // but the last, and whoever fills that is taken through his eye.
    for h in seki_eye_pairs(&cleared) {
        if !seki_heads.contains(&h) {
            seki_heads.push(h);
        }
    }
    // Seki where the shared liberties cannot be filled, unless reading
    // kills one side.
    let solid = |h: Point| is_solid_wall(&cleared, ownership, status, h);
    let mut killed: Vec<Point> = Vec::new();
    for cluster in seki_clusters(&cleared, &seki_heads) {
        if let Some(dead) = read_seki(&cleared, &cluster, &solid) {
            seki_heads.retain(|h| !cluster.contains(h));
            killed.extend(dead);
        }
    }
    // `cleared` holds the takers' stones too: statuses go to the stones
    // of `board` only, or a taker's point would leave the count.
    let on_board = |s: &Point| board.color_at(*s).is_some();
    // Every chain of `cleared` was alive until now.
    let mut killed_stones = Vec::new();
    for h in killed {
        for s in cleared.chain_stones(h).filter(on_board) {
            killed_stones.push(s);
            status[s.index()] = Some((StoneStatus::Dead, Method::Confirmation));
        }
    }
    // Art. 8 on the board itself: a small region of dead stones and empty
    // points bordered by live stones of both colours is dame that cannot
    // be filled (the dead stones are in nobody's territory, so they stay:
    // the ko stones of a double-ko seki, 死活例25); the live chains
    // around it are seki stones when one of them lives on such regions.
    let live = |p: Point| matches!(status[p.index()], Some((StoneStatus::Alive, _)));
    let small_dead_regions: Vec<_> = board
        .regions(|p| !live(p))
        .into_iter()
        .filter(|region| {
            region.points.len() <= SEKI_DEAD_REGION_MAX
                && region.points.iter().any(|&p| board.color_at(p).is_some())
                && region.touches(board, Color::Black)
                && region.touches(board, Color::White)
                && !has_safe_capture(board, &region.points)
        })
        .collect();
    let mut in_small_dead_region = vec![false; ARRAY_LEN];
    for region in &small_dead_regions {
        for &p in &region.points {
            in_small_dead_region[p.index()] = true;
        }
    }
    // Only chains that live on such regions, on both sides: a chain with
    // two liberties elsewhere lets the dead stones be taken (a ko between
    // settled groups, say), and when no chain of one colour needs the
    // region, that colour takes the stones in it and fills the other's
    // liberties: it is not seki.
    let leans_on_them = |b: Point| {
        cleared
            .liberties(b)
            .iter()
            .filter(|l| !in_small_dead_region[l.index()])
            .count()
            <= 1
    };
    for region in &small_dead_regions {
        let leaning = |c: Color| {
            region
                .border
                .iter()
                .any(|&b| board.color_at(b) == Some(c) && leans_on_them(b))
        };
        if leaning(Color::Black) && leaning(Color::White) {
            log::debug!(
                "seki test: both sides lean on the dead region at {}",
                region.points[0]
            );
            for &b in &region.border {
                let h = cleared.chain_head(b);
                if !seki_heads.contains(&h) {
                    seki_heads.push(h);
                }
            }
        }
    }
    spread_seki_through_eyes(&cleared, &mut seki_heads);
    for h in seki_heads {
        for s in cleared.chain_stones(h).filter(on_board) {
            // Benson-alive chains cannot be in seki: they have two eyes and
            // a shared liberty next to them is fillable by their owner.
            match status[s.index()] {
                Some((StoneStatus::Alive, Method::Benson)) => {}
                // Alive by the local search, seki by art. 8.
                Some((_, Method::Confirmation)) => {
                    status[s.index()] = Some((StoneStatus::Seki, Method::Confirmation));
                }
                _ => status[s.index()] = Some((StoneStatus::Seki, Method::SekiTest)),
            }
        }
    }
    killed_stones
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::confirm::tests::SEKI_WITHOUT_EYES;
    use crate::rules::status::judge;
    use crate::rules::status::tests::at;

    /// Every stone of `board` alive but the chains at `dead`, all by the
    /// playouts: the verdicts [`mark_seki`] starts from.
    fn alive_but(board: &Board, dead: &[&str]) -> Vec<Option<(StoneStatus, Method)>> {
        let dead: Vec<Point> = dead.iter().map(|&d| at(board, d)).collect();
        let mut status = vec![None; ARRAY_LEN];
        for (p, _) in board.stones() {
            let verdict = if dead.contains(&board.chain_head(p)) {
                StoneStatus::Dead
            } else {
                StoneStatus::Alive
            };
            status[p.index()] = Some((verdict, Method::Playouts));
        }
        status
    }

    /// The seki stones [`mark_seki`] finds on `diagram`, every stone
    /// alive but the chains at `dead` (no wall solid, so no reading).
    fn seki_stones(diagram: &str, dead: &[&str]) -> Vec<String> {
        let board = Board::from_diagram(diagram).expect("diagram");
        let mut status = alive_but(&board, dead);
        mark_seki(&board, &vec![0.0; ARRAY_LEN], &mut status);
        board
            .stones()
            .into_iter()
            .filter(|(p, _)| matches!(status[p.index()], Some((StoneStatus::Seki, _))))
            .map(|(p, _)| p.to_string())
            .collect()
    }

    /// Black's C1-E2 has two liberties, C2 inside White's wall and F1,
    /// the last liberty of White's F2. Neither side fills F1 without
    /// capturing (Black) or self-atari (White), but Black's capture
    /// leaves three liberties and joins G1 to its wall: it settles the
    /// point, so nothing is seki even with F2 judged alive.
    #[test]
    fn a_safe_capture_rules_seki_out() {
        let diagram = "
            . O . O O X . X .
            O O O O O X X X X
            . O . O O X . X .
            O O O O O X X X X
            . O . O O X . X .
            O O O O O X X X X
            . O O O O X . X X
            . O . O X O X X .
            . O X X X . . X .
            ";
        assert_eq!(seki_stones(diagram, &[]), Vec::<String>::new());
    }

    /// White's C2-D3 shares C1 with Black's B1 B2 and has one more
    /// liberty, C3, a one-point eye it shares with White's big group.
    /// White fills C1 only after joining at C3; the joined chain has no
    /// two eyes but keeps four liberties (A1, A5, B5, C5), so the fill is
    /// safe: Black's two stones are then in atari, nothing is seki.
    #[test]
    fn a_chain_joined_through_an_eye_with_liberties_to_spare_fills_safely() {
        let diagram = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            O O O X X . . . .
            O O . O X . . . .
            O X O O X . . . .
            . X . O X . . . .
            ";
        assert_eq!(seki_stones(diagram, &[]), Vec::<String>::new());
    }

    /// Black's H2 H3 are dead in atari at J3, between White's J2 and
    /// Black's J4, each with one liberty outside them: a small dead region
    /// both sides lean on, as in a double-ko seki. But White takes the two
    /// stones at J3 with three liberties left, and J4 must connect at J5:
    /// the corner is White's, nothing is seki.
    #[test]
    fn a_dead_region_settled_by_a_safe_capture_is_not_seki() {
        let diagram = "
            . X . X . X . X .
            X X X X X X X X X
            . X . X . X . X .
            X X X X X X X X X
            O O O O O X X X .
            . O . O O O O O X
            O O O O O . O X .
            . O . O O . O X O
            O O O O O . . O .
            ";
        assert_eq!(seki_stones(diagram, &["H2"]), Vec::<String>::new());
    }

    /// A bent three holding one White stone (H1), the shared points H2
    /// and J1: no stone can fill them without self-atari, so the
    /// unfillable-liberty test sees seki, but White kills. White H2 (or
    /// J1) gives two stones; Black takes them at J1 and is left with a
    /// two-point eye, which a throw-in destroys. Black is dead, H1 lives.
    #[test]
    fn reading_breaks_a_false_seki_inside_an_eye() {
        let board = Board::from_diagram(
            "
            . O . O . O . O .
            O O O O O O O O O
            . O . O . O . O .
            O O O O O O O O O
            . O . O . O . O .
            O O O O O O O O O
            . O . O . O X X X
            O O O O O O X . X
            . O . O O X X O .
            ",
        )
        .expect("diagram");
        let cluster = [at(&board, "G3"), at(&board, "H1")];
        assert_eq!(
            read_seki(&board, &cluster, &|_| true),
            Some(vec![at(&board, "G3")])
        );
        // Walls that may fall leave the seki standing.
        assert_eq!(read_seki(&board, &cluster, &|_| false), None);
    }

    /// Black's corner looks like seki: its chains share A1 and A3 with
    /// White's A2-B2 and neither side can fill them. But White, moving
    /// first, fills C1 from his wall: Black's A5-D2 is left in atari at A3
    /// and B1 at A1, and neither point can be filled (self-atari without
    /// a capture). Both Black chains die; White's A2-B2 lives (Meijin
    /// 3-2, where Black B+2.5 counts them dead).
    const SEKI_WITH_AN_OUTSIDE_LIBERTY: &str = "
        . O . O . O . O .
        O O O O O O O O O
        . O . O . O . O .
        O O O O O O O O O
        X O . O . O . O .
        X X O O O O O O O
        . X X O . O . O .
        O O X X O O O O O
        . X . O . O . O .
        ";

    #[test]
    fn an_outside_liberty_filled_from_the_wall_breaks_a_false_seki() {
        let board = Board::from_diagram(SEKI_WITH_AN_OUTSIDE_LIBERTY).expect("diagram");
        let cluster = [at(&board, "A4"), at(&board, "B1"), at(&board, "A2")];
        let mut dead = read_seki(&board, &cluster, &|_| true).expect("a kill");
        dead.sort_unstable();
        let mut expected = vec![at(&board, "A4"), at(&board, "B1")];
        expected.sort_unstable();
        assert_eq!(dead, expected);
        let judgement = judge(&board, &Rules::japanese());
        for stone in ["A4", "D2", "B1"] {
            assert_eq!(
                judgement.status(at(&board, stone)),
                Some(StoneStatus::Dead),
                "{stone}"
            );
        }
        assert_eq!(judgement.status(at(&board, "A2")), Some(StoneStatus::Alive));
    }

    /// A dead stone next to a chain that needs the point beside it is not
    /// a seki when only one side needs it. White's F2 is in atari inside
    /// Black's wall; E1 has one liberty besides E2 (D1, in White's own
    /// territory). Black, two-eyed, takes F2 at E2 and White connects at
    /// D1: F2 is dead, E1 alive, nothing is seki. Only in a double-ko seki
    /// (死活例25) do both sides live on such a region.
    #[test]
    fn a_dead_stone_only_one_side_leans_on_is_not_seki() {
        let board = Board::from_diagram(
            "
            . O . O X . X . .
            O O O O X X X X X
            . O . O X . X . .
            O O O O X X X X X
            . . . O X . . . .
            . . . O X . . . .
            O O O O X X X X X
            . . . O . O X . .
            . . . . O X X . .
            ",
        )
        .expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        assert_eq!(judgement.status(at(&board, "F2")), Some(StoneStatus::Dead));
        for stone in ["E1", "D2", "E3", "G2"] {
            assert_eq!(
                judgement.status(at(&board, stone)),
                Some(StoneStatus::Alive),
                "{stone}"
            );
        }
    }

    /// A true seki without eyes ([`SEKI_WITHOUT_EYES`]): reading kills
    /// neither side.
    #[test]
    fn reading_keeps_a_true_seki() {
        let board = Board::from_diagram(SEKI_WITHOUT_EYES).expect("diagram");
        let cluster = [at(&board, "C9"), at(&board, "E9")];
        assert_eq!(read_seki(&board, &cluster, &|_| true), None);
    }

    /// Black's H4 is dead in White's eye H4-J4, in atari; White's group
    /// lives in seki with Black's (see the test below). Also read by the
    /// counting tests in `score.rs`.
    pub(in crate::rules) const DEAD_STONE_IN_A_SEKI_EYE: &str = "
        . X . X . X . X .
        X X X X X X X X X
        . X . X . X . X .
        X X X X X X X X X
        O O O O O O O O O
        O O O O O O O X .
        O O X X X X O O O
        O O X . X X X X O
        O O X X X X X . O
        ";

    /// Eye against eye with a shared liberty (H1), where White's eye holds
    /// a dead Black stone (H4, in atari). White takes it at J4 and is left
    /// with a one-point eye: then neither side can fill H1, and both
    /// groups are seki. With the dead stone only removed, White's eye
    /// looked like two points, White seemed free to fill H1, and the
    /// playouts' "both alive" stood.
    #[test]
    fn a_dead_stone_taken_in_an_eye_leaves_a_one_point_eye() {
        let board = Board::from_diagram(DEAD_STONE_IN_A_SEKI_EYE).expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        assert_eq!(judgement.status(at(&board, "H4")), Some(StoneStatus::Dead));
        assert_eq!(judgement.status(at(&board, "E2")), Some(StoneStatus::Seki));
        assert_eq!(judgement.status(at(&board, "A5")), Some(StoneStatus::Seki));
    }

    /// White's B7-C7-B6 has two liberties: the dame A6 and the one-point
    /// eye C6 it shares with the white group below. White filling A6 at
    /// once puts itself in atari; joining at C6 first, it fills A6 with
    /// two eyes left (E5, G5), so A6 is no seki liberty. With G5 filled
    /// too, the joined group would keep one eye only and the join does not
    /// count.
    #[test]
    fn a_chain_joins_through_its_shared_eye_before_filling_the_dame() {
        let diagram = |g5: &str| {
            format!(
                "
                . X X X X X X X .
                X X X X X X X X X
                X O O X X X X X X
                . O . O O O O O O
                X X O O . O {g5} O O
                X X O O O O O O O
                X X X X X X X X X
                X X X X X X X X X
                . X X X X . X X .
                "
            )
        };
        let board = Board::from_diagram(&diagram(".")).expect("diagram");
        let borders = empty_region_borders(&board, 2);
        let a6 = Point::new(0, 5).expect("A6");
        assert!(!is_safe_fill(&board, Color::White, a6));
        assert!(is_safe_after_connecting(&board, &borders, Color::White, a6));
        let one_eye = Board::from_diagram(&diagram("O")).expect("diagram");
        let borders = empty_region_borders(&one_eye, 2);
        assert!(!is_safe_after_connecting(
            &one_eye,
            &borders,
            Color::White,
            a6
        ));
    }

    /// Eye against eye with two shared liberties, H1 and H2. Each side
    /// can fill one of them safely (two liberties left), so no point is
    /// unfillable on its own; but whoever fills the second is then taken
    /// through his eye (D2 for Black, J4 for White). Both are seki.
    #[test]
    fn eye_against_eye_with_two_shared_liberties_is_seki() {
        let board = Board::from_diagram(
            "
            . X . X . X . X .
            X X X X X X X X X
            . X . X . X . X .
            X X X X X X X X X
            O O O O O O O O O
            O O O O O O O O .
            O O X X X X O O O
            O O X . X X X . O
            O O X X X X X . O
            ",
        )
        .expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        assert_eq!(judgement.status(at(&board, "E2")), Some(StoneStatus::Seki));
        assert_eq!(judgement.status(at(&board, "A5")), Some(StoneStatus::Seki));
        assert_eq!(judgement.status(at(&board, "B9")), Some(StoneStatus::Alive));
    }
}
