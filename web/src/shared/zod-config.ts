import { z } from 'zod';

// Imported first by main.tsx, before any module that parses with zod. The app runs under a CSP
// without 'unsafe-eval': zod must not probe for eval (its JIT probe `new Function('')` is refused
// and reported as a violation); it validates the same without it.
z.config({ jitless: true });
