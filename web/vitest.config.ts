import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { srcAlias } from './src-alias.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: srcAlias },
  // antd's first render in jsdom (styles computed at run time) can take several seconds on a busy
  // two-core machine: 5 s was too tight for a page test's first case.
  test: { name: 'web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], testTimeout: 20_000 },
});
