"""One GTP exchange with an engine process, for the scripts here.

`send(proc, command)` writes the command, reads the response up to its
blank line and returns its body (without the leading `=`); a `?` response
or an engine that exits raises RuntimeError. Standard library only.
"""


def send(proc, command):
    proc.stdin.write(command + "\n")
    proc.stdin.flush()
    lines = []
    while True:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("engine died during %r" % command)
        line = line.rstrip("\n")
        if line == "" and lines:
            break
        if line:
            lines.append(line)
    text = "\n".join(lines)
    if not text.startswith("="):
        raise RuntimeError("%r failed: %s" % (command, text))
    return text[1:].strip()
