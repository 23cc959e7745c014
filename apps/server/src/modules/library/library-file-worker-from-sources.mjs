// The scan's file reader thread when the server runs from its TypeScript sources (tsx, tests):
// a thread does not inherit the loader of the thread that started it, so it registers tsx's
// itself before loading the reader. The bundle starts dist/library-file.worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./library-file.worker.ts');
