import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../client/live-server.js';
import { agreementProject, type AgreementProject, ONE, S } from '../helpers/agreement-project.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * `sift compare` in a pipe, as a script runs it, against a live server (issue 43, part 3). It runs
 * the sources through tsx rather than the built binary (test/cli/client.test.ts builds it), so
 * that this file needs no build; the code is the same.
 */
function sift(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { SIFT_API_KEY: _k, SIFT_URL: _u, SIFT_PROJECT: _p, SIFT_CONFIG: _c, ...rest } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: ROOT,
      env: { ...rest, NO_COLOR: '1', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

describe('sift compare', () => {
  let live: LiveServer;
  let p: AgreementProject;
  let home = '';
  let asReader: Record<string, string> = {};
  let asAccount: Record<string, string> = {};

  beforeAll(async () => {
    live = await startLiveServer('sqlite');
    p = await agreementProject(live.t, live.f);
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-compare-'));
    const config = path.join(home, 'sift.json');
    asReader = { SIFT_URL: live.url, SIFT_API_KEY: live.f.readKey, SIFT_CONFIG: config };
    asAccount = { SIFT_URL: live.url, SIFT_API_KEY: live.f.accountKey, SIFT_CONFIG: config };
  }, 120_000);
  afterAll(async () => {
    await live?.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('prints the table of code pairs, the overall figures and the disagreements', async () => {
    const run = await sift(['compare', '--a', p.runA, '--b', p.runB], asReader);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('a: Run a (predefined, completed), 2 documents');
    expect(lines[2]).toBe('Compared 2 documents, 9 sentences.');
    expect(lines[4]).toMatch(/^CODE A\s+CODE B\s+BOTH\s+ONLY A\s+ONLY B\s+NEITHER\s+AGREEMENT\s+KAPPA\s+ALPHA$/);
    // Fees: 1 1 1 6; kappa 10/28, alpha 1 − 34/56 (test/contract/agreement.test.ts works them out).
    expect(run.stdout).toMatch(/^Fees\s+Fees\s+1\s+1\s+1\s+6\s+77\.8 %\s+0\.357\s+0\.393$/m);
    expect(run.stdout).toMatch(/^Crashes\s+Crashes\s+0\s+0\s+1\s+8\s+88\.9 %\s+0\.000\s+0\.000$/m);
    expect(run.stdout).toMatch(/^pooled\s+2\s+2\s+3\s+29\s+86\.1 %\s+0\.366\s+/m);
    expect(run.stdout).toContain('5 disagreements:');
    expect(run.stdout).toContain(`  Fees — only b · D2 two.txt\n    “${S[7]}”`);
  });

  it('--json prints the answer of compare_codings; --passages pages it', async () => {
    const run = await sift(['compare', '--a', p.runA, '--b', p.runB, '--json', '--passages', '2'], asReader);
    expect(run.code, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout);
    expect(answer).toMatchObject({ units: 9, totalPassages: 5, offset: 0, nextOffset: 2 });
    expect(answer.passages).toHaveLength(2);
    expect(answer.codes.map((c: { codeA: string }) => c.codeA)).toEqual(['Crashes', 'Fees', 'Onboarding', 'Support']);
  });

  it('--csv prints the CSV export as the server answers it', async () => {
    const run = await sift(['compare', '--a', p.runA, '--b', 'manual', '--csv'], asReader);
    expect(run.code, run.stderr).toBe(0);
    const served = await live.t.app.server.inject({
      method: 'GET',
      url: `/api/sift-read/agreement.csv?a=${p.runA}&b=manual`,
      headers: { authorization: `Bearer ${live.f.readKey}` },
    });
    expect(run.stdout).toBe(served.body);
    expect(run.stdout).toContain('\r\ncode,Support,Support,6,1,0,0,5,1,1,1,,,,,,\r\n');
    // Run a coded Fees over sentences 2 and 3, by hand over 2 alone.
    const third = 'Nobody told us about it.';
    expect(run.stdout.split('\r\n').filter((l) => l.startsWith('passage,'))).toEqual([
      `passage,Fees,Fees,,,,,,,,,a,D1,one.txt,${ONE.indexOf(third)},${ONE.indexOf(third) + third.length},${third}`,
    ]);
  });

  it('with an account key names runs by their name and pairs codes with --pair', async () => {
    const run = await sift(['compare', '--a', 'run A', '--b', 'Run b', '--pair', 'Support=Crashes', '--json'], asAccount);
    expect(run.code, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout);
    expect(answer.a.analysisId).toBe(p.runA);
    expect(answer.codes).toHaveLength(1);
    expect(answer.codes[0]).toMatchObject({ codeA: 'Support', codeB: 'Crashes', kappa: -0.125 });
  });

  it('answers exit codes scripts can test: 2 for usage and invalid requests, 4 for a run not found', async () => {
    const cases: [string[], Record<string, string>, number, RegExp][] = [
      [['compare', '--a', p.runA], asReader, 2, /give both codings/],
      [['compare', '--a', 'Run a', '--b', 'manual'], asReader, 2, /with a project key, name a run by its id/],
      [['compare', '--a', p.runA, '--b', p.runB, '--pair', 'Fees'], asReader, 2, /--pair "Fees"/],
      [['compare', '--a', p.runA, '--b', p.runB, '--pair', 'Nothing=Fees'], asReader, 2, /coding a has no code/],
      [['compare', '--a', p.runA, '--b', p.runB, '--passages', '0'], asReader, 2, /--passages/],
      [['compare', '--a', '00000000-0000-4000-8000-000000000000', '--b', 'manual'], asReader, 4, /not found/],
      [['compare', '--a', 'No such run', '--b', 'manual'], asAccount, 4, /no run of "Interviews" is named "No such run"/],
    ];
    for (const [args, env, code, message] of cases) {
      const run = await sift(args, env);
      expect([args.join(' '), run.code]).toEqual([args.join(' '), code]);
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe('');
    }
  });
});
