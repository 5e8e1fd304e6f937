import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { en } from '../shared/i18n/en';
import { laterEn } from '../shared/i18n/later.en';
import { pagesEn } from '../shared/i18n/pages.en';

/**
 * The house's one casing rule for English buttons: Title Case, as the spec's labels are ("Post Question", "Find
 * Local", "Go to Homepage"). Read from the code: every text a button, or a link drawn as one, shows.
 */

/** Words kept small inside a title (not first). */
const SMALL = new Set('a an the and but or nor for to of in on at by with as per via from'.split(' '));

type Texts = { [key: string]: string | Texts };

/** Every English text, the parts that load later merged into the first ones. */
function merged(...parts: Texts[]): Texts {
  const all: Texts = {};
  for (const part of parts)
    for (const [key, value] of Object.entries(part)) {
      const before = all[key];
      all[key] = typeof value === 'object' && typeof before === 'object' ? merged(before, value) : value;
    }
  return all;
}

const TEXTS = merged(en, pagesEn, laterEn);

function text(key: string): string[] {
  const parts = key.split('.');
  const last = parts.pop()!;
  const parent = parts.reduce<unknown>(
    (node, part) => (node as Record<string, unknown> | undefined)?.[part],
    TEXTS,
  ) as Record<string, unknown> | undefined;
  const value = parent?.[last];
  if (typeof value === 'string') return [value];
  // A plural: each of its forms.
  return Object.entries(parent ?? {})
    .filter(([name, form]) => name.startsWith(`${last}_`) && typeof form === 'string')
    .map(([, form]) => form as string);
}

/** A label in Title Case; what is said while busy ("Signing in..."), a question and a sentence are not titles. */
export function titleCased(label: string): boolean {
  if (/(\.\.\.|…|\?)$/.test(label) || /[.!] /.test(label)) return true;
  const words = label
    .replace(/\{\{\w+\}\}|\([^)]*\)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words.every((word, i) => !/^[a-z]/.test(word) || (i > 0 && SMALL.has(word)));
}

/** Is this JSX element a button, or a link drawn as one? */
function isButton(node: ts.JsxElement): boolean {
  const tag = node.openingElement.tagName.getText();
  if (tag === 'Button' || tag === 'button') return true;
  if (!['Link', 'NavLink', 'a'].includes(tag)) return false;
  return node.openingElement.attributes.getText().includes('buttonClasses(');
}

/** The keys of the texts each button of a file shows (in its children, not its attributes). */
function buttonKeys(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const keys: string[] = [];
  const inChildren = (node: ts.Node) => {
    // t('key'), or t(condition ? 'one' : 'other').
    if (ts.isCallExpression(node) && node.expression.getText() === 't' && node.arguments[0]) {
      const key = node.arguments[0];
      const choices = ts.isConditionalExpression(key) ? [key.whenTrue, key.whenFalse] : [key];
      for (const choice of choices) if (ts.isStringLiteral(choice)) keys.push(choice.text);
    }
    // A button's own attributes (aria-label, title) are not its label.
    if (ts.isJsxAttributes(node)) return;
    ts.forEachChild(node, inChildren);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) && isButton(node)) node.children.forEach(inChildren);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return keys;
}

describe('English buttons', () => {
  const files = readdirSync('src/client', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
    .map((file) => path.join('src/client', file));
  const labels = files.flatMap((file) =>
    buttonKeys(file).flatMap((key) => text(key).map((label) => ({ file, key, label }))),
  );

  it('are found in the code', () => {
    expect(labels.length).toBeGreaterThan(100);
  });

  it('are in Title Case', () => {
    expect(labels.filter(({ label }) => !titleCased(label))).toEqual([]);
  });

  it('tells a title from a sentence', () => {
    expect(titleCased('Go to Homepage')).toBe(true);
    expect(titleCased('Show {{count}} More')).toBe(true);
    expect(titleCased('Signing in...')).toBe(true);
    expect(titleCased('Quick exit')).toBe(false);
    expect(titleCased('Mark all as read')).toBe(false);
  });
});
