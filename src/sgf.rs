//! SGF (`FF[3]`/`FF[4]`) reading and writing for `loadsgf` and `printsgf`.
//!
//! Only the main line of the first game is read (GTP has no variations):
//! the root sequence, then always the first variation. The reader is
//! iterative, so deeply nested files cannot overflow the stack. Properties
//! used: `GM SZ KM HA RU PL AB AW AE B W`; others are skipped.

use std::fmt::{self, Write as _};

use crate::board::{MAX_SIZE, MIN_SIZE, Move, Point};
use crate::color::Color;
use crate::rules::{Game, PlayRules};

/// Why an SGF file cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfError {
    /// Malformed SGF at this byte offset.
    Syntax(usize),
    /// Not a game of Go (`GM` other than 1).
    NotGo,
    /// A board size outside 2…25 or not square.
    BadSize,
    /// A property value that cannot be read.
    BadValue(String),
    /// Setup stones forming an impossible position.
    BadSetup,
    /// The given move (1-based) is illegal.
    IllegalMove(usize),
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::Syntax(at) => write!(f, "SGF syntax error at byte {at}"),
            SgfError::NotGo => f.write_str("not a Go game"),
            SgfError::BadSize => f.write_str("unsupported board size"),
            SgfError::BadValue(v) => write!(f, "bad property value {v:?}"),
            SgfError::BadSetup => f.write_str("impossible setup position"),
            SgfError::IllegalMove(n) => write!(f, "move {n} is illegal"),
        }
    }
}

impl std::error::Error for SgfError {}

/// The komi of a record without `KM`, in `loadsgf` and `tengen score`
/// alike: a record that names no komi is taken as played without one.
pub const MISSING_KM_KOMI: f64 = 0.0;

/// The smallest `KM` read as hundredths rather than points: the Fox
/// server writes `KM[375]` for 3¾ stones (7.5 points, Chinese rules) and
/// `KM[650]` for 6.5 points (Japanese rules); no game is played with a
/// komi of 100 points or more.
pub const KM_IN_HUNDREDTHS: f64 = 100.0;

/// Komi in points from a `KM` value: as written, or (at least
/// [`KM_IN_HUNDREDTHS`], a whole number of quarters) hundredths: of a
/// stone, two points each, when the value is an odd number of quarters
/// (3¾ stones; a komi in points is a whole or half number), else of a
/// point.
fn komi_points(km: f64) -> f64 {
    if is_in_hundredths_of_a_stone(km) {
        km / 50.0
    } else if is_in_hundredths(km) {
        km / 100.0
    } else {
        km
    }
}

/// Whether a `KM` value is in hundredths (see [`komi_points`]).
fn is_in_hundredths(km: f64) -> bool {
    km >= KM_IN_HUNDREDTHS && km % 25.0 == 0.0
}

/// Whether a `KM` value is in hundredths of a stone (see [`komi_points`]):
/// such records give their `RE` margins in stones too.
fn is_in_hundredths_of_a_stone(km: f64) -> bool {
    is_in_hundredths(km) && km % 50.0 != 0.0
}

/// The largest SGF file read (by `loadsgf` and `tengen score`); beyond it
/// (or from an endless device such as `/dev/zero`) the file is refused
/// instead of exhausting memory.
pub const MAX_SGF_BYTES: u64 = 16 << 20;

/// Reads at most `limit` bytes of `path`; longer files are an error.
///
/// # Errors
/// The file cannot be opened or read, or is longer than `limit`.
pub fn read_limited(path: &std::path::Path, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut text = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut text)?;
    if text.len() as u64 > limit {
        return Err(std::io::Error::other("file too large"));
    }
    Ok(text)
}

/// A property: identifier and values (escapes resolved).
type Property = (String, Vec<String>);

/// The main line of a game: its nodes, each a list of properties.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MainLine {
    /// Nodes from the root.
    pub nodes: Vec<Vec<Property>>,
}

impl MainLine {
    /// The first value of a root property.
    #[must_use]
    pub fn root(&self, ident: &str) -> Option<&str> {
        let root = self.nodes.first()?;
        root.iter()
            .find(|(id, _)| id == ident)
            .and_then(|(_, v)| v.first())
            .map(String::as_str)
    }
}

/// A cursor over the file's bytes.
struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn skip_ws(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.text.get(self.pos).copied()
    }

    fn expect(&mut self, b: u8) -> Result<(), SgfError> {
        if self.peek() == Some(b) {
            self.pos += 1;
            Ok(())
        } else {
            Err(SgfError::Syntax(self.pos))
        }
    }

    /// `PropIdent`: upper-case letters; FF[3]'s lower-case letters inside
    /// identifiers (`AddBlack`) are dropped.
    fn ident(&mut self) -> Result<String, SgfError> {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_alphabetic() {
            self.pos += 1;
        }
        let ident: String = self.text[start..self.pos]
            .iter()
            .filter(|b| b.is_ascii_uppercase())
            .map(|&b| b as char)
            .collect();
        if ident.is_empty() {
            Err(SgfError::Syntax(start))
        } else {
            Ok(ident)
        }
    }

    /// `PropValue`: `[` text `]` with `\` escapes.
    fn value(&mut self) -> Result<String, SgfError> {
        self.expect(b'[')?;
        let mut out = Vec::new();
        loop {
            match self.text.get(self.pos) {
                None => return Err(SgfError::Syntax(self.pos)),
                Some(b']') => break,
                Some(b'\\') => {
                    self.pos += 1;
                    match self.text.get(self.pos) {
                        // An escaped newline is a soft line break: removed.
                        Some(b'\n' | b'\r') => {}
                        Some(&b) => out.push(b),
                        None => return Err(SgfError::Syntax(self.pos)),
                    }
                }
                Some(&b) => out.push(b),
            }
            self.pos += 1;
        }
        self.pos += 1;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// `Node`: `;` followed by properties.
    fn node(&mut self) -> Result<Vec<Property>, SgfError> {
        self.expect(b';')?;
        let mut props = Vec::new();
        while matches!(self.peek(), Some(b) if b.is_ascii_alphabetic()) {
            let ident = self.ident()?;
            let mut values = vec![self.value()?];
            while self.peek() == Some(b'[') {
                values.push(self.value()?);
            }
            props.push((ident, values));
        }
        Ok(props)
    }
}

/// Reads the main line of the first game tree in `text`.
///
/// # Errors
/// [`SgfError::Syntax`] on malformed input.
pub fn parse_main_line(text: &[u8]) -> Result<MainLine, SgfError> {
    let mut r = Reader { text, pos: 0 };
    // A record that opens with its first node has lost its `(` (the Fox
    // server writes them so); otherwise anything before the first `(` is
    // ignored, as SGF readers do.
    if r.peek() != Some(b';') {
        while r.pos < text.len() && text[r.pos] != b'(' {
            r.pos += 1;
        }
        r.expect(b'(')?;
    }
    let mut line = MainLine::default();
    loop {
        match r.peek() {
            Some(b';') => line.nodes.push(r.node()?),
            // Descend into the first variation; siblings are never read.
            Some(b'(') => r.pos += 1,
            // The end of the main line; a record cut short after a whole
            // node lacks its closing `)`, which GNU Go forgives too.
            Some(b')') | None => break,
            _ => return Err(SgfError::Syntax(r.pos)),
        }
    }
    if line.nodes.is_empty() {
        return Err(SgfError::Syntax(r.pos));
    }
    Ok(line)
}

/// A game loaded from SGF.
pub struct Loaded {
    /// The position and history.
    pub game: Game,
    /// `KM` in points, if given.
    pub komi: Option<f64>,
    /// True when `KM` was written in hundredths of a stone (the Fox
    /// server's records under Chinese rules, see [`KM_IN_HUNDREDTHS`]),
    /// whose `RE` margins are in stones too.
    pub margins_in_stones: bool,
    /// `RU`, if given.
    pub rules: Option<String>,
}

/// The SGF point `aa`…: column then row, both from the top-left corner.
fn sgf_point(value: &str, size: usize) -> Result<Option<Point>, SgfError> {
    let bad = || SgfError::BadValue(value.to_string());
    let v = value.as_bytes();
    if v.is_empty() || (size <= 19 && v == b"tt") {
        return Ok(None);
    }
    if v.len() != 2 || !v[0].is_ascii_lowercase() || !v[1].is_ascii_lowercase() {
        return Err(bad());
    }
    let (col, row_from_top) = (usize::from(v[0] - b'a'), usize::from(v[1] - b'a'));
    if col >= size || row_from_top >= size {
        return Err(bad());
    }
    Ok(Point::new(col, size - 1 - row_from_top))
}

/// A point list value: a point or an FF[4] rectangle `aa:cc`.
fn sgf_points(value: &str, size: usize) -> Result<Vec<Point>, SgfError> {
    let bad = || SgfError::BadValue(value.to_string());
    match value.split_once(':') {
        None => Ok(sgf_point(value, size)?.into_iter().collect()),
        Some((a, b)) => {
            let (a, b) = (
                sgf_point(a, size)?.ok_or_else(bad)?,
                sgf_point(b, size)?.ok_or_else(bad)?,
            );
            let mut points = Vec::new();
            for col in a.col().min(b.col())..=a.col().max(b.col()) {
                for row in a.row().min(b.row())..=a.row().max(b.row()) {
                    points.extend(Point::new(col, row));
                }
            }
            Ok(points)
        }
    }
}

/// The handicap of a record without `HA`: Black stones placed in the root
/// (and nothing else) with White to move first are free stones, as a
/// handicap (OGS writes a one-stone handicap so). Otherwise 0.
fn implied_handicap(line: &MainLine, size: usize) -> u32 {
    let Some(root) = line.nodes.first() else {
        return 0;
    };
    let has = |ident: &str| root.iter().any(|(i, _)| i == ident);
    if has("AW") || has("AE") || has("B") || has("W") {
        return 0;
    }
    let first_move = line
        .nodes
        .iter()
        .flatten()
        .find(|(i, _)| i == "B" || i == "W");
    if !matches!(first_move, Some((ident, _)) if ident == "W") {
        return 0;
    }
    root.iter()
        .filter(|(i, _)| i == "AB")
        .flat_map(|(_, values)| values)
        .map(|v| sgf_points(v, size).map_or(0, |p| p.len() as u32))
        .sum()
}

/// Replays `line` into a game, stopping before move `move_number` (1-based,
/// counting `B` and `W` properties; `None` or a number past the end gives
/// the final position).
///
/// # Errors
/// [`SgfError`] for a non-Go game, a bad size or value, an impossible setup
/// or an illegal move.
pub fn load(
    line: &MainLine,
    move_number: Option<u32>,
    rules: PlayRules,
) -> Result<Loaded, SgfError> {
    if line.root("GM").is_some_and(|gm| gm.trim() != "1") {
        return Err(SgfError::NotGo);
    }
    let size = match line.root("SZ") {
        None => 19,
        Some(sz) => {
            let (w, h) = sz.split_once(':').unwrap_or((sz, sz));
            match (w.trim().parse::<usize>(), h.trim().parse::<usize>()) {
                (Ok(w), Ok(h)) if w == h && (MIN_SIZE..=MAX_SIZE).contains(&w) => w,
                _ => return Err(SgfError::BadSize),
            }
        }
    };
    // `KM` as written; in points below.
    let km = match line.root("KM") {
        None => None,
        Some(km) => Some(
            km.trim()
                .parse::<f64>()
                .ok()
                .filter(|k| k.is_finite())
                .ok_or_else(|| SgfError::BadValue(km.to_string()))?,
        ),
    };
    let handicap = match line.root("HA") {
        None => 0,
        Some(ha) => ha
            .trim()
            .parse::<u32>()
            .map_err(|_| SgfError::BadValue(ha.to_string()))?,
    };
    let stop_before = move_number.map_or(usize::MAX, |n| n as usize);
    let mut game = Game::new(size, rules);
    let mut moves_played = 0;
    'nodes: for (i, node) in line.nodes.iter().enumerate() {
        apply_setup(&mut game, node, size, i == 0 && handicap >= 2)?;
        for (ident, values) in node {
            let color = match ident.as_str() {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            if moves_played + 1 >= stop_before {
                break 'nodes;
            }
            let mv = sgf_point(&values[0], size)?.map_or(Move::Pass, Move::Play);
            moves_played += 1;
            game.play(color, mv)
                .map_err(|_| SgfError::IllegalMove(moves_played))?;
        }
    }
    let handicap = if handicap == 0 {
        implied_handicap(line, size)
    } else {
        handicap
    };
    if handicap >= 1 {
        game.set_handicap_count(handicap);
    }
    Ok(Loaded {
        game,
        komi: km.map(komi_points),
        margins_in_stones: km.is_some_and(is_in_hundredths_of_a_stone),
        rules: line.root("RU").map(str::to_string),
    })
}

/// Applies a node's `AB`/`AW`/`AE`/`PL` to the game. Root `AB` alone with
/// `HA` ≥ 2 becomes handicap stones.
fn apply_setup(
    game: &mut Game,
    node: &[Property],
    size: usize,
    handicap_root: bool,
) -> Result<(), SgfError> {
    let mut to_move = None;
    let mut edits: Vec<(Point, Option<Color>)> = Vec::new();
    for (ident, values) in node {
        let color = match ident.as_str() {
            "AB" => Some(Color::Black),
            "AW" => Some(Color::White),
            "AE" => None,
            "PL" => {
                to_move = match values[0].trim().to_ascii_uppercase().as_str() {
                    // Old files (GNU Go's among them) write 1 and 2.
                    "B" | "BLACK" | "1" => Some(Color::Black),
                    "W" | "WHITE" | "2" => Some(Color::White),
                    _ => return Err(SgfError::BadValue(values[0].clone())),
                };
                continue;
            }
            _ => continue,
        };
        for v in values {
            edits.extend(sgf_points(v, size)?.into_iter().map(|p| (p, color)));
        }
    }
    if edits.is_empty() && to_move.is_none() {
        return Ok(());
    }
    let only_black_adds = edits.iter().all(|&(_, c)| c == Some(Color::Black));
    if handicap_root && only_black_adds && edits.len() >= 2 && to_move.is_none() {
        let points: Vec<Point> = edits.iter().map(|&(p, _)| p).collect();
        return game.place_handicap(&points).map_err(|_| SgfError::BadSetup);
    }
    let mut stones = game.board().stones();
    for (p, color) in edits {
        stones.retain(|&(q, _)| q != p);
        if let Some(c) = color {
            stones.push((p, c));
        }
    }
    let to_move = to_move.unwrap_or_else(|| game.to_move());
    game.set_position(&stones, to_move)
        .map_err(|_| SgfError::BadSetup)
}

/// The SGF point text of `p` on a board of `size`.
fn point_text(p: Point, size: usize) -> String {
    let col = (b'a' + p.col() as u8) as char;
    let row = (b'a' + (size - 1 - p.row()) as u8) as char;
    format!("{col}{row}")
}

/// Escapes `]` and `\` in a text value.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// Writes `game` as an `FF[4]` SGF record: root properties (size, komi,
/// handicap, rules, setup stones), then one node per move. Lines are never
/// blank, so the text can be a GTP response body.
#[must_use]
pub fn write(game: &Game, komi: f64, rules: Option<&str>) -> String {
    let size = game.size();
    let mut out = String::new();
    let _ = write!(
        out,
        "(;FF[4]GM[1]CA[UTF-8]AP[Tengen:{}]SZ[{size}]KM[{komi}]",
        env!("CARGO_PKG_VERSION")
    );
    if let Some(ru) = rules {
        let _ = write!(out, "RU[{}]", escape(ru));
    }
    if game.handicap() > 0 && game.setup_board().stone_count() > 0 {
        let _ = write!(out, "HA[{}]", game.handicap());
    }
    let stones = game.setup_board().stones();
    for (ident, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let points: Vec<_> = stones.iter().filter(|&&(_, c)| c == color).collect();
        if !points.is_empty() {
            out.push('\n');
            out.push_str(ident);
            for &&(p, _) in &points {
                let _ = write!(out, "[{}]", point_text(p, size));
            }
        }
    }
    if game.setup_board().stone_count() > 0 || game.setup_to_move() == Color::White {
        let _ = write!(out, "PL[{}]", game.setup_to_move().fold("B", "W"));
    }
    for &(color, mv) in game.moves() {
        let text = mv.point().map_or(String::new(), |p| point_text(p, size));
        let _ = write!(out, "\n;{}[{text}]", color.fold("B", "W"));
    }
    out.push_str(")\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::v;

    fn load_str(text: &str, n: Option<u32>) -> Result<Loaded, SgfError> {
        load(&parse_main_line(text.as_bytes())?, n, PlayRules::default())
    }

    /// FF[3] file with `tt` passes, escapes, variations and lower-case
    /// property names: the main line is read.
    #[test]
    fn reads_main_line() {
        let text = "junk (;FF[3]GM[1]SZ[9]KM[5.5]RU[Japanese]C[a \\] b]AddBlack[aa]
            ;B[ee];W[tt](;B[dc];W[];B[cd])(;B[aa]))";
        let loaded = load_str(text, None).unwrap();
        let g = &loaded.game;
        assert_eq!(loaded.komi, Some(5.5));
        // The Fox server's komi, in hundredths of a stone.
        assert_eq!(load_str("(;SZ[19]KM[375])", None).unwrap().komi, Some(7.5));
        assert_eq!(load_str("(;SZ[19]KM[325])", None).unwrap().komi, Some(6.5));
        assert_eq!(
            load_str("(;SZ[19]KM[-3.5])", None).unwrap().komi,
            Some(-3.5)
        );
        assert_eq!(loaded.rules.as_deref(), Some("Japanese"));
        assert_eq!(g.size(), 9);
        assert_eq!(g.moves().len(), 5);
        assert_eq!(g.board().color_at(v("A9")), Some(Color::Black));
        assert_eq!(g.board().color_at(v("E5")), Some(Color::Black));
        assert_eq!(g.board().color_at(v("D7")), Some(Color::Black));
        assert_eq!(g.board().color_at(v("C6")), Some(Color::Black));
        assert_eq!(g.moves()[1], (Color::White, Move::Pass));
        assert_eq!(g.moves()[3], (Color::White, Move::Pass));
    }

    /// `move_number` stops before that move.
    #[test]
    fn stops_before_move_number() {
        let text = "(;SZ[9];B[ee];W[dd];B[cc])";
        assert_eq!(load_str(text, Some(1)).unwrap().game.moves().len(), 0);
        assert_eq!(load_str(text, Some(3)).unwrap().game.moves().len(), 2);
        assert_eq!(load_str(text, Some(99)).unwrap().game.moves().len(), 3);
    }

    /// Handicap stones from `HA` + `AB`, compressed point lists, `AE`.
    #[test]
    fn handicap_and_setup() {
        let loaded = load_str("(;SZ[9]HA[2]AB[cg][gc];W[ee])", None).unwrap();
        assert_eq!(loaded.game.handicap(), 2);
        assert_eq!(loaded.game.setup_board().stone_count(), 2);
        let g = load_str("(;SZ[5]AB[aa:bb]AW[ee];AE[aa])", None)
            .unwrap()
            .game;
        assert_eq!(g.board().stone_count(), 4);
        assert_eq!(g.board().color_at(v("A5")), None);
        assert_eq!(g.board().color_at(v("B4")), Some(Color::Black));
    }

    /// Without `HA`, Black stones set in the root with White to move first
    /// are a handicap (OGS's one-stone handicap); with Black first, or
    /// with white stones set too, they are a plain setup.
    #[test]
    fn implied_handicap_from_setup() {
        let handicap = |text: &str| load_str(text, None).unwrap().game.handicap();
        assert_eq!(handicap("(;SZ[9]AB[fd];W[cg];B[ff])"), 1);
        assert_eq!(handicap("(;SZ[9]AB[cc:cd];W[cg])"), 2);
        assert_eq!(handicap("(;SZ[9]AB[fd];B[cg])"), 0);
        assert_eq!(handicap("(;SZ[9]AB[fd]AW[dd];W[cg])"), 0);
        assert_eq!(handicap("(;SZ[9];W[cg])"), 0);
    }

    /// What GNU Go and the Fox server write is read: a record cut short
    /// after a whole node (no closing `)`), one without its opening `(`,
    /// and `PL[1]`/`PL[2]` for Black and White to play.
    #[test]
    fn reads_lenient_records() {
        let cut = load_str("(;SZ[9]KM[6.5];B[ee];W[dd]", None).unwrap();
        assert_eq!(cut.game.moves().len(), 2);
        let fox = load_str(";GM[1]SZ[9]KM[375]RU[Chinese];B[ee];W[dd])", None).unwrap();
        assert_eq!(fox.game.moves().len(), 2);
        assert_eq!(fox.komi, Some(7.5));
        assert!(fox.margins_in_stones);
        assert!(!cut.margins_in_stones);
        // Under Japanese rules the Fox server writes points, and so are
        // its margins.
        let fox_japanese = load_str("(;SZ[19]KM[650]RU[Japanese];B[ee])", None).unwrap();
        assert_eq!(fox_japanese.komi, Some(6.5));
        assert!(!fox_japanese.margins_in_stones);
        assert_eq!(load_str("(;SZ[19]KM[750])", None).unwrap().komi, Some(7.5));
        for (pl, first) in [("1", Color::Black), ("2", Color::White)] {
            let loaded = load_str(&format!("(;SZ[9]AB[ee]PL[{pl}])"), None).unwrap();
            assert_eq!(loaded.game.to_move(), first);
        }
    }

    /// Broken or unsupported files are refused.
    #[test]
    fn refuses_bad_files() {
        assert!(matches!(load_str("", None), Err(SgfError::Syntax(_))));
        // Cut short inside a property: refused.
        assert!(matches!(load_str("(;B[ee", None), Err(SgfError::Syntax(_))));
        assert!(matches!(
            load_str(";SZ[9];B[", None),
            Err(SgfError::Syntax(_))
        ));
        assert_eq!(load_str("(;GM[2])", None).err(), Some(SgfError::NotGo));
        assert_eq!(load_str("(;SZ[26])", None).err(), Some(SgfError::BadSize));
        assert_eq!(load_str("(;SZ[9:13])", None).err(), Some(SgfError::BadSize));
        assert_eq!(
            load_str("(;SZ[9];B[ee];W[ee])", None).err(),
            Some(SgfError::IllegalMove(2))
        );
        assert!(matches!(
            load_str("(;SZ[9];B[zz])", None),
            Err(SgfError::BadValue(_))
        ));
        assert!(matches!(
            load_str("(;SZ[9]KM[x])", None),
            Err(SgfError::BadValue(_))
        ));
        // Deep nesting does not recurse.
        let deep = format!("{}(;B[aa]{}", "(".repeat(100_000), ")".repeat(100_001));
        assert!(parse_main_line(deep.as_bytes()).is_ok());
    }

    /// Writing then reading gives the same game.
    #[test]
    fn round_trip() {
        let loaded = load_str("(;SZ[9]KM[6.5]HA[2]AB[cg][gc];W[ee];B[tt];W[dd])", None).unwrap();
        let text = write(&loaded.game, 6.5, Some("japanese"));
        assert!(!text.contains("\n\n"));
        let again = load_str(&text, None).unwrap();
        assert_eq!(again.komi, Some(6.5));
        assert_eq!(again.rules.as_deref(), Some("japanese"));
        assert_eq!(again.game.moves(), loaded.game.moves());
        assert_eq!(again.game.board(), loaded.game.board());
        assert_eq!(again.game.handicap(), 2);
    }
}
