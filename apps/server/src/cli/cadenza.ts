import { runCli } from './run-cli';

// `cadenza …`: the package's command (dist/cadenza.js), also `npm run cadenza -- …`.
runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
