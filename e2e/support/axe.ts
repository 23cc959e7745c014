import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const AXE_REPORT_DIR = path.join(root, 'test-results/axe');

/** WCAG 2.1 A and AA, plus axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The impacts that fail a check; minor and moderate findings are only written to the report. */
const FAILING = new Set(['serious', 'critical']);

export interface AxeFinding {
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  readonly helpUrl: string;
  /** One CSS selector per offending node, with axe's summary of what is wrong there. */
  readonly nodes: readonly { target: string; summary: string }[];
}

/**
 * Runs axe over the whole page as it is now (an open dialog included) and lists what it found:
 * every rule of AXE_TAGS, or only `rules`.
 */
export async function axeFindings(page: Page, rules?: readonly string[]): Promise<AxeFinding[]> {
  const builder = new AxeBuilder({ page });
  const results = await (
    rules ? builder.withRules([...rules]) : builder.withTags(AXE_TAGS)
  ).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    helpUrl: violation.helpUrl,
    nodes: violation.nodes.map((node) => ({
      target: node.target.map(String).join(' >> '),
      summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    })),
  }));
}

export const failing = (findings: readonly AxeFinding[]): AxeFinding[] =>
  findings.filter((finding) => FAILING.has(finding.impact));

/** What to fix, one violation a paragraph: rule, impact, help, then each node and why. */
export function describeFindings(where: string, findings: readonly AxeFinding[]): string {
  const parts = findings.map((finding) => {
    const nodes = finding.nodes
      .slice(0, 8)
      .map((node) => `    - ${node.target}\n      ${node.summary}`)
      .join('\n');
    const more = finding.nodes.length > 8 ? `\n    … and ${finding.nodes.length - 8} more` : '';
    return `  [${finding.impact}] ${finding.rule}: ${finding.help} (${finding.helpUrl})\n${nodes}${more}`;
  });
  return `${where}: ${findings.length} serious or critical accessibility violation(s)\n${parts.join('\n')}`;
}

/** Every finding of a run, minor ones too, kept as test-results/axe/<name>.json for review. */
export class AxeReport {
  private readonly entries: { check: string; findings: AxeFinding[] }[] = [];

  add(check: string, findings: AxeFinding[]): void {
    this.entries.push({ check, findings });
  }

  write(name: string): string {
    fs.mkdirSync(AXE_REPORT_DIR, { recursive: true });
    const counts: Record<string, number> = {};
    for (const { findings } of this.entries)
      for (const finding of findings) {
        const key = `${finding.impact} ${finding.rule}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
    const file = path.join(AXE_REPORT_DIR, `${name}.json`);
    const summary = { checks: this.entries.length, byImpactAndRule: counts };
    fs.writeFileSync(file, JSON.stringify({ summary, entries: this.entries }, null, 2));
    return file;
  }
}
