"""The GTP client the scripts here share: one engine process and its
exchanges. Standard library only.

    engine = Engine("target/release/tengen --playouts 200", timeout=60)
    move = engine.ask("genmove b")         # the body; CommandFailed on `?`
    r = engine.send("final_score", cid=7)  # Response: r.ok, r.text, r.raw, r.seconds
    engine.close()                         # `quit`, then kill if it lingers

The command is a string (split as a shell would) or an argv list; `cwd` is
the folder to start it in; `stderr` is None (the engine's stderr is ours),
DEVNULL (discarded), "tail" (the last 20 lines kept for `stderr_tail()`), or
a file object. The engine's stdout is read with select(), so every read can
have a deadline: `send(..., timeout=S)` or the engine's default `timeout`
(None waits for ever). A response is the lines up to the first blank line
(blank lines before it are skipped), its first line `=[id] text` or
`?[id] text`; the body is the text after `=[id] ` with the lines after it.

Errors (all GTPError): EngineDied (end of output, or a write that fails),
EngineTimeout (no complete response by the deadline), ProtocolError (a
response that is not `=`/`?`, or with `strict`, anything else out of
order), CommandFailed (from `ask` only, on a `?` response).

`strict` (for the soak test) also makes output before a command, a carriage
return, bytes that are not UTF-8, and an answer id that is not the one sent
protocol errors; a blank line before a response is then reported through
`complain(message)` when that is set, and skipped. `journal`, if a list,
gets (name, ">>" or "<<", line) for every line sent and read; `cmdlog`, if
a file, gets every command line sent.
"""

import collections
import os
import re
import select
import shlex
import signal
import subprocess
import threading
import time
from subprocess import DEVNULL  # noqa: F401 - for Engine(..., stderr=DEVNULL)

HEADER_RE = re.compile(r"^([=?])(\d*)(?: (.*))?$")


class GTPError(Exception):
    pass


class EngineDied(GTPError):
    def __init__(self, message, cause=None):
        super().__init__(message)
        self.cause = cause  # the OSError of a failed write, else None


class EngineTimeout(GTPError):
    pass


class ProtocolError(GTPError):
    pass


class CommandFailed(GTPError):
    def __init__(self, message, response):
        super().__init__(message)
        self.response = response


class Response:
    """One response: ok (`=`), text (the body, stripped), raw (the lines as
    read, `=` and id included), id (the id as a string, "" without one),
    seconds (from sending the command to the blank line)."""

    def __init__(self, ok, text, seconds, raw="", ident=""):
        self.ok, self.text, self.seconds, self.raw, self.id = ok, text, seconds, raw, ident

    def lines(self):
        return self.text.split("\n") if self.text else []


def argv_of(command):
    return shlex.split(command) if isinstance(command, str) else list(command)


class Engine:
    def __init__(self, command, name="engine", cwd=None, stderr=None, timeout=None,
                 strict=False, journal=None, cmdlog=None, start=True):
        self.argv = argv_of(command)
        self.name, self.cwd, self.timeout, self.strict = name, cwd, timeout, strict
        self.journal, self.cmdlog = journal, cmdlog
        self.complain = None  # strict: called with a message for a stray blank line
        self.stderr_target = stderr
        self.proc = None
        if start:
            self.spawn()

    # ------------------------------------------------------------ process

    def spawn(self, stderr="same"):
        """Start (or start again) the process; stderr as for the constructor,
        by default what it was."""
        if stderr == "same":
            stderr = self.stderr_target
        self.stderr_target = stderr
        self._tail = None
        target = subprocess.PIPE if stderr == "tail" else stderr
        self.proc = subprocess.Popen(self.argv, cwd=self.cwd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=target, bufsize=0)
        self.fd = self.proc.stdout.fileno()
        self.buf = b""
        self.sent = 0
        if stderr == "tail":
            self._tail = collections.deque(maxlen=20)
            threading.Thread(target=self._pump_stderr, args=(self.proc.stderr, self._tail),
                             daemon=True).start()

    @staticmethod
    def _pump_stderr(stream, tail):
        try:
            for line in stream:
                tail.append(line.decode("utf-8", "replace").rstrip("\n"))
        except (OSError, ValueError):
            pass

    def clear_stderr(self):
        if self._tail is not None:
            self._tail.clear()

    def stderr_tail(self, n=20):
        """The last lines the engine wrote on stderr ("tail", or a file)."""
        if self._tail is not None:
            return list(self._tail)[-n:]
        name = getattr(self.stderr_target, "name", None)
        if not isinstance(name, str):
            return []
        try:
            self.stderr_target.flush()
            with open(name, "rb") as f:
                return f.read().decode("utf-8", "replace").splitlines()[-n:]
        except OSError:
            return []

    def watch_peak_rss(self):
        """Samples the process's resident memory (/proc) every 50 ms in a
        daemon thread while it runs; returns a one-item list holding the
        peak so far in KB."""
        peak_kb = [0]
        path = "/proc/%d/status" % self.proc.pid

        def sample():
            while self.alive():
                try:
                    with open(path) as status:
                        for line in status:
                            if line.startswith("VmRSS:"):
                                peak_kb[0] = max(peak_kb[0], int(line.split()[1]))
                except OSError:
                    pass
                time.sleep(0.05)

        threading.Thread(target=sample, daemon=True).start()
        return peak_kb

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def died_message(self):
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "stdout closed, process still running"
        rc = self.proc.returncode
        if rc < 0:
            return "killed by signal %s" % signal.Signals(-rc).name
        return "exited with status %d" % rc

    def kill(self):
        """Kill the process (if it still runs), reap it and close its pipes."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.kill()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                if stream:
                    stream.close()
            except OSError:
                pass

    def close(self, timeout=5):
        """`quit`, wait up to `timeout` seconds, then kill."""
        if self.alive():
            try:
                self.send("quit", timeout=timeout)
            except GTPError:
                pass
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                pass
        self.kill()

    def close_input(self, timeout=None):
        """Close the engine's stdin (end of commands) and wait for it to exit."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        self.proc.wait(timeout=timeout)

    # ------------------------------------------------------------ lines

    def _fill(self, deadline, what):
        remaining = None if deadline is None else deadline - time.monotonic()
        if remaining is not None and remaining <= 0:
            raise EngineTimeout("%s: no complete answer to %r within the time limit" % (self.name, what))
        ready, _, _ = select.select([self.fd], [], [], remaining)
        if not ready:
            raise EngineTimeout("%s: no complete answer to %r within the time limit" % (self.name, what))
        chunk = os.read(self.fd, 65536)
        if not chunk:
            raise EngineDied("%s: end of output during %r (%s)" % (self.name, what, self.died_message()))
        self.buf += chunk

    def read_line(self, deadline=None, what=""):
        """The next line of output, without its newline (nor, unless strict,
        its carriage return); `deadline` is a time.monotonic() value."""
        while b"\n" not in self.buf:
            self._fill(deadline, what)
        raw, self.buf = self.buf.split(b"\n", 1)
        if self.strict:
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise ProtocolError("%s: answer to %r is not UTF-8: %r" % (self.name, what, raw))
        else:
            line = raw.decode("utf-8", "replace")
        if line.endswith("\r"):
            if self.strict:
                raise ProtocolError("%s: carriage return in answer to %r" % (self.name, what))
            line = line[:-1]
        if self.journal is not None:
            self.journal.append((self.name, "<<", line))
        return line

    def check_quiet(self, what):
        """Anything on stdout before a command is sent is stray output."""
        while True:
            ready, _, _ = select.select([self.fd], [], [], 0)
            if not ready:
                break
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise EngineDied("%s: end of output before %r (%s)" % (self.name, what, self.died_message()))
            self.buf += chunk
        if self.buf:
            stray, self.buf = self.buf, b""
            raise ProtocolError("%s: stray output before %r: %r" % (self.name, what, stray[:200]))

    # ------------------------------------------------------------ exchanges

    def write(self, command, cid=None):
        """Send one line: the command, with `cid` in front when given."""
        text = "%s %s" % (cid, command) if cid is not None else command
        if self.journal is not None:
            self.journal.append((self.name, ">>", text))
        if self.cmdlog is not None:
            self.cmdlog.write(text + "\n")
            self.cmdlog.flush()
        self.sent += 1
        try:
            self.proc.stdin.write((text + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as e:
            raise EngineDied("%s: cannot write %r: %s (%s)" % (self.name, command, e, self.died_message()),
                             cause=e)

    def read_raw(self, command="", deadline=None):
        """The lines of one response, up to its blank line."""
        lines = []
        while True:
            line = self.read_line(deadline, command)
            if line == "":
                if lines:
                    return lines
                if self.strict and self.complain:
                    # recoverable: report it, skip the line and keep the process
                    self.complain("%s: stray blank line before the answer to %r" % (self.name, command))
                continue
            lines.append(line)

    def read_response(self, command="", deadline=None, cid=None):
        """(ok, body) of one response; see read_full for all of it."""
        r = self.read_full(command, deadline, cid)
        return r.ok, r.text

    def read_full(self, command="", deadline=None, cid=None, start=None):
        """One response as a Response (its seconds counted from `start`)."""
        lines = self.read_raw(command, deadline)
        m = HEADER_RE.match(lines[0])
        if not m:
            raise ProtocolError("%s: answer to %r does not start with = or ?: %r" % (self.name, command, lines[0]))
        if self.strict and (m.group(2) or None) != (str(cid) if cid is not None else None):
            raise ProtocolError("%s: answer id %r to %r (sent id %r)" % (self.name, m.group(2), command, cid))
        body = "\n".join([m.group(3) or ""] + lines[1:]).strip()
        seconds = time.monotonic() - start if start is not None else 0.0
        return Response(m.group(1) == "=", body, seconds, "\n".join(lines), m.group(2))

    def send(self, command, timeout=None, cid=None):
        """Send one command and read its response: a Response (ok False on `?`).
        `timeout` in seconds, default the engine's."""
        if timeout is None:
            timeout = self.timeout
        if self.strict:
            self.check_quiet(command)
        start = time.monotonic()
        self.write(command, cid)
        return self.read_full(command, None if timeout is None else start + timeout, cid, start)

    def ask(self, command, timeout=None, cid=None):
        """The body of the response to `command`; CommandFailed on `?`."""
        r = self.send(command, timeout, cid)
        if not r.ok:
            raise CommandFailed("%r failed: %s" % (command, r.raw), r)
        return r.text
