//! Dead-stone and seki judgement at the end of a game.
//!
//! [`judge`] serves `final_score`, `final_status_list`, `tengen score` and
//! the engine's own pass decision. Its steps:
//!
//! 1. **Benson** ([`super::benson`]): pass-alive chains are alive, and
//!    stones inside the opponent's pass-alive territory are dead. Certain.
//! 2. **Status playouts** for every other chain: [`STATUS_PLAYOUTS`]
//!    playouts from the final position ([`status_playout`]: random legal
//!    moves that never fill an own eye nor put a chain of two or more
//!    stones into atari, each move first answering the last: a capture of
//!    three stones or more at the vital point of the eye space it left,
//!    else tactically), half with Black to move first and half with White,
//!    counting who owns each point at the end. A chain whose mean
//!    ownership in its own favour is below [`DEAD_BELOW`] is dead. Seeded
//!    from the position ([`STATUS_SEED`]), so the answer is reproducible.
//! 3. **Local problems read exactly** ([`super::confirm`]), inside walls
//!    that Benson proves or that the playouts give an ownership of at least
//!    [`SOLID_WALL`], within [`JUDGEMENT_NODE_BUDGET`] nodes for the whole
//!    judgement. Under rules that confirm life by art. 7 (Japanese) the
//!    reading's verdicts replace the playouts'. Under the others they are
//!    used only where no ko decides: the verdict is the same whether the
//!    attacker or the defender has every ko threat, or, once the threats
//!    are used up, the reading without threats gives the same verdict
//!    whichever side starts (bent four: dead; double-ko seki: seki). An
//!    open direct ko is left to the playouts there.
//! 4. **Capturing races counted** ([`race`]), once a chain left inside
//!    dead groups is revived (step 5's first correction): a group the
//!    playouts call dead, though they were unsure, that takes (more than
//!    an eye's worth of stones) or makes seki with every enemy group it
//!    races, whoever starts, by the liberty count of
//!    [`crate::board::semeai`], lives, and the groups it takes are dead.
//!    Where it takes them in closed races (no empty point to run to), or
//!    with a given side to move ([`judge_to_move`]), the count overrules
//!    surer playouts, and their certainty about a group whose eye space
//!    they cannot fill is none. After a kill, step 5's first correction
//!    runs again: the stones left inside the dead group live.
//! 5. **Corrections to the playouts' verdicts**: a chain they call dead
//!    whose enemy neighbours are all dead is alive (it stands in its own
//!    area once they are removed); in a game stopped by agreement
//!    ([`judge_stopped_by_agreement`]), a lone stone in atari whose last
//!    liberty only its owner's live stones touch is alive, called dead by
//!    the playouts or the reading: the capture there is a ko left at the
//!    end, which its owner connects in the dame phase (unless the
//!    connection leaves him one liberty, as in a double-ko seki); of two
//!    neighbouring chains of opposite
//!    colours in a capturing race (sharing a liberty) that both come out
//!    dead, the one the playouts favour more lives: one takes the other.
//!    At the end of the game, a group they call dead that has two sure
//!    eyes, small and not false, around chains that cannot be taken from
//!    outside, lives ([`eyes`]).
//! 6. **Seki** (art. 8), on the board of live stones: an empty point next
//!    to live stones of both colours that neither side can fill without
//!    leaving two or more stones in atari or capturing unsafely (a capture
//!    that leaves the capturer three liberties, or two after taking one
//!    stone, settles the point: no seki), even after one
//!    connecting move inside its own territory or on a one-point eye it
//!    shares with another of its chains (the joined chain keeping two
//!    eyes or four liberties), is a seki liberty, and the live chains touching it are in
//!    seki. Ordinary dame, which either side fills safely, are left alone
//!    (死活例24), and so is a chain short of liberties only until it joins
//!    its wall. For this test a dead chain in atari is taken by a stone on
//!    its last liberty, so an eye it stands in counts as the one point the
//!    capture leaves. Two chains with one one-point eye each and only
//!    shared liberties besides are seki however many they share. Seki
//!    spreads through small eyes ([`SEKI_EYE_MAX`]) to the chains around
//!    them.
//!    - A seki candidate is read (the solid chains around it uncapturable,
//!      every ko threat the defender's, [`SEKI_READING_NODES`]): when that
//!      kills one chain that encloses all the rest, as a bent three
//!      holding an enemy stone, the chain is dead, not seki, and the
//!      judgement starts again without it ([`REJUDGE_ROUNDS`]): its
//!      liberties may have been all an enemy chain around it lacked.
//!    - Where no seki reading killed a chain, at the end of the game, a
//!      group the playouts keep alive that walls alone shut in a small
//!      region ([`unlivable`]) is read to the end with each side moving
//!      first; taken both times (a bulky five with the enemy on its vital
//!      point), it is dead and the judgement starts again without it.
//!    - A small region of dead stones between both colours
//!      ([`SEKI_DEAD_REGION_MAX`] points: the ko stones of a double-ko
//!      seki, 死活例25) makes the chains around it seki only when a chain
//!      of each colour has no more than one liberty elsewhere and no dead
//!      chain in it can be taken safely (as above): a ko left
//!      between settled groups is dame, and dead stones only one side
//!      needs are taken by the other.
//! 7. **A capturing race left open** is seki when the side behind turns it
//!    into seki with one move (filling the other chain's only liberty
//!    outside the race) and survives in about half of the status playouts
//!    ([`UNSETTLED_ABOVE`]): players who stop there count it so. Not a
//!    chain standing in a three-point eye of the other: it is thrown in.
//! 8. **A chain taken inside a group** ([`enclosed`]): an enemy chain the
//!    playouts keep alive, in a small region bordered only by a group they
//!    call dead, that the group takes by force ([`crate::board::capture`])
//!    is dead when reading the group ([`tsumego`]) shows it alive with the
//!    chain's owner to move; the judgement starts again without the chain
//!    ([`REJUDGE_ROUNDS`]), and it stands if the group lives there.
//!
//! A position that the verdicts of the status playouts (step 2) leave with
//! many neutral points (in regions between live stones of both colours,
//! dead stones included; [`UNFINISHED_NEUTRAL_SHARE`]) was stopped before
//! its borders were closed. Its fights are not over, and how they end
//! turns on answering the opponent's moves, which uniformly random moves
//! do only by chance: its status playouts are played again, answering also
//! with MoGo 3×3 patterns ([`StatusMoves::Patterns`]), and it is judged
//! from those. In finished positions those patterns let invaders look
//! alive, so they are kept for unfinished ones.
//!
//! [`judge_to_move`] asks instead what each chain becomes once both sides
//! play their best with a given side first, [`status_after_best_move`]
//! the same of one chain one move deeper (`tengen-status`; a chain whose
//! enemy neighbours the reading all kills is alive), and
//! [`protective_move`] finds the teire the engine plays before passing.
//!
//! The module's files, one job each:
//! - `mod.rs`: the status map ([`Judgement`], [`StoneStatus`], [`Method`]),
//!   the entry points [`judge`], [`judge_stopped_by_agreement`] and
//!   [`judge_to_move`], and the rounds of a
//!   judgement, which run the steps above in order;
//! - `playouts.rs`: the status playouts' ownership and the verdicts drawn
//!   from it (step 2);
//! - `reading.rs`: exact local reading of the problems whose walls are
//!   solid, replacing playout verdicts (step 3, art. 7 confirmation);
//! - `memo.rs`: local readings remembered across judgements;
//! - `scope.rs`: the bound on local reading shared by one scoring step;
//! - `repairs.rs`: corrections of playout verdicts that the playouts get
//!   wrong as a rule (steps 5 and 7: chains left inside dead groups,
//!   capturing races);
//! - `race.rs`: capturing races decided by counting liberties (step 4);
//! - `eyes.rs`: groups with two sure eyes (step 5);
//! - `seki.rs`: seki detection (step 6) and the reading of seki candidates;
//! - `enclosed.rs`: enemy chains a group takes by force inside it (step 8);
//! - `tsumego.rs`: one enclosed group's status with a side to move, read
//!   to the end (`tengen-status`, step 8);
//! - `lookahead.rs`: one chain's status with a side to move, after that
//!   side's best move near it, when the group is not enclosed;
//! - `protective.rs`: the protective move (teire) the engine plays rather
//!   than pass.
//!
//! [`status_playout`]: crate::board::playout::status_playout

mod enclosed;
mod eyes;
mod lookahead;
mod memo;
mod playouts;
mod protective;
mod race;
mod reading;
mod repairs;
mod scope;
mod seki;
mod tsumego;
mod unlivable;

use super::Rules;
use super::benson::pass_alive;
use crate::board::playout::StatusMoves;
use crate::board::{ARRAY_LEN, Board, Point};
use crate::color::Color;
use enclosed::TakerShape;
use playouts::{ownership, playout_verdicts};
use reading::confirm_locally;
use repairs::{
    mark_unsettled_semeai, revive_ko_stones, revive_surrounded_by_dead,
    revive_the_stronger_of_dead_neighbours,
};
use seki::mark_seki;

pub use lookahead::{
    LOOKAHEAD_JUDGED, LOOKAHEAD_MARGIN, LOOKAHEAD_PLAYOUTS, LOOKAHEAD_REACH, saving_move,
    status_after_best_move,
};
pub use playouts::{DEAD_BELOW, STATUS_SEED};
pub use protective::protective_move;
pub use reading::{JUDGEMENT_NODE_BUDGET, SOLID_WALL};
pub use repairs::UNSETTLED_ABOVE;
pub use scope::{ReadingScope, SCOPE_NODE_BUDGET};
pub(super) use seki::empty_region_borders;
pub use seki::{
    JOINED_LIBERTIES, SAFE_CAPTURE_LIBERTIES, SEKI_DEAD_REGION_MAX, SEKI_EYE_MAX,
    SEKI_READING_NODES,
};

/// Status playouts per judgement.
pub const STATUS_PLAYOUTS: u32 = 1000;

/// A position is unfinished when at least this share of its points are
/// neutral by the verdicts of uniformly random status playouts: in regions
/// of empty points and stones that are not live that touch live stones of
/// both colours. Its status playouts then answer by patterns
/// ([`StatusMoves::Patterns`]). A finished game has a few such points (seki
/// liberties, a dame or two left unfilled).
pub const UNFINISHED_NEUTRAL_SHARE: f64 = 0.04;

/// The status of a stone at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoneStatus {
    /// Alive, not in seki.
    Alive,
    /// Dead: removed before counting when inside the opponent's territory.
    Dead,
    /// Alive in seki.
    Seki,
}

impl StoneStatus {
    /// True when alive or in seki.
    #[must_use]
    pub fn is_live(self) -> bool {
        matches!(self, StoneStatus::Alive | StoneStatus::Seki)
    }
}

/// How a chain's status was decided (reported by `tengen-score_details`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Benson's algorithm: certain.
    Benson,
    /// Ownership statistics of status playouts.
    Playouts,
    /// The seki test on shared liberties.
    SekiTest,
    /// The art. 7 confirmation: an exact local search ([`super::confirm`]).
    Confirmation,
    /// The rules count every stone as alive (Tromp-Taylor).
    Rules,
}

/// The judgement of a final position.
#[derive(Clone, Debug)]
pub struct Judgement {
    /// Per point (indexed by `Point::index`): status and method of the
    /// stone there, `None` for empty points.
    status: Vec<Option<(StoneStatus, Method)>>,
    /// Per point: mean area ownership over the playouts, +1 Black, −1 White.
    ownership: Vec<f64>,
}

impl Judgement {
    /// This judgement, made after one move on `before`, carried back to
    /// `before`: each stone keeps the status judged after the move, and a
    /// stone the move took is dead.
    #[must_use]
    pub fn carried_back(&self, before: &Board) -> Judgement {
        let mut status = vec![None; ARRAY_LEN];
        for (p, _) in before.stones() {
            status[p.index()] =
                Some(self.status[p.index()].unwrap_or((StoneStatus::Dead, Method::Confirmation)));
        }
        Judgement {
            status,
            ownership: self.ownership.clone(),
        }
    }
}

#[cfg(test)]
impl Judgement {
    /// A judgement giving each stone of `board` the status `status_of`
    /// says (for tests of what follows a judgement); no ownership.
    pub(crate) fn with_statuses(
        board: &Board,
        status_of: impl Fn(Point) -> StoneStatus,
    ) -> Judgement {
        let mut status = vec![None; ARRAY_LEN];
        for (p, _) in board.stones() {
            status[p.index()] = Some((status_of(p), Method::Rules));
        }
        Judgement {
            status,
            ownership: vec![0.0; ARRAY_LEN],
        }
    }
}

impl Judgement {
    /// Status of the stone at `p` (`None` if empty).
    #[must_use]
    pub fn status(&self, p: Point) -> Option<StoneStatus> {
        self.status[p.index()].map(|(s, _)| s)
    }

    /// How the status of the stone at `p` was decided.
    #[must_use]
    pub fn method(&self, p: Point) -> Option<Method> {
        self.status[p.index()].map(|(_, m)| m)
    }

    /// Mean ownership of `p`: +1 always Black's, −1 always White's.
    #[must_use]
    pub fn ownership(&self, p: Point) -> f64 {
        self.ownership[p.index()]
    }

    /// True when the stone at `p` is alive or in seki.
    #[must_use]
    pub fn is_live_stone(&self, p: Point) -> bool {
        self.status(p).is_some_and(StoneStatus::is_live)
    }

    /// The points of `board` (the board judged) in regions of empty
    /// points and dead stones that touch live stones of both colours:
    /// no one's as the position stands.
    #[must_use]
    pub fn neutral_points(&self, board: &Board) -> usize {
        neutral_points_where(board, |p| self.is_live_stone(p))
    }
}

/// How many times the judgement starts again on the board without the
/// chains that reading a seki candidate or a shut-in group killed (see
/// [`judge`]).
pub const REJUDGE_ROUNDS: usize = 2;

/// Judges every stone of `board` under `rules`.
///
/// When reading a seki candidate ([`mark_seki`]) or a group shut in by
/// walls ([`unlivable`]) kills a chain that the status playouts
/// left alive, the playouts were wrong about the stones
/// around it too: a chain whose only liberties were shared with the
/// killed one is free once it is taken. The judgement then starts again
/// on the board without the killed chains, and they are dead.
///
/// The status playouts answer by patterns in a position whose playout
/// verdicts leave it unfinished ([`UNFINISHED_NEUTRAL_SHARE`]).
#[must_use]
pub fn judge(board: &Board, rules: &Rules) -> Judgement {
    judge_rounds(board, rules, REJUDGE_ROUNDS, None, Ask::AT_THE_END)
}

/// [`judge`] of a game stopped by agreement, its dame phase still to
/// play (a game record that ends without passes): a ko left open at the
/// border is its owner's to connect in that phase, so its stone is alive
/// (step 5). After two passes the rules decide it as they stand (art. 7-2:
/// the opponent takes it in the confirmation).
#[must_use]
pub fn judge_stopped_by_agreement(board: &Board, rules: &Rules) -> Judgement {
    let ask = Ask {
        kos_connected: true,
        ..Ask::AT_THE_END
    };
    judge_rounds(board, rules, REJUDGE_ROUNDS, None, ask)
}

/// What a judgement asks besides the position: who moves first, if
/// anyone, and whether open kos at the border are their owners' to
/// connect.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Ask {
    /// Who moves first ([`judge_to_move`]), or `None` as at the end of the
    /// game.
    to_move: Option<Color>,
    /// Open kos at the border are connected by their owners
    /// ([`judge_stopped_by_agreement`]).
    kos_connected: bool,
}

impl Ask {
    /// The judgement at the end of the game, after passes.
    const AT_THE_END: Ask = Ask {
        to_move: None,
        kos_connected: false,
    };
}

/// [`judge`] with `first` to move: what each chain becomes once both sides
/// play their best, `first` moving first (a chain that dies or lives by
/// who starts goes the way `first` wants). Every status playout starts
/// with `first`, and each local problem is read with `first` moving first
/// for chains of both colours. The end-of-game judgement ([`judge`]) has
/// no side to move: its playouts alternate the first player and its
/// readings let the attacker start (art. 7-1).
#[must_use]
pub fn judge_to_move(board: &Board, rules: &Rules, first: Color) -> Judgement {
    let ask = Ask {
        to_move: Some(first),
        ..Ask::AT_THE_END
    };
    judge_rounds(board, rules, REJUDGE_ROUNDS, None, ask)
}

/// The points of `board` in regions of empty points and stones that are
/// not live by `status` that touch live stones of both colours: no one's.
fn neutral_points(board: &Board, status: &[Option<(StoneStatus, Method)>]) -> usize {
    neutral_points_where(board, |p| {
        status[p.index()].is_some_and(|(s, _)| s.is_live())
    })
}

/// The points of `board` in regions of empty points and stones that are
/// not live by `is_live` that touch live stones of both colours.
pub(crate) fn neutral_points_where(board: &Board, is_live: impl Fn(Point) -> bool) -> usize {
    board
        .regions(|p| !is_live(p))
        .iter()
        .filter(|r| r.touches(board, Color::Black) && r.touches(board, Color::White))
        .map(|r| r.points.len())
        .sum()
}

/// The enemy stones next to the chain at `p` (of `color`), one entry per
/// contact.
pub(super) fn enemy_neighbours(board: &Board, p: Point, color: Color) -> Vec<Point> {
    board
        .chain_stones(p)
        .flat_map(|s| s.neighbours())
        .filter(|&n| board.color_at(n) == Some(color.other()))
        .collect()
}

/// [`judge`], starting again at most `rounds` times; the status playouts
/// choose their free moves as `moves` says, or when `None` as the
/// position needs: [`StatusMoves::Patterns`] when the verdicts of
/// uniformly random ones leave it unfinished.
fn judge_rounds(
    board: &Board,
    rules: &Rules,
    rounds: usize,
    moves: Option<StatusMoves>,
    ask: Ask,
) -> Judgement {
    let mut status = vec![None; ARRAY_LEN];
    if rules.all_stones_alive {
        for (p, _) in board.stones() {
            status[p.index()] = Some((StoneStatus::Alive, Method::Rules));
        }
        return Judgement {
            status,
            ownership: ownership(board, 0, StatusMoves::Random, None),
        };
    }
    for color in Color::ALL {
        let proof = pass_alive(board, color);
        for &h in &proof.chains {
            for s in board.chain_stones(h) {
                status[s.index()] = Some((StoneStatus::Alive, Method::Benson));
            }
        }
        for &p in &proof.territory {
            if board.color_at(p) == Some(color.other()) {
                status[p.index()] = Some((StoneStatus::Dead, Method::Benson));
            }
        }
    }
    let benson = status.clone();
    let mut chosen = moves.unwrap_or(StatusMoves::Random);
    let mut ownership = ownership(board, STATUS_PLAYOUTS, chosen, ask.to_move);
    playout_verdicts(board, &ownership, &mut status);
    if moves.is_none() {
        let neutral = neutral_points(board, &status);
        let area = board.size() * board.size();
        if neutral as f64 >= UNFINISHED_NEUTRAL_SHARE * area as f64 {
            log::debug!("judgement: {neutral} of {area} points neutral, pattern playouts");
            chosen = StatusMoves::Patterns;
            ownership = self::ownership(board, STATUS_PLAYOUTS, chosen, ask.to_move);
            status = benson;
            playout_verdicts(board, &ownership, &mut status);
        }
    }
    confirm_locally(board, rules, &ownership, ask.to_move, &mut status);
    revive_surrounded_by_dead(board, &mut status);
    if ask.kos_connected {
        revive_ko_stones(board, &mut status);
    }
    if race::settle_races(board, &ownership, ask.to_move, &mut status) {
        // The stones inside a group the count took are its enemies'.
        revive_surrounded_by_dead(board, &mut status);
    }
    revive_the_stronger_of_dead_neighbours(board, &ownership, &mut status);
    if ask.to_move.is_none() {
        eyes::revive_two_eyed(board, &mut status);
    }
    let mut killed = mark_seki(board, &ownership, &mut status);
    // An unfinished position (judged from pattern playouts) is only
    // estimated: its open groups are not read.
    if killed.is_empty() && rounds > 0 && ask.to_move.is_none() && chosen == StatusMoves::Random {
        killed = unlivable::unlivable_chains(board, &ownership, &status);
    }
    if rounds > 0 && !killed.is_empty() {
        log::debug!(
            "judgement: {} stones killed by reading, judging the rest again",
            killed.len()
        );
        if let Some(without) = board_without(board, &killed) {
            return judge_without(board, &without, rules, rounds, chosen, ask, &killed);
        }
    }
    if rounds > 0
        && let Some(again) = take_enclosed(board, rules, rounds, chosen, ask, &status, &ownership)
    {
        return again;
    }
    mark_unsettled_semeai(board, &ownership, &mut status);
    Judgement { status, ownership }
}

/// The judgement with the enemy chains that a group takes by force inside
/// it dead ([`enclosed`]), where the group lives and the judgement of the
/// board without the chains (`rounds - 1` more) agrees; `None` when there
/// are none. The group lives when reading shows it alive with the chain's
/// owner to move. At the end of the game (no side to move), where it
/// cannot be read (its region is open, or the reading runs out), the
/// capture must instead leave it the shape of a live group
/// ([`enclosed::taker_shape`]), and clearly alive there by the judgement
/// without them ([`enclosed::CLEAR_TAKER_OWNERSHIP`]): the playouts alone
/// see the eye space the capture opens, not the moves the chain's owner
/// makes while it is taken. A taker that cannot live by taking, and that
/// the owner cannot approach either, is in seki with the chain.
fn take_enclosed(
    board: &Board,
    rules: &Rules,
    rounds: usize,
    chosen: StatusMoves,
    ask: Ask,
    status: &[Option<(StoneStatus, Method)>],
    ownership: &[f64],
) -> Option<Judgement> {
    let candidates = enclosed::enclosed_captures(board, status, ask.to_move);
    if candidates.is_empty() {
        return None;
    }
    let now = Judgement {
        status: status.to_vec(),
        ownership: ownership.to_vec(),
    };
    // A capture that leaves its takers dead gave them nothing: read on the
    // board as it stands, the chain's owner to move, the largest must live
    // (the reading's region holds the others next to it). Those it cannot
    // read are kept with their largest taker, for the checks without them.
    let read = |p: Point| {
        board.color_at(p).and_then(|c| {
            tsumego::read_enclosed_within(board, &now, p, c.other(), enclosed::TAKER_READ_BUDGET)
        })
    };
    let taken: Vec<(enclosed::Taken, Option<Point>)> = candidates
        .into_iter()
        .filter_map(|t| {
            let &largest = t.takers.iter().max_by_key(|&&p| board.chain_size(p))?;
            match read(largest) {
                Some(StoneStatus::Dead) => None,
                Some(_) => Some((t, None)),
                // With a side to move the position is a problem still to
                // play, not a finished game: only reading decides it.
                None if ask.to_move.is_some() => None,
                None => Some((t, Some(largest))),
            }
        })
        .collect();
    if taken.is_empty() {
        return None;
    }
    let stones: Vec<Point> = taken.iter().flat_map(|(t, _)| t.stones.clone()).collect();
    let without = board_without(board, &stones)?;
    let shapes: Vec<Option<TakerShape>> = taken
        .iter()
        .map(|(t, unread)| unread.map(|p| enclosed::taker_shape(board, &without, &t.stones, p)))
        .collect();
    // A taker that cannot live by taking, and that the chain's owner
    // cannot approach either: both are seki.
    let seki: Vec<&enclosed::Taken> = taken
        .iter()
        .zip(&shapes)
        .filter(|(_, shape)| **shape == Some(TakerShape::Seki))
        .map(|((t, _), _)| t)
        .collect();
    if !seki.is_empty() {
        let mut status = status.to_vec();
        for t in &seki {
            let takers = t.takers.iter().flat_map(|&h| board.chain_stones(h));
            for q in t.stones.iter().copied().chain(takers) {
                status[q.index()] = Some((StoneStatus::Seki, Method::Confirmation));
            }
        }
        log::debug!(
            "judgement: {} enclosed chains in seki with their takers",
            seki.len()
        );
        return Some(Judgement {
            status,
            ownership: ownership.to_vec(),
        });
    }
    if !shapes
        .iter()
        .all(|s| s.is_none_or(|s| s == TakerShape::Lives))
    {
        return None;
    }
    let again = judge_without(board, &without, rules, rounds, chosen, ask, &stones);
    // And the playouts agree once the chains are off the board, clearly
    // where the takers' life was not read.
    let agree = |(t, unread): &(enclosed::Taken, Option<Point>)| {
        t.takers.iter().all(|&p| again.is_live_stone(p))
            && unread.is_none_or(|p| {
                playouts::chain_ownership(board, &again.ownership, p)
                    >= enclosed::CLEAR_TAKER_OWNERSHIP
            })
    };
    if !taken.iter().all(agree) {
        return None;
    }
    log::debug!(
        "judgement: {} enclosed stones taken, their takers live",
        stones.len()
    );
    Some(again)
}

/// `board` without the stones `killed`; `None` if it cannot be set up.
pub(super) fn board_without(board: &Board, killed: &[Point]) -> Option<Board> {
    let rest: Vec<(Point, Color)> = board
        .stones()
        .into_iter()
        .filter(|(p, _)| !killed.contains(p))
        .collect();
    Board::from_stones(board.size(), &rest, [0, 0]).ok()
}

/// The judgement of `board` with the stones `killed` dead (read so) and the
/// rest judged again, `rounds - 1` more, on the board without them
/// (`without`, from [`board_without`]): their liberties may have been all
/// an enemy chain around them lacked, or their points an eye space.
fn judge_without(
    board: &Board,
    without: &Board,
    rules: &Rules,
    rounds: usize,
    chosen: StatusMoves,
    ask: Ask,
    killed: &[Point],
) -> Judgement {
    let again = judge_rounds(without, rules, rounds - 1, Some(chosen), ask);
    let mut status = vec![None; ARRAY_LEN];
    for (p, _) in board.stones() {
        status[p.index()] = if killed.contains(&p) {
            Some((StoneStatus::Dead, Method::Confirmation))
        } else {
            again.status[p.index()]
        };
    }
    Judgement {
        status,
        ownership: again.ownership,
    }
}

#[cfg(test)]
pub(super) mod tests {
    // Read by the counting tests in `score.rs` at this path.
    pub(in crate::rules) use super::seki::tests::DEAD_STONE_IN_A_SEKI_EYE;
    use super::*;
    use crate::test_support::v;

    /// The head of the chain at `vertex` ("A1" to "J9"); shared by the
    /// tests of every file of this module.
    pub(super) fn at(board: &Board, vertex: &str) -> Point {
        board.chain_head(v(vertex))
    }

    /// The open row 5 between White's wall and Black's is neutral: 9
    /// points. White's D2 inside Black's area, dead, leaves that area
    /// Black's; judged alive, it makes the 26 empty points around it touch
    /// both colours.
    #[test]
    fn neutral_points_are_the_regions_between_both_colours() {
        let board = Board::from_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            O O O O O O O O O
            . . . . . . . . .
            X X X X X X X X X
            . . . . . . . . .
            . . . O . . . . .
            . . . . . . . . .
            ",
        )
        .expect("diagram");
        let d2 = at(&board, "D2");
        let judged = |d2_status| {
            let mut status = vec![None; ARRAY_LEN];
            for (p, _) in board.stones() {
                let verdict = if p == d2 {
                    d2_status
                } else {
                    StoneStatus::Alive
                };
                status[p.index()] = Some((verdict, Method::Playouts));
            }
            status
        };
        assert_eq!(neutral_points(&board, &judged(StoneStatus::Dead)), 9);
        assert_eq!(neutral_points(&board, &judged(StoneStatus::Alive)), 9 + 26);
    }

    /// The open row between the two walls makes the position unfinished:
    /// its judgement comes from pattern playouts. With the row closed by
    /// White's stones it is finished: uniformly random ones.
    #[test]
    fn an_unfinished_position_is_judged_from_pattern_playouts() {
        let walls = |row5: &str| {
            let rows = [
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                "O O O O O O O O O",
                row5,
                "X X X X X X X X X",
                ". . . . . . . . .",
                ". . . O . . . . .",
                ". . . . . . . . .",
            ];
            Board::from_diagram(&rows.join("\n")).expect("diagram")
        };
        let rules = Rules::japanese();
        let open = walls(". . . . . . . . .");
        let judged = judge(&open, &rules).ownership;
        assert_eq!(
            judged,
            ownership(&open, STATUS_PLAYOUTS, StatusMoves::Patterns, None)
        );
        assert_ne!(
            judged,
            ownership(&open, STATUS_PLAYOUTS, StatusMoves::Random, None)
        );
        let closed = walls("O O O O O O O O O");
        assert_eq!(
            judge(&closed, &rules).ownership,
            ownership(&closed, STATUS_PLAYOUTS, StatusMoves::Random, None)
        );
    }

    /// Two false seki, one inside the other's liberties. Black's A4-F1
    /// shares A3 and A1 with White's A2 B2 B3: White fills A3, giving
    /// four stones, and Black's eye space after taking them at A1 is a
    /// square four, dead. Once Black's A4-F1 is off the board White's
    /// B5-D6 has seven liberties, and Black's A7-F4, whose only liberties
    /// D7 and E6 it shared with B5-D6 in seki, dies too. Judged on the board as it
    /// stands, without taking A4-F1 off first, A7-F4 and B5-D6 are seki.
    #[test]
    fn a_chain_killed_by_reading_a_seki_frees_the_chains_around_it() {
        let board = Board::from_diagram(
            "
            O O O O O O O . O
            O O X X X X O O O
            X X X . X X O . O
            X O O O . X X O O
            O O X O X X O O .
            X X X X O X O O O
            . O X X O O O . O
            O O X O O O O O O
            . X X X X X O . O
            ",
        )
        .expect("diagram");
        for rules in [Rules::japanese(), Rules::chinese()] {
            let judgement = judge(&board, &rules);
            for vertex in ["A4", "A7"] {
                assert_eq!(
                    judgement.status(at(&board, vertex)),
                    Some(StoneStatus::Dead),
                    "{vertex} under {}",
                    rules.name
                );
            }
            for vertex in ["B5", "B2", "A9"] {
                assert_eq!(
                    judgement.status(at(&board, vertex)),
                    Some(StoneStatus::Alive),
                    "{vertex} under {}",
                    rules.name
                );
            }
        }
    }
}
