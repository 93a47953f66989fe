import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What a server file belongs to in the dependency graph: its module area (`modules/trades`), or the
 * server folder it sits in (`plugins`, `db`, `jobs`…), or itself when it sits at the top (`app`).
 * Files of one part may import each other freely; parts may not import each other in a circle.
 */
function toPart(file: string): string {
  const path = relative(SERVER_DIR, file).split(sep);
  if (path[0] === 'modules' && path.length > 2) return `modules/${path[1]}`;
  if (path.length === 1) return path[0]!.replace(/\.tsx?$/, '');
  return path[0]!;
}

function listSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : listSourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Edges between parts, each with one import that makes it; type-only imports count too. */
function readPartGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of listSourceFiles(SERVER_DIR)) {
    const from = toPart(file);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      if (!target.startsWith(SERVER_DIR + sep)) continue;
      const isFolder = existsSync(target) && statSync(target).isDirectory();
      const to = toPart(isFolder ? join(target, 'index.ts') : `${target}.ts`);
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      graph.get(from)!.set(to, `${relative(SERVER_DIR, file)} imports ${fileName}`);
    }
  }
  return graph;
}

/** The graph's cycles, one per strongly connected part (Tarjan), each listed from its first node. */
function findCycles(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.unshift(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('findCycles', () => {
  it('finds a circle of three and ignores a part that only hangs off it', () => {
    const graph = new Map([
      ['a', new Map([['b', '']])],
      ['b', new Map([['c', '']])],
      [
        'c',
        new Map([
          ['a', ''],
          ['d', ''],
        ]),
      ],
    ]);
    expect(findCycles(graph).map((cycle) => [...cycle].sort())).toEqual([['a', 'b', 'c']]);
  });

  it('finds none in a chain', () => {
    expect(findCycles(new Map([['a', new Map([['b', '']])]]))).toEqual([]);
  });
});

describe('the server’s parts', () => {
  it('import one another in no circle (module areas, plugins, db, jobs…)', () => {
    const graph = readPartGraph();
    // Each circle with the imports that close it, so a failure says which line to move.
    const circles = findCycles(graph).map((cycle) =>
      cycle.flatMap((from) => cycle.filter((to) => graph.get(from)?.has(to)).map((to) => graph.get(from)!.get(to)!)),
    );
    expect(circles).toEqual([]);
  });

  it('are found: the areas and the folders around them', () => {
    const graph = readPartGraph();
    expect(graph.get('app')?.has('modules/trades')).toBe(true);
    expect(graph.get('modules/trades')?.has('modules/users')).toBe(true);
  });
});
