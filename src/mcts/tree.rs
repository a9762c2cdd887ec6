//! The search tree: an arena of nodes with each node's children stored
//! contiguously, addressed by `u32` ids.

use crate::board::Move;

/// Index of a node in the arena.
pub type NodeId = u32;

/// One node: the move that leads to it and its statistics, from the point
/// of view of the player who made that move.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The move into this node (`Pass` for the root).
    pub mv: Move,
    /// First child in the arena (valid when `num_children > 0`).
    pub first_child: NodeId,
    /// Number of children; 0 until expanded.
    pub num_children: u16,
    /// Whether the children were generated.
    pub expanded: bool,
    /// Simulations through this node (priors included).
    pub visits: f32,
    /// Wins among them for the player who moved into this node.
    pub wins: f32,
    /// AMAF (all-moves-as-first) simulations for this move.
    pub amaf_visits: f32,
    /// AMAF wins.
    pub amaf_wins: f32,
    /// The prior simulations included in `visits`.
    pub prior_visits: f32,
    /// The prior wins included in `wins`.
    pub prior_wins: f32,
    /// Sum over the real simulations of the final margin (Black's area
    /// minus White's, komi included), Black's point of view.
    pub margin_sum: f32,
}

impl Node {
    /// A fresh node for `mv` with prior statistics.
    #[must_use]
    pub fn new(mv: Move, prior_visits: f32, prior_wins: f32) -> Node {
        Node {
            mv,
            first_child: 0,
            num_children: 0,
            expanded: false,
            visits: prior_visits,
            wins: prior_wins,
            amaf_visits: 0.0,
            amaf_wins: 0.0,
            prior_visits,
            prior_wins,
            margin_sum: 0.0,
        }
    }

    /// Simulations actually run through this node (priors excluded).
    #[must_use]
    pub fn real_visits(&self) -> f32 {
        self.visits - self.prior_visits
    }

    /// Win rate of the simulations actually run (priors excluded), 0.5
    /// before any.
    #[must_use]
    pub fn real_win_rate(&self) -> f32 {
        let n = self.real_visits();
        if n > 0.0 {
            (self.wins - self.prior_wins) / n
        } else {
            0.5
        }
    }

    /// Mean final margin of the real simulations, Black's point of view
    /// (0 before any).
    #[must_use]
    pub fn mean_margin(&self) -> f32 {
        let n = self.real_visits();
        if n > 0.0 { self.margin_sum / n } else { 0.0 }
    }

    /// Win rate for the player who moved into this node.
    #[must_use]
    pub fn win_rate(&self) -> f32 {
        if self.visits > 0.0 {
            self.wins / self.visits
        } else {
            0.5
        }
    }
}

/// The arena.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    nodes: Vec<Node>,
}

impl Tree {
    /// A tree with only a root.
    #[must_use]
    pub fn new() -> Tree {
        Tree {
            nodes: vec![Node::new(Move::Pass, 0.0, 0.0)],
        }
    }

    /// The root's id.
    pub const ROOT: NodeId = 0;

    /// Number of nodes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: the root is always there.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node `id`.
    #[must_use]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// The node `id`, mutably.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id as usize]
    }

    /// The ids of `id`'s children.
    pub fn children(&self, id: NodeId) -> std::ops::Range<NodeId> {
        let n = self.node(id);
        n.first_child..n.first_child + NodeId::from(n.num_children)
    }

    /// Appends `children` as the children of `id`.
    pub fn expand(&mut self, id: NodeId, children: &[Node]) {
        let first = self.nodes.len() as NodeId;
        self.nodes.extend_from_slice(children);
        let n = self.node_mut(id);
        n.first_child = first;
        n.num_children = children.len() as u16;
        n.expanded = true;
    }
}
