// The page of `dance serve`: every search goes to the JSON API (docs/serve.md).
'use strict';

const $ = id => document.getElementById(id);

// ---- requests

// The page's words for the API's error codes; for the input's own faults the server's message follows.
const problemWords = {
  bad_request: 'The server refused the request',
  unknown_reduction: 'The server does not know this puzzle',
  bad_option: 'That choice is not possible',
  parse_error: 'The {subject} could not be read',
  too_large: 'That is more than this server takes on',
  busy: 'The server is busy: try again in a moment',
  internal: 'The server failed on this request',
};
const detailed = new Set(['bad_request', 'bad_option', 'parse_error']);

// An error answer in the page's words: its code (or, from a server without codes, its HTTP status), and the
// first line of the server's message without the API's marks (the field "text: ", "options.").
function problem(status, body, subject) {
  const message = String(body.error || '');
  const code = body.code || {413: 'too_large', 503: 'busy', 500: 'internal'}[status] ||
               (/line \d+, column \d+/.test(message) ? 'parse_error' : 'bad_request');
  const words = status === 413 ? 'That is too much to send (1 MiB at most)'
    : (problemWords[code] || problemWords.bad_request).replace('{subject}', subject);
  const detail = plain(message);
  return new Error(detailed.has(code) && detail ? `${words}: ${detail}` : words + '.');
}

// The first line of a server's message without the API's marks ("text: ", "options."), for a player.
function plain(message) {
  return String(message).split('\n')[0].replace(/^text:\s*/, '')
    .replace(/\boptions\./g, '').replace(/\[json\.exception[^\]]*\]\s*/, '')
    .replace(/^line \d+: no solution: /, '').trim();
}

// A request to the API, given up when `signal` aborts. What it refuses, and unless `partial` a search that the
// time limit cut short, throw: Tab.run() says it. `subject` names the input in a message ("the puzzle").
async function api(endpoint, request, signal, {partial = false, subject = 'puzzle'} = {}) {
  let response, body;
  try {
    response = await fetch('/api/' + endpoint, {method: 'POST', headers: {'Content-Type': 'application/json'},
                                                body: JSON.stringify(request), signal});
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error('The server cannot be reached: is dance serve still running?');
  }
  try {
    body = await response.json();
  } catch (error) {
    if (signal.aborted) throw error;
    body = {};
  }
  signal.throwIfAborted();
  if (!response.ok) throw problem(response.status, body, subject);
  if (!partial && (body.status === 'unknown' || body.verdict === 'unknown'))
    throw new Error('Gave up: the time limit came first. Try again, or an easier choice.');
  return body;
}

function randomSeed() { return 1 + Math.floor(Math.random() * 1e9); }

// A full right board: the player's ("Solved!"), or the one Solve showed, which is no win.
const solvedWords = byDance => (byDance ? 'Solved by dance (Solve showed it).' : 'Solved!');

// "1 cell", "3 cells"; "a 9x9", "an 11x11".
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const article = what => (/^(8|11|18)/.test(what) ? 'an ' : 'a ') + what;
const capital = text => text[0].toUpperCase() + text.slice(1);

// What the player chose (tab, menus) and each game in progress, kept across a reload.
function remember(key, value) {
  try {
    localStorage.setItem('dance.' + key, JSON.stringify(value));
  } catch {
    // a browser without storage (or with it full) plays on without
  }
}
function recall(key) {
  try {
    return JSON.parse(localStorage.getItem('dance.' + key));
  } catch {
    return null;
  }
}

// `detail`, if any, follows in smaller words.
function say(tab, text, kind = '', detail = '') {
  const status = $(tab + '-status');
  status.textContent = text;
  status.className = 'status ' + kind;
  if (detail) element('small', {}, status).textContent = detail;
}

// One request at a time per tab: a newer one, or Stop, aborts the one before, whose answer is never shown.
class Tab {
  constructor(name) {
    this.name = name;
    this.controller = null;
    $(name + '-stop').addEventListener('click', () => {
      if (!this.controller) return;
      this.cancel();
      say(name, 'Stopped.');
    });
  }

  // Runs work(signal), saying `working` until it ends and its error (if it is still the tab's latest) after.
  async run(working, work) {
    if (this.controller) this.controller.abort();
    const controller = this.controller = new AbortController();
    $(this.name).setAttribute('aria-busy', 'true');
    $(this.name + '-stop').hidden = false;
    say(this.name, working, 'working');
    try {
      await work(controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) {
        say(this.name, error.message, 'bad');
        $(this.name + '-status').scrollIntoView({block: 'nearest'});  // a paste's error, far below the status
      }
    } finally {
      if (this.controller === controller) this.idle();
    }
  }

  // Gives up the request running, if any: what the player did since makes its answer stale.
  cancel() {
    if (this.controller) this.controller.abort();
    this.idle();
  }

  idle() {
    this.controller = null;
    $(this.name).removeAttribute('aria-busy');
    $(this.name + '-stop').hidden = true;
  }
}

function element(tag, attributes = {}, parent = null) {
  const made = ['svg', 'line', 'circle', 'text', 'g'].includes(tag)
    ? document.createElementNS('http://www.w3.org/2000/svg', tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (parent) parent.appendChild(made);
  return made;
}

const arrows = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};

// A board of cells that one Tab stop enters and the arrow keys move across (a roving tabindex).
function roving(cells, cell, focus = true) {
  cells.forEach((td, k) => td.setAttribute('tabindex', k === cell ? '0' : '-1'));
  if (focus) cells[cell].focus();
}

// The cell the arrow key of `event` leads to from `cell` on a board `width` x `height`, or -1.
function arrowMove(event, cell, width, height) {
  const step = arrows[event.key];
  if (!step || event.ctrlKey || event.altKey || event.metaKey) return -1;
  const r = Math.floor(cell / width) + step[0], c = cell % width + step[1];
  return r >= 0 && r < height && c >= 0 && c < width ? r * width + c : cell;
}

// ---- boards sized to the window
// A board's cells (--cell) as large as the window allows, up to 4.5rem: the board, and the sudoku's pad under it,
// on the first screen; at least 32 px (a finger's), so a board too large for the screen (16x16 on a phone)
// scrolls in its frame, which keeps the pad on the screen.
const fingerCell = 32;
function boardShape(board, columns, rows) {
  Object.assign(board.dataset, {columns, rows});
  fitBoards();
}

function fitBoards() {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  for (const board of document.querySelectorAll('.board[data-columns]')) {
    const drawing = board.firstElementChild;
    if (board.closest('section').hidden || !drawing) continue;
    const columns = Number(board.dataset.columns), rows = Number(board.dataset.rows);
    const pad = board.parentNode.querySelector('.pad');
    if (pad) pad.style.maxWidth = '';
    board.style.removeProperty('--cell');  // (the frame's own width first)
    const [padBox, frame] = [pad && pad.getBoundingClientRect(), board.getBoundingClientRect()];
    const padBelow = pad && padBox.left < frame.right && padBox.right > frame.left;  // (else beside it)
    const below = padBelow ? pad.offsetHeight + 2 * parseFloat(getComputedStyle(pad).marginTop) : 8;
    const room = innerHeight - (frame.top + scrollY) - below;
    board.style.maxHeight = Math.max(room, 4 * fingerCell) + 'px';
    const set = cell => board.style.setProperty('--cell', cell + 'px');
    let cell = Math.max(fingerCell, Math.min(4.5 * rem, Math.floor(Math.min((board.clientWidth - 8) / columns,
                                                                            (room - 8) / rows))));
    set(cell);
    // The borders add a little to each cell: down a pixel at a time until the board fits.
    while (cell > fingerCell &&
           (drawing.getBoundingClientRect().width > board.clientWidth || drawing.getBoundingClientRect().height > room))
      set(--cell);
    // The pad as wide as the board, or as its keys in one row where the screen has room.
    // Beside the board (a phone on its side) no wider than its own column, else its keys lie under the board.
    const keys = pad ? pad.children.length * (0.75 * fingerCell + 5) : 0;
    const column = pad && (padBelow ? pad.parentNode.clientWidth : frame.left - pad.parentNode.getBoundingClientRect().left -
                                                                   parseFloat(getComputedStyle(pad.parentNode).columnGap));
    if (pad) pad.style.maxWidth = Math.min(column, Math.max(drawing.getBoundingClientRect().width, keys)) + 'px';
  }
}
// A phone's address bar that hides as the page scrolls changes only the height: the board keeps its size then.
let fittedWidth = innerWidth;
addEventListener('resize', () => {
  if (innerWidth === fittedWidth && matchMedia('(pointer: coarse)').matches) return;
  fittedWidth = innerWidth;
  fitBoards();
});

// ---- tabs
const tabs = [...document.querySelectorAll('[role="tab"]')];
function showTab(tab, focus) {
  for (const other of tabs) {
    other.setAttribute('aria-selected', String(other === tab));
    other.setAttribute('tabindex', other === tab ? '0' : '-1');
    $(other.dataset.tab).hidden = other !== tab;
  }
  remember('tab', tab.dataset.tab);
  tab.scrollIntoView({block: 'nearest', inline: 'nearest'});  // a phone's row of tabs scrolls sideways
  if (focus) tab.focus();
  fitBoards();
}
tabs.forEach((tab, k) => {
  tab.addEventListener('click', () => showTab(tab, false));
  tab.addEventListener('keydown', event => {
    const next = {ArrowRight: k + 1, ArrowLeft: k - 1, Home: 0, End: tabs.length - 1}[event.key];
    if (next === undefined) return;
    event.preventDefault();
    showTab(tabs[(next + tabs.length) % tabs.length], true);
  });
});

// ---- sudoku
// dance's symbols: 1-9, then A, B, ... for 10, 11, ...
function symbolOf(value) { return value === 0 ? '.' : value <= 9 ? String(value) : String.fromCharCode(55 + value); }
function valueOf(symbol) {
  const c = symbol.toUpperCase();
  if (c >= '1' && c <= '9') return Number(c);
  if (c >= 'A' && c <= 'Z') return c.charCodeAt(0) - 55;
  return 0;
}

// The squarest boxes, as dance chooses them: R rows of C columns, R <= C (R = 1 for a prime).
function boxShape(n) {
  let rows = Math.floor(Math.sqrt(n));
  while (n % rows !== 0) --rows;
  return [rows, n / rows];
}

// ---- sudoku: reading what `dance solve sudoku` reads (reductions/sudoku/reader.cpp), for Paste
const blanks = '.0_*x';

// The content lines: no comment, no line of decoration alone.
function contentLines(text) {
  return text.split('\n').map(line => line.replace(/\r$/, '')).filter(line => !line.startsWith('#') && /[^\s|\-+=]/.test(line));
}

// A line's cells as dance splits them: between ` | - + = ,` one a character, or numbers when some have two digits.
function sudokuRow(line) {
  const tokens = line.split(/[\s|\-+=,]+/).filter(Boolean);
  const decimal = line.includes(',') || (tokens.length >= 2 && tokens.some(t => t.length >= 2) &&
                  tokens.every(t => /^\d+$/.test(t) || (t.length === 1 && blanks.includes(t))));
  if (decimal) return {cells: tokens, first: tokens.length, decimal};
  const spaced = tokens.length > 1 && tokens.every(t => t.length === 1);
  return {cells: [...tokens.join('')], first: spaced ? tokens.length : tokens[0].length, decimal};
}

function cellValue(token, decimal) {
  if (token.length === 1 && blanks.includes(token)) return 0;
  return decimal ? Number(token) : valueOf(token);
}

const validSize = (n, jigsaw) => n >= 4 && n <= 64 && (jigsaw || boxShape(n)[0] > 1);

// The first puzzle of `text`: a line of n*n cells, or a grid of n rows (a row of k*k cells followed by as many
// more is a grid, which dance reads with --box); a jigsaw's map after it. Null if the page cannot tell.
function sudokuRead(text) {
  const lines = contentLines(text);
  if (!lines.length) return null;
  const first = sudokuRow(lines[0]), width = first.cells.length;
  const root = Math.round(Math.sqrt(first.first));
  const gridOf = count => lines.length >= count &&
    lines.slice(0, count).every(line => sudokuRow(line).cells.length === count);
  let n, rows, box = null;
  if (root * root === first.first && validSize(root, true) && !(validSize(width, false) && gridOf(width))) {
    n = root;
    rows = [{cells: first.cells.slice(0, n * n), decimal: first.decimal}];
  } else if (validSize(width, true) && gridOf(width)) {
    n = width;
    rows = lines.slice(0, n).map(sudokuRow);
    if (root * root === first.first && validSize(root, true)) box = boxShape(n).join('x');
  } else {
    return null;
  }
  const clues = rows.flatMap(row => row.cells.map(token => cellValue(token, row.decimal)));
  const rest = lines.slice(rows.length).join('').replace(/\s/g, '');
  const map = rest.length >= n * n ? rest.slice(0, n * n) : null;
  if (!map && !validSize(n, false)) return null;
  return {n, clues, map, box};
}

// The values of a solution in whatever notation it comes (a line, a grid, numbers).
function sudokuValues(text, n) {
  return contentLines(text).flatMap(line => {
    const row = sudokuRow(line);
    return row.cells.map(token => cellValue(token, row.decimal));
  }).slice(0, n * n);
}

// ---- sudoku: the game
// values and marks per cell; history and future hold changes, each a list of [cell, before, after] with
// before and after as {value, marks}.
const sudoku = {
  size: 9, boxRows: 3, boxCols: 3, diagonals: false, regions: null, clues: [], solution: null, map: null,
  values: [], marks: [], shown: new Set(), hinted: new Set(), wrong: new Set(),
  selected: 0, pencil: false, history: [], future: [], elapsed: 0, since: null, solved: false, cells: [],
};
const sudokuTab = new Tab('sudoku');

function sudokuRegion(cell) {
  if (sudoku.regions) return sudoku.regions[cell];
  const n = sudoku.size, r = Math.floor(cell / n), c = cell % n;
  return Math.floor(r / sudoku.boxRows) * sudoku.boxRows + Math.floor(c / sudoku.boxCols);
}

function onDiagonal(cell) {
  const n = sudoku.size, r = Math.floor(cell / n), c = cell % n;
  return [sudoku.diagonals && r === c, sudoku.diagonals && r + c === n - 1];
}

function sudokuUnits() {
  const n = sudoku.size, units = [];
  const regions = [...Array(n)].map(() => []);
  for (let cell = 0; cell < n * n; ++cell) regions[sudokuRegion(cell)].push(cell);
  for (let i = 0; i < n; ++i) {
    const row = [], column = [];
    for (let j = 0; j < n; ++j) {
      row.push(i * n + j);
      column.push(j * n + i);
    }
    units.push(row, column, regions[i]);
  }
  if (sudoku.diagonals) {
    units.push([...Array(n).keys()].map(i => i * n + i), [...Array(n).keys()].map(i => i * n + n - 1 - i));
  }
  return units;
}

// Per cell, the cells that share a unit with it.
let sudokuPeers = [];

// A jigsaw map (n*n symbols) as region numbers 0..n-1 in order of appearance.
function regionsOf(map) {
  const label = new Map();
  return [...map].map(symbol => {
    if (!label.has(symbol)) label.set(symbol, label.size);
    return label.get(symbol);
  });
}

// A new game on `clues` (values, 0 blank); a saved one brings its entries, marks and time.
function sudokuLoad(clues, solution, map, diagonals, saved = null) {
  const n = Math.round(Math.sqrt(clues.length));
  Object.assign(sudoku, {
    size: n, diagonals, map, clues, solution, regions: map ? regionsOf(map) : null,
    values: clues.slice(), marks: clues.map(() => []), shown: new Set(), hinted: new Set(), wrong: new Set(),
    selected: 0, history: [], future: [], elapsed: 0, since: Date.now(), solved: false,
  });
  [sudoku.boxRows, sudoku.boxCols] = boxShape(n);
  if (saved) {
    Object.assign(sudoku, {values: saved.values, marks: saved.marks, history: saved.history, future: saved.future,
                           elapsed: saved.elapsed, solved: saved.solved, shown: new Set(saved.shown)});
    sudoku.since = saved.solved ? null : Date.now();
  }
  const units = sudokuUnits();
  sudokuPeers = clues.map(() => new Set());
  for (const unit of units) for (const cell of unit) for (const other of unit) if (other !== cell) sudokuPeers[cell].add(other);

  const board = $('sudoku-board');
  board.textContent = '';
  boardShape(board, n, n);
  board.style.setProperty('--box-cols', String(sudoku.boxCols));
  const table = element('table', {role: 'grid', 'aria-label': `sudoku, ${n} by ${n}`}, board);
  table.dataset.puzzle = clues.map(symbolOf).join('');
  if (map) table.dataset.map = map;
  sudoku.cells = [];
  for (let r = 0; r < n; ++r) {
    const tr = element('tr', {role: 'row'}, table);
    for (let c = 0; c < n; ++c) {
      const cell = r * n + c;
      const td = element('td', {role: 'gridcell', 'data-cell': String(cell), tabindex: '-1'}, tr);
      if (c !== n - 1 && sudokuRegion(cell) !== sudokuRegion(cell + 1)) td.classList.add('box-right');
      if (r !== n - 1 && sudokuRegion(cell) !== sudokuRegion(cell + n)) td.classList.add('box-bottom');
      const [main, anti] = onDiagonal(cell);
      if (main) td.classList.add('diagonal');
      if (anti) td.classList.add('anti-diagonal');
      if (clues[cell]) td.classList.add('clue');
      td.addEventListener('click', () => sudokuSelect(cell));
      sudoku.cells.push(td);
    }
  }
  table.addEventListener('keydown', sudokuKey);
  const pad = $('sudoku-pad');
  pad.textContent = '';
  for (let v = 1; v <= n; ++v) {
    const key = element('button', {'data-value': String(v)}, pad);
    key.textContent = symbolOf(v);
    key.addEventListener('click', () => sudokuEnter(sudoku.selected, v, sudoku.pencil));
  }
  element('button', {'data-value': '0', 'aria-label': 'Erase', title: 'Erase'}, pad).textContent = '\u232b';
  pad.lastChild.addEventListener('click', () => sudokuErase(sudoku.selected));
  fitBoards();  // with the pad of this size under the board
  roving(sudoku.cells, 0, false);
  $('sudoku-link').href = '#' + sudokuHash();
  sudokuShow();
  sudokuSave();
}

function sudokuHash() {
  const params = new URLSearchParams({sudoku: sudoku.clues.map(symbolOf).join('')});
  if (sudoku.map) params.set('map', sudoku.map);
  if (sudoku.diagonals) params.set('x', '1');
  return params.toString();
}

// Draws every cell: its value or marks, and what it shares with the selected one.
function sudokuShow() {
  const n = sudoku.size, selected = sudoku.selected, chosen = sudoku.values[selected];
  const clashes = new Set();
  for (let cell = 0; cell < n * n; ++cell) {
    const value = sudoku.values[cell];
    if (value) for (const other of sudokuPeers[cell]) if (sudoku.values[other] === value) clashes.add(cell);
  }
  sudoku.cells.forEach((td, cell) => {
    const value = sudoku.values[cell], marks = sudoku.marks[cell];
    td.textContent = '';
    if (value) {
      td.textContent = symbolOf(value);
    } else if (marks.length) {
      const box = element('span', {class: 'marks', 'aria-hidden': 'true'}, td);
      for (let v = 1; v <= n; ++v) element('span', {}, box).textContent = marks.includes(v) ? symbolOf(v) : '';
    }
    const given = sudoku.clues[cell] !== 0;
    td.setAttribute('aria-label', `row ${Math.floor(cell / n) + 1} column ${cell % n + 1}: ` +
      (value ? (given ? `given ${symbolOf(value)}` : symbolOf(value)) :
       marks.length ? 'marks ' + marks.map(symbolOf).join(' ') : 'empty') +
      (clashes.has(cell) ? ', clashes' : '') + (sudoku.wrong.has(cell) ? ', wrong' : ''));
    td.setAttribute('aria-selected', String(cell === selected));
    td.classList.toggle('selected', cell === selected);
    td.classList.toggle('peer', sudokuPeers[selected].has(cell));
    td.classList.toggle('same', Boolean(chosen) && value === chosen && cell !== selected);
    td.classList.toggle('clash', clashes.has(cell));
    td.classList.toggle('wrong', sudoku.wrong.has(cell));
    td.classList.toggle('hint', sudoku.hinted.has(cell));
    td.classList.toggle('shown', sudoku.shown.has(cell));
  });
  $('sudoku-undo').disabled = !sudoku.history.length;
  $('sudoku-redo').disabled = !sudoku.future.length;
  sudokuTick();
}

function sudokuSelect(cell, focus = true) {
  sudoku.selected = cell;
  roving(sudoku.cells, cell, focus);
  sudokuShow();
}

// The game as it stands, for a reload.
function sudokuSave() {
  try {
    localStorage.setItem('dance.sudoku', JSON.stringify({
      clues: sudoku.clues, solution: sudoku.solution, map: sudoku.map, diagonals: sudoku.diagonals,
      values: sudoku.values, marks: sudoku.marks, history: sudoku.history, future: sudoku.future,
      elapsed: sudokuElapsed(), solved: sudoku.solved, shown: [...sudoku.shown]}));
  } catch {
    // a browser without storage (or with it full) plays on without
  }
}

function sudokuElapsed() { return sudoku.elapsed + (sudoku.since === null ? 0 : Date.now() - sudoku.since); }

function sudokuTick() {
  const seconds = Math.floor(sudokuElapsed() / 1000), minutes = Math.floor(seconds / 60);
  const text = minutes >= 60 ? `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:` : `${minutes}:`;
  $('sudoku-timer').textContent = text + String(seconds % 60).padStart(2, '0');
}
setInterval(() => { if (sudoku.since !== null) sudokuTick(); }, 1000);

// Applies a change (a list of [cell, before, after]) in one direction, forgetting marks of wrong and hint.
function sudokuApply(change, side) {
  for (const entry of change) {
    const [cell, state] = [entry[0], entry[side]];
    sudoku.values[cell] = state.value;
    sudoku.marks[cell] = state.marks.slice();
    sudoku.wrong.delete(cell);
    sudoku.hinted.delete(cell);
    sudoku.shown.delete(cell);
  }
}

// Makes the cells' new states (a map cell -> {value, marks}) one step of the game that Undo takes back.
function sudokuChange(states, message = '', reveal = false) {
  const change = [];
  for (const [cell, after] of states) {
    const before = {value: sudoku.values[cell], marks: sudoku.marks[cell].slice()};
    if (before.value !== after.value || before.marks.join() !== after.marks.join()) change.push([cell, before, after]);
  }
  if (!change.length) return false;
  sudokuApply(change, 2);
  if (reveal) for (const [cell] of change) sudoku.shown.add(cell);
  sudoku.history.push(change);
  sudoku.future = [];
  sudokuAfter(message);
  return true;
}

function sudokuAfter(message) {
  if (!sudoku.solved && sudoku.since === null && !sudoku.shown.size) sudoku.since = Date.now();
  sudokuShow();
  const full = sudoku.values.every(v => v), right = sudoku.solution
    ? sudoku.values.every((v, cell) => v === sudoku.solution[cell]) : !$('sudoku-board').querySelector('.clash');
  if (full && right && !sudoku.solved && !sudoku.shown.size) {
    sudoku.solved = true;
    sudoku.elapsed = sudokuElapsed();
    sudoku.since = null;
    say('sudoku', `Solved! In ${$('sudoku-timer').textContent}.`, 'good');
  } else if (message || !sudokuTab.controller) {
    say('sudoku', message);  // a hint's or an undo's words no longer hold after the next move
  }
  sudokuSave();
}

function sudokuUndo(side) {
  const [from, to] = side === 1 ? [sudoku.history, sudoku.future] : [sudoku.future, sudoku.history];
  const change = from.pop();
  if (!change) return;
  sudokuApply(change, side);
  to.push(change);
  sudokuAfter(side === 1 ? 'Undone.' : 'Redone.');
}

// A value typed into a cell (over what it holds), or a pencil mark switched; a value takes the marks of
// its units away.
function sudokuEnter(cell, value, pencil) {
  if (sudoku.clues[cell]) return say('sudoku', 'That cell is a given.');
  if (sudoku.solved) return;
  const states = new Map();
  if (pencil) {
    if (sudoku.values[cell]) return say('sudoku', 'Erase the cell first to pencil marks in it.');
    const marks = sudoku.marks[cell];
    states.set(cell, {value: 0, marks: marks.includes(value) ? marks.filter(v => v !== value) : [...marks, value].sort((a, b) => a - b)});
  } else {
    states.set(cell, {value, marks: []});
    for (const other of sudokuPeers[cell])
      if (sudoku.marks[other].includes(value)) states.set(other, {value: 0, marks: sudoku.marks[other].filter(v => v !== value)});
  }
  sudokuChange(states);
}

function sudokuErase(cell) {
  if (sudoku.clues[cell] || sudoku.solved) return;
  sudokuChange(new Map([[cell, {value: 0, marks: []}]]));
}

// Keys on the board: arrows move, a symbol enters (Shift or Pencil: marks), Backspace, Delete, 0 or . erase.
function sudokuKey(event) {
  const cell = sudoku.selected, n = sudoku.size;
  const moved = arrowMove(event, cell, n, n);
  if (moved >= 0) {
    event.preventDefault();
    return sudokuSelect(moved);
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const code = /^(?:Digit|Numpad|Key)(\w)$/.exec(event.code);
  const symbol = code ? code[1] : event.key;
  if (['Backspace', 'Delete', '0', '.'].includes(event.key) || symbol === '0') {
    event.preventDefault();
    return sudokuErase(cell);
  }
  const value = symbol.length === 1 ? valueOf(symbol) : 0;
  if (value >= 1 && value <= n) {
    event.preventDefault();
    sudokuEnter(cell, value, sudoku.pencil !== event.shiftKey);
  }
}

// Ctrl+Z and Ctrl+Y (or Ctrl+Shift+Z) anywhere on the sudoku tab but in its text box.
document.addEventListener('keydown', event => {
  if ($('sudoku').hidden || !(event.ctrlKey || event.metaKey) || event.target.tagName === 'TEXTAREA') return;
  const key = event.key.toLowerCase();
  if (key === 'z' || key === 'y') {
    event.preventDefault();
    sudokuUndo(key === 'y' || event.shiftKey ? 2 : 1);
  }
});
$('sudoku-undo').addEventListener('click', () => sudokuUndo(1));
$('sudoku-redo').addEventListener('click', () => sudokuUndo(2));
$('sudoku-pencil').addEventListener('click', () => {
  sudoku.pencil = !sudoku.pencil;
  $('sudoku-pencil').setAttribute('aria-pressed', String(sudoku.pencil));
});

// The variants and grades each size generates within the page's time limit (measured with dance generate
// --difficulty, docs/serve.md); the others are not offered.
const all = ['easy', 'medium', 'hard', 'fiendish'], upToHard = ['easy', 'medium', 'hard'];
// The clues of an easy puzzle of each size (9x9: 28 of 81; 16x16: 112 of 256), each made in under 0.1 s.
const easyClues = {4: 6, 6: 12, 8: 22, 9: 28, 12: 52, 16: 112};
const sudokuGrades = {
  4: {plain: ['easy'], x: ['easy'], jigsaw: ['easy', 'medium']},
  6: {plain: upToHard, x: all, jigsaw: upToHard},
  8: {plain: upToHard, x: all, jigsaw: all},
  9: {plain: all, x: all, jigsaw: all},
  12: {plain: all, x: all, jigsaw: upToHard},
  16: {plain: all, x: upToHard},
};

function sudokuMenu(event) {
  const size = $('sudoku-size').value, variants = $('sudoku-variant');
  for (const option of variants.options) option.disabled = !sudokuGrades[size][option.value];
  const lost = variants.selectedOptions[0].disabled ? variants.selectedOptions[0].textContent : '';
  if (lost) variants.value = 'plain';
  const grades = sudokuGrades[size][variants.value], menu = $('sudoku-difficulty');
  for (const option of menu.options) option.disabled = !grades.includes(option.value);
  if (!menu.selectedOptions[0] || menu.selectedOptions[0].disabled) menu.value = 'easy';  // (a page before had "any")
  if (event && !sudokuTab.controller)
    say('sudoku', `New makes ${article(`${size}x${size}`)} ${variants.value === 'plain' ? '' : variants.selectedOptions[0].textContent + ' '}` +
        `puzzle${lost ? ` (no ${lost} at ${size}x${size})` : ''}.`);
  remember('sudoku-menus', {size, variant: variants.value, difficulty: menu.value});
}
const sudokuMenus = recall('sudoku-menus');
if (sudokuMenus && sudokuGrades[sudokuMenus.size]) {
  $('sudoku-size').value = sudokuMenus.size;
  $('sudoku-variant').value = sudokuMenus.variant;
  $('sudoku-difficulty').value = sudokuMenus.difficulty;
}
$('sudoku-size').addEventListener('change', sudokuMenu);
$('sudoku-variant').addEventListener('change', sudokuMenu);
$('sudoku-difficulty').addEventListener('change', sudokuMenu);
sudokuMenu();
$('sudoku-link').addEventListener('click', async event => {
  event.preventDefault();
  history.replaceState(null, '', '#' + sudokuHash());
  try {
    await navigator.clipboard.writeText(location.href);
    say('sudoku', 'The link to this puzzle is copied (and in the address bar).', 'good');
  } catch {
    say('sudoku', 'The link to this puzzle is in the address bar: copy it from there.');
  }
});

$('sudoku-new').addEventListener('click', () => sudokuTab.run('Making a puzzle...', sudokuNew));
async function sudokuNew(signal) {
  const n = Number($('sudoku-size').value), variant = $('sudoku-variant').value;
  const request = {puzzle: 'sudoku', options: {size: n, diagonals: variant === 'x', jigsaw: variant === 'jigsaw'},
                   seed: randomSeed(), with_solution: true};
  request.difficulty = $('sudoku-difficulty').value;
  // Easy is a first puzzle to enjoy: singles alone solve it, yet with a third of the cells given, not a grid
  // nearly filled (docs/serve.md).
  if (request.difficulty === 'easy') Object.assign(request, {clues: easyClues[n], symmetry: 'rot180'});
  const made = await api('generate', request, signal);
  // generate's puzzle as a value (docs/serve.md): what dance solve reads, a jigsaw's map on its second line.
  const {puzzle: record, solution} = made.puzzles[0];
  const [puzzle, map] = record.split('\n');
  sudokuLoad([...puzzle].map(valueOf), [...solution].map(valueOf), map || null, variant === 'x');
  history.replaceState(null, '', location.pathname + location.search);
  say('sudoku', `${capital(article(`${n}x${n}`))} puzzle with ${sudoku.clues.filter(v => v).length} clues and one solution.`);
  sudokuSelect(sudoku.clues.indexOf(0), false);
}

$('sudoku-check').addEventListener('click', () => {
  if (!sudoku.solution) {
    const clashing = $('sudoku-board').querySelectorAll('.clash').length;
    return say('sudoku', clashing ? `${plural(clashing, 'cell')} clash (marked).` : 'No clashes so far.', clashing ? 'bad' : '');
  }
  sudoku.wrong = new Set();
  sudoku.values.forEach((v, cell) => { if (v && v !== sudoku.solution[cell]) sudoku.wrong.add(cell); });
  sudokuShow();
  const empty = sudoku.values.filter(v => !v).length, wrong = sudoku.wrong.size;
  if (!wrong && !empty) return say('sudoku', solvedWords(sudoku.shown.size > 0), 'good');
  if (!wrong) return say('sudoku', `No mistakes so far; ${plural(empty, 'cell')} to fill.`);
  say('sudoku', `${wrong} wrong (marked); ${plural(empty, 'cell')} to fill.`, 'bad');
});

// A wrong entry put right first (the selected one, else any); else a cell the clues and the right entries
// force (the one value left for it), else the selected or any empty cell.
$('sudoku-hint').addEventListener('click', () => {
  if (!sudoku.solution) return say('sudoku', 'This puzzle has no single solution to give hints from.', 'bad');
  const right = sudoku.values.map((v, cell) => (v === sudoku.solution[cell] ? v : 0));
  const open = cell => !right[cell], wrong = cell => sudoku.values[cell] && open(cell);
  let chosen = wrong(sudoku.selected) ? sudoku.selected : right.findIndex((v, cell) => wrong(cell));
  if (chosen < 0) chosen = right.findIndex((v, cell) => open(cell) &&
    new Set([...sudokuPeers[cell]].map(other => right[other]).filter(Boolean)).size === sudoku.size - 1);
  if (chosen < 0) chosen = open(sudoku.selected) ? sudoku.selected : right.findIndex((v, cell) => open(cell));
  if (chosen < 0) return say('sudoku', 'Every cell is filled.');
  const value = sudoku.solution[chosen], was = sudoku.values[chosen];
  sudokuEnter(chosen, value, false);
  sudoku.hinted.add(chosen);
  sudokuSelect(chosen, false);
  if (!sudoku.solved)  // else "Solved!" stays
    say('sudoku', `Row ${Math.floor(chosen / sudoku.size) + 1}, column ${chosen % sudoku.size + 1} is ${symbolOf(value)}` +
        (was ? `, not ${symbolOf(was)}.` : '.'));
});

$('sudoku-solve').addEventListener('click', () => {
  if (!sudoku.solution) return say('sudoku', 'No puzzle with a single solution is loaded.', 'bad');
  const states = new Map();
  sudoku.solution.forEach((value, cell) => states.set(cell, {value, marks: []}));
  sudokuChange(states, '', true);
  sudoku.elapsed = sudokuElapsed();
  sudoku.since = null;
  sudokuShow();
  sudokuSave();
  say('sudoku', 'The solution (the cells you had not filled in grey). Undo takes it back.');
});

// A puzzle in any of dance's notations, checked by the server (whose message names the line and column).
async function sudokuOpen(text, diagonals, signal) {
  const read = sudokuRead(text);
  const options = {diagonals, jigsaw: Boolean(read && read.map)};
  if (read && read.box) options.box = read.box;
  const checked = await api('check', {reduction: 'sudoku', text, options}, signal);
  if (checked.verdict === 'none') {
    throw Object.assign(new Error('This puzzle has no solution' + (checked.log.trim() ? ': ' + plain(checked.log.trim()) : '.')),
                        {noSolution: true});
  }
  if (!read) throw new Error('The page cannot lay this puzzle out: give it as one line of cells, or a grid of lines.');
  sudokuLoad(read.clues, checked.verdict === 'unique' ? sudokuValues(checked.solution, read.n) : null, read.map, diagonals);
  return checked.verdict;
}

$('sudoku-load').addEventListener('click', () => sudokuTab.run('Checking the puzzle...', async signal => {
  const verdict = await sudokuOpen($('sudoku-paste').value, $('sudoku-variant').value === 'x', signal);
  say('sudoku', verdict === 'unique' ? `${capital(article(`${sudoku.size}x${sudoku.size}`))} puzzle with one solution: loaded.`
                                     : 'Several solutions: loaded, but Check only marks clashes.',
      verdict === 'unique' ? 'good' : 'bad');
}));

// ---- range (Kurodoko)
// Per cell: 0 blank, 1 grey, 2 dot (surely white).
const range = {width: 0, height: 0, numbers: [], solution: null, marks: [], cells: [], selected: 0};
const rangeTab = new Tab('range');
const rangeWords = ['blank', 'grey', 'dot'];

// A board as rows of tokens, from rows of words (". . 3") or a game ID as generate gives it
// (5x5:d3c8b8..., a letter a run of 1 to 26 empty cells, _ between numbers; its solution 5x5:..#..).
function rangeGrid(block) {
  const id = block.trim().match(/^(\d+)x(\d+):(.*)$/);
  if (!id) return block.trim().split('\n').map(line => line.trim().split(/\s+/));
  const width = Number(id[1]), height = Number(id[2]), tokens = [];
  for (const [token] of id[3].matchAll(/\d+|[a-z]|[.#]/g)) {
    if (/^[a-z]$/.test(token)) tokens.push(...Array(token.charCodeAt(0) - 96).fill('.'));
    else tokens.push(token);
  }
  return Array.from({length: height}, (_, row) => tokens.slice(row * width, (row + 1) * width));
}

function rangeLoad(puzzle, solution, marks = null) {
  const rows = rangeGrid(puzzle);
  Object.assign(range, {height: rows.length, width: rows[0].length, selected: 0});
  range.numbers = rows.flat().map(token => (/^\d+$/.test(token) ? Number(token) : 0));
  range.solution = rangeGrid(solution).flat().map(token => token === '#');
  range.marks = marks && marks.length === range.numbers.length ? marks : range.numbers.map(() => 0);
  Object.assign(range, {puzzle, solved: false, byDance: false});
  const board = $('range-board');
  board.textContent = '';
  boardShape(board, range.width, range.height);
  const table = element('table', {role: 'grid', 'aria-label': `range, ${range.width} by ${range.height}`}, board);
  range.cells = [];
  range.numbers.forEach((number, cell) => {
    const tr = cell % range.width === 0 ? element('tr', {role: 'row'}, table) : table.lastChild;
    const td = element('td', {role: 'gridcell', 'data-cell': String(cell)}, tr);
    if (number) {
      td.textContent = String(number);
      td.classList.add('number');
    }
    td.addEventListener('click', () => { rangeSelect(cell); rangeMark(cell, (range.marks[cell] + 1) % 3); });
    td.addEventListener('contextmenu', event => {
      event.preventDefault();
      rangeSelect(cell);
      rangeMark(cell, range.marks[cell] === 2 ? 0 : 2);
    });
    range.cells.push(td);
  });
  table.addEventListener('keydown', rangeKey);
  range.cells.forEach((td, cell) => rangeDraw(cell));
  roving(range.cells, 0, false);
}

function rangeDraw(cell) {
  const td = range.cells[cell], r = Math.floor(cell / range.width) + 1, c = cell % range.width + 1;
  td.classList.toggle('black', range.marks[cell] === 1);
  td.classList.toggle('dot', range.marks[cell] === 2);
  td.setAttribute('aria-label', `row ${r} column ${c}: ` + (range.numbers[cell] ? `number ${range.numbers[cell]}` : rangeWords[range.marks[cell]]));
}

function rangeSelect(cell, focus = true) {
  range.selected = cell;
  roving(range.cells, cell, focus);
}

// A mark changed: the board is kept, and the game is over when the greys are the solution's.
function rangeMark(cell, mark) {
  if (range.numbers[cell]) return;
  range.marks[cell] = mark;
  range.cells[cell].classList.remove('wrong');
  rangeDraw(cell);
  rangeSave();
  const solved = range.solution.every((grey, k) => grey === (range.marks[k] === 1));
  if (solved) {
    for (const td of range.cells) td.classList.remove('wrong');
    say('range', solvedWords(range.byDance), 'good');
  } else if (!rangeTab.controller) {
    say('range', '');  // a check's words no longer hold
  }
}

function rangeSave() {
  remember('range', {puzzle: range.puzzle, solution: range.solution.map(grey => (grey ? '#' : '.')).join(' '),
                     width: range.width, marks: range.marks, byDance: range.byDance});
}

// Arrows move; Space or Enter turns the cell as a click does; G (or #) greys, . (or O) dots, Backspace clears.
function rangeKey(event) {
  const cell = range.selected, moved = arrowMove(event, cell, range.width, range.height);
  const key = event.key.toLowerCase();
  const mark = {' ': (range.marks[cell] + 1) % 3, enter: (range.marks[cell] + 1) % 3, g: 1, '#': 1, '.': 2, o: 2,
                backspace: 0, delete: 0}[key];
  if (moved >= 0) rangeSelect(moved);
  else if (mark !== undefined && !event.ctrlKey && !event.metaKey && !event.altKey) rangeMark(cell, mark);
  else return;
  event.preventDefault();
}

function rangeNeighbours(cell) {
  const r = Math.floor(cell / range.width), c = cell % range.width, near = [];
  if (r > 0) near.push(cell - range.width);
  if (r < range.height - 1) near.push(cell + range.width);
  if (c > 0) near.push(cell - 1);
  if (c < range.width - 1) near.push(cell + 1);
  return near;
}

$('range-new').addEventListener('click', () => rangeTab.run('Making a puzzle...', async signal => {
  const size = $('range-size').value;
  const made = await api('generate', {puzzle: 'range', options: {size, format: 'grid'}, seed: randomSeed(),
                                      with_solution: true}, signal);
  const {puzzle, solution} = made.puzzles[0];
  rangeLoad(puzzle, solution);
  rangeSave();
  say('range', `${capital(article(size))} board with one solution.`);
}));

// The rules, checked here: no two greys side by side, the whites joined, each number's view.
$('range-check').addEventListener('click', () => {
  if (rangeTab.controller) return;  // the board is about to be replaced
  const black = range.marks.map(mark => mark === 1);
  for (const td of range.cells) td.classList.remove('wrong');
  const problems = [];
  black.forEach((b, cell) => {
    if (b && rangeNeighbours(cell).some(other => black[other])) range.cells[cell].classList.add('wrong');
  });
  if (range.cells.some(td => td.classList.contains('wrong'))) problems.push('grey cells side by side');
  const start = black.indexOf(false), reached = new Set([start]), stack = [start];
  while (stack.length) {
    for (const other of rangeNeighbours(stack.pop())) {
      if (!black[other] && !reached.has(other)) { reached.add(other); stack.push(other); }
    }
  }
  if (reached.size !== black.filter(b => !b).length) problems.push('the white cells are cut apart');
  // A number is wrong once it sees too many cells that are surely white (dots, numbers) or too few with every
  // blank taken as white: an untouched board has no wrong number.
  const view = (cell, white) => {
    let seen = 1;
    for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      let r = Math.floor(cell / range.width) + dr, c = cell % range.width + dc;
      while (r >= 0 && r < range.height && c >= 0 && c < range.width && white(r * range.width + c)) {
        ++seen; r += dr; c += dc;
      }
    }
    return seen;
  };
  let miscounted = 0;
  range.numbers.forEach((number, cell) => {
    if (!number) return;
    const most = view(cell, k => !black[k]), least = view(cell, k => range.numbers[k] > 0 || range.marks[k] === 2);
    if (most < number || least > number) { range.cells[cell].classList.add('wrong'); ++miscounted; }
  });
  if (miscounted) problems.push(`${miscounted === 1 ? '1 number sees' : `${miscounted} numbers see`} the wrong count`);
  const marked = range.cells.some(td => td.classList.contains('wrong')) ? ' (marked)' : '';
  if (problems.length) return say('range', 'Not yet: ' + problems.join('; ') + marked + '.', 'bad');
  if (range.solution.every((grey, k) => grey === black[k])) return say('range', solvedWords(range.byDance), 'good');
  const open = range.marks.filter((mark, k) => mark === 0 && !range.numbers[k]).length;
  say('range', `Nothing breaks the rules so far; ${plural(open, 'cell')} left blank.`);
});

$('range-solve').addEventListener('click', () => {
  if (!range.solution) return;
  range.marks = range.solution.map(grey => (grey ? 1 : 0));
  range.byDance = true;
  range.cells.forEach((td, cell) => { td.classList.remove('wrong'); rangeDraw(cell); });
  rangeSave();
  say('range', 'The solution.');
});

// ---- knight's tour (hamilton)
const knight = {size: 6, moves: [], cells: new Map(), order: [], selected: 0};
const knightTab = new Tab('knight');
const squareName = (row, column) => String.fromCharCode(97 + column) + (row + 1);

function knightJumps(name) {
  const column = name.charCodeAt(0) - 97, row = Number(name.slice(1)) - 1, jumps = [];
  for (const [dr, dc] of [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]]) {
    const r = row + dr, c = column + dc;
    if (r >= 0 && r < knight.size && c >= 0 && c < knight.size) jumps.push(squareName(r, c));
  }
  return jumps;
}

function knightDraw(extra = []) {
  const last = knight.moves[knight.moves.length - 1];
  const targets = last ? knightJumps(last).filter(name => !knight.moves.includes(name)) : [];
  for (const [name, td] of knight.cells) {
    const at = knight.moves.indexOf(name), later = extra.indexOf(name);
    td.textContent = at >= 0 ? String(at + 1) : later >= 0 ? String(knight.moves.length + later + 1) : '';
    td.classList.toggle('visited', at >= 0);
    td.classList.toggle('last', name === last);
    td.classList.toggle('solved', later >= 0);
    td.classList.toggle('next', targets.includes(name) && !extra.length);
    td.setAttribute('aria-label', name + (at >= 0 ? `, move ${at + 1}` : later >= 0 ? `, move ${knight.moves.length + later + 1}` :
                                          targets.includes(name) ? ', a move away' : ''));
  }
}

// The board drawn with row 1 at the bottom; knight.order lists the squares as drawn, for the arrow keys.
function knightBoard() {
  knightTab.cancel();
  knight.size = Number($('knight-size').value);
  knight.moves = [];
  knight.cells = new Map();
  knight.order = [];
  const board = $('knight-board');
  board.textContent = '';
  boardShape(board, knight.size + 0.5, knight.size + 0.5);  // (the ranks and files half a square)
  const table = element('table', {role: 'grid', 'aria-label': `knight's tour, ${knight.size} by ${knight.size}`}, board);
  for (let row = knight.size - 1; row >= 0; --row) {
    const tr = element('tr', {role: 'row'}, table);
    element('th', {role: 'rowheader'}, tr).textContent = String(row + 1);
    for (let column = 0; column < knight.size; ++column) {
      const name = squareName(row, column), index = knight.order.length;
      const td = element('td', {role: 'gridcell', 'data-square': name}, tr);
      if ((row + column) % 2 === 0) td.classList.add('dark');
      td.addEventListener('click', () => { knightSelect(index); knightClick(name); });
      knight.cells.set(name, td);
      knight.order.push(name);
    }
  }
  const files = element('tr', {role: 'row'}, table);
  element('td', {'aria-hidden': 'true', class: 'corner'}, files);
  for (let column = 0; column < knight.size; ++column) element('th', {role: 'columnheader'}, files).textContent = String.fromCharCode(97 + column);
  table.addEventListener('keydown', knightKey);
  knightSelect(0, false);
  knightDraw();
  say('knight', 'Choose a square to start.');
}

function knightSelect(index, focus = true) {
  knight.selected = index;
  roving(knight.order.map(name => knight.cells.get(name)), index, focus);
}

// Arrows move, Enter or Space plays the square, Backspace takes the last move back.
function knightKey(event) {
  const moved = arrowMove(event, knight.selected, knight.size, knight.size);
  if (moved >= 0) knightSelect(moved);
  else if (event.key === 'Enter' || event.key === ' ') knightClick(knight.order[knight.selected]);
  else if (event.key === 'Backspace') $('knight-undo').click();
  else return;
  event.preventDefault();
}

function knightClick(name) {
  const last = knight.moves[knight.moves.length - 1];
  if (name === last) {
    knight.moves.pop();
  } else if (knight.moves.includes(name)) {
    return say('knight', `${name} is visited already.`, 'bad');
  } else if (last && !knightJumps(last).includes(name)) {
    return say('knight', `${name} is not a knight's move from ${last}.`, 'bad');
  } else {
    knight.moves.push(name);
  }
  knightTab.cancel();
  knightDraw();
  const left = knight.size * knight.size - knight.moves.length;
  say('knight', left ? `${plural(knight.moves.length, 'move')}; ${plural(left, 'square')} to go.` : 'A whole tour!', left ? '' : 'good');
}

// The rest of the tour: a Hamiltonian path from the last square through the unvisited ones, ending
// at an extra vertex joined to them all (so that it may end anywhere).
$('knight-solve').addEventListener('click', () => knightTab.run('Searching...', async signal => {
  const n = knight.size, moves = knight.moves.slice();
  let request;
  if (!moves.length) {
    request = {reduction: 'hamilton', text: '', options: {knight: `${n}x${n}`}};
  } else {
    const last = moves[moves.length - 1];
    const open = [...knight.cells.keys()].filter(name => !moves.includes(name));
    if (!open.length) return say('knight', 'The tour is complete.', 'good');
    if (!knightJumps(last).some(name => open.includes(name))) return say('knight', `No tour completes these moves: ${last} has no free square a move away.`, 'bad');
    const edges = [];
    for (const name of [last, ...open]) {
      for (const other of knightJumps(name)) if (open.includes(other) && (name === last || name < other)) edges.push(`${name} ${other}`);
      if (name !== last) edges.push(`${name} end`);
    }
    request = {reduction: 'hamilton', text: edges.join('\n') + '\n',
               options: {path: true, from: last, to: 'end'}};
  }
  const solved = await api('solve', request, signal);
  // The answer as a value (docs/json.md: hamilton's is its vertices in order).
  const answer = solved.status === 'found' && solved.answers.length ? solved.answers[0].answer : null;
  if (!answer) return say('knight', 'No tour completes these moves.', 'bad');
  knightDraw(moves.length ? answer.vertices.slice(1, -1) : answer.vertices);
  say('knight', moves.length ? `A tour: the moves after ${moves.length} in green. Undo takes it away.`
                             : 'A tour, in green. Undo takes it away.', 'good');
}));

$('knight-size').addEventListener('change', knightBoard);
$('knight-clear').addEventListener('click', knightBoard);
$('knight-undo').addEventListener('click', () => {
  if (!$('knight-board').querySelector('td.solved')) knight.moves.pop();  // else the tour shown goes first
  knightTab.cancel();
  knightDraw();
  say('knight', `${plural(knight.moves.length, 'move')}.`);
});

// ---- path puzzles: signpost, numbrix, hidato (docs/path-puzzles.md)
// Per cell: the given number (0 none, -1 a hole), the player's number, the solution's; `last` the number laid last.
const compass = [[-1, 0], [-1, 1], [0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1]];
const signpostArrows = '\u2191\u2197\u2192\u2198\u2193\u2199\u2190\u2196', arrowWords = ['north', 'north-east', 'east',
  'south-east', 'south', 'south-west', 'west', 'north-west'];

// A signpost game ID (WxH:desc, a token per cell: a number, if given, then the arrow a to h) as rows of tokens.
function signpostCells(id) {
  const [, width, desc] = id.match(/^(\d+)x\d+c?:(\S+)/);
  const cells = [...desc.matchAll(/(\d*)([a-h])/g)].map(([, number, arrow]) => ({number: Number(number) || 0, arrow}));
  return {width: Number(width), cells};
}
function gridCells(block) {
  const rows = rangeGrid(block);
  return {width: rows[0].length, cells: rows.flat().map(token => ({number: token === 'x' ? -1 : Number(token) || 0}))};
}

class PathGame {
  // `moves`: the compass points (0 north, clockwise) the next number may lie at, one step, or (signpost) null:
  // anywhere along the cell's arrow.
  constructor(name, read, moves, away) {
    Object.assign(this, {name, read, moves, away, tab: new Tab(name), selected: 0, typed: ''});
    const on = (what, act) => $(`${name}-${what}`).addEventListener('click', act);
    on('new', () => this.tab.run('Making a puzzle...', signal => this.fresh(signal)));
    on('check', () => this.check());
    on('hint', () => this.hint());
    on('solve', () => {
      this.tab.cancel();
      this.cells.forEach(cell => { if (!cell.given) cell.value = cell.answer; });
      this.byDance = true;
      this.draw();
      say(name, 'The solution.');
    });
  }

  async fresh(signal) {
    const size = $(this.name + '-size').value;
    const made = await api('generate', {puzzle: this.name, seed: randomSeed(), with_solution: true, minimal: true,
                                        options: {size: this.name === 'numbrix' ? size.split('x')[0] : size}}, signal);
    const {puzzle, solution} = made.puzzles[0];
    this.load(this.read(puzzle), this.read(solution).cells);
    say(this.name, `${capital(article(size))} puzzle with one solution: numbers 1 to ${this.last_number}.`);
  }

  load({width, cells}, answers) {
    this.width = width;
    this.height = cells.length / width;
    this.cells = cells.map((cell, k) => ({given: cell.number !== 0, value: cell.number, answer: answers[k].number,
                                          arrow: cell.arrow}));
    this.last_number = Math.max(...this.cells.map(cell => cell.answer));
    this.last = 0;
    this.byDance = false;
    const board = $(this.name + '-board');
    board.textContent = '';
    boardShape(board, width, this.height);
    const table = element('table', {role: 'grid', 'aria-label': `${this.name}, ${width} by ${this.height}`}, board);
    this.tds = this.cells.map((cell, k) => {
      const tr = k % width === 0 ? element('tr', {role: 'row'}, table) : table.lastChild;
      const td = element('td', {role: 'gridcell', 'data-cell': String(k)}, tr);
      td.classList.toggle('given', cell.given);
      td.classList.toggle('hole', cell.value < 0);
      td.addEventListener('click', () => { this.select(k); this.lay(k); });
      td.addEventListener('focus', () => this.select(k, false));
      return td;
    });
    table.addEventListener('keydown', event => this.key(event));
    this.selected = this.cells.findIndex(cell => cell.value >= 0);
    roving(this.tds, this.selected, false);
    this.draw();
  }

  select(k, focus = true) {
    if (k !== this.selected) this.typed = '';
    this.selected = k;
    roving(this.tds, k, focus);
  }

  // A click: a blank cell gets the number after the last laid, the last laid is taken back, another number is
  // where to go on from.
  lay(k) {
    const cell = this.cells[k];
    if (cell.value < 0) return;
    if (cell.value && (cell.given || cell.value !== this.last)) this.last = cell.value;
    else if (cell.value) { cell.value = 0; --this.last; }
    else if (this.last >= this.last_number) return say(this.name, `${this.last_number} is the last number.`);
    else if (this.cells.some(other => other.value === this.last + 1 && other.given))
      return say(this.name, `${this.last + 1} is given already: choose it to go on from there.`);
    else if (this.nextCells() && !this.nextCells().has(k))  // a link the rules forbid, refused as Tatham's are
      return say(this.name, `${this.last + 1} goes ${this.away.replace('{n}', this.last)}.`, 'bad');
    else if (this.last === 0 && this.cells.some((other, to) => other.value === 2 && !this.reach(k).includes(to)))
      return say(this.name, '1 goes where 2 can follow it.', 'bad');  // the first number, checked against the next
    else cell.value = ++this.last;
    this.tab.cancel();
    this.draw();
    this.after(`${this.last} laid last; ${this.toFill(this.cells.filter(c => c.value === 0).length)}.`);
  }

  // After a move: a full board is checked at once (the game is over when it is right).
  after(message) {
    if (this.cells.every(cell => cell.value !== 0)) this.check();
    else say(this.name, message);
  }

  key(event) {
    const moved = arrowMove(event, this.selected, this.width, this.height), cell = this.cells[this.selected];
    if (moved >= 0) this.select(moved);
    else if (event.key === ' ' || event.key === 'Enter') this.lay(this.selected);
    else if (cell.given || cell.value < 0 || event.ctrlKey || event.metaKey || event.altKey) return;
    else if (/^[0-9]$/.test(event.key)) {
      const typed = Number(this.typed + event.key) <= this.last_number ? this.typed + event.key : event.key;
      this.typed = typed;
      cell.value = Number(typed);
      if (cell.value) this.last = cell.value;
      this.draw();
      this.after('');
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      this.typed = '';
      cell.value = 0;
      this.draw();
      say(this.name, '');
    } else return;
    event.preventDefault();
  }

  // The blank cells the number after the last laid may go in (shaded), or null when no number is laid or the
  // next is on the board already.
  nextCells() {
    const from = this.cells.findIndex(cell => cell.value === this.last && cell.value > 0);
    if (from < 0 || this.cells.some(cell => cell.value === this.last + 1)) return null;
    return new Set(this.reach(from).filter(k => !this.cells[k].value));
  }

  // The cells the number after the one in cell `from` may lie in, by the rules alone.
  reach(from) {
    const arrow = 'abcdefgh'.indexOf(this.cells[from].arrow), near = [];
    for (const point of this.moves || [arrow]) {
      let r = Math.floor(from / this.width), c = from % this.width;
      do {
        r += compass[point][0]; c += compass[point][1];
        if (r >= 0 && r < this.height && c >= 0 && c < this.width) near.push(r * this.width + c);
      } while (!this.moves && r >= 0 && r < this.height && c >= 0 && c < this.width);
    }
    return near;
  }

  draw() {
    const near = this.nextCells() || new Set();
    this.cells.forEach((cell, k) => {
      const td = this.tds[k], arrow = cell.arrow ? 'abcdefgh'.indexOf(cell.arrow) : -1;
      td.textContent = cell.value > 0 ? String(cell.value) : '';
      if (arrow >= 0) element('span', {class: 'arrow', 'aria-hidden': 'true'}, td).textContent = signpostArrows[arrow];
      td.classList.toggle('last', cell.value === this.last && this.last > 0);
      td.classList.toggle('next', near.has(k));
      td.classList.remove('wrong');
      const r = Math.floor(k / this.width) + 1, c = k % this.width + 1;
      td.setAttribute('aria-label', `row ${r} column ${c}: ` + (cell.value < 0 ? 'no cell' :
        (cell.value ? (cell.given ? 'given ' : '') + cell.value : 'blank') + (arrow >= 0 ? ', arrow ' + arrowWords[arrow] : '')));
    });
    this.save();
  }

  toFill(empty) { return `${empty} cell${empty === 1 ? '' : 's'} to fill`; }

  // The puzzle has one solution, so a number other than the solution's is wrong.
  check() {
    if (this.tab.controller) return;  // the board is about to be replaced
    let wrong = 0, empty = 0;
    this.cells.forEach((cell, k) => {
      if (cell.value === 0) ++empty;
      else if (cell.value !== cell.answer) { ++wrong; this.tds[k].classList.add('wrong'); }
    });
    if (!wrong && !empty) return say(this.name, solvedWords(this.byDance), 'good');
    say(this.name, `${wrong ? `${wrong} wrong (marked)` : 'All right so far'}; ${this.toFill(empty)}.`,
        wrong ? 'bad' : '');
  }

  // The cell of the number after the last laid (or of the first missing one), filled in.
  hint() {
    const missing = n => !this.cells.some(cell => cell.value === n);
    let n = this.last + 1;
    if (n > this.last_number || !missing(n)) n = this.cells.map(cell => cell.answer).filter(a => a > 0).sort((a, b) => a - b).find(missing);
    if (n === undefined) return this.check();
    const k = this.cells.findIndex(cell => cell.answer === n);
    this.cells[k].value = this.last = n;
    this.draw();
    this.select(k);
    this.after(`${n} goes in row ${Math.floor(k / this.width) + 1}, column ${k % this.width + 1}.`);
  }

  // The game in progress, for a reload (draw() keeps it).
  save() { remember(this.name, {width: this.width, cells: this.cells, last: this.last, byDance: this.byDance}); }

  // The game kept by the last visit, else a new one.
  start() {
    const kept = recall(this.name);
    try {
      this.load({width: kept.width, cells: kept.cells.map(cell => ({number: cell.given ? cell.value : 0, arrow: cell.arrow}))},
                kept.cells.map(cell => ({number: cell.answer})));
      kept.cells.forEach((cell, k) => { this.cells[k].value = cell.value; });
      this.last = kept.last;
      this.byDance = Boolean(kept.byDance);
      this.draw();
      say(this.name, kept.cells.some(cell => !cell.given && cell.value) ? 'The game you were playing.'
                                                                         : `A puzzle with one solution: numbers 1 to ${this.last_number}.`);
    } catch {
      $(this.name + '-new').click();
    }
  }
}
// `away`: where the next number goes, in words ("6 goes next to 5 ...").
const pathGames = [new PathGame('signpost', signpostCells, null, 'along the arrow of {n}'),
                   new PathGame('numbrix', gridCells, [0, 2, 4, 6], 'next to {n} (up, down, left or right)'),
                   new PathGame('hidato', gridCells, [0, 1, 2, 3, 4, 5, 6, 7], 'in a cell touching {n}')];

// ---- clique and independent set
// byDance: the vertices Solve chose (a key of chosenKey()), '' before.
const clique = {kind: 'clique', k: 0, n: 0, edges: new Set(), chosen: new Set(), circles: [], lines: [], byDance: ''};
const chosenKey = () => [...clique.chosen].sort((a, b) => a - b).join(' ');
const cliqueTab = new Tab('clique');
const edgeKey = (u, v) => (u < v ? `${u} ${v}` : `${v} ${u}`);


function cliqueDraw() {
  const board = $('clique-board');
  board.textContent = '';
  const svg = element('svg', {viewBox: '0 0 400 400', role: 'group', 'aria-label': `a graph of ${clique.n} vertices`}, board);
  const at = v => [200 + 170 * Math.sin(2 * Math.PI * v / clique.n), 200 - 170 * Math.cos(2 * Math.PI * v / clique.n)];
  const radius = Math.min(24, 0.8 * Math.PI * 170 / clique.n);  // as large as a finger, short of touching
  clique.lines = [...clique.edges].map(key => {
    const [u, v] = key.split(' ').map(Number), [x1, y1] = at(u), [x2, y2] = at(v);
    return [u, v, element('line', {x1, y1, x2, y2}, svg)];
  });
  clique.circles = [];
  for (let v = 0; v < clique.n; ++v) {
    const [cx, cy] = at(v);
    const near = [...clique.edges].filter(key => key.split(' ').includes(String(v))).length;
    const circle = element('circle', {cx, cy, r: radius, 'data-vertex': String(v + 1), tabindex: '0', role: 'checkbox',
                                      'aria-label': `vertex ${v + 1}, ${plural(near, 'edge')}`}, svg);
    const toggle = () => {
      if (!clique.chosen.delete(v)) clique.chosen.add(v);
      cliqueShow();
    };
    circle.addEventListener('click', toggle);
    circle.addEventListener('keydown', event => {
      if (event.key !== ' ' && event.key !== 'Enter') return;
      event.preventDefault();
      toggle();
    });
    element('text', {x: cx, y: cy, 'aria-hidden': 'true'}, svg).textContent = String(v + 1);
    clique.circles.push(circle);
  }
  boardShape(board, 10, 10);
  cliqueShow();
}

function cliqueShow() {
  clique.circles.forEach((circle, v) => {
    circle.classList.toggle('chosen', clique.chosen.has(v));
    circle.setAttribute('aria-checked', String(clique.chosen.has(v)));
  });
  for (const [u, v, line] of clique.lines)
    line.classList.toggle('chosen', clique.kind === 'clique' && clique.chosen.has(u) && clique.chosen.has(v));
  $('clique-rules').textContent = clique.kind === 'clique'
    ? 'Choose as many vertices as you can, every two of them joined by an edge.'
    : 'Choose as many vertices as you can, no two of them joined by an edge.';
}

// A graph from `dance generate`: its largest clique (independent set) is the one of clique.k vertices it plants;
// k is the page's secret, 4 or 5 (5 or 6 from 16 vertices), so that the menu does not give the answer's size away.
$('clique-new').addEventListener('click', () => cliqueTab.run('Making a puzzle...', async signal => {
  const kind = $('clique-kind').value, vertices = Number($('clique-n').value);
  const k = 3 + Math.floor(vertices / 8) + Math.floor(Math.random() * 2);
  const made = await api('generate', {puzzle: kind, options: {k, vertices}, seed: randomSeed(), with_solution: true},
                         signal);
  const lines = made.puzzles[0].puzzle.split('\n');  // the graph as dance solve reads it
  Object.assign(clique, {kind, k, n: vertices, edges: new Set(), chosen: new Set(), byDance: ''});
  for (const line of lines.filter(line => line.startsWith('e ')))
    clique.edges.add(edgeKey(...line.split(' ').slice(1).map(v => Number(v) - 1)));
  cliqueDraw();
  say('clique', `A graph of ${clique.n} vertices and ${plural(clique.edges.size, 'edge')}: find its largest ${
    kind === 'clique' ? 'clique' : 'independent set'}.`);
}));

// Check: the chosen vertices form a clique (independent set), and the largest, which has clique.k vertices.
$('clique-check').addEventListener('click', () => {
  const chosen = [...clique.chosen].sort((a, b) => a - b), wantJoined = clique.kind === 'clique';
  const what = wantJoined ? 'clique' : 'independent set';
  if (!chosen.length) return say('clique', `Choose vertices first: tap the circles of a${wantJoined ? '' : 'n'} ${what}.`);
  for (let i = 0; i < chosen.length; ++i)
    for (let j = i + 1; j < chosen.length; ++j)
      if (clique.edges.has(edgeKey(chosen[i], chosen[j])) !== wantJoined)
        return say('clique', `${chosen[i] + 1} and ${chosen[j] + 1} are ${wantJoined ? 'not ' : ''}joined.`, 'bad');
  if (chosen.length < clique.k)
    return say('clique', `A${wantJoined ? '' : 'n'} ${what} of ${chosen.length}, but not the largest: one of ${clique.k} is there.`);
  say('clique', `${solvedWords(chosenKey() === clique.byDance)} The largest ${what}: none has more than ${clique.k} vertices.`, 'good');
});

$('clique-solve').addEventListener('click', () => cliqueTab.run('Searching...', async signal => {
  const k = clique.k;
  const lines = [`p edge ${clique.n} ${clique.edges.size}`];
  for (const key of clique.edges) lines.push('e ' + key.split(' ').map(v => Number(v) + 1).join(' '));
  const solved = await api('solve', {reduction: clique.kind, text: lines.join('\n') + '\n', options: {k}}, signal);
  if (solved.status === 'none') {
    clique.chosen = new Set();
    cliqueShow();
    return say('clique', `There is none of ${k} vertices.`, 'bad');
  }
  const found = solved.output.replace(/^yes:/, '').trim();
  clique.chosen = new Set(found.split(/\s+/).map(v => Number(v) - 1));
  clique.byDance = chosenKey();
  cliqueShow();
  say('clique', `One answer: ${found}.`, 'good');
}));
$('clique-kind').addEventListener('change', () => $('clique-new').click());
$('clique-n').addEventListener('change', () => $('clique-new').click());

// ---- exact cover in Knuth's format
const coverTab = new Tab('cover');
function cover(count) {
  coverTab.run(count ? 'Counting...' : 'Searching...', async signal => {
    const request = {reduction: 'xcc', text: $('cover-text').value, stats: true};
    if (count) request.count = true; else request.solutions = 20;
    $('cover-output').textContent = '';
    const solved = await api('solve', request, signal, {partial: true, subject: 'problem'});  // a count cut short: a lower bound
    $('cover-output').textContent = (solved.output || '') + (solved.log ? '\n' + solved.log : '');
    const words = {found: count ? 'Counted.' : 'Solutions (at most 20 shown).', none: 'No solution.',
                   unknown: 'Stopped by the time limit.'};
    say('cover', words[solved.status], solved.status === 'found' ? 'good' : 'bad');
  });
}
$('cover-solve').addEventListener('click', () => cover(false));
$('cover-count').addEventListener('click', () => cover(true));

// A game saved by an older page, or damaged, is dropped.
function sudokuRestore(saved) {
  try {
    sudokuLoad(saved.clues, saved.solution, saved.map, saved.diagonals, saved);
    return true;
  } catch {
    localStorage.removeItem('dance.sudoku');
    return false;
  }
}

// ---- the first puzzles: the sudoku of the link, else the game saved, else a new one
function sudokuStart() {
  const params = new URLSearchParams(location.hash.slice(1));
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem('dance.sudoku'));
  } catch {
    saved = null;
  }
  const linked = params.get('sudoku');
  const sameAsSaved = saved && (!linked || (linked === saved.clues.map(symbolOf).join('') &&
                                            (params.get('map') || null) === saved.map));
  if (saved && sameAsSaved && sudokuRestore(saved)) {
    say('sudoku', saved.solved ? 'The game you finished.' : 'The game you were playing.');
  } else if (linked) {
    const text = linked + (params.get('map') ? '\n' + params.get('map') : '');
    sudokuTab.run('Checking the puzzle...', async signal => {
      let verdict;
      try {
        verdict = await sudokuOpen(text, params.get('x') === '1', signal);
      } catch (error) {
        // A link's puzzle that cannot be played leaves a new one to play, and says why in a line.
        if (signal.aborted) throw error;
        await sudokuNew(signal);
        return say('sudoku', error.noSolution ? 'The link\'s puzzle has no solution: here is a new one.'
                                              : 'This link isn\'t a valid puzzle: here is a new one.', 'bad', error.message);
      }
      say('sudoku', verdict === 'unique' ? 'The puzzle of the link.' : 'The puzzle of the link has several solutions.');
    });
  } else {
    $('sudoku-new').click();
  }
}
// A range game in progress, else a new one.
function rangeStart() {
  const kept = recall('range');
  try {
    rangeLoad(kept.puzzle, kept.solution, kept.marks);
    range.byDance = Boolean(kept.byDance);
    say('range', range.marks.some(mark => mark) ? 'The game you were playing.'
                                                : `${capital(article(`${range.width}x${range.height}`))} board with one solution.`);
  } catch {
    $('range-new').click();
  }
}

// Every other menu as the player left it, and the tab (unless a link names a sudoku).
for (const id of ['range-size', 'knight-size', 'signpost-size', 'numbrix-size', 'hidato-size', 'clique-kind',
                  'clique-n']) {
  const input = $(id), kept = recall('menu-' + id);
  if (typeof kept === 'string' && [...input.options].some(o => o.value === kept))
    input.value = kept;
  input.addEventListener('change', () => remember('menu-' + id, input.value));
}
const keptTab = tabs.find(tab => tab.dataset.tab === recall('tab'));
const reloaded = performance.getEntriesByType('navigation')[0]?.type === 'reload';
if (keptTab && (reloaded || !new URLSearchParams(location.hash.slice(1)).has('sudoku'))) showTab(keptTab, false);

// The rules under "How to play" open where there is room for them beside the game (folded on a phone).
if (matchMedia('(min-width: 40.01rem)').matches) for (const rules of document.querySelectorAll('details.rules')) rules.open = true;
window.addEventListener('hashchange', sudokuStart);
knightBoard();
sudokuStart();
rangeStart();
$('clique-new').click();
for (const game of pathGames) game.start();
