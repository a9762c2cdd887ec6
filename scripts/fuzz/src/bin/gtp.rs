//! Fuzz target `gtp`: a GTP session.
//!
//! The input is split on LF; each line (at most [`MAX_LINES`]) goes to one
//! [`Engine`] through `handle_line`, exactly as the session loop would
//! hand it over. After every line the harness checks:
//! - the reply is framed (`=`/`?`, the echoed id, one blank line at the end
//!   and none before), and comment/blank lines get no reply;
//! - the boards are internally consistent (`Board::check_consistency`);
//! - a failed command (`?`) left the game unchanged;
//! - a command that added exactly one move can be undone back to the
//!   position before it;
//!
//! and at the end, that `printsgf` reads back (under the game's play rules)
//! as the same game, with an `RU` that names the rules.
//!
//! Panics inside a command are caught by `handle_line` in the engine, but
//! `afl::fuzz!` installs a panic hook that aborts first, so they are
//! crashes here.
//!
//! Files: `loadsgf NAME` loads `corpus/sgf/NAME` when NAME's last path
//! component is one of those files; otherwise, when the input has a line
//! `%%SGF`, everything after that line is the SGF text (written to a
//! temporary file in /dev/shm for the command); otherwise a path that does
//! not exist. `printsgf FILE` writes to /dev/null instead. Settings that
//! would make one command run for seconds (`tengen-search_param playouts`
//! 0 or above 64, `threads` above 2) are skipped.

use std::path::PathBuf;
use std::sync::OnceLock;

use tengen::Game;
use tengen::gtp::parser::{command_line, preprocess};
use tengen::gtp::{Engine, EngineOptions, handle_line};
use tengen_fuzz::{Fingerprint, check_game, check_sgf_text};

/// Lines read from one input; the rest is ignored.
const MAX_LINES: usize = 200;
/// A line that ends the commands and starts the SGF text for `loadsgf`.
const SGF_MARKER: &[u8] = b"%%SGF";
/// Most playouts `tengen-search_param playouts` may set.
const MAX_PLAYOUTS: u64 = 64;
/// Most threads `tengen-search_param threads` may set.
const MAX_THREADS: usize = 2;
/// Commands that may judge the position (1000 status playouts: about
/// 0.1 s on 9x9 and 0.75 s on 25x25 in the instrumented build), at most
/// this many per input; further ones are skipped. A search command after
/// a pass counts too (the engine checks whether passing wins).
const MAX_JUDGING: usize = 3;
/// Search commands, at most this many per input.
const MAX_SEARCHES: usize = 16;
/// Commands that judge the position.
const JUDGING: &[&[u8]] = &[
    b"final_score",
    b"final_status_list",
    b"final_status",
    b"tengen-score_details",
    b"tengen-result",
    b"tengen-ownership",
    b"kgs-genmove_cleanup",
];
/// Commands that search.
const SEARCHING: &[&[u8]] = &[
    b"genmove",
    b"reg_genmove",
    b"lz-analyze",
    b"lz-genmove_analyze",
    b"kata-analyze",
    b"kata-genmove_analyze",
    b"analyze",
    b"genmove_analyze",
    b"tengen-best_moves",
    b"tengen-pv",
];

fn options() -> EngineOptions {
    EngineOptions {
        seed: Some(20_240_601),
        size: 9,
        playouts: Some(20),
        time: None,
        max_nodes: 20_000,
        threads: 1,
        ..EngineOptions::default()
    }
}

/// The SGF files `loadsgf` may name (by file name).
fn sgf_dir() -> &'static (PathBuf, Vec<String>) {
    static DIR: OnceLock<(PathBuf, Vec<String>)> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/sgf"));
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter_map(|e| e.file_name().into_string().ok())
                    .filter(|n| n.ends_with(".sgf"))
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        (dir, names)
    })
}

/// Splits the input into the command script and the optional SGF text.
fn split_input(data: &[u8]) -> (&[u8], Option<&[u8]>) {
    let mut start = 0;
    while start <= data.len() {
        let end = data[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(data.len(), |i| start + i);
        let line = &data[start..end];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line == SGF_MARKER {
            let rest = data.get(end + 1..).unwrap_or(&[]);
            return (&data[..start], Some(rest));
        }
        start = end + 1;
    }
    (data, None)
}

/// The SGF text file for this input, written on first use.
struct SgfFile<'a> {
    text: Option<&'a [u8]>,
    path: Option<PathBuf>,
}

impl SgfFile<'_> {
    fn path(&mut self) -> Option<String> {
        let text = self.text?;
        if self.path.is_none() {
            let path = PathBuf::from(format!(
                "/dev/shm/tengen-fuzz-gtp-{}.sgf",
                std::process::id()
            ));
            std::fs::write(&path, text).ok()?;
            self.path = Some(path);
        }
        self.path.as_ref().map(|p| p.display().to_string())
    }
}

impl Drop for SgfFile<'_> {
    fn drop(&mut self) {
        if let Some(path) = &self.path {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Rebuilds a command line from its parts.
fn rebuild(id: Option<&str>, name: &[u8], args: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::new();
    if let Some(id) = id {
        out.extend_from_slice(id.as_bytes());
        out.push(b' ');
    }
    out.extend_from_slice(name);
    for a in args {
        out.push(b' ');
        out.extend_from_slice(a);
    }
    out
}

/// How many costly commands an input has run so far.
#[derive(Default)]
struct Budget {
    judging: usize,
    searches: usize,
}

impl Budget {
    /// Whether the command `name` may run now (and counts it).
    fn allows(&mut self, name: &[u8], after_pass: bool) -> bool {
        let searching = SEARCHING.contains(&name);
        let judging = JUDGING.contains(&name) || (searching && after_pass);
        if (judging && self.judging >= MAX_JUDGING) || (searching && self.searches >= MAX_SEARCHES)
        {
            return false;
        }
        self.judging += usize::from(judging);
        self.searches += usize::from(searching);
        true
    }
}

/// The line to send for `raw`: unchanged, rewritten (file commands) or
/// `None` to skip it.
fn rewrite(raw: &[u8], sgf: &mut SgfFile, budget: &mut Budget, game: &Game) -> Option<Vec<u8>> {
    let Some(line) = preprocess(raw) else {
        return Some(raw.to_vec());
    };
    let parsed = command_line(&line);
    let after_pass = game
        .moves()
        .last()
        .is_some_and(|&(_, m)| m == tengen::Move::Pass);
    if !budget.allows(parsed.name, after_pass) {
        return None;
    }
    let tokens: Vec<&[u8]> = parsed
        .args
        .split(|&b| b == b' ')
        .filter(|t| !t.is_empty())
        .collect();
    let id = parsed.id.as_deref();
    match parsed.name {
        b"loadsgf" if !tokens.is_empty() => {
            let (dir, names) = sgf_dir();
            let file = tokens[0];
            let base = file.rsplit(|&b| b == b'/').next().unwrap_or(file);
            let path = match std::str::from_utf8(base) {
                Ok(base) if names.iter().any(|n| n == base) => dir.join(base).display().to_string(),
                _ => sgf
                    .path()
                    .unwrap_or_else(|| "/nonexistent/tengen-fuzz.sgf".to_string()),
            };
            let mut args = vec![path.as_bytes()];
            args.extend_from_slice(&tokens[1..]);
            Some(rebuild(id, parsed.name, &args))
        }
        b"printsgf" if !tokens.is_empty() => {
            let mut args: Vec<&[u8]> = vec![b"/dev/null"];
            args.extend_from_slice(&tokens[1..]);
            Some(rebuild(id, parsed.name, &args))
        }
        b"tengen-search_param" if tokens.len() >= 2 => {
            let value = std::str::from_utf8(tokens[1]).unwrap_or("");
            let slow = match tokens[0] {
                b"playouts" => value
                    .parse::<u64>()
                    .is_ok_and(|n| n == 0 || n > MAX_PLAYOUTS),
                b"threads" => value.parse::<usize>().is_ok_and(|n| n > MAX_THREADS),
                _ => false,
            };
            (!slow).then(|| raw.to_vec())
        }
        _ => Some(raw.to_vec()),
    }
}

/// The reply to `line` is framed as GTP requires.
fn check_reply(line: &[u8], reply: Option<&tengen::gtp::Reply>) {
    let Some(pre) = preprocess(line) else {
        assert!(
            reply.is_none(),
            "reply to a blank or comment line: {reply:?}"
        );
        return;
    };
    let reply = reply.unwrap_or_else(|| panic!("no reply to {:?}", String::from_utf8_lossy(line)));
    let text = &reply.text;
    let parsed = command_line(&pre);
    let head = match text.as_bytes().first() {
        Some(b'=' | b'?') => &text[1..],
        _ => panic!("reply does not start with = or ?: {text:?}"),
    };
    let after_id = match parsed.id.as_deref() {
        Some(id) => head
            .strip_prefix(id)
            .unwrap_or_else(|| panic!("reply does not echo id {id}: {text:?}")),
        None => head,
    };
    assert!(
        after_id.starts_with(' ') || after_id.starts_with('\n'),
        "no space or newline after the status/id: {text:?}"
    );
    assert!(
        text.ends_with("\n\n"),
        "reply does not end with a blank line: {text:?}"
    );
    assert!(
        !text[..text.len() - 2].contains("\n\n"),
        "blank line inside a reply: {text:?}"
    );
}

/// After a command that added exactly one move, undoing it gives back the
/// game before it.
fn check_undo(before: &Fingerprint, game: &Game, line: &[u8]) {
    let moves = game.moves();
    if moves.len() != before.moves.len() + 1
        || moves[..before.moves.len()] != before.moves[..]
        || game.setup_board().hash() != before.setup_hash
    {
        return;
    }
    let mut undone = game.clone();
    assert!(undone.undo(), "undo refused after a move");
    let after_undo = Fingerprint::of(&undone);
    assert_eq!(
        &after_undo,
        before,
        "undo after {:?} does not restore the game",
        String::from_utf8_lossy(line)
    );
}

/// `printsgf` reads back as the same game, with rules that parse. When the
/// play rules changed while moves were on record, the record may not load
/// under any one rule set; it is then only compared if it loads.
fn check_printsgf(engine: &mut Engine, rules_changed: bool) {
    let reply = handle_line(engine, b"printsgf").expect("printsgf has a reply");
    let text = reply
        .text
        .strip_prefix("= ")
        .and_then(|t| t.strip_suffix("\n\n"))
        .unwrap_or_else(|| panic!("printsgf failed: {:?}", reply.text));
    let line = tengen::sgf::parse_main_line(text.as_bytes())
        .unwrap_or_else(|e| panic!("printsgf output does not parse ({e}):\n{text}"));
    if let Some(ru) = line.root("RU") {
        let rules: tengen::rules::Rules = ru
            .parse()
            .unwrap_or_else(|e| panic!("printsgf RU does not parse ({e}):\n{text}"));
        assert_eq!(rules.sgf_name(), ru, "RU round trip:\n{text}");
    }
    check_sgf_text(engine.game(), text, None, !rules_changed);
}

fn run(data: &[u8]) {
    let (script, sgf_text) = split_input(data);
    let mut sgf = SgfFile {
        text: sgf_text,
        path: None,
    };
    let mut budget = Budget::default();
    let mut rules_changed = false;
    let mut engine = Engine::new(&options());
    for raw in script.split(|&b| b == b'\n').take(MAX_LINES) {
        let Some(line) = rewrite(raw, &mut sgf, &mut budget, engine.game()) else {
            if verbose() {
                eprintln!("skipped: {:?}", String::from_utf8_lossy(raw));
            }
            continue;
        };
        let before = Fingerprint::of(engine.game());
        let reply = handle_line(&mut engine, &line);
        let shown = String::from_utf8_lossy(&line);
        if verbose() {
            eprintln!(">>> {shown:?}");
            if let Some(reply) = &reply {
                eprint!("{}", reply.text);
            }
        }
        check_reply(&line, reply.as_ref());
        check_game(engine.game(), &shown);
        let Some(reply) = reply else { continue };
        let after = engine.game();
        if after.rules() != before.rules && !after.moves().is_empty() && !before.moves.is_empty() {
            rules_changed = true;
        }
        if reply.text.starts_with('?') {
            assert_eq!(
                Fingerprint::of(engine.game()),
                before,
                "failed command {shown:?} changed the game (reply {:?})",
                reply.text
            );
        } else if command_line(&preprocess(&line).unwrap_or_default()).name != b"loadsgf" {
            check_undo(&before, engine.game(), &line);
        }
        if reply.quit {
            break;
        }
    }
    check_printsgf(&mut engine, rules_changed);
}

/// `TENGEN_FUZZ_VERBOSE=1`: print every line sent and its reply to
/// standard error (for replaying a saved input).
fn verbose() -> bool {
    static VERBOSE: OnceLock<bool> = OnceLock::new();
    *VERBOSE.get_or_init(|| std::env::var_os("TENGEN_FUZZ_VERBOSE").is_some())
}

fn main() {
    let _ = verbose();
    // Warm the directory listing outside the measured loop.
    let _ = sgf_dir();
    afl::fuzz!(|data: &[u8]| {
        run(data);
    });
}
