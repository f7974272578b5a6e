// Plays the page of `dance serve` in headless Chromium, as a user would:
// node play.mjs DANCE SCREENSHOT_DIR. Sudoku: every size, variant and
// difficulty the menus offer made by New; a 9x9 played from the keyboard
// alone (arrows, typing over, pencil marks that clear themselves, undo and
// redo) and kept across a reload and by its link; a jigsaw's borders; a
// wrong entry marked and a hint; a pasted 9-line grid; a slow New overtaken
// by a fast one, and Stop. Range solved with greys and dots; a knight's tour
// begun from the keyboard and completed by Solve; signpost, numbrix and
// hidato solved by clicking (a click the rules forbid refused), a wrong number
// typed, a hint; the largest clique and independent set of a generated graph
// checked; Check after Solve says "Solved by dance" on every tab; an exact
// cover counted and a malformed one answered in the page's words. Then every
// tab at 1280x800 and on a 390x664 touch phone: no sideways scrolling, the
// board (and pad) on the first screen with cells of 32 px at least, no
// serious or critical axe-core violation, a screenshot each; a 16x16 on the
// phone, and tapped buttons; every pad key tappable at 664x390 and 390x664 for 9x9, 12x12 and 16x16;
// links whose sudoku has no solution or is no puzzle; a numbrix's first number checked; Clique Check with
// nothing chosen. Exits 1 at the first thing that does not happen.
import {spawn} from 'node:child_process';
import {mkdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {createInterface} from 'node:readline';

let puppeteer, axeSource;
try {
  puppeteer = (await import('puppeteer-core')).default;
  axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
} catch {
  console.error('browser test: puppeteer-core or axe-core is missing: npm ci --prefix tests/browser (the README\'s set-up)');
  process.exit(1);
}

const [dance, shots] = process.argv.slice(2);
mkdirSync(shots, {recursive: true});
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';

// The server on a free port, with the page's time limit (5 s a request); its first line says where.
const server = spawn(dance, ['serve', '--port', '0'], {stdio: ['ignore', 'pipe', 'inherit']});
const url = await new Promise((resolve, reject) => {
  createInterface({input: server.stdout}).once('line', line => {
    const found = line.match(/http:\/\/\S+/);
    found ? resolve(found[0]) : reject(new Error('dance serve said: ' + line));
  });
  server.once('exit', code => reject(new Error('dance serve exited with ' + code)));
});

function expect(what, condition) {
  if (!condition) throw new Error('expected: ' + what);
  console.log('ok: ' + what);
}

async function api(endpoint, request) {
  const response = await fetch(url + 'api/' + endpoint, {
    method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(request)});
  return response.json();
}

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));

const browser = await puppeteer.launch({
  executablePath: chromium, headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']});
let failed = false;
try {
  const page = await browser.newPage();
  await page.setViewport({width: 1280, height: 900});
  page.on('pageerror', error => { console.error('page error: ' + error.message); failed = true; });
  // A file the page asks for and does not get, or a rule of the server's Content-Security-Policy broken, is an error.
  // (but for the 400 of a malformed input sent on purpose).
  let refusing = false;
  page.on('console', message => {
    if (message.type() !== 'error' || (refusing && message.text().includes('status of 400'))) return;
    console.error('console error: ' + message.text());
    failed = true;
  });
  await page.goto(url);
  const status = id => page.$eval('#' + id, e => e.textContent);
  // Waits for the status line to say `text`; else fails with what it says.
  const waitStatus = (id, text, timeout = 20000) => page.waitForFunction(
    (id, text) => document.getElementById(id).textContent.includes(text), {timeout}, id, text).catch(async () => {
    throw new Error(`#${id} says "${await status(id)}" after ${timeout / 1000} s, not "${text}"`);
  });
  // Whether the status line comes to say `text` (within 20 s).
  const says = (id, text) => waitStatus(id, text).then(() => true, () => false);
  const press = async (key, modifier) => {
    if (modifier) await page.keyboard.down(modifier);
    await page.keyboard.press(key);
    if (modifier) await page.keyboard.up(modifier);
  };
  // A malformed input sent on purpose: what the tab's status line says of its 400.
  const refusal = async (area, text, button, tab, says) => {
    await page.$eval(area, (e, text) => { e.value = text; }, text);
    refusing = true;
    await page.click(button);
    await waitStatus(tab + '-status', says);
    refusing = false;
    return status(tab + '-status');
  };
  const board = () => page.$eval('#sudoku-board table', table => ({...table.dataset}));
  const cellText = cell => page.$eval(`#sudoku-board td[data-cell="${cell}"]`, td => td.textContent);
  const cellHas = (cell, name) => page.$eval(`#sudoku-board td[data-cell="${cell}"]`, (td, name) => td.classList.contains(name), name);
  const solve = async (puzzle, map) =>
    (await api('solve', {reduction: 'sudoku', text: puzzle + (map ? '\n' + map : ''), options: {jigsaw: Boolean(map)}})).output.trim();
  const keyOf = symbol => (/\d/.test(symbol) ? 'Digit' : 'Key') + symbol.toUpperCase();
  await waitStatus('sudoku-status', 'A 9x9 puzzle');
  const clues = puzzle => puzzle.replace(/\./g, '').length;
  const firstPuzzle = (await board()).puzzle;
  expect(`the first puzzle is an easy 9x9 with 25 to 32 clues, not a grid nearly filled (${clues(firstPuzzle)})`,
         await page.$eval('#sudoku-difficulty', menu => menu.value) === 'easy' &&
         firstPuzzle.length === 81 && clues(firstPuzzle) >= 25 && clues(firstPuzzle) <= 32);

  // Sudoku: every choice the menus offer makes a puzzle of its size within the time limit.
  const sizes = await page.$$eval('#sudoku-size option', options => options.map(o => o.value));
  let made = 0;
  for (const size of sizes) {
    await page.select('#sudoku-size', size);
    const variants = await page.$$eval('#sudoku-variant option', options => options.filter(o => !o.disabled).map(o => o.value));
    for (const variant of variants) {
      await page.select('#sudoku-variant', variant);
      const grades = await page.$$eval('#sudoku-difficulty option', options => options.filter(o => !o.disabled).map(o => o.value));
      for (const grade of grades) {
        await page.select('#sudoku-difficulty', grade);
        await page.click('#sudoku-new');
        const what = `${size}x${size} ${variant} ${grade}`;
        await page.waitForFunction(() => !document.getElementById('sudoku').hasAttribute('aria-busy'), {timeout: 20000});
        const said = await status('sudoku-status');
        if (!said.startsWith(`${/^(8|11|18)$/.test(size) ? "An" : "A"} ${size}x${size} puzzle`)) throw new Error(`New on ${what} says: ${said}`);
        const {puzzle, map} = await board();
        if (grade === 'easy' && clues(puzzle) > 0.45 * puzzle.length) throw new Error(`New on ${what} gave ${clues(puzzle)} clues`);
        if (puzzle.length !== size * size || (variant === 'jigsaw') !== Boolean(map)) throw new Error(`New on ${what} drew another board`);
        ++made;
      }
    }
  }
  expect(`each of the ${made} choices of the menus makes a puzzle`, made >= 40);
  expect('4x4 offers no grade that cannot be made (medium to fiendish)', await page.evaluate(() => {
    document.getElementById('sudoku-size').value = '4';
    document.getElementById('sudoku-size').dispatchEvent(new Event('change'));
    return [...document.querySelectorAll('#sudoku-difficulty option')].filter(o => o.disabled).length === 3;
  }));

  // The stale-answer race: a slow New overtaken by a fast one; the fast one stays, the menu and the board agree.
  await page.evaluate(() => {
    const choose = (id, value) => { document.getElementById(id).value = value; document.getElementById(id).dispatchEvent(new Event('change')); };
    choose('sudoku-size', '16'); choose('sudoku-variant', 'plain'); choose('sudoku-difficulty', 'fiendish');
    document.getElementById('sudoku-new').click();
    choose('sudoku-size', '4'); choose('sudoku-difficulty', 'easy');
    document.getElementById('sudoku-new').click();
  });
  await waitStatus('sudoku-status', 'A 4x4 puzzle');
  await sleep(3000);
  expect('a slow answer that a newer request replaced is not shown',
         (await board()).puzzle.length === 16 && (await status('sudoku-status')).startsWith('A 4x4 puzzle'));
  await page.select('#sudoku-size', '16');
  expect('Stop shows while a puzzle is made', await page.evaluate(() => {
    document.getElementById('sudoku-new').click();
    const shown = !document.getElementById('sudoku-stop').hidden;
    document.getElementById('sudoku-stop').click();
    return shown;
  }));
  await sleep(3000);
  expect('Stop gives the request up', (await status('sudoku-status')) === 'Stopped.' && (await board()).puzzle.length === 16);

  // A 9x9 played from the keyboard alone: Tab into the board, arrows, typing over, pencil marks, undo, redo.
  await page.select('#sudoku-size', '9');
  await page.select('#sudoku-variant', 'plain');
  await page.select('#sudoku-difficulty', 'easy');
  await page.click('#sudoku-new');
  await waitStatus('sudoku-status', 'A 9x9 puzzle');
  const {puzzle: nine} = await board();
  const answer = await solve(nine);
  await page.focus('#sudoku-solve');
  for (let k = 0; k < 5 && !await page.evaluate(() => document.activeElement.getAttribute('role') === 'gridcell'); ++k) await press('Tab');
  let at = await page.evaluate(() => Number(document.activeElement.dataset.cell));
  expect('Tab goes from the buttons into the board', at >= 0);
  const moveTo = async cell => {
    while (at !== cell) {
      const [r, c, tr, tc] = [Math.floor(at / 9), at % 9, Math.floor(cell / 9), cell % 9];
      await press(r < tr ? 'ArrowDown' : r > tr ? 'ArrowUp' : c < tc ? 'ArrowRight' : 'ArrowLeft');
      at = await page.evaluate(() => Number(document.activeElement.dataset.cell));
    }
  };
  const open = [...nine].flatMap((symbol, cell) => (symbol === '.' ? [cell] : []));
  const [first, second] = open;
  const peer = open.find(cell => cell !== first && (Math.floor(cell / 9) === Math.floor(first / 9) || cell % 9 === first % 9));
  const [other, third] = ['1', '2', '3'].filter(digit => digit !== answer[first]);
  await moveTo(peer);
  await press(keyOf(answer[first]), 'Shift');
  await press(keyOf(third), 'Shift');
  expect('Shift and a digit pencil two marks', (await cellText(peer)).replace(/\s/g, '').length === 2 &&
         await page.$eval(`#sudoku-board td[data-cell="${peer}"] .marks`, e => Boolean(e)));
  await moveTo(first);
  await press(keyOf(other));
  await press(keyOf(answer[first]));
  expect('typing over an entry replaces it', await cellText(first) === answer[first]);
  expect('a digit placed clears that mark from the cells of its units',
         !(await cellText(peer)).includes(answer[first]) && (await cellText(peer)).includes(third));
  await press('KeyZ', 'Control');
  expect('Ctrl+Z takes the digit back, and the mark it cleared', await cellText(first) === other &&
         (await cellText(peer)).includes(answer[first]));
  await press('KeyZ', 'Control');
  expect('Ctrl+Z again: the cell as it was', await cellText(first) === '');
  await press('KeyY', 'Control');
  await press('KeyY', 'Control');
  expect('Ctrl+Y twice redoes both', await cellText(first) === answer[first] && !(await cellText(peer)).includes(answer[first]));
  await moveTo(second);
  await press(keyOf(answer[second]));
  await page.reload();
  await waitStatus('sudoku-status', 'The game you were playing');
  expect('a reload keeps the game in progress', (await board()).puzzle === nine &&
         await cellText(first) === answer[first] && await cellText(second) === answer[second]);
  const link = await page.$eval('#sudoku-link', a => a.href);
  expect('the link names the puzzle', link.includes('sudoku=' + encodeURIComponent(nine)));
  await page.focus('#sudoku-solve');
  for (let k = 0; k < 5 && !await page.evaluate(() => document.activeElement.getAttribute('role') === 'gridcell'); ++k) await press('Tab');
  at = await page.evaluate(() => Number(document.activeElement.dataset.cell));
  for (const cell of open.slice(2)) {
    await moveTo(cell);
    await press(keyOf(answer[cell]));
  }
  expect('the last digit typed says Solved!', await says('sudoku-status', 'Solved!'));
  await page.screenshot({path: `${shots}/sudoku-solved.png`});

  // The link on a fresh page (no game saved) opens its puzzle.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await waitStatus('sudoku-status', 'The puzzle of the link');
  expect('the link opens its puzzle', (await board()).puzzle === nine);

  // A wrong entry marked by Check, then Hint.
  const wrongCell = open[0], wrongDigit = answer[wrongCell] === '1' ? '2' : '1';
  await page.click(`#sudoku-board td[data-cell="${wrongCell}"]`);
  await press(keyOf(wrongDigit));
  await page.click('#sudoku-check');
  await waitStatus('sudoku-status', '1 wrong');
  expect('a wrong entry is marked', await cellHas(wrongCell, 'wrong'));
  await page.screenshot({path: `${shots}/sudoku-wrong.png`});
  await page.click('#sudoku-hint');
  expect('Hint puts a wrong entry right first', await says('sudoku-status', `, not ${wrongDigit}.`) &&
         await cellText(wrongCell) === answer[wrongCell]);
  await page.click(`#sudoku-board td[data-cell="${wrongCell}"]`);
  await page.click('#sudoku-pad button[data-value="0"]');
  await page.click('#sudoku-hint');
  await waitStatus('sudoku-status', ' is ');
  const hinted = await page.$eval('#sudoku-board td.hint', td => Number(td.dataset.cell));
  expect('Hint fills an empty cell with its value', await cellText(hinted) === answer[hinted]);
  await page.click(`#sudoku-board td[data-cell="${open[5]}"]`);
  await page.click(`#sudoku-pad button[data-value="${answer[open[5]] === '1' ? 2 : 1}"]`);
  expect('the next move clears the hint\'s words', (await status('sudoku-status')) === '');

  // Solve shows the solution; Undo takes it back, and the game goes on (entries, the timer).
  await page.click('#sudoku-solve');
  await waitStatus('sudoku-status', 'The solution');
  await page.click('#sudoku-undo');
  await page.click(`#sudoku-board td[data-cell="${open[6]}"]`);
  await page.click(`#sudoku-pad button[data-value="${answer[open[6]]}"]`);
  const ticking = await page.$eval('#sudoku-timer', t => t.textContent);
  await new Promise(resolve => setTimeout(resolve, 2100));
  expect('after Solve and Undo, a digit can be entered and the timer runs',
         await cellText(open[6]) === answer[open[6]] && await page.$eval('#sudoku-timer', t => t.textContent) !== ticking);

  // A 6x6 jigsaw: its borders follow its map; solved with the digit pad.
  await page.select('#sudoku-size', '6');
  await page.select('#sudoku-variant', 'jigsaw');
  await page.select('#sudoku-difficulty', '');
  await page.click('#sudoku-new');
  await waitStatus('sudoku-status', 'A 6x6 puzzle');
  const jigsaw = await board();
  expect('a thick border wherever the jigsaw\'s map changes region, and nowhere else', await page.$eval('#sudoku-board table', table => {
    const map = table.dataset.map, cells = [...table.querySelectorAll('td')];
    return cells.every((td, k) => td.classList.contains('box-right') === (k % 6 !== 5 && map[k] !== map[k + 1]) &&
                                  td.classList.contains('box-bottom') === (k < 30 && map[k] !== map[k + 6]));
  }));
  const jigsawAnswer = await solve(jigsaw.puzzle, jigsaw.map);
  for (let cell = 0; cell < 36; ++cell) {
    if (jigsaw.puzzle[cell] !== '.') continue;
    await page.click(`#sudoku-board td[data-cell="${cell}"]`);
    await page.click(`#sudoku-pad button[data-value="${jigsawAnswer[cell]}"]`);
  }
  expect('a jigsaw filled from the digit pad is solved', await says('sudoku-status', 'Solved!'));
  await page.screenshot({path: `${shots}/sudoku-jigsaw-solved.png`});

  // Paste: a 9-line grid with box borders loads as 9x9.
  const rows = [];
  for (let r = 0; r < 9; ++r) {
    rows.push([...nine.slice(r * 9, r * 9 + 9)].map((s, c) => (c && c % 3 === 0 ? '| ' : '') + s).join(' '));
    if (r === 2 || r === 5) rows.push('------+-------+------');
  }
  await page.click('#sudoku-paste-details summary');
  await page.$eval('#sudoku-paste', (area, text) => { area.value = text; }, rows.join('\n') + '\n');
  await page.click('#sudoku-load');
  await waitStatus('sudoku-status', 'A 9x9 puzzle with one solution: loaded.');
  expect('a pasted 9-line grid loads as 9x9', (await board()).puzzle === nine);
  const paste = async text => {
    await page.$eval('#sudoku-paste', (area, text) => { area.value = text; }, text);
    await page.click('#sudoku-load');
    await page.waitForFunction(() => !document.getElementById('sudoku').hasAttribute('aria-busy'), {timeout: 20000});
    return {said: await status('sudoku-status'), ...await board()};
  };
  const jigsawPaste = await paste('1...\n..4.\n3...\n...2\naabb\naccb\naccb\ndddd\n');
  expect('a pasted jigsaw loads with its map', jigsawPaste.said.startsWith('A 4x4 puzzle with one solution') &&
         jigsawPaste.puzzle === '1.....4.3......2' && jigsawPaste.map === 'aabbaccbaccbdddd');
  const sixteen = (await api('generate', {puzzle: 'sudoku', options: {size: 16}, seed: 5})).output.trim();
  const sixteenPaste = await paste(sixteen.match(/.{16}/g).join('\n') + '\n');
  expect('a pasted grid of 16 rows of 16 loads as 16x16', sixteenPaste.said.startsWith('A 16x16 puzzle with one solution') &&
         sixteenPaste.puzzle === sixteen);
  const refused = await refusal('#sudoku-paste', '1.2.\n..3\n', '#sudoku-load', 'sudoku', 'could not be read');
  expect('a malformed paste is answered in the page\'s words, with its line',
         /line \d+/.test(refused) && !refused.includes('<request>') && !refused.includes('--'));

  // Range: a 5x5 board solved with clicks for the greys and the keyboard's dots for the whites.
  await page.click('#tab-range');
  await page.select('#range-size', '5x5');
  await page.click('#range-new');
  await waitStatus('range-status', 'A 5x5 board');
  const rangeGrid = await page.$$eval('#range-board tr', trs => trs.map(
    tr => [...tr.children].map(td => td.textContent || '.').join(' ')).join('\n'));
  const shaded = (await api('solve', {reduction: 'range', text: rangeGrid + '\n', options: {format: 'grid'}})).output
    .trim().split(/\s+/);
  expect('dance solves the board shown', shaded.length === 25);
  for (let cell = 0; cell < 25; ++cell) {
    if (shaded[cell] === '#') {
      await page.click(`#range-board td[data-cell="${cell}"]`);
    } else if (shaded[cell] === '.') {
      await page.focus(`#range-board td[data-cell="${cell}"]`);
      await page.click(`#range-board td[data-cell="${cell}"]`, {button: 'right'});
    }
  }
  expect('the whites are dotted', await page.$$eval('#range-board td.dot', tds => tds.length) === shaded.filter(s => s === '.').length);
  expect('the board of greys and dots says Solved! without Check', await says('range-status', 'Solved!'));
  await page.screenshot({path: `${shots}/range-solved.png`});
  await page.reload();
  await waitStatus('range-status', 'The game you were playing');
  expect('a reload keeps the tab, its menu and the range game', await page.$eval('#range', s => !s.hidden) &&
         await page.$eval('#range-size', s => s.value) === '5x5' &&
         await page.$$eval('#range-board td.black', tds => tds.length) === shaded.filter(s => s === '#').length);
  // From the keyboard: a grey with G, a dot with ., Backspace clears.
  await page.click('#range-new');
  await waitStatus('range-status', 'A 5x5 board');
  const blank = await page.$$eval('#range-board td', tds => tds.findIndex(td => !td.textContent));
  await page.click(`#range-board td[data-cell="${blank}"]`);
  await page.click(`#range-board td[data-cell="${blank}"]`);
  await page.click(`#range-board td[data-cell="${blank}"]`);
  await press('KeyG');
  const greyed = await page.$eval(`#range-board td[data-cell="${blank}"]`, td => td.className);
  await press('Period');
  const dotted = await page.$eval(`#range-board td[data-cell="${blank}"]`, td => td.className);
  await press('Backspace');
  const cleared = await page.$eval(`#range-board td[data-cell="${blank}"]`, td => td.className);
  expect('G greys, . dots, Backspace clears', greyed.includes('black') && dotted.includes('dot') && !/black|dot/.test(cleared));

  // Knight's tour: three moves from the keyboard (arrows and Enter), the rest by Solve.
  await page.click('#tab-knight');
  await page.select('#knight-size', '5');
  await page.focus('#knight-solve');
  await press('Tab');
  const square = () => page.evaluate(() => document.activeElement.dataset.square);
  expect('Tab goes into the board, at its top left', await square() === 'a5');
  const walk = async target => {
    for (;;) {
      const now = await square();
      if (now === target) return press('Enter');
      const dc = target.charCodeAt(0) - now.charCodeAt(0), dr = Number(target[1]) - Number(now[1]);
      await press(dr > 0 ? 'ArrowUp' : dr < 0 ? 'ArrowDown' : dc > 0 ? 'ArrowRight' : 'ArrowLeft');
    }
  };
  for (const target of ['a1', 'b3', 'c5']) await walk(target);
  expect('three moves numbered', await status('knight-status') === '3 moves; 22 squares to go.');
  await page.focus('#knight-solve');
  await press('Enter');
  await waitStatus('knight-status', 'A tour');
  const tour = await page.$$eval('#knight-board td[data-square]', tds => tds.map(td => [Number(td.textContent), td.dataset.square]));
  const order = tour.sort((a, b) => a[0] - b[0]).map(([, name]) => name);
  const jump = (a, b) => {
    const dx = Math.abs(a.charCodeAt(0) - b.charCodeAt(0)), dy = Math.abs(Number(a.slice(1)) - Number(b.slice(1)));
    return dx * dy === 2;
  };
  expect('the tour numbers every square once, from the moves made',
         tour.every(([n], k) => n === k + 1) && order.slice(0, 3).join() === 'a1,b3,c5');
  expect('each move of the tour is a knight\'s move', order.every((name, k) => k === 0 || jump(order[k - 1], name)));
  await page.screenshot({path: `${shots}/knight-tour.png`});
  await page.click('#knight-undo');
  expect('Undo after Solve takes the tour shown away, not a move',
         await says('knight-status', '3 moves.') && !(await page.$('#knight-board td.solved')));

  // Path puzzles: each solved by clicking its cells in order, the order dance solve finds for the grid shown.
  for (const name of ['signpost', 'numbrix', 'hidato']) {
    await page.click(`#tab-${name}`);
    await page.click(`#${name}-new`);
    await waitStatus(`${name}-status`, 'puzzle with one solution');
    const {width, tokens} = await page.$$eval(`#${name}-board tr`, trs => ({width: trs[0].children.length,
      tokens: trs.flatMap(tr => [...tr.children].map(td => {
        const number = td.classList.contains('given') ? td.firstChild?.nodeValue ?? '' : '';
        const arrow = td.querySelector('.arrow');
        return arrow ? number + 'abcdefgh'['\u2191\u2197\u2192\u2198\u2193\u2199\u2190\u2196'.indexOf(arrow.textContent)]
                     : td.classList.contains('hole') ? 'x' : number || '.';
      }))}));
    const height = tokens.length / width;
    const text = name === 'signpost' ? `${width}x${height}:${tokens.join('')}\n`
      : tokens.map((t, k) => t + ((k + 1) % width ? ' ' : '\n')).join('');
    const solved = await api('solve', {reduction: name, text});
    const answer = solved.output.trim().split(/\s+/).map(Number);
    expect(`dance solves the ${name} shown`, solved.status === 'found' &&
           answer.length === tokens.length);
    const last = Math.max(...answer.filter(Number.isFinite));
    const blank = tokens.findIndex(t => t === '.' || /^[a-h]$/.test(t));
    await page.click(`#${name}-board td[data-cell="${answer.indexOf(1)}"]`);
    const two = answer.indexOf(2), twoBlank = !/\d/.test(tokens[two]);
    expect(`the ${name}'s cell of 2 is shaded as a place for it`, !twoBlank ||
           await page.$eval(`#${name}-board td[data-cell="${two}"]`, td => td.classList.contains('next')));
    // The first number to lay: a blank cell where the rules forbid it is refused (Signpost: not along the arrow
    // of the number before; Numbrix: not beside it; Hidato: not touching it), then the right one is laid.
    const legal = (from, to) => {
      const [dr, dc] = [Math.floor(to / width) - Math.floor(from / width), to % width - from % width];
      if (name === 'numbrix') return Math.abs(dr) + Math.abs(dc) === 1;
      if (name === 'hidato') return Math.max(Math.abs(dr), Math.abs(dc)) === 1;
      const [ar, ac] = [[-1, 0], [-1, 1], [0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1]]['abcdefgh'.indexOf(tokens[from].slice(-1))];
      const steps = Math.max(Math.abs(dr), Math.abs(dc));
      return steps > 0 && dr === ar * steps && dc === ac * steps;
    };
    let refusedOne = false;
    for (let n = 2; n <= last; ++n) {
      const to = answer.indexOf(n), from = answer.indexOf(n - 1);
      if (!refusedOne && !/\d/.test(tokens[to])) {
        const wrong = answer.findIndex((m, j) => m > n && !/\d/.test(tokens[j]) && !legal(from, j));
        if (wrong >= 0) {
          await page.click(`#${name}-board td[data-cell="${wrong}"]`);
          expect(`${name}: ${n} tapped where the rules forbid it is refused ("${await status(`${name}-status`)}")`,
                 (await status(`${name}-status`)).startsWith(`${n} goes `) &&
                 await page.$eval(`#${name}-board td[data-cell="${wrong}"]`, td => td.firstChild?.nodeType !== 3));
          refusedOne = true;
        }
      }
      await page.click(`#${name}-board td[data-cell="${to}"]`);
    }
    expect(`${name}: a move against the rules was tried`, refusedOne);
    expect(`the ${name} solved by clicking in order says Solved! without Check`, await says(`${name}-status`, 'Solved!'));
    const laid = answer.findIndex((n, k) => n === Math.max(...answer.filter((m, j) => m < last && !/\d/.test(tokens[j]))));
    await page.click(`#${name}-board td[data-cell="${laid}"]`);
    await page.click(`#${name}-board td[data-cell="${laid}"]`);
    await page.click(`#${name}-check`);
    expect(`a number of the ${name} clicked twice is taken back`, await says(`${name}-status`, 'so far; 1 cell to fill'));
    await page.screenshot({path: `${shots}/${name}-solved.png`});
    await page.focus(`#${name}-board td[data-cell="${blank}"]`);
    await page.keyboard.press('Backspace');
    for (const digit of String(answer[blank] === 1 ? 2 : 1)) await page.keyboard.type(digit);
    await page.click(`#${name}-check`);
    expect(`a wrong number typed in the ${name} is marked`, await says(`${name}-status`, '1 wrong'));
    await page.click(`#${name}-hint`);
    // (the cell it names, or, when the hint fills the board, the check of the whole board)
    expect(`Hint in the ${name} names a cell`, /goes in row|wrong \(marked\); 0 cells|Solved!/.test(await status(`${name}-status`)));
  }
  const numbers = () => page.$$eval('#hidato-board td', tds => tds.map(td => td.textContent).join());
  const hidatoBefore = await numbers();
  await page.reload();
  await waitStatus('hidato-status', 'The game you were playing');
  expect('a reload keeps the tab and the path puzzle in progress',
         await page.$eval('#hidato', section => !section.hidden) && await numbers() === hidatoBefore);

  // Clique and independent set from dance generate: Check says whether the set is the largest.
  // Numbrix: the first number laid is checked too: 1 far from a given 2 is refused, beside it laid.
  await page.click('#tab-numbrix');
  await page.evaluate(() => pathGames[1].load(gridCells('. 2 .\n. . .\n. . .\n'), gridCells('1 2 3\n8 9 4\n7 6 5\n').cells));
  await page.click('#numbrix-board td[data-cell="8"]');
  const farOne = await status('numbrix-status'), farCell = await page.$eval('#numbrix-board td[data-cell="8"]', td => td.textContent);
  await page.click('#numbrix-board td[data-cell="0"]');
  expect(`numbrix: 1 tapped far from a given 2 is refused ("${farOne}"), beside it laid`,
         farOne.startsWith('1 goes') && farCell === '' &&
         await page.$eval('#numbrix-board td[data-cell="0"]', td => td.textContent) === '1');
  await page.click('#numbrix-new');
  await waitStatus('numbrix-status', 'puzzle with one solution');

  await page.click('#tab-clique');
  for (const kind of ['independent-set', 'clique']) {
    await page.select('#clique-kind', kind);
    await waitStatus('clique-status', 'find its largest');
    await page.click('#clique-check');
    expect(`Check with no vertex chosen says to choose some ("${await status('clique-status')}")`,
           (await status('clique-status')).startsWith('Choose vertices first'));
    await page.click('#clique-board circle[data-vertex="1"]');
    await page.click('#clique-check');
    expect(`one vertex is a${kind === 'clique' ? '' : 'n'} ${kind}, but not the largest`,
           await says('clique-status', 'but not the largest'));
    await page.click('#clique-solve');
    await waitStatus('clique-status', 'One answer');
    await page.click('#clique-check');
    expect(`Check says the ${kind} Solve found is the largest, solved by dance, not "Solved!"`,
           await says('clique-status', 'Solved by dance') && (await status('clique-status')).includes('The largest'));
  }
  await page.screenshot({path: `${shots}/clique.png`});
  await page.click('#clique-new');
  await waitStatus('clique-status', 'find its largest');
  await page.$eval('#clique-board circle[data-vertex="1"]', circle => circle.focus());
  await press('Space');
  expect('Space chooses a vertex', await page.$eval('#clique-board circle[data-vertex="1"]', c => c.getAttribute('aria-checked')) === 'true');

  // A vertex of one edge says "1 edge" (a graph of one edge drawn by the page's own cliqueDraw).
  expect('a vertex of one edge is said to have "1 edge"', await page.evaluate(() => {
    Object.assign(clique, {n: 4, edges: new Set(['0 1']), chosen: new Set()});
    cliqueDraw();
    return document.querySelector('#clique-board circle[data-vertex="1"]').getAttribute('aria-label') === 'vertex 1, 1 edge';
  }));
  await page.click('#clique-new');
  await waitStatus('clique-status', 'find its largest');

  // Solve is no win: Check after it says "Solved by dance", never "Solved!"; range's Check on an untouched
  // board marks nothing.
  await page.click('#tab-range');
  await page.click('#range-new');
  await waitStatus('range-status', 'board with one solution');
  await page.click('#range-check');
  expect(`range's Check on an untouched board marks no number ("${await status('range-status')}")`,
         !await page.$('#range-board td.wrong') && (await status('range-status')).startsWith('Nothing breaks the rules'));
  for (const tab of ['sudoku', 'range', 'signpost', 'numbrix', 'hidato']) {
    await page.click(`#tab-${tab}`);
    await page.click(`#${tab}-solve`);
    await page.click(`#${tab}-check`);
    const said = await status(`${tab}-status`);
    expect(`Check after Solve on the ${tab} tab says "${said}"`, said.startsWith('Solved by dance') && !said.includes('Solved!'));
  }

  // Exact cover: Knuth's toy problem has one solution, the one its comment names.
  await page.click('#tab-cover');
  expect('the sample\'s comment names its answer', (await page.$eval('#cover-text', e => e.value)).includes('a d f, b g, c e'));
  await page.click('#cover-count');
  await waitStatus('cover-status', 'Counted');
  expect('the toy problem counts 1', (await page.$eval('#cover-output', e => e.textContent)).startsWith('1\n'));
  await page.click('#cover-solve');
  await waitStatus('cover-status', 'Solutions');
  const shown = await page.$eval('#cover-output', e => e.textContent);
  expect('its solution is shown', ['a d f', 'b g', 'c e'].every(option => shown.includes(option)));
  await page.screenshot({path: `${shots}/exact-cover.png`});
  const coverError = await refusal('#cover-text', 'a b\na z\n', '#cover-solve', 'cover', 'line 2');
  expect('a malformed problem is answered in the page\'s words', coverError.startsWith('The problem could not be read: line 2') &&
         !/<request>|--|json\.exception|nodes/.test(coverError));

  // Every tab on a desktop and on a phone (390 x 664: what a 844 px phone's browser shows): no sideways
  // scrolling; the board, and sudoku's pad, inside the first screen, centred, with cells of 32 px at least where
  // it has at most 12 columns; the rules folded on the phone; axe-core clean; a screenshot.
  const firstScreen = tab => page.evaluate(tab => {
    const box = e => e && e.getBoundingClientRect();
    const board = box(document.querySelector(`#${tab}-board > *`) || document.getElementById(`${tab}-text`));
    const pad = box(document.querySelector(`#${tab}-pad`));
    const cells = [...document.querySelectorAll(`#${tab}-board td[role="gridcell"]`)];
    const columns = cells.length ? document.querySelector(`#${tab}-board tr`).querySelectorAll('td[role="gridcell"]').length : 0;
    return {top: board.top, bottom: Math.max(board.bottom, pad ? pad.bottom : 0), left: board.left, right: board.right,
            height: innerHeight, width: innerWidth, columns, cell: Math.min(...cells.map(td => box(td).width)),
            main: {left: box(document.querySelector('main')).left, right: box(document.querySelector('main')).right}, rulesOpen: document.querySelector(`#${tab} details.rules`).open};
  }, tab);
  for (const [device, width, height] of [['desktop', 1280, 800], ['phone', 390, 664]]) {
    await page.setViewport({width, height, isMobile: device === 'phone', hasTouch: device === 'phone'});
    await page.evaluate(axeSource);  // after the viewport: a phone's (touch) reloads the page
    for (const tab of ['sudoku', 'range', 'knight', 'signpost', 'numbrix', 'hidato', 'clique', 'cover']) {
      await page.click(`#tab-${tab}`);
      if (tab === 'sudoku') {
        await page.select('#sudoku-size', '9');
        await page.select('#sudoku-variant', 'x');
        await page.click('#sudoku-new');
        await waitStatus('sudoku-status', 'A 9x9 puzzle');
        await page.click('#sudoku-board td:not(.clue)');
      }
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(`the ${tab} tab fits a ${width} px ${device} (${wide} px)`, wide <= width);
      const seen = await firstScreen(tab);
      expect(`the ${tab} board${tab === 'sudoku' ? ' and its pad' : ''} are inside the first screen of a ${width}x${height} ${device} ` +
             `(${Math.round(seen.top)} to ${Math.round(seen.bottom)} px)`, seen.top >= 0 && seen.bottom <= height && seen.right <= width);
      if (seen.columns)
        expect(`the ${tab} board's cells are 32 px at least (${seen.cell.toFixed(1)} px, ${seen.columns} columns)`, seen.cell >= 32);
      if (device === 'phone' && tab !== 'cover') {
        expect(`the ${tab} board is as wide as the phone (${Math.round(seen.left)} to ${Math.round(seen.right)} px)`,
               seen.right - seen.left >= width - 60 || seen.cell >= 4.5 * 16);
        expect(`the ${tab} rules are folded under How to play`, !seen.rulesOpen);
      }
      if (device === 'desktop' && tab !== 'cover') {
        const [before, after] = [seen.left - seen.main.left, seen.main.right - seen.right];
        expect(`the ${tab} board is centred (${Math.round(before)} and ${Math.round(after)} px either side) and sized to the window`,
               Math.abs(before - after) <= 2 && seen.bottom >= height * 0.6);
      }
      if (device === 'phone') {
        const small = await page.$$eval(`#${tab} .controls :is(button, select, input), nav button`, controls => controls
          .filter(c => c.offsetParent && c.getBoundingClientRect().height < 44).map(c => c.id || c.textContent));
        expect(`every control of the ${tab} tab is 44 px high for a finger (${small.join(', ') || 'all'})`, !small.length);
        const rows = await page.$$eval(`#${tab} > .controls :is(button, select, input)`, controls => new Set(controls
          .filter(c => c.offsetParent).map(c => Math.round(c.getBoundingClientRect().top))).size);
        expect(`the ${tab} tab's controls take two rows at most (${rows})`, rows <= 2);
      }
      const {passed, violations} = await page.evaluate(async () => {
        const results = await window.axe.run(document);
        return {passed: results.passes.length, violations: results.violations
          .filter(v => v.impact === 'serious' || v.impact === 'critical')
          .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`)};
      });
      if (violations.length) console.error(violations.join('\n'));
      expect(`axe-core finds no serious or critical violation on the ${tab} tab (${device}; ${passed} rules pass)`,
             !violations.length && passed > 10);
      await page.screenshot({path: `${shots}/${device}-${tab}.png`, fullPage: true});
    }
  }
  // Still the phone: a 16x16 plays with cells of 32 px at least, its frame scrolling under the pad kept in sight;
  // a tapped button looks as it did before (no focus ring, no hover colour left on it).
  await page.click('#tab-sudoku');
  await page.select('#sudoku-size', '12');
  await page.click('#sudoku-new');
  await waitStatus('sudoku-status', 'A 12x12 puzzle');
  const twelveSeen = await firstScreen('sudoku');
  expect(`a 12x12 on the phone has cells of 32 px at least (${twelveSeen.cell.toFixed(1)} px), the board whole and the pad ` +
         `on the first screen (to ${Math.round(twelveSeen.bottom)} px)`, twelveSeen.cell >= 32 && twelveSeen.bottom <= twelveSeen.height &&
         twelveSeen.right <= twelveSeen.width && twelveSeen.left >= 0);
  await page.select('#sudoku-size', '16');
  await page.select('#sudoku-variant', 'plain');
  await page.click('#sudoku-new');
  await waitStatus('sudoku-status', 'A 16x16 puzzle');
  const sixteenSeen = await firstScreen('sudoku');
  const frame = await page.$eval('#sudoku-board', board => ({scrolls: board.scrollWidth > board.clientWidth,
                                                               bottom: board.getBoundingClientRect().bottom}));
  expect(`a 16x16 on the phone has cells of 32 px at least (${sixteenSeen.cell.toFixed(1)} px) in a frame that scrolls, ` +
         'the pad on the first screen', sixteenSeen.cell >= 32 && frame.scrolls && frame.bottom <= sixteenSeen.height &&
         await page.$eval('#sudoku-pad', pad => pad.getBoundingClientRect().bottom) <= sixteenSeen.height);
  const look = id => page.$eval('#' + id, button => {
    const style = getComputedStyle(button);
    return [style.backgroundColor, style.color, style.outlineStyle, style.boxShadow].join();
  });
  for (const id of ['sudoku-check', 'sudoku-hint']) {
    const before = await look(id);
    await page.tap('#' + id);
    await sleep(300);
    expect(`a tapped ${id} looks as before`, await look(id) === before);
  }
  // Every key of the pad is itself under a finger at its centre (once scrolled to), not a board cell laid over it,
  // on a phone upright and on its side, for each size.
  for (const size of ['9', '12', '16']) {
    await page.select('#sudoku-size', size);
    await page.click('#sudoku-new');
    await waitStatus('sudoku-status', `A ${size}x${size} puzzle`);
    for (const [width, height] of [[664, 390], [390, 664]]) {
      await page.setViewport({width, height, isMobile: true, hasTouch: true});
      await sleep(100);
      const covered = await page.$$eval('#sudoku-pad button', keys => keys.filter(key => {
        key.scrollIntoView({block: 'nearest'});
        const box = key.getBoundingClientRect();
        const there = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return !there || !key.contains(there);
      }).map(key => key.textContent));
      expect(`every key of a ${size}x${size}'s pad can be tapped at ${width}x${height}` +
             (covered.length ? ` (not ${covered.join(' ')})` : ''), !covered.length);
    }
  }
  // A link whose puzzle has no solution, or is no puzzle, leaves a new puzzle to play and says so in a short line,
  // the buttons still in sight (on the phone).
  await page.select('#sudoku-size', '9');
  const clashing = '11' + '.'.repeat(79), noSolution = '12345678' + '.'.repeat(72) + '9';
  for (const [link, words] of [[clashing, 'The link\'s puzzle has no solution'], [noSolution, 'The link\'s puzzle has no solution'],
                               ['zzzz', 'This link isn\'t a valid puzzle'], ['1'.repeat(80), 'This link isn\'t a valid puzzle']]) {
    refusing = true;  // (the server's 400 for a malformed one)
    await page.evaluate(link => { location.hash = 'sudoku=' + link; }, link);
    await waitStatus('sudoku-status', words);
    refusing = false;
    const seen = await page.evaluate(() => ({
      clues: document.querySelectorAll('#sudoku-board td.clue').length, hash: location.hash,
      buttons: document.getElementById('sudoku-check').getBoundingClientRect().top >= 0 &&
               document.getElementById('sudoku-new').getBoundingClientRect().bottom <= innerHeight}));
    await page.click('#sudoku-check');
    expect(`the link #sudoku=${link.slice(0, 12)}... says "${words}", leaves a new puzzle of ${seen.clues} clues ` +
           'that Check checks, and the buttons in sight', seen.clues > 0 && seen.hash === '' && seen.buttons &&
           !(await status('sudoku-status')).includes('No clashes so far'));
  }
  if (failed) throw new Error('the page reported an error');
} catch (error) {
  console.error('browser test: ' + error.message);
  failed = true;
} finally {
  await browser.close();
  server.kill('SIGINT');
}
const code = await new Promise(resolve => server.exitCode !== null ? resolve(server.exitCode) : server.once('exit', resolve));
if (!failed) expect('Ctrl-C stops dance serve with status 0', code === 0);
process.exit(failed || code !== 0 ? 1 : 0);
