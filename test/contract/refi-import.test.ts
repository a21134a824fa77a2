import fs from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, makeTestApp, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { codeProject } from '../helpers/coded-project.js';
import { multipart } from '../helpers/multipart.js';
import { docx, pdf, understating } from '../helpers/fixtures.js';

const IMPORT = '/api/sift-account/import?format=qdpx';
/** A tiny project exported by ATLAS.ti 23 (MIT, from the REFI-QDA reference material). */
const SAMPLE = 'test/fixtures/refi-qda/sample-atlas-ti.qdpx';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (n) => ['Code', 'TextSource', 'PlainTextSelection', 'Coding', 'NoteRef', 'Note', 'Case', 'VariableValue', 'Variable', 'Set'].includes(n),
});

/** What a round trip must keep: code paths, coded passages (source, offsets, text, codes), note texts, variable values. */
function essence(archive: Uint8Array) {
  const files = unzipSync(archive);
  const p = parser.parse(new TextDecoder().decode(files['project.qde'])).Project;
  const codes = new Map<string, string>();
  const walk = (list: { guid: string; name: string; Code?: unknown[] }[] = [], path = '') => {
    for (const c of list) {
      codes.set(c.guid, `${path}${c.name}`);
      walk(c.Code as never, `${path}${c.name}/`);
    }
  };
  walk(p.CodeBook?.Codes?.Code);
  const sourceName = new Map<string, string>();
  const passages: string[] = [];
  for (const s of p.Sources?.TextSource ?? []) {
    sourceName.set(s.guid, s.name);
    const text = [...new TextDecoder().decode(files[s.plainTextPath.replace('internal://', 'sources/')])];
    for (const sel of s.PlainTextSelection ?? []) {
      const coded = (sel.Coding ?? []).map((c: { CodeRef: { targetGUID: string } }) => codes.get(c.CodeRef.targetGUID)).sort();
      passages.push(
        `${s.name} ${sel.startPosition}-${sel.endPosition} "${text.slice(Number(sel.startPosition), Number(sel.endPosition)).join('')}" ${coded.join(', ')}`,
      );
    }
  }
  const variables = new Map<string, string>((p.Variables?.Variable ?? []).map((v: { guid: string; name: string }) => [v.guid, v.name]));
  const values = (p.Cases?.Case ?? []).flatMap(
    (c: { name: string; VariableValue?: { VariableRef: { targetGUID: string }; TextValue?: string; FloatValue?: string }[] }) =>
      (c.VariableValue ?? []).map((v) => `${c.name} ${variables.get(v.VariableRef.targetGUID)}=${v.FloatValue ?? v.TextValue}`),
  );
  return {
    codes: [...codes.values()].sort(),
    passages: passages.sort(),
    notes: (p.Notes?.Note ?? []).map((n: { PlainTextContent: string }) => String(n.PlainTextContent)).sort(),
    values: values.sort(),
  };
}

describe.each(STORE_KINDS)('REFI-QDA import on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const exportOf = async (key: string) => {
      const res = await t.app.server.inject({ method: 'GET', url: '/api/sift-read/export?format=qdpx', headers: { authorization: `Bearer ${key}` } });
      expect(res.statusCode).toBe(200);
      return new Uint8Array(res.rawPayload);
    };
    const importArchive = (archive: Uint8Array, filename = 'study.qdpx') => {
      const body = multipart([{ filename, content: archive }]);
      return t.app.server.inject({
        method: 'POST',
        url: IMPORT,
        headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const projectCount = async () =>
      Number(
        (
          await t.app.store.db
            .selectFrom('projects')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      await codeProject(t, f);
    });
    afterAll(() => t?.close());

    it('round trip: exported, imported as a new project, confirmed and exported again, it keeps its codes, coded passages, notes and variables', async () => {
      const first = await exportOf(f.readKey);
      const res = await importArchive(first);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer).toMatchObject({ project: { name: expect.any(String) }, categories: 4, codings: 3, skipped: [] });
      expect(answer.documents.map((d: { filename: string; status: string }) => [d.filename, d.status]).sort()).toEqual([
        ['ana.txt', 'pending'],
        ['bo.txt', 'pending'],
      ]);
      const projectId = answer.project.id as string;
      await t.app.workers.drain();
      const status = (await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId })).json();
      const confirm = await t.post(ACCOUNT, f.accountKey, { action: 'confirm_documents', projectId, expectedCreditCost: status.confirmableCreditCost });
      expect(confirm.statusCode).toBe(200);
      await t.app.workers.drain();
      const key = (await t.admin('create_project_key', { projectId, userId: f.userId, access: 'read' })).key as string;
      const second = essence(await exportOf(key));
      expect(second).toEqual(essence(first));
      expect(second.passages).toHaveLength(3);
    });

    it('imports the ATLAS.ti sample: its codes become a category tree', async () => {
      const res = await importArchive(new Uint8Array(fs.readFileSync(SAMPLE)));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ project: { name: 'target-atlas-project' }, categories: 3, documents: [] });
    });

    it('refuses a broken archive with 400 naming the problem, and leaves nothing behind', async () => {
      const good = unzipSync(await exportOf(f.readKey));
      const qde = new TextDecoder().decode(good['project.qde']);
      const source = Object.keys(good).find((n) => n.startsWith('sources/'))!;
      const broken: [string, Uint8Array, RegExp][] = [
        ['bad XML', zipSync({ ...good, 'project.qde': strToU8(qde.replace('</Project>', '')) }), /not valid QDA-XML/],
        [
          'a selection past its end',
          zipSync({ ...good, 'project.qde': strToU8(qde.replace(/endPosition="\d+"/, 'endPosition="99999"')) }),
          /lies outside its text/,
        ],
        ['a missing source file', zipSync(Object.fromEntries(Object.entries(good).filter(([n]) => n !== source))), /missing from the archive/],
        ['a zip bomb', zipSync({ ...good, 'sources/bomb.txt': new Uint8Array(20 * 1024 * 1024) }, { level: 9 }), /decompression bomb/],
        ['not a zip', strToU8('hello'), /not a readable zip/],
        [
          'an external entity',
          zipSync({ ...good, 'project.qde': strToU8(qde.replace('<Project', '<!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Project')) }),
          /must not declare a DOCTYPE/,
        ],
        [
          'a parameter entity',
          zipSync({ ...good, 'project.qde': strToU8(qde.replace('<Project', '<!DOCTYPE p [<!ENTITY % e "x"> %e;]>\n<Project')) }),
          /must not declare a DOCTYPE/,
        ],
        [
          'a bomb whose headers understate it',
          understating(zipSync({ ...good, 'sources/bomb.txt': new Uint8Array(20 * 1024 * 1024) }, { level: 9 }), 1_000_000),
          /decompression bomb/,
        ],
      ];
      const before = await projectCount();
      for (const [what, archive, message] of broken) {
        const res = await importArchive(archive);
        expect([what, res.statusCode]).toEqual([what, 400]);
        expect(res.json().details[0]).toMatchObject({ path: '/file', message: expect.stringMatching(message) });
      }
      expect(await projectCount()).toBe(before);
    });

    it('sends a PDF or DOCX source that comes without its text through extraction, and says which codings it could not keep', async () => {
      const qde = `<?xml version="1.0" encoding="utf-8"?>
<Project xmlns="urn:QDA-XML:project:1.0" name="Reports">
  <Sources>
    <PDFSource guid="11111111-1111-4111-8111-111111111111" name="annual report" path="internal://11111111-1111-4111-8111-111111111111.pdf">
      <PDFSelection guid="22222222-2222-4222-8222-222222222222" page="1" firstX="0" firstY="0" secondX="10" secondY="10"/>
    </PDFSource>
    <TextSource guid="33333333-3333-4333-8333-333333333333" name="minutes.docx" richTextPath="internal://33333333-3333-4333-8333-333333333333.docx"/>
  </Sources>
</Project>`;
      const archive = zipSync({
        'project.qde': strToU8(qde),
        'sources/11111111-1111-4111-8111-111111111111.pdf': pdf(['Revenue grew in the north.']),
        'sources/33333333-3333-4333-8333-333333333333.docx': docx(['The board met on Monday.']),
      });
      const res = await importArchive(archive);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer.skipped).toEqual(['source "annual report": 1 coding(s) on a PDF without a plain-text representation']);
      expect(answer.documents.map((d: { filename: string }) => d.filename).sort()).toEqual(['annual report.pdf', 'minutes.docx']);
      await t.app.workers.drain();
      const texts = await t.app.store.db
        .selectFrom('documents')
        .select(['filename', 'text', 'status'])
        .where('projectId', '=', answer.project.id)
        .orderBy('filename')
        .execute();
      expect(texts.map((d) => [d.filename, d.status, d.text])).toEqual([
        ['annual report.pdf', 'awaiting_confirmation', expect.stringContaining('Revenue grew in the north.')],
        ['minutes.docx', 'awaiting_confirmation', 'The board met on Monday.'],
      ]);
    });

    it('needs an account key', async () => {
      const body = multipart([{ filename: 'x.qdpx', content: 'x' }]);
      const res = await t.app.server.inject({
        method: 'POST',
        url: IMPORT,
        headers: { authorization: `Bearer ${f.readKey}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(401);
    });
  });
});
