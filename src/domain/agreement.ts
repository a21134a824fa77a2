import type { Static } from '@sinclair/typebox';
import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { groupBy } from '../store/in-batches.js';
import type { CompareCodingsAnswer } from '../schema/answers/agreement.js';
import { type AgreementReport, type Coding, compareCodings } from '../engine/agreement/index.js';
import { codingBySentence, type Span, sentenceUnits } from '../engine/agreement/sentences.js';
import { invalidField } from './errors.js';
import { shortOf } from './resolve.js';
import {
  codedInsights,
  codeNames,
  type ComparedDocument,
  type CodingSide,
  comparedDocuments,
  coveredDocuments,
  documentText,
  documentTexts,
  sideOf,
} from './agreement-codings.js';

/**
 * Agreement (issue 43, docs/decisions.md "Agreement"): two codings of the same documents compared
 * sentence by sentence with the agreement engine. `agreementOf` computes the whole comparison;
 * the action answers it with a page of passages, the CSV export with all of them.
 */

export interface AgreementRequest {
  a: { analysisId: string | null };
  b: { analysisId: string | null };
  pairs?: { a: string; b: string }[];
  documentIds?: string[];
}

/** A sentence compared: its document and where it stands in the document's text. */
interface UnitPlace {
  document: ComparedDocument;
  span: Span;
}

export interface Agreement {
  sides: [SideSummary, SideSummary];
  documents: ComparedDocument[];
  report: AgreementReport;
  /** Unit id (its position, as a string) → where it stands. */
  places: UnitPlace[];
}

type Answer = Static<typeof CompareCodingsAnswer>;
type SideSummary = Answer['a'];

const letOthersThrough = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function agreementOf(db: DbOrTx, project: Row<'projects'>, input: AgreementRequest): Promise<Agreement> {
  const sides = [await sideOf(db, project.id, input.a), await sideOf(db, project.id, input.b)] as const;
  const pairs = input.pairs ? await checkedPairs(db, project.id, sides, input.pairs) : undefined;
  const covered: [Set<string>, Set<string>] = [await coveredDocuments(db, project.id, sides[0]), await coveredDocuments(db, project.id, sides[1])];
  const documents = await comparedDocuments(db, project.id, input.documentIds, covered);
  const ids = documents.map((d) => d.id);
  const insights = [await codedInsights(db, project.id, sides[0], ids), await codedInsights(db, project.id, sides[1], ids)] as const;
  const byDocument = insights.map((list) => groupBy(list, (i) => i.documentId));
  const units: string[] = [];
  const places: UnitPlace[] = [];
  const codings = [new Map<string, Set<string>>(), new Map<string, Set<string>>()] as const;
  const unplaced = [0, 0];
  for (const document of documents) {
    const text = await documentText(db, project.id, document.id);
    const spans = sentenceUnits(text, project.locale);
    const first = units.length;
    for (const span of spans) {
      units.push(String(units.length));
      places.push({ document, span });
    }
    for (const side of [0, 1] as const) {
      const quotes = (byDocument[side]!.get(document.id) ?? []).flatMap((i) => i.quotes.map((quote) => ({ quote, codes: i.codes })));
      const placed = codingBySentence(text, spans, quotes);
      unplaced[side]! += placed.unplaced;
      for (const [unit, codes] of placed.codes) codings[side].set(String(first + unit), codes);
    }
    // A large project's sentences are many: other requests go first between documents.
    await letOthersThrough();
  }
  const report = compareCodings({ units, a: codings[0] as Coding, b: codings[1] as Coding, pairs });
  const summary = (i: 0 | 1): SideSummary => ({
    analysisId: sides[i].run?.id ?? null,
    name: sides[i].name,
    type: sides[i].run?.type ?? null,
    status: sides[i].run?.status ?? null,
    documents: covered[i].size,
    unplacedQuotes: unplaced[i]!,
  });
  return { sides: [summary(0), summary(1)], documents, report, places };
}

/** Pairs name codes of their coding (400 on the name otherwise), each code of a once. */
async function checkedPairs(
  db: DbOrTx,
  projectId: string,
  sides: readonly [CodingSide, CodingSide],
  pairs: readonly { a: string; b: string }[],
): Promise<Map<string, string>> {
  const names = [await codeNames(db, projectId, sides[0]), await codeNames(db, projectId, sides[1])] as const;
  const out = new Map<string, string>();
  for (const [i, pair] of pairs.entries()) {
    if (out.has(pair.a)) throw invalidField(`/pairs/${i}/a`, `code ${JSON.stringify(pair.a)} of coding a is paired twice`);
    if (!names[0].has(pair.a)) throw invalidField(`/pairs/${i}/a`, `coding a has no code (category) named ${JSON.stringify(pair.a)}`);
    if (!names[1].has(pair.b)) throw invalidField(`/pairs/${i}/b`, `coding b has no code (category) named ${JSON.stringify(pair.b)}`);
    out.set(pair.a, pair.b);
  }
  return out;
}

export type Passage = Answer['passages'][number];

/** The longest passage text answered: a sentence of a transcript without punctuation can run for pages. */
const MAX_PASSAGE_CHARS = 1000;

/** The disagreeing passages of the pairs (all, or those with `code` on either side), in the order of the pairs and of the text. */
export function passagesOf(agreement: Agreement, code?: string): { codeA: string; codeB: string; appliedBy: 'a' | 'b'; place: UnitPlace }[] {
  return agreement.report.codes
    .filter((c) => code === undefined || c.codeA === code || c.codeB === code)
    .flatMap((c) => c.disagreements.map((d) => ({ codeA: c.codeA, codeB: c.codeB, appliedBy: d.appliedBy, place: agreement.places[Number(d.unit)]! })));
}

/** The passages with their text, read from their documents. */
export async function withText(db: DbOrTx, projectId: string, list: ReturnType<typeof passagesOf>): Promise<Passage[]> {
  const texts = await documentTexts(
    db,
    projectId,
    list.map((p) => p.place.document.id),
  );
  return list.map(({ codeA, codeB, appliedBy, place }) => {
    const whole = (texts.get(place.document.id) ?? '').slice(place.span.start, place.span.end);
    return {
      codeA,
      codeB,
      appliedBy,
      documentId: shortOf.document(place.document),
      filename: place.document.filename,
      start: place.span.start,
      end: place.span.end,
      text: whole.length <= MAX_PASSAGE_CHARS ? whole : `${whole.slice(0, MAX_PASSAGE_CHARS - 1)}…`,
    };
  });
}

/** `compare_codings`: the comparison, with one page of its disagreeing passages. */
export async function compareCodingsAnswer(
  db: DbOrTx,
  project: Row<'projects'>,
  body: AgreementRequest & { code?: string; offset?: number; limit?: number },
): Promise<Answer> {
  const agreement = await agreementOf(db, project, body);
  const { report } = agreement;
  const offset = body.offset ?? 0;
  const limit = body.limit ?? 50;
  const all = passagesOf(agreement, body.code);
  const page = await withText(db, project.id, all.slice(offset, offset + limit));
  return {
    a: agreement.sides[0],
    b: agreement.sides[1],
    documents: agreement.documents.length,
    units: report.units,
    codes: report.codes.map(({ disagreements, ...c }) => ({ ...c, disagreements: disagreements.length })),
    overall: report.overall,
    unpairedA: report.unpairedA,
    unpairedB: report.unpairedB,
    passages: page,
    totalPassages: all.length,
    offset,
    nextOffset: offset + limit < all.length ? offset + limit : null,
  };
}
