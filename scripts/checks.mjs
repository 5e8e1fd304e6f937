// The static checks of `npm test` (ESLint, Prettier, both TypeScript projects) side by side: each is one process on
// one core, so together they take as long as the slowest. Each one's output is printed whole when it ends; the
// exit code is 1 if any failed.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const CHECKS = [
  ['eslint', bin('eslint'), ['.', '--max-warnings=0']],
  ['prettier', bin('prettier'), ['--check', '.']],
  ['tsc', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['tsc (service worker)', bin('tsc'), ['-p', 'tsconfig.sw.json', '--noEmit']],
];

function run([name, command, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`== ${name}: ${code === 0 ? 'passed' : 'FAILED'} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
