import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints, after the run's summary, the page as it was when a test failed (the ARIA snapshot of
 * Playwright's error context). CI keeps only the last part of the printed output, not the traces
 * and screenshots, and a rare failure there is only understood from what the page showed.
 */
export default class FailureContextReporter implements Reporter {
  private readonly pages: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped') return;
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
    const limit = 6_000;
    const shown = snapshot.length > limit ? `${snapshot.slice(0, limit)}\n… (${snapshot.length - limit} more characters)` : snapshot;
    this.pages.push(`── page when "${test.titlePath().filter(Boolean).join(' › ')}" failed ──\n${shown.trim()}\n`);
  }

  onEnd() {
    if (this.pages.length > 0) process.stdout.write(`\n${this.pages.join('\n')}`);
  }
}
