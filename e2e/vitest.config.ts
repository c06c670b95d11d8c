import { defineConfig } from 'vitest/config';
import { RetryReporter } from './support/retry-reporter.ts';

// Browser tests: each spec file starts the real server (built web app, fresh embedded database)
// and drives Debian's Chromium through playwright-core. Files run one after another: the
// machine has two cores and every file owns a server and a browser.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.spec.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A busy two-core machine renders slower than vitest's one-second default poll.
    expect: { poll: { timeout: 15_000 } },
    // One more try for a test that failed: on this machine an animation or a timer can run late
    // under load (each flake we found was fixed in the app or the spec; see the git log). A real
    // fault fails twice. The retry reporter lists every retried test by name at the end of the
    // run, so a flake stays visible.
    retry: 1,
    reporters: ['default', new RetryReporter()],
  },
});
