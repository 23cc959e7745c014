import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');
const IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

/** Each module and the other modules its production files import (tests aside). */
function moduleImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const name of fs.readdirSync(modulesDir)) {
    const dir = path.join(modulesDir, name);
    if (!fs.statSync(dir).isDirectory()) continue;
    const uses = new Set<string>();
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const [, specifier] of source.matchAll(IMPORT)) {
        const target = path.relative(
          modulesDir,
          path.resolve(path.dirname(path.join(dir, file)), specifier!),
        );
        const [other] = target.split(path.sep);
        if (!target.startsWith('..') && other !== undefined && other !== name) uses.add(other);
      }
    }
    graph.set(name, uses);
  }
  return graph;
}

/** The cycles of the graph, each as the modules it passes through, back to where it began. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (name: string, trail: string[]) => {
    const seen = trail.indexOf(name);
    if (seen >= 0) {
      cycles.push([...trail.slice(seen), name]);
      return;
    }
    if (done.has(name)) return;
    for (const next of graph.get(name) ?? []) visit(next, [...trail, name]);
    done.add(name);
  };
  for (const name of graph.keys()) visit(name, []);
  return cycles;
}

describe('the modules', () => {
  it('import each other one way only: no module reaches itself through others', () => {
    expect(cyclesOf(moduleImports()).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('are read as the graph of their imports (a cycle planted among them is found)', () => {
    const graph = moduleImports();
    expect(graph.get('subsonic')).toContain('songs');
    graph.get('songs')?.add('subsonic');
    const cycles = cyclesOf(graph);
    expect(cycles.some((cycle) => cycle.includes('subsonic') && cycle.includes('songs'))).toBe(
      true,
    );
  });
});
