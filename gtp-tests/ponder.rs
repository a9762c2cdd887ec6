//! Pondering through the real binary: `--ponder` searches on the
//! opponent's time after `genmove`, and every command still gets its
//! answer (and nothing else) on standard output, analysis included; `quit`
//! while pondering ends the process with status 0. No clock is read:
//! the answer latency is measured by `scripts/pondercheck.py`.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{ChildStdout, Command, Stdio};

/// Reads one response (up to its empty line), without the empty line.
fn response(out: &mut BufReader<ChildStdout>) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "output ended");
        let line = line.trim_end_matches('\n').to_string();
        if line.is_empty() {
            return lines;
        }
        lines.push(line);
    }
}

/// One-line success answer of `response`.
fn answer(out: &mut BufReader<ChildStdout>) -> String {
    let lines = response(out);
    assert_eq!(lines.len(), 1, "{lines:?}");
    let line = &lines[0];
    assert!(line.starts_with("= "), "{line:?}");
    line[2..].to_string()
}

/// genmove, then `name` while pondering, `play` of a reply, `genmove`
/// again (continuing the pondered tree), an analysis stopped by the next
/// line, and `quit` while pondering: each answer in order and framed, and
/// the process ends with status 0 having written nothing else.
#[test]
fn commands_while_pondering_get_their_answers() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args([
            "--ponder",
            "--size",
            "9",
            "--playouts",
            "3000",
            "--seed",
            "4",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut send = |line: &str| writeln!(stdin, "{line}").unwrap();

    send("genmove b");
    let first = answer(&mut out);
    assert!(first.len() >= 2 && first != "resign", "{first}");
    send("name");
    assert_eq!(answer(&mut out), "Tengen");
    // A reply that is not Black's stone.
    let reply = ["E5", "D4", "F6"]
        .into_iter()
        .find(|&v| !v.eq_ignore_ascii_case(&first))
        .unwrap();
    send(&format!("play w {reply}"));
    assert_eq!(answer(&mut out), "");
    send("genmove b");
    let second = answer(&mut out);
    assert!(
        second != first && second != reply && second.len() >= 2,
        "{second}"
    );
    // An analysis while pondering streams, and the next line ends it.
    send("lz-analyze w 10");
    let mut header = String::new();
    out.read_line(&mut header).unwrap();
    assert_eq!(header, "=\n");
    let mut info = String::new();
    out.read_line(&mut info).unwrap();
    assert!(info.starts_with("info move "), "{info:?}");
    send("version");
    let rest = response(&mut out);
    assert!(rest.iter().all(|l| l.starts_with("info move ")), "{rest:?}");
    assert_eq!(answer(&mut out), env!("CARGO_PKG_VERSION"));
    // Pondering resumed after those; quit stops it.
    send("quit");
    assert_eq!(answer(&mut out), "");
    let mut tail = String::new();
    out.read_to_string(&mut tail).unwrap();
    assert_eq!(tail, "", "nothing after quit's answer");
    assert!(child.wait().unwrap().success());
}
