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

/// The part of a node that the scans over a node's children do not read
/// for each child: its move, where its own children are, and the
/// statistics only reports use. 24 bytes.
#[derive(Clone, Copy, Debug)]
struct Info {
    mv: Move,
    first_child: NodeId,
    num_children: u16,
    expanded: bool,
    prior_visits: f32,
    prior_wins: f32,
    margin_sum: f32,
}

impl Info {
    fn of(node: &Node) -> Info {
        Info {
            mv: node.mv,
            first_child: node.first_child,
            num_children: node.num_children,
            expanded: node.expanded,
            prior_visits: node.prior_visits,
            prior_wins: node.prior_wins,
            margin_sum: node.margin_sum,
        }
    }
}

/// The statistics of a node's children, in child order (see [`Node`]).
pub struct ChildStats<'a> {
    /// Simulations through each child, priors included.
    pub visits: &'a [f32],
    /// Their wins.
    pub wins: &'a [f32],
    /// AMAF simulations.
    pub amaf_visits: &'a [f32],
    /// AMAF wins.
    pub amaf_wins: &'a [f32],
}

/// The arena, stored by field: the four statistics the urgency reads
/// (visits, wins, AMAF visits and wins) each in its own array, so that
/// scanning a node's children reads them contiguously and the urgency of
/// several children is computed at once ([`Tree::children_stats`]); the
/// rest of each [`Node`] in `info`. A node takes 40 bytes, as one
/// [`Node`] did.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    info: Vec<Info>,
    visits: Vec<f32>,
    wins: Vec<f32>,
    amaf_visits: Vec<f32>,
    amaf_wins: Vec<f32>,
}

impl Tree {
    /// A tree with only a root.
    #[must_use]
    pub fn new() -> Tree {
        Tree::default().cleared()
    }

    /// `self` emptied to a tree with only a root, keeping its memory.
    #[must_use]
    pub fn cleared(mut self) -> Tree {
        self.truncate(0);
        self.append(&[Node::new(Move::Pass, 0.0, 0.0)]);
        self
    }

    /// The root's id.
    pub const ROOT: NodeId = 0;

    /// Number of nodes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.info.len()
    }

    /// Nodes the arena holds without growing.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.info.capacity()
    }

    /// Always false: the root is always there.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.info.is_empty()
    }

    /// The node `id` (a copy).
    #[must_use]
    #[inline]
    pub fn node(&self, id: NodeId) -> Node {
        let i = id as usize;
        let info = &self.info[i];
        Node {
            mv: info.mv,
            first_child: info.first_child,
            num_children: info.num_children,
            expanded: info.expanded,
            visits: self.visits[i],
            wins: self.wins[i],
            amaf_visits: self.amaf_visits[i],
            amaf_wins: self.amaf_wins[i],
            prior_visits: info.prior_visits,
            prior_wins: info.prior_wins,
            margin_sum: info.margin_sum,
        }
    }

    /// The move into node `id`.
    #[must_use]
    #[inline]
    pub fn mv(&self, id: NodeId) -> Move {
        self.info[id as usize].mv
    }

    /// Whether node `id` has children (it has been expanded and had some).
    #[must_use]
    #[inline]
    pub fn has_children(&self, id: NodeId) -> bool {
        self.info[id as usize].num_children > 0
    }

    /// Adds `visits` to node `id`'s visits (virtual loss, or taking it
    /// back).
    #[inline]
    pub fn add_visits(&mut self, id: NodeId, visits: f32) {
        self.visits[id as usize] += visits;
    }

    /// Counts one simulation through node `id`: `win` (0, ½ or 1) for the
    /// player who moved into it, and the final `margin`.
    #[inline]
    pub fn count(&mut self, id: NodeId, win: f32, margin: f32) {
        let i = id as usize;
        self.visits[i] += 1.0;
        self.wins[i] += win;
        self.info[i].margin_sum += margin;
    }

    /// Counts an AMAF result for every child of `id` whose move `hit`
    /// says was played (1) or not (0) by its player later in the
    /// simulation, worth `win` to that player. `hit` is a number so the
    /// loop has no branch on it.
    #[inline]
    pub fn count_amaf(&mut self, id: NodeId, win: f32, hit: impl Fn(Move) -> f32) {
        let range = self.child_indices(id);
        let info = &self.info[range.clone()];
        let visits = &mut self.amaf_visits[range.clone()];
        let wins = &mut self.amaf_wins[range];
        for ((child, v), w) in info.iter().zip(visits).zip(wins) {
            let hit = hit(child.mv);
            *v += hit;
            *w += hit * win;
        }
    }

    /// The statistics of `id`'s children, one array per field.
    #[must_use]
    #[inline]
    pub fn children_stats(&self, id: NodeId) -> ChildStats<'_> {
        let range = self.child_indices(id);
        ChildStats {
            visits: &self.visits[range.clone()],
            wins: &self.wins[range.clone()],
            amaf_visits: &self.amaf_visits[range.clone()],
            amaf_wins: &self.amaf_wins[range],
        }
    }

    /// The indices of `id`'s children in the arrays.
    #[inline]
    fn child_indices(&self, id: NodeId) -> std::ops::Range<usize> {
        let children = self.children(id);
        children.start as usize..children.end as usize
    }

    /// The ids of `id`'s children.
    #[inline]
    pub fn children(&self, id: NodeId) -> std::ops::Range<NodeId> {
        let n = &self.info[id as usize];
        n.first_child..n.first_child + NodeId::from(n.num_children)
    }

    /// Appends `nodes` at the end of the arena.
    fn append(&mut self, nodes: &[Node]) {
        self.info.extend(nodes.iter().map(Info::of));
        self.visits.extend(nodes.iter().map(|n| n.visits));
        self.wins.extend(nodes.iter().map(|n| n.wins));
        self.amaf_visits.extend(nodes.iter().map(|n| n.amaf_visits));
        self.amaf_wins.extend(nodes.iter().map(|n| n.amaf_wins));
    }

    /// Overwrites node `id` with `node`.
    fn set(&mut self, id: NodeId, node: &Node) {
        let i = id as usize;
        self.info[i] = Info::of(node);
        self.visits[i] = node.visits;
        self.wins[i] = node.wins;
        self.amaf_visits[i] = node.amaf_visits;
        self.amaf_wins[i] = node.amaf_wins;
    }

    /// Keeps the first `len` nodes.
    fn truncate(&mut self, len: usize) {
        self.info.truncate(len);
        self.visits.truncate(len);
        self.wins.truncate(len);
        self.amaf_visits.truncate(len);
        self.amaf_wins.truncate(len);
    }

    /// Copies the nodes of `from` to the ids starting at `to`.
    fn copy_within(&mut self, from: std::ops::Range<usize>, to: usize) {
        self.info.copy_within(from.clone(), to);
        self.visits.copy_within(from.clone(), to);
        self.wins.copy_within(from.clone(), to);
        self.amaf_visits.copy_within(from.clone(), to);
        self.amaf_wins.copy_within(from, to);
    }

    /// Re-roots the tree in place for tree reuse: the new root's children
    /// are `children`, where `children[i]` continues the old node
    /// `sources[i]` when there is one (it should be a copy of that node,
    /// whose descendants are then kept). Every other node is dropped. The
    /// kept subtrees move down the arena, which never grows past its old
    /// length, so reuse cannot push memory over the node budget.
    #[must_use]
    pub fn reroot(mut self, mut children: Vec<Node>, sources: &[Option<NodeId>]) -> Tree {
        debug_assert_eq!(children.len(), sources.len());
        // The children blocks under the sources: (old start, length).
        let mut blocks: Vec<(NodeId, u16)> = Vec::new();
        let mut stack: Vec<NodeId> = sources.iter().flatten().copied().collect();
        while let Some(id) = stack.pop() {
            let n = self.info[id as usize];
            if n.expanded && n.num_children > 0 {
                blocks.push((n.first_child, n.num_children));
                stack.extend(self.children(id));
            }
        }
        // Blocks are allocated after their parents, and each kept block
        // moves down to just after the kept blocks before it, so moving in
        // arena order never overwrites a block not yet moved.
        blocks.sort_unstable_by_key(|&(start, _)| start);
        let mut moved: Vec<NodeId> = Vec::with_capacity(blocks.len());
        let mut end: NodeId = 1;
        for &(start, len) in &blocks {
            let len = NodeId::from(len);
            self.copy_within(start as usize..(start + len) as usize, end as usize);
            moved.push(end);
            end += len;
        }
        let new_start = |old: NodeId| -> NodeId {
            let i = blocks
                .binary_search_by_key(&old, |&(start, _)| start)
                .expect("kept children block");
            moved[i]
        };
        for n in &mut self.info[1..end as usize] {
            if n.expanded && n.num_children > 0 {
                n.first_child = new_start(n.first_child);
            }
        }
        for (child, source) in children.iter_mut().zip(sources) {
            if source.is_some() && child.expanded && child.num_children > 0 {
                child.first_child = new_start(child.first_child);
            } else {
                child.num_children = 0;
                child.expanded = false;
            }
        }
        self.truncate(end as usize);
        self.set(Self::ROOT, &Node::new(Move::Pass, 0.0, 0.0));
        self.expand(Self::ROOT, &children);
        self
    }

    /// Appends `children` as the children of `id`.
    pub fn expand(&mut self, id: NodeId, children: &[Node]) {
        let first = self.len() as NodeId;
        self.append(children);
        let n = &mut self.info[id as usize];
        n.first_child = first;
        n.num_children = children.len() as u16;
        n.expanded = true;
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    /// A tree grown by expanding random leaves in random order, with
    /// distinct statistics per node.
    fn random_tree(seed: u64, expansions: usize) -> Tree {
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut tree = Tree::new();
        let mut counter = 0.0;
        for _ in 0..expansions {
            let leaves: Vec<NodeId> = (0..tree.len() as NodeId)
                .filter(|&id| !tree.node(id).expanded)
                .collect();
            let Some(&leaf) = leaves.get(rng.random_range(0..leaves.len().max(1))) else {
                break;
            };
            let kids: Vec<Node> = (0..rng.random_range(0..6usize))
                .map(|i| {
                    counter += 1.0;
                    Node::new(
                        Move::Play(crate::board::Point::from_index(30 + i)),
                        counter,
                        0.0,
                    )
                })
                .collect();
            tree.expand(leaf, &kids);
        }
        tree
    }

    /// A child's move and visits, and its children's.
    type Shape = (Move, f32, Vec<(Move, f32)>);

    /// The subtree under `id`, two levels deep.
    fn shape(tree: &Tree, id: NodeId) -> Vec<Shape> {
        tree.children(id)
            .map(|c| {
                let grandchildren = tree
                    .children(c)
                    .map(|g| (tree.node(g).mv, tree.node(g).visits))
                    .collect();
                (tree.node(c).mv, tree.node(c).visits, grandchildren)
            })
            .collect()
    }

    /// Re-rooting keeps exactly the sources' subtrees (checked two levels
    /// down and by node count), drops the rest, and never grows the arena.
    #[test]
    fn reroot_keeps_the_source_subtrees() {
        for seed in 0..20 {
            let old = random_tree(seed, 300);
            // Siblings, as in tree reuse: the children of a node with some,
            // one of them left out, and a fresh node.
            // (the root's for even seeds, a deeper node's for odd ones).
            let mut ids: Vec<NodeId> = (0..old.len() as NodeId).collect();
            if seed % 2 == 1 {
                ids.reverse();
            }
            let parent = ids
                .into_iter()
                .find(|&id| old.children(id).len() >= 2)
                .unwrap_or(Tree::ROOT);
            let sources: Vec<Option<NodeId>> = old
                .children(parent)
                .skip(1)
                .map(Some)
                .chain([None])
                .collect();
            let count = |t: &Tree, id: NodeId| {
                let mut stack = vec![id];
                let mut n = 0;
                while let Some(x) = stack.pop() {
                    n += 1;
                    stack.extend(t.children(x));
                }
                n
            };
            let children: Vec<Node> = sources
                .iter()
                .map(|s| match s {
                    Some(id) => old.node(*id),
                    None => Node::new(Move::Pass, 1.0, 0.5),
                })
                .collect();
            let expected: Vec<_> = sources
                .iter()
                .map(|s| s.map(|id| (shape(&old, id), count(&old, id))))
                .collect();
            let old_len = old.len();
            let tree = old.reroot(children, &sources);
            assert!(tree.len() <= old_len + sources.len());
            let roots: Vec<NodeId> = tree.children(Tree::ROOT).collect();
            let total: usize = roots.iter().map(|&r| count(&tree, r)).sum();
            assert_eq!(tree.len(), total + 1, "no orphan nodes");
            for (&r, want) in roots.iter().zip(&expected) {
                match want {
                    Some((shape_old, n)) => {
                        assert_eq!(&shape(&tree, r), shape_old);
                        assert_eq!(count(&tree, r), *n);
                    }
                    None => assert_eq!(tree.children(r).len(), 0),
                }
            }
        }
    }

    /// The bytes a node takes in the arena (its [`Info`] and four
    /// statistics), which `--max-nodes` documents and
    /// `scripts/memcheck.py` budgets: 40.
    #[test]
    fn a_node_takes_forty_bytes() {
        let stats = 4 * std::mem::size_of::<f32>();
        assert_eq!(std::mem::size_of::<Info>() + stats, 40);
    }
}
