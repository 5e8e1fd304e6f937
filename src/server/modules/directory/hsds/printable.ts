import { hasForbiddenCharacters, INVISIBLE_OR_BIDI } from '../../../../shared/schemas/common';

/**
 * What the import says goes to a terminal, and a data set's texts go with it: a control character there can move the
 * cursor or clear the screen, a text-direction one can turn the rest of a line around, and an invisible one hides.
 * Such characters are shown as the escapes a person can read and search for (\u202E, \u0000), never as they are.
 */

/** A character as its escape: \u202E, or \u{E0001} beyond the first 65,536. */
export function escapeCharacter(char: string): string {
  const code = char.codePointAt(0)!;
  const hex = code.toString(16).toUpperCase();
  return code > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
}

/** The characters of an HSDS value that a directory text may not hold, each once, as escapes, in order. */
export function refusedCharacters(value: string): string[] {
  const rules = { visibleOnly: true };
  if (!hasForbiddenCharacters(value, true, rules)) return [];
  const found = new Set<string>();
  // By code point: a surrogate pair is one character, a lone surrogate is one on its own.
  for (const char of value) if (hasForbiddenCharacters(char, true, rules)) found.add(escapeCharacter(char));
  return [...found];
}

/** Controls (line breaks among them: a value must not start a line of its own), lone surrogates, separators. */
const SHOWN_AS_ESCAPE = new RegExp(`[\\p{Cc}\\p{Cs}\\p{Zl}\\p{Zp}]|${INVISIBLE_OR_BIDI.source}`, 'u');

/** One line of text for a terminal. */
export function printable(line: string): string {
  let out = '';
  for (const char of line) out += SHOWN_AS_ESCAPE.test(char) ? escapeCharacter(char) : char;
  return out;
}

/** Text of several lines for a terminal: its own line breaks kept, everything else printable. */
export const printableLines = (text: string): string => text.split('\n').map(printable).join('\n');
