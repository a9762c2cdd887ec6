//! Board unit tests (diagram-driven) and the property test against a naive
//! flood-fill reference board.

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::*;
use crate::test_support::{pt, v};

fn diagram(text: &str) -> Board {
    Board::from_diagram(text).unwrap()
}

/// A lone stone in atari is captured and counted as a prisoner.
#[test]
fn single_stone_capture() {
    let mut b = diagram(
        "
        . . . . .
        . . X . .
        . X O X .
        . . . . .
        . . . . .",
    );
    b.play(Color::Black, Move::Play(v("C2"))).unwrap();
    assert_eq!(b.color_at(v("C3")), None);
    assert_eq!(b.captures(Color::Black), 1);
    assert_eq!(b.captures(Color::White), 0);
    b.check_consistency().unwrap();
}

/// Playing into a point with no liberties that captures nothing is suicide,
/// and a failed move leaves the board unchanged.
#[test]
fn suicide_in_corner_is_illegal() {
    let mut b = diagram(
        "
        . O .
        O . .
        . . .",
    );
    let before = b.clone();
    assert_eq!(
        b.play(Color::Black, Move::Play(v("A3"))),
        Err(IllegalMove::Suicide)
    );
    assert_eq!(b, before);
    // White may fill its own eye point: it still has liberties.
    b.play(Color::White, Move::Play(v("A3"))).unwrap();
}

/// A multi-stone suicide is illegal too.
#[test]
fn multi_stone_suicide_is_illegal() {
    let b = diagram(
        "
        X X O .
        . X O .
        O O . .
        . . . .",
    );
    assert_eq!(
        b.check_move(Color::Black, Move::Play(v("A3"))),
        Err(IllegalMove::Suicide)
    );
    assert!(!b.is_legal(Color::Black, v("A3")));
}

/// A move that fills its own last liberty but captures is legal.
#[test]
fn capture_beats_suicide() {
    let mut b = diagram(
        "
        . X O .
        X O . .
        O . . .
        . . . .",
    );
    // White A4 has no empty neighbour, but takes the last liberty of the
    // black stones B4 and A3.
    b.play(Color::White, Move::Play(v("A4"))).unwrap();
    assert_eq!(b.color_at(v("A3")), None);
    assert_eq!(b.color_at(v("B4")), None);
    assert_eq!(b.captures(Color::White), 2);
    b.check_consistency().unwrap();
}

/// Simple ko: the immediate recapture is illegal, legal again after a move
/// elsewhere, and a pass clears the ko too.
#[test]
fn simple_ko() {
    let mut b = diagram(
        "
        . . . . .
        . X O . .
        X O . O .
        . X O . .
        . . . . .",
    );
    // Black takes the ko at C3.
    b.play(Color::Black, Move::Play(v("C3"))).unwrap();
    assert_eq!(b.color_at(v("B3")), None);
    assert_eq!(b.ko(), Some((v("B3"), Color::White)));
    assert_eq!(
        b.play(Color::White, Move::Play(v("B3"))),
        Err(IllegalMove::Ko)
    );
    // Black itself may play there (GTP allows the same colour twice).
    assert!(b.check_move(Color::Black, Move::Play(v("B3"))).is_ok());
    let mut after_pass = b.clone();
    after_pass.play(Color::White, Move::Pass).unwrap();
    assert_eq!(after_pass.ko(), None);
    b.play(Color::White, Move::Play(v("E5"))).unwrap();
    b.play(Color::Black, Move::Play(v("E1"))).unwrap();
    b.play(Color::White, Move::Play(v("B3"))).unwrap();
    assert_eq!(b.color_at(v("C3")), None);
    b.check_consistency().unwrap();
}

/// Capturing two stones never sets a ko, even when the capturing stone is
/// left with one liberty: the immediate recapture of one stone is legal.
#[test]
fn two_stone_capture_is_not_ko() {
    let mut b = diagram(
        "
        . . . . .
        . . . . .
        . . . . .
        X X O . .
        O O . O .",
    );
    b.play(Color::Black, Move::Play(v("C1"))).unwrap();
    assert_eq!(b.captures(Color::Black), 2);
    assert_eq!(b.ko(), None);
    assert!(b.in_atari(v("C1")));
    b.play(Color::White, Move::Play(v("B1"))).unwrap();
    assert_eq!(b.color_at(v("C1")), None);
    assert_eq!(b.captures(Color::White), 1);
    b.check_consistency().unwrap();
}

/// Merging chains joins their liberties; a big capture frees every point.
#[test]
fn merge_and_large_capture() {
    let mut b = diagram(
        "
        . O O O O .
        O X X . X O
        . O O O O .
        . . . . . .
        . . . . . .
        . . . . . .",
    );
    assert_eq!(b.liberties(v("B5")), vec![v("D5")]);
    assert!(b.in_atari(v("B5")));
    assert_eq!(b.atari_liberty(v("B5")), v("D5"));
    // Black connects: the joined chain has no liberties left: suicide.
    assert_eq!(
        b.check_move(Color::Black, Move::Play(v("D5"))),
        Err(IllegalMove::Suicide)
    );
    b.play(Color::White, Move::Play(v("D5"))).unwrap();
    assert_eq!(b.captures(Color::White), 3);
    assert_eq!(b.stone_count(), 11);
    b.check_consistency().unwrap();
    // A1-side chain merge: four black stones in a row form one chain.
    let mut m = Board::new(5);
    for col in [0, 2, 1, 4, 3] {
        m.play(Color::Black, Move::Play(pt(col, 0))).unwrap();
    }
    assert_eq!(m.chain_size(v("A1")), 5);
    assert_eq!(m.chain_stones(v("E1")).count(), 5);
    assert_eq!(m.liberties(v("C1")).len(), 5);
    m.check_consistency().unwrap();
}

/// Occupied and off-board points are reported as such.
#[test]
fn occupied_and_off_board() {
    let mut b = Board::new(9);
    b.play(Color::Black, Move::Play(v("E5"))).unwrap();
    assert_eq!(
        b.play(Color::White, Move::Play(v("E5"))),
        Err(IllegalMove::Occupied)
    );
    assert_eq!(
        b.play(Color::White, Move::Play(v("K1"))),
        Err(IllegalMove::OffBoard)
    );
    assert_eq!(
        b.play(Color::White, Move::Play(v("A25"))),
        Err(IllegalMove::OffBoard)
    );
}

/// The playout eye rule: own neighbours, at most one enemy diagonal, none on
/// the edge.
#[test]
fn eye_rule() {
    let b = diagram(
        "
        . X . X .
        X X X . X
        . X . X O
        X X X O .
        . X . X .",
    );
    assert!(b.is_eye(Color::Black, v("A5"))); // corner, no enemy diagonal
    assert!(b.is_eye(Color::Black, v("C5"))); // edge
    assert!(b.is_eye(Color::Black, v("A3"))); // edge
    assert!(b.is_eye(Color::Black, v("C3"))); // centre, one enemy diagonal
    assert!(!b.is_eye(Color::Black, v("C1"))); // edge with an enemy diagonal
    assert!(b.is_eye(Color::Black, v("D4"))); // centre, one enemy diagonal
    assert!(!b.is_eye(Color::Black, v("E2"))); // enemy neighbours
    assert!(!b.is_eye(Color::White, v("A5")));
}

/// Diagrams round-trip through `Display`, and bad diagrams are refused.
#[test]
fn diagram_round_trip_and_errors() {
    let b = diagram(
        "
        . X O .
        X O . .
        . . . X
        O . X .",
    );
    let again = Board::from_diagram(&b.to_string()).unwrap();
    assert_eq!(again, b);
    let big = Board::new(19);
    assert_eq!(Board::from_diagram(&big.to_string()).unwrap(), big);
    assert_eq!(Board::from_diagram(". .\n. ."), Ok(Board::new(2)));
    assert_eq!(Board::from_diagram(". . .\n. ."), Err(DiagramError::Shape));
    assert_eq!(
        Board::from_diagram(". .\n. Z"),
        Err(DiagramError::BadChar('Z'))
    );
    assert!(matches!(
        Board::from_diagram("X O\nO ."),
        Err(DiagramError::Setup(_))
    ));
}

/// `copy_from` between sizes gives a board equal to a clone.
#[test]
fn copy_from_between_sizes() {
    let mut rng = SmallRng::seed_from_u64(1);
    let mut big = Board::new(19);
    playout::playout(&mut big, Color::Black, &mut rng);
    let mut small = Board::new(5);
    playout::playout(&mut small, Color::Black, &mut rng);
    let mut target = big.clone();
    target.copy_from(&small);
    assert_eq!(target, small);
    target.check_consistency().unwrap();
    target.copy_from(&big);
    assert_eq!(target, big);
    target.check_consistency().unwrap();
}

/// Setup stones replacing others rebuild the chains.
#[test]
fn setup_replaces_stones() {
    let stones = [
        (v("A1"), Color::Black),
        (v("B1"), Color::Black),
        (v("A1"), Color::White),
    ];
    let b = Board::from_stones(3, &stones, [1, 2]).unwrap();
    assert_eq!(b.color_at(v("A1")), Some(Color::White));
    assert_eq!(b.captures(Color::White), 2);
    b.check_consistency().unwrap();
    assert_eq!(
        Board::from_stones(3, &[(v("F1"), Color::Black)], [0, 0]).unwrap_err(),
        SetupError::OffBoard(v("F1"))
    );
}

// ---------------------------------------------------------------------------
// Naive reference board: a plain grid, flood fills for every question.

#[derive(Clone, PartialEq)]
struct Naive {
    size: usize,
    grid: Vec<Option<Color>>,
    captures: [u32; 2],
    /// The grid before the previous move, and who made that move; for the
    /// simple-ko test by repetition.
    before_last: Option<(Vec<Option<Color>>, Color)>,
}

impl Naive {
    fn new(size: usize) -> Naive {
        Naive {
            size,
            grid: vec![None; size * size],
            captures: [0; 2],
            before_last: None,
        }
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (c, r) = (i % self.size, i / self.size);
        let mut v = Vec::new();
        if c > 0 {
            v.push(i - 1);
        }
        if c + 1 < self.size {
            v.push(i + 1);
        }
        if r > 0 {
            v.push(i - self.size);
        }
        if r + 1 < self.size {
            v.push(i + self.size);
        }
        v
    }

    /// The group through `i` and whether it has a liberty.
    fn group(&self, grid: &[Option<Color>], i: usize) -> (Vec<usize>, bool) {
        let color = grid[i];
        let mut seen = vec![false; grid.len()];
        let mut stack = vec![i];
        let mut group = Vec::new();
        let mut has_lib = false;
        seen[i] = true;
        while let Some(j) = stack.pop() {
            group.push(j);
            for n in self.neighbours(j) {
                if grid[n].is_none() {
                    has_lib = true;
                } else if grid[n] == color && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        (group, has_lib)
    }

    /// The grid after `color` plays at `i` and the stones captured, or `None`
    /// if occupied, suicide or a ko repetition.
    fn try_play(&self, color: Color, i: usize) -> Option<(Vec<Option<Color>>, u32)> {
        if self.grid[i].is_some() {
            return None;
        }
        let mut grid = self.grid.clone();
        grid[i] = Some(color);
        let mut captured = 0;
        for n in self.neighbours(i) {
            if grid[n] == Some(color.other()) {
                let (group, has_lib) = self.group(&grid, n);
                if !has_lib {
                    captured += group.len() as u32;
                    for s in group {
                        grid[s] = None;
                    }
                }
            }
        }
        if !self.group(&grid, i).1 {
            return None;
        }
        if let Some((before, mover)) = &self.before_last
            && *mover == color.other()
            && *before == grid
        {
            return None;
        }
        Some((grid, captured))
    }

    /// The number of distinct liberties of the group through `i`.
    fn liberty_count(&self, grid: &[Option<Color>], i: usize) -> usize {
        let (group, _) = self.group(grid, i);
        let mut libs: Vec<usize> = group
            .iter()
            .flat_map(|&s| self.neighbours(s))
            .filter(|&n| grid[n].is_none())
            .collect();
        libs.sort_unstable();
        libs.dedup();
        libs.len()
    }

    fn play(&mut self, color: Color, i: usize) {
        let (grid, captured) = self.try_play(color, i).expect("legal");
        self.before_last = Some((std::mem::replace(&mut self.grid, grid), color));
        self.captures[color.index()] += captured;
    }

    fn pass(&mut self) {
        self.before_last = None;
    }
}

fn naive_point(size: usize, i: usize) -> Point {
    pt(i % size, i / size)
}

fn assert_same(board: &Board, naive: &Naive, to_move: Color) {
    board.check_consistency().unwrap();
    let size = naive.size;
    for i in 0..size * size {
        let p = naive_point(size, i);
        assert_eq!(board.color_at(p), naive.grid[i], "stone at {p}\n{board}");
        let naive_legal = naive.try_play(to_move, i).is_some();
        assert_eq!(
            board.check_move(to_move, Move::Play(p)).is_ok(),
            naive_legal,
            "legality of {p} for {to_move}\n{board:?}"
        );
        if naive.grid[i].is_none() {
            assert_eq!(board.is_legal(to_move, p), naive_legal);
        }
        for color in Color::ALL {
            let Some((grid, captured)) = naive.try_play(color, i) else {
                continue;
            };
            let libs = naive.liberty_count(&grid, i);
            let size = naive.group(&grid, i).0.len();
            assert_eq!(
                board.is_big_self_atari(color, p),
                captured == 0 && size >= 2 && libs <= 1,
                "big self-atari of {color} at {p}\n{board}"
            );
            assert_eq!(
                board.has_two_liberties_after(color, p),
                libs >= 2,
                "two liberties after {color} at {p}\n{board}"
            );
            assert_eq!(board.liberties_after(color, p), libs.min(3));
        }
    }
    for c in Color::ALL {
        assert_eq!(board.captures(c), naive.captures[c.index()]);
    }
}

/// Random legal games on 5×5…19×19: the fast board agrees with the naive
/// flood-fill board on stones, captures, the legality of every point and
/// the liberties a move there would leave (self-atari tests),
/// and its incremental hash and chain data match a recomputation
/// (`check_consistency`) after every move.
#[test]
fn fast_board_agrees_with_naive_reference() {
    let mut rng = SmallRng::seed_from_u64(42);
    for size in [5, 6, 7, 9, 13, 19] {
        let games = if size <= 9 { 12 } else { 3 };
        for _ in 0..games {
            let mut board = Board::new(size);
            let mut naive = Naive::new(size);
            let mut color = Color::Black;
            for _ in 0..(size * size * 2) {
                let legal: Vec<usize> = (0..size * size)
                    .filter(|&i| naive.try_play(color, i).is_some())
                    .collect();
                if legal.is_empty() || rng.random_range(0..100) < 3 {
                    board.play(color, Move::Pass).unwrap();
                    naive.pass();
                } else {
                    let i = legal[rng.random_range(0..legal.len())];
                    board.play(color, Move::Play(naive_point(size, i))).unwrap();
                    naive.play(color, i);
                }
                color = color.other();
                assert_same(&board, &naive, color);
            }
        }
    }
}

/// Hashes of equal positions reached by different move orders are equal,
/// and differ from other positions.
#[test]
fn hash_depends_on_position_only() {
    let mut a = Board::new(9);
    let mut b = Board::new(9);
    a.play(Color::Black, Move::Play(v("C3"))).unwrap();
    a.play(Color::White, Move::Play(v("G7"))).unwrap();
    b.play(Color::White, Move::Play(v("G7"))).unwrap();
    b.play(Color::Black, Move::Play(v("C3"))).unwrap();
    assert_eq!(a.hash(), b.hash());
    b.play(Color::Black, Move::Play(v("D4"))).unwrap();
    assert_ne!(a.hash(), b.hash());
    assert_eq!(Board::new(9).hash(), 0);
}
