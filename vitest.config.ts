import { defineConfig } from 'vitest/config';

// Unit and API tests (server + web). Browser tests live in e2e/ with their own config.
export default defineConfig({
  test: {
    projects: ['server', 'web', 'tools'],
  },
});
