// Plays the page of `dance serve` in headless Chromium, as a user would:
// node play.mjs DANCE SCREENSHOT_DIR. Sudoku (a 4x4 solved by typing, a
// wrong entry marked, a hint), range (a 5x5 board solved by clicking), a
// knight's tour completed by Solve from three moves, a clique found, and an
// exact cover counted. Saves a screenshot of each; exits 1 at the first
// thing that does not happen.
import {spawn} from 'node:child_process';
import {mkdirSync} from 'node:fs';
import {createInterface} from 'node:readline';

let puppeteer;
try {
  puppeteer = (await import('puppeteer-core')).default;
} catch {
  console.error('browser test: puppeteer-core is missing: npm install --prefix tests/browser (the README\'s set-up)');
  process.exit(1);
}

const [dance, shots] = process.argv.slice(2);
mkdirSync(shots, {recursive: true});
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';

// The server on a free port; its first line says where.
const server = spawn(dance, ['serve', '--port', '0', '-t', '10'], {stdio: ['ignore', 'pipe', 'inherit']});
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
  const response = await fetch(url + 'api/' + endpoint, {method: 'POST', body: JSON.stringify(request)});
  return response.json();
}

const browser = await puppeteer.launch({
  executablePath: chromium, headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']});
let failed = false;
try {
  const page = await browser.newPage();
  await page.setViewport({width: 1000, height: 800});
  page.on('pageerror', error => { console.error('page error: ' + error.message); failed = true; });
  // A file the page asks for and does not get, or a rule of the server's Content-Security-Policy broken, is an error.
  page.on('console', message => {
    if (message.type() === 'error') { console.error('console error: ' + message.text()); failed = true; }
  });
  await page.goto(url);
  const status = id => page.$eval('#' + id, e => e.textContent);
  const waitStatus = (id, text) => page.waitForFunction(
    (id, text) => document.getElementById(id).textContent.includes(text), {timeout: 20000}, id, text);
  // Whether the status line comes to say `text` (within 20 s).
  const says = (id, text) => waitStatus(id, text).then(() => true, () => false);

  // Sudoku: New, then the answer dance gives for the clues (and the map) typed in, and Check.
  async function solveSudoku(size, variant) {
    await page.select('#sudoku-size', String(size));
    await page.select('#sudoku-variant', variant);
    await page.click('#sudoku-new');
    await waitStatus('sudoku-status', `A ${size}x${size} puzzle`);
    const {puzzle, map} = await page.$eval('#sudoku-board table', table => ({...table.dataset}));
    expect(`a ${size}x${size} ${variant} puzzle`, puzzle.length === size * size && (variant === 'jigsaw') === Boolean(map));
    const text = puzzle + (map ? '\n' + map : '');
    const solution = (await api('solve', {reduction: 'sudoku', text, options: {jigsaw: variant === 'jigsaw'}})).output.trim();
    for (let cell = 0; cell < size * size; ++cell)
      if (puzzle[cell] === '.') await page.type(`input[data-cell="${cell}"]`, solution[cell]);
    await page.click('#sudoku-check');
    expect(`Check says a typed ${variant} solution is solved`, await says('sudoku-status', 'Solved!'));
    await page.screenshot({path: `${shots}/sudoku-${variant}-solved.png`});
    return {puzzle, solution};
  }
  await solveSudoku(6, 'jigsaw');
  expect('a thick border wherever the jigsaw\'s map changes region, and nowhere else', await page.$eval('#sudoku-board table', table => {
    const map = table.dataset.map, cells = [...table.querySelectorAll('td')];
    return cells.every((td, k) => td.classList.contains('box-right') === (k % 6 !== 5 && map[k] !== map[k + 1]) &&
                                  td.classList.contains('box-bottom') === (k < 30 && map[k] !== map[k + 6]));
  }));
  const {puzzle, solution} = await solveSudoku(4, 'plain');

  const open = [...puzzle].findIndex(c => c === '.');
  const wrong = solution[open] === '1' ? '2' : '1';
  await page.click(`input[data-cell="${open}"]`, {clickCount: 3});
  await page.keyboard.press('Backspace');
  await page.type(`input[data-cell="${open}"]`, wrong);
  await page.click('#sudoku-check');
  await waitStatus('sudoku-status', '1 wrong');
  expect('a wrong entry is marked', await page.$eval(`input[data-cell="${open}"]`, e => e.parentElement.classList.contains('wrong')));
  await page.screenshot({path: `${shots}/sudoku-wrong.png`});

  await page.click(`input[data-cell="${open}"]`, {clickCount: 3});
  await page.keyboard.press('Backspace');
  await page.click('#sudoku-hint');
  await waitStatus('sudoku-status', `is ${solution[open]}`);
  expect('Hint fills the empty cell with its value',
         await page.$eval(`input[data-cell="${open}"]`, e => e.value) === solution[open]);

  // Range: a 5x5 board, solved by clicking the cells dance shades.
  await page.click('button[data-tab="range"]');
  await page.select('#range-size', '5x5');
  await page.click('#range-new');
  await waitStatus('range-status', 'A 5x5 board');
  const grid = await page.$$eval('#range-board tr', rows => rows.map(
    row => [...row.children].map(td => td.textContent || '.').join(' ')).join('\n'));
  const shaded = (await api('solve', {reduction: 'range', text: grid + '\n', options: {format: 'grid'}})).output
    .trim().split(/\s+/);
  expect('dance solves the board shown', shaded.length === 25);
  for (let cell = 0; cell < 25; ++cell) if (shaded[cell] === '#') await page.click(`#range-board td[data-cell="${cell}"]`);
  await page.click('#range-check');
  expect('Check says the clicked board is solved', await says('range-status', 'Solved!'));
  await page.screenshot({path: `${shots}/range-solved.png`});

  // Knight's tour: three moves by hand, the rest by Solve.
  await page.click('button[data-tab="knight"]');
  await page.select('#knight-size', '5');
  for (const square of ['a1', 'b3', 'c5']) await page.click(`#knight-board td[data-square="${square}"]`);
  expect('three moves numbered', await status('knight-status') === '3 moves; 22 squares to go.');
  await page.click('#knight-solve');
  await waitStatus('knight-status', 'A tour');
  const tour = await page.$$eval('#knight-board td', tds => tds.map(td => [Number(td.textContent), td.dataset.square]));
  const order = tour.sort((a, b) => a[0] - b[0]).map(([, square]) => square);
  const jump = (a, b) => {
    const dx = Math.abs(a.charCodeAt(0) - b.charCodeAt(0)), dy = Math.abs(Number(a.slice(1)) - Number(b.slice(1)));
    return dx * dy === 2;
  };
  expect('the tour numbers every square once, from the moves made',
         tour.every(([n], k) => n === k + 1) && order.slice(0, 3).join() === 'a1,b3,c5');
  expect('each move of the tour is a knight\'s move', order.every((square, k) => k === 0 || jump(order[k - 1], square)));
  await page.screenshot({path: `${shots}/knight-tour.png`});

  // Clique: Solve on a random graph, then Check agrees.
  await page.click('button[data-tab="clique"]');
  await page.click('#clique-solve');
  await waitStatus('clique-status', 'One answer');
  await page.click('#clique-check');
  expect('Check accepts the clique Solve found', await says('clique-status', 'Found!'));
  await page.screenshot({path: `${shots}/clique.png`});

  // Exact cover: Knuth's toy problem has one solution.
  await page.click('button[data-tab="cover"]');
  await page.click('#cover-count');
  await waitStatus('cover-status', 'Counted');
  expect('the toy problem counts 1', (await page.$eval('#cover-output', e => e.textContent)).startsWith('1\n'));
  await page.click('#cover-solve');
  await waitStatus('cover-status', 'Solutions');
  expect('its solution is shown', (await page.$eval('#cover-output', e => e.textContent)).includes('a d'));
  await page.screenshot({path: `${shots}/exact-cover.png`});
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
