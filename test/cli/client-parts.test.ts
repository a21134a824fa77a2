import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configPath, loadConfig, saveConfig } from '../../src/cli/client/config.js';
import { reportCsv, reportJson, reportMarkdown, type Report } from '../../src/cli/client/report.js';
import { expandPaths } from '../../src/cli/client/cmd-upload.js';

const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-parts-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the client config file', () => {
  it('is found at SIFT_CONFIG, else under XDG_CONFIG_HOME, else under ~/.config', () => {
    expect(configPath({ SIFT_CONFIG: '/x/c.json', XDG_CONFIG_HOME: '/xdg' })).toBe('/x/c.json');
    expect(configPath({ XDG_CONFIG_HOME: '/xdg' })).toBe('/xdg/sift/config.json');
    expect(configPath({ XDG_CONFIG_HOME: 'relative' })).toBe(path.join(os.homedir(), '.config', 'sift', 'config.json'));
  });

  it('is written with mode 0600 in a folder of mode 0700, and a file others can read is warned about', () => {
    const file = path.join(tmp(), 'new', 'config.json');
    saveConfig(file, { url: 'http://x', key: 'sift_k' });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const warnings: string[] = [];
    expect(loadConfig(file, (w) => warnings.push(w))).toEqual({ url: 'http://x', key: 'sift_k' });
    expect(warnings).toEqual([]);
    fs.chmodSync(file, 0o644);
    loadConfig(file, (w) => warnings.push(w));
    expect(warnings[0]).toContain('readable by others');
    saveConfig(file, { url: 'http://y' });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig(path.join(tmp(), 'missing.json'), () => undefined)).toEqual({});
    fs.writeFileSync(file, '[1]', { mode: 0o600 });
    expect(() => loadConfig(file, () => undefined)).toThrow(/not a JSON object/);
  });
});

describe('sift export reports', () => {
  const report: Report = {
    project: { id: 'Pabc', name: 'Study *one*', locale: 'en', description: '', pipeline: 'standard', createdAt: '', updatedAt: '' } as Report['project'],
    analyses: [],
    documents: [{ id: 'D1', filename: 'a.txt' } as Report['documents'][number]],
    categories: [
      {
        id: 'C1',
        text: 'Pricing',
        description: '',
        parentId: null,
        insightCount: 1,
        tags: [],
        analysisId: null,
        createdAt: '',
        updatedAt: '',
        children: [
          {
            id: 'C2',
            text: 'Discounts',
            description: '',
            parentId: 'C1',
            insightCount: 1,
            tags: [],
            analysisId: null,
            children: [],
            createdAt: '',
            updatedAt: '',
          },
        ],
      },
    ],
    insights: [
      {
        id: 'I1',
        text: '=HYPERLINK("x") is "too" expensive, really',
        description: '',
        quotes: ['line one\nline two', '@SUM(1)'],
        documentId: 'D1',
        categories: [{ id: 'C2', text: 'Discounts' }],
        tags: [],
        analysisId: null,
        createdAt: '',
        updatedAt: '',
      },
      {
        id: 'I2',
        text: 'No category',
        description: '',
        quotes: [],
        documentId: null,
        categories: [],
        tags: [],
        analysisId: null,
        createdAt: '',
        updatedAt: '',
      },
    ],
  };

  it('writes CSV as RFC 4180 does, with formulas defused', () => {
    const csv = reportCsv(report);
    expect(csv.split('\r\n')[1]).toBe(`I1,"'=HYPERLINK(""x"") is ""too"" expensive, really",,Discounts,D1,a.txt,"line one\nline two\n@SUM(1)",,,`);
    expect(csv.endsWith('I2,No category,,,,,,,,\r\n')).toBe(true);
  });

  it('writes Markdown with the category tree as headings and the text escaped', () => {
    const md = reportMarkdown(report);
    expect(md.startsWith('# Study \\*one\\*\n')).toBe(true);
    expect(md).toContain('## Pricing\n\n### Discounts\n\n- **=HYPERLINK("x") is "too" expensive, really** (a.txt)\n  > line one line two\n  > @SUM(1)');
    expect(md).toContain('## Without a category\n\n- **No category**');
  });

  // Two runs: Discounts (run B) was filed under Pricing (run A), as a default automatic run files its categories.
  const A = '00000000-0000-4000-8000-00000000000a';
  const B = '00000000-0000-4000-8000-00000000000b';
  const twoRuns: Report = {
    ...report,
    analyses: [
      { id: B, name: 'Inclusive *rerun*' },
      { id: A, name: 'Automatic · 2026-11-29 09:30' },
    ],
    categories: [{ ...report.categories[0]!, analysisId: A, children: [{ ...report.categories[0]!.children[0]!, analysisId: B }] }],
    insights: [
      { ...report.insights[0]!, analysisId: B },
      { ...report.insights[1]!, analysisId: A },
    ],
  };

  it('names the run of each insight in CSV and JSON', () => {
    const csv = reportCsv(twoRuns).split('\r\n');
    expect(csv[0]!.endsWith(',tags,analysis_id,analysis')).toBe(true);
    expect(csv[1]!.endsWith(`,${B},Inclusive *rerun*`)).toBe(true);
    expect(csv[2]).toBe(`I2,No category,,,,,,,${A},Automatic · 2026-11-29 09:30`);
    const json = JSON.parse(reportJson(twoRuns));
    expect(json.categories[0]).toMatchObject({
      analysisId: A,
      analysisName: 'Automatic · 2026-11-29 09:30',
      children: [{ analysisId: B, analysisName: 'Inclusive *rerun*' }],
    });
    expect(json.insights.map((i: { analysisName: string | null }) => i.analysisName)).toEqual(['Inclusive *rerun*', 'Automatic · 2026-11-29 09:30']);
    expect(JSON.parse(reportJson(report)).insights[0].analysisName).toBeNull();
  });

  it('writes each run as a section of its own in Markdown, never two runs in one tree', () => {
    const md = reportMarkdown(twoRuns);
    const b = md.indexOf('## Inclusive \\*rerun\\*');
    const a = md.indexOf('## Automatic · 2026-11-29 09:30');
    expect(b).toBeGreaterThan(0);
    expect(a).toBeGreaterThan(b);
    // Run B's category is a root of B's section, not a child of A's Pricing.
    expect(md.slice(b, a)).toContain(`Analysis run \`${B}\`.\n\n### Discounts\n\n- **=HYPERLINK`);
    expect(md.slice(a)).toContain(`Analysis run \`${A}\`.\n\n### Pricing\n\n### Without a category\n\n- **No category**`);
    expect(md.slice(a)).not.toContain('Discounts');
    // One run alone: the tree as it is, and the run named once.
    const one = reportMarkdown({ ...twoRuns, categories: [{ ...twoRuns.categories[0]!, children: [] }], insights: [twoRuns.insights[1]!] });
    expect(one).toContain(`Analysis: Automatic · 2026-11-29 09:30 (\`${A}\`).\n\n## Pricing`);
  });
});

describe('sift upload paths', () => {
  it('walks folders in name order, leaves hidden files out, and refuses a missing path', () => {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, 'b'));
    fs.mkdirSync(path.join(dir, '.git'));
    for (const f of ['b/2.txt', 'a.txt', '.hidden', '.git/x']) fs.writeFileSync(path.join(dir, f), 'x');
    expect(expandPaths([dir]).map((f) => path.relative(dir, f))).toEqual(['a.txt', path.join('b', '2.txt')]);
    expect(expandPaths([path.join(dir, '.hidden')])).toEqual([path.join(dir, '.hidden')]);
    expect(() => expandPaths([path.join(dir, 'nope')])).toThrow(/no such file/);
  });
});
