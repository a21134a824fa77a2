import { Type } from '@sinclair/typebox';
import { StringEnum } from '../common.js';
import { Closed, Count, Nullable } from './records.js';

const Figure = (description: string) => Nullable(Type.Number({ description }));
const figures = {
  percentAgreement: Figure('share of the sentences where both codings agree (both applied the code, or neither); null where neither applied it'),
  kappa: Figure("Cohen's kappa; 1 where both coders gave every sentence the same answer; null where neither applied the code"),
  alpha: Figure("Krippendorff's alpha (nominal, two coders, nothing missing); null where neither applied the code"),
};
const Counts = Closed(
  {
    both: Count,
    onlyA: Count,
    onlyB: Count,
    neither: Count,
  },
  { description: 'sentences both codings applied the code to, only a, only b, neither; they add up to `units`' },
);

const Side = Closed(
  {
    analysisId: Nullable(Type.String({ description: 'the run, or null for the coding made by hand or imported' })),
    name: Type.String({ description: "the run's name, or `Made by hand or imported`" }),
    type: Nullable(Type.String({ description: "the run's type; null by hand" })),
    status: Nullable(
      StringEnum(['queued', 'running', 'completed', 'failed'] as const, {
        description: "the run's status (a run still working is compared as far as it got); null by hand",
      }),
    ),
    documents: Count,
    unplacedQuotes: Type.Integer({
      minimum: 0,
      description: "quotes of the coding's insights on the compared documents that are not in their document's text (they code nothing)",
    }),
  },
  { title: 'AgreementCoding' },
);

export const CompareCodingsAnswer = Closed({
  a: Side,
  b: Side,
  documents: Type.Integer({ minimum: 0, description: 'documents compared' }),
  units: Type.Integer({ minimum: 0, description: 'sentences compared' }),
  codes: Type.Array(
    Closed(
      {
        codeA: Type.String(),
        codeB: Type.String(),
        counts: Counts,
        ...figures,
        disagreements: Type.Integer({ minimum: 0, description: 'onlyA + onlyB: the passages of this pair' }),
      },
      { title: 'CodeAgreement' },
    ),
    { description: 'one per code pair: by name, in code-point order of name, every code either coding applied; or the pairs given, in their order' },
  ),
  overall: Closed(
    {
      codes: Type.Integer({ minimum: 0, description: 'the pairs with figures, which the overall figures are over' }),
      mean: Closed(figures, { description: "the unweighted mean of the pairs' figures" }),
      pooled: Closed(
        { counts: Counts, ...figures },
        { description: "the pairs' counts summed cell by cell, and the figures of that sum (frequent codes weigh more)" },
      ),
    },
    { title: 'OverallAgreement' },
  ),
  unpairedA: Type.Array(Type.String(), { description: 'with `pairs`: codes of a applied but named in no pair' }),
  unpairedB: Type.Array(Type.String(), { description: 'with `pairs`: codes of b applied but named in no pair' }),
  passages: Type.Array(
    Closed(
      {
        codeA: Type.String(),
        codeB: Type.String(),
        appliedBy: StringEnum(['a', 'b'] as const, { description: 'the coding that applied its code of the pair here; the other did not' }),
        documentId: Type.String(),
        filename: Type.String(),
        start: Type.Integer({ minimum: 0, description: "the sentence's place in the document's text (UTF-16 offsets, end exclusive)" }),
        end: Type.Integer({ minimum: 0 }),
        text: Type.String({ description: 'the sentence, at most 1,000 characters (`…` at the end where cut)' }),
      },
      { title: 'AgreementPassage' },
    ),
    { description: 'the disagreeing passages, pair by pair in the order of `codes`, each pair in document and text order' },
  ),
  totalPassages: Type.Integer({ minimum: 0, description: 'how many passages there are (of the pairs with `code`, if given)' }),
  offset: Count,
  nextOffset: Nullable(Count),
});
