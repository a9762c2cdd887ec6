//! Zobrist keys: one fixed pseudo-random 64-bit key per (colour, point),
//! computed at compile time from a fixed seed, so hashes are reproducible
//! across runs and machines.

use super::point::ARRAY_LEN;

/// SplitMix64 step: a good, cheap mixer for generating the key table.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Seed of the key table. Changing it changes every stored hash.
const ZOBRIST_SEED: u64 = 0x7465_6E67_656E_2121; // "tengen!!"

const fn make_table() -> [[u64; ARRAY_LEN]; 2] {
    let mut table = [[0u64; ARRAY_LEN]; 2];
    let mut state = ZOBRIST_SEED;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < ARRAY_LEN {
            let (s, k) = splitmix64(state);
            state = s;
            table[c][i] = k;
            i += 1;
        }
        c += 1;
    }
    table
}

/// `STONE_KEYS[colour][point]`.
pub static STONE_KEYS: [[u64; ARRAY_LEN]; 2] = make_table();

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// All keys are distinct and non-zero.
    #[test]
    fn keys_are_distinct() {
        let all: HashSet<u64> = STONE_KEYS.iter().flatten().copied().collect();
        assert_eq!(all.len(), 2 * ARRAY_LEN);
        assert!(!all.contains(&0));
    }
}
