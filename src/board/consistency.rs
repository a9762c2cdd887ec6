//! The consistency check that tests and the fuzzers run: every
//! incrementally kept field (neighbourhood codes, empty list, chains,
//! hash) recomputed from the cells and compared.

use std::fmt;

use super::chain::{ChainData, NO_CHAIN};
use super::zobrist::STONE_KEYS;
use super::{Board, Cell, MAX_POINTS, Point};

/// The first inconsistency [`Board::check_consistency`] finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inconsistency {
    /// The 3×3 neighbourhood code kept at a point is stale.
    StaleNeighbourhood(Point),
    /// An empty point carries a chain label.
    EmptyWithChain(Point),
    /// The list of empty points misses this one.
    EmptyListMisses(Point),
    /// A border cell stands on the board.
    BorderOnBoard(Point),
    /// The count of empty points differs from the list's.
    EmptyCount { counted: usize, listed: usize },
    /// The incrementally kept hash differs from the recomputed one.
    Hash,
    /// A cell off the board (by padded index) is not a border.
    OffBoardNotBorder(usize),
    /// The stones of one chain carry different heads.
    SeveralHeads(Point),
    /// The chain's ring of stones differs from a flood fill.
    Ring(Point),
    /// The chain's stored size and liberties differ from the recomputed.
    /// (Both written out as the chain bookkeeping's debug form.)
    ChainData {
        at: Point,
        stored: String,
        recomputed: String,
    },
}

impl fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Inconsistency::StaleNeighbourhood(p) => write!(f, "neighbourhood code at {p} is stale"),
            Inconsistency::EmptyWithChain(p) => write!(f, "empty point {p} has a chain label"),
            Inconsistency::EmptyListMisses(p) => write!(f, "empty list misses {p}"),
            Inconsistency::BorderOnBoard(p) => write!(f, "border cell on the board at {p}"),
            Inconsistency::EmptyCount { counted, listed } => {
                write!(f, "{counted} empty points, list holds {listed}")
            }
            Inconsistency::Hash => f.write_str("incremental hash differs from recomputation"),
            Inconsistency::OffBoardNotBorder(i) => write!(f, "off-board cell {i} is not border"),
            Inconsistency::SeveralHeads(p) => write!(f, "chain through {p} has several heads"),
            Inconsistency::Ring(p) => {
                write!(f, "chain ring through {p} differs from the flood fill")
            }
            Inconsistency::ChainData {
                at,
                stored,
                recomputed,
            } => write!(
                f,
                "chain through {at}: stored {stored}, recomputed {recomputed}"
            ),
        }
    }
}

impl std::error::Error for Inconsistency {}

impl Board {
    /// Recomputes every derived field from the cells and compares.
    ///
    /// # Errors
    /// A description of the first inconsistency found.
    pub fn check_consistency(&self) -> Result<(), Inconsistency> {
        let mut hash = 0u64;
        let mut empties = 0;
        for p in self.points() {
            if self.pat3[p.index()] != self.count_neighbourhood(p) {
                return Err(Inconsistency::StaleNeighbourhood(p));
            }
            match self.cell(p) {
                Cell::Empty => {
                    empties += 1;
                    if self.head[p.index()] != NO_CHAIN {
                        return Err(Inconsistency::EmptyWithChain(p));
                    }
                    let i = usize::from(self.empty_pos[p.index()]);
                    if i >= self.num_empty || self.empties[i] != p {
                        return Err(Inconsistency::EmptyListMisses(p));
                    }
                }
                Cell::Border => return Err(Inconsistency::BorderOnBoard(p)),
                cell => {
                    let color = cell.color().expect("stone");
                    hash ^= STONE_KEYS[color.index()][p.index()];
                    self.check_chain_at(p)?;
                }
            }
        }
        if empties != self.num_empty {
            return Err(Inconsistency::EmptyCount {
                counted: empties,
                listed: self.num_empty,
            });
        }
        if hash != self.hash {
            return Err(Inconsistency::Hash);
        }
        for i in 0..MAX_POINTS {
            let p = Point::from_index(i);
            if !p.is_on_board(self.size) && self.cell(p) != Cell::Border {
                return Err(Inconsistency::OffBoardNotBorder(i));
            }
        }
        Ok(())
    }

    /// Checks the chain through the stone `p` against a flood fill.
    fn check_chain_at(&self, p: Point) -> Result<(), Inconsistency> {
        let cell = self.cell(p);
        let mut flood = vec![p];
        let mut seen = vec![false; MAX_POINTS];
        seen[p.index()] = true;
        let mut i = 0;
        while i < flood.len() {
            for n in flood[i].neighbours() {
                if self.cell(n) == cell && !seen[n.index()] {
                    seen[n.index()] = true;
                    flood.push(n);
                }
            }
            i += 1;
        }
        let h = self.head[p.index()];
        if flood.iter().any(|s| self.head[s.index()] != h) {
            return Err(Inconsistency::SeveralHeads(p));
        }
        let ring: Vec<Point> = self.chain_stones(p).take(MAX_POINTS + 1).collect();
        if ring.len() != flood.len() || ring.iter().any(|s| !seen[s.index()]) {
            return Err(Inconsistency::Ring(p));
        }
        let mut want = ChainData {
            size: flood.len() as u16,
            ..ChainData::default()
        };
        for s in &flood {
            for n in s.neighbours() {
                if self.cell(n) == Cell::Empty {
                    want.add_lib(n);
                }
            }
        }
        if want != self.chains[h.index()] {
            return Err(Inconsistency::ChainData {
                at: p,
                stored: format!("{:?}", self.chains[h.index()]),
                recomputed: format!("{want:?}"),
            });
        }
        Ok(())
    }
}
