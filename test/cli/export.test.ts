import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/store.js';
import { adminOps } from '../../src/domain/admin.js';

/** `sift admin export` as an operator runs it on a local install: the configured store, a file or a pipe. */
describe('sift admin export', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-export-'));
  const sift = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'admin', 'export', ...args], {
      env: { ...process.env, DATABASE_URL: '', SIFT_DATA_DIR: dataDir },
      maxBuffer: 10_000_000,
    });

  it('writes a project as a .qdpx that validates against the QDA-XML schema, to a file or to a pipe', async () => {
    const store = await openStore({ databaseUrl: null, dataDir });
    const { user } = await adminOps.create_user(store, { action: 'create_user', email: 'a@example.com', name: 'Ana' } as never);
    const { account } = await adminOps.create_account(store, { action: 'create_account', name: 'Team', ownerUserId: user.id } as never);
    const { project } = await adminOps.create_project(store, {
      action: 'create_project',
      accountId: account.id,
      ownerUserId: user.id,
      name: 'Study "one"',
    } as never);
    await store.close();

    const out = path.join(dataDir, 'study.qdpx');
    const toFile = sift('--format', 'qdpx', '--project', project.id as string, '--out', out);
    expect(toFile.status, String(toFile.stderr)).toBe(0);
    const qde = unzipSync(new Uint8Array(fs.readFileSync(out)))['project.qde']!;
    fs.writeFileSync(path.join(dataDir, 'project.qde'), qde);
    execFileSync('xmllint', ['--noout', '--schema', path.resolve('assets/refi-qda/Project.xsd'), path.join(dataDir, 'project.qde')], { stdio: 'pipe' });
    expect(new TextDecoder().decode(qde)).toContain('name="Study &quot;one&quot;"');

    const toPipe = sift('--format', 'qdpx', '--project', project.id as string);
    expect(toPipe.status, String(toPipe.stderr)).toBe(0);
    expect(Buffer.compare(toPipe.stdout, fs.readFileSync(out))).toBe(0);
  });

  it('refuses a missing or unknown format with usage and exit code 2, and an unknown project with 1', () => {
    const noFormat = sift('--project', 'P1');
    expect(noFormat.status).toBe(2);
    expect(String(noFormat.stderr)).toContain('Usage: sift admin export --format qdpx');
    expect(sift('--format', 'csv', '--project', 'P1').status).toBe(2);
    const unknown = sift('--format', 'qdpx', '--project', 'Pnothing00');
    expect(unknown.status).toBe(1);
    expect(String(unknown.stderr)).toContain('no project Pnothing00');
  });
});
