import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints, after the run's summary, the page as it was when a test failed (the ARIA snapshot of
 * Playwright's error context), then one line per failed test with its error: CI keeps only the
 * last part of the printed output, not the traces and screenshots, and a rare failure there is
 * only understood from what the page showed and which test failed first (a later failure is
 * often a consequence: a server gone, an account left changed). The pages of the first three
 * failures only, so the list of all of them stays in the part CI keeps.
 */
const PAGES = 3;
const PAGE_LIMIT = 4_000;

export default class FailureContextReporter implements Reporter {
  private readonly pages: string[] = [];
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const title = test.titlePath().filter(Boolean).join(' › ');
    const error = (result.error?.message ?? result.status)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes (ESC [ … m) go
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter(Boolean)
      .slice(0, 3)
      .join(' ⏎ ');
    this.failures.push(
      `${this.failures.length + 1}. [worker ${result.parallelIndex}, ${(result.duration / 1000).toFixed(1)} s, at ${result.startTime.toISOString().slice(11, 19)}] ${title}\n   ${error.slice(0, 400)}`,
    );
    if (this.pages.length >= PAGES) return;
    const context = result.attachments.find((a) => a.name === 'error-context' && a.path);
    if (!context?.path) return;
    let text: string;
    try {
      text = readFileSync(context.path, 'utf8');
    } catch {
      return;
    }
    const from = Math.max(0, text.indexOf('# Page snapshot'));
    const to = text.indexOf('# Test source', from);
    const snapshot = text.slice(from, to > from ? to : undefined);
    const shown =
      snapshot.length > PAGE_LIMIT ? `${snapshot.slice(0, PAGE_LIMIT)}\n… (${snapshot.length - PAGE_LIMIT} more characters)` : snapshot;
    this.pages.push(`── page when "${title}" failed ──\n${shown.trim()}\n`);
  }

  onEnd() {
    if (this.pages.length > 0) process.stdout.write(`\n${this.pages.join('\n')}`);
    if (this.failures.length > 0)
      process.stdout.write(`\n── ${this.failures.length} failed, in the order they ended ──\n${this.failures.join('\n')}\n`);
  }
}
