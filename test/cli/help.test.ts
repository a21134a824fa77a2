import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { adminActions } from '../../src/schema/admin.js';

/** The command line as a script runs it: in a pipe, reading its exit code. */
const sift = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } });

describe('sift --help', () => {
  it('prints usage and exits 0, for --help, -h and help', () => {
    for (const flag of ['--help', '-h', 'help']) {
      const r = sift(flag);
      expect([flag, r.status]).toEqual([flag, 0]);
      expect(r.stdout).toContain('sift serve');
      expect(r.stdout).toContain('sift admin');
    }
  });

  it('lists every operator action with its members for admin --help, and one action with admin <action> --help', () => {
    const all = sift('admin', '--help');
    expect(all.status).toBe(0);
    for (const action of Object.keys(adminActions)) expect(all.stdout).toContain(`  ${action} `);
    const one = sift('admin', 'create_user', '--help');
    expect(one.stdout.trim()).toBe('Usage: sift admin create_user --email <string> [--name <string>]');
  });

  it('names an unknown command, prints usage to stderr and exits 2', () => {
    const r = sift('frobnicate');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown command "frobnicate"');
    expect(r.stderr).toContain('Usage:');
  });
});
