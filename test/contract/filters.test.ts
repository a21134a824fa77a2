import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, READ, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { insertDocument } from '../helpers/documents.js';
import { newId, shortHash } from '../../src/domain/ids.js';
import type { TagTargetType } from '../../src/store/tables.js';

const UUID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The shared `filters` object through `get_documents` and `get_insights`, on one project:
 *
 *   D1  tag vip      consent "Yes"   role Manager    team(X) Blue   I1 in Onboarding
 *   D2  tag vip      consent "yes."  role Analyst    grp(Y) Blue    I2 in First week
 *   D3  tag Urgent                   role Engineer (short "eng")    I3 in Pricing, tagged follow-up itself
 *   D4               consent "No"                                   I4 without category
 *   D5                                                              (no insight)
 *   I5 has no document and sits in Experience.   Tree: Experience > Onboarding > First week; Pricing.
 *   Field X: short name `team`, full name `Group`. Field Y: short name `grp`, full name `team`.
 */
describe.each(STORE_KINDS)('filters on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const doc: Record<string, { id: string; short: string }> = {};
    const tag: Record<string, { id: string; short: string }> = {};
    const cat: Record<string, string> = {};

    async function listed(action: 'get_documents' | 'get_insights', filters: Record<string, unknown>): Promise<string[]> {
      const res = await t.post(READ, f.readKey, { action, filters });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(UUID_PATTERN);
      const body = res.json();
      return (action === 'get_documents' ? body.documents : body.insights).map((r: { id: string }) => r.id);
    }
    const documents = (filters: Record<string, unknown>) => listed('get_documents', filters);
    const insights = (filters: Record<string, unknown>) => listed('get_insights', filters);

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      const db = t.app.store.db;
      const now = new Date().toISOString();
      for (const name of ['D1', 'D2', 'D3', 'D4', 'D5']) {
        const row = await insertDocument(t.app.store, f.projectId);
        doc[name] = { id: row.id, short: `D${row.counter}` };
      }

      const addTag = async (text: string, type: TagTargetType, targets: string[]) => {
        const id = newId();
        tag[text] = { id, short: shortHash('T', id) };
        await db
          .insertInto('tags')
          .values({ id, projectId: f.projectId, shortId: shortHash('T', id), text, description: '', color: null, createdAt: now, updatedAt: now })
          .execute();
        for (const targetId of targets) await db.insertInto('tagTargets').values({ tagId: id, targetType: type, targetId, projectId: f.projectId }).execute();
      };
      await addTag('vip', 'document', [doc.D1!.id, doc.D2!.id]);
      await addTag('Urgent', 'document', [doc.D3!.id]);

      const addField = async (text: string, shortName: string) => {
        const id = newId();
        await db
          .insertInto('metadataFields')
          .values({
            id,
            projectId: f.projectId,
            shortId: shortHash('F', id),
            text,
            shortName,
            description: '',
            parentId: null,
            valueType: null,
            allowedValues: null,
            answerSetOpen: 0,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        return id;
      };
      const setValue = (documentId: string, fieldId: string, text: string, shortName: string | null = null) =>
        db
          .insertInto('metadataValues')
          .values({
            id: newId(),
            projectId: f.projectId,
            documentId,
            fieldId,
            text,
            shortName,
            value: null,
            refusedText: null,
            refusedShortName: null,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
      const consent = await addField('Consent given', 'consent');
      const role = await addField('Participant role', 'role');
      const teamX = await addField('Group', 'team');
      const teamY = await addField('team', 'grp');
      await setValue(doc.D1!.id, consent, 'Yes');
      await setValue(doc.D2!.id, consent, 'yes.');
      await setValue(doc.D4!.id, consent, 'No');
      await setValue(doc.D1!.id, role, 'Manager');
      await setValue(doc.D2!.id, role, 'Analyst');
      await setValue(doc.D3!.id, role, 'Engineer', 'eng');
      await setValue(doc.D1!.id, teamX, 'Blue');
      await setValue(doc.D2!.id, teamY, 'Blue');

      const category = async (text: string, parentId?: string) => {
        const res = await t.post(WRITE, f.editKey, { action: 'manage_categories', operation: 'create', text, ...(parentId ? { parentId } : {}) });
        cat[text] = res.json().category.id;
      };
      await category('Experience');
      await category('Onboarding', cat.Experience);
      await category('First week', cat.Onboarding);
      await category('Pricing');
      const insight = async (text: string, documentId: string | null, categories: string[]) => {
        const res = await t.post(WRITE, f.editKey, { action: 'manage_insights', operation: 'create', text, categories, ...(documentId ? { documentId } : {}) });
        expect(res.statusCode, res.body).toBe(200);
      };
      await insight('I1', doc.D1!.id, [cat.Onboarding!]);
      await insight('I2', doc.D2!.id, [cat['First week']!]);
      await insight('I3', doc.D3!.id, [cat.Pricing!]);
      await insight('I4', doc.D4!.id, []);
      await insight('I5', null, [cat.Experience!]);
      const i3 = await db.selectFrom('insights').select('id').where('projectId', '=', f.projectId).where('counter', '=', 3).executeTakeFirstOrThrow();
      await addTag('follow-up', 'insight', [i3.id]);
    });
    afterAll(() => t?.close());

    const D = (...names: string[]) => names.map((n) => doc[n]!.short);

    describe('on documents', () => {
      it('restricts nothing without filters or with empty members', async () => {
        expect(await documents({})).toEqual(D('D1', 'D2', 'D3', 'D4', 'D5'));
        expect(await documents({ tags: [], metadata: [], documentIds: [] })).toEqual(D('D1', 'D2', 'D3', 'D4', 'D5'));
      });

      it('matches tags by text, by short id and by UUID, OR-ed inside the member', async () => {
        expect(await documents({ tags: ['vip'] })).toEqual(D('D1', 'D2'));
        expect(await documents({ tags: ['VIP'] })).toEqual(D('D1', 'D2'));
        expect(await documents({ tags: [tag.vip!.short] })).toEqual(D('D1', 'D2'));
        expect(await documents({ tags: [tag.vip!.id] })).toEqual(D('D1', 'D2'));
        expect(await documents({ tags: ['vip', tag.Urgent!.short] })).toEqual(D('D1', 'D2', 'D3'));
      });

      it('matches nothing for a tag or category name that names nothing', async () => {
        expect(await documents({ tags: ['no such tag'] })).toEqual([]);
        expect(await documents({ categories: ['no such category'] })).toEqual([]);
      });

      it('keeps documents with an insight in a category or one of its descendants', async () => {
        expect(await documents({ categories: ['Experience'] })).toEqual(D('D1', 'D2'));
        expect(await documents({ categories: [cat.Onboarding!] })).toEqual(D('D1', 'D2'));
        expect(await documents({ categories: ['first week'] })).toEqual(D('D2'));
        expect(await documents({ categories: ['First week', 'Pricing'] })).toEqual(D('D2', 'D3'));
      });

      it('matches metadata values case-, whitespace- and trailing-punctuation-insensitively', async () => {
        for (const value of ['yes', 'Yes', 'Yes.', ' y e s ', 'YES!']) {
          expect(await documents({ metadata: [{ field: 'consent', value }] }), value).toEqual(D('D1', 'D2'));
        }
        expect(await documents({ metadata: [{ field: 'role', value: 'eng' }] })).toEqual(D('D3'));
        expect(await documents({ metadata: [{ field: 'role', value: 'engineer' }] })).toEqual(D('D3'));
      });

      it('matches nothing for a blank metadata value', async () => {
        expect(await documents({ metadata: [{ field: 'consent', value: '' }] })).toEqual([]);
        expect(await documents({ metadata: [{ field: 'consent', value: '  ' }] })).toEqual([]);
      });

      it('names the field by short name first, then by full name, exactly', async () => {
        expect(await documents({ metadata: [{ field: 'Consent given', value: 'yes' }] })).toEqual(D('D1', 'D2'));
        expect(await documents({ metadata: [{ field: 'team', value: 'blue' }] })).toEqual(D('D1'));
        expect(await documents({ metadata: [{ field: 'Group', value: 'blue' }] })).toEqual(D('D1'));
        expect(await documents({ metadata: [{ field: 'grp', value: 'blue' }] })).toEqual(D('D2'));
        expect(await documents({ metadata: [{ field: 'TEAM', value: 'blue' }] })).toEqual([]);
      });

      it('ORs metadata pairs inside the member', async () => {
        expect(
          await documents({
            metadata: [
              { field: 'consent', value: 'no' },
              { field: 'role', value: 'Engineer' },
            ],
          }),
        ).toEqual(D('D3', 'D4'));
      });

      it('takes documentIds in every id form and ignores ids that name nothing', async () => {
        expect(await documents({ documentIds: [doc.D1!.short, doc.D3!.id, doc.D4!.short.toLowerCase(), doc.D5!.id.toUpperCase()] })).toEqual(
          D('D1', 'D3', 'D4', 'D5'),
        );
        expect(await documents({ documentIds: ['D99', newId()] })).toEqual([]);
      });

      it('removes what the exclude members name', async () => {
        expect(await documents({ excludeTags: ['vip'] })).toEqual(D('D3', 'D4', 'D5'));
        expect(await documents({ excludeCategories: ['Experience'] })).toEqual(D('D3', 'D4', 'D5'));
        expect(await documents({ excludeCategories: [cat.Pricing!], excludeTags: [tag.vip!.id] })).toEqual(D('D4', 'D5'));
      });

      it('ANDs the members', async () => {
        expect(await documents({ tags: ['vip'], metadata: [{ field: 'role', value: 'manager' }] })).toEqual(D('D1'));
        expect(await documents({ tags: ['vip'], categories: ['First week'] })).toEqual(D('D2'));
        expect(await documents({ documentIds: D('D1', 'D2', 'D3'), excludeTags: ['vip'] })).toEqual(D('D3'));
        expect(await documents({ tags: ['Urgent'], metadata: [{ field: 'consent', value: 'yes' }] })).toEqual([]);
      });
    });

    describe('on insights', () => {
      it('matches tags on the insight itself or on its document', async () => {
        expect(await insights({ tags: ['vip'] })).toEqual(['I1', 'I2']);
        expect(await insights({ tags: [tag['follow-up']!.short] })).toEqual(['I3']);
        expect(await insights({ tags: ['Urgent'] })).toEqual(['I3']);
        expect(await insights({ excludeTags: ['vip'] })).toEqual(['I3', 'I4', 'I5']);
      });

      it('matches categories with their descendants', async () => {
        expect(await insights({ categories: ['Experience'] })).toEqual(['I1', 'I2', 'I5']);
        expect(await insights({ categories: [cat['First week']!] })).toEqual(['I2']);
        expect(await insights({ excludeCategories: ['Onboarding'] })).toEqual(['I3', 'I4', 'I5']);
      });

      it("applies metadata and documentIds to the insight's document", async () => {
        expect(await insights({ metadata: [{ field: 'consent', value: 'Yes.' }] })).toEqual(['I1', 'I2']);
        expect(await insights({ documentIds: [doc.D3!.short, doc.D4!.id] })).toEqual(['I3', 'I4']);
      });

      it('ANDs the members', async () => {
        expect(await insights({ categories: ['Experience'], documentIds: [doc.D1!.short] })).toEqual(['I1']);
        expect(await insights({ categories: ['Experience'], tags: ['Urgent'] })).toEqual([]);
        expect(await insights({ metadata: [{ field: 'consent', value: 'yes' }], excludeCategories: ['First week'] })).toEqual(['I1']);
      });
    });

    it('refuses filter members beyond their bounds', async () => {
      const res = await t.post(READ, f.readKey, { action: 'get_insights', filters: { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) } });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toMatch(/^\/filters\/tags/);
    });
  });
});
