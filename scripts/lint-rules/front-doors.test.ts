import { describe, expect, it } from 'vitest';
import { lintAs } from './lint';

const RULE = 'front-doors/through-front-door';

const problems = async (code: string, file: string) =>
  (await lintAs(code, file)).filter((message) => message.ruleId === RULE);

describe('one front door per module', () => {
  it("catches a module importing another module's file, statically or with import()", async () => {
    const planted = [
      "import { createOutbox } from '../mail/outbox';",
      "export { createOutbox } from '../mail/outbox';",
      "export const later = () => import('../mail/outbox');",
    ].join('\n');
    expect(await problems(planted, 'src/server/modules/auth/planted.ts')).toHaveLength(3);
  });

  it('catches cli/, app.ts and the test helpers reaching past a front door', async () => {
    const planted = "import { seedCategories } from '../modules/questions/categories';\n";
    expect(await problems(planted, 'src/server/cli/planted.ts')).toHaveLength(1);
    expect(await problems(planted, 'src/server/test/planted.ts')).toHaveLength(1);
    expect(
      await problems("import { MODULES } from './modules/questions/routes';\n", 'src/server/app.ts'),
    ).toHaveLength(1);
  });

  it('lets front doors, a module’s own files and tests through', async () => {
    expect(
      await problems("import { createOutbox } from '../mail';\n", 'src/server/modules/auth/planted.ts'),
    ).toEqual([]);
    expect(
      await problems("import { createOutbox } from '../mail/index';\n", 'src/server/modules/auth/planted.ts'),
    ).toEqual([]);
    expect(
      await problems("import { signUp } from './service';\n", 'src/server/modules/auth/planted.ts'),
    ).toEqual([]);
    expect(
      await problems(
        "import { createOutbox } from '../mail/outbox';\n",
        'src/server/modules/auth/planted.test.ts',
      ),
    ).toEqual([]);
  });
});
