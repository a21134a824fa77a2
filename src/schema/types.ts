import type { Static } from '@sinclair/typebox';
import type { readActions } from './read.js';
import type { writeActions } from './write.js';
import type { partnerActions } from './partner.js';
import type { adminActions } from './admin.js';
import type { readAnswers, writeAnswers } from './answers/surfaces.js';

/** Request body types, derived from the schemas (never written twice). */
export type ReadBody<K extends keyof typeof readActions> = Static<(typeof readActions)[K]>;
export type WriteBody<K extends keyof typeof writeActions> = Static<(typeof writeActions)[K]>;
export type PartnerBody<K extends keyof typeof partnerActions> = Static<(typeof partnerActions)[K]>;
export type AdminBody<K extends keyof typeof adminActions> = Static<(typeof adminActions)[K]>;

/** Answer types, derived from the answer schemas the serializer and OpenAPI use. */
export type ReadAnswer<K extends keyof typeof readAnswers> = Static<(typeof readAnswers)[K]>;
export type WriteAnswer<K extends keyof typeof writeAnswers> = Static<(typeof writeAnswers)[K]>;
