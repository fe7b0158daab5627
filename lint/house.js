/*
 * The house's own lint rules: which folder may import which (the floor plan in
 * docs/CONTRIBUTING.md, "Layout"), imports that leave their area through an alias, and no import
 * cycles. Imports are resolved to files the way tsconfig.json's paths and the bundlers do.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const ALIAS = /^#(shared|server|client)\/(.*)$/;

const posixPath = (path) => path.split(sep).join('/');

/** The file (relative to the project, with `/`) an import names, or undefined for a package. */
function resolveImport(fromFile, specifier) {
  let base;
  const alias = ALIAS.exec(specifier);
  if (alias) base = join(ROOT, 'src', alias[1], alias[2]);
  else if (specifier.startsWith('.')) base = resolve(dirname(fromFile), specifier);
  else return undefined;
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (existsSync(file) && statSync(file).isFile()) return posixPath(relative(ROOT, file));
  }
  return posixPath(relative(ROOT, base));
}

/**
 * The server's floors, lowest first: a folder imports from its own floor or lower ones only. The
 * ground is the database layer; the product areas import each other (without cycles); what
 * assembles the app sits on top. A folder not named here is an area.
 */
const SERVER_FLOORS = [
  ['db', 'config', 'errors'],
  ['events', 'cache', 'limits', 'http'],
  null, // the areas
  ['app', 'housekeeping', 'pages', 'start', 'main'],
];
const AREAS_FLOOR = SERVER_FLOORS.indexOf(null);

/** `server/products` for src/server/products/x.ts, `server/app` for src/server/app.ts, `shared` for src/shared/... */
function placeOf(file) {
  const parts = file.split('/');
  if (parts[0] !== 'src') return { side: 'outside', folder: parts[0] };
  if (parts[1] === 'shared') return { side: 'shared', folder: 'shared' };
  const folder = parts.length === 3 ? parts[2].replace(/\.tsx?$/, '') : parts[2];
  return { side: parts[1], folder, root: parts.length === 3 };
}

const floorOf = (folder) => {
  const floor = SERVER_FLOORS.findIndex((names) => names?.includes(folder));
  return floor === -1 ? AREAS_FLOOR : floor;
};

/** The client's folders every area may use: they import no area. */
const CLIENT_SHARED = ['components', 'api', 'i18n'];
/** Message catalogs are data: the client's languages (client/i18n) gather every area's. */
const CATALOG = /^src\/(client\/[\w-]+|shared)\/locales\/[\w-]+\.json$/;

function boundaryBroken(from, to) {
  const a = placeOf(from);
  const b = placeOf(to);
  if (b.side === 'outside') return undefined;
  if (a.side === 'shared' && b.side !== 'shared') return `src/shared imports neither side (${to})`;
  if (a.side === 'client' && b.side === 'server') return `the client does not import the server (${to})`;
  if (a.side === 'server' && b.side === 'client') return `the server does not import the client (${to})`;
  if (a.side === 'server' && b.side === 'server' && floorOf(b.folder) > floorOf(a.folder))
    return `server/${a.folder} is below server/${b.folder}: a lower folder does not import a higher one (${to})`;
  if (a.side === 'client' && a.folder === 'i18n' && CATALOG.test(to)) return undefined;
  if (a.side === 'client' && CLIENT_SHARED.includes(a.folder) && !a.root && b.side === 'client') {
    if (!CLIENT_SHARED.includes(b.folder) || b.root)
      return `client/${a.folder} is shared by the areas and imports none of them (${to})`;
  }
  return undefined;
}

/** The folder a relative import may stay inside: one area of a side, or shared, or tests, scripts. */
function areaOf(file) {
  const place = placeOf(file);
  if (place.side === 'outside' || place.side === 'shared') return place.side === 'shared' ? 'shared' : 'outside';
  return place.root ? `${place.side}/` : `${place.side}/${place.folder}`;
}

/** Every import the rules look at: static, re-exports, and `import()` with a literal. */
function onImports(context, check) {
  const visit = (node, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(node, source.value, source);
  };
  return {
    ImportDeclaration: (node) => visit(node, node.source),
    ExportNamedDeclaration: (node) => visit(node, node.source),
    ExportAllDeclaration: (node) => visit(node, node.source),
    ImportExpression: (node) => visit(node, node.source),
  };
}

const boundaries = {
  meta: { type: 'problem', docs: { description: 'imports follow the floor plan' }, schema: [] },
  create(context) {
    const file = context.filename;
    const from = posixPath(relative(ROOT, file));
    return onImports(context, (node, specifier, source) => {
      const to = resolveImport(file, specifier);
      if (!to) return;
      const broken = boundaryBroken(from, to);
      if (broken) context.report({ node: source, message: broken });
    });
  },
};

const aliasAcrossAreas = {
  meta: {
    type: 'suggestion',
    docs: { description: 'an import that leaves its area uses #shared/, #server/ or #client/' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = posixPath(relative(ROOT, file));
    return onImports(context, (node, specifier, source) => {
      if (!specifier.startsWith('.')) return;
      const to = resolveImport(file, specifier);
      if (!to || !to.startsWith('src/')) return;
      if (from.startsWith('src/') && areaOf(from) === areaOf(to)) return;
      const [, side, ...rest] = to.replace(/(\/index)?\.tsx?$/, '').split('/');
      context.report({ node: source, message: `leaves its area: import '#${side}/${rest.join('/')}'` });
    });
  },
};

/* The import graph of src/, read once per run, and its strongly connected parts (Tarjan). */
let cycles;
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function sourceFiles(dir) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function importCycles() {
  if (cycles) return cycles;
  const graph = new Map();
  for (const file of sourceFiles('src')) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const targets = [];
    for (const match of text.matchAll(IMPORT)) {
      if (match[1]) continue; // a type-only import runs nothing
      const to = resolveImport(join(ROOT, file), match[2]);
      if (to) targets.push(to);
    }
    graph.set(file, targets);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const component = new Map();
  let counter = 0;
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.set(member, node);
      } while (member !== node);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  cycles = { graph, component };
  return cycles;
}

const noCycle = {
  meta: { type: 'problem', docs: { description: 'no import cycles in src' }, schema: [] },
  create(context) {
    const file = context.filename;
    const from = posixPath(relative(ROOT, file));
    if (!from.startsWith('src/')) return {};
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type') return;
        if (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')) return;
        const to = resolveImport(file, node.source.value);
        if (!to) return;
        const { component } = importCycles();
        if (to === from || (component.has(from) && component.get(from) === component.get(to)))
          context.report({
            node: node.source,
            message: `import cycle: ${to} imports ${from} back, through its imports`,
          });
      },
    };
  },
};

export default {
  meta: { name: 'house' },
  rules: { boundaries, 'alias-across-areas': aliasAcrossAreas, 'no-cycle': noCycle },
};
