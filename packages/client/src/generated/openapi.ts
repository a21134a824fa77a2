// Generated from openapi.json by scripts/client-types.ts: do not edit (`npm run openapi` regenerates it).

export interface paths {
    "/api/sift-read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read surface: one action per request
         * @description Actions: `get_project`, `get_documents`, `get_insights`, `get_categories`, `get_memos`, `get_tags`, `get_notes`, `get_metadata`, `search`, `read_document`, `find_entities`, `analyze`, `compare_codings`, `get_matrix`, `verify_context`.
         */
        post: operations["readDispatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-write": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write surface: one action per request
         * @description Actions: `manage_insights`, `manage_categories`, `categorize_insights`, `manage_tags`, `create_note`, `manage_metadata_fields`, `set_metadata_values`, `start_analysis`, `start_predefined_analysis`.
         */
        post: operations["writeDispatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Account surface: one action per request
         * @description Actions: `create_project`, `get_project_status`, `confirm_documents`, `delete_documents`, `start_analysis`, `rename_analysis`, `delete_analysis`, `compare_codings`, `get_matrix`, `use_as_codebook`, `list_projects`, `create_project_key`, `list_project_keys`, `revoke_project_key`, `get_credits`.
         */
        post: operations["accountDispatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-partner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Partner surface: one action per request
         * @description Actions: `create_account`, `list_accounts`, `list_projects`, `create_project`, `add_documents`, `get_project_status`, `confirm_documents`, `delete_documents`, `start_analysis`, `rename_analysis`, `delete_analysis`, `compare_codings`, `get_matrix`, `use_as_codebook`.
         */
        post: operations["partnerDispatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Operator surface: one action per request
         * @description Actions: `create_user`, `create_account`, `create_project`, `add_member`, `create_project_key`, `create_account_key`, `revoke_key`, `create_partner`, `grant_credits`, `get_credits`, `set_project_pipeline`.
         */
        post: operations["adminDispatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-account/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload documents (at most 20 files, 50 MB each, plain text 20 MB); they land `pending`, uncharged
         * @description Multipart `file` fields, or JSON `{urls}` that the server fetches. Needs role `owner` or `admin` on the project.
         */
        post: operations["accountUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-write/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload documents (at most 20 files, 50 MB each, plain text 20 MB); they land `pending`, uncharged
         * @deprecated
         * @description Deprecated: use `/api/sift-account/upload`. The project is the edit key's.
         */
        post: operations["writeUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-partner/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload documents (at most 20 files, 50 MB each, plain text 20 MB); they land `pending`, uncharged
         * @description Multipart `file` fields only, on a project this partner created.
         */
        post: operations["partnerUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-read/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key's project as a REFI-QDA archive (.qdpx), for NVivo, ATLAS.ti, MAXQDA, QualCoder
         * @description A zip of `project.qde` (QDA-XML 1.0) and `sources/<guid>.txt`, streamed. Ready documents are sources; categories are codes; each quote of each insight is a selection (offsets in Unicode code points, end exclusive) coded with its categories; insights, notes and memos are notes; tags are sets; metadata fields are variables on one case per document. GUIDs are stable from one export to the next. With `analysisId`, the categories and insights are that run's alone (an unknown run, or one of another project, is a 404). Without it, where the categories and insights come from several runs, each run's categories sit under a code named as the run (not codable; its description gives the run's `analysisId`), a run's category whose parent another run made being a root there, and each insight's note names its run. Read or edit key; counts against the read surface's rate limit.
         */
        get: operations["exportProject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-read/agreement.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * `compare_codings` as CSV: two codings of the project compared sentence by sentence
         * @description A sift extension (agreement, docs/decisions.md). The comparison `compare_codings` answers, as one CSV table (RFC 4180, CRLF, UTF-8) with the columns `row`, `code_a`, `code_b`, `units`, `both`, `only_a`, `only_b`, `neither`, `percent_agreement`, `kappa`, `alpha`, `applied_by`, `document_id`, `document`, `start`, `end`, `text`; the `row` column says what a line is: `code` (a code pair's counts and figures), `mean` and `pooled` (the overall figures), `passage` (a disagreeing sentence with its text), at most 20,000 of them, then `truncated` when more were left out. Text fields that begin with =, +, - or @ are prefixed with '. The query is validated as the action's body (400 naming the parameter); an unknown run is a 404. Read or edit key; counts against the read surface's rate limit.
         */
        get: operations["exportAgreement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-read/matrix.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * `get_matrix` as a CSV grid of one figure per cell
         * @description A sift extension (matrices, docs/decisions.md). The matrix `get_matrix` answers for the query, which is validated as the action's body (400 naming the parameter; at most 200 rows and 500 columns); an unknown run, field, category or document is a 404. Read or edit key; counts against the read surface's rate limit. RFC 4180, CRLF, UTF-8: a line per code (`code_id`, `code`, its `insights`, `participants` and `documents`), a column per matrix column (headed by the document's file name and id, the speaker with the document, the value, or the code's name), then a `total` line with the columns' totals (for a count; empty for a share). Text fields that begin with =, +, - or @ are prefixed with '; numbers are written as numbers, a share that has no whole as an empty field.
         */
        get: operations["exportMatrixCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-read/matrix.xlsx": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * `get_matrix` as an Excel workbook: a sheet per figure
         * @description A sift extension (matrices, docs/decisions.md). The matrix `get_matrix` answers for the query, which is validated as the action's body (400 naming the parameter; at most 200 rows and 500 columns); an unknown run, field, category or document is a 404. Read or edit key; counts against the read surface's rate limit. Sheets `Insights`, `Participants`, `Share of row`, `Share of column` and `Participant share`, each a line per code (`code_id`, `code`, its `insights`, `participants` and `documents`), a column per matrix column (headed by the document's file name and id, the speaker with the document, the value, or the code's name), then a `total` line with the columns' totals (for a count; empty for a share), shares formatted as percentages; `Columns` (each column's id, heading, label, document, file name, speaker, value, category and totals) and `Matrix` (what the matrix is: its columns, `by`, field, run, parent and totals). Text is stored as text, never as a formula.
         */
        get: operations["exportMatrixXlsx"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-account/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A REFI-QDA archive (.qdpx) as a new project of the key's account
         * @description One multipart `file` field, 50 MB at most (413 past it). The archive is checked whole first, in a worker thread (zip guard: its entries may inflate to 200 MB in all, none past 1 MB more than 200 times its compressed size, counted as they inflate; at most 60 s and 1 GB of memory to read it, `project.qde` against QDA-XML 1.0, every source file present, every selection inside its text): a problem is a 400 on `/file` naming it, and nothing is created. Then codes become categories, text sources (and PDF text representations) `pending` documents to price and confirm as uploads are, notes notes and memos, variables metadata, sets tags; each document's codings become insights when it is ready. Answers the project, its documents, the number of codes and codings read, and what was skipped (pictures, audio, video; codings on a PDF or DOCX that came without its text, which itself goes through extraction).
         */
        post: operations["importProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-read/codebook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A run's categories, or the project's, as a codebook: REFI-QDA `.qdc`, CSV or Markdown
         * @description A sift extension (codebooks, docs/decisions.md). With `analysisId`, the run's codebook as `use_as_codebook` would carry it (the categories it made that are left, and those made by hand that hold its insights or sit under its categories); without, every category of the project. Each code has its name, description, parent and up to 5 examples (quotes of insights filed in it, the documents taken in turn). `qdc`: QDA-XML codebook 1.0 (`urn:QDA-XML:codebook:1.0`), nested `Code`s with the categories' UUIDs as GUIDs, the examples closing each description after a line `Examples:` (the schema has no place of their own for them). `csv`: RFC 4180, CRLF, UTF-8, columns `name,description,parent,examples` (the parent's name; one example per line within the field; a field beginning with =, +, - or @ prefixed with '). `md`: a heading per code, its description and its examples as quotes. A run of another project is a 404. Read or edit key; counts against the read surface's rate limit.
         */
        get: operations["exportCodebook"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-account/codebook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A codebook (`.qdc` or CSV) as the categories of a predefined run, started at once
         * @description A sift extension (codebooks, docs/decisions.md). One multipart `file` field, 5 MB at most (413 past it), UTF-8: a REFI-QDA codebook (`.qdc`, checked against QDA-XML codebook 1.0; codes not codable are folders, their codes take their place) or a CSV with a header row naming its columns (`name` required; `description`, `parent` (a name), `examples` (one per line)). `format` says which, or the file name's extension. Codes of one name (letter case aside) are one category. Every problem is a 400 whose `details` name the place: `/file/rows/<row>/<column>` (rows as a spreadsheet counts them, the header 1) or `/file/codes/<guid>/<member>`; bounds are `start_analysis`'s (1-100 codes, names 1-200 characters, descriptions 2,000, 20 examples of 2,000). Nothing is stored on a 400. Otherwise a predefined run starts over every ready document with the codes as its own categories (tree kept), as `use_as_codebook` does; answers the run and the categories. No credits. Needs role `owner` or `admin` on the project.
         */
        post: operations["accountImportCodebook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sift-partner/codebook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A codebook (`.qdc` or CSV) as the categories of a predefined run, started at once
         * @description A sift extension (codebooks, docs/decisions.md). One multipart `file` field, 5 MB at most (413 past it), UTF-8: a REFI-QDA codebook (`.qdc`, checked against QDA-XML codebook 1.0; codes not codable are folders, their codes take their place) or a CSV with a header row naming its columns (`name` required; `description`, `parent` (a name), `examples` (one per line)). `format` says which, or the file name's extension. Codes of one name (letter case aside) are one category. Every problem is a 400 whose `details` name the place: `/file/rows/<row>/<column>` (rows as a spreadsheet counts them, the header 1) or `/file/codes/<guid>/<member>`; bounds are `start_analysis`'s (1-100 codes, names 1-200 characters, descriptions 2,000, 20 examples of 2,000). Nothing is stored on a 400. Otherwise a predefined run starts over every ready document with the codes as its own categories (tree kept), as `use_as_codebook` does; answers the run and the categories. No credits. On a project this partner created.
         */
        post: operations["partnerImportCodebook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the store and the blob store answer, and what a start loads for search is loaded (`search`: the language data and vectors of the projects processed last); Redis, when configured, is reported in `degraded` when it does not answer */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics: requests, rate-limit refusals, queues, analysis runs, model tokens, the store and the process (docs/deploy.md). Also on `SIFT_METRICS_PORT` without a credential */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /** @description human-readable message */
            error: string;
            /** @description present on 400: per-field validation errors */
            details?: {
                /** @description JSON Pointer into the request body */
                path: string;
                message: string;
            }[];
        };
        /** UploadUrls */
        UploadUrls: {
            urls: {
                /** Format: uri */
                url: string;
                filename?: string;
            }[];
        };
        /** Label */
        Label: {
            id: string;
            text: string;
        };
        /** Category */
        Category: {
            id: string;
            text: string;
            description: string;
            parentId: string | null;
            /** @description insights filed directly under it (matching ones only, when filtered) */
            insightCount: number;
            tags: components["schemas"]["Label"][];
            /** @description the run that made it (its UUID), null when made by hand */
            analysisId: string | null;
            children: components["schemas"]["Category"][];
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
            /** @description ISO 8601 timestamp (UTC) */
            updatedAt: string;
        };
        /** DocumentBrief */
        DocumentBrief: {
            id: string;
            filename: string;
            /** @enum {string} */
            status: "pending" | "awaiting_confirmation" | "empty" | "processing" | "ready" | "failed";
            /** @enum {string} */
            pipeline: "standard" | "anonymized";
            creditCost: number | null;
            error?: string;
            duplicateOf?: string;
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
        };
        /** UploadAnswer */
        UploadAnswer: {
            /** @description the documents created, `pending` */
            documents: components["schemas"]["DocumentBrief"][];
        };
        /** WriteUploadAnswer */
        WriteUploadAnswer: {
            /** @description the documents created, `pending` */
            documents: {
                id: string;
                filename: string;
                /** @enum {string} */
                status: "pending" | "awaiting_confirmation" | "empty" | "processing" | "ready" | "failed";
                createdAt: string;
            }[];
        };
        /** ProjectFull */
        ProjectFull: {
            /** @description UUID */
            id: string;
            /** @description `P`-prefixed short id */
            shortId: string;
            accountId: string;
            name: string;
            locale: string;
            description: string;
            /** @enum {string} */
            pipeline: "standard" | "anonymized";
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
            /** @description ISO 8601 timestamp (UTC) */
            updatedAt: string;
        };
        /** ImportAnswer */
        ImportAnswer: {
            project: components["schemas"]["ProjectFull"];
            /** @description its documents, `pending` until priced and confirmed */
            documents: components["schemas"]["DocumentBrief"][];
            /** @description codes read */
            categories: number;
            /** @description codings read (they become insights as their documents become ready) */
            codings: number;
            /** @description what was not imported, and why */
            skipped: string[];
        };
        /** AnalysisRef */
        AnalysisRef: {
            id: string;
            /** @description the name given at the start or by `rename_analysis`, or one made from its type and start time (UTC) */
            name: string;
            type: string;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed";
            /** @description why the run does nothing or little (e.g. nothing new to analyse), or what it left out (documents that are not transcripts) */
            note?: string;
        };
        /** CodebookAnswer */
        CodebookAnswer: {
            analysis: components["schemas"]["AnalysisRef"];
            /** @description the categories of the new run, in the codebook's order (parents before their children) */
            codebook: {
                name: string;
                description: string;
                /** @description the parent category's name; null at the top */
                parent: string | null;
                /** @description quotes that show what the category holds */
                examples: string[];
            }[];
        };
        /**
         * read.get_project
         * @description The project the key is bound to, with its analysis runs (`analyses`, newest first: each run's `id`, `name`, `type` and `status`).
         */
        ReadGetProject: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_project";
        };
        /**
         * read.get_documents
         * @description One document by `id`, or the documents matching `filters`, with status, price, tags and metadata values.
         */
        ReadGetDocuments: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_documents";
            /** @description id in any accepted form (short form or UUID) */
            id?: string;
            /**
             * Filters
             * @description Values inside one member are OR-ed, members are AND-ed, `exclude*` members remove. Tags and categories may be named by id or text.
             */
            filters?: {
                tags?: string[];
                categories?: string[];
                metadata?: {
                    field: string;
                    value: string;
                }[];
                documentIds?: string[];
                excludeCategories?: string[];
                excludeTags?: string[];
            };
        };
        /**
         * read.get_insights
         * @description One insight by `id`, several by `ids`, or those matching `filters`. With `analysisId`, only that run's insights (an `id` or `ids` naming another insight answers 404). Each insight says its run (`analysisId`, null when made by hand).
         */
        ReadGetInsights: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_insights";
            /** @description id in any accepted form (short form or UUID) */
            id?: string;
            ids?: string[];
            /**
             * Format: uuid
             * @description a run's `id` from `start_analysis`, `get_project_status` or `get_project`
             */
            analysisId?: string;
            /**
             * Filters
             * @description Values inside one member are OR-ed, members are AND-ed, `exclude*` members remove. Tags and categories may be named by id or text.
             */
            filters?: {
                tags?: string[];
                categories?: string[];
                metadata?: {
                    field: string;
                    value: string;
                }[];
                documentIds?: string[];
                excludeCategories?: string[];
                excludeTags?: string[];
            };
        };
        /**
         * read.get_categories
         * @description The category tree (each category with `children`), or the subtree under `id`. With `analysisId`, only that run's categories (an `id` naming another category answers 404). Each category says its run (`analysisId`, null when made by hand).
         */
        ReadGetCategories: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_categories";
            /** @description id in any accepted form (short form or UUID) */
            id?: string;
            /**
             * Format: uuid
             * @description a run's `id` from `start_analysis`, `get_project_status` or `get_project`
             */
            analysisId?: string;
            /**
             * Filters
             * @description Values inside one member are OR-ed, members are AND-ed, `exclude*` members remove. Tags and categories may be named by id or text.
             */
            filters?: {
                tags?: string[];
                categories?: string[];
                metadata?: {
                    field: string;
                    value: string;
                }[];
                documentIds?: string[];
                excludeCategories?: string[];
                excludeTags?: string[];
            };
        };
        /**
         * read.get_memos
         * @description Memos (summaries), or one by `id`.
         */
        ReadGetMemos: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_memos";
            /** @description id in any accepted form (short form or UUID) */
            id?: string;
        };
        /**
         * read.get_tags
         * @description Every tag of the project with its targets.
         */
        ReadGetTags: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_tags";
        };
        /**
         * read.get_notes
         * @description Notes on documents, insights and categories.
         */
        ReadGetNotes: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_notes";
            /**
             * Filters
             * @description Values inside one member are OR-ed, members are AND-ed, `exclude*` members remove. Tags and categories may be named by id or text.
             */
            filters?: {
                tags?: string[];
                categories?: string[];
                metadata?: {
                    field: string;
                    value: string;
                }[];
                documentIds?: string[];
                excludeCategories?: string[];
                excludeTags?: string[];
            };
        };
        /**
         * read.get_metadata
         * @description Metadata fields and their per-document values.
         */
        ReadGetMetadata: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_metadata";
        };
        /**
         * read.search
         * @description Passages and insights that match the query by its words or its meaning, best first; nothing else (a query that matches nothing answers no results). Each result says how it matched and gives a snippet with the matched words. Exactly one of `query` and `queries` (400 otherwise); several queries are fused by reciprocal-rank fusion, each result keeping its best score. An insight appears at most once per page; each insight result says its run (`analysisId`, null when made by hand), and two runs' insights are two results even where they say the same. With `analysisId`, the insights are that run's alone (passages are not a run's, and stay). A passage of a transcript is one speaker's words (a turn, or part of a long one), its text without the speaker's label or time stamp, with `speaker` and `role` beside it; `participantsOnly` leaves out what interviewers said.
         */
        ReadSearch: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "search";
            query?: string;
            queries?: string[];
            /** @description default 10 */
            topK?: number;
            /** @description default 0 */
            offset?: number;
            onlyInsights?: boolean;
            /** @description passages of participants' turns alone: a transcript's interviewer turns and header, and documents that are not transcripts, left out (insights stay). Default false: interviewer turns are searched too, each passage saying its `role` */
            participantsOnly?: boolean;
            /**
             * Format: uuid
             * @description a run's `id` from `start_analysis`, `get_project_status` or `get_project`
             */
            analysisId?: string;
            /**
             * Filters
             * @description Values inside one member are OR-ed, members are AND-ed, `exclude*` members remove. Tags and categories may be named by id or text.
             */
            filters?: {
                tags?: string[];
                categories?: string[];
                metadata?: {
                    field: string;
                    value: string;
                }[];
                documentIds?: string[];
                excludeCategories?: string[];
                excludeTags?: string[];
            };
        };
        /**
         * read.read_document
         * @description Reads a document in pages of chunks: `chunks`, `totalChunks`, `nextOffset` (null at the end).
         */
        ReadReadDocument: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "read_document";
            /** @description id in any accepted form (short form or UUID) */
            documentId: string;
            /** @description first chunk index, default 0 */
            offset?: number;
            /** @description default 10 */
            limit?: number;
        };
        /**
         * read.find_entities
         * @description Without `entity`, the most frequent named entities with counts; with it, where it is mentioned.
         */
        ReadFindEntities: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "find_entities";
            entity?: string;
        };
        /**
         * read.analyze
         * @description Counts of insights per category per metadata value (`metadata_distribution`) or per period (`temporal`).
         */
        ReadAnalyze: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "analyze";
            /** @enum {string} */
            type: "metadata_distribution" | "temporal";
            categoryIds?: string[];
            categoryNames?: string[];
        };
        /**
         * read.compare_codings
         * @description A sift extension of the specification (agreement, docs/decisions.md). Compares two codings of the same documents sentence by sentence (the engine's sentences; a quote codes every sentence it overlaps): two runs, or a run and the coding made by hand or imported from REFI-QDA. The documents are those named in `documentIds` (ready ones), else those both codings cover (a run: the documents it analysed or skipped; by hand: those with an insight made by hand). Per code pair: the counts of sentences both applied it to, only a, only b, neither; percent agreement, Cohen's kappa and Krippendorff's alpha (nominal), null where neither coder applied the pair; overall the unweighted mean of the pairs' figures and the figures of the pooled counts. Then the disagreeing passages (a sentence one coding coded with the pair's code and the other did not), with their text, in pages of `limit` from `offset`.
         */
        ReadCompareCodings: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "compare_codings";
            a: {
                /** @description a run's `id` (its categories and insights), or null: the categories and insights made by hand, those imported from a REFI-QDA project among them */
                analysisId: string | null;
            };
            b: {
                /** @description a run's `id` (its categories and insights), or null: the categories and insights made by hand, those imported from a REFI-QDA project among them */
                analysisId: string | null;
            };
            /** @description the code pairs to compare, as the researcher pairs them (each code of a at most once); by default codes pair by name, exactly as written */
            pairs?: {
                /** @description a code (category name) of coding a */
                a: string;
                /** @description its counterpart in coding b */
                b: string;
            }[];
            /** @description compare over these documents (ready ones, any id form); by default over those both codings cover */
            documentIds?: string[];
            /** @description list only the passages of the pairs with this code on either side */
            code?: string;
            /** @description first passage listed, default 0 */
            offset?: number;
            /** @description passages listed, default 50 */
            limit?: number;
        };
        /**
         * read.get_matrix
         * @description A sift extension of the specification (matrices, docs/decisions.md). Codes (categories: the root categories, or the children of `categoryId`; each counting the insights filed in it or below it) against participants, documents, the values of a metadata field, or codes again (co-occurrence on a passage or in a document). Each cell: its insights, its participants (distinct speakers, or documents without speakers), and the shares of the row's insights, of the column's insights and of the column's participants it holds; each row: its insights, participants and documents, and its shares of every insight and every participant (the frequencies per code); each column: its insights and participants. At most 200 rows and 500 columns (a 400 past either). With `cell`, the ids of the insights behind that cell, in pages. Also as CSV and .xlsx (`GET /api/sift-read/matrix.csv`, `…/matrix.xlsx`).
         */
        ReadGetMatrix: {
            /** @constant */
            action: "get_matrix";
            /**
             * @description what the columns are (the rows are codes): `participant` (a speaker of a participant turn; a document without speakers is one participant), `document`, `metadata` (the values of `field`), `code` (co-occurrence, `by`)
             * @enum {string}
             */
            columns: "participant" | "document" | "metadata" | "code";
            /** @description with `columns: "metadata"`, and only then: the metadata field, by short name, name or id */
            field?: string;
            /**
             * @description with `columns: "code"`, and only then: two codes co-occur on the same `passage` (one insight filed in both, or insights whose quotes overlap; the default) or in the same `document`
             * @enum {string}
             */
            by?: "passage" | "document";
            /** @description one run's categories and insights (its `id`), or null: those made by hand or imported; by default every run's and those made by hand */
            analysisId?: string | null;
            /** @description a category (id in any form, or its name) whose children are the rows; by default the root categories. At most 200 rows */
            categoryId?: string;
            /** @description only these documents (ready ones, any id form); by default every ready document (with a run's `analysisId`, those it analysed or skipped) */
            documentIds?: string[];
            /** @description the insights behind one cell: the answer then holds that row and that column alone, and `cell` lists the ids of its insights */
            cell?: {
                /** @description a row's `id` (or its category's name) */
                row: string;
                /** @description a column's `id`, as answered */
                column: string;
                /** @description first insight listed, default 0 */
                offset?: number;
                /** @description insights listed, default 100 */
                limit?: number;
            };
        } & (unknown & unknown & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_matrix";
        });
        /**
         * read.verify_context
         * @description Lists documents and/or insights at counter positions `from`..`to` with the head of their text.
         */
        ReadVerifyContext: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "verify_context";
            /**
             * @description default `all`
             * @enum {string}
             */
            type?: "documents" | "insights" | "all";
            /** @description 1-based counter position, default 1 */
            from?: number;
            /** @description inclusive; negative counts from the end (-1 = last); default -1 */
            to?: number;
        };
        /** Project */
        Project: {
            /** @description `P`-prefixed short id */
            id: string;
            name: string;
            locale: string;
            description: string;
            /** @enum {string} */
            pipeline: "standard" | "anonymized";
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
            /** @description ISO 8601 timestamp (UTC) */
            updatedAt: string;
        };
        /** read.get_project answer */
        ReadGetProjectAnswer: {
            project: components["schemas"]["Project"];
            /** @description the project's runs, newest first */
            analyses: components["schemas"]["AnalysisRef"][];
        };
        /** Document */
        Document: {
            /** @description `D`-prefixed short id */
            id: string;
            filename: string;
            /** @enum {string} */
            status: "pending" | "awaiting_confirmation" | "empty" | "processing" | "ready" | "failed";
            /** @enum {string} */
            pipeline: "standard" | "anonymized";
            creditCost: number | null;
            wordCount: number | null;
            error: string | null;
            /** @description the earlier document of the project with the same bytes */
            duplicateOf?: string;
            tags: components["schemas"]["Label"][];
            metadata: components["schemas"]["MetadataValue"][];
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
            /** @description ISO 8601 timestamp (UTC) */
            updatedAt: string;
        };
        /** MetadataValue */
        MetadataValue: {
            documentId?: string;
            fieldId: string;
            /** @description the field's short name */
            field: string;
            text: string;
            shortName: string | null;
            /** @description the typed value (number, date, list of authors, …) or null */
            value: unknown;
            /** @description what a closed answer set refused, kept so an editor can show it */
            refused: {
                text?: string | null;
                shortName?: string | null;
            } | null;
        };
        /** read.get_documents answer */
        ReadGetDocumentsAnswer: {
            document?: components["schemas"]["Document"];
            documents?: components["schemas"]["Document"][];
        };
        /** Insight */
        Insight: {
            /** @description `I`-prefixed short id */
            id: string;
            text: string;
            description: string;
            /** @description verbatim passages of its document */
            quotes: string[];
            documentId: string | null;
            categories: components["schemas"]["Label"][];
            tags: components["schemas"]["Label"][];
            /** @description the run that made it (its UUID), null when made by hand */
            analysisId: string | null;
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
            /** @description ISO 8601 timestamp (UTC) */
            updatedAt: string;
        };
        /** read.get_insights answer */
        ReadGetInsightsAnswer: {
            insight?: components["schemas"]["Insight"];
            insights?: components["schemas"]["Insight"][];
        };
        /** read.get_categories answer */
        ReadGetCategoriesAnswer: {
            category?: components["schemas"]["Category"];
            categories?: components["schemas"]["Category"][];
        };
        /** Memo */
        Memo: {
            id: string;
            /** @description `summary` (of a document), `metadata_summary` (of a metadata value), or an imported memo */
            kind: string;
            title: string;
            text: string;
            documentId: string | null;
            fieldId: string | null;
            value: string | null;
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
            /** @description ISO 8601 timestamp (UTC) */
            updatedAt: string;
        };
        /** read.get_memos answer */
        ReadGetMemosAnswer: {
            memo?: components["schemas"]["Memo"];
            memos?: components["schemas"]["Memo"][];
        };
        /** Tag */
        Tag: {
            id: string;
            text: string;
            description: string;
            color: string | null;
            documentIds: string[];
            insightIds: string[];
            categoryIds: string[];
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
            /** @description ISO 8601 timestamp (UTC) */
            updatedAt: string;
        };
        /** read.get_tags answer */
        ReadGetTagsAnswer: {
            tags: components["schemas"]["Tag"][];
        };
        /** Note */
        Note: {
            id: string;
            /** @enum {string} */
            targetType: "document" | "documentInsight" | "insightCategory";
            targetId: string;
            text: string;
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
        };
        /** read.get_notes answer */
        ReadGetNotesAnswer: {
            notes: components["schemas"]["Note"][];
        };
        /** MetadataField */
        MetadataField: {
            id: string;
            text: string;
            shortName: string;
            description: string;
            parentId: string | null;
            /** @enum {string|null} */
            valueType: "authors" | "date" | "language" | "number" | "organization" | null;
            allowedValues: string[] | null;
            answerSetOpen: boolean;
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
            /** @description ISO 8601 timestamp (UTC) */
            updatedAt: string;
        };
        /** read.get_metadata answer */
        ReadGetMetadataAnswer: {
            fields: components["schemas"]["MetadataField"][];
            values: components["schemas"]["MetadataValue"][];
        };
        /** read.search answer */
        ReadSearchAnswer: {
            results: {
                /** @enum {string} */
                type: "chunk" | "insight";
                /** @description `D<n>:<chunk>` for a passage, the insight id for an insight */
                id: string;
                documentId: string | null;
                /** @description an insight result: the run that made it (its UUID), null when made by hand; absent on a passage */
                analysisId?: string | null;
                chunkIndex?: number;
                /** @description who speaks in the passage (a transcript's label as written, `Speaker 2`, `Q`, a name); null for prose and a transcript's header */
                speaker?: string | null;
                /**
                 * @description the speaker's role in the transcript, as sift reads it; null for prose, a transcript's header and passages of documents processed before roles were kept
                 * @enum {string|null}
                 */
                role?: "interviewer" | "participant" | null;
                /** @description a passage: the words alone (a transcript's turn without its label or time stamp); an insight: its statement */
                text: string;
                /** @description How closely the result matches, comparable across queries of one project: 1 when it holds every term of the query (rarer terms weighing more) or matches its meaning as closely as a passage can; results come best first */
                score: number;
                /**
                 * @description `words`: it holds terms of the query; `meaning`: a synonym, a word close in meaning, or the meaning of the whole text; `both`
                 * @enum {string}
                 */
                matchedBy: "words" | "meaning" | "both";
                /** @description The part of the text that matched, its matched words marked */
                snippet: {
                    /** @description about 200 characters of `text` around the matched words, `…` where text is left out */
                    text: string;
                    /** @description where the matched words stand in the snippet (UTF-16 offsets, end exclusive) */
                    highlights: {
                        start: number;
                        end: number;
                    }[];
                };
            }[];
            /** @description how many results match, at most 1,000 (the best 1,000), all of which a client can page through with `offset` */
            total: number;
            offset: number;
            topK: number;
        };
        /** read.read_document answer */
        ReadReadDocumentAnswer: {
            document: {
                id: string;
                filename: string;
                status: string;
            };
            chunks: {
                index: number;
                text: string;
                /** @description who speaks in the passage (a transcript's label as written, `Speaker 2`, `Q`, a name); null for prose and a transcript's header */
                speaker: string | null;
                /**
                 * @description the speaker's role in the transcript, as sift reads it; null for prose, a transcript's header and passages of documents processed before roles were kept
                 * @enum {string|null}
                 */
                role: "interviewer" | "participant" | null;
            }[];
            totalChunks: number;
            offset: number;
            nextOffset: number | null;
        };
        /** read.find_entities answer */
        ReadFindEntitiesAnswer: {
            entities?: {
                text: string;
                /** @enum {string} */
                type: "person" | "organization" | "place" | "date" | "other";
                count: number;
                /** @description documents mentioning it */
                documentIds: string[];
            }[];
            entity?: string;
            mentions?: {
                documentId: string;
                chunkIndex: number;
                snippet: string;
            }[];
            count?: number;
        };
        /** read.analyze answer */
        ReadAnalyzeAnswer: {
            /** @enum {string} */
            type: "metadata_distribution" | "temporal";
            /** @description `temporal`: the period (`month`) */
            granularity?: string;
            rows: {
                categoryId: string;
                category: string;
                fieldId?: string;
                field?: string;
                value?: string;
                period?: string;
                count: number;
            }[];
        };
        /** AgreementCoding */
        AgreementCoding: {
            /** @description the run, or null for the coding made by hand or imported */
            analysisId: string | null;
            /** @description the run's name, or `Made by hand or imported` */
            name: string;
            /** @description the run's type; null by hand */
            type: string | null;
            /**
             * @description the run's status (a run still working is compared as far as it got); null by hand
             * @enum {string|null}
             */
            status: "queued" | "running" | "completed" | "failed" | null;
            documents: number;
            /** @description quotes of the coding's insights on the compared documents that are not in their document's text (they code nothing) */
            unplacedQuotes: number;
        };
        /** CodeAgreement */
        CodeAgreement: {
            codeA: string;
            codeB: string;
            /** @description sentences both codings applied the code to, only a, only b, neither; they add up to `units` */
            counts: {
                both: number;
                onlyA: number;
                onlyB: number;
                neither: number;
            };
            /** @description share of the sentences where both codings agree (both applied the code, or neither); null where neither applied it */
            percentAgreement: number | null;
            /** @description Cohen's kappa; 1 where both coders gave every sentence the same answer; null where neither applied the code */
            kappa: number | null;
            /** @description Krippendorff's alpha (nominal, two coders, nothing missing); null where neither applied the code */
            alpha: number | null;
            /** @description onlyA + onlyB: the passages of this pair */
            disagreements: number;
        };
        /** OverallAgreement */
        OverallAgreement: {
            /** @description the pairs with figures, which the overall figures are over */
            codes: number;
            /** @description the unweighted mean of the pairs' figures */
            mean: {
                /** @description share of the sentences where both codings agree (both applied the code, or neither); null where neither applied it */
                percentAgreement: number | null;
                /** @description Cohen's kappa; 1 where both coders gave every sentence the same answer; null where neither applied the code */
                kappa: number | null;
                /** @description Krippendorff's alpha (nominal, two coders, nothing missing); null where neither applied the code */
                alpha: number | null;
            };
            /** @description the pairs' counts summed cell by cell, and the figures of that sum (frequent codes weigh more) */
            pooled: {
                /** @description sentences both codings applied the code to, only a, only b, neither; they add up to `units` */
                counts: {
                    both: number;
                    onlyA: number;
                    onlyB: number;
                    neither: number;
                };
                /** @description share of the sentences where both codings agree (both applied the code, or neither); null where neither applied it */
                percentAgreement: number | null;
                /** @description Cohen's kappa; 1 where both coders gave every sentence the same answer; null where neither applied the code */
                kappa: number | null;
                /** @description Krippendorff's alpha (nominal, two coders, nothing missing); null where neither applied the code */
                alpha: number | null;
            };
        };
        /** AgreementPassage */
        AgreementPassage: {
            codeA: string;
            codeB: string;
            /**
             * @description the coding that applied its code of the pair here; the other did not
             * @enum {string}
             */
            appliedBy: "a" | "b";
            documentId: string;
            filename: string;
            /** @description the sentence's place in the document's text (UTF-16 offsets, end exclusive) */
            start: number;
            end: number;
            /** @description the sentence, at most 1,000 characters (`…` at the end where cut) */
            text: string;
        };
        /** read.compare_codings answer */
        ReadCompareCodingsAnswer: {
            a: components["schemas"]["AgreementCoding"];
            b: components["schemas"]["AgreementCoding"];
            /** @description documents compared */
            documents: number;
            /** @description sentences compared */
            units: number;
            /** @description one per code pair: by name, in code-point order of name, every code either coding applied; or the pairs given, in their order */
            codes: components["schemas"]["CodeAgreement"][];
            overall: components["schemas"]["OverallAgreement"];
            /** @description with `pairs`: codes of a applied but named in no pair */
            unpairedA: string[];
            /** @description with `pairs`: codes of b applied but named in no pair */
            unpairedB: string[];
            /** @description the disagreeing passages, pair by pair in the order of `codes`, each pair in document and text order */
            passages: components["schemas"]["AgreementPassage"][];
            /** @description how many passages there are (of the pairs with `code`, if given) */
            totalPassages: number;
            offset: number;
            nextOffset: number | null;
        };
        /** MatrixColumn */
        MatrixColumn: {
            /** @description what `cell.column` names: `D3` (a document, or a document as its own participant), `D3:Ana` (a speaker of D3), a metadata value (`""`: documents without one), a category id */
            id: string;
            /** @description what to show: a document's file name, a speaker's label, a value (`(no value)`), a category's name */
            label: string;
            /** @description participant and document columns: the document */
            documentId?: string;
            filename?: string;
            /** @description participant columns: the speaker's label; null for a document that is its own participant */
            speaker?: string | null;
            /** @description metadata columns: the value; null for the documents without one */
            value?: string | null;
            /** @description code columns: the category */
            categoryId?: string;
            /** @description insights of any row that fall in it, each once */
            insights: number;
            /** @description participants it holds: its documents' participants, whether or not they said anything coded (a code column: those who said its insights) */
            participants: number;
            /** @description documents it holds (a code column: those its insights stand on) */
            documents: number;
        };
        /** MatrixRow */
        MatrixRow: {
            /** @description the category's id */
            id: string;
            name: string;
            /** @description the run that made the category; null when made by hand */
            analysisId: string | null;
            /** @description its child categories (with `categoryId` naming it, they are the rows) */
            children: number;
            /** @description insights filed in the category or below it */
            insights: number;
            /** @description distinct participants who said them */
            participants: number;
            /** @description documents they stand on */
            documents: number;
            /** @description `insights` over the insights of every row (`totals.insights`) */
            shareOfInsights: number | null;
            /** @description `participants` over every participant in scope (`totals.participants`) */
            shareOfParticipants: number | null;
            /** @description one per column, in the order of `columns` */
            cells: components["schemas"]["MatrixCell"][];
        };
        /** MatrixCell */
        MatrixCell: {
            /** @description the row's insights that fall in the column */
            insights: number;
            /** @description who said them: distinct speakers (a document without speakers counting as one) */
            participants: number;
            /** @description `insights` over the row's insights; null for a row without any */
            shareOfRow: number | null;
            /** @description `insights` over the column's insights; null for a column without any */
            shareOfColumn: number | null;
            /** @description `participants` over the column's participants; null for a column without any */
            participantShare: number | null;
        };
        /** read.get_matrix answer */
        ReadGetMatrixAnswer: {
            /** @enum {string} */
            columnKind: "participant" | "document" | "metadata" | "code";
            /**
             * @description code columns: what co-occurring means
             * @enum {string}
             */
            by?: "passage" | "document";
            /** @description metadata columns: the field */
            field?: {
                id: string;
                shortName: string;
                text: string;
            };
            /** @description the run the matrix is of; null: the coding made by hand; absent: every coding */
            analysisId?: string | null;
            /** @description the category whose children are the rows; null: the root categories */
            parent: {
                id: string;
                name: string;
            } | null;
            /** @description the whole matrix (with `cell` too) */
            totals: {
                /** @description insights in at least one row, each once */
                insights: number;
                /** @description participants of the documents in scope */
                participants: number;
                /** @description documents in scope */
                documents: number;
            };
            columns: components["schemas"]["MatrixColumn"][];
            rows: components["schemas"]["MatrixRow"][];
            /** @description with `cell`: the insights behind it; `rows` and `columns` then hold its row and column alone */
            cell?: {
                row: string;
                column: string;
                /** @description the insights behind the cell (`get_insights` `ids`), in the order of their ids */
                insightIds: string[];
                total: number;
                offset: number;
                nextOffset: number | null;
            };
        };
        /** read.verify_context answer */
        ReadVerifyContextAnswer: {
            /** @enum {string} */
            type: "documents" | "insights" | "all";
            from: number;
            to: number;
            documents?: {
                id: string;
                filename: string;
                status: string;
                head: string;
            }[];
            documentRange?: {
                from: number;
                to: number;
                truncated: boolean;
            };
            insights?: {
                id: string;
                head: string;
                documentId: string | null;
            }[];
            insightRange?: {
                from: number;
                to: number;
                truncated: boolean;
            };
        };
        ReadRequest: components["schemas"]["ReadGetProject"] | components["schemas"]["ReadGetDocuments"] | components["schemas"]["ReadGetInsights"] | components["schemas"]["ReadGetCategories"] | components["schemas"]["ReadGetMemos"] | components["schemas"]["ReadGetTags"] | components["schemas"]["ReadGetNotes"] | components["schemas"]["ReadGetMetadata"] | components["schemas"]["ReadSearch"] | components["schemas"]["ReadReadDocument"] | components["schemas"]["ReadFindEntities"] | components["schemas"]["ReadAnalyze"] | components["schemas"]["ReadCompareCodings"] | components["schemas"]["ReadGetMatrix"] | components["schemas"]["ReadVerifyContext"];
        /**
         * write.manage_insights
         * @description `create` needs `text`; `update` needs `id`; `delete` takes `id` or `insightIds`.
         */
        WriteManageInsights: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "manage_insights";
            /** @enum {string} */
            operation: "create" | "update" | "delete";
            /** @description categories of the insight, by id or text (an array, or one name); required by the specification on every operation */
            categories: string[] | string;
            /** @description id in any accepted form (short form or UUID) */
            id?: string;
            insightIds?: string[];
            /** @description id in any accepted form (short form or UUID) */
            documentId?: string;
            text?: string;
            description?: string;
            quotes?: string[];
        };
        /**
         * write.manage_categories
         * @description `create` needs `text`; `update`/`delete` name the category by `id` or `categoryName`; `merge` takes `categoryIds` and `newName`.
         */
        WriteManageCategories: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "manage_categories";
            /** @enum {string} */
            operation: "create" | "update" | "delete" | "merge";
            /** @description id in any accepted form (short form or UUID) */
            id?: string;
            text?: string;
            description?: string;
            parentId?: string | null;
            categoryName?: string;
            deleteIfNotEmpty?: boolean;
            categoryIds?: string[];
            newName?: string;
        };
        /**
         * write.categorize_insights
         * @description `assign` adds the category, `move` replaces all categories with it, `remove` takes it away.
         */
        WriteCategorizeInsights: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "categorize_insights";
            /** @enum {string} */
            operation: "assign" | "move" | "remove";
            insightIds: string[];
            /** @description id in any accepted form (short form or UUID) */
            categoryId: string;
        };
        /**
         * write.manage_tags
         * @description `add_targets`/`remove_targets` name the tag in `id` and the targets in `documentIds`, `insightIds`, `categoryIds`.
         */
        WriteManageTags: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "manage_tags";
            /** @enum {string} */
            operation: "create" | "update" | "delete" | "add_targets" | "remove_targets";
            /** @description id in any accepted form (short form or UUID) */
            id?: string;
            text?: string;
            description?: string;
            /** @description `#RRGGBB` */
            color?: string;
            documentIds?: string[];
            insightIds?: string[];
            categoryIds?: string[];
        };
        /**
         * write.create_note
         * @description A note on a document, an insight (`documentInsight`) or a category (`insightCategory`).
         */
        WriteCreateNote: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "create_note";
            /** @enum {string} */
            targetType: "document" | "documentInsight" | "insightCategory";
            /** @description id in any accepted form (short form or UUID) */
            targetId: string;
            text: string;
        };
        /**
         * write.manage_metadata_fields
         * @description `create` needs `text`; `update`/`delete` name the field by `id` or `fieldName`.
         */
        WriteManageMetadataFields: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "manage_metadata_fields";
            /** @enum {string} */
            operation: "create" | "update" | "delete";
            /** @description id in any accepted form (short form or UUID) */
            id?: string;
            text?: string;
            shortName?: string;
            description?: string;
            parentId?: string | null;
            /** @enum {string} */
            valueType?: "authors" | "date" | "language" | "number" | "organization";
            allowedValues?: string[];
            answerSetOpen?: boolean;
            fieldName?: string;
            deleteIfNotEmpty?: boolean;
        };
        /**
         * write.set_metadata_values
         * @description Values outside a closed answer set are stored empty and listed in `refused`.
         */
        WriteSetMetadataValues: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "set_metadata_values";
            /** @description id in any accepted form (short form or UUID) */
            documentId: string;
            values: {
                fieldId: string;
                text: string;
                shortName?: string;
                /** @description any JSON value, nested at most 16 deep and at most 16384 bytes as JSON */
                value?: unknown;
            }[];
        };
        /**
         * write.start_analysis
         * @deprecated
         * @description Deprecated: use `start_analysis` on `/api/sift-account` (`inductive` there is `automatic`).
         */
        WriteStartAnalysis: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "start_analysis";
            /** @enum {string} */
            type: "inductive" | "automatic" | "summaries" | "metadata_summaries";
            strictMode?: boolean;
            /**
             * @description `default` (chunk by theme matrix), `overview` (top chunks per document), `inclusive` (per-document full scan)
             * @enum {string}
             */
            analysisGranularity?: "default" | "inclusive" | "overview";
            reconsiderSkipped?: boolean;
        };
        /**
         * write.start_predefined_analysis
         * @description Predefined analysis over the given themes; `metadataFilter` with `documentScope` `all` is refused (400).
         */
        WriteStartPredefinedAnalysis: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "start_predefined_analysis";
            themes: {
                name: string;
                description?: string;
            }[];
            /**
             * @description `filtered` whenever `metadataFilter` is passed
             * @default all
             * @enum {string}
             */
            documentScope: "all" | "filtered";
            name?: string;
            metadataFilter?: {
                field: string;
                value: string;
            }[];
        };
        /** write.manage_insights answer */
        WriteManageInsightsAnswer: {
            insight?: components["schemas"]["Insight"];
            /** @description deleted insights */
            deleted?: string[];
        };
        /** write.manage_categories answer */
        WriteManageCategoriesAnswer: {
            category?: components["schemas"]["Category"];
            /** @description deleted categories */
            deleted?: string[];
            /** @description categories merged into `category` */
            merged?: string[];
        };
        /** write.categorize_insights answer */
        WriteCategorizeInsightsAnswer: {
            insights: components["schemas"]["Insight"][];
        };
        /** write.manage_tags answer */
        WriteManageTagsAnswer: {
            tag?: components["schemas"]["Tag"];
            /** @description deleted tags */
            deleted?: string[];
        };
        /** write.create_note answer */
        WriteCreateNoteAnswer: {
            note: components["schemas"]["Note"];
        };
        /** write.manage_metadata_fields answer */
        WriteManageMetadataFieldsAnswer: {
            field?: components["schemas"]["MetadataField"];
            /** @description deleted fields */
            deleted?: string[];
        };
        /** write.set_metadata_values answer */
        WriteSetMetadataValuesAnswer: {
            values: components["schemas"]["MetadataValue"][];
            /** @description values a closed answer set did not accept */
            refused: {
                fieldId: string;
                text?: string;
                shortName?: string;
            }[];
        };
        /**
         * Coverage
         * @description verdicts over the documents the run covers
         */
        Coverage: {
            analysed: number;
            skipped: number;
            failed: number;
            pending: number;
            /** @description of the documents analysed or skipped, transcripts whose two speaker labels swap part-way (an automatic transcript's diarisation): who asks was read from how their turns behave; the run's note names them. Left out when there are none. */
            rolesUncertain?: number;
        };
        /** write.start_analysis answer */
        WriteStartAnalysisAnswer: {
            analysis: components["schemas"]["AnalysisRef"];
            /** @description with `reconsiderSkipped`: skipped and failed verdicts cleared */
            cleared?: number;
            coverage?: components["schemas"]["Coverage"];
        };
        /** write.start_predefined_analysis answer */
        WriteStartPredefinedAnalysisAnswer: {
            analysis: components["schemas"]["AnalysisRef"];
            /** @description with `reconsiderSkipped`: skipped and failed verdicts cleared */
            cleared?: number;
            coverage?: components["schemas"]["Coverage"];
        };
        WriteRequest: components["schemas"]["WriteManageInsights"] | components["schemas"]["WriteManageCategories"] | components["schemas"]["WriteCategorizeInsights"] | components["schemas"]["WriteManageTags"] | components["schemas"]["WriteCreateNote"] | components["schemas"]["WriteManageMetadataFields"] | components["schemas"]["WriteSetMetadataValues"] | components["schemas"]["WriteStartAnalysis"] | components["schemas"]["WriteStartPredefinedAnalysis"];
        /**
         * account.create_project
         * @description Creates a project in the key's account; the key's user becomes `owner`. Accepts an `Idempotency-Key` header.
         */
        AccountCreateProject: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "create_project";
            name: string;
            /**
             * @description project language; default `en`
             * @enum {string}
             */
            locale?: "en" | "ar" | "zh-CN" | "zh-TW" | "da" | "fi" | "fr" | "de" | "he" | "it" | "ja" | "ko" | "lt" | "no" | "pt" | "es" | "sv";
            description?: string;
        };
        /**
         * account.get_project_status
         * @description `pendingExtractionCount`, `emptyDocumentIds`, `confirmableCreditCost`, `confirmableBatches`, per-document status, analyses and `creditBalance`.
         */
        AccountGetProjectStatus: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_project_status";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
        };
        /**
         * account.confirm_documents
         * @description Charges credits and starts processing for one pipeline batch. Accepts an `Idempotency-Key` header.
         */
        AccountConfirmDocuments: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "confirm_documents";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            expectedCreditCost: number;
            documentIds?: string[];
        };
        /**
         * account.delete_documents
         * @description Deletes documents and everything hanging off them; cannot be undone.
         */
        AccountDeleteDocuments: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "delete_documents";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            documentIds: string[];
        };
        /**
         * account.start_analysis
         * @description Starts an analysis run in the background and answers `{analysis: {id, name, type, status}}` at once.
         */
        AccountStartAnalysis: {
            /** @constant */
            action: "start_analysis";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            /** @enum {string} */
            type: "predefined" | "automatic" | "summaries" | "metadata_summaries";
            /** @description required for, and only for, `predefined` */
            categories?: {
                name: string;
                description?: string;
                instructions?: string;
                categorizationInstructions?: string;
                examples?: string[];
            }[];
            /**
             * @description `default` (chunk by theme matrix), `overview` (top chunks per document), `inclusive` (per-document full scan)
             * @enum {string}
             */
            analysisGranularity?: "default" | "inclusive" | "overview";
            /** @description only for `automatic` */
            reconsiderSkipped?: boolean;
            /** @description only for `automatic`: analyse every ready document again into a run of its own (its own categories and insights, no credits), rather than only the documents no automatic run has a verdict for (the default) */
            rerun?: boolean;
            /** @description the run's name; default its type and start time, e.g. `Automatic · 2026-11-29 09:30` (UTC) */
            name?: string;
        } & (unknown & unknown & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "start_analysis";
        });
        /**
         * account.rename_analysis
         * @description A sift extension of the specification (runs as things, docs/decisions.md). Renames a run; answers the run as `get_project_status` lists it.
         */
        AccountRenameAnalysis: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "rename_analysis";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            /**
             * Format: uuid
             * @description a run's `id` from `start_analysis`, `get_project_status` or `get_project`
             */
            analysisId: string;
            name: string;
        };
        /**
         * account.delete_analysis
         * @description A sift extension of the specification (runs as things, docs/decisions.md). Deletes a run with its categories and insights (and the tags' links and notes on them) and nothing else: other runs' results, documents, memos and manual categories stay. Answers the ids deleted.
         */
        AccountDeleteAnalysis: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "delete_analysis";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            /**
             * Format: uuid
             * @description a run's `id` from `start_analysis`, `get_project_status` or `get_project`
             */
            analysisId: string;
        };
        /**
         * account.compare_codings
         * @description A sift extension of the specification (agreement, docs/decisions.md). Compares two codings of the same documents sentence by sentence (the engine's sentences; a quote codes every sentence it overlaps): two runs, or a run and the coding made by hand or imported from REFI-QDA. The documents are those named in `documentIds` (ready ones), else those both codings cover (a run: the documents it analysed or skipped; by hand: those with an insight made by hand). Per code pair: the counts of sentences both applied it to, only a, only b, neither; percent agreement, Cohen's kappa and Krippendorff's alpha (nominal), null where neither coder applied the pair; overall the unweighted mean of the pairs' figures and the figures of the pooled counts. Then the disagreeing passages (a sentence one coding coded with the pair's code and the other did not), with their text, in pages of `limit` from `offset`. A read: any member of the project on the account surface.
         */
        AccountCompareCodings: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "compare_codings";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            a: {
                /** @description a run's `id` (its categories and insights), or null: the categories and insights made by hand, those imported from a REFI-QDA project among them */
                analysisId: string | null;
            };
            b: {
                /** @description a run's `id` (its categories and insights), or null: the categories and insights made by hand, those imported from a REFI-QDA project among them */
                analysisId: string | null;
            };
            /** @description the code pairs to compare, as the researcher pairs them (each code of a at most once); by default codes pair by name, exactly as written */
            pairs?: {
                /** @description a code (category name) of coding a */
                a: string;
                /** @description its counterpart in coding b */
                b: string;
            }[];
            /** @description compare over these documents (ready ones, any id form); by default over those both codings cover */
            documentIds?: string[];
            /** @description list only the passages of the pairs with this code on either side */
            code?: string;
            /** @description first passage listed, default 0 */
            offset?: number;
            /** @description passages listed, default 50 */
            limit?: number;
        };
        /**
         * account.get_matrix
         * @description A sift extension of the specification (matrices, docs/decisions.md). Codes (categories: the root categories, or the children of `categoryId`; each counting the insights filed in it or below it) against participants, documents, the values of a metadata field, or codes again (co-occurrence on a passage or in a document). Each cell: its insights, its participants (distinct speakers, or documents without speakers), and the shares of the row's insights, of the column's insights and of the column's participants it holds; each row: its insights, participants and documents, and its shares of every insight and every participant (the frequencies per code); each column: its insights and participants. At most 200 rows and 500 columns (a 400 past either). With `cell`, the ids of the insights behind that cell, in pages. Also as CSV and .xlsx (`GET /api/sift-read/matrix.csv`, `…/matrix.xlsx`). A read: any member of the project on the account surface.
         */
        AccountGetMatrix: {
            /** @constant */
            action: "get_matrix";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            /**
             * @description what the columns are (the rows are codes): `participant` (a speaker of a participant turn; a document without speakers is one participant), `document`, `metadata` (the values of `field`), `code` (co-occurrence, `by`)
             * @enum {string}
             */
            columns: "participant" | "document" | "metadata" | "code";
            /** @description with `columns: "metadata"`, and only then: the metadata field, by short name, name or id */
            field?: string;
            /**
             * @description with `columns: "code"`, and only then: two codes co-occur on the same `passage` (one insight filed in both, or insights whose quotes overlap; the default) or in the same `document`
             * @enum {string}
             */
            by?: "passage" | "document";
            /** @description one run's categories and insights (its `id`), or null: those made by hand or imported; by default every run's and those made by hand */
            analysisId?: string | null;
            /** @description a category (id in any form, or its name) whose children are the rows; by default the root categories. At most 200 rows */
            categoryId?: string;
            /** @description only these documents (ready ones, any id form); by default every ready document (with a run's `analysisId`, those it analysed or skipped) */
            documentIds?: string[];
            /** @description the insights behind one cell: the answer then holds that row and that column alone, and `cell` lists the ids of its insights */
            cell?: {
                /** @description a row's `id` (or its category's name) */
                row: string;
                /** @description a column's `id`, as answered */
                column: string;
                /** @description first insight listed, default 0 */
                offset?: number;
                /** @description insights listed, default 100 */
                limit?: number;
            };
        } & (unknown & unknown & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_matrix";
        });
        /**
         * account.use_as_codebook
         * @description A sift extension of the specification (codebooks, docs/decisions.md). Turns a run's categories as they now are (renamed, merged, moved, deleted, recoded; categories made by hand under them or holding its insights included) into a codebook, name, description, parent and quotes of the insights filed in each as examples, and starts a predefined run with it over every ready document, documents added since included, into categories of its own. A write: project `owner` or `admin`. Answers the new run as `start_analysis` does, with the codebook it codes with. No credits.
         */
        AccountUseAsCodebook: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "use_as_codebook";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            /**
             * Format: uuid
             * @description a run's `id` from `start_analysis`, `get_project_status` or `get_project`
             */
            analysisId: string;
            /** @description the new run's name; default `Codebook · <the run's name>` */
            name?: string;
            /**
             * @description `default` (chunk by theme matrix), `overview` (top chunks per document), `inclusive` (per-document full scan)
             * @enum {string}
             */
            analysisGranularity?: "default" | "inclusive" | "overview";
            /** @description quotes carried as each category's examples (default 5): one quote per insight filed in it, taking the documents in turn, oldest insight first */
            examplesPerCategory?: number;
        };
        /**
         * account.list_projects
         * @description A sift extension of the specification (self-service keys, docs/decisions.md). The projects the key reaches (every project its user is a member of, whichever account owns it), each with the user's `role`: `{accountId, projects}`.
         */
        AccountListProjects: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "list_projects";
        };
        /**
         * account.create_project_key
         * @description A sift extension of the specification (self-service keys, docs/decisions.md). Mints a project key (owner or admin of the project only). Answers `{key: {id, access, projectId, userId, createdAt, revokedAt}, secret}`: the secret is shown this once and stored hashed. A `userId` who is not a member of the project is a 404.
         */
        AccountCreateProjectKey: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "create_project_key";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            /** @enum {string} */
            access: "read" | "edit";
            /**
             * Format: uuid
             * @description the member the key acts as; default the account key's user
             */
            userId?: string;
        };
        /**
         * account.list_project_keys
         * @description A sift extension of the specification (self-service keys, docs/decisions.md). The project's keys, oldest first, revoked ones with `revokedAt` set; never a secret (owner or admin of the project only).
         */
        AccountListProjectKeys: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "list_project_keys";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
        };
        /**
         * account.revoke_project_key
         * @description A sift extension of the specification (self-service keys, docs/decisions.md). Revokes one of the project's keys (owner or admin of the project only); it stops authenticating at once. Revoking a revoked key answers it unchanged.
         */
        AccountRevokeProjectKey: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "revoke_project_key";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            /**
             * Format: uuid
             * @description `id` from `create_project_key` or `list_project_keys`
             */
            keyId: string;
        };
        /**
         * account.get_credits
         * @description A sift extension of the specification (self-service keys, docs/decisions.md). The key's account's `creditBalance` and its ledger, newest first: `{accountId, creditBalance, ledger, total, offset, nextOffset}` (`nextOffset` null at the end).
         */
        AccountGetCredits: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_credits";
            /** @description default 50 */
            limit?: number;
            /** @description default 0 */
            offset?: number;
        };
        /** account.create_project answer */
        AccountCreateProjectAnswer: {
            project: components["schemas"]["ProjectFull"];
        };
        /** Analysis */
        Analysis: {
            id: string;
            /** @description the name given at the start or by `rename_analysis`, or one made from its type and start time (UTC) */
            name: string;
            type: string;
            /**
             * @description an automatic run over every ready document (`rerun`), not only the new ones
             * @constant
             */
            rerun?: true;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed";
            coverage: components["schemas"]["Coverage"];
            progress: number;
            error?: string;
            note?: string;
            /**
             * ModelUsage
             * @description what the language model (`SIFT_LLM_*`) was asked during the run and what it cost; present where a model is configured and the run used it, and while the run runs what it has spent so far (updated at most once a second)
             */
            model?: {
                calls: number;
                /** @description calls answered from the answers kept from an earlier run or attempt, which cost nothing */
                cachedCalls: number;
                /** @description calls that failed after their retries; the offline engine stands for what they covered */
                failedCalls: number;
                inputTokens: number;
                outputTokens: number;
                /** @description `SIFT_LLM_MAX_TOKENS_PER_RUN`; null for none */
                tokenCeiling: number | null;
                /** @description whether the ceiling stopped calls, the offline engine doing the rest */
                ceilingReached: boolean;
            };
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
            /** @description ISO 8601 timestamp (UTC) */
            startedAt: string | null;
            /** @description ISO 8601 timestamp (UTC) */
            finishedAt: string | null;
        };
        /** account.get_project_status answer */
        AccountGetProjectStatusAnswer: {
            projectId: string;
            pendingExtractionCount: number;
            emptyDocumentIds: string[];
            confirmableCreditCost: number;
            confirmableBatches: {
                /** @enum {string} */
                pipeline: "standard" | "anonymized";
                documentIds: string[];
                creditCost: number;
            }[];
            documents: components["schemas"]["DocumentBrief"][];
            analyses: components["schemas"]["Analysis"][];
            creditBalance: number;
        };
        /** account.confirm_documents answer */
        AccountConfirmDocumentsAnswer: {
            confirmedDocumentIds: string[];
            creditsCharged: number;
            creditBalance: number;
        };
        /** account.delete_documents answer */
        AccountDeleteDocumentsAnswer: {
            /** @description ids of what was deleted */
            deleted: string[];
        };
        /** account.start_analysis answer */
        AccountStartAnalysisAnswer: {
            analysis: components["schemas"]["AnalysisRef"];
            /** @description with `reconsiderSkipped`: skipped and failed verdicts cleared */
            cleared?: number;
            coverage?: components["schemas"]["Coverage"];
        };
        /** account.rename_analysis answer */
        AccountRenameAnalysisAnswer: {
            analysis: components["schemas"]["Analysis"];
        };
        /** account.delete_analysis answer */
        AccountDeleteAnalysisAnswer: {
            /** @description the run */
            deleted: string[];
            /** @description its categories, deleted */
            categoryIds: string[];
            /** @description its insights, deleted */
            insightIds: string[];
        };
        /** account.compare_codings answer */
        AccountCompareCodingsAnswer: {
            a: components["schemas"]["AgreementCoding"];
            b: components["schemas"]["AgreementCoding"];
            /** @description documents compared */
            documents: number;
            /** @description sentences compared */
            units: number;
            /** @description one per code pair: by name, in code-point order of name, every code either coding applied; or the pairs given, in their order */
            codes: components["schemas"]["CodeAgreement"][];
            overall: components["schemas"]["OverallAgreement"];
            /** @description with `pairs`: codes of a applied but named in no pair */
            unpairedA: string[];
            /** @description with `pairs`: codes of b applied but named in no pair */
            unpairedB: string[];
            /** @description the disagreeing passages, pair by pair in the order of `codes`, each pair in document and text order */
            passages: components["schemas"]["AgreementPassage"][];
            /** @description how many passages there are (of the pairs with `code`, if given) */
            totalPassages: number;
            offset: number;
            nextOffset: number | null;
        };
        /** account.get_matrix answer */
        AccountGetMatrixAnswer: {
            /** @enum {string} */
            columnKind: "participant" | "document" | "metadata" | "code";
            /**
             * @description code columns: what co-occurring means
             * @enum {string}
             */
            by?: "passage" | "document";
            /** @description metadata columns: the field */
            field?: {
                id: string;
                shortName: string;
                text: string;
            };
            /** @description the run the matrix is of; null: the coding made by hand; absent: every coding */
            analysisId?: string | null;
            /** @description the category whose children are the rows; null: the root categories */
            parent: {
                id: string;
                name: string;
            } | null;
            /** @description the whole matrix (with `cell` too) */
            totals: {
                /** @description insights in at least one row, each once */
                insights: number;
                /** @description participants of the documents in scope */
                participants: number;
                /** @description documents in scope */
                documents: number;
            };
            columns: components["schemas"]["MatrixColumn"][];
            rows: components["schemas"]["MatrixRow"][];
            /** @description with `cell`: the insights behind it; `rows` and `columns` then hold its row and column alone */
            cell?: {
                row: string;
                column: string;
                /** @description the insights behind the cell (`get_insights` `ids`), in the order of their ids */
                insightIds: string[];
                total: number;
                offset: number;
                nextOffset: number | null;
            };
        };
        /** account.use_as_codebook answer */
        AccountUseAsCodebookAnswer: {
            analysis: components["schemas"]["AnalysisRef"];
            /** @description the categories of the new run, in the codebook's order (parents before their children) */
            codebook: {
                name: string;
                description: string;
                /** @description the parent category's name; null at the top */
                parent: string | null;
                /** @description quotes that show what the category holds */
                examples: string[];
            }[];
        };
        /** ProjectWithRole */
        ProjectWithRole: {
            /** @description UUID */
            id: string;
            /** @description `P`-prefixed short id */
            shortId: string;
            accountId: string;
            name: string;
            locale: string;
            description: string;
            /** @enum {string} */
            pipeline: "standard" | "anonymized";
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
            /** @description ISO 8601 timestamp (UTC) */
            updatedAt: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member" | "viewer";
        };
        /** account.list_projects answer */
        AccountListProjectsAnswer: {
            accountId: string;
            projects: components["schemas"]["ProjectWithRole"][];
        };
        /** ProjectKey */
        ProjectKey: {
            id: string;
            /** @enum {string} */
            access: "read" | "edit";
            projectId: string;
            userId: string;
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
            /** @description ISO 8601 timestamp (UTC) */
            revokedAt: string | null;
        };
        /** account.create_project_key answer */
        AccountCreateProjectKeyAnswer: {
            key: components["schemas"]["ProjectKey"];
            /** @description the key itself, shown once */
            secret: string;
        };
        /** account.list_project_keys answer */
        AccountListProjectKeysAnswer: {
            keys: components["schemas"]["ProjectKey"][];
        };
        /** account.revoke_project_key answer */
        AccountRevokeProjectKeyAnswer: {
            key: components["schemas"]["ProjectKey"];
        };
        /** LedgerLine */
        LedgerLine: {
            id: string;
            amount: number;
            /** @enum {string} */
            kind: "grant" | "charge";
            reason: string;
            projectId: string | null;
            documentIds: string[] | null;
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
        };
        /** account.get_credits answer */
        AccountGetCreditsAnswer: {
            accountId: string;
            creditBalance: number;
            /** @description newest first */
            ledger: components["schemas"]["LedgerLine"][];
            total: number;
            offset: number;
            nextOffset: number | null;
        };
        AccountRequest: components["schemas"]["AccountCreateProject"] | components["schemas"]["AccountGetProjectStatus"] | components["schemas"]["AccountConfirmDocuments"] | components["schemas"]["AccountDeleteDocuments"] | components["schemas"]["AccountStartAnalysis"] | components["schemas"]["AccountRenameAnalysis"] | components["schemas"]["AccountDeleteAnalysis"] | components["schemas"]["AccountCompareCodings"] | components["schemas"]["AccountGetMatrix"] | components["schemas"]["AccountUseAsCodebook"] | components["schemas"]["AccountListProjects"] | components["schemas"]["AccountCreateProjectKey"] | components["schemas"]["AccountListProjectKeys"] | components["schemas"]["AccountRevokeProjectKey"] | components["schemas"]["AccountGetCredits"];
        /**
         * partner.create_account
         * @description Invites the user and provisions their team account; idempotent per partner and e-mail.
         */
        PartnerCreateAccount: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "create_account";
            /** Format: email */
            email: string;
            name?: string;
            teamName?: string;
            /** @default true */
            onboard: boolean;
        };
        /**
         * partner.list_accounts
         * @description Accounts this partner created.
         */
        PartnerListAccounts: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "list_accounts";
        };
        /**
         * partner.list_projects
         * @description Projects this partner created.
         */
        PartnerListProjects: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "list_projects";
        };
        /**
         * partner.create_project
         * @description Creates a project on an account this partner created, optionally with documents; all or nothing (URLs are fetched first). Accepts an `Idempotency-Key` header.
         */
        PartnerCreateProject: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "create_project";
            /**
             * Format: uuid
             * @description UUID from `create_account` or `list_accounts`
             */
            accountId: string;
            name: string;
            /**
             * @description project language; default `en`
             * @enum {string}
             */
            locale?: "en" | "ar" | "zh-CN" | "zh-TW" | "da" | "fi" | "fr" | "de" | "he" | "it" | "ja" | "ko" | "lt" | "no" | "pt" | "es" | "sv";
            description?: string;
            /**
             * Files
             * @description URLs the server fetches and inline text documents, at most 20 each.
             */
            files?: {
                urls?: {
                    /** Format: uri */
                    url: string;
                    filename?: string;
                }[];
                documents?: {
                    filename: string;
                    text: string;
                }[];
            };
        };
        /**
         * partner.add_documents
         * @description Adds documents (fetched URLs, inline text) to a project this partner created.
         */
        PartnerAddDocuments: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "add_documents";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            /**
             * Files
             * @description URLs the server fetches and inline text documents, at most 20 each.
             */
            files: {
                urls?: {
                    /** Format: uri */
                    url: string;
                    filename?: string;
                }[];
                documents?: {
                    filename: string;
                    text: string;
                }[];
            };
        };
        /**
         * partner.get_project_status
         * @description `pendingExtractionCount`, `emptyDocumentIds`, `confirmableCreditCost`, `confirmableBatches`, per-document status, analyses and `creditBalance`.
         */
        PartnerGetProjectStatus: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_project_status";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
        };
        /**
         * partner.confirm_documents
         * @description Charges credits and starts processing for one pipeline batch. Accepts an `Idempotency-Key` header.
         */
        PartnerConfirmDocuments: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "confirm_documents";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            expectedCreditCost: number;
            documentIds?: string[];
        };
        /**
         * partner.delete_documents
         * @description Deletes documents and everything hanging off them; cannot be undone.
         */
        PartnerDeleteDocuments: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "delete_documents";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            documentIds: string[];
        };
        /**
         * partner.start_analysis
         * @description Starts an analysis run in the background and answers `{analysis: {id, name, type, status}}` at once.
         */
        PartnerStartAnalysis: {
            /** @constant */
            action: "start_analysis";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            /** @enum {string} */
            type: "predefined" | "automatic" | "summaries" | "metadata_summaries";
            /** @description required for, and only for, `predefined` */
            categories?: {
                name: string;
                description?: string;
                instructions?: string;
                categorizationInstructions?: string;
                examples?: string[];
            }[];
            /**
             * @description `default` (chunk by theme matrix), `overview` (top chunks per document), `inclusive` (per-document full scan)
             * @enum {string}
             */
            analysisGranularity?: "default" | "inclusive" | "overview";
            /** @description only for `automatic` */
            reconsiderSkipped?: boolean;
            /** @description only for `automatic`: analyse every ready document again into a run of its own (its own categories and insights, no credits), rather than only the documents no automatic run has a verdict for (the default) */
            rerun?: boolean;
            /** @description the run's name; default its type and start time, e.g. `Automatic · 2026-11-29 09:30` (UTC) */
            name?: string;
        } & (unknown & unknown & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "start_analysis";
        });
        /**
         * partner.rename_analysis
         * @description A sift extension of the specification (runs as things, docs/decisions.md). Renames a run; answers the run as `get_project_status` lists it.
         */
        PartnerRenameAnalysis: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "rename_analysis";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            /**
             * Format: uuid
             * @description a run's `id` from `start_analysis`, `get_project_status` or `get_project`
             */
            analysisId: string;
            name: string;
        };
        /**
         * partner.delete_analysis
         * @description A sift extension of the specification (runs as things, docs/decisions.md). Deletes a run with its categories and insights (and the tags' links and notes on them) and nothing else: other runs' results, documents, memos and manual categories stay. Answers the ids deleted.
         */
        PartnerDeleteAnalysis: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "delete_analysis";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            /**
             * Format: uuid
             * @description a run's `id` from `start_analysis`, `get_project_status` or `get_project`
             */
            analysisId: string;
        };
        /**
         * partner.compare_codings
         * @description A sift extension of the specification (agreement, docs/decisions.md). Compares two codings of the same documents sentence by sentence (the engine's sentences; a quote codes every sentence it overlaps): two runs, or a run and the coding made by hand or imported from REFI-QDA. The documents are those named in `documentIds` (ready ones), else those both codings cover (a run: the documents it analysed or skipped; by hand: those with an insight made by hand). Per code pair: the counts of sentences both applied it to, only a, only b, neither; percent agreement, Cohen's kappa and Krippendorff's alpha (nominal), null where neither coder applied the pair; overall the unweighted mean of the pairs' figures and the figures of the pooled counts. Then the disagreeing passages (a sentence one coding coded with the pair's code and the other did not), with their text, in pages of `limit` from `offset`. A read: any member of the project on the account surface.
         */
        PartnerCompareCodings: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "compare_codings";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            a: {
                /** @description a run's `id` (its categories and insights), or null: the categories and insights made by hand, those imported from a REFI-QDA project among them */
                analysisId: string | null;
            };
            b: {
                /** @description a run's `id` (its categories and insights), or null: the categories and insights made by hand, those imported from a REFI-QDA project among them */
                analysisId: string | null;
            };
            /** @description the code pairs to compare, as the researcher pairs them (each code of a at most once); by default codes pair by name, exactly as written */
            pairs?: {
                /** @description a code (category name) of coding a */
                a: string;
                /** @description its counterpart in coding b */
                b: string;
            }[];
            /** @description compare over these documents (ready ones, any id form); by default over those both codings cover */
            documentIds?: string[];
            /** @description list only the passages of the pairs with this code on either side */
            code?: string;
            /** @description first passage listed, default 0 */
            offset?: number;
            /** @description passages listed, default 50 */
            limit?: number;
        };
        /**
         * partner.get_matrix
         * @description A sift extension of the specification (matrices, docs/decisions.md). Codes (categories: the root categories, or the children of `categoryId`; each counting the insights filed in it or below it) against participants, documents, the values of a metadata field, or codes again (co-occurrence on a passage or in a document). Each cell: its insights, its participants (distinct speakers, or documents without speakers), and the shares of the row's insights, of the column's insights and of the column's participants it holds; each row: its insights, participants and documents, and its shares of every insight and every participant (the frequencies per code); each column: its insights and participants. At most 200 rows and 500 columns (a 400 past either). With `cell`, the ids of the insights behind that cell, in pages. Also as CSV and .xlsx (`GET /api/sift-read/matrix.csv`, `…/matrix.xlsx`). A read: any member of the project on the account surface.
         */
        PartnerGetMatrix: {
            /** @constant */
            action: "get_matrix";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            /**
             * @description what the columns are (the rows are codes): `participant` (a speaker of a participant turn; a document without speakers is one participant), `document`, `metadata` (the values of `field`), `code` (co-occurrence, `by`)
             * @enum {string}
             */
            columns: "participant" | "document" | "metadata" | "code";
            /** @description with `columns: "metadata"`, and only then: the metadata field, by short name, name or id */
            field?: string;
            /**
             * @description with `columns: "code"`, and only then: two codes co-occur on the same `passage` (one insight filed in both, or insights whose quotes overlap; the default) or in the same `document`
             * @enum {string}
             */
            by?: "passage" | "document";
            /** @description one run's categories and insights (its `id`), or null: those made by hand or imported; by default every run's and those made by hand */
            analysisId?: string | null;
            /** @description a category (id in any form, or its name) whose children are the rows; by default the root categories. At most 200 rows */
            categoryId?: string;
            /** @description only these documents (ready ones, any id form); by default every ready document (with a run's `analysisId`, those it analysed or skipped) */
            documentIds?: string[];
            /** @description the insights behind one cell: the answer then holds that row and that column alone, and `cell` lists the ids of its insights */
            cell?: {
                /** @description a row's `id` (or its category's name) */
                row: string;
                /** @description a column's `id`, as answered */
                column: string;
                /** @description first insight listed, default 0 */
                offset?: number;
                /** @description insights listed, default 100 */
                limit?: number;
            };
        } & (unknown & unknown & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_matrix";
        });
        /**
         * partner.use_as_codebook
         * @description A sift extension of the specification (codebooks, docs/decisions.md). Turns a run's categories as they now are (renamed, merged, moved, deleted, recoded; categories made by hand under them or holding its insights included) into a codebook, name, description, parent and quotes of the insights filed in each as examples, and starts a predefined run with it over every ready document, documents added since included, into categories of its own. A write: project `owner` or `admin`. Answers the new run as `start_analysis` does, with the codebook it codes with. No credits.
         */
        PartnerUseAsCodebook: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "use_as_codebook";
            /** @description `P`-prefixed short id or raw UUID of the project */
            projectId: string;
            /**
             * Format: uuid
             * @description a run's `id` from `start_analysis`, `get_project_status` or `get_project`
             */
            analysisId: string;
            /** @description the new run's name; default `Codebook · <the run's name>` */
            name?: string;
            /**
             * @description `default` (chunk by theme matrix), `overview` (top chunks per document), `inclusive` (per-document full scan)
             * @enum {string}
             */
            analysisGranularity?: "default" | "inclusive" | "overview";
            /** @description quotes carried as each category's examples (default 5): one quote per insight filed in it, taking the documents in turn, oldest insight first */
            examplesPerCategory?: number;
        };
        /** PartnerAccount */
        PartnerAccount: {
            id: string;
            name: string;
            plan: string | null;
            creditBalance: number;
            ownerUserId: string;
            owner?: {
                id: string;
                email: string;
                name: string | null;
                onboarded: boolean;
            };
            /** @description ISO 8601 timestamp (UTC) */
            createdAt: string;
        };
        /** partner.create_account answer */
        PartnerCreateAccountAnswer: {
            account: components["schemas"]["PartnerAccount"];
            /** @description false when the account already existed */
            created: boolean;
        };
        /** partner.list_accounts answer */
        PartnerListAccountsAnswer: {
            accounts: components["schemas"]["PartnerAccount"][];
        };
        /** partner.list_projects answer */
        PartnerListProjectsAnswer: {
            projects: components["schemas"]["ProjectFull"][];
        };
        /** partner.create_project answer */
        PartnerCreateProjectAnswer: {
            project: components["schemas"]["ProjectFull"];
            documents: components["schemas"]["DocumentBrief"][];
        };
        /** partner.add_documents answer */
        PartnerAddDocumentsAnswer: {
            documents: components["schemas"]["DocumentBrief"][];
        };
        /** partner.get_project_status answer */
        PartnerGetProjectStatusAnswer: {
            projectId: string;
            pendingExtractionCount: number;
            emptyDocumentIds: string[];
            confirmableCreditCost: number;
            confirmableBatches: {
                /** @enum {string} */
                pipeline: "standard" | "anonymized";
                documentIds: string[];
                creditCost: number;
            }[];
            documents: components["schemas"]["DocumentBrief"][];
            analyses: components["schemas"]["Analysis"][];
            creditBalance: number;
        };
        /** partner.confirm_documents answer */
        PartnerConfirmDocumentsAnswer: {
            confirmedDocumentIds: string[];
            creditsCharged: number;
            creditBalance: number;
        };
        /** partner.delete_documents answer */
        PartnerDeleteDocumentsAnswer: {
            /** @description ids of what was deleted */
            deleted: string[];
        };
        /** partner.start_analysis answer */
        PartnerStartAnalysisAnswer: {
            analysis: components["schemas"]["AnalysisRef"];
            /** @description with `reconsiderSkipped`: skipped and failed verdicts cleared */
            cleared?: number;
            coverage?: components["schemas"]["Coverage"];
        };
        /** partner.rename_analysis answer */
        PartnerRenameAnalysisAnswer: {
            analysis: components["schemas"]["Analysis"];
        };
        /** partner.delete_analysis answer */
        PartnerDeleteAnalysisAnswer: {
            /** @description the run */
            deleted: string[];
            /** @description its categories, deleted */
            categoryIds: string[];
            /** @description its insights, deleted */
            insightIds: string[];
        };
        /** partner.compare_codings answer */
        PartnerCompareCodingsAnswer: {
            a: components["schemas"]["AgreementCoding"];
            b: components["schemas"]["AgreementCoding"];
            /** @description documents compared */
            documents: number;
            /** @description sentences compared */
            units: number;
            /** @description one per code pair: by name, in code-point order of name, every code either coding applied; or the pairs given, in their order */
            codes: components["schemas"]["CodeAgreement"][];
            overall: components["schemas"]["OverallAgreement"];
            /** @description with `pairs`: codes of a applied but named in no pair */
            unpairedA: string[];
            /** @description with `pairs`: codes of b applied but named in no pair */
            unpairedB: string[];
            /** @description the disagreeing passages, pair by pair in the order of `codes`, each pair in document and text order */
            passages: components["schemas"]["AgreementPassage"][];
            /** @description how many passages there are (of the pairs with `code`, if given) */
            totalPassages: number;
            offset: number;
            nextOffset: number | null;
        };
        /** partner.get_matrix answer */
        PartnerGetMatrixAnswer: {
            /** @enum {string} */
            columnKind: "participant" | "document" | "metadata" | "code";
            /**
             * @description code columns: what co-occurring means
             * @enum {string}
             */
            by?: "passage" | "document";
            /** @description metadata columns: the field */
            field?: {
                id: string;
                shortName: string;
                text: string;
            };
            /** @description the run the matrix is of; null: the coding made by hand; absent: every coding */
            analysisId?: string | null;
            /** @description the category whose children are the rows; null: the root categories */
            parent: {
                id: string;
                name: string;
            } | null;
            /** @description the whole matrix (with `cell` too) */
            totals: {
                /** @description insights in at least one row, each once */
                insights: number;
                /** @description participants of the documents in scope */
                participants: number;
                /** @description documents in scope */
                documents: number;
            };
            columns: components["schemas"]["MatrixColumn"][];
            rows: components["schemas"]["MatrixRow"][];
            /** @description with `cell`: the insights behind it; `rows` and `columns` then hold its row and column alone */
            cell?: {
                row: string;
                column: string;
                /** @description the insights behind the cell (`get_insights` `ids`), in the order of their ids */
                insightIds: string[];
                total: number;
                offset: number;
                nextOffset: number | null;
            };
        };
        /** partner.use_as_codebook answer */
        PartnerUseAsCodebookAnswer: {
            analysis: components["schemas"]["AnalysisRef"];
            /** @description the categories of the new run, in the codebook's order (parents before their children) */
            codebook: {
                name: string;
                description: string;
                /** @description the parent category's name; null at the top */
                parent: string | null;
                /** @description quotes that show what the category holds */
                examples: string[];
            }[];
        };
        PartnerRequest: components["schemas"]["PartnerCreateAccount"] | components["schemas"]["PartnerListAccounts"] | components["schemas"]["PartnerListProjects"] | components["schemas"]["PartnerCreateProject"] | components["schemas"]["PartnerAddDocuments"] | components["schemas"]["PartnerGetProjectStatus"] | components["schemas"]["PartnerConfirmDocuments"] | components["schemas"]["PartnerDeleteDocuments"] | components["schemas"]["PartnerStartAnalysis"] | components["schemas"]["PartnerRenameAnalysis"] | components["schemas"]["PartnerDeleteAnalysis"] | components["schemas"]["PartnerCompareCodings"] | components["schemas"]["PartnerGetMatrix"] | components["schemas"]["PartnerUseAsCodebook"];
        /** admin.create_user */
        AdminCreateUser: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "create_user";
            /** Format: email */
            email: string;
            name?: string;
        };
        /** admin.create_account */
        AdminCreateAccount: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "create_account";
            name: string;
            /** Format: uuid */
            ownerUserId: string;
            credits?: number;
        };
        /** admin.create_project */
        AdminCreateProject: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "create_project";
            /** Format: uuid */
            accountId: string;
            /** Format: uuid */
            ownerUserId: string;
            name: string;
            /**
             * @description project language; default `en`
             * @enum {string}
             */
            locale?: "en" | "ar" | "zh-CN" | "zh-TW" | "da" | "fi" | "fr" | "de" | "he" | "it" | "ja" | "ko" | "lt" | "no" | "pt" | "es" | "sv";
            description?: string;
        };
        /** admin.add_member */
        AdminAddMember: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "add_member";
            /** @description project UUID or `P` short id */
            projectId: string;
            /** Format: uuid */
            userId: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member" | "viewer";
        };
        /** admin.create_project_key */
        AdminCreateProjectKey: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "create_project_key";
            /** @description project UUID or `P` short id */
            projectId: string;
            /** Format: uuid */
            userId: string;
            /** @enum {string} */
            access: "read" | "edit";
        };
        /** admin.create_account_key */
        AdminCreateAccountKey: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "create_account_key";
            /** Format: uuid */
            accountId: string;
            /** Format: uuid */
            userId: string;
        };
        /** admin.revoke_key */
        AdminRevokeKey: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "revoke_key";
            key: string;
        };
        /** admin.create_partner */
        AdminCreatePartner: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "create_partner";
            name: string;
            credits?: number;
        };
        /** admin.grant_credits */
        AdminGrantCredits: {
            /** @constant */
            action: "grant_credits";
            /** Format: uuid */
            accountId?: string;
            /** Format: uuid */
            partnerId?: string;
            amount: number;
        } & ((unknown | unknown) & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "grant_credits";
        });
        /** admin.get_credits */
        AdminGetCredits: {
            /** @constant */
            action: "get_credits";
            /** Format: uuid */
            accountId?: string;
            /** Format: uuid */
            partnerId?: string;
        } & ((unknown | unknown) & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "get_credits";
        });
        /** admin.set_project_pipeline */
        AdminSetProjectPipeline: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            action: "set_project_pipeline";
            /** @description project UUID or `P` short id */
            projectId: string;
            /** @enum {string} */
            pipeline: "standard" | "anonymized";
        };
        /** User */
        User: {
            id: string;
            email: string;
            name: string | null;
        };
        /** admin.create_user answer */
        AdminCreateUserAnswer: {
            user: components["schemas"]["User"];
        };
        /** admin.create_account answer */
        AdminCreateAccountAnswer: {
            account: {
                id: string;
                name: string;
                ownerUserId: string;
                creditBalance: number;
            };
        };
        /** admin.create_project answer */
        AdminCreateProjectAnswer: {
            project: components["schemas"]["ProjectFull"];
        };
        /** admin.add_member answer */
        AdminAddMemberAnswer: {
            membership: {
                projectId: string;
                userId: string;
                /** @enum {string} */
                role: "owner" | "admin" | "member" | "viewer";
            };
        };
        /** admin.create_project_key answer */
        AdminCreateProjectKeyAnswer: {
            /** @description the key itself, shown once */
            key: string;
        };
        /** admin.create_account_key answer */
        AdminCreateAccountKeyAnswer: {
            /** @description the key itself, shown once */
            key: string;
        };
        /** admin.revoke_key answer */
        AdminRevokeKeyAnswer: {
            revoked: boolean;
        };
        /** admin.create_partner answer */
        AdminCreatePartnerAnswer: {
            partner: {
                id: string;
                name: string;
            };
            /** @description shown once */
            secret: string;
        };
        /** admin.grant_credits answer */
        AdminGrantCreditsAnswer: {
            creditBalance: number;
        };
        /** admin.get_credits answer */
        AdminGetCreditsAnswer: {
            creditBalance: number;
            ledger: components["schemas"]["LedgerLine"][];
        };
        /** admin.set_project_pipeline answer */
        AdminSetProjectPipelineAnswer: {
            project: components["schemas"]["ProjectFull"];
        };
        AdminRequest: components["schemas"]["AdminCreateUser"] | components["schemas"]["AdminCreateAccount"] | components["schemas"]["AdminCreateProject"] | components["schemas"]["AdminAddMember"] | components["schemas"]["AdminCreateProjectKey"] | components["schemas"]["AdminCreateAccountKey"] | components["schemas"]["AdminRevokeKey"] | components["schemas"]["AdminCreatePartner"] | components["schemas"]["AdminGrantCredits"] | components["schemas"]["AdminGetCredits"] | components["schemas"]["AdminSetProjectPipeline"];
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    readDispatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReadRequest"];
            };
        };
        responses: {
            /** @description Success: the action's answer, `<Surface><Action>Answer` (the operation's `x-sift-answers` maps each action to its schema). Answers hold exactly the members their schema lists. */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadGetProjectAnswer"] | components["schemas"]["ReadGetDocumentsAnswer"] | components["schemas"]["ReadGetInsightsAnswer"] | components["schemas"]["ReadGetCategoriesAnswer"] | components["schemas"]["ReadGetMemosAnswer"] | components["schemas"]["ReadGetTagsAnswer"] | components["schemas"]["ReadGetNotesAnswer"] | components["schemas"]["ReadGetMetadataAnswer"] | components["schemas"]["ReadSearchAnswer"] | components["schemas"]["ReadReadDocumentAnswer"] | components["schemas"]["ReadFindEntitiesAnswer"] | components["schemas"]["ReadAnalyzeAnswer"] | components["schemas"]["ReadCompareCodingsAnswer"] | components["schemas"]["ReadGetMatrixAnswer"] | components["schemas"]["ReadVerifyContextAnswer"];
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 3,617,024 bytes (the largest valid request of this surface, with room for layout), refused from its Content-Length; past 2 MB, one larger than the largest valid request of its action (read from its `action` member as it arrives) or holding more JSON values than any valid request of its action; or one that takes more than 30 s or 512 MB to read. The message names the limit. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    writeDispatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WriteRequest"];
            };
        };
        responses: {
            /** @description Success: the action's answer, `<Surface><Action>Answer` (the operation's `x-sift-answers` maps each action to its schema). Answers hold exactly the members their schema lists. */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WriteManageInsightsAnswer"] | components["schemas"]["WriteManageCategoriesAnswer"] | components["schemas"]["WriteCategorizeInsightsAnswer"] | components["schemas"]["WriteManageTagsAnswer"] | components["schemas"]["WriteCreateNoteAnswer"] | components["schemas"]["WriteManageMetadataFieldsAnswer"] | components["schemas"]["WriteSetMetadataValuesAnswer"] | components["schemas"]["WriteStartAnalysisAnswer"] | components["schemas"]["WriteStartPredefinedAnalysisAnswer"];
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A name that already exists (a tag, a user's e-mail), or a category or metadata field that is not empty. */
            409: {
                headers: {
                    /** @description stable machine-readable code: `conflict` (the request conflicts with the current state (the message says how)); `not_awaiting_confirmation` (`confirm_documents`: a named document is not awaiting confirmation); `mixed_pipelines` (`confirm_documents`: the named documents belong to different pipelines); `nothing_to_confirm` (`confirm_documents`: no document is awaiting confirmation); `several_batches` (`confirm_documents`: several confirmable batches and no `documentIds`); `cost_changed` (`confirm_documents`: `expectedCreditCost` differs from the current cost); `confirmed_meanwhile` (`confirm_documents`: some documents were confirmed or deleted by a concurrent request); `email_taken` (`create_user`: a user with this e-mail already exists (the message ends with their id, unless a concurrent request created them first)); `tag_exists` (`manage_tags`: a tag with this name, in any letter case, already exists in the project); `already_exists` (a concurrent request created the same thing first (a rule of the store without a more precise code)); `not_empty` (a category or metadata field still holds content; pass the delete-if-not-empty flag) */
                    "Sift-Error-Code"?: "conflict" | "not_awaiting_confirmation" | "mixed_pipelines" | "nothing_to_confirm" | "several_batches" | "cost_changed" | "confirmed_meanwhile" | "email_taken" | "tag_exists" | "already_exists" | "not_empty";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 30,041,216 bytes (the largest valid request of this surface, with room for layout), refused from its Content-Length; past 2 MB, one larger than the largest valid request of its action (read from its `action` member as it arrives) or holding more JSON values than any valid request of its action; or one that takes more than 30 s or 512 MB to read. The message names the limit. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    accountDispatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountRequest"];
            };
        };
        responses: {
            /** @description Success: the action's answer, `<Surface><Action>Answer` (the operation's `x-sift-answers` maps each action to its schema). Answers hold exactly the members their schema lists. */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountCreateProjectAnswer"] | components["schemas"]["AccountGetProjectStatusAnswer"] | components["schemas"]["AccountConfirmDocumentsAnswer"] | components["schemas"]["AccountDeleteDocumentsAnswer"] | components["schemas"]["AccountStartAnalysisAnswer"] | components["schemas"]["AccountRenameAnalysisAnswer"] | components["schemas"]["AccountDeleteAnalysisAnswer"] | components["schemas"]["AccountCompareCodingsAnswer"] | components["schemas"]["AccountGetMatrixAnswer"] | components["schemas"]["AccountUseAsCodebookAnswer"] | components["schemas"]["AccountListProjectsAnswer"] | components["schemas"]["AccountCreateProjectKeyAnswer"] | components["schemas"]["AccountListProjectKeysAnswer"] | components["schemas"]["AccountRevokeProjectKeyAnswer"] | components["schemas"]["AccountGetCreditsAnswer"];
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not enough credits to pay for the confirmation. */
            402: {
                headers: {
                    /** @description stable machine-readable code: `insufficient_credits` (the balance does not cover the confirmation) */
                    "Sift-Error-Code"?: "insufficient_credits";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `confirm_documents`: several confirmable batches and no `documentIds`, a document not awaiting confirmation, or `expectedCreditCost` differing from the current cost (the message states it). `Sift-Error-Code` tells them apart; other actions answer 409 for an existing name or a category or field that is not empty. */
            409: {
                headers: {
                    /** @description stable machine-readable code: `conflict` (the request conflicts with the current state (the message says how)); `not_awaiting_confirmation` (`confirm_documents`: a named document is not awaiting confirmation); `mixed_pipelines` (`confirm_documents`: the named documents belong to different pipelines); `nothing_to_confirm` (`confirm_documents`: no document is awaiting confirmation); `several_batches` (`confirm_documents`: several confirmable batches and no `documentIds`); `cost_changed` (`confirm_documents`: `expectedCreditCost` differs from the current cost); `confirmed_meanwhile` (`confirm_documents`: some documents were confirmed or deleted by a concurrent request); `email_taken` (`create_user`: a user with this e-mail already exists (the message ends with their id, unless a concurrent request created them first)); `tag_exists` (`manage_tags`: a tag with this name, in any letter case, already exists in the project); `already_exists` (a concurrent request created the same thing first (a rule of the store without a more precise code)); `not_empty` (a category or metadata field still holds content; pass the delete-if-not-empty flag) */
                    "Sift-Error-Code"?: "conflict" | "not_awaiting_confirmation" | "mixed_pipelines" | "nothing_to_confirm" | "several_batches" | "cost_changed" | "confirmed_meanwhile" | "email_taken" | "tag_exists" | "already_exists" | "not_empty";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 60,280,202 bytes (the largest valid request of this surface, with room for layout), refused from its Content-Length; past 2 MB, one larger than the largest valid request of its action (read from its `action` member as it arrives) or holding more JSON values than any valid request of its action; or one that takes more than 30 s or 512 MB to read. The message names the limit. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    partnerDispatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PartnerRequest"];
            };
        };
        responses: {
            /** @description Success: the action's answer, `<Surface><Action>Answer` (the operation's `x-sift-answers` maps each action to its schema). Answers hold exactly the members their schema lists. */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerCreateAccountAnswer"] | components["schemas"]["PartnerListAccountsAnswer"] | components["schemas"]["PartnerListProjectsAnswer"] | components["schemas"]["PartnerCreateProjectAnswer"] | components["schemas"]["PartnerAddDocumentsAnswer"] | components["schemas"]["PartnerGetProjectStatusAnswer"] | components["schemas"]["PartnerConfirmDocumentsAnswer"] | components["schemas"]["PartnerDeleteDocumentsAnswer"] | components["schemas"]["PartnerStartAnalysisAnswer"] | components["schemas"]["PartnerRenameAnalysisAnswer"] | components["schemas"]["PartnerDeleteAnalysisAnswer"] | components["schemas"]["PartnerCompareCodingsAnswer"] | components["schemas"]["PartnerGetMatrixAnswer"] | components["schemas"]["PartnerUseAsCodebookAnswer"];
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not enough credits to pay for the confirmation. */
            402: {
                headers: {
                    /** @description stable machine-readable code: `insufficient_credits` (the balance does not cover the confirmation) */
                    "Sift-Error-Code"?: "insufficient_credits";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `confirm_documents`: several confirmable batches and no `documentIds`, a document not awaiting confirmation, or `expectedCreditCost` differing from the current cost (the message states it). `Sift-Error-Code` tells them apart; other actions answer 409 for an existing name or a category or field that is not empty. */
            409: {
                headers: {
                    /** @description stable machine-readable code: `conflict` (the request conflicts with the current state (the message says how)); `not_awaiting_confirmation` (`confirm_documents`: a named document is not awaiting confirmation); `mixed_pipelines` (`confirm_documents`: the named documents belong to different pipelines); `nothing_to_confirm` (`confirm_documents`: no document is awaiting confirmation); `several_batches` (`confirm_documents`: several confirmable batches and no `documentIds`); `cost_changed` (`confirm_documents`: `expectedCreditCost` differs from the current cost); `confirmed_meanwhile` (`confirm_documents`: some documents were confirmed or deleted by a concurrent request); `email_taken` (`create_user`: a user with this e-mail already exists (the message ends with their id, unless a concurrent request created them first)); `tag_exists` (`manage_tags`: a tag with this name, in any letter case, already exists in the project); `already_exists` (a concurrent request created the same thing first (a rule of the store without a more precise code)); `not_empty` (a category or metadata field still holds content; pass the delete-if-not-empty flag) */
                    "Sift-Error-Code"?: "conflict" | "not_awaiting_confirmation" | "mixed_pipelines" | "nothing_to_confirm" | "several_batches" | "cost_changed" | "confirmed_meanwhile" | "email_taken" | "tag_exists" | "already_exists" | "not_empty";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 67,108,864 bytes (the largest valid request of this surface, with room for layout), refused from its Content-Length; past 2 MB, one larger than the largest valid request of its action (read from its `action` member as it arrives) or holding more JSON values than any valid request of its action; or one that takes more than 30 s or 512 MB to read. The message names the limit. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminDispatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminRequest"];
            };
        };
        responses: {
            /** @description Success: the action's answer, `<Surface><Action>Answer` (the operation's `x-sift-answers` maps each action to its schema). Answers hold exactly the members their schema lists. */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminCreateUserAnswer"] | components["schemas"]["AdminCreateAccountAnswer"] | components["schemas"]["AdminCreateProjectAnswer"] | components["schemas"]["AdminAddMemberAnswer"] | components["schemas"]["AdminCreateProjectKeyAnswer"] | components["schemas"]["AdminCreateAccountKeyAnswer"] | components["schemas"]["AdminRevokeKeyAnswer"] | components["schemas"]["AdminCreatePartnerAnswer"] | components["schemas"]["AdminGrantCreditsAnswer"] | components["schemas"]["AdminGetCreditsAnswer"] | components["schemas"]["AdminSetProjectPipelineAnswer"];
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A name that already exists (a tag, a user's e-mail), or a category or metadata field that is not empty. */
            409: {
                headers: {
                    /** @description stable machine-readable code: `conflict` (the request conflicts with the current state (the message says how)); `not_awaiting_confirmation` (`confirm_documents`: a named document is not awaiting confirmation); `mixed_pipelines` (`confirm_documents`: the named documents belong to different pipelines); `nothing_to_confirm` (`confirm_documents`: no document is awaiting confirmation); `several_batches` (`confirm_documents`: several confirmable batches and no `documentIds`); `cost_changed` (`confirm_documents`: `expectedCreditCost` differs from the current cost); `confirmed_meanwhile` (`confirm_documents`: some documents were confirmed or deleted by a concurrent request); `email_taken` (`create_user`: a user with this e-mail already exists (the message ends with their id, unless a concurrent request created them first)); `tag_exists` (`manage_tags`: a tag with this name, in any letter case, already exists in the project); `already_exists` (a concurrent request created the same thing first (a rule of the store without a more precise code)); `not_empty` (a category or metadata field still holds content; pass the delete-if-not-empty flag) */
                    "Sift-Error-Code"?: "conflict" | "not_awaiting_confirmation" | "mixed_pipelines" | "nothing_to_confirm" | "several_batches" | "cost_changed" | "confirmed_meanwhile" | "email_taken" | "tag_exists" | "already_exists" | "not_empty";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 65,536 bytes (the largest valid request of this surface, with room for layout), refused from its Content-Length; past 2 MB, one larger than the largest valid request of its action (read from its `action` member as it arrives) or holding more JSON values than any valid request of its action; or one that takes more than 30 s or 512 MB to read. The message names the limit. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    accountUpload: {
        parameters: {
            query: {
                projectId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    file: string[];
                };
                "application/json": components["schemas"]["UploadUrls"];
            };
        };
        responses: {
            /** @description The documents created */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadAnswer"];
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A file over 50 MB, or a plain-text file (.txt, .md, .csv, .tsv, .vtt, .srt) over 20 MB: a document's extracted text is at most 20,000,000 characters. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A media file (audio, video, image) or a type that cannot be read. */
            415: {
                headers: {
                    /** @description stable machine-readable code: `unsupported_media_type` (a media file or a type that cannot be read) */
                    "Sift-Error-Code"?: "unsupported_media_type";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    writeUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    file: string[];
                };
                "application/json": components["schemas"]["UploadUrls"];
            };
        };
        responses: {
            /** @description The documents created */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WriteUploadAnswer"];
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A file over 50 MB, or a plain-text file (.txt, .md, .csv, .tsv, .vtt, .srt) over 20 MB: a document's extracted text is at most 20,000,000 characters. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A media file (audio, video, image) or a type that cannot be read. */
            415: {
                headers: {
                    /** @description stable machine-readable code: `unsupported_media_type` (a media file or a type that cannot be read) */
                    "Sift-Error-Code"?: "unsupported_media_type";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    partnerUpload: {
        parameters: {
            query: {
                projectId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    file: string[];
                };
            };
        };
        responses: {
            /** @description The documents created */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadAnswer"];
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A file over 50 MB, or a plain-text file (.txt, .md, .csv, .tsv, .vtt, .srt) over 20 MB: a document's extracted text is at most 20,000,000 characters. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A media file (audio, video, image) or a type that cannot be read. */
            415: {
                headers: {
                    /** @description stable machine-readable code: `unsupported_media_type` (a media file or a type that cannot be read) */
                    "Sift-Error-Code"?: "unsupported_media_type";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportProject: {
        parameters: {
            query?: {
                format?: "qdpx";
                /** @description a run's `id` (`get_project` lists them): only its categories and insights */
                analysisId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archive, as an attachment */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 3,617,024 bytes (the largest valid request of this surface, with room for layout), refused from its Content-Length; past 2 MB, one larger than the largest valid request of its action (read from its `action` member as it arrives) or holding more JSON values than any valid request of its action; or one that takes more than 30 s or 512 MB to read. The message names the limit. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportAgreement: {
        parameters: {
            query: {
                /** @description a run's `id`, or `manual`: the coding made by hand or imported from REFI-QDA (`compare_codings`' `{analysisId: null}`) */
                a: string;
                /** @description a run's `id`, or `manual`: the coding made by hand or imported from REFI-QDA (`compare_codings`' `{analysisId: null}`) */
                b: string;
                /** @description the code pairs, as JSON: `[{"a": "code of a", "b": "code of b"}, …]` (as `compare_codings` takes them); by name otherwise */
                pairs?: string;
                /** @description comma-separated document ids; by default the documents both codings cover */
                documentIds?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The table, as an attachment (`agreement.csv`) */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 3,617,024 bytes (the largest valid request of this surface, with room for layout), refused from its Content-Length; past 2 MB, one larger than the largest valid request of its action (read from its `action` member as it arrives) or holding more JSON values than any valid request of its action; or one that takes more than 30 s or 512 MB to read. The message names the limit. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportMatrixCsv: {
        parameters: {
            query: {
                /** @description what the columns are, as `get_matrix`'s `columns` */
                columns: "participant" | "document" | "metadata" | "code";
                /** @description with `columns=metadata`, and only then: the field (short name, name or id) */
                field?: string;
                /** @description with `columns=code`, and only then: co-occurrence on a `passage` (default) or in a `document` */
                by?: "passage" | "document";
                /** @description a run's `id`, or `manual`: the coding made by hand or imported (`get_matrix`'s `analysisId: null`); every coding without it */
                analysisId?: string;
                /** @description a category whose children are the rows; the root categories without it */
                categoryId?: string;
                /** @description comma-separated document ids; every ready document without it (with a run, those it covers) */
                documentIds?: string;
                /** @description the figure each cell holds, as named in `get_matrix`'s cells */
                measure?: "insights" | "participants" | "shareOfRow" | "shareOfColumn" | "participantShare";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grid, as an attachment (`matrix.csv`) */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 3,617,024 bytes (the largest valid request of this surface, with room for layout), refused from its Content-Length; past 2 MB, one larger than the largest valid request of its action (read from its `action` member as it arrives) or holding more JSON values than any valid request of its action; or one that takes more than 30 s or 512 MB to read. The message names the limit. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportMatrixXlsx: {
        parameters: {
            query: {
                /** @description what the columns are, as `get_matrix`'s `columns` */
                columns: "participant" | "document" | "metadata" | "code";
                /** @description with `columns=metadata`, and only then: the field (short name, name or id) */
                field?: string;
                /** @description with `columns=code`, and only then: co-occurrence on a `passage` (default) or in a `document` */
                by?: "passage" | "document";
                /** @description a run's `id`, or `manual`: the coding made by hand or imported (`get_matrix`'s `analysisId: null`); every coding without it */
                analysisId?: string;
                /** @description a category whose children are the rows; the root categories without it */
                categoryId?: string;
                /** @description comma-separated document ids; every ready document without it (with a run, those it covers) */
                documentIds?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workbook, as an attachment (`matrix.xlsx`) */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 3,617,024 bytes (the largest valid request of this surface, with room for layout), refused from its Content-Length; past 2 MB, one larger than the largest valid request of its action (read from its `action` member as it arrives) or holding more JSON values than any valid request of its action; or one that takes more than 30 s or 512 MB to read. The message names the limit. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    importProject: {
        parameters: {
            query?: {
                format?: "qdpx";
                /** @description the new project's name; the archive's by default */
                name?: string;
                /** @description the new project's language; `en` by default */
                locale?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    file: string[];
                };
            };
        };
        responses: {
            /** @description The new project */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportAnswer"];
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A file over 50 MB, or a plain-text file (.txt, .md, .csv, .tsv, .vtt, .srt) over 20 MB: a document's extracted text is at most 20,000,000 characters. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A media file (audio, video, image) or a type that cannot be read. */
            415: {
                headers: {
                    /** @description stable machine-readable code: `unsupported_media_type` (a media file or a type that cannot be read) */
                    "Sift-Error-Code"?: "unsupported_media_type";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportCodebook: {
        parameters: {
            query?: {
                format?: "qdc" | "csv" | "md";
                /** @description a run's `id`; the project's categories without it */
                analysisId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The codebook, as an attachment */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                    "text/csv": string;
                    "text/markdown": string;
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 3,617,024 bytes (the largest valid request of this surface, with room for layout), refused from its Content-Length; past 2 MB, one larger than the largest valid request of its action (read from its `action` member as it arrives) or holding more JSON values than any valid request of its action; or one that takes more than 30 s or 512 MB to read. The message names the limit. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    accountImportCodebook: {
        parameters: {
            query: {
                projectId: string;
                /** @description by the file name's extension when left out */
                format?: "qdc" | "csv";
                /** @description the run's name; default `Codebook · <file name>` */
                name?: string;
                analysisGranularity?: "default" | "inclusive" | "overview";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    file: string;
                };
            };
        };
        responses: {
            /** @description The run started, and its categories */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodebookAnswer"];
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A codebook file over 5 MB. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    partnerImportCodebook: {
        parameters: {
            query: {
                projectId: string;
                /** @description by the file name's extension when left out */
                format?: "qdc" | "csv";
                /** @description the run's name; default `Codebook · <file name>` */
                name?: string;
                analysisGranularity?: "default" | "inclusive" | "overview";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    file: string;
                };
            };
        };
        responses: {
            /** @description The run started, and its categories */
            200: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description the request id (echoes a sane client-sent one) */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodebookAnswer"];
                };
            };
            /** @description Invalid JSON, or the body does not match the schema: `details` lists `{path, message}` per field (JSON Pointer). */
            400: {
                headers: {
                    /** @description stable machine-readable code: `invalid` (the body, a query parameter or a file does not match the schema; `details` says where) */
                    "Sift-Error-Code"?: "invalid";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked credential, or a credential of the wrong scope for this endpoint. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A read key where an edit key is needed, or a role below `owner`/`admin` on the project. */
            403: {
                headers: {
                    /** @description stable machine-readable code: `forbidden` (a read key or a role too low for this action) */
                    "Sift-Error-Code"?: "forbidden";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project, or an id named in the body, does not exist or is not reachable with this credential. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A method other than POST. */
            405: {
                headers: {
                    /** @description stable machine-readable code: `method_not_allowed` (a method other than POST) */
                    "Sift-Error-Code"?: "method_not_allowed";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A codebook file over 5 MB. */
            413: {
                headers: {
                    /** @description stable machine-readable code: `payload_too_large` (a body or file over its limit) */
                    "Sift-Error-Code"?: "payload_too_large";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected server error (never leaks internals; logged with the request id). */
            500: {
                headers: {
                    /** @description stable machine-readable code: `internal` (unexpected server error (logged with the request id)) */
                    "Sift-Error-Code"?: "internal";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is not answering (a restart, a failover): retry after `Retry-After` seconds. Also `find_entities` past its time budget. */
            503: {
                headers: {
                    /** @description stable machine-readable code: `unavailable` (the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later) */
                    "Sift-Error-Code"?: "unavailable";
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ready";
                        /** @description dependencies that do not answer but are not needed to serve: without Redis the rate limits are per process until it returns */
                        degraded?: "redis"[];
                        /** @description what the operator should know, e.g. a proxy `SIFT_TRUST_PROXY` does not name */
                        warnings?: string[];
                    };
                };
            };
            /** @description Not ready: `down` names the dependencies that did not answer within 2 s; `Retry-After` says when to ask again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "unavailable";
                        down: ("blobs" | "search" | "store")[];
                        /** @description dependencies that do not answer but are not needed to serve: without Redis the rate limits are per process until it returns */
                        degraded?: "redis"[];
                        /** @description what the operator should know, e.g. a proxy `SIFT_TRUST_PROXY` does not name */
                        warnings?: string[];
                    };
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Prometheus text format, version 0.0.4 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4; charset=utf-8": string;
                };
            };
            /** @description Missing or wrong operator token. */
            401: {
                headers: {
                    /** @description stable machine-readable code: `unauthorized` (missing, invalid or revoked credential, or one of the wrong scope) */
                    "Sift-Error-Code"?: "unauthorized";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No operator token is configured (`SIFT_ADMIN_TOKEN`): the endpoint is absent. */
            404: {
                headers: {
                    /** @description stable machine-readable code: `not_found` (the project, an id in the body, or the route does not exist for this credential) */
                    "Sift-Error-Code"?: "not_found";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many wrong credentials from this address (`SIFT_RATE_LIMIT_FAILED_AUTH`). */
            429: {
                headers: {
                    /** @description stable machine-readable code: `rate_limited` (rate limit exceeded; see `Retry-After`) */
                    "Sift-Error-Code"?: "rate_limited";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
}
