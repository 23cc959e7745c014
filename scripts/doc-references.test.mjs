// Every reference to a document names one that is in the repository, so that whoever clones it
// can follow every pointer the code and the docs give. Three kinds of reference are checked in
// every tracked text file (git ls-files):
// - Markdown links to relative paths (a bracketed text, then the path in parentheses), with
//   their `#anchor` when the target is a Markdown file;
// - section references (a document's file name followed by a section sign and a number, such as
//   the product document's section 4), whose document must exist and, when it is a Markdown
//   file, have a heading with that number;
// - documents named by an upper-case file name (a README or CONTRIBUTING file, say), which must
//   exist somewhere in the repository.
// Each failure lists file:line and the missing target.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { root } from './lib.mjs';

/** Files whose text is data of other projects (schemas, fixtures), not ours to point from. */
const FOREIGN = [/^apps\/server\/test\/fixtures\//u, /^apps\/server\/assets\//u];

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && fs.existsSync(path.join(root, file)));
const trackedSet = new Set(tracked);
const trackedNames = new Set(tracked.map((file) => path.posix.basename(file)));

/** The tracked text files and their lines; binary files (a NUL byte) are left out. */
function textFiles() {
  const files = [];
  for (const file of tracked) {
    if (FOREIGN.some((pattern) => pattern.test(file))) continue;
    const content = fs.readFileSync(path.join(root, file));
    if (content.includes(0)) continue;
    files.push({ file, lines: content.toString('utf8').split('\n') });
  }
  return files;
}

/** Lines outside fenced code blocks, for Markdown files; every line for the others. */
function proseLines({ file, lines }) {
  const isMarkdown = file.endsWith('.md');
  const kept = [];
  let fenced = false;
  lines.forEach((line, index) => {
    if (isMarkdown && /^\s*(```|~~~)/u.test(line)) {
      fenced = !fenced;
      return;
    }
    if (!fenced) kept.push({ line, number: index + 1 });
  });
  return kept;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/gu, '-');
}

const headingCache = new Map();

/** A Markdown file's headings: their anchors and the section numbers they open with. */
function headingsOf(file) {
  let headings = headingCache.get(file);
  if (headings) return headings;
  const anchors = new Set();
  const sections = new Set();
  const seen = new Map();
  for (const { line } of proseLines({
    file,
    lines: fs.readFileSync(path.join(root, file), 'utf8').split('\n'),
  })) {
    const match = /^#{1,6}\s+(.*?)\s*#*\s*$/u.exec(line);
    if (!match) continue;
    const text = match[1].replace(/`/gu, '');
    const slug = slugOf(text);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
    const number = /^(\d+(?:\.\d+)*)\.?(?:\s|$)/u.exec(text);
    if (number) sections.add(number[1]);
  }
  headings = { anchors, sections };
  headingCache.set(file, headings);
  return headings;
}

/** A repository path for `target` as written in `from`: beside it, or from the root. */
function resolveTarget(from, target) {
  const candidates = [
    path.posix.join(path.posix.dirname(from), target),
    path.posix.normalize(target),
  ];
  for (const candidate of candidates) {
    const clean = candidate.replace(/\/$/u, '');
    if (trackedSet.has(clean)) return { path: clean, directory: false };
    if (tracked.some((file) => file.startsWith(`${clean}/`)))
      return { path: clean, directory: true };
  }
  return null;
}

const MARKDOWN_LINK = /\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/gu;
/** In code, `[a](b)` is also an index and a call: only targets that look like paths count. */
const PATH_LIKE = /^(\.{1,2}\/|[\w.-]+\/)|\.[a-z]{1,5}(#.*)?$/iu;
const SECTION_REFERENCE =
  /([\w./-]*[\w-]\.md)\s*§\s*(\d+(?:\.\d+)?)(?:\s*[–-]\s*§?\s*(\d+(?:\.\d+)?))?/gu;
const DOCUMENT_NAME = /(?<![\w./-])([A-Z][A-Z0-9_-]*\.md)\b/gu;

let files;
before(() => {
  files = textFiles();
});

function collect(find) {
  const missing = [];
  for (const entry of files) {
    for (const { line, number } of proseLines(entry)) {
      for (const problem of find(entry.file, line))
        missing.push(`${entry.file}:${number}: ${problem}`);
    }
  }
  return missing;
}

function report(missing) {
  if (missing.length > 0) {
    assert.fail(`${missing.length} missing:\n${missing.join('\n')}`);
  }
}

describe('references to documents', () => {
  it('every relative Markdown link names a file in the repository, and an anchor it has', () => {
    report(
      collect((file, line) => {
        const problems = [];
        for (const [, raw] of line.matchAll(MARKDOWN_LINK)) {
          if (/^([a-z][a-z0-9+.-]*:|#|\/\/)/iu.test(raw)) {
            if (raw.startsWith('#') && file.endsWith('.md')) {
              const anchor = raw.slice(1);
              if (anchor && !headingsOf(file).anchors.has(anchor))
                problems.push(`no heading ${raw}`);
            }
            continue;
          }
          if (!file.endsWith('.md') && !PATH_LIKE.test(raw)) continue;
          const [target, anchor] = raw.split('#');
          const resolved = resolveTarget(file, decodeURI(target));
          if (!resolved) {
            problems.push(`no file ${target}`);
          } else if (anchor && resolved.path.endsWith('.md') && !resolved.directory) {
            if (!headingsOf(resolved.path).anchors.has(anchor)) {
              problems.push(`no heading #${anchor} in ${resolved.path}`);
            }
          }
        }
        return problems;
      }),
    );
  });

  it('every section reference names a document in the repository, and a section it has', () => {
    report(
      collect((file, line) => {
        const problems = [];
        for (const [, document, first, last] of line.matchAll(SECTION_REFERENCE)) {
          const resolved = resolveTarget(file, document);
          if (!resolved || resolved.directory) {
            problems.push(`no file ${document} (§${first})`);
            continue;
          }
          const { sections } = headingsOf(resolved.path);
          for (const section of [first, last].filter(Boolean)) {
            if (!sections.has(section)) problems.push(`no section §${section} in ${resolved.path}`);
          }
        }
        return problems;
      }),
    );
  });

  it('every document named by its upper-case file name is in the repository', () => {
    report(
      collect((_file, line) =>
        [...line.matchAll(DOCUMENT_NAME)]
          .map(([, name]) => name)
          .filter((name) => !trackedNames.has(name))
          .map((name) => `no file ${name}`),
      ),
    );
  });
});
