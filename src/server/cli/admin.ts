/**
 * npm run admin -- --email you@example.com [--name "Your Name"]
 * Creates an admin account, or makes an existing account an admin. The password comes from
 * ADMIN_PASSWORD or is asked for on the terminal (only for a new account).
 *
 * npm run admin -- --verify-mentor mentor@example.com
 * Verifies a mentor, so students can choose them for chat.
 *
 * npm run admin -- --reset-link someone@example.com
 * Prints a link (valid 60 minutes, once) with which the person chooses a new password: for an operator without mail.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { emailSchema, displayNameSchema, newPasswordSchema } from '../../shared/schemas/auth';
import { messageKey, translate } from '../../shared/i18n';
import { ConfigError, loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { resetLink, createUser, findUserByEmail } from '../modules/auth';
import { changeRole, verifyMentorById } from '../modules/account';
import { AppError } from '../errors';

async function askPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    throw new Error('Set ADMIN_PASSWORD, or run this command in a terminal to type the password.');
  }
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(question);
      muted = true;
      rl.question('', (answer) => {
        muted = false;
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  try {
    const first = await ask(prompt);
    const second = await ask('Type it again: ');
    if (first !== second) throw new Error("Passwords don't match.");
    return first;
  } finally {
    rl.close();
  }
}

async function verify(address: string) {
  const email = emailSchema.safeParse(address);
  if (!email.success) throw new Error('Usage: npm run admin -- --verify-mentor mentor@example.com');
  const database = await connectDatabase(loadConfig(), (message) => console.log(message), { attach: true });
  try {
    const mentor = await findUserByEmail(database.db, email.data);
    if (mentor?.role !== 'mentor') {
      throw new Error(`There is no mentor with the email ${email.data}. They sign up as a mentor first.`);
    }
    await verifyMentorById(database.db, null, mentor.id);
    console.log(`${email.data} is now a verified mentor: students can choose them for chat.`);
  } finally {
    await database.close();
  }
}

async function printResetLink(address: string) {
  const email = emailSchema.safeParse(address);
  if (!email.success) throw new Error('Usage: npm run admin -- --reset-link someone@example.com');
  const config = loadConfig();
  const database = await connectDatabase(config, (message) => console.log(message), { attach: true });
  try {
    const user = await findUserByEmail(database.db, email.data);
    if (!user) throw new Error(`There is no account with the email ${email.data}.`);
    const link = await resetLink(
      { db: database.db, linkBase: config.linkBase, clock: () => new Date() },
      user,
    );
    console.log(`Give this link to ${user.email} only. It works once, for 60 minutes:\n${link}`);
  } finally {
    await database.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'verify-mentor': { type: 'string' },
      'reset-link': { type: 'string' },
    },
  });
  if (values['verify-mentor'] !== undefined) return verify(values['verify-mentor']);
  if (values['reset-link'] !== undefined) return printResetLink(values['reset-link']);
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) throw new Error('Usage: npm run admin -- --email you@example.com [--name "Your Name"]');

  const config = loadConfig();
  const database = await connectDatabase(config, (message) => console.log(message), { attach: true });
  try {
    const existing = await findUserByEmail(database.db, email.data);
    if (existing) {
      if (existing.role === 'admin') {
        console.log(`${existing.email} is already an admin.`);
      } else {
        await changeRole(database.db, existing.id, 'admin');
        console.log(`${existing.email} is now an admin. Their sessions were ended: they sign in again.`);
      }
      return;
    }
    const name = displayNameSchema.safeParse(values.name ?? 'Admin');
    if (!name.success) throw new Error(translate('en', messageKey(name.error.issues[0]?.message)));
    const password = process.env.ADMIN_PASSWORD ?? (await askPassword(`Password for ${email.data}: `));
    const valid = newPasswordSchema.safeParse(password);
    if (!valid.success) throw new Error(translate('en', messageKey(valid.error.issues[0]?.message)));
    const user = await createUser(database.db, {
      email: email.data,
      password,
      displayName: name.data,
      role: 'admin',
      emailVerified: true,
    });
    console.log(`Created the admin account ${user.email}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof AppError) console.error(translate('en', error.messageKey));
  else console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
