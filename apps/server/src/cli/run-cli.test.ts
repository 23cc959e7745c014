import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { runCadenza } from '../../test/cli';

describe('cadenza', () => {
  it(
    'lists its commands, says its version, and refuses one it does not have',
    { timeout: 60_000 },
    async () => {
      const help = await runCadenza(['help'], {});
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Usage: cadenza COMMAND [ARGS…]');
      for (const command of ['scan', 'users', 'storage', 'doctor']) {
        expect(help.stdout).toMatch(new RegExp(`\\n {2}${command} +\\S`, 'u'));
      }
      const bare = await runCadenza([], {});
      expect(bare.code).toBe(2);
      expect(bare.stdout).toBe(help.stdout);

      const version = await runCadenza(['--version'], {});
      expect(version.stdout.trim()).toBe(packageJson.version);

      const unknown = await runCadenza(['serve'], {});
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/^cadenza has no command "serve"\.\n/u);

      const usage = await runCadenza(['users', '--help'], {});
      expect(usage.code).toBe(0);
      expect(usage.stdout).toMatch(/^Usage:\n {2}cadenza users list\n/u);
    },
  );
});
