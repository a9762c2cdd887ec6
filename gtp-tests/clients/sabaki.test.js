'use strict'

// Drives the real Tengen binary through @sabaki/gtp, the GTP library that the
// Sabaki board uses, the way Sabaki's EngineSyncer does: a Controller started
// with the engine's path and arguments, a ControllerStateTracker that syncs
// {komi, boardsize, history} to the engine (replaying with clear_board or
// rewinding with undo), analysis commands streamed through a subscriber and
// stopped by sending another command, and `quit` on close.
//
// Run with `npm test` in this folder. The engine is taken from $TENGEN_BIN,
// else ../../target/release/tengen (build it with `cargo build --release`).

const {describe, it, before, after} = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')

const {Controller, ControllerStateTracker, Command} = require('@sabaki/gtp')

const ENGINE = path.resolve(
  process.env.TENGEN_BIN ||
    path.join(__dirname, '..', '..', 'target', 'release', 'tengen')
)
const ENGINE_ARGS = ['--seed', '1', '--playouts', '300', '--threads', '1', 'gtp']

const SIZE = 9
const LETTERS = 'ABCDEFGHJ' // the 9x9 columns; GTP skips I

// ---------------------------------------------------------------------------
// Helpers

function isVertex9(v) {
  let m = /^([A-HJ])([1-9])$/.exec(v)
  return m != null
}

// Rows of the expected board, top (row 9) to bottom (row 1), as strings of
// '.', 'X' (black) and 'O' (white).
function expectedBoard({B = [], W = []}) {
  let grid = Array.from({length: SIZE}, () => Array(SIZE).fill('.'))
  for (let [stones, c] of [
    [B, 'X'],
    [W, 'O']
  ]) {
    for (let v of stones) {
      assert.ok(isVertex9(v), `bad vertex in expectation: ${v}`)
      let x = LETTERS.indexOf(v[0])
      let y = SIZE - +v.slice(1)
      grid[y][x] = c
    }
  }
  return grid.map(row => row.join(''))
}

// Reads the stones off a `showboard` answer: the lines that start and end with
// the same row number hold one cell per column.
function parseShowboard(content) {
  let rows = new Map()
  for (let line of content.split('\n')) {
    let m = /^\s*(\d+)\s+(.*?)\s+(\d+)\s*$/.exec(line)
    if (m == null || m[1] !== m[3]) continue
    let cells = m[2].trim().split(/\s+/)
    if (cells.length !== SIZE) continue
    rows.set(
      +m[1],
      cells.map(c => (c === 'X' ? 'X' : c === 'O' ? 'O' : '.')).join('')
    )
  }
  assert.equal(rows.size, SIZE, `showboard did not show ${SIZE} rows:\n${content}`)
  return Array.from({length: SIZE}, (_, i) => rows.get(SIZE - i))
}

function cellAt(board, v) {
  return board[SIZE - +v.slice(1)][LETTERS.indexOf(v[0])]
}

// Parses one `info ...` line of lz-analyze output the way Sabaki reads it: the
// line holds one or more candidates, each starting with `info`; a candidate is
// key/value pairs followed by the principal variation, which is the trailing
// run of vertices (or passes) after the `pv` key. The variation is cut at its
// first pass, and candidates whose move is not a board vertex are dropped.
function parseLzAnalyzeLine(line) {
  const MOVE = /^(pass|[A-Za-z]\d+)$/i
  let candidates = []

  for (let chunk of line.split(/(?:^|\s+)info\s+/).slice(1)) {
    let tokens = chunk.trim().split(/\s+/)
    let start = tokens.length
    while (start > 0 && MOVE.test(tokens[start - 1])) start--
    if (start === tokens.length) continue // no variation at all

    let pvKey = tokens[start - 1]
    let pairs = tokens.slice(0, Math.max(start - 1, 0))
    let fields = {}
    for (let i = 0; i + 1 < pairs.length; i += 2) fields[pairs[i]] = pairs[i + 1]

    let pv = tokens.slice(start)
    let pass = pv.findIndex(x => x.toLowerCase() === 'pass')
    if (pass >= 0) pv = pv.slice(0, pass)

    if (fields.move == null || !/^[A-Za-z]\d+$/.test(fields.move)) continue

    candidates.push({
      move: fields.move,
      visits: fields.visits,
      winrate: fields.winrate,
      fields,
      pvKey,
      oddPairs: pairs.length % 2 !== 0,
      pv
    })
  }

  return candidates
}

function delay(ms) {
  return new Promise(resolve => setTimeout(resolve, ms))
}

async function waitFor(predicate, timeoutMs, what) {
  let deadline = Date.now() + timeoutMs
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await delay(20)
  }
}

// ---------------------------------------------------------------------------
// One engine session for the whole file, as in a Sabaki window.

describe('Tengen driven by @sabaki/gtp (as Sabaki does)', () => {
  let controller
  let tracker
  let sent = [] // every command string written to the engine, in order
  let transcript = [] // every line the engine wrote on stdout, in order
  let stderr = []
  let attach // the four commands Sabaki sends when the engine starts

  async function send(name, ...args) {
    return controller.sendCommand({name, args})
  }

  async function board() {
    let res = await send('showboard')
    assert.equal(res.error, false, `showboard failed: ${res.content}`)
    return parseShowboard(res.content)
  }

  // The first of `names` the engine knows, as Sabaki chooses its analysis
  // and genmove commands (the tracker answers from list_commands).
  async function firstKnown(names) {
    for (let name of names) {
      if (await tracker.knowsCommand(name)) return name
    }
    return null
  }

  // Runs fn and returns the commands written to the engine meanwhile.
  async function commandsDuring(fn) {
    let from = sent.length
    await fn()
    return sent.slice(from)
  }

  before(() => {
    assert.ok(
      fs.existsSync(ENGINE),
      `engine binary not found at ${ENGINE}: build it with ` +
        '`cargo build --release` or set TENGEN_BIN'
    )

    controller = new Controller(ENGINE, ENGINE_ARGS, {
      cwd: path.dirname(ENGINE)
    })
    tracker = new ControllerStateTracker(controller)

    controller.on('command-sent', ({command}) => {
      sent.push(Command.toString(command))
    })
    controller.on('stderr', ({content}) => stderr.push(content))

    controller.on('started', () => {
      let buffer = ''
      controller.process.stdout.on('data', data => {
        buffer += data.toString()
        let lines = buffer.split('\n')
        buffer = lines.pop()
        transcript.push(...lines)
      })

      // EngineSyncer's 'started' handler: these four, pipelined, no ids.
      attach = Promise.all([
        controller.sendCommand({name: 'name'}),
        controller.sendCommand({name: 'version'}),
        controller.sendCommand({name: 'protocol_version'}),
        controller.sendCommand({name: 'list_commands'})
      ])
    })

    controller.start()
  })

  after(async () => {
    if (controller != null && controller.process != null) await controller.kill()
    if (process.env.TENGEN_TEST_VERBOSE && stderr.length > 0) {
      console.error(stderr.join('\n'))
    }
  })

  it('1. attaches: name, version, protocol_version, list_commands', {timeout: 10000}, async () => {
    let [name, version, protocolVersion, listCommands] = await attach

    assert.deepEqual(sent.slice(0, 4), [
      'name',
      'version',
      'protocol_version',
      'list_commands'
    ])
    for (let res of [name, version, protocolVersion, listCommands]) {
      assert.equal(res.error, false, `error answer: ${res.content}`)
      assert.equal(res.id, null, 'answer to a command without id carries an id')
    }
    // The raw answers have no id either: "=" then a space or the line end.
    for (let line of transcript.filter(l => l.startsWith('='))) {
      assert.match(line, /^=( |$)/, `raw answer with an id: ${JSON.stringify(line)}`)
    }

    assert.equal(name.content, 'Tengen')
    assert.match(version.content, /^\S+$/)
    assert.equal(protocolVersion.content, '2')

    let commands = listCommands.content.split('\n').map(x => x.trim())
    for (let c of [
      'protocol_version',
      'name',
      'version',
      'list_commands',
      'quit',
      'boardsize',
      'clear_board',
      'komi',
      'play',
      'genmove',
      'undo',
      'set_free_handicap',
      'showboard',
      'analyze',
      'genmove_analyze',
      'kata-analyze',
      'kata-genmove_analyze',
      'lz-analyze',
      'lz-genmove_analyze'
    ]) {
      assert.ok(commands.includes(c), `list_commands lacks ${c}`)
    }

    // The tracker learnt the command list from that answer: asking it
    // again must not send list_commands a second time.
    let extra = await commandsDuring(async () => {
      assert.equal(await tracker.knowsCommand('undo'), true)
      assert.equal(await tracker.knowsCommand('set_free_handicap'), true)
      assert.equal(await tracker.knowsCommand('frobnicate'), false)
    })
    assert.deepEqual(extra, [])
  })

  // The first position: two black stones placed as a handicap (Sabaki sends a
  // root AB of two or more stones on an empty engine board through
  // set_free_handicap), then White captures a black stone in the corner:
  //
  //    9  . . . . . . . O x      (x captured by W J8)
  //    8  . . . . . . . . O
  //    7  . . X . . . . . .
  //    4  . . . X . . . . .
  //    3  . . . . . . X . .
  const FIRST = {
    komi: 6.5,
    boardsize: [9, 9],
    history: [
      {name: 'set_free_handicap', args: ['C7', 'G3']},
      {name: 'play', args: ['W', 'H9']},
      {name: 'play', args: ['B', 'J9']},
      {name: 'play', args: ['W', 'J8']},
      {name: 'play', args: ['B', 'D4']}
    ]
  }

  it('2. syncs komi, board size, handicap and moves into the engine', {timeout: 10000}, async () => {
    let cmds = await commandsDuring(() => tracker.sync(FIRST))

    assert.deepEqual(cmds, [
      'komi 6.5',
      'boardsize 9',
      'clear_board',
      'set_free_handicap C7 G3',
      'play W H9',
      'play B J9',
      'play W J8',
      'play B D4'
    ])
    assert.deepEqual(tracker.state.history, FIRST.history)
    assert.equal(tracker.state.komi, 6.5)
    assert.deepEqual(tracker.state.boardsize, [9, 9])

    assert.deepEqual(
      await board(),
      expectedBoard({B: ['C7', 'G3', 'D4'], W: ['H9', 'J8']})
    )

    // Occupied points are illegal; the captured point is empty again.
    let occupied = await send('play', 'W', 'C7')
    assert.equal(occupied.error, true)
    assert.equal(occupied.content, 'illegal move')
    assert.equal((await send('is_legal', 'W', 'G3')).content, '0')
    assert.equal((await send('is_legal', 'W', 'D4')).content, '0')
    assert.equal((await send('is_legal', 'W', 'J9')).content, '1')
    assert.equal((await send('is_legal', 'W', 'E5')).content, '1')
    // The failed play was not recorded by the tracker.
    assert.deepEqual(tracker.state.history, FIRST.history)

    let sgf = await send('printsgf')
    assert.equal(sgf.error, false)
    assert.match(sgf.content, /SZ\[9\]/)
    assert.match(sgf.content, /KM\[6\.5\]/)
    assert.match(sgf.content, /AB(\[[a-i]{2}\]){2}/)
    assert.match(sgf.content, /;W\[ha\]\s*;B\[ia\]\s*;W\[ib\]\s*;B\[df\]\s*\)\s*$/)
  })

  it('3. resyncs a shorter history with undo, then a rewritten continuation', {timeout: 10000}, async () => {
    // Back two moves: W J8's capture is undone, so J9 is black again.
    let shorter = {...FIRST, history: FIRST.history.slice(0, 3)}
    let cmds = await commandsDuring(() => tracker.sync(shorter))
    assert.deepEqual(cmds, ['undo', 'undo'])
    assert.deepEqual(tracker.state.history, shorter.history)
    assert.deepEqual(
      await board(),
      expectedBoard({B: ['C7', 'G3', 'J9'], W: ['H9']})
    )

    // Another branch from after W H9: one undo, then the new moves.
    let branch = {
      ...FIRST,
      history: [
        ...FIRST.history.slice(0, 2),
        {name: 'play', args: ['B', 'E5']},
        {name: 'play', args: ['W', 'D6']},
        {name: 'play', args: ['B', 'F4']}
      ]
    }
    cmds = await commandsDuring(() => tracker.sync(branch))
    assert.deepEqual(cmds, ['undo', 'play B E5', 'play W D6', 'play B F4'])
    assert.deepEqual(tracker.state.history, branch.history)
    assert.deepEqual(
      await board(),
      expectedBoard({B: ['C7', 'G3', 'E5', 'F4'], W: ['H9', 'D6']})
    )
    assert.equal((await send('is_legal', 'B', 'J9')).content, '1')

    // Same history again: nothing to send.
    cmds = await commandsDuring(() => tracker.sync(branch))
    assert.deepEqual(cmds, [])

    // A different handicap and komi: nothing is shared, so the tracker
    // replays from clear_board.
    let other = {
      komi: 7,
      boardsize: [9, 9],
      history: [
        {name: 'set_free_handicap', args: ['D4', 'F6']},
        {name: 'play', args: ['W', 'E5']}
      ]
    }
    cmds = await commandsDuring(() => tracker.sync(other))
    assert.deepEqual(cmds, [
      'komi 7',
      'clear_board',
      'set_free_handicap D4 F6',
      'play W E5'
    ])
    assert.deepEqual(tracker.state.history, other.history)
    assert.deepEqual(
      await board(),
      expectedBoard({B: ['D4', 'F6'], W: ['E5']})
    )
    let sgf = await send('printsgf')
    assert.match(sgf.content, /KM\[7\]/)
    assert.match(sgf.content, /SZ\[9\]/)
  })

  it('4. answers pipelined commands in order', {timeout: 10000}, async () => {
    // Position: B D4 F6, W E5.
    let legal = v => (['D4', 'F6', 'E5'].includes(v) ? '0' : '1')
    let batch = []
    let id = 100

    for (let v of ['A1', 'D4', 'E5', 'F6', 'J9', 'C3', 'E4', 'F5']) {
      batch.push([{id: id++, name: 'is_legal', args: ['B', v]}, false, legal(v)])
      batch.push([{name: 'is_legal', args: ['W', v]}, false, legal(v)])
    }
    batch.push([{id: id++, name: 'frobnicate', args: []}, true, 'unknown command'])
    batch.push([{id: id++, name: 'known_command', args: ['undo']}, false, 'true'])
    batch.push([{name: 'known_command', args: ['frobnicate']}, false, 'false'])
    batch.push([{id: id++, name: 'protocol_version', args: []}, false, '2'])
    batch.push([{id: id++, name: 'showboard', args: []}, false, null])
    batch.push([{id: id++, name: 'name', args: []}, false, 'Tengen'])
    batch.push([{id: id++, name: 'play', args: ['W', 'D4']}, true, 'illegal move'])
    batch.push([{name: 'is_legal', args: ['W', 'D4']}, false, '0'])

    let received = []
    let onReceived = ({command}) => received.push(command)
    controller.on('response-received', onReceived)
    let responses
    try {
      responses = await Promise.all(
        batch.map(([command]) => controller.sendCommand(command))
      )
    } finally {
      controller.removeListener('response-received', onReceived)
    }

    assert.deepEqual(
      received.map(c => Command.toString(c)),
      batch.map(([c]) => Command.toString(c))
    )
    batch.forEach(([command, error, content], i) => {
      let res = responses[i]
      let what = `${Command.toString(command)} -> ${JSON.stringify(res)}`
      assert.equal(res.id, command.id == null ? null : command.id, what)
      assert.equal(res.error, error, what)
      if (content != null) assert.equal(res.content, content, what)
    })

    let shown = parseShowboard(responses[batch.findIndex(([c]) => c.name === 'showboard')].content)
    assert.deepEqual(shown, expectedBoard({B: ['D4', 'F6'], W: ['E5']}))
    // Nothing changed the position.
    assert.deepEqual(await board(), shown)
  })

  it('5. genmove B plays the move it answers', {timeout: 20000}, async () => {
    let before = await board()
    let res = await tracker.queueCommand({name: 'genmove', args: ['B']})

    assert.equal(res.error, false, `genmove failed: ${res.content}`)
    let move = res.content.toUpperCase()
    assert.ok(
      isVertex9(move) || move === 'PASS' || move === 'RESIGN',
      `not a vertex, pass or resign: ${res.content}`
    )

    let after = await board()
    if (isVertex9(move)) {
      assert.equal(cellAt(before, move), '.', `${move} was already occupied`)
      assert.equal(cellAt(after, move), 'X', `${move} is not black after genmove`)
      assert.equal((await send('is_legal', 'W', move)).content, '0')
      assert.deepEqual(tracker.state.history.at(-1), {name: 'play', args: ['B', move]})
    } else {
      assert.deepEqual(after, before)
    }
  })

  it('6. the analysis Sabaki picks streams info lines until the next command stops it', {timeout: 20000}, async () => {
    // Sabaki uses the first of these that the engine lists.
    let name = await firstKnown(['analyze', 'kata-analyze', 'lz-analyze'])
    assert.equal(name, 'analyze')
    let position = await board()
    let lines = []
    let ended = false
    let linesAfterEnd = []
    let order = []

    let t0 = transcript.length
    // Sabaki queues the analysis command through the state tracker ...
    // (The order of answers is taken from the controller's events: the
    // tracker's queue resolves its promises a few ticks later.)
    let onReceived = ({command}) => order.push(command.name)
    controller.on('response-received', onReceived)
    let analysis = tracker.queueCommand(
      {name, args: ['B', '10']},
      ({line, end}) => {
        if (ended) linesAfterEnd.push(line)
        else lines.push(line)
        if (end) ended = true
      }
    )

    let startedAt = Date.now()
    await waitFor(
      () => lines.some(l => l.startsWith('info ')) && Date.now() - startedAt >= 1000,
      10000,
      'an info line from lz-analyze'
    )
    let infoBeforeAbort = lines.filter(l => l.startsWith('info ')).length
    assert.equal(ended, false, 'lz-analyze ended by itself')
    assert.equal(controller.busy, true)

    // ... and stops it as EngineSyncer.sendAbort does.
    let abort = controller.sendCommand({name: 'protocol_version'})

    let [analysisRes, abortRes] = await Promise.all([analysis, abort])
    controller.removeListener('response-received', onReceived)

    assert.deepEqual(order, [name, 'protocol_version'])
    assert.equal(analysisRes.error, false)
    assert.equal(ended, true)
    assert.deepEqual(linesAfterEnd, [])
    assert.equal(abortRes.error, false)
    assert.equal(abortRes.content, '2')
    assert.ok(infoBeforeAbort >= 1, 'no info line streamed before the abort')

    // On the wire: "=", info lines, the blank line that ends the stream,
    // then the answer to protocol_version.
    let raw = transcript.slice(t0)
    let blank = raw.indexOf('')
    assert.ok(blank > 0, 'the stream never ended with a blank line')
    assert.match(raw[0], /^=\s*$/)
    for (let l of raw.slice(1, blank)) assert.match(l, /^info /)
    assert.deepEqual(raw.slice(blank, blank + 3), ['', '= 2', ''])
    assert.equal(raw.length, blank + 3, `unexpected output: ${JSON.stringify(raw.slice(blank))}`)

    let infoLines = lines.filter(l => l.startsWith('info '))
    assert.equal(infoLines.length, blank - 1, 'an info line did not reach the subscriber')
    for (let line of infoLines) {
      let candidates = parseLzAnalyzeLine(line)
      assert.ok(candidates.length >= 1, `no candidate in: ${line}`)
      let seen = new Set()
      for (let c of candidates) {
        let what = `${c.move} in: ${line}`
        assert.equal(c.pvKey, 'pv', `no pv key before the variation of ${what}`)
        assert.equal(c.oddPairs, false, `a key without a value for ${what}`)
        assert.ok(isVertex9(c.move), `not a 9x9 vertex: ${what}`)
        assert.equal(cellAt(position, c.move), '.', `candidate on a stone: ${what}`)
        assert.ok(!seen.has(c.move), `candidate twice: ${what}`)
        seen.add(c.move)
        assert.match(String(c.visits), /^\d+$/, `visits: ${what}`)
        assert.ok(Number.isFinite(+c.visits))
        assert.match(String(c.winrate), /^\d+$/, `winrate is not an integer: ${what}`)
        assert.ok(+c.winrate >= 0 && +c.winrate <= 10000, `winrate out of range: ${what}`)
        assert.ok(c.pv.length >= 1, `empty pv: ${what}`)
        assert.equal(c.pv[0], c.move, `pv does not start with the move: ${what}`)
        for (let v of c.pv) assert.ok(isVertex9(v), `pv move ${v} off the board: ${what}`)
      }
      assert.ok(
        candidates.some(c => +c.visits > 0),
        `no candidate with visits in: ${line}`
      )
    }

    // The analysis left the position alone.
    assert.deepEqual(await board(), position)
  })

  it('6b. the genmove_analyze Sabaki picks: the tracker records the streamed play', {timeout: 20000}, async () => {
    // Sabaki uses the first of these that the engine lists.
    let name = await firstKnown(['genmove_analyze', 'kata-genmove_analyze', 'lz-genmove_analyze'])
    assert.equal(name, 'genmove_analyze')
    let position = await board()
    let lines = []
    let res = await tracker.queueCommand(
      {name, args: ['W', '10']},
      ({line}) => lines.push(line)
    )
    assert.equal(res.error, false)

    let plays = lines.filter(l => l.startsWith('play '))
    assert.equal(plays.length, 1, `expected one play line: ${JSON.stringify(lines)}`)
    let move = plays[0].slice(5).trim().toUpperCase()
    for (let l of lines.filter(l => l.startsWith('info '))) {
      for (let c of parseLzAnalyzeLine(l)) {
        assert.ok(isVertex9(c.move), `not a 9x9 vertex: ${c.move}`)
        assert.match(String(c.winrate), /^\d+$/)
      }
    }

    if (move !== 'RESIGN') {
      await waitFor(
        () => tracker.state.history.length > 0 && tracker.state.history.at(-1).args[0] === 'W',
        2000,
        'the tracker to record the move'
      )
      assert.deepEqual(tracker.state.history.at(-1), {name: 'play', args: ['W', move]})
    }
    let after = await board()
    if (isVertex9(move)) {
      assert.equal(cellAt(position, move), '.')
      assert.equal(cellAt(after, move), 'O', `${move} is not white after the move`)
    } else {
      assert.ok(move === 'PASS' || move === 'RESIGN', `bad move: ${move}`)
    }
  })

  it('7. quit is answered and the engine exits with code 0 within 3 s', {timeout: 10000}, async () => {
    let proc = controller.process
    assert.ok(proc != null, 'engine not running')
    let exited = new Promise(resolve =>
      proc.once('exit', (code, signal) => resolve({code, signal, at: Date.now()}))
    )
    let answers = []
    controller.on('response-received', ({command, response}) => {
      if (command.name === 'quit') answers.push(response)
    })

    let t0 = Date.now()
    // Sabaki closes an engine with Controller.stop(timeout): `quit`, then a
    // kill if quit is not answered in time. (Once quit is answered, stop()
    // waits for the exit without any limit, so the limit is enforced here.)
    let stopped = controller.stop(3000)
    let exit = await Promise.race([exited, delay(3000).then(() => null)])
    assert.ok(
      exit != null,
      `engine still running 3 s after quit (quit answered: ${answers.length > 0})`
    )
    await stopped
    let {code, signal, at} = exit

    assert.equal(answers.length, 1, 'quit was not answered')
    assert.equal(answers[0].error, false)
    assert.equal(signal, null, `engine was killed (${signal}) instead of exiting`)
    assert.equal(code, 0)
    assert.ok(at - t0 < 3000, `exit took ${at - t0} ms`)
    assert.equal(controller.process, null)
  })
})
