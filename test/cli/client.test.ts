import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';
import { startLiveServer, type LiveServer } from '../client/live-server.js';
import { buildOnce, sift, siftOnTerminal, type Run } from './run-sift.js';

const json = (run: Run) => {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Record<string, any>;
};
/** What a terminal shows, without its control sequences. */
const CONTROL = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');
const screen = (text: string) => text.replace(CONTROL, '').replace(/\r/g, '\n');

beforeAll(buildOnce, 300_000);

/** The built `sift` binary as a user and a script drive it, against a live server: login → upload → confirm → ready → analyse → insights → search → export. */
describe.each(STORE_KINDS)('the sift command line on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let live: LiveServer;
    let home = '';
    let config = '';
    let env: Record<string, string> = {};
    const run = (...args: string[]) => sift(args, env);

    beforeAll(async () => {
      home = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-cli-'));
      config = path.join(home, 'config', 'sift.json');
      env = { SIFT_CONFIG: config };
      live = await startLiveServer(kind);
    });
    afterAll(async () => {
      await live?.close();
      fs.rmSync(home, { recursive: true, force: true });
    });

    it('logs in with a key from standard input, saved with mode 0600, and refuses a wrong key with exit code 3', async () => {
      const wrong = await sift(['login', '--url', live.url], env, 'sift_wrongwrongwrongwrongwrongwrongwrongwrongwre\n');
      expect(wrong.code).toBe(3);
      expect(wrong.stderr).toContain('refused the key');
      expect(fs.existsSync(config)).toBe(false);

      const ok = json(await sift(['login', '--url', live.url, '--json'], env, `${live.f.accountKey}\n`));
      expect(ok).toMatchObject({ url: live.url, kind: 'account', accountId: live.f.accountId, projects: 1, config });
      expect(fs.statSync(config).mode & 0o777).toBe(0o600);
      expect(JSON.parse(fs.readFileSync(config, 'utf8'))).toMatchObject({ url: live.url, key: live.f.accountKey, kind: 'account' });

      const listed = json(await run('projects', '--json'));
      expect(listed.projects.map((p: { id: string }) => p.id)).toEqual([live.f.projectId]);
      const created = json(await run('projects', 'create', 'CLI study', '--use', '--json'));
      expect(created.project.name).toBe('CLI study');
      const table = await run('projects');
      expect(table.stdout).toMatch(new RegExp(`\\*\\s+${created.project.shortId}\\s+owner`));
    });

    it('uploads a folder with a progress bar per file on a terminal, then waits for the prices in a pipe', async () => {
      const folder = path.join(home, 'interviews');
      fs.mkdirSync(folder);
      for (const t of TRANSCRIPTS.slice(0, 4)) fs.writeFileSync(path.join(folder, t.filename), t.text);
      fs.writeFileSync(path.join(folder, '.DS_Store'), 'hidden');
      const up = await siftOnTerminal(['upload', folder], env);
      expect(up.code, up.stdout).toBe(0);
      const shown = screen(up.stdout);
      for (const t of TRANSCRIPTS.slice(0, 4)) expect(shown).toMatch(new RegExp(`100% \\| +[\\d.]+ K?B \\| .*${t.filename} → pending`));
      expect(shown).toContain('█');
      expect(shown).toContain('Uploaded 4 files to "CLI study"');
      expect(shown).not.toContain('.DS_Store');

      const status = await run('status', '--wait', '--json');
      const answer = json(status);
      expect(status.stderr).toBe('');
      expect(answer.documents.map((d: { status: string }) => d.status)).toEqual(Array(4).fill('awaiting_confirmation'));
      expect(answer.confirmableCreditCost).toBeGreaterThan(0);
      const human = await run('status');
      expect(human.stdout).toContain(`Awaiting confirmation: 4 documents for ${answer.confirmableCreditCost} credits: sift confirm`);
    });

    it('confirms only when told: --yes in a pipe, or a yes on the terminal after showing the price', async () => {
      const refused = await run('confirm');
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--yes');
      const declined = await siftOnTerminal(['confirm'], env, 'n\r');
      expect(declined.code).toBe(1);
      expect(screen(declined.stdout)).toContain('nothing was charged');

      const before = json(await run('status', '--json'));
      const asked = await siftOnTerminal(['confirm', '--wait'], env, 'y\r');
      expect(asked.code, asked.stdout).toBe(0);
      const shown = screen(asked.stdout);
      expect(shown).toContain(`Confirm 4 documents for ${before.confirmableCreditCost} credits? [y/N]`);
      expect(shown).toContain(`Credit balance: ${before.creditBalance}; after confirming: ${before.creditBalance - before.confirmableCreditCost}.`);
      expect(shown).toContain('4 ready.');
      const after = json(await run('status', '--json'));
      expect(after.creditBalance).toBe(before.creditBalance - before.confirmableCreditCost);
      expect(after.documents.map((d: { status: string }) => d.status)).toEqual(Array(4).fill('ready'));
      const nothing = json(await run('confirm', '--yes', '--json'));
      expect(nothing.confirmed).toEqual([]);
    });

    it('runs an automatic analysis with progress on a terminal, then lists insights, searches and exports in pipes', async () => {
      const analysis = await siftOnTerminal(['analyze', 'automatic', '--wait'], env);
      expect(analysis.code, analysis.stdout).toBe(0);
      expect(screen(analysis.stdout)).toMatch(/automatic .*100% \| completed/);
      expect(screen(analysis.stdout)).toContain('completed (documents: 4 analysed');

      const { insights } = json(await run('insights', '--json'));
      expect(insights.length).toBeGreaterThan(0);
      const category = insights[0].categories[0].text as string;
      const some = json(await run('insights', '--category', category, '--json'));
      expect(some.insights.length).toBeGreaterThan(0);
      expect(some.insights.every((i: { categories: { text: string }[] }) => i.categories.some((c) => c.text === category))).toBe(true);
      const listed = await run('insights');
      expect(listed.stdout).toContain(`${insights.length} insights:`);
      expect(listed.stdout).toContain(`“${insights[0].quotes[0].replace(/\s+/g, ' ').slice(0, 50)}`);

      const found = json(await run('search', 'bank', 'connection', 'failed', '--top', '3', '--json'));
      expect(found.results.length).toBeGreaterThan(0);
      expect(found.results.length).toBeLessThanOrEqual(3);
      const human = await run('search', 'bank connection failed');
      expect(human.stdout).toMatch(/^\s+1\. \[/m);
      // A transcript's passages are turns with their speaker and role; --participants-only leaves the interviewer out.
      const asked = json(await run('search', 'app', '--top', '50', '--json'));
      expect(asked.results.some((r: { role?: string }) => r.role === 'interviewer')).toBe(true);
      const answered = json(await run('search', 'app', '--top', '50', '--participants-only', '--json'));
      const passages = answered.results.filter((r: { type: string }) => r.type === 'chunk');
      expect(passages.length).toBeGreaterThan(0);
      for (const r of passages) expect([r.role, r.text]).toEqual(['participant', expect.not.stringMatching(/^(Interviewer|Participant):/)]);

      const md = path.join(home, 'report.md');
      expect(json(await run('export', '--format', 'md', '--out', md, '--json'))).toMatchObject({ format: 'md', out: md });
      const report = fs.readFileSync(md, 'utf8');
      expect(report.startsWith('# CLI study\n')).toBe(true);
      expect(report).toContain(`## ${category}`);
      const csv = await run('export', '--format', 'csv');
      expect(csv.code).toBe(0);
      expect(csv.stdout.split('\r\n')[0]).toBe('insight_id,text,description,categories,document_id,document,quotes,tags,analysis_id,analysis');
      // One run's, named by its name.
      const [latest] = json(await run('status', '--json')).analyses as { id: string; name: string }[];
      const one = await run('export', '--format', 'csv', '--analysis', latest!.name);
      expect(one.code, one.stderr).toBe(0);
      expect(
        one.stdout
          .split('\r\n')
          .filter((row) => row.startsWith('I'))
          .every((row) => row.includes(`,${latest!.id},`)),
      ).toBe(true);
      expect((await run('export', '--format', 'csv', '--analysis', 'No such run')).code).toBe(4);
      const all = json(await run('export', '--format', 'json'));
      expect(all.insights).toHaveLength(insights.length);
      expect(all.documents).toHaveLength(4);
      const qdpx = path.join(home, 'study.qdpx');
      expect((await run('export', '--format', 'qdpx', '--out', qdpx)).code).toBe(0);
      expect([...fs.readFileSync(qdpx).subarray(0, 2)]).toEqual([0x50, 0x4b]);
      // One read key was minted for all of that, and kept.
      expect(Object.keys(JSON.parse(fs.readFileSync(config, 'utf8')).readKeys)).toHaveLength(1);
    });

    it('answers exit codes scripts can test', async () => {
      expect((await run('status', '--project', 'Pnothing000')).code).toBe(4);
      expect((await run('analyze', 'bogus')).code).toBe(2);
      expect((await run('search')).code).toBe(2);
      expect((await run('insights', '--bogus')).code).toBe(2);
      const poor = await run('projects', 'create', '');
      expect(poor.code).toBe(2);
      await live.t.admin('grant_credits', {
        accountId: live.f.accountId,
        amount: -(await live.t.admin('get_credits', { accountId: live.f.accountId })).creditBalance,
      });
      fs.writeFileSync(path.join(home, 'more.txt'), 'Participant: one more interview about the price.');
      expect((await run('upload', path.join(home, 'more.txt'), '--wait')).code).toBe(0);
      const broke = await run('confirm', '--yes', '--json');
      expect(broke.code).toBe(5);
      expect(JSON.parse(broke.stderr)).toMatchObject({ code: 'insufficient_credits', status: 402 });
    });

    it('works with a project key for reading, from the environment, and logs out revoking what it minted', async () => {
      const byEnv = json(
        await sift(['projects', '--json'], { SIFT_CONFIG: path.join(home, 'none.json'), SIFT_URL: live.url, SIFT_API_KEY: live.f.accountKey }),
      );
      expect(byEnv.projects).toHaveLength(2);
      const readOnly = { SIFT_CONFIG: path.join(home, 'reader.json') };
      expect(json(await sift(['login', '--url', live.url, '--json'], readOnly, live.f.readKey)).kind).toBe('project');
      expect((await sift(['search', 'price', '--json'], readOnly)).code).toBe(0);
      const notAccount = await sift(['status'], readOnly);
      expect(notAccount.code).toBe(3);
      expect(notAccount.stderr).toContain('needs an account key');

      const minted = Object.values(JSON.parse(fs.readFileSync(config, 'utf8')).readKeys as Record<string, { secret: string }>)[0]!.secret;
      const out = json(await run('logout', '--json'));
      expect(out).toMatchObject({ loggedOut: true, revokedReadKeys: 1 });
      const revoked = await live.t.post('/api/sift-read', minted, { action: 'get_project' });
      expect(revoked.statusCode).toBe(401);
      expect(JSON.parse(fs.readFileSync(config, 'utf8'))).toEqual({ url: live.url });
      expect((await run('projects')).code).toBe(3);
    });
  });
});

describe('sift --help', () => {
  it('answers every client command, help <command> and --version with exit code 0', async () => {
    for (const command of ['login', 'logout', 'projects', 'upload', 'status', 'confirm', 'analyze', 'search', 'insights', 'export']) {
      const help = await sift([command, '--help'], {});
      expect([command, help.code]).toEqual([command, 0]);
      expect(help.stdout).toContain(`Usage: sift ${command}`);
    }
    expect((await sift(['help', 'upload'], {})).stdout).toContain('Usage: sift upload');
    expect((await sift(['serve', '--help'], {})).stdout).toContain('Usage: sift serve');
    expect((await sift(['--version'], {})).stdout).toMatch(/^sift \d+\.\d+\.\d+\n$/);
    const top = await sift(['--help'], {});
    for (const word of ['sift login', 'sift upload', 'sift confirm', 'sift admin export', 'Exit codes']) expect(top.stdout).toContain(word);
  });
});
