//! Protocol tests: exact transcripts (error texts included), the real
//! binary's stdout and exit status, and random input.

use std::io::Write;
use std::process::{Command, Stdio};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use tengen::gtp::{self, Engine, EngineOptions};

fn engine() -> Engine {
    Engine::new(&EngineOptions {
        seed: Some(1),
        playouts: Some(300),
        ..EngineOptions::default()
    })
}

/// Feeds `input` to a fresh in-process engine and returns all output.
fn transcript(input: &str) -> String {
    let mut engine = engine();
    let mut out = Vec::new();
    gtp::run(
        std::io::Cursor::new(input.as_bytes().to_vec()),
        &mut out,
        &mut engine,
    )
    .unwrap();
    String::from_utf8(out).unwrap()
}

/// Asserts each command's exact response, in order.
fn check(pairs: &[(&str, &str)]) {
    let input: String = pairs.iter().map(|(c, _)| format!("{c}\n")).collect();
    let want: String = pairs.iter().map(|(_, r)| format!("{r}\n\n")).collect();
    assert_eq!(transcript(&input), want);
}

/// The spec's error texts, each followed by a check that nothing changed.
#[test]
fn error_texts_and_untouched_state() {
    check(&[
        ("boardsize 9", "= "),
        ("play b e5", "= "),
        ("1 frobnicate", "?1 unknown command"),
        ("2 boardsize 26", "?2 unacceptable size"),
        ("boardsize 1", "? unacceptable size"),
        ("boardsize x", "? syntax error"),
        ("boardsize", "? syntax error"),
        ("play w e5", "? illegal move"),
        ("play b k10", "? syntax error"),
        ("play b i5", "? syntax error"),
        ("play b e0", "? syntax error"),
        ("play purple e4", "? syntax error"),
        ("play b resign", "? syntax error"),
        ("play b e4 e6", "? syntax error"),
        ("genmove", "? syntax error"),
        ("komi seven", "? syntax error"),
        ("komi nan", "? syntax error"),
        ("fixed_handicap 2", "? board not empty"),
        ("set_free_handicap c3 g7", "? board not empty"),
        (
            "printsgf",
            &format!(
                "= (;FF[4]GM[1]CA[UTF-8]AP[Tengen:{}]SZ[9]KM[6.5]RU[Japanese]\n;B[ee])",
                env!("CARGO_PKG_VERSION")
            ),
        ),
        ("clear_board", "= "),
        ("undo", "? cannot undo"),
        ("fixed_handicap 1", "? invalid number of stones"),
        ("fixed_handicap 10", "? invalid number of stones"),
        ("place_free_handicap 81", "? invalid number of stones"),
        ("set_free_handicap c3", "? bad vertex list"),
        ("set_free_handicap c3 c3", "? bad vertex list"),
        ("set_free_handicap c3 pass", "? bad vertex list"),
        ("set_free_handicap c3 k10", "? bad vertex list"),
        ("set_free_handicap c3 x", "? syntax error"),
        ("gogui-play_sequence w d4 b e4 w d4", "? illegal move"),
        ("gogui-play_sequence w d4 b e6 w k10", "? syntax error"),
        ("loadsgf /nonexistent/file.sgf", "? cannot load file"),
        ("loadsgf /dev/zero", "? cannot load file"),
        ("loadsgf /", "? cannot load file"),
        (
            "3 showboard",
            "=3 \n    A B C D E F G H J\n 9  . . . . . . . . .  9\n 8  . . . . . . . . .  8\n 7  . . . . . . . . .  7\n 6  . . . . . . . . .  6\n 5  . . . . . . . . .  5\n 4  . . . . . . . . .  4\n 3  . . . . . . . . .  3\n 2  . . . . . . . . .  2\n 1  . . . . . . . . .  1\n    A B C D E F G H J\nBlack (X) has captured 0 stones\nWhite (O) has captured 0 stones\nblack to move, komi 6.5, rules japanese",
        ),
    ]);
}

/// Rules and scoring errors: unknown rule names, bad status words, and
/// `cannot score` for a game without result (Japanese art. 12).
#[test]
fn rules_and_scoring_errors() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests/games/tripleko.sgf");
    let mut pairs = vec![
        ("kgs-rules mongolian".to_string(), "? unknown rules"),
        ("final_status_list living".to_string(), "? syntax error"),
        ("final_status pass".to_string(), "? syntax error"),
        ("final_status z25".to_string(), "? syntax error"),
        ("tengen-status a1 purple".to_string(), "? syntax error"),
        ("tengen-status".to_string(), "? syntax error"),
        ("tengen-status a1".to_string(), "? vertex is empty"),
        (format!("loadsgf {}", dir.display()), "= "),
    ];
    // Simple ko, a triple ko: two rounds of the six-move cycle repeat the
    // position a third time; from then on there is no result (art. 12).
    for _ in 0..2 {
        for mv in ["b c3", "w b8", "b h3", "w b3", "b c8", "w g3"] {
            pairs.push((format!("play {mv}"), "= "));
        }
    }
    pairs.push(("final_score".to_string(), "? cannot score"));
    let pairs: Vec<(&str, &str)> = pairs.iter().map(|(c, r)| (c.as_str(), *r)).collect();
    check(&pairs);
}

/// Under Chinese rules (positional superko) the same sequence cannot be
/// played: the retake is refused, and the game can be scored.
#[test]
fn superko_prevents_the_cycle() {
    let ko = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests/games/ko.sgf");
    let out = transcript(&format!(
        "kgs-rules chinese\nloadsgf {}\nplay b c3\nplay w pass\nplay b pass\nplay w b3\nfinal_score\n",
        ko.display()
    ));
    let replies: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(
        replies[..6],
        ["= ", "= ", "= ", "= ", "= ", "? illegal move"]
    );
    assert!(
        replies[6].starts_with("= W+") || replies[6].starts_with("= B+"),
        "{out}"
    );
}

/// Time commands accept every documented form, reject malformed ones.
#[test]
fn time_commands() {
    check(&[
        ("time_settings 300 30 5", "= "),
        ("time_settings 0 1 0", "= "),
        ("time_settings 300 -1 5", "? syntax error"),
        ("time_left b 120 0", "= "),
        ("time_left white -3 2", "= "),
        ("time_left b 12", "? syntax error"),
        ("kgs-time_settings none", "= "),
        ("kgs-time_settings absolute 600", "= "),
        ("kgs-time_settings canadian 600 30 10", "= "),
        ("kgs-time_settings byoyomi 600 30 5", "= "),
        ("kgs-time_settings byoyomi 600 30", "? syntax error"),
        ("kgs-time_settings fischer 600 5", "? syntax error"),
    ]);
    // Absurd clocks are refused (the settings before stay), and a big but
    // accepted one is clamped, not trusted into a Duration overflow.
    let out = transcript(
        "time_settings 1e300 0 0\ntime_settings 2e9 0 0\nboardsize 5\nreg_genmove b\ntime_left b 1e300 3\ntime_left b 2e9 0\nreg_genmove b\n",
    );
    let replies: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(
        replies[..6],
        [
            "? syntax error",
            "= ",
            "= ",
            replies[3],
            "? syntax error",
            "= "
        ],
        "{out}"
    );
    for r in [replies[3], replies[6]] {
        assert!(r.starts_with("= ") && r.len() > 3, "{out}");
    }
}

/// A corrupt SGF leaves the current game intact.
#[test]
fn corrupt_sgf_keeps_the_game() {
    let dir = std::env::temp_dir().join(format!("tengen-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.sgf");
    std::fs::write(&bad, "(;SZ[9];B[ee];W[ee])").unwrap();
    let good = dir.join("good.sgf");
    let out = transcript(&format!(
        "boardsize 5\nplay b c3\nloadsgf {}\nprintsgf {}\nloadsgf {}\nprintsgf\n",
        bad.display(),
        good.display(),
        good.display()
    ));
    std::fs::remove_dir_all(&dir).unwrap();
    let v = env!("CARGO_PKG_VERSION");
    assert_eq!(
        out,
        format!(
            "= \n\n= \n\n? cannot load file\n\n= \n\n= \n\n= (;FF[4]GM[1]CA[UTF-8]AP[Tengen:{v}]SZ[5]KM[6.5]RU[Japanese]\n;B[cc])\n\n"
        )
    );
}

/// Blank and comment-only lines get no response; CR LF line ends work;
/// invalid UTF-8 gets an error response; `quit` answers and ends the
/// session, ignoring what follows.
#[test]
fn line_handling_and_quit() {
    let out = transcript(
        "\n# comment\r\n  \t \n1 name\r\n\u{7f}2 \tprotocol_version\n\u{ff}\u{fe}\nquit\nname\n",
    );
    assert_eq!(out, "=1 Tengen\n\n=2 2\n\n? unknown command\n\n= \n\n");
}

/// A 10 MB line is read and refused like any bad command, and the session
/// goes on; a last command without its newline (end of input in the middle
/// of the line) is still answered.
#[test]
fn huge_line_and_eof_mid_command() {
    let huge = format!("play b {}\n", "a".repeat(10 << 20));
    let out = transcript(&(huge + "1 boardsize 9\n2 play b e5\n3 name"));
    assert_eq!(out, "? syntax error\n\n=1 \n\n=2 \n\n=3 Tengen\n\n");
    // A long line of valid moves is cut at the cap (1 MiB), which makes
    // it invalid, not a partial play.
    let moves = "B pass W pass ".repeat((1 << 20) / 14 + 10);
    let out = transcript(&format!("gogui-play_sequence {moves}\nprintsgf\n"));
    let replies: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(replies[0], "? syntax error");
    assert!(!replies[1].contains(";B["), "{}", replies[1]);
}

/// Random byte streams never panic the loop, and every line that
/// preprocessing keeps gets exactly one response. (`printsgf` is left out of
/// the word list: with an argument it writes that file, as it should.)
#[test]
fn random_bytes_never_panic() {
    let mut rng = SmallRng::seed_from_u64(99);
    let words: &[&[u8]] = &[
        b"play",
        b"genmove",
        b"boardsize",
        b"b",
        b"w",
        b"e5",
        b"pass",
        b"19",
        b"2",
        b"0",
        b"undo",
        b"fixed_handicap",
        b"set_free_handicap",
        b"loadsgf",
        b"komi",
        b"-7.5",
        b"clear_board",
        b"place_free_handicap",
        b"time_left",
        b"kgs-time_settings",
        b"byoyomi",
        b"showboard",
        b"#",
        b"\t",
        b"\r",
        b"\x00",
        b"\xff",
        b"a1",
        b"z25",
        b"T19",
        b"12",
        b"reg_genmove",
        b"lz-analyze",
        b"lz-genmove_analyze",
        b"kata-analyze",
        b"kata-genmove_analyze",
        b"analyze",
        b"genmove_analyze",
        b"ownership",
        b"true",
        b"tengen-best_moves",
        b"tengen-pv",
        b"kgs-chat",
        b"kgs-genmove_cleanup",
        b"tengen-search_param",
        b"final_score",
        b"final_status_list",
        b"kgs-rules",
        b"known_command",
        b"3",
        b"1e9",
        b"99999999999",
    ];
    let mut engine = engine();
    for _ in 0..3000 {
        let mut line = Vec::new();
        if rng.random_range(0..4) == 0 {
            for _ in 0..rng.random_range(0..40) {
                line.push(rng.random::<u8>());
            }
        } else {
            for _ in 0..rng.random_range(1..6) {
                line.extend_from_slice(words[rng.random_range(0..words.len())]);
                line.push(b' ');
            }
        }
        line.retain(|&b| b != b'\n');
        let expects_reply = tengen::gtp::parser::preprocess(&line).is_some();
        let reply = gtp::handle_line(&mut engine, &line);
        assert_eq!(reply.is_some(), expects_reply, "{line:?}");
        if let Some(reply) = reply {
            assert!(
                !reply.text.contains("internal error"),
                "{line:?} -> {}",
                reply.text
            );
            assert!(reply.text.ends_with("\n\n"));
        }
        engine.game().board().check_consistency().unwrap();
    }
}

/// The real binary: stdout holds only framed responses (logs go to
/// stderr even at the highest verbosity), and it exits 0 after `quit` and
/// on end of input.
#[test]
fn binary_stdout_is_protocol_only() {
    for (input, responses) in [
        (
            "name\nboardsize 9\ngenmove b\ngenmove w\nshowboard\nquit\n",
            6,
        ),
        ("protocol_version\nplay b d4", 2),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(["-vvv", "--seed", "5", "--playouts", "300"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        let stdout = String::from_utf8(out.stdout).unwrap();
        let blocks: Vec<&str> = stdout.split_terminator("\n\n").collect();
        assert_eq!(blocks.len(), responses, "{stdout:?}");
        for block in blocks {
            assert!(block.starts_with("= "), "{block:?}");
        }
        assert!(
            !String::from_utf8_lossy(&out.stderr).is_empty(),
            "-vvv logs to stderr"
        );
    }
}

/// A reader that hands out its chunks with a pause before each but the
/// first, like a controller typing.
struct SlowInput {
    chunks: Vec<&'static [u8]>,
    next: usize,
}

impl std::io::Read for SlowInput {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some(chunk) = self.chunks.get(self.next) else {
            return Ok(0);
        };
        if self.next > 0 {
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        self.next += 1;
        buf[..chunk.len()].copy_from_slice(chunk);
        Ok(chunk.len())
    }
}

/// GoGui's interrupt: a raw `# interrupt` line during a 10-minute genmove
/// stops the search, the move found so far is answered, and the next
/// command is then executed. (Without the interrupt this test would run
/// for ten minutes.)
#[test]
fn interrupt_stops_a_long_genmove() {
    let mut engine = Engine::new(&EngineOptions {
        seed: Some(1),
        time: Some(600.0),
        ..EngineOptions::default()
    });
    let input = SlowInput {
        chunks: vec![
            b"gogui-interrupt\nboardsize 9\ngenmove b\n",
            b"# interrupt\nname\n",
        ],
        next: 0,
    };
    let mut out = Vec::new();
    gtp::run(input, &mut out, &mut engine).unwrap();
    let out = String::from_utf8(out).unwrap();
    let replies: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(replies.len(), 4, "{out}");
    assert!(
        replies[2].len() > 3 && replies[2].starts_with("= "),
        "{out}"
    );
    assert_eq!(replies[3], "= Tengen");
}

/// `gogui-sigint` answers the process id; SIGINT to that process then
/// stops a long `genmove`, which answers its best move, and the engine
/// keeps running (a SIGINT while idle is dropped).
#[cfg(unix)]
#[test]
fn sigint_stops_a_long_genmove() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["--seed", "1", "--time", "600", "--size", "9"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut reply = || {
        let mut text = String::new();
        loop {
            let mut line = String::new();
            assert!(stdout.read_line(&mut line).unwrap() > 0, "engine gone");
            if line == "\n" {
                return text;
            }
            text += &line;
        }
    };
    writeln!(stdin, "gogui-sigint").unwrap();
    let pid = reply();
    let pid = pid.trim().strip_prefix("= ").unwrap();
    assert_eq!(pid.parse::<u32>().unwrap(), child.id());
    let kill = || {
        let status = Command::new("kill").args(["-INT", pid]).status().unwrap();
        assert!(status.success());
    };
    writeln!(stdin, "genmove b").unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    kill();
    let answer = reply();
    assert!(answer.starts_with("= ") && answer.len() > 3, "{answer}");
    kill();
    std::thread::sleep(std::time::Duration::from_millis(100));
    writeln!(stdin, "name\nquit").unwrap();
    assert_eq!(reply(), "= Tengen\n");
    assert_eq!(reply(), "= \n");
    assert!(child.wait().unwrap().success());
}

/// When the controller closes the engine's output (SIGPIPE / EPIPE on
/// write), the engine ends quietly with status 0: no panic, no hang.
#[test]
fn closed_stdout_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["--seed", "1", "--playouts", "50"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    // The engine may already be gone: write errors are fine here.
    for _ in 0..200 {
        if writeln!(stdin, "boardsize 9\ngenmove b").is_err() {
            break;
        }
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// `lz-analyze`: an `=id` line, then info lines holding every candidate
/// with `pv` last in each segment; the next command ends the stream with
/// an empty line and is answered. `lz-genmove_analyze` ends with
/// `play <move>` and plays it.
#[test]
fn lz_analyze_streams_until_the_next_command() {
    let out =
        transcript("boardsize 9\n7 lz-analyze b 10\n8 name\n9 lz-genmove_analyze w 10\nprintsgf\n");
    let replies: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(replies.len(), 5, "{out}");
    let mut analysis = replies[1].lines();
    assert_eq!(analysis.next(), Some("=7"));
    let info = analysis.next().expect("an info line");
    assert!(info.starts_with("info move "), "{info}");
    for segment in info.split("info ").skip(1) {
        let keys: Vec<&str> = segment.split(' ').step_by(2).collect();
        assert_eq!(
            keys[..6],
            ["move", "visits", "winrate", "prior", "lcb", "order"],
            "{segment}"
        );
        assert_eq!(keys[6], "pv", "{segment}");
    }
    assert_eq!(replies[2], "=8 Tengen");
    let genmove: Vec<&str> = replies[3].lines().collect();
    assert_eq!(genmove[0], "=9");
    let played = genmove
        .last()
        .unwrap()
        .strip_prefix("play ")
        .expect("play line");
    assert!(
        genmove[1..genmove.len() - 1]
            .iter()
            .all(|l| l.starts_with("info move "))
    );
    let col = played.as_bytes()[0].to_ascii_lowercase();
    let col = if col > b'i' { col - 1 } else { col };
    let row = b'a' + 9 - played[1..].parse::<u8>().unwrap();
    assert!(
        replies[4].contains(&format!(";W[{}{}]", col as char, row as char)),
        "{out}"
    );
}

/// `kata-analyze` with `ownership true`: float win rates and priors in
/// 0–1, `scoreLead`, `pv` last in each segment, then the ownership grid
/// (one value per point, −1 to 1). `kata-genmove_analyze` ends with
/// `play <move>`; Sabaki's `analyze` uses integer win rates.
#[test]
fn kata_analyze_has_floats_score_and_ownership() {
    let out = transcript(
        "boardsize 9\nplay b e5\n3 kata-analyze w 10 ownership true\n4 kata-genmove_analyze w 10\n5 analyze b 10\n6 name\n",
    );
    let replies: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(replies.len(), 6, "{out}");
    let mut analysis = replies[2].lines();
    assert_eq!(analysis.next(), Some("=3"));
    let line = analysis.next().expect("an info line");
    let (infos, grid) = line.split_once(" ownership ").expect("ownership grid");
    let values: Vec<f32> = grid.split(' ').map(|v| v.parse().unwrap()).collect();
    assert_eq!(values.len(), 81);
    assert!(values.iter().all(|v| (-1.0..=1.0).contains(v)));
    // E5 is Black's stone: from White's point of view it is owned by Black
    // (the stream stops early here, after a few dozen simulations).
    assert!(values[4 * 9 + 4] < 0.0, "{grid}");
    for segment in infos.split("info ").skip(1) {
        let fields: Vec<&str> = segment.trim_end().split(' ').collect();
        let keys: Vec<&str> = fields.iter().copied().step_by(2).collect();
        assert_eq!(
            keys[..9],
            [
                "move",
                "visits",
                "winrate",
                "scoreMean",
                "scoreLead",
                "prior",
                "lcb",
                "order",
                "pv"
            ],
            "{segment}"
        );
        let winrate: f32 = fields[5].parse().unwrap();
        assert!(fields[5].contains('.') && (0.0..=1.0).contains(&winrate));
        let lead: f32 = fields[9].parse().unwrap();
        assert!(lead.abs() <= 81.0 + 7.5);
    }
    let genmove: Vec<&str> = replies[3].lines().collect();
    assert_eq!(genmove[0], "=4");
    assert!(genmove.last().unwrap().starts_with("play "), "{out}");
    let sabaki = replies[4].lines().nth(1).expect("an info line");
    let winrate = sabaki.split(' ').nth(6).unwrap();
    assert!(winrate.parse::<u32>().is_ok_and(|w| w <= 10000), "{sabaki}");
    assert_eq!(replies[5], "=6 Tengen");
}

/// GoGui's best-moves and variation displays are valid `gfx`: labels with
/// visit counts, influence within −1..1, and a `VAR` of alternating moves
/// from the side to move.
#[test]
fn gogui_gfx_best_moves_and_pv() {
    let out = transcript("boardsize 9\nplay b e5\ntengen-best_moves\ntengen-pv\n");
    let replies: Vec<&str> = out.split_terminator("\n\n").collect();
    let gfx: Vec<&str> = replies[2].strip_prefix("= ").unwrap().lines().collect();
    assert!(gfx[0].starts_with("INFLUENCE "), "{out}");
    let influence: Vec<&str> = gfx[0].split(' ').skip(1).collect();
    for pair in influence.chunks(2) {
        let v: f32 = pair[1].parse().unwrap();
        assert!((-1.0..=0.0).contains(&v), "White to move: {v}");
    }
    assert!(gfx[1].starts_with("LABEL "));
    // Labels fit a point (GoGui shows about three characters); the full
    // visit counts are in the text line.
    let labels: Vec<&str> = gfx[1].split(' ').skip(1).collect();
    for pair in labels.chunks(2) {
        assert!(pair[1].len() <= 4, "label {:?} too long: {out}", pair[1]);
    }
    assert!(gfx[2].starts_with("TEXT White to move: "));
    assert!(gfx[2].contains("; visits "), "{out}");
    let var: Vec<&str> = replies[3]
        .strip_prefix("= VAR ")
        .unwrap()
        .split(' ')
        .collect();
    assert!(var.len() >= 2 && var.len().is_multiple_of(2), "{out}");
    for (i, pair) in var.chunks(2).enumerate() {
        assert_eq!(pair[0], if i % 2 == 0 { "w" } else { "b" });
        assert!(pair[1] != "E5");
    }
}

/// With no move but pass (found by the soak: 4×4 and 5×5 boards full of
/// eyes), analysis answers an empty stream, `=` and one empty line, and
/// never a stray blank line; `*genmove_analyze` answers `play pass`.
#[test]
fn analysis_without_candidates_is_well_framed() {
    // Black owns the board with two one-point eyes, A1 and C3.
    let setup = "boardsize 3\nplay b a2\nplay b a3\nplay b b1\nplay b b2\nplay b b3\nplay b c1\nplay b c2\n";
    let out = transcript(&format!(
        "{setup}1 lz-analyze w 5\n2 name\n3 kata-analyze w 5\n4 lz-genmove_analyze w 5\n5 name\n"
    ));
    let tail = out.split_once("=1").map(|(_, t)| t).unwrap();
    assert_eq!(
        tail, "\n\n=2 Tengen\n\n=3\n\n=4\nplay pass\n\n=5 Tengen\n\n",
        "{out}"
    );
}

/// End of input during `lz-analyze` ends the stream and the session
/// (the binary exits instead of analysing forever), and a lone
/// `handle_line` reports once and returns.
#[test]
fn analysis_ends_with_the_input() {
    let out = transcript("boardsize 5\nlz-analyze b 10\n");
    assert!(out.starts_with("= \n\n=\ninfo move "), "{out}");
    assert!(out.ends_with("\n\n"));
    let mut engine = engine();
    let reply = gtp::handle_line(&mut engine, b"lz-analyze w 10").unwrap();
    assert!(
        reply.text.starts_with("=\ninfo move ") && reply.text.ends_with("\n\n"),
        "{}",
        reply.text
    );
}

/// `--help` documents the flags and the default komi.
#[test]
fn help_documents_flags() {
    let out = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for flag in [
        "--seed",
        "--komi",
        "--size",
        "--verbose",
        "benchmark",
        "6.5",
    ] {
        assert!(help.contains(flag), "--help lacks {flag}");
    }
}

/// `tengen score` as a user runs it: one line per record, an error line
/// for a file it cannot read, the summary, and exit status 1 only when no
/// record could be scored.
#[test]
fn score_subcommand() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
            .arg("score")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("tengen runs")
    };
    let out = run(&[
        "gtp-tests/games/scoring/straight-three.sgf",
        "gtp-tests/no-such-record.sgf",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "straight-three.sgf: B+71.5 (recorded ?): no counted result [9x9, japanese, komi 6.5]"
        ),
        "{text}"
    );
    assert!(text.contains("no-such-record.sgf: error: "), "{text}");
    assert!(text.contains("2 records in"), "{text}");
    let out = run(&[
        "--rules",
        "chinese",
        "--json",
        "gtp-tests/games/scoring/straight-three.sgf",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with('{') && text.trim_end().ends_with('}'),
        "{text}"
    );
    assert!(text.contains("\"result\":\"B+74.5\""), "{text}");
    assert!(
        text.contains("\"white\":[\"D1\",\"A2\",\"B2\",\"C2\",\"D2\"]"),
        "{text}"
    );
    assert!(!run(&["gtp-tests/no-such-record.sgf"]).status.success());
}
