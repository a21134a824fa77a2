import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { CODED_TEXTS, codeProject } from '../helpers/coded-project.js';

const XSD = path.resolve('assets/refi-qda/Project.xsd');
const EXPORT = '/api/sift-read/export?format=qdpx';

/** xmllint's verdict on a project.qde against the QDA-XML 1.0 schema (Debian's libxml2-utils; CI installs it). */
function validate(qde: string): void {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qde-')), 'project.qde');
  fs.writeFileSync(file, qde);
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
  } catch (err) {
    throw new Error(String((err as { stderr?: Buffer }).stderr ?? err));
  }
}

describe.each(STORE_KINDS)('REFI-QDA export on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const download = (key: string | null, url = EXPORT) => t.app.server.inject({ method: 'GET', url, headers: key ? { authorization: `Bearer ${key}` } : {} });
    const archive = async () => {
      const res = await download(f.readKey);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.qdpx"/);
      return unzipSync(new Uint8Array(res.rawPayload));
    };

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      await codeProject(t, f);
    });
    afterAll(() => t?.close());

    it('downloads a .qdpx whose project.qde validates against the QDA-XML 1.0 schema, with every document as a source', async () => {
      const files = await archive();
      const qde = new TextDecoder().decode(files['project.qde']);
      validate(qde);
      const sources = Object.keys(files).filter((n) => n.startsWith('sources/'));
      expect(sources).toHaveLength(2);
      expect(sources.map((n) => new TextDecoder().decode(files[n])).sort()).toEqual([CODED_TEXTS.ana, CODED_TEXTS.bo].sort());
    });

    it("places every quote at its offsets in code points, coded with its insight's categories and noted with its statement", async () => {
      const files = await archive();
      const xml = new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '',
        isArray: (name) =>
          [
            'Code',
            'TextSource',
            'PlainTextSelection',
            'Coding',
            'NoteRef',
            'Note',
            'Set',
            'Case',
            'VariableValue',
            'Variable',
            'MemberCode',
            'MemberSource',
            'MemberNote',
          ].includes(name),
      }).parse(new TextDecoder().decode(files['project.qde'])).Project;
      const codes = new Map<string, string>();
      const walk = (list: { guid: string; name: string; Code?: unknown[] }[] = []) => {
        for (const c of list) {
          codes.set(c.guid, c.name);
          walk(c.Code as never);
        }
      };
      walk(xml.CodeBook.Codes.Code);
      expect([...codes.values()].sort()).toEqual(['Money <& "fees">', 'Plans', 'Price rises', 'Support']);
      const notes = new Map<string, string>(xml.Notes.Note.map((n: { guid: string; PlainTextContent: string }) => [n.guid, String(n.PlainTextContent)]));
      const coded: string[] = [];
      for (const s of xml.Sources.TextSource) {
        const text = [...new TextDecoder().decode(files[s.plainTextPath.replace('internal://', 'sources/')])];
        for (const sel of s.PlainTextSelection ?? []) {
          const quote = text.slice(Number(sel.startPosition), Number(sel.endPosition)).join('');
          coded.push(
            `${quote} → ${sel.Coding.map((c: { CodeRef: { targetGUID: string } }) => codes.get(c.CodeRef.targetGUID))
              .sort()
              .join(', ')}`,
          );
          expect(sel.NoteRef.map((r: { targetGUID: string }) => notes.get(r.targetGUID))).toContain(
            quote.startsWith('Support') ? 'Support is quick' : 'Fees rise without notice\n\nTwo rises in a year.',
          );
        }
      }
      expect(coded.sort()).toEqual([
        'I switched to the yearly plan because "monthly" felt like a trap & a half. → Plans, Price rises',
        'Support answered within an hour → Support',
        'The fees went up twice this year 😡 and nobody told us. → Plans, Price rises',
      ]);
      expect([...notes.values()]).toEqual(expect.arrayContaining(['Check the pricing page history.', 'Short interview.']));
      const set = xml.Sets.Set[0];
      expect(set).toMatchObject({ name: 'Churn risk' });
      expect(set.MemberCode.map((m: { targetGUID: string }) => codes.get(m.targetGUID))).toEqual(['Plans']);
      expect(set.MemberSource).toHaveLength(1);
      expect(notes.get(set.MemberNote[0].targetGUID)).toMatch(/^Fees rise without notice/);
      const variables = new Map<string, { name: string; typeOfVariable: string }>(xml.Variables.Variable.map((v: { guid: string }) => [v.guid, v]));
      const values = xml.Cases.Case.flatMap((c: { VariableValue?: { VariableRef: { targetGUID: string }; TextValue?: string; FloatValue?: number }[] }) =>
        (c.VariableValue ?? []).map((v) => `${variables.get(v.VariableRef.targetGUID)!.name}=${v.FloatValue ?? v.TextValue}`),
      );
      expect(values.sort()).toEqual(['Age=34', 'Segment=SMB']);
      expect(variables.get([...variables.keys()].find((k) => variables.get(k)!.name === 'Age')!)!.typeOfVariable).toBe('Float');
    });

    it('gives every element the same GUID from one export to the next', async () => {
      const first = new TextDecoder().decode((await archive())['project.qde']);
      const second = new TextDecoder().decode((await archive())['project.qde']);
      expect(second).toBe(first);
    });

    it('names the file of a project named in any script: ASCII in filename, the name itself in filename*', async () => {
      const { project } = await t.admin('create_project', { accountId: f.accountId, ownerUserId: f.userId, name: '访谈 Café' });
      const key = (await t.admin('create_project_key', { projectId: project.id, userId: f.userId, access: 'read' })).key;
      const res = await download(key);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="__ Caf_.qdpx"; filename*=UTF-8''${encodeURIComponent('访谈 Café.qdpx')}`);
    });

    it('answers 401 without a key and 400 for a format it does not write', async () => {
      expect((await download(null)).statusCode).toBe(401);
      const res = await download(f.readKey, '/api/sift-read/export?format=pdf');
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([expect.objectContaining({ path: '/format' })]);
    });
  });
});
