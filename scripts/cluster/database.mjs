// The cluster's database: created on its PostgreSQL when it does not exist yet.
import pg from 'pg';
import { fail } from './processes.mjs';

export async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) fail(`The database address names no database: ${url}`);
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (error) {
    await probe.end().catch(() => undefined);
    // 3D000: the server answers, the database does not exist yet.
    if (error.code !== '3D000') fail(`Cannot connect to PostgreSQL at ${target.host}: ${error.message}`);
  }
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  try {
    await admin.connect();
    await admin.query(`create database "${name.replaceAll('"', '""')}"`);
    console.log(`Created the database ${name}.`);
  } catch (error) {
    fail(`Cannot create the database ${name}: ${error.message}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}
