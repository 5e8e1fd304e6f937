// The ESLint rule behind "one front door per module" (decision 044): outside a server module, its files are reached
// only through src/server/modules/<name>/index.ts.
import path from 'node:path';

const MODULES = `${path.sep}src${path.sep}server${path.sep}modules${path.sep}`;

/** The module a path is in and the rest of the path below it, or undefined outside modules/<name>/. */
function placeIn(file) {
  const at = file.lastIndexOf(MODULES);
  if (at < 0) return undefined;
  const [name, ...rest] = file.slice(at + MODULES.length).split(path.sep);
  return rest.length ? { name, inner: rest.join('/') } : { name, inner: '' };
}

const throughFrontDoor = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another server module only through its front door, modules/<name>.' },
    messages: {
      inner:
        "Import '{{name}}' through its front door (modules/{{name}}), not its file {{inner}}: export what you need from modules/{{name}}/index.ts.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = placeIn(file);
    const check = (node) => {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
      if (!source?.startsWith('.')) return;
      const target = placeIn(path.resolve(path.dirname(file), source));
      if (!target || !target.inner || /^index(\.[jt]s)?$/.test(target.inner)) return;
      if (here && here.name === target.name) return;
      context.report({ node, messageId: 'inner', data: target });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const frontDoors = { rules: { 'through-front-door': throughFrontDoor } };
