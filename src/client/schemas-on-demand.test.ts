import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision 029: no screen builds a zod schema when it starts. A form loads its shared schemas when the reader comes
 * to it (lib/schemas.ts, decision 030); the admin screens, for admins only, may build theirs at once.
 */
const src = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(src, 'client');
const MAY_BUILD_SCHEMAS = [/^client\/features\/admin\//];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (
      /\.tsx?$/.test(entry) &&
      !/\.test\.tsx?$/.test(entry) &&
      !full.includes(`${path.sep}test${path.sep}`)
    )
      yield full;
  }
}

/** A module's static imports that run (with verbatimModuleSyntax, only `import type` and `type` names are erased). */
function runtimeImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, clause, from] of code.matchAll(/^(?:import|export)\s+([^'";]*?)\s*from\s*'([^']+)'/gms)) {
    if (clause!.startsWith('type ')) continue;
    const names = /\{([^}]*)\}/.exec(clause!)?.[1];
    const onlyTypes =
      names !== undefined &&
      !/^[\w$]+\s*,|\*/.test(clause!) &&
      names
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '));
    if (!onlyTypes) found.push(from!);
  }
  for (const [, from] of code.matchAll(/^import\s+'([^']+)'/gm)) found.push(from!);
  return found;
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return specifier;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

const buildsSchemas = new Map<string, boolean>();
/** Whether loading this module builds zod schemas: it imports zod, or a module that does, at run time. */
function loadsZod(file: string, seen = new Set<string>()): boolean {
  if (file === 'zod' || file.startsWith('zod/')) return true;
  if (!file.startsWith(src) || seen.has(file)) return false;
  const known = buildsSchemas.get(file);
  if (known !== undefined) return known;
  seen.add(file);
  const result = runtimeImports(file).some((specifier) => {
    const target = resolve(file, specifier);
    return target !== undefined && loadsZod(target, seen);
  });
  buildsSchemas.set(file, result);
  return result;
}

describe('shared schemas on demand', () => {
  it('reads import statements as the build does', () => {
    expect(loadsZod(path.join(src, 'shared/schemas/questions.ts'))).toBe(true);
    expect(loadsZod(path.join(src, 'shared/limits.ts'))).toBe(false);
  });

  it('no screen, component or library of the app builds a schema as it loads', () => {
    const offenders = [...sourceFiles(clientDir)]
      .map((file) => path.relative(src, file).split(path.sep).join('/'))
      .filter((relative) => !MAY_BUILD_SCHEMAS.some((pattern) => pattern.test(relative)))
      .filter((relative) => loadsZod(path.join(src, relative)));
    expect(offenders).toEqual([]);
  });
});
