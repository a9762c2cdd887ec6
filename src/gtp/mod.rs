//! The Go Text Protocol layer: reading command lines, parsing, dispatching
//! to the [`Engine`] and writing framed responses.
//!
//! Input is read on its own thread, line by line as bytes, and handed over
//! a channel. Commands are answered strictly in arrival order. The channel
//! is what lets a long-running command (a search, an analysis stream) be
//! interrupted later by the next input line: the command can poll the
//! receiver while it works. Pondering (`ponder.rs`) runs in a thread of
//! its own while the loop waits for input; the engine stops it before
//! each command.
//!
//! Standard output carries responses only; logs go to standard error.

pub mod analyze;
pub mod command;
pub mod engine;
pub mod error;
pub mod gogui;
pub mod judgement_cache;
pub mod options;
pub mod parser;
pub mod ponder;
pub mod response;
pub mod scoring;
pub mod search_komi;
pub mod signal;

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc;
use std::thread;

pub use command::Command;
pub use engine::Engine;
pub use error::GtpError;
pub use options::EngineOptions;

/// What one input line produced.
#[derive(Debug, PartialEq, Eq)]
pub struct Reply {
    /// The framed response, ready to write.
    pub text: String,
    /// True after `quit`: the session ends once this is written.
    pub quit: bool,
}

/// What a running command may ask of the session.
pub trait Host {
    /// True when GoGui's `# interrupt` arrived (it is consumed).
    fn interrupted(&mut self) -> bool;
    /// True when any other input line is waiting (it stays queued).
    fn input_waiting(&mut self) -> bool;
    /// Writes `text` (whole lines) at once as part of the current response;
    /// the first call also writes the `=[id]` line.
    fn stream(&mut self, text: &str);
}

/// A host for one command on its own: nothing interrupts it, no further
/// input will come (so analysis reports once and ends), and streamed
/// output is kept for the reply.
#[derive(Default)]
pub struct QuietHost {
    streamed: String,
}

impl Host for QuietHost {
    fn interrupted(&mut self) -> bool {
        false
    }

    fn input_waiting(&mut self) -> bool {
        true
    }

    fn stream(&mut self, text: &str) {
        self.streamed.push_str(text);
    }
}

/// Writes the `=[id]` line before the first streamed text.
struct Responder<'a> {
    id: Option<&'a str>,
    host: &'a mut dyn Host,
    started: bool,
}

impl Host for Responder<'_> {
    fn interrupted(&mut self) -> bool {
        self.host.interrupted()
    }

    fn input_waiting(&mut self) -> bool {
        self.host.input_waiting()
    }

    fn stream(&mut self, text: &str) {
        if !self.started {
            self.started = true;
            self.host.stream(&format!("={}\n", self.id.unwrap_or("")));
        }
        self.host.stream(text);
    }
}

/// Handles one raw input line (without its LF): preprocessing, parsing and
/// execution. `None` for lines that preprocessing drops (blank or comment).
/// Streamed output (analysis) is included in the reply text.
pub fn handle_line(engine: &mut Engine, raw: &[u8]) -> Option<Reply> {
    let mut host = QuietHost::default();
    let reply = handle_line_with(engine, raw, &mut host);
    reply.map(|r| Reply {
        text: host.streamed + &r.text,
        quit: r.quit,
    })
}

/// [`handle_line`] for a live session: long-running commands poll `host`
/// for interrupts and new input and stream through it; the reply holds
/// what is left to write.
pub fn handle_line_with(engine: &mut Engine, raw: &[u8], host: &mut dyn Host) -> Option<Reply> {
    let line = parser::preprocess(raw)?;
    let parsed = parser::command_line(&line);
    let id = parsed.id.as_deref();
    let result = command::parse_command(parsed.name, parsed.args, engine.switches());
    let quit = matches!(result, Ok(Command::Quit));
    let mut responder = Responder {
        id,
        host,
        started: false,
    };
    let result = result.and_then(|command| {
        log::debug!("command {command:?}");
        catch_unwind(AssertUnwindSafe(|| {
            engine.execute_with(command, &mut responder)
        }))
        .unwrap_or_else(|_| {
            log::error!("command panicked: {}", String::from_utf8_lossy(&line));
            Err(GtpError::Internal)
        })
    });
    let text = match result {
        // A streamed response ends with its last lines and an empty line.
        Ok(body) if responder.started => {
            if body.is_empty() {
                "\n".to_string()
            } else {
                format!("{body}\n\n")
            }
        }
        Ok(body) => response::frame(true, id, &body),
        Err(e) if responder.started => format!("{e}\n\n"),
        Err(e) => response::frame(false, id, &e.to_string()),
    };
    Some(Reply { text, quit })
}

/// The session's side of [`Host`]: the input channel, the queue of lines
/// that arrived during a command, and the output.
struct Session<'a, W: Write> {
    lines: &'a mpsc::Receiver<Vec<u8>>,
    pending: &'a mut VecDeque<Vec<u8>>,
    output: &'a mut W,
    /// The first write error; the session ends after the command.
    error: Option<io::Error>,
    /// Whether the input has ended (a running analysis then stops).
    closed: bool,
}

impl<W: Write> Session<'_, W> {
    fn drain(&mut self) -> bool {
        let mut interrupt = false;
        loop {
            match self.lines.try_recv() {
                Ok(next) if is_interrupt(&next) => interrupt = true,
                Ok(next) => self.pending.push_back(next),
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => {
                    self.closed = true;
                    break;
                }
            }
        }
        interrupt
    }
}

impl<W: Write> Host for Session<'_, W> {
    fn interrupted(&mut self) -> bool {
        // Both sources are consumed: `|`, not `||`.
        self.drain() | signal::take_sigint()
    }

    fn input_waiting(&mut self) -> bool {
        self.drain() || !self.pending.is_empty() || self.closed
    }

    fn stream(&mut self, text: &str) {
        if self.error.is_none()
            && let Err(e) = self
                .output
                .write_all(text.as_bytes())
                .and_then(|()| self.output.flush())
        {
            self.error = Some(e);
        }
    }
}

/// Runs a GTP session until `quit` or end of input, reading `input` on a
/// separate thread and writing responses to `output`, flushing after each.
///
/// # Errors
/// An I/O error writing `output` (the controller went away).
pub fn run<R, W>(input: R, mut output: W, engine: &mut Engine) -> io::Result<()>
where
    R: Read + Send + 'static,
    W: Write,
{
    let (sender, lines) = mpsc::channel::<Vec<u8>>();
    thread::spawn(move || {
        let mut reader = BufReader::new(input);
        loop {
            let mut line = Vec::new();
            match read_line_capped(&mut reader, &mut line, MAX_LINE_BYTES) {
                Ok(0) => break,
                Ok(_) => {
                    if sender.send(line).is_err() {
                        break;
                    }
                }
                Err(e) => {
                    log::warn!("reading input: {e}");
                    break;
                }
            }
        }
    });
    // Lines that arrived while a command was running, to answer next.
    let mut pending: VecDeque<Vec<u8>> = VecDeque::new();
    loop {
        let line = match pending.pop_front() {
            Some(line) => line,
            None => match lines.recv() {
                Ok(line) => line,
                Err(_) => break,
            },
        };
        // A SIGINT that came while no command ran interrupts nothing.
        signal::take_sigint();
        let mut session = Session {
            lines: &lines,
            pending: &mut pending,
            output: &mut output,
            error: None,
            closed: false,
        };
        let reply = handle_line_with(engine, &line, &mut session);
        if let Some(e) = session.error {
            return Err(e);
        }
        if let Some(reply) = reply {
            output.write_all(reply.text.as_bytes())?;
            output.flush()?;
            if reply.quit {
                break;
            }
        }
    }
    Ok(())
}

/// Longest input line kept; the rest of a longer line is read and dropped
/// (the command then fails to parse), so no line can exhaust memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Reads one line into `line` without its newline, keeping at most `cap`
/// bytes of it. Returns the bytes consumed (0 at end of input).
fn read_line_capped<R: BufRead>(
    reader: &mut R,
    line: &mut Vec<u8>,
    cap: usize,
) -> io::Result<usize> {
    let mut consumed = 0;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok(consumed);
        }
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..end], Some(end + 1)),
            None => (buffer, None),
        };
        let room = cap.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = done.unwrap_or(buffer.len());
        reader.consume(used);
        consumed += used;
        if done.is_some() {
            return Ok(consumed);
        }
    }
}

/// GoGui's interrupt: the raw line `# interrupt`, seen before preprocessing
/// (which would drop it as a comment).
fn is_interrupt(raw: &[u8]) -> bool {
    raw.trim_ascii() == b"# interrupt"
}
