/** The fault suite's clients: steady uploads, confirmations and analyses, retried as a careful client would. */
import crypto from 'node:crypto';
import path from 'node:path';
import { openStore } from '../../src/store/store.js';
import { loadStudy, STUDIES_DIR } from '../../eval/passages/load.js';
import { sleep } from './services.js';

// Interviews written like real ones (a development study of the passage benchmark, never a held-out one).
const INTERVIEWS = loadStudy(path.join(STUDIES_DIR, 'library-users')).transcripts.map((t) => t.text);

export class Client {
  readonly stats = { uploaded: new Set<string>(), confirmed: new Set<string>(), analyses: 0, errors5xx: 0, unanswered: 0, refused: [] as string[] };
  private loading = false;

  constructor(
    private readonly base: string,
    private readonly accountKey: string,
    private readonly projectId: string,
  ) {}

  /** A GET's status, or null when nothing answered within 2 s. */
  async status(pathname: string): Promise<number | null> {
    try {
      return (await fetch(`${this.base}${pathname}`, { signal: AbortSignal.timeout(2000) })).status;
    } catch {
      return null;
    }
  }

  private async send(pathname: string, body: string | FormData, headers: Record<string, string>): Promise<Response | null> {
    try {
      const res = await fetch(`${this.base}${pathname}`, { method: 'POST', headers, body, signal: AbortSignal.timeout(30_000) });
      if (res.status >= 500) this.stats.errors5xx++;
      return res;
    } catch {
      this.stats.unanswered++;
      return null;
    }
  }

  private json(pathname: string, body: unknown, token: string, extra: Record<string, string> = {}) {
    return this.send(pathname, JSON.stringify(body), { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...extra });
  }

  /** Sends until answered 200, through restarts and outages (5xx, 429, no answer); any other answer throws. */
  async retry(pathname: string, body: unknown, token = this.accountKey, extra: Record<string, string> = {}, ms = 90_000): Promise<any> {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(300)) {
      const res = await this.json(pathname, body, token, extra);
      if (res?.status === 200) return res.json();
      if (res && res.status < 500 && res.status !== 429) throw new Error(`${(body as { action: string }).action} answered ${res.status}: ${await res.text()}`);
    }
    throw new Error(`${(body as { action: string }).action}: not answered within ${ms / 1000} s`);
  }

  startLoad(clients: number): Promise<void> {
    this.loading = true;
    return Promise.all(Array.from({ length: clients }, (_, n) => this.loop(n))).then(() => undefined);
  }

  async stopLoad(): Promise<void> {
    this.loading = false;
  }

  private async loop(n: number) {
    for (let i = 0; this.loading; i++) {
      try {
        await this.uploadAndConfirm(n, i);
        if (i % 5 === 4) {
          await this.retry('/api/sift-account', { action: 'start_analysis', projectId: this.projectId, type: 'automatic' });
          this.stats.analyses++;
        }
      } catch (err) {
        this.stats.refused.push((err as Error).message);
        await sleep(500);
      }
    }
  }

  private async uploadAndConfirm(n: number, i: number) {
    // Made unique, so that no upload is a duplicate of another.
    const text = `${INTERVIEWS[(n * 7 + i) % INTERVIEWS.length]}\n\n(transcript ${crypto.randomUUID()})`;
    const form = new FormData();
    form.append('file', new Blob([text]), `c${n}-${i}.txt`);
    const up = await this.send(`/api/sift-account/upload?projectId=${this.projectId}`, form, { authorization: `Bearer ${this.accountKey}` });
    if (up?.status !== 200) return;
    const id = ((await up.json()) as { documents: { id: string }[] }).documents[0]!.id;
    this.stats.uploaded.add(id);
    let cost: number | null = null;
    for (const end = Date.now() + 90_000; cost === null && Date.now() < end; await sleep(250)) {
      const s = await this.retry('/api/sift-account', { action: 'get_project_status', projectId: this.projectId });
      const doc = (s.documents as { id: string; status: string; creditCost: number | null }[]).find((d) => d.id === id);
      if (doc?.status === 'awaiting_confirmation') cost = doc.creditCost ?? 0;
      else if (doc?.status === 'failed') return;
    }
    if (cost === null) return;
    // The same key on every retry: one charge however often it is sent.
    const key = crypto.randomUUID();
    const confirmed = await this.retry(
      '/api/sift-account',
      { action: 'confirm_documents', projectId: this.projectId, documentIds: [id], expectedCreditCost: cost },
      this.accountKey,
      { 'idempotency-key': key },
    );
    for (const c of confirmed.confirmedDocumentIds as string[]) this.stats.confirmed.add(c);
  }

  /** How long until `/readyz` answers 200 (at most `ms`, then `ms`). */
  async readyWithin(ms: number): Promise<number> {
    const start = Date.now();
    while (Date.now() - start < ms) {
      if ((await this.status('/readyz')) === 200) return Date.now() - start;
      await sleep(50);
    }
    return ms;
  }

  /** Authentication's latency, a right and a wrong key in turn, for `ms`. */
  async authLatencies(readKey: string, ms: number): Promise<{ right: number[]; wrong: number[] }> {
    const right: number[] = [];
    const wrong: number[] = [];
    for (const end = Date.now() + ms; Date.now() < end; ) {
      for (const [key, into] of [
        [readKey, right],
        [`${readKey.slice(0, -4)}nope`, wrong],
      ] as const) {
        const t = performance.now();
        await this.json('/api/sift-read', { action: 'get_project' }, key);
        into.push(Math.round(performance.now() - t));
      }
    }
    return { right, wrong };
  }

  /** Waits until no confirmed document and no analysis is left to do. */
  async settle(databaseUrl: string | null, dataDir: string, ms: number): Promise<void> {
    const store = await openStore({ databaseUrl, dataDir });
    try {
      for (const end = Date.now() + ms; Date.now() < end; await sleep(500)) {
        const docs = await store.db.selectFrom('documents').select('id').where('status', 'in', ['pending', 'processing']).execute();
        const runs = await store.db.selectFrom('analyses').select('id').where('status', 'in', ['queued', 'running']).execute();
        if (docs.length === 0 && runs.length === 0) return;
      }
    } finally {
      await store.close();
    }
  }
}
