// The client's floors are ESLint rules (eslint.config.js): planted imports show each one holds.
import { describe, expect, it } from 'vitest';
import { lintAs } from './lint';

/** The rules an import breaks in a file at `filePath`, static or dynamic. */
const broken = async (filePath: string, code: string): Promise<string[]> =>
  (await lintAs(code, filePath)).map((message) => message.ruleId ?? message.message);

const staticImport = (source: string) => `import { thing } from '${source}';\nexport const used = thing;\n`;
const dynamicImport = (source: string) => `export const load = () => import('${source}');\n`;

describe('the client’s import rules', () => {
  it('keeps features from importing each other, statically or with import()', async () => {
    const file = 'src/client/features/chloe/planted.tsx';
    expect(await broken(file, staticImport('../questions/ask'))).toEqual(['no-restricted-imports']);
    expect(await broken(file, dynamicImport('../questions/feed-page'))).toEqual(['no-restricted-syntax']);
    expect(await broken(file, dynamicImport('../../features/questions/feed-page'))).toEqual([
      'no-restricted-syntax',
    ]);
  });

  it('keeps screens, components and the app from calling lib/api', async () => {
    expect(await broken('src/client/features/questions/planted.tsx', staticImport('../../lib/api'))).toEqual([
      'no-restricted-imports',
    ]);
    expect(await broken('src/client/features/questions/planted.tsx', dynamicImport('../../lib/api'))).toEqual(
      ['no-restricted-syntax'],
    );
    expect(await broken('src/client/components/planted.tsx', staticImport('../lib/api'))).toEqual([
      'no-restricted-imports',
    ]);
    expect(await broken('src/client/app/planted.tsx', staticImport('../lib/api'))).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('keeps lib/ the bottom floor', async () => {
    const file = 'src/client/lib/planted.ts';
    expect(await broken(file, staticImport('../features/questions/feed-page'))).toEqual([
      'no-restricted-imports',
    ]);
    expect(await broken(file, dynamicImport('../features/questions/feed-page'))).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await broken(file, staticImport('../components/page'))).toEqual(['no-restricted-imports']);
    expect(await broken(file, staticImport('../data/questions'))).toEqual(['no-restricted-imports']);
    expect(await broken(file, dynamicImport('../data/questions'))).toEqual(['no-restricted-syntax']);
  });

  it('keeps data/ below components/, features/ and the app', async () => {
    const file = 'src/client/data/planted.ts';
    expect(await broken(file, staticImport('../components/page'))).toEqual(['no-restricted-imports']);
    expect(await broken(file, dynamicImport('../features/admin/admin-page'))).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await broken(file, staticImport('../app/router'))).toEqual(['no-restricted-imports']);
  });

  it('keeps components/ below features/', async () => {
    const file = 'src/client/components/planted.tsx';
    expect(await broken(file, staticImport('../features/questions/feed-page'))).toEqual([
      'no-restricted-imports',
    ]);
    expect(await broken(file, dynamicImport('../features/questions/feed-page'))).toEqual([
      'no-restricted-syntax',
    ]);
  });

  it('lets each floor import the floors below it', async () => {
    expect(await broken('src/client/data/planted.ts', staticImport('../lib/api'))).toEqual([]);
    expect(await broken('src/client/lib/planted.ts', staticImport('./api'))).toEqual([]);
    expect(await broken('src/client/components/planted.tsx', staticImport('../data/questions'))).toEqual([]);
    expect(await broken('src/client/features/chloe/planted.tsx', staticImport('../../data/chloe'))).toEqual(
      [],
    );
    expect(
      await broken('src/client/features/chloe/planted.tsx', dynamicImport('../../components/ask-dialog')),
    ).toEqual([]);
    expect(await broken('src/client/features/chloe/planted.tsx', dynamicImport('./chloe-feedback'))).toEqual(
      [],
    );
    expect(
      await broken('src/client/app/planted.tsx', dynamicImport('../features/questions/feed-page')),
    ).toEqual([]);
  });
});
