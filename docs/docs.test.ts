import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs a newcomer reads (decision 047): a short README that links every page of docs/, links that lead
 * somewhere, every setting named, and an index of the decision records that agrees with the records themselves.
 */
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const decisionsDir = 'docs/decisions';

/** Markdown without its fenced code blocks, where a bracket is code, not a link. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** The relative links of a markdown file, as written: `[text](target)`. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (markdown: string) =>
  new Set([...prose(markdown).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchor(match[1]!.trim())));

const docsPages = readdirSync(path.join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);

describe('the README', () => {
  const readme = read('README.md');

  it('is at most 150 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it('starts with the two commands', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock).toContain('npm install && npm start');
    expect(firstBlock).toContain('npm test');
  });

  it('links every page of docs/, and the decision records', () => {
    const targets = relativeLinks(readme).map((target) => target.split('#')[0]);
    for (const page of docsPages) expect(targets, page).toContain(page);
    expect(targets).toContain(`${decisionsDir}/README.md`);
  });
});

describe('links between the docs', () => {
  const files = ['README.md', ...docsPages, `${decisionsDir}/README.md`];

  it.each(files)('%s links only to files and headings that exist', (file) => {
    const broken: string[] = [];
    for (const link of relativeLinks(read(file))) {
      const [target = '', hash] = link.split('#');
      const resolved = target ? path.join(path.dirname(file), target) : file;
      if (!existsSync(path.join(root, resolved))) broken.push(link);
      else if (hash && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(hash)) broken.push(link);
    }
    expect(broken).toEqual([]);
  });
});

describe('the settings', () => {
  const schema = read('src/server/config-env.ts');
  const keys = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);

  it('are read from the schema', () => {
    expect(keys).toContain('PORT');
  });

  it.each(['.env.example', 'docs/configuration.md'])('are each named in %s', (file) => {
    const text = read(file);
    expect(keys.filter((key) => !new RegExp(`\\b${key}\\b`).test(text))).toEqual([]);
  });
});

type DecisionRecord = {
  number: string;
  file: string;
  title: string;
  date: string;
  status: string;
  statusLine: string;
};

/** The records present: `NNN-title.md`, with the `Date: … Status: …` paragraph under the title. */
function records(): DecisionRecord[] {
  return readdirSync(path.join(root, decisionsDir))
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .map((file) => {
      const text = read(`${decisionsDir}/${file}`);
      const [heading = '', statusLine = ''] = text.split(/\n\s*\n/);
      const dated = /^Date: (\d{4}-\d{2}-\d{2})\. Status: (\w+)/.exec(statusLine);
      return {
        number: file.slice(0, 3),
        file,
        title: heading.replace(/^# \d{3} /, ''),
        date: dated?.[1] ?? '',
        status: dated?.[2]?.toLowerCase() ?? '',
        statusLine: statusLine.replace(/\s+/g, ' '),
      };
    });
}

/** The numbers a status line gives as the record's successors: "superseded by 021", "amended by 027 … and 028". */
const successorsIn = (statusLine: string) =>
  [...statusLine.matchAll(/\b(?:superseded|amended)\b[^.;]*/gi)].flatMap((clause) =>
    [...clause[0].matchAll(/\b\d{3}\b/g)].map((match) => match[0]),
  );

type IndexLine = {
  number: string;
  title: string;
  file: string;
  date: string;
  status: string;
  successors: string[];
};

/** The index's lines: `- NNN [title](file) · date · status; superseded by [NNN](file)`. */
function indexLines(): IndexLine[] {
  return read(`${decisionsDir}/README.md`)
    .split('\n')
    .filter((line) => /^- \d{3} /.test(line))
    .map((line) => {
      const parts = /^- (\d{3}) \[(.+?)\]\(([^)]+)\) · (\d{4}-\d{2}-\d{2}) · (\w+)(.*)$/.exec(line);
      if (!parts) throw new Error(`an index line not in the index's form: ${line}`);
      const successors = [...parts[6]!.matchAll(/\[(\d{3})\]\(([^)]+)\)/g)].map((match) => {
        if (!match[2]!.startsWith(`${match[1]}-`))
          throw new Error(`${match[1]} links to ${match[2]}: ${line}`);
        return match[2]!;
      });
      return {
        number: parts[1]!,
        title: parts[2]!,
        file: parts[3]!,
        date: parts[4]!,
        status: parts[5]!.toLowerCase(),
        successors,
      };
    });
}

describe('the decision records and their index', () => {
  const present = records();
  const index = indexLines();
  const byFile = new Map(present.map((record) => [record.file, record]));

  it('lists every record once, under its number, title and date', () => {
    expect(present.length).toBeGreaterThan(40);
    for (const record of present) {
      const lines = index.filter((line) => line.file === record.file);
      expect(lines, record.file).toHaveLength(1);
      expect(lines[0], record.file).toMatchObject({
        number: record.number,
        title: record.title,
        date: record.date,
        status: record.status,
      });
    }
  });

  it('lists no record that is not there', () => {
    expect(index.map((line) => line.file).filter((file) => !byFile.has(file))).toEqual([]);
  });

  it('gives every record a date and a status under its title', () => {
    const undated = present.filter((record) => !record.date || !record.status).map((record) => record.file);
    expect(undated).toEqual([]);
  });

  it('names only successors that exist, agree with the record and name it back', () => {
    for (const line of index) {
      const record = byFile.get(line.file);
      if (!record) continue;
      const named = line.successors.map((file) => file.slice(0, 3));
      // The record's own status line names the same successors as its index line.
      expect(successorsIn(record.statusLine).sort(), line.file).toEqual([...named].sort());
      for (const file of line.successors) {
        const successor = byFile.get(file);
        expect(successor, `${line.file}: ${file}`).toBeDefined();
        // The successor says which earlier record it replaces in part.
        expect(successor!.statusLine, `${file} names ${line.number}`).toMatch(
          new RegExp(`\\b${line.number}\\b`),
        );
      }
    }
  });
});
