//! The move model: how likely a strong player is to play each move, from
//! the patterns around it and a few tactical facts ([`features`]).
//!
//! It is Rémi Coulom's generalized Bradley–Terry model ("Computing Elo
//! Ratings of Move Patterns in the Game of Go", 2007): every feature value
//! has a strength γ, a move's strength is the product of its features'
//! strengths, and the probability of a move is its strength over the sum
//! of all candidates' strengths. The spatial feature is the largest
//! pattern around the move that the model knows (Pachi's scheme). The
//! strengths are fitted by minorization–maximization ([`train`]) on KGS
//! games with a 6d+ player and embedded in the binary.
//!
//! The embedded model was fitted on 8,000 games of the KGS 6d+ archives
//! of the public `godmoves/Standard_Computer_Go_Dataset` (36,692 games in
//! its snapshot), every 36th game (1,000 in all) held out for testing,
//! with the patterns played five times or more: 135,152 patterns and the
//! tactical strengths, 1.6 MB. `GAMES=8000 MIN_COUNT=5
//! scripts/train-model.sh` fits it again (the script's defaults differ)
//! and `tengen predict target/kgs6d/held-out` measures it. The search
//! uses it on boards of [`MODEL_MIN_SIZE`] and more, as prior simulations
//! ([`PRIOR_MODEL`]): the model's favourite starts as a near-certain win,
//! moves it never expects as near-certain losses, so the search spends
//! its simulations on a few candidates.
//!
//! [`MODEL_MIN_SIZE`]: super::priors::MODEL_MIN_SIZE
//! [`PRIOR_MODEL`]: super::priors::PRIOR_MODEL
//!
//! The data file (`kgs6d.tgm`, little-endian): `TGPM`, version, the
//! largest pattern distance, the number of tactical groups and their value
//! counts, the tactical strengths (f32), then the patterns as (hash u64,
//! strength f32) sorted by hash.

pub mod features;
pub mod train;

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::Path;

use crate::board::{Board, Move, Point};
use crate::color::Color;
use crate::rules::{KoRule, PlayRules};
use crate::sgf;

use features::{Context, GROUP_VALUES, MAX_DISTANCE, NUM_GROUPS};

/// The data file's magic bytes and version.
const MAGIC: &[u8; 4] = b"TGPM";
const VERSION: u32 = 1;

/// The model fitted on KGS 6d+ games (see `scripts/train-model.sh`).
static EMBEDDED: &[u8] = include_bytes!("kgs6d.tgm");

/// Why a model file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    /// Not a model file, or one cut short.
    Malformed(&'static str),
    /// Written for other features than this build computes.
    Mismatch(&'static str),
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::Malformed(what) => write!(f, "malformed model file: {what}"),
            ModelError::Mismatch(what) => write!(f, "model file for other features: {what}"),
        }
    }
}

impl std::error::Error for ModelError {}

/// Pattern hashes are already random: they index the table as they are.
#[derive(Default)]
pub struct HashAsIs(u64);

impl Hasher for HashAsIs {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Pattern hash → strength.
pub type PatternTable = HashMap<u64, f32, BuildHasherDefault<HashAsIs>>;

/// Feature strengths.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Model {
    /// The strength of every tactical value: `tactics[g][v]`.
    pub tactics: [Vec<f32>; NUM_GROUPS],
    /// The known patterns' strengths.
    pub patterns: PatternTable,
}

/// A cursor reading the data file.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], ModelError> {
        if self.0.len() < N {
            return Err(ModelError::Malformed("cut short"));
        }
        let (head, rest) = self.0.split_at(N);
        self.0 = rest;
        Ok(head.try_into().expect("N bytes"))
    }
    fn u32(&mut self) -> Result<u32, ModelError> {
        self.take::<4>().map(u32::from_le_bytes)
    }
    fn f32(&mut self) -> Result<f32, ModelError> {
        let v = self.take::<4>().map(f32::from_le_bytes)?;
        if v.is_finite() && v > 0.0 {
            Ok(v)
        } else {
            Err(ModelError::Malformed("a strength that is not positive"))
        }
    }
}

impl Model {
    /// The model built into the binary.
    #[must_use]
    pub fn embedded() -> &'static Model {
        static MODEL: std::sync::OnceLock<Model> = std::sync::OnceLock::new();
        MODEL.get_or_init(|| Model::from_bytes(EMBEDDED).expect("the embedded model reads"))
    }

    /// Reads a model file.
    ///
    /// # Errors
    /// [`ModelError`] for a file that is not a model of this build's
    /// features.
    pub fn from_bytes(bytes: &[u8]) -> Result<Model, ModelError> {
        let mut b = Bytes(bytes);
        if &b.take::<4>()? != MAGIC {
            return Err(ModelError::Malformed("no TGPM header"));
        }
        if b.u32()? != VERSION {
            return Err(ModelError::Mismatch("version"));
        }
        if b.u32()? as usize != MAX_DISTANCE {
            return Err(ModelError::Mismatch("pattern size"));
        }
        if b.u32()? as usize != NUM_GROUPS {
            return Err(ModelError::Mismatch("tactical groups"));
        }
        for &values in &GROUP_VALUES {
            if b.u32()? as usize != values {
                return Err(ModelError::Mismatch("tactical values"));
            }
        }
        let mut model = Model::default();
        for (g, &values) in GROUP_VALUES.iter().enumerate() {
            model.tactics[g] = (0..values).map(|_| b.f32()).collect::<Result<_, _>>()?;
        }
        let count = b.u32()? as usize;
        if b.0.len() != count * 12 {
            return Err(ModelError::Malformed("pattern count"));
        }
        model.patterns.reserve(count);
        for _ in 0..count {
            let hash = u64::from_le_bytes(b.take::<8>()?);
            model.patterns.insert(hash, b.f32()?);
        }
        Ok(model)
    }

    /// The data file of this model (patterns sorted by hash, so the same
    /// model always writes the same bytes).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + self.patterns.len() * 12);
        out.extend_from_slice(MAGIC);
        for v in [VERSION, MAX_DISTANCE as u32, NUM_GROUPS as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for &values in &GROUP_VALUES {
            out.extend_from_slice(&(values as u32).to_le_bytes());
        }
        for gammas in &self.tactics {
            for g in gammas {
                out.extend_from_slice(&g.to_le_bytes());
            }
        }
        let mut patterns: Vec<(u64, f32)> = self.patterns.iter().map(|(&h, &g)| (h, g)).collect();
        patterns.sort_by_key(|&(h, _)| h);
        out.extend_from_slice(&(patterns.len() as u32).to_le_bytes());
        for (h, g) in patterns {
            out.extend_from_slice(&h.to_le_bytes());
            out.extend_from_slice(&g.to_le_bytes());
        }
        out
    }

    /// The strength of `context.color` playing the candidate `p`: its
    /// largest known pattern's (1 when none is known) times its tactical
    /// values'.
    #[must_use]
    pub fn strength(&self, board: &Board, context: &Context, p: Point) -> f32 {
        let (pattern, tactics) =
            features::features_with(board, context, p, |h| self.patterns.get(&h).copied());
        let mut gamma = pattern.unwrap_or(1.0);
        for (g, &v) in tactics.iter().enumerate() {
            gamma *= self.tactics[g][usize::from(v)];
        }
        gamma
    }

    /// Every candidate move of `context.color` with its probability, most
    /// likely first.
    #[must_use]
    pub fn probabilities(&self, board: &Board, context: &Context) -> Vec<(Point, f32)> {
        let mut moves: Vec<(Point, f32)> = features::candidates(board, context.color)
            .into_iter()
            .map(|p| (p, self.strength(board, context, p)))
            .collect();
        let total: f32 = moves.iter().map(|&(_, g)| g).sum();
        if total > 0.0 {
            for (_, g) in &mut moves {
                *g /= total;
            }
        }
        moves.sort_by(|a, b| b.1.total_cmp(&a.1));
        moves
    }
}

/// One position of a game record, before the move played there.
pub struct Position<'a> {
    pub board: &'a Board,
    pub context: Context,
    /// The move played.
    pub played: Point,
}

/// Why a record cannot be replayed.
#[derive(Debug)]
pub enum ReplayError {
    /// The file could not be read.
    Read(std::io::Error),
    /// The file is not a readable game record.
    Sgf(sgf::SgfError),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Read(e) => write!(f, "cannot read: {e}"),
            ReplayError::Sgf(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Calls `visit` with every position of a record's main line before a
/// stone is played (passes are skipped). Stops at the first move that
/// cannot be replayed.
///
/// # Errors
/// The reason the file cannot be read or loaded.
pub fn replay(path: &Path, mut visit: impl FnMut(&Position)) -> Result<(), ReplayError> {
    let text = sgf::read_limited(path, sgf::MAX_SGF_BYTES).map_err(ReplayError::Read)?;
    let line = sgf::parse_main_line(&text).map_err(ReplayError::Sgf)?;
    let permissive = PlayRules {
        ko: KoRule::Simple,
        suicide_allowed: true,
    };
    let loaded = sgf::load(&line, None, permissive).map_err(ReplayError::Sgf)?;
    let game = loaded.game;
    let mut board = game.setup_board().clone();
    let (mut last, mut second_last) = (None, None);
    for &(color, mv) in game.moves() {
        if let Move::Play(p) = mv {
            if board.check_move(color, mv).is_err() {
                break;
            }
            visit(&Position {
                board: &board,
                context: Context {
                    color,
                    last,
                    second_last,
                },
                played: p,
            });
            board.play_unchecked(color, p);
        } else {
            board.pass();
        }
        second_last = last;
        last = mv.point();
    }
    Ok(())
}

/// How well a model predicts the moves of some records.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Prediction {
    /// Positions seen (stone moves only).
    pub moves: u64,
    /// How often the played move was the model's first … K-th choice
    /// (`hits[k]`: within the first k + 1).
    pub hits: Vec<u64>,
    /// Sum of the log-probabilities of the played moves.
    pub log_likelihood: f64,
}

impl Prediction {
    /// An empty tally for the first `top` choices.
    #[must_use]
    pub fn new(top: usize) -> Prediction {
        Prediction {
            hits: vec![0; top.max(1)],
            ..Prediction::default()
        }
    }

    /// Counts one position: the played move's rank (0 for first) among
    /// the candidates, and its probability.
    pub fn add(&mut self, rank: Option<usize>, probability: f32) {
        self.moves += 1;
        if let Some(rank) = rank {
            for h in self.hits.iter_mut().skip(rank) {
                *h += 1;
            }
        }
        // A move the model does not rank (it fills an own eye) counts as
        // the least likely one could be.
        self.log_likelihood += f64::from(probability.max(1e-6)).ln();
    }

    /// Adds another tally (widening this one to its first choices).
    pub fn merge(&mut self, other: &Prediction) {
        if self.hits.len() < other.hits.len() {
            self.hits.resize(other.hits.len(), 0);
        }
        self.moves += other.moves;
        for (a, b) in self.hits.iter_mut().zip(&other.hits) {
            *a += b;
        }
        self.log_likelihood += other.log_likelihood;
    }

    /// The rate of the played move within the first `k` choices.
    #[must_use]
    pub fn rate(&self, k: usize) -> f64 {
        if self.moves == 0 || k == 0 {
            return 0.0;
        }
        self.hits[(k - 1).min(self.hits.len() - 1)] as f64 / self.moves as f64
    }

    /// The mean log-likelihood of a played move.
    #[must_use]
    pub fn mean_log_likelihood(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.log_likelihood / self.moves as f64
        }
    }
}

/// Scores the model on every position of one record.
///
/// # Errors
/// The reason the file cannot be read.
pub fn predict_file(model: &Model, path: &Path, top: usize) -> Result<Prediction, ReplayError> {
    let mut tally = Prediction::new(top);
    replay(path, |pos| {
        let moves = model.probabilities(pos.board, &pos.context);
        let rank = moves.iter().position(|&(p, _)| p == pos.played);
        let probability = rank.map_or(0.0, |r| moves[r].1);
        tally.add(rank, probability);
    })?;
    Ok(tally)
}

/// Scores the model on every record in `files` from `threads` threads;
/// also the records that could not be read.
#[must_use]
pub fn predict_files(
    model: &Model,
    files: &[std::path::PathBuf],
    top: usize,
    threads: usize,
) -> (Prediction, Vec<String>) {
    let (mut tally, failed): (Prediction, Vec<String>) = train::parallel(
        files,
        threads,
        |(tally, failed): &mut (Prediction, Vec<String>), file| match predict_file(model, file, top)
        {
            Ok(t) => tally.merge(&t),
            Err(e) => failed.push(format!("{}: {e}", file.display())),
        },
        |(all, failed), (part, mut more)| {
            all.merge(&part);
            failed.append(&mut more);
        },
    );
    tally.hits.resize(top.max(1), 0);
    (tally, failed)
}

/// The probabilities for `color` to move on `board` after `last` and
/// `second_last`, from the embedded model.
#[must_use]
pub fn move_probabilities(
    board: &Board,
    color: Color,
    last: Option<Point>,
    second_last: Option<Point>,
) -> Vec<(Point, f32)> {
    Model::embedded().probabilities(
        board,
        &Context {
            color,
            last,
            second_last,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_model_reads_and_writes_the_same_bytes() {
        let model = Model::embedded();
        assert!(
            model.patterns.len() > 1000,
            "{} patterns",
            model.patterns.len()
        );
        assert_eq!(model.to_bytes(), EMBEDDED);
    }

    /// The walk that stops at the first unknown pattern size finds the
    /// same pattern as reading every size: the model's patterns come with
    /// all their smaller ones.
    #[test]
    fn stopping_at_the_first_unknown_size_finds_the_largest_pattern() {
        use rand::SeedableRng;
        let model = Model::embedded();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let mut board = Board::new(19);
        let mut color = Color::Black;
        let mut sizes_seen = [0usize; features::NUM_SIZES + 1];
        for _ in 0..120 {
            for p in features::candidates(&board, color) {
                let all = features::pattern_hashes(&board, color, p);
                let read = all.iter().rposition(|h| model.patterns.contains_key(h));
                let walked = features::largest_known(&board, color, p, |h| {
                    model.patterns.get(&h).map(|_| h)
                });
                assert_eq!(walked, read.map(|i| all[i]), "{p:?}\n{board}");
                sizes_seen[read.map_or(0, |i| i + 1)] += 1;
            }
            match crate::board::playout::random_move(&mut board, color, &mut rng) {
                Some(p) => board.play_unchecked(color, p),
                None => board.pass(),
            }
            color = color.other();
        }
        // Both small and large patterns were met.
        assert!(
            sizes_seen[1] > 0 && sizes_seen[features::NUM_SIZES] > 0,
            "{sizes_seen:?}"
        );
    }

    #[test]
    fn broken_files_are_refused() {
        assert_eq!(
            Model::from_bytes(b"TGPX"),
            Err(ModelError::Malformed("no TGPM header"))
        );
        let mut bytes = EMBEDDED.to_vec();
        bytes.truncate(bytes.len() - 3);
        assert!(Model::from_bytes(&bytes).is_err());
        let mut bytes = EMBEDDED.to_vec();
        bytes[8] = 99; // another pattern size
        assert_eq!(
            Model::from_bytes(&bytes),
            Err(ModelError::Mismatch("pattern size"))
        );
    }

    #[test]
    fn the_empty_board_opens_on_the_third_and_fourth_lines() {
        let board = Board::new(19);
        let moves = move_probabilities(&board, Color::Black, None, None);
        let total: f32 = moves.iter().map(|&(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-3);
        for &(p, _) in &moves[..8] {
            let line = p.edge_distance(19) + 1;
            assert!((3..=4).contains(&line), "{p:?} on line {line}");
        }
    }
}
