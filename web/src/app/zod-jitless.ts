import { config } from 'zod/mini';

// The page's CSP has no 'unsafe-eval' (docs/security.md): zod's probe for a JIT (`new Function('')`) is refused,
// and Chromium reports each refusal as a CSP issue (Lighthouse best practices, decision 028). Jitless skips
// the probe; the compiled fast path could never run under this CSP anyway. Imported first by main.tsx so it
// holds before any schema parses.
config({ jitless: true });
