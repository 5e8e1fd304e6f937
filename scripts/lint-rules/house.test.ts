// The house rules that lint keeps (eslint.config.js, decision 048): each one catches a planted case, and a file that
// keeps them all passes.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eslint, lintAs, root } from './lint';

const problems = async (code: string, file: string) =>
  (await lintAs(code, file)).map((message) => ({ rule: message.ruleId, message: message.message }));
const rules = async (code: string, file: string) =>
  (await problems(code, file)).map((problem) => problem.rule);

const longFile = (lines: number) =>
  Array.from({ length: lines }, (_, index) => `export const line${index} = ${index};`).join('\n') + '\n';

describe('lint', () => {
  // Two modules that import each other, on disk so that the resolver follows one to the other.
  const cycleDir = path.join(root, 'scripts', 'lint-rules', `cycle-${process.pid}`);
  beforeAll(() => {
    mkdirSync(cycleDir, { recursive: true });
    writeFileSync(path.join(cycleDir, 'a.mjs'), "import { b } from './b.mjs';\nexport const a = () => b;\n");
    writeFileSync(path.join(cycleDir, 'b.mjs'), "import { a } from './a.mjs';\nexport const b = () => a;\n");
  });
  afterAll(() => rmSync(cycleDir, { recursive: true, force: true }));

  it('finds an import cycle', async () => {
    const [result] = await eslint.lintFiles([path.join(cycleDir, 'a.mjs')]);
    expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });

  it('finds an import cycle through TypeScript files imported without their extension', async () => {
    // errors.ts is imported by plugins/errors.ts: errors.ts importing it back closes a cycle.
    const code = "import { errorsPlugin } from './plugins/errors';\nexport const plugin = errorsPlugin;\n";
    expect(await rules(code, 'src/server/errors.ts')).toContain('import-x/no-cycle');
  });

  it('lets a type-only import close a loop', async () => {
    const code =
      "import type { errorsPlugin } from './plugins/errors';\nexport type Plugin = typeof errorsPlugin;\n";
    expect(await rules(code, 'src/server/errors.ts')).not.toContain('import-x/no-cycle');
  });

  it('finds an AppError made outside errors.ts, in code and in tests', async () => {
    const code =
      "import { AppError } from '../../errors';\nexport const fail = () => new AppError(404, 'NOT_FOUND', 'errors.notFound');\n";
    for (const file of [
      'src/server/modules/questions/planted.ts',
      'src/server/modules/questions/planted.test.ts',
      'src/server/plugins/auth.ts',
    ]) {
      expect(await problems(code, file)).toContainEqual({
        rule: 'no-restricted-syntax',
        message: expect.stringContaining('errors.ts'),
      });
    }
  });

  it('finds sessions deleted without endSessions', async () => {
    const code =
      "import { sessions } from '../../db/schema';\nexport const end = (db: { delete(table: unknown): void }) => db.delete(sessions);\n";
    expect(await problems(code, 'src/server/modules/account/planted.ts')).toContainEqual({
      rule: 'no-restricted-syntax',
      message: expect.stringContaining('endSessions'),
    });
  });

  it('finds the server floors imported from modules/', async () => {
    const code =
      "import { questionsModule } from '../modules/questions';\nexport const planted = questionsModule;\n";
    expect(await rules(code, 'src/server/lib/planted.ts')).toContain('no-restricted-imports');
  });

  it('finds a source file over 300 lines, but not a test or a dictionary', async () => {
    expect(await rules(longFile(301), 'src/server/lib/planted.ts')).toContain('max-lines');
    expect(await rules(longFile(301), 'scripts/planted.mjs')).toContain('max-lines');
    expect(await rules(longFile(301), 'src/shared/i18n/index.ts')).toContain('max-lines');
    expect(await rules(longFile(300), 'src/server/lib/planted.ts')).not.toContain('max-lines');
    expect(await rules(longFile(301), 'src/server/lib/planted.test.ts')).not.toContain('max-lines');
    expect(await rules(longFile(301), 'src/shared/i18n/planted.vi.ts')).not.toContain('max-lines');
  });

  it("finds a browser test that takes Playwright's test instead of the fixtures' one", async () => {
    const planted = "import { test } from '@playwright/test';\ntest('planted', () => undefined);\n";
    expect(await rules(planted, 'e2e/planted.spec.ts')).toContain('no-restricted-imports');
    const kept =
      "import { expect } from '@playwright/test';\nimport { test } from './fixtures';\ntest('kept', () => expect(1).toBe(1));\n";
    expect(await rules(kept, 'e2e/planted.spec.ts')).not.toContain('no-restricted-imports');
  });

  it('passes a file that keeps every rule', async () => {
    const code =
      "import { errors } from '../errors';\n\n/** A planted helper. */\nexport function missing(): never {\n  throw errors.notFound();\n}\n";
    expect(await problems(code, 'src/server/lib/planted.ts')).toEqual([]);
  });
});
