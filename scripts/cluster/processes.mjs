// What the cluster script needs of the processes it runs: whether one is alive, how it ended, the end of its log.
import { existsSync, readFileSync } from 'node:fs';

export function fail(message) {
  console.error(message);
  process.exit(1);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const alive = (child) => child !== null && child.exitCode === null && child.signalCode === null;
/** Resolves with how the child ended (at once if it already has). */
export const ended = (child) =>
  alive(child)
    ? new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
    : Promise.resolve({ code: child.exitCode, signal: child.signalCode });
export const how = ({ code, signal }) => (signal ? `signal ${signal}` : `exit code ${code}`);

export function tail(file, lines = 15) {
  if (!existsSync(file)) return '';
  const text = readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines);
  return text.map((line) => `    ${line}`).join('\n');
}
