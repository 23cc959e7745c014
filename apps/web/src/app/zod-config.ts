// The Content-Security-Policy forbids eval: zod must never compile parsers with `new Function`
// (nor probe whether it may, which the browser reports as a violation). Imported first by
// main.tsx, before any schema is built: object schemas read the setting when they are created.
//
// zod keeps its settings in one object on globalThis (shared by its classic and mini APIs, and
// adopted when zod loads after this). Setting it here rather than through `z.config` keeps zod
// out of the first download: only the chunks that parse load it. zod-config.test.ts checks
// that zod reads the setting.
interface ZodGlobalConfig {
  jitless?: boolean;
}

const zodGlobal = globalThis as { __zod_globalConfig?: ZodGlobalConfig };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
