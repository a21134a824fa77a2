import { ERROR_CODE_HEADER, ERROR_CODES } from '../domain/errors.js';
import { bodyLimitFor, MAX_BODY_BYTES } from './body-limit.js';
import { AGREEMENT_CSV_PATH, CODEBOOK_IMPORT_PATHS, CODEBOOK_PATH, EXPORT_PATH, IMPORT_PATH, SURFACES, UPLOAD_PATHS, type SurfaceDef } from './surfaces.js';
import { CodebookStarted } from './codebook.js';
import { ANALYSIS_GRANULARITIES } from './common.js';
import { AGREEMENT_CSV_COLUMNS, MAX_CSV_PASSAGES } from './agreement.js';
import { matrixExportPaths } from './matrix-openapi.js';
import { UploadUrls } from './account.js';
import { ANSWERS, ImportAnswer, UploadAnswer, WriteUploadAnswer } from './answers/surfaces.js';
import { REFERENCED_RECORDS } from './answers/records.js';

type Json = Record<string, unknown>;
const plain = (schema: unknown): Json => JSON.parse(JSON.stringify(schema)) as Json;
const pascal = (s: string) => s.replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase());

const SECURITY: Record<SurfaceDef['credential'], string> = {
  projectKey: 'projectKey',
  projectEditKey: 'projectKey',
  accountKey: 'accountKey',
  partnerSecret: 'partnerSecret',
  adminToken: 'adminToken',
};

const errorRef = { $ref: '#/components/schemas/Error' };
/** The codes an error answer of `status` may carry in `Sift-Error-Code`. */
const codesFor = (status: number) => Object.entries(ERROR_CODES).flatMap(([code, e]) => (e.status === status ? [code] : []));
const errorResponse = (description: string, status: number) => ({
  description,
  headers: {
    [ERROR_CODE_HEADER]: {
      description: `stable machine-readable code: ${codesFor(status)
        .map((c) => `\`${c}\` (${ERROR_CODES[c as keyof typeof ERROR_CODES].description})`)
        .join('; ')}`,
      schema: { type: 'string', enum: codesFor(status) },
    },
  },
  content: { 'application/json': { schema: errorRef } },
});

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'requests allowed per window', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'requests left in this window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'seconds until the window resets', schema: { type: 'integer' } },
  'X-Request-Id': { description: 'the request id (echoes a sane client-sent one)', schema: { type: 'string' } },
};

function commonErrors(surface: SurfaceDef['name'] | 'upload'): Json {
  const r: Json = {
    '400': errorResponse('Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer).', 400),
    '401': errorResponse('Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint.', 401),
    '404': errorResponse('The project, or an id named in the body, does not exist or is not reachable with this credential.', 404),
    '405': errorResponse('A method other than POST.', 405),
    '429': (() => {
      const r = errorResponse('Rate limit exceeded.', 429);
      return { ...r, headers: { ...r.headers, 'Retry-After': { description: 'seconds to wait', schema: { type: 'integer' } } } };
    })(),
    '500': errorResponse('Unexpected server error (never leaks internals; logged with the request id).', 500),
    '503': (() => {
      const r = errorResponse(
        'The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget.',
        503,
      );
      return { ...r, headers: { ...r.headers, 'Retry-After': { description: 'seconds to wait', schema: { type: 'integer' } } } };
    })(),
  };
  if (surface !== 'admin' && surface !== 'partner')
    r['403'] = errorResponse('A read key where an edit key is needed, or a role below `owner`/`admin` on the project.', 403);
  if (surface === 'account' || surface === 'partner') {
    r['402'] = errorResponse('Not enough credits to pay for the confirmation.', 402);
    r['409'] = errorResponse(
      '`confirm_documents`: several confirmable batches and no `documentIds`, a document not awaiting confirmation, or `expectedCreditCost` differing from the current cost (the message states it). `Sift-Error-Code` tells them apart; other actions answer 409 for an existing name or a category or field that is not empty.',
      409,
    );
  }
  if (surface === 'write' || surface === 'admin')
    r['409'] = errorResponse("A name that already exists (a tag, a user's e-mail), or a category or metadata field that is not empty.", 409);
  if (surface !== 'upload') {
    const limit = bodyLimitFor(SURFACES[surface].actions, MAX_BODY_BYTES);
    r['413'] = errorResponse(
      `A body over ${limit.toLocaleString('en')} bytes (the largest valid request of this surface, with room for layout), refused from its Content-Length; past 2 MB, one larger than the largest valid request of its action (read from its \`action\` member as it arrives) or holding more JSON values than any valid request of its action; or one that takes more than 30 s or 512 MB to read. The message names the limit.`,
      413,
    );
  }
  if (surface === 'upload') {
    r['413'] = errorResponse(
      "A file over 50 MB, or a plain-text file (.txt, .md, .csv, .tsv, .vtt, .srt) over 20 MB: a document's extracted text is at most 20,000,000 characters.",
      413,
    );
    r['415'] = errorResponse('A media file (audio, video, image) or a type that cannot be read.', 415);
  }
  return r;
}

/** Records answers share, named by their `title`, become components that answers refer to. */
const RECORD_TITLES = new Set([
  'Label',
  'Project',
  'ProjectFull',
  'ProjectWithRole',
  'MetadataValue',
  'Document',
  'DocumentBrief',
  'Insight',
  'Category',
  'Tag',
  'Note',
  'Memo',
  'MetadataField',
  'Coverage',
  'AnalysisRef',
  'Analysis',
  'ProjectStatus',
  'Confirmation',
  'LedgerLine',
  'ProjectKey',
  'User',
  'PartnerAccount',
  'AgreementCoding',
  'CodeAgreement',
  'OverallAgreement',
  'AgreementPassage',
  'MatrixCell',
  'MatrixRow',
  'MatrixColumn',
]);
const REFERENCED_IDS = new Set(REFERENCED_RECORDS.map((r) => r.$id as string));

/**
 * An answer schema as OpenAPI shows it: shared records hoisted into `components.schemas` (so a
 * generated client names them), `$ref`s to `$id`s pointed at those components.
 */
function hoistRecords(node: unknown, schemas: Json, top = true): unknown {
  if (Array.isArray(node)) return node.map((n) => hoistRecords(n, schemas, false));
  if (typeof node !== 'object' || node === null) return node;
  const obj = node as Json;
  if (typeof obj.$ref === 'string' && REFERENCED_IDS.has(obj.$ref)) return { $ref: `#/components/schemas/${obj.$ref}` };
  const title = obj.title;
  if (!top && typeof title === 'string' && RECORD_TITLES.has(title)) {
    if (!schemas[title]) {
      schemas[title] = {};
      schemas[title] = hoistRecords(obj, schemas, true);
    }
    return { $ref: `#/components/schemas/${title}` };
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(obj)) if (k !== '$id') out[k] = hoistRecords(v, schemas, false);
  return out;
}

/** The OpenAPI 3.1 document, derived from the same schemas that validate requests and serialise answers. */
export function buildOpenApi(): Json {
  const schemas: Json = {
    Error: {
      type: 'object',
      required: ['error'],
      additionalProperties: false,
      properties: {
        error: { type: 'string', description: 'human-readable message' },
        details: {
          type: 'array',
          description: 'present on 400: per-field validation errors',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string', description: 'JSON Pointer into the request body' }, message: { type: 'string' } },
          },
        },
      },
    },
    UploadUrls: plain(UploadUrls),
  };
  for (const record of REFERENCED_RECORDS) schemas[record.$id as string] = hoistRecords(plain(record), schemas);
  for (const answer of [UploadAnswer, WriteUploadAnswer, ImportAnswer, CodebookStarted]) schemas[answer.title as string] = hoistRecords(plain(answer), schemas);
  const paths: Json = {};

  for (const surface of Object.values(SURFACES)) {
    const mapping: Record<string, string> = {};
    const refs: Json[] = [];
    for (const [name, schema] of Object.entries(surface.actions)) {
      const component = `${pascal(surface.name)}${pascal(name)}`;
      schemas[component] = { ...plain(schema), title: `${surface.name}.${name}` };
      mapping[name] = `#/components/schemas/${component}`;
      refs.push({ $ref: mapping[name] });
    }
    const answers: Json = {};
    for (const [name, schema] of Object.entries(ANSWERS[surface.name])) {
      const component = `${pascal(surface.name)}${pascal(name)}Answer`;
      schemas[component] = { ...(hoistRecords(plain(schema), schemas) as Json), title: `${surface.name}.${name} answer` };
      answers[name] = { $ref: `#/components/schemas/${component}` };
    }
    const bodyName = `${pascal(surface.name)}Request`;
    schemas[bodyName] = { oneOf: refs, discriminator: { propertyName: 'action', mapping } };
    paths[surface.path] = {
      post: {
        operationId: `${surface.name}Dispatch`,
        summary: `${surface.title} surface: one action per request`,
        description: `Actions: ${Object.keys(surface.actions)
          .map((a) => `\`${a}\``)
          .join(', ')}.`,
        tags: [surface.title],
        security: [{ [SECURITY[surface.credential]]: [] }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${bodyName}` } } } },
        'x-sift-answers': answers,
        responses: {
          '200': {
            description:
              "Success: the action's answer, `<Surface><Action>Answer` (the operation's `x-sift-answers` maps each action to its schema). Answers hold exactly the members their schema lists.",
            headers: RATE_HEADERS,
            content: { 'application/json': { schema: { anyOf: Object.values(answers) } } },
          },
          ...commonErrors(surface.name),
        },
      },
    };
  }

  const multipart = {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: { file: { type: 'array', maxItems: 20, items: { type: 'string', contentMediaType: 'application/octet-stream' } } },
        required: ['file'],
      },
    },
  };
  const uploadOp = (opts: {
    id: string;
    tag: string;
    security: string;
    json: boolean;
    projectParam: boolean;
    deprecated?: boolean;
    description: string;
    answer: string;
  }) => ({
    post: {
      operationId: opts.id,
      summary: 'Upload documents (at most 20 files, 50 MB each, plain text 20 MB); they land `pending`, uncharged',
      description: opts.description,
      tags: [opts.tag],
      ...(opts.deprecated ? { deprecated: true } : {}),
      security: [{ [opts.security]: [] }],
      parameters: opts.projectParam ? [{ name: 'projectId', in: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: 255 } }] : [],
      requestBody: {
        required: true,
        content: opts.json ? { ...multipart, 'application/json': { schema: { $ref: '#/components/schemas/UploadUrls' } } } : multipart,
      },
      responses: {
        '200': {
          description: 'The documents created',
          headers: RATE_HEADERS,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${opts.answer}` } } },
        },
        ...commonErrors('upload'),
      },
    },
  });
  paths[UPLOAD_PATHS.account] = uploadOp({
    id: 'accountUpload',
    answer: 'UploadAnswer',
    tag: 'Account',
    security: 'accountKey',
    json: true,
    projectParam: true,
    description: 'Multipart `file` fields, or JSON `{urls}` that the server fetches. Needs role `owner` or `admin` on the project.',
  });
  paths[UPLOAD_PATHS.write] = uploadOp({
    id: 'writeUpload',
    answer: 'WriteUploadAnswer',
    tag: 'Write',
    security: 'projectKey',
    json: true,
    projectParam: false,
    deprecated: true,
    description: "Deprecated: use `/api/sift-account/upload`. The project is the edit key's.",
  });
  paths[UPLOAD_PATHS.partner] = uploadOp({
    id: 'partnerUpload',
    answer: 'UploadAnswer',
    tag: 'Partner',
    security: 'partnerSecret',
    json: false,
    projectParam: true,
    description: 'Multipart `file` fields only, on a project this partner created.',
  });

  paths[EXPORT_PATH] = {
    get: {
      operationId: 'exportProject',
      summary: "The key's project as a REFI-QDA archive (.qdpx), for NVivo, ATLAS.ti, MAXQDA, QualCoder",
      description:
        "A zip of `project.qde` (QDA-XML 1.0) and `sources/<guid>.txt`, streamed. Ready documents are sources; categories are codes; each quote of each insight is a selection (offsets in Unicode code points, end exclusive) coded with its categories; insights, notes and memos are notes; tags are sets; metadata fields are variables on one case per document. GUIDs are stable from one export to the next. With `analysisId`, the categories and insights are that run's alone (an unknown run, or one of another project, is a 404). Without it, where the categories and insights come from several runs, each run's categories sit under a code named as the run (not codable; its description gives the run's `analysisId`), a run's category whose parent another run made being a root there, and each insight's note names its run. Read or edit key; counts against the read surface's rate limit.",
      tags: ['Read'],
      security: [{ projectKey: [] }],
      parameters: [
        { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['qdpx'], default: 'qdpx' } },
        {
          name: 'analysisId',
          in: 'query',
          required: false,
          schema: { type: 'string', format: 'uuid', maxLength: 36 },
          description: "a run's `id` (`get_project` lists them): only its categories and insights",
        },
      ],
      responses: {
        '200': {
          description: 'The archive, as an attachment',
          headers: RATE_HEADERS,
          content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } },
        },
        ...commonErrors('read'),
      },
    },
  };

  const coding = (name: 'a' | 'b') => ({
    name,
    in: 'query',
    required: true,
    schema: { type: 'string', maxLength: 36 },
    description: "a run's `id`, or `manual`: the coding made by hand or imported from REFI-QDA (`compare_codings`' `{analysisId: null}`)",
  });
  paths[AGREEMENT_CSV_PATH] = {
    get: {
      operationId: 'exportAgreement',
      summary: '`compare_codings` as CSV: two codings of the project compared sentence by sentence',
      description: `A sift extension (agreement, docs/decisions.md). The comparison \`compare_codings\` answers, as one CSV table (RFC 4180, CRLF, UTF-8) with the columns ${AGREEMENT_CSV_COLUMNS.map((c) => `\`${c}\``).join(', ')}; the \`row\` column says what a line is: \`code\` (a code pair's counts and figures), \`mean\` and \`pooled\` (the overall figures), \`passage\` (a disagreeing sentence with its text), at most ${MAX_CSV_PASSAGES.toLocaleString('en')} of them, then \`truncated\` when more were left out. Text fields that begin with =, +, - or @ are prefixed with '. The query is validated as the action's body (400 naming the parameter); an unknown run is a 404. Read or edit key; counts against the read surface's rate limit.`,
      tags: ['Read'],
      security: [{ projectKey: [] }],
      parameters: [
        coding('a'),
        coding('b'),
        {
          name: 'pairs',
          in: 'query',
          required: false,
          schema: { type: 'string' },
          description: 'the code pairs, as JSON: `[{"a": "code of a", "b": "code of b"}, …]` (as `compare_codings` takes them); by name otherwise',
        },
        {
          name: 'documentIds',
          in: 'query',
          required: false,
          schema: { type: 'string' },
          description: 'comma-separated document ids; by default the documents both codings cover',
        },
      ],
      responses: {
        '200': {
          description: 'The table, as an attachment (`agreement.csv`)',
          headers: RATE_HEADERS,
          content: { 'text/csv': { schema: { type: 'string' } } },
        },
        ...commonErrors('read'),
      },
    },
  };

  Object.assign(paths, matrixExportPaths(commonErrors('read'), RATE_HEADERS));

  paths[IMPORT_PATH] = {
    post: {
      operationId: 'importProject',
      summary: "A REFI-QDA archive (.qdpx) as a new project of the key's account",
      description:
        "One multipart `file` field, 50 MB at most (413 past it). The archive is checked whole first, in a worker thread (zip guard: its entries may inflate to 200 MB in all, none past 1 MB more than 200 times its compressed size, counted as they inflate; at most 60 s and 1 GB of memory to read it, `project.qde` against QDA-XML 1.0, every source file present, every selection inside its text): a problem is a 400 on `/file` naming it, and nothing is created. Then codes become categories, text sources (and PDF text representations) `pending` documents to price and confirm as uploads are, notes notes and memos, variables metadata, sets tags; each document's codings become insights when it is ready. Answers the project, its documents, the number of codes and codings read, and what was skipped (pictures, audio, video; codings on a PDF or DOCX that came without its text, which itself goes through extraction).",
      tags: ['Account'],
      security: [{ accountKey: [] }],
      parameters: [
        { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['qdpx'], default: 'qdpx' } },
        {
          name: 'name',
          in: 'query',
          required: false,
          schema: { type: 'string', minLength: 1, maxLength: 255 },
          description: "the new project's name; the archive's by default",
        },
        { name: 'locale', in: 'query', required: false, schema: { type: 'string' }, description: "the new project's language; `en` by default" },
      ],
      requestBody: { required: true, content: multipart },
      responses: {
        '200': {
          description: 'The new project',
          headers: RATE_HEADERS,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ImportAnswer' } } },
        },
        ...commonErrors('upload'),
      },
    },
  };

  paths[CODEBOOK_PATH] = {
    get: {
      operationId: 'exportCodebook',
      summary: "A run's categories, or the project's, as a codebook: REFI-QDA `.qdc`, CSV or Markdown",
      description:
        "A sift extension (codebooks, docs/decisions.md). With `analysisId`, the run's codebook as `use_as_codebook` would carry it (the categories it made that are left, and those made by hand that hold its insights or sit under its categories); without, every category of the project. Each code has its name, description, parent and up to 5 examples (quotes of insights filed in it, the documents taken in turn). `qdc`: QDA-XML codebook 1.0 (`urn:QDA-XML:codebook:1.0`), nested `Code`s with the categories' UUIDs as GUIDs, the examples closing each description after a line `Examples:` (the schema has no place of their own for them). `csv`: RFC 4180, CRLF, UTF-8, columns `name,description,parent,examples` (the parent's name; one example per line within the field; a field beginning with =, +, - or @ prefixed with '). `md`: a heading per code, its description and its examples as quotes. A run of another project is a 404. Read or edit key; counts against the read surface's rate limit.",
      tags: ['Read'],
      security: [{ projectKey: [] }],
      parameters: [
        { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['qdc', 'csv', 'md'], default: 'qdc' } },
        {
          name: 'analysisId',
          in: 'query',
          required: false,
          schema: { type: 'string', format: 'uuid' },
          description: "a run's `id`; the project's categories without it",
        },
      ],
      responses: {
        '200': {
          description: 'The codebook, as an attachment',
          headers: RATE_HEADERS,
          content: {
            'application/xml': { schema: { type: 'string' } },
            'text/csv': { schema: { type: 'string' } },
            'text/markdown': { schema: { type: 'string' } },
          },
        },
        ...commonErrors('read'),
      },
    },
  };
  const { '415': _media, ...uploadErrors } = commonErrors('upload');
  const codebookErrors = { ...uploadErrors, '413': errorResponse('A codebook file over 5 MB.', 413) };
  const codebookImport = (surface: 'account' | 'partner') => ({
    post: {
      operationId: surface === 'account' ? 'accountImportCodebook' : 'partnerImportCodebook',
      summary: 'A codebook (`.qdc` or CSV) as the categories of a predefined run, started at once',
      description: `A sift extension (codebooks, docs/decisions.md). One multipart \`file\` field, 5 MB at most (413 past it), UTF-8: a REFI-QDA codebook (\`.qdc\`, checked against QDA-XML codebook 1.0; codes not codable are folders, their codes take their place) or a CSV with a header row naming its columns (\`name\` required; \`description\`, \`parent\` (a name), \`examples\` (one per line)). \`format\` says which, or the file name's extension. Codes of one name (letter case aside) are one category. Every problem is a 400 whose \`details\` name the place: \`/file/rows/<row>/<column>\` (rows as a spreadsheet counts them, the header 1) or \`/file/codes/<guid>/<member>\`; bounds are \`start_analysis\`'s (1-100 codes, names 1-200 characters, descriptions 2,000, 20 examples of 2,000). Nothing is stored on a 400. Otherwise a predefined run starts over every ready document with the codes as its own categories (tree kept), as \`use_as_codebook\` does; answers the run and the categories. No credits. ${surface === 'account' ? 'Needs role `owner` or `admin` on the project.' : 'On a project this partner created.'}`,
      tags: [surface === 'account' ? 'Account' : 'Partner'],
      security: [{ [surface === 'account' ? 'accountKey' : 'partnerSecret']: [] }],
      parameters: [
        { name: 'projectId', in: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: 255 } },
        {
          name: 'format',
          in: 'query',
          required: false,
          schema: { type: 'string', enum: ['qdc', 'csv'] },
          description: "by the file name's extension when left out",
        },
        {
          name: 'name',
          in: 'query',
          required: false,
          schema: { type: 'string', minLength: 1, maxLength: 500 },
          description: "the run's name; default `Codebook · <file name>`",
        },
        { name: 'analysisGranularity', in: 'query', required: false, schema: { type: 'string', enum: [...ANALYSIS_GRANULARITIES] } },
      ],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] },
          },
        },
      },
      responses: {
        '200': {
          description: 'The run started, and its categories',
          headers: RATE_HEADERS,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/CodebookAnswer' } } },
        },
        ...codebookErrors,
      },
    },
  });
  paths[CODEBOOK_IMPORT_PATHS.account] = codebookImport('account');
  paths[CODEBOOK_IMPORT_PATHS.partner] = codebookImport('partner');

  const probe = (summary: string, ok: Json, down?: Json) => ({
    get: {
      operationId: summary.startsWith('Liveness') ? 'healthz' : 'readyz',
      summary,
      tags: ['Meta'],
      security: [],
      responses: {
        '200': { description: 'Up', content: { 'application/json': { schema: ok } } },
        ...(down
          ? {
              '503': {
                description: 'Not ready: `down` names the dependencies that did not answer within 2 s; `Retry-After` says when to ask again',
                content: { 'application/json': { schema: down } },
              },
            }
          : {}),
      },
    },
  });
  const status = (value: string) => ({ type: 'object', required: ['status'], additionalProperties: false, properties: { status: { const: value } } });
  paths['/healthz'] = probe('Liveness: the process answers', status('ok'));
  // Said without failing readiness: Redis away (the limits fall back to each process's own), a
  // proxy sift does not trust (every client one address, proxy-warning.ts).
  const notes = {
    degraded: {
      type: 'array',
      items: { type: 'string', enum: ['redis'] },
      description: 'dependencies that do not answer but are not needed to serve: without Redis the rate limits are per process until it returns',
    },
    warnings: { type: 'array', items: { type: 'string' }, description: 'what the operator should know, e.g. a proxy `SIFT_TRUST_PROXY` does not name' },
  };
  paths['/readyz'] = probe(
    'Readiness: the store and the blob store answer, and what a start loads for search is loaded (`search`: the language data and vectors of the projects processed last); Redis, when configured, is reported in `degraded` when it does not answer',
    { type: 'object', required: ['status'], additionalProperties: false, properties: { status: { const: 'ready' }, ...notes } },
    {
      type: 'object',
      required: ['status', 'down'],
      additionalProperties: false,
      properties: { status: { const: 'unavailable' }, down: { type: 'array', items: { type: 'string', enum: ['blobs', 'search', 'store'] } }, ...notes },
    },
  );

  paths['/metrics'] = {
    get: {
      operationId: 'metrics',
      summary:
        'Prometheus metrics: requests, rate-limit refusals, queues, analysis runs, model tokens, the store and the process (docs/deploy.md). Also on `SIFT_METRICS_PORT` without a credential',
      tags: ['Meta'],
      security: [{ adminToken: [] }],
      responses: {
        '200': {
          description: 'The Prometheus text format, version 0.0.4',
          content: { 'text/plain; version=0.0.4; charset=utf-8': { schema: { type: 'string' } } },
        },
        '401': errorResponse('Missing or wrong operator token.', 401),
        '404': errorResponse('No operator token is configured (`SIFT_ADMIN_TOKEN`): the endpoint is absent.', 404),
        '429': errorResponse('Too many wrong credentials from this address (`SIFT_RATE_LIMIT_FAILED_AUTH`).', 429),
      },
    },
  };

  paths['/api/openapi.json'] = {
    get: {
      operationId: 'openapi',
      summary: 'This document',
      tags: ['Meta'],
      security: [],
      responses: { '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  };

  return {
    openapi: '3.1.0',
    info: {
      title: 'sift',
      version: '1.0.0',
      summary: 'Qualitative-research projects: documents, insights, categories, search and analysis.',
      description:
        'Every surface is one POST endpoint taking a JSON body whose `action` selects the operation. Unknown members are refused (400). See docs/ for the decisions behind the choices the specification leaves open.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    tags: ['Read', 'Write', 'Account', 'Partner', 'Operator', 'Meta'].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        projectKey: { type: 'http', scheme: 'bearer', description: 'Project-scoped key `sift_…r` (read) or `sift_…e` (edit).' },
        accountKey: { type: 'http', scheme: 'bearer', description: 'Account-scoped edit key `sift_…e`.' },
        partnerSecret: { type: 'http', scheme: 'bearer', description: 'Partner secret key `siftp_…`, issued by the operator.' },
        adminToken: { type: 'http', scheme: 'bearer', description: 'The operator token `SIFT_ADMIN_TOKEN`.' },
      },
    },
  };
}
