import type { Reporter, TestCase, Vitest } from 'vitest/node';

/**
 * Lists, after the run's summary, every test that needed a retry — the ones that passed on the
 * second try (a flake to look into) and the ones that failed both tries — so that a retry is
 * never silent. "Retried tests: none" when every test passed at once.
 */
export class RetryReporter implements Reporter {
  private log: (message: string) => void = (message) => console.log(message);
  private retried: string[] = [];

  onInit(vitest: Vitest): void {
    this.log = (message) => vitest.logger.log(message);
  }

  onTestRunStart(): void {
    this.retried = [];
  }

  onTestCaseResult(test: TestCase): void {
    const retries = test.diagnostic()?.retryCount ?? 0;
    if (retries === 0) return;
    const result = test.result();
    const outcome = result.state === 'passed' ? 'passed on a retry' : 'failed every try';
    // What went wrong on the tries that failed (kept by vitest even when a retry passed).
    const errors = (result.state === 'passed' || result.state === 'failed' ? (result.errors ?? []) : [])
      .map((error) => `      ${(error.message ?? String(error)).split('\n')[0]?.slice(0, 300)}`)
      .join('\n');
    this.retried.push(
      `  ${test.module.relativeModuleId} > ${test.fullName} (${outcome})${errors ? `\n${errors}` : ''}`,
    );
  }

  onTestRunEnd(): void {
    if (this.retried.length === 0) this.log('Retried tests: none');
    else this.log(`Retried tests (${this.retried.length}):\n${this.retried.join('\n')}`);
  }
}
