import { z } from 'zod';

// The Content-Security-Policy forbids eval: zod must never compile parsers with `new Function`
// (nor probe whether it may, which the browser reports as a violation). Imported first by
// main.tsx, before any schema is built: object schemas read the setting when they are created.
z.config({ jitless: true });
