//! The Go Text Protocol layer: reading command lines, parsing, dispatching
//! to the [`Engine`] and writing framed responses.
//!
//! Input is read on its own thread, line by line as bytes, and handed over
//! a channel. Commands are answered strictly in arrival order. The channel
//! is what lets a long-running command (a search, an analysis stream) be
//! interrupted later by the next input line: the command can poll the
//! receiver while it works.
//!
//! Standard output carries responses only; logs go to standard error.

pub mod command;
pub mod engine;
pub mod error;
pub mod parser;
pub mod response;

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc;
use std::thread;

pub use command::Command;
pub use engine::{Engine, EngineOptions};
pub use error::GtpError;

/// What one input line produced.
#[derive(Debug, PartialEq, Eq)]
pub struct Reply {
    /// The framed response, ready to write.
    pub text: String,
    /// True after `quit`: the session ends once this is written.
    pub quit: bool,
}

/// Handles one raw input line (without its LF): preprocessing, parsing and
/// execution. `None` for lines that preprocessing drops (blank or comment).
pub fn handle_line(engine: &mut Engine, raw: &[u8]) -> Option<Reply> {
    handle_line_with(engine, raw, &mut || false)
}

/// [`handle_line`], with `interrupted` polled by long-running commands: it
/// returns true when the controller asked to stop (GoGui's `# interrupt`),
/// and the command then answers with what it has.
pub fn handle_line_with(
    engine: &mut Engine,
    raw: &[u8],
    interrupted: &mut dyn FnMut() -> bool,
) -> Option<Reply> {
    let line = parser::preprocess(raw)?;
    let parsed = parser::command_line(&line);
    let id = parsed.id.as_deref();
    let result = command::parse_command(parsed.name, parsed.args);
    let quit = matches!(result, Ok(Command::Quit));
    let result = result.and_then(|command| {
        log::debug!("command {command:?}");
        catch_unwind(AssertUnwindSafe(|| {
            engine.execute_with(command, interrupted)
        }))
        .unwrap_or_else(|_| {
            log::error!("command panicked: {}", String::from_utf8_lossy(&line));
            Err(GtpError::Internal)
        })
    });
    let text = match result {
        Ok(body) => response::frame(true, id, &body),
        Err(e) => response::frame(false, id, &e.to_string()),
    };
    Some(Reply { text, quit })
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
            match reader.read_until(b'\n', &mut line) {
                Ok(0) => break,
                Ok(_) => {
                    if line.last() == Some(&b'\n') {
                        line.pop();
                    }
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
        let mut interrupted = || {
            while let Ok(next) = lines.try_recv() {
                if is_interrupt(&next) {
                    return true;
                }
                pending.push_back(next);
            }
            false
        };
        if let Some(reply) = handle_line_with(engine, &line, &mut interrupted) {
            output.write_all(reply.text.as_bytes())?;
            output.flush()?;
            if reply.quit {
                break;
            }
        }
    }
    Ok(())
}

/// GoGui's interrupt: the raw line `# interrupt`, seen before preprocessing
/// (which would drop it as a comment).
fn is_interrupt(raw: &[u8]) -> bool {
    raw.trim_ascii() == b"# interrupt"
}
