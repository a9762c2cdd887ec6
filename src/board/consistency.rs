//! The consistency check that tests and the fuzzers run: every
//! incrementally kept field (neighbourhood codes, empty list, chains,
//! hash) recomputed from the cells and compared.

use super::chain::{ChainData, NO_CHAIN};
use super::zobrist::STONE_KEYS;
use super::{Board, Cell, MAX_POINTS, Point};

impl Board {
    /// Recomputes every derived field from the cells and compares.
    ///
    /// # Errors
    /// A description of the first inconsistency found.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut hash = 0u64;
        let mut empties = 0;
        for p in self.points() {
            if self.pat3[p.index()] != self.count_neighbourhood(p) {
                return Err(format!("neighbourhood code at {p} is stale"));
            }
            match self.cell(p) {
                Cell::Empty => {
                    empties += 1;
                    if self.head[p.index()] != NO_CHAIN {
                        return Err(format!("empty point {p} has a chain label"));
                    }
                    let i = usize::from(self.empty_pos[p.index()]);
                    if i >= self.num_empty || self.empties[i] != p {
                        return Err(format!("empty list misses {p}"));
                    }
                }
                Cell::Border => return Err(format!("border cell on the board at {p}")),
                cell => {
                    let color = cell.color().expect("stone");
                    hash ^= STONE_KEYS[color.index()][p.index()];
                    self.check_chain_at(p)?;
                }
            }
        }
        if empties != self.num_empty {
            return Err(format!(
                "{} empty points, list holds {}",
                empties, self.num_empty
            ));
        }
        if hash != self.hash {
            return Err("incremental hash differs from recomputation".into());
        }
        for i in 0..MAX_POINTS {
            let p = Point::from_index(i);
            if !p.is_on_board(self.size) && self.cell(p) != Cell::Border {
                return Err(format!("off-board cell {i} is not border"));
            }
        }
        Ok(())
    }

    /// Checks the chain through the stone `p` against a flood fill.
    fn check_chain_at(&self, p: Point) -> Result<(), String> {
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
            return Err(format!("chain through {p} has several heads"));
        }
        let ring: Vec<Point> = self.chain_stones(p).take(MAX_POINTS + 1).collect();
        if ring.len() != flood.len() || ring.iter().any(|s| !seen[s.index()]) {
            return Err(format!(
                "chain ring through {p} differs from the flood fill"
            ));
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
            return Err(format!(
                "chain through {p}: stored {:?}, recomputed {:?}",
                self.chains[h.index()],
                want
            ));
        }
        Ok(())
    }
}
