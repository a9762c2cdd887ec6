//! Trees between moves: the root of a new search, with its children's
//! priors, and the tree kept from the last search ([`TreeCache`]) when the
//! game went on from its position.

use super::priors::{PriorContext, priors};
use super::tree::{Node, NodeId, Tree};
use crate::board::{Board, Move, Point};
use crate::color::Color;
use crate::rules::Game;

/// The search tree kept between moves, so that the part of it below the
/// moves actually played is searched further instead of afresh. A tree
/// that cannot be continued still lends its memory to the next one, so
/// that searches after the first do not grow an arena afresh: the page
/// faults and copies of a growing arena cost a search with light playouts
/// about 5% of its iterations.
#[derive(Default)]
pub struct TreeCache {
    saved: Option<SavedTree>,
    /// The arena of a tree forgotten, to grow the next one in.
    spare: Option<Tree>,
}

/// A tree with the position it was grown for.
struct SavedTree {
    tree: Tree,
    /// The moves played when it was grown.
    moves: Vec<(Color, Move)>,
    /// Hash of the setup position the moves start from.
    setup: u64,
    /// The player to move at its root.
    color: Color,
}

impl TreeCache {
    /// Forgets the saved tree (keeping its memory for the next).
    pub fn clear(&mut self) {
        if let Some(saved) = self.saved.take() {
            self.spare = Some(saved.tree);
        }
    }

    /// The tree kept, if any (for tests).
    #[cfg(test)]
    pub(super) fn saved_tree(&self) -> Option<&Tree> {
        self.saved.as_ref().map(|saved| &saved.tree)
    }

    /// A tree with only a root, in the memory of the last tree forgotten
    /// when there is one.
    pub(super) fn fresh_tree(&mut self) -> Tree {
        self.spare.take().map_or_else(Tree::new, Tree::cleared)
    }

    /// Keeps `tree`, grown for `game`'s position with `color` to move.
    pub(super) fn save(&mut self, tree: Tree, game: &Game, color: Color) {
        self.saved = Some(SavedTree {
            tree,
            moves: game.moves().to_vec(),
            setup: game.setup_board().hash(),
            color,
        });
    }

    /// A tree for `game`'s position with `color` to move, made of the saved
    /// subtree below the moves played since it was grown, with `root_moves`
    /// as root children; `None` when the game did not continue from the
    /// saved root or the tree does not hold the moves played.
    pub(super) fn take_for(
        &mut self,
        game: &Game,
        color: Color,
        root_moves: &[Point],
        move_model: bool,
    ) -> Option<Tree> {
        let saved = self.saved.take()?;
        match continued(saved, game, color, root_moves, move_model) {
            Ok(tree) => Some(tree),
            Err(old) => {
                self.spare = Some(old);
                None
            }
        }
    }
}

/// [`TreeCache::take_for`] on the tree `saved`, which comes back as the
/// error when it cannot be continued.
fn continued(
    saved: SavedTree,
    game: &Game,
    color: Color,
    root_moves: &[Point],
    move_model: bool,
) -> Result<Tree, Tree> {
    let SavedTree {
        tree: old,
        moves,
        setup,
        color: root_color,
    } = saved;
    let now = game.moves();
    if setup != game.setup_board().hash()
        || now.len() < moves.len()
        || now[..moves.len()] != moves[..]
    {
        return Err(old);
    }
    let mut node = Tree::ROOT;
    let mut expect = root_color;
    for &(c, m) in &now[moves.len()..] {
        let next = old.children(node).find(|&id| old.node(id).mv == m);
        match next {
            Some(id) if c == expect => node = id,
            _ => return Err(old),
        }
        expect = expect.other();
    }
    if expect != color || !old.node(node).expanded {
        return Err(old);
    }
    let context = root_context(game, color, root_moves, move_model);
    let sources: Vec<Option<NodeId>> = root_moves
        .iter()
        .map(|&p| {
            old.children(node)
                .find(|&id| old.node(id).mv == Move::Play(p))
        })
        .collect();
    let children: Vec<Node> = root_moves
        .iter()
        .zip(&sources)
        .map(|(&p, source)| match source {
            Some(id) => old.node(*id),
            None => prior_node(game.board(), color, p, &context),
        })
        .collect();
    Ok(old.reroot(children, &sources))
}

/// `tree`, a tree with only a root, given `root_moves` with their priors
/// (from the move model when `move_model`) as the root's children.
pub(super) fn root_tree(
    mut tree: Tree,
    game: &Game,
    color: Color,
    root_moves: &[Point],
    move_model: bool,
) -> Tree {
    let context = root_context(game, color, root_moves, move_model);
    let children: Vec<Node> = root_moves
        .iter()
        .map(|&p| prior_node(game.board(), color, p, &context))
        .collect();
    tree.expand(Tree::ROOT, &children);
    tree
}

/// The prior context of `game`'s position with `color` to move and the
/// candidates `root_moves`.
fn root_context(game: &Game, color: Color, root_moves: &[Point], move_model: bool) -> PriorContext {
    PriorContext::new(
        game.board(),
        color,
        last_point(game),
        second_last_point(game),
        root_moves,
        move_model,
    )
}

/// The point of the last move, if it was not a pass.
pub(super) fn last_point(game: &Game) -> Option<Point> {
    game.moves().last().and_then(|&(_, m)| m.point())
}

/// The point of the move before the last in `game`, if it was a stone.
pub(super) fn second_last_point(game: &Game) -> Option<Point> {
    let moves = game.moves();
    moves.len().checked_sub(2).and_then(|i| moves[i].1.point())
}

/// A child node for `color` playing `p` with its prior statistics.
pub(super) fn prior_node(board: &Board, color: Color, p: Point, context: &PriorContext) -> Node {
    let (visits, wins) = priors(board, color, p, context);
    let mut node = Node::new(Move::Play(p), visits, wins);
    node.amaf_visits = visits * context.amaf_weight();
    node.amaf_wins = wins * context.amaf_weight();
    node
}
