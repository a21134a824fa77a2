// The entry points; the types of the report's parts (CodeAgreement, OverallAgreement, …) are exported by their own modules.
export { type AgreementReport, type Coding, compareCodings } from './compare.js';
export { krippendorffAlphaNominal, type NominalValue } from './krippendorff.js';
