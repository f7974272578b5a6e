// The page of `dance serve`: every search goes to the JSON API (docs/serve.md).
'use strict';

// A request to the API. What it refuses (its message), and unless `partial` a search that the time
// limit cut short, throw: button() says it.
async function api(endpoint, request, {partial = false} = {}) {
  const response = await fetch('/api/' + endpoint, {
    method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(request)});
  const body = await response.json();
  if (!response.ok) throw new Error(body.error);
  if (!partial && (body.status === 'unknown' || body.verdict === 'unknown'))
    throw new Error(('Gave up: the time limit came first. ' + body.log).trim());
  return body;
}

function randomSeed() { return 1 + Math.floor(Math.random() * 1e9); }

function say(id, text, kind) {
  const status = document.getElementById(id);
  status.textContent = text;
  status.className = 'status' + (kind ? ' ' + kind : '');
}

// Runs a button's work, saying its error (a refused request, a search cut by the time limit) in the tab's status line.
function button(id, statusId, work) {
  document.getElementById(id).addEventListener('click', async () => {
    try {
      await work();
    } catch (error) {
      say(statusId, error.message, 'bad');
    }
  });
}

function element(tag, attributes = {}, parent = null) {
  const made = tag === 'svg' || ['line', 'circle', 'text'].includes(tag)
    ? document.createElementNS('http://www.w3.org/2000/svg', tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (parent) parent.appendChild(made);
  return made;
}

// ---- tabs
for (const tab of document.querySelectorAll('nav button')) {
  tab.addEventListener('click', () => {
    for (const other of document.querySelectorAll('nav button')) {
      other.setAttribute('aria-selected', String(other === tab));
      document.getElementById(other.dataset.tab).hidden = other !== tab;
    }
  });
}

// ---- sudoku
const sudoku = {size: 9, boxRows: 3, boxCols: 3, diagonals: false, regions: null, clues: [], solution: null, cells: []};

// dance's symbols: 1-9, then A, B, ... for 10, 11, ...
function symbolOf(value) { return value === 0 ? '.' : value <= 9 ? String(value) : String.fromCharCode(55 + value); }
function valueOf(symbol) {
  const c = symbol.toUpperCase();
  if (c >= '1' && c <= '9') return Number(c);
  if (c >= 'A' && c <= 'Z') return c.charCodeAt(0) - 55;
  return 0;
}

// The squarest boxes, as dance chooses them: R rows of C columns, R <= C.
function boxShape(n) {
  let rows = Math.floor(Math.sqrt(n));
  while (n % rows !== 0) --rows;
  return [rows, n / rows];
}

// The region of each cell: the jigsaw map's, else the boxes'.
function sudokuRegion(cell) {
  if (sudoku.regions) return sudoku.regions[cell];
  const n = sudoku.size, r = Math.floor(cell / n), c = cell % n;
  return Math.floor(r / sudoku.boxRows) * sudoku.boxRows + Math.floor(c / sudoku.boxCols);
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

// A jigsaw map (n*n symbols, whitespace aside) as region numbers 0..n-1 in order of appearance.
function regionsOf(map) {
  const label = new Map();
  return [...map.replace(/\s/g, '')].map(symbol => {
    if (!label.has(symbol)) label.set(symbol, label.size);
    return label.get(symbol);
  });
}

function sudokuLoad(line, solution, map) {
  const cells = [...line.trim()];
  const n = Math.round(Math.sqrt(cells.length));
  sudoku.size = n;
  [sudoku.boxRows, sudoku.boxCols] = boxShape(n);
  sudoku.regions = map ? regionsOf(map) : null;
  sudoku.clues = cells.map(valueOf);
  sudoku.solution = solution ? [...solution.trim()].map(valueOf) : null;
  const board = document.getElementById('sudoku-board');
  board.textContent = '';
  const table = element('table', {}, board);
  table.dataset.puzzle = line.trim();
  if (map) table.dataset.map = map.replace(/\s/g, '');
  sudoku.cells = [];
  for (let r = 0; r < n; ++r) {
    const tr = element('tr', {}, table);
    for (let c = 0; c < n; ++c) {
      const index = r * n + c;
      const td = element('td', {}, tr);
      if (c !== n - 1 && sudokuRegion(index) !== sudokuRegion(index + 1)) td.classList.add('box-right');
      if (r !== n - 1 && sudokuRegion(index) !== sudokuRegion(index + n)) td.classList.add('box-bottom');
      if (sudoku.diagonals && (r === c || r + c === n - 1)) td.classList.add('diagonal');
      const input = element('input', {maxlength: '1', 'aria-label': `row ${r + 1} column ${c + 1}`,
                                      'data-cell': String(index), autocomplete: 'off'}, td);
      if (sudoku.clues[index]) {
        td.classList.add('clue');
        input.value = symbolOf(sudoku.clues[index]);
        input.readOnly = true;
      }
      input.addEventListener('input', () => {
        const value = valueOf(input.value);
        input.value = value >= 1 && value <= n ? symbolOf(value) : '';
        td.classList.remove('wrong', 'clash', 'hint', 'shown');
      });
      sudoku.cells.push(input);
    }
  }
}

function sudokuEntries() { return sudoku.cells.map(input => valueOf(input.value || '.')); }

function sudokuMark() {
  const values = sudokuEntries();
  for (const input of sudoku.cells) input.parentElement.classList.remove('wrong', 'clash');
  let wrong = 0, clashing = 0;
  const clashes = new Set();
  for (const unit of sudokuUnits()) {
    const seen = new Map();
    for (const cell of unit) {
      if (!values[cell]) continue;
      if (seen.has(values[cell])) { clashes.add(cell); clashes.add(seen.get(values[cell])); }
      seen.set(values[cell], cell);
    }
  }
  values.forEach((value, cell) => {
    const td = sudoku.cells[cell].parentElement;
    if (clashes.has(cell)) { td.classList.add('clash'); ++clashing; }
    if (value && !sudoku.clues[cell] && sudoku.solution && value !== sudoku.solution[cell]) {
      td.classList.add('wrong');
      ++wrong;
    }
  });
  return {values, wrong, clashing, empty: values.filter(v => !v).length};
}

button('sudoku-new', 'sudoku-status', async () => {
  const n = Number(document.getElementById('sudoku-size').value);
  const variant = document.getElementById('sudoku-variant').value;
  sudoku.diagonals = variant === 'x';
  const request = {puzzle: 'sudoku', options: {size: String(n), diagonals: sudoku.diagonals, jigsaw: variant === 'jigsaw'},
                   seed: randomSeed(), with_solution: true};
  const difficulty = document.getElementById('sudoku-difficulty').value;
  if (difficulty) request.difficulty = difficulty;
  say('sudoku-status', 'Making a puzzle...');
  const made = await api('generate', request);
  const [puzzle, solution, map] = made.output.trim().split(/\s+/);  // a jigsaw's map on the next line
  sudokuLoad(puzzle, solution, map);
  say('sudoku-status', `A ${n}x${n} puzzle with ${sudoku.clues.filter(v => v).length} clues and one solution.`);
});

button('sudoku-check', 'sudoku-status', async () => {
  const {wrong, clashing, empty} = sudokuMark();
  if (!wrong && !clashing && !empty) return say('sudoku-status', 'Solved!', 'good');
  if (!wrong && !clashing) return say('sudoku-status', `No mistakes so far; ${empty} cells to fill.`);
  say('sudoku-status', `${wrong} wrong, ${clashing} clashing (marked); ${empty} cells to fill.`, 'bad');
});

// A cell the clues and the right entries force: the one value left for it (else any cell, from the solution).
button('sudoku-hint', 'sudoku-status', async () => {
  if (!sudoku.solution) return say('sudoku-status', 'This puzzle has no single solution to give hints from.', 'bad');
  const values = sudokuEntries().map((v, cell) => (v === sudoku.solution[cell] ? v : 0));
  const units = sudokuUnits();
  let chosen = -1;
  for (let cell = 0; cell < values.length && chosen < 0; ++cell) {
    if (values[cell] || sudoku.cells[cell].value) continue;
    const taken = new Set();
    for (const unit of units) if (unit.includes(cell)) for (const other of unit) taken.add(values[other]);
    if (sudoku.size - [...taken].filter(v => v).length === 1) chosen = cell;
  }
  if (chosen < 0) chosen = values.findIndex((v, cell) => !v);
  if (chosen < 0) return say('sudoku-status', 'Every cell is filled.');
  sudoku.cells[chosen].value = symbolOf(sudoku.solution[chosen]);
  sudoku.cells[chosen].parentElement.classList.remove('wrong', 'clash');
  sudoku.cells[chosen].parentElement.classList.add('hint');
  say('sudoku-status', `Row ${Math.floor(chosen / sudoku.size) + 1}, column ${chosen % sudoku.size + 1} ` +
      `is ${symbolOf(sudoku.solution[chosen])}.`);
});

button('sudoku-solve', 'sudoku-status', async () => {
  if (!sudoku.solution) return say('sudoku-status', 'No puzzle with a single solution is loaded.', 'bad');
  sudoku.cells.forEach((input, cell) => {
    if (input.value !== symbolOf(sudoku.solution[cell])) input.parentElement.classList.add('shown');
    input.value = symbolOf(sudoku.solution[cell]);
    input.parentElement.classList.remove('wrong', 'clash');
  });
  say('sudoku-status', 'The solution (the cells you had not filled in grey).');
});

button('sudoku-load', 'sudoku-status', async () => {
  const text = document.getElementById('sudoku-paste').value.trim();
  const variant = document.getElementById('sudoku-variant').value;
  sudoku.diagonals = variant === 'x';
  const checked = await api('check', {reduction: 'sudoku', text,
                                      options: {diagonals: sudoku.diagonals, jigsaw: variant === 'jigsaw', format: 'line'}});
  if (checked.verdict === 'none') return say('sudoku-status', 'No solution: ' + checked.log.trim(), 'bad');
  const [line, ...map] = text.split('\n');  // a jigsaw's map follows its puzzle
  sudokuLoad(line.trim().split(/\s+/)[0], checked.verdict === 'unique' ? checked.solution : null,
             variant === 'jigsaw' ? map.join('') : null);
  say('sudoku-status', checked.verdict === 'unique' ? 'Unique: one solution. Loaded.'
                                                    : 'Multiple solutions: loaded, but Check only marks clashes.',
      checked.verdict === 'unique' ? 'good' : 'bad');
});

// ---- range (Kurodoko)
const range = {width: 0, height: 0, numbers: [], solution: null, cells: []};

function rangeGrid(block) { return block.trim().split('\n').map(line => line.trim().split(/\s+/)); }

function rangeLoad(puzzle, solution) {
  const rows = rangeGrid(puzzle);
  range.height = rows.length;
  range.width = rows[0].length;
  range.numbers = rows.flat().map(token => (/^\d+$/.test(token) ? Number(token) : 0));
  range.solution = rangeGrid(solution).flat().map(token => token === '#');
  const board = document.getElementById('range-board');
  board.textContent = '';
  const table = element('table', {}, board);
  range.cells = [];
  range.numbers.forEach((number, cell) => {
    const tr = cell % range.width === 0 ? element('tr', {}, table) : table.lastChild;
    const td = element('td', {'data-cell': String(cell)}, tr);
    if (number) {
      td.textContent = String(number);
      td.classList.add('number');
    } else {
      td.addEventListener('click', () => { td.classList.toggle('black'); td.classList.remove('wrong'); });
    }
    range.cells.push(td);
  });
}

function rangeNeighbours(cell) {
  const r = Math.floor(cell / range.width), c = cell % range.width, near = [];
  if (r > 0) near.push(cell - range.width);
  if (r < range.height - 1) near.push(cell + range.width);
  if (c > 0) near.push(cell - 1);
  if (c < range.width - 1) near.push(cell + 1);
  return near;
}

button('range-new', 'range-status', async () => {
  const size = document.getElementById('range-size').value;
  say('range-status', 'Making a puzzle...');
  const made = await api('generate', {puzzle: 'range', options: {size, format: 'grid'}, seed: randomSeed(),
                                      with_solution: true});
  const [puzzle, solution] = made.output.trim().split(/\n\s*\n/);
  rangeLoad(puzzle, solution);
  say('range-status', `A ${size} board with one solution.`);
});

// The rules, checked here: no two greys side by side, the whites joined, each number's view.
button('range-check', 'range-status', async () => {
  const black = range.cells.map(td => td.classList.contains('black'));
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
  let miscounted = 0;
  range.numbers.forEach((number, cell) => {
    if (!number) return;
    let seen = 1;
    for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      let r = Math.floor(cell / range.width) + dr, c = cell % range.width + dc;
      while (r >= 0 && r < range.height && c >= 0 && c < range.width && !black[r * range.width + c]) {
        ++seen; r += dr; c += dc;
      }
    }
    if (seen !== number) { range.cells[cell].classList.add('wrong'); ++miscounted; }
  });
  if (miscounted) problems.push(`${miscounted} numbers see the wrong count`);
  if (!problems.length) return say('range-status', 'Solved!', 'good');
  say('range-status', 'Not yet: ' + problems.join('; ') + '.', 'bad');
});

button('range-solve', 'range-status', async () => {
  if (!range.solution) return;
  range.cells.forEach((td, cell) => {
    td.classList.toggle('black', range.solution[cell]);
    td.classList.remove('wrong');
  });
  say('range-status', 'The solution.');
});

// ---- knight's tour (hamilton)
const knight = {size: 6, moves: [], cells: new Map()};
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
  }
}

function knightBoard() {
  knight.size = Number(document.getElementById('knight-size').value);
  knight.moves = [];
  knight.cells = new Map();
  const board = document.getElementById('knight-board');
  board.textContent = '';
  const table = element('table', {}, board);
  for (let row = knight.size - 1; row >= 0; --row) {
    const tr = element('tr', {}, table);
    element('th', {}, tr).textContent = String(row + 1);
    for (let column = 0; column < knight.size; ++column) {
      const name = squareName(row, column);
      const td = element('td', {'data-square': name}, tr);
      if ((row + column) % 2 === 0) td.classList.add('dark');
      td.addEventListener('click', () => knightClick(name));
      knight.cells.set(name, td);
    }
  }
  const files = element('tr', {}, table);
  element('th', {}, files);
  for (let column = 0; column < knight.size; ++column) element('th', {}, files).textContent = String.fromCharCode(97 + column);
  knightDraw();
  say('knight-status', 'Click a square to start.');
}

function knightClick(name) {
  const last = knight.moves[knight.moves.length - 1];
  if (name === last) {
    knight.moves.pop();
  } else if (knight.moves.includes(name)) {
    return say('knight-status', `${name} is visited already.`, 'bad');
  } else if (last && !knightJumps(last).includes(name)) {
    return say('knight-status', `${name} is not a knight's move from ${last}.`, 'bad');
  } else {
    knight.moves.push(name);
  }
  knightDraw();
  const left = knight.size * knight.size - knight.moves.length;
  say('knight-status', left ? `${knight.moves.length} moves; ${left} squares to go.` : 'A whole tour!',
      left ? '' : 'good');
}

// The rest of the tour: a Hamiltonian path from the last square through the unvisited ones, ending
// at an extra vertex joined to them all (so that it may end anywhere).
button('knight-solve', 'knight-status', async () => {
  const n = knight.size;
  let request;
  if (!knight.moves.length) {
    request = {reduction: 'hamilton', text: '', options: {knight: `${n}x${n}`, format: 'json'}};
  } else {
    const last = knight.moves[knight.moves.length - 1];
    const open = [...knight.cells.keys()].filter(name => !knight.moves.includes(name));
    if (!open.length) return say('knight-status', 'The tour is complete.', 'good');
    const edges = [];
    for (const name of [last, ...open]) {
      for (const other of knightJumps(name)) if (open.includes(other) && (name === last || name < other)) edges.push(`${name} ${other}`);
      if (name !== last) edges.push(`${name} end`);
    }
    request = {reduction: 'hamilton', text: edges.join('\n') + '\n',
               options: {path: true, from: last, to: 'end', format: 'json'}};
  }
  say('knight-status', 'Searching...');
  const solved = await api('solve', request);
  const answer = JSON.parse(solved.output.trim().split('\n')[0] || '{"found": false}');
  if (!answer.found) return say('knight-status', 'No tour completes these moves.', 'bad');
  const rest = knight.moves.length ? answer.vertices.slice(1, -1) : answer.vertices;
  knightDraw(rest);
  say('knight-status', `A tour: the moves after ${knight.moves.length} in green.`, 'good');
});

document.getElementById('knight-size').addEventListener('change', knightBoard);
button('knight-clear', 'knight-status', async () => knightBoard());
button('knight-undo', 'knight-status', async () => {
  knight.moves.pop();
  knightDraw();
  say('knight-status', `${knight.moves.length} moves.`);
});

// ---- clique and independent set
const clique = {n: 0, edges: new Set(), chosen: new Set()};
const edgeKey = (u, v) => (u < v ? `${u} ${v}` : `${v} ${u}`);

function cliqueKind() { return document.getElementById('clique-kind').value; }

function cliqueDraw() {
  const board = document.getElementById('clique-board');
  board.textContent = '';
  const svg = element('svg', {viewBox: '0 0 400 400', width: '400', height: '400'}, board);
  const at = v => [200 + 170 * Math.sin(2 * Math.PI * v / clique.n), 200 - 170 * Math.cos(2 * Math.PI * v / clique.n)];
  for (const key of clique.edges) {
    const [u, v] = key.split(' ').map(Number);
    const [x1, y1] = at(u), [x2, y2] = at(v);
    const line = element('line', {x1, y1, x2, y2}, svg);
    if (cliqueKind() === 'clique' && clique.chosen.has(u) && clique.chosen.has(v)) line.classList.add('chosen');
  }
  for (let v = 0; v < clique.n; ++v) {
    const [cx, cy] = at(v);
    const circle = element('circle', {cx, cy, r: 14, 'data-vertex': String(v + 1)}, svg);
    if (clique.chosen.has(v)) circle.classList.add('chosen');
    circle.addEventListener('click', () => {
      if (!clique.chosen.delete(v)) clique.chosen.add(v);
      cliqueDraw();
    });
    element('text', {x: cx, y: cy}, svg).textContent = String(v + 1);
  }
  const k = document.getElementById('clique-k').value;
  document.getElementById('clique-rules').textContent = cliqueKind() === 'clique'
    ? `Choose ${k} vertices every two of which are joined by an edge.`
    : `Choose ${k} vertices no two of which are joined by an edge.`;
}

button('clique-new', 'clique-status', async () => {
  clique.n = Math.max(4, Math.min(24, Number(document.getElementById('clique-n').value)));
  clique.edges = new Set();
  clique.chosen = new Set();
  const density = cliqueKind() === 'clique' ? 0.55 : 0.3;
  for (let u = 0; u < clique.n; ++u)
    for (let v = u + 1; v < clique.n; ++v) if (Math.random() < density) clique.edges.add(edgeKey(u, v));
  cliqueDraw();
  say('clique-status', `A random graph of ${clique.n} vertices and ${clique.edges.size} edges.`);
});

button('clique-check', 'clique-status', async () => {
  const k = Number(document.getElementById('clique-k').value), chosen = [...clique.chosen].sort((a, b) => a - b);
  const wantJoined = cliqueKind() === 'clique';
  for (let i = 0; i < chosen.length; ++i)
    for (let j = i + 1; j < chosen.length; ++j)
      if (clique.edges.has(edgeKey(chosen[i], chosen[j])) !== wantJoined)
        return say('clique-status', `${chosen[i] + 1} and ${chosen[j] + 1} are ${wantJoined ? 'not ' : ''}joined.`, 'bad');
  if (chosen.length !== k) return say('clique-status', `${chosen.length} chosen, fine so far; ${k} wanted.`);
  say('clique-status', 'Found!', 'good');
});

button('clique-solve', 'clique-status', async () => {
  const k = document.getElementById('clique-k').value;
  const lines = [`p edge ${clique.n} ${clique.edges.size}`];
  for (const key of clique.edges) lines.push('e ' + key.split(' ').map(v => Number(v) + 1).join(' '));
  const solved = await api('solve', {reduction: cliqueKind(), text: lines.join('\n') + '\n', options: {k}});
  if (solved.status === 'none') {
    clique.chosen = new Set();
    cliqueDraw();
    return say('clique-status', `There is none of ${k} vertices.`, 'bad');
  }
  clique.chosen = new Set(solved.output.replace(/^yes:/, '').trim().split(/\s+/).map(v => Number(v) - 1));
  cliqueDraw();
  say('clique-status', `One answer: ${solved.output.replace(/^yes:/, '').trim()}.`, 'good');
});
document.getElementById('clique-kind').addEventListener('change', () => document.getElementById('clique-new').click());

// ---- exact cover in Knuth's format
async function cover(count) {
  const text = document.getElementById('cover-text').value;
  const request = {reduction: 'xcc', text, stats: true};
  if (count) request.count = true; else request.solutions = 20;
  const output = document.getElementById('cover-output');
  output.textContent = '';
  const solved = await api('solve', request, {partial: true});  // a count cut short is a lower bound: shown
  output.textContent = (solved.output || '') + (solved.log ? '\n' + solved.log : '');
  const words = {found: count ? 'Counted.' : 'Solutions (at most 20 shown).', none: 'No solution.',
                 unknown: 'Stopped by the time limit.'};
  say('cover-status', words[solved.status], solved.status === 'found' ? 'good' : 'bad');
}
button('cover-solve', 'cover-status', () => cover(false));
button('cover-count', 'cover-status', () => cover(true));

// A first puzzle of each kind, so that the page opens ready to play.
knightBoard();
document.getElementById('sudoku-new').click();
document.getElementById('range-new').click();
document.getElementById('clique-new').click();
