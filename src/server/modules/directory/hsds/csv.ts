/**
 * CSV as RFC 4180 writes it (the HSDS tabular form): fields separated by commas, quoted with double quotes when they
 * hold a comma, a quote or a line break, quotes doubled inside. Reading also takes LF line ends and a UTF-8 byte
 * order mark, as spreadsheets write them.
 *
 * Partners open these files in spreadsheets, which run a cell that starts with =, +, -, @, a tab or a carriage
 * return as a formula (CSV injection). As OWASP advises, such a value is written behind a single quote, which
 * spreadsheets show as text; reading takes one leading quote off again, so every value reads back as it was
 * ("+61 3 9000 0000" included). A plain number ("-37.81") runs nothing and HSDS readers need it as a number, so it
 * is written as it is.
 */

export class CsvError extends Error {
  override name = 'CsvError';
}

/** The records of a CSV text, each with the line it starts on (1-based). Blank lines are skipped. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteOpenedOn = 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells: cells.map(unguard) });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
      quoteOpenedOn = line;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new CsvError(`a quoted value that starts on line ${quoteOpenedOn} is never closed`);
  if (cell !== '' || cells.length) endRecord();
  return records;
}

/** A value a spreadsheet would run, after any quotes a value of that kind was already written behind. */
const FORMULA = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** A value written behind a quote: one quote more than the value has, before a formula's first character. */
const GUARDED = /^'+[=+\-@\t\r]/;

const guard = (value: string) => (FORMULA.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value);
const unguard = (value: string) => (GUARDED.test(value) ? value.slice(1) : value);

const needsQuotes = /[",\r\n]|^\s|\s$/;

function formatCell(value: string): string {
  const text = guard(value);
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV text of these records, with CRLF line ends. */
export function formatCsv(records: string[][]): string {
  return records.map((cells) => cells.map(formatCell).join(',') + '\r\n').join('');
}
