import { defineProject } from 'vitest/config';

// Checks on the code base itself (the import rules), run by `npm test` with the unit tests.
export default defineProject({
  test: { name: 'tools', environment: 'node', include: ['**/*.test.ts'], testTimeout: 60_000 },
});
