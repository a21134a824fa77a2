import { adminActions } from '../schema/admin.js';

type Props = Record<string, { type?: string; enum?: string[] }>;

export const USAGE = `sift — self-hostable qualitative research service, and its command-line client

Usage: sift <command> [options]   (sift <command> --help explains one)

Client commands (against a running server: sift login first, or set SIFT_URL and SIFT_API_KEY):
  sift login [--url <url>]   save the server's address and your key (config file, mode 0600)
  sift logout                forget the key (and revoke the read keys sift minted with it)
  sift projects [create <name> | use <project>]
                             list the projects the key reaches, create one, or choose the default
  sift upload <files or folders>… [--wait]
                             upload documents, with a progress bar per file
  sift status [--wait]       documents, prices, credits and analyses of the project
  sift confirm [--yes] [--wait]
                             show the price, ask, and confirm the documents (charges credits)
  sift analyze automatic|predefined|summaries|metadata_summaries [--wait]
                             start an analysis (with --wait, follow its progress)
  sift search "<query>"      search the project's documents and insights
  sift insights [--category <name or id>]…
                             list the project's insights with their quotes
  sift export --format json|csv|md|qdpx [--analysis <run id>] [--out <file>]
                             the project's insights as JSON, CSV or Markdown, or a REFI-QDA archive
  sift compare --a <run|manual> --b <run|manual> [--csv]
                             agreement of two codings (two runs, or a run and the coding by hand)

  Each takes --help, --json (one JSON document on standard output, for scripts), --url <url>,
  and --project <id or name> where it works on a project. Environment: SIFT_URL, SIFT_API_KEY,
  SIFT_PROJECT, SIFT_CONFIG (default $XDG_CONFIG_HOME/sift/config.json or ~/.config/sift/config.json).
  Exit codes: 0 done, 1 failed (server error, unreachable, analysis failed, declined),
  2 usage or invalid request, 3 not logged in or not allowed, 4 not found or conflict
  (e.g. the price changed), 5 not enough credits.

Server commands (on the configured store):
  sift serve [--workers <n>]  run the API (and n background work loops; 0 for none) on HOST:PORT
  sift worker [--concurrency <n>] [--health-port <port>]
                             run background workers only, beside API processes (docs/deploy.md)
  sift admin <action> …      run an operator action against the configured store
  sift admin --help          list the operator actions and their members
  sift admin export --format qdpx --project <id> [--analysis <run id>] [--out <file>]
                             write a project as a REFI-QDA archive (NVivo, ATLAS.ti, MAXQDA, QualCoder)
  SIFT_API_KEY=<read key> sift mcp
                             serve a project's read tools to an AI agent over MCP (stdio)
  sift openapi               print the OpenAPI 3.1 document

  sift --help, sift help <command>, sift <command> --help, sift --version

Server configuration comes from the environment (or a .env file); see README.md. For example:
  HOST=0.0.0.0 PORT=8080 sift serve
`;

export const SERVE_USAGE = `Usage: sift serve [--workers <n>]

Runs the API on HOST:PORT, configured by the environment or .env. Background work (extraction,
pricing, anonymisation, indexing, analyses) runs in a thread of the same process, in
SIFT_WORKERS work loops; --workers overrides it, and --workers 0 runs none, leaving the work to
\`sift worker\` processes (docs/deploy.md). On SIGTERM or SIGINT the API finishes the requests
in flight and exits.
`;

export const OPENAPI_USAGE = `Usage: sift openapi   (prints the OpenAPI 3.1 document)
`;

function members(action: string): string {
  const schema = (adminActions as Record<string, { properties: Props; required?: string[] }>)[action]!;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties)
    .filter(([name]) => name !== 'action')
    .map(([name, p]) => {
      const value = p.enum ? p.enum.join('|') : (p.type ?? 'value');
      return required.has(name) ? `--${name} <${value}>` : `[--${name} <${value}>]`;
    })
    .join(' ');
}

/** Every operator action with its members, required ones first as the schema lists them. */
export function adminUsage(action?: string): string {
  const names = Object.keys(adminActions);
  if (action && names.includes(action)) return `Usage: sift admin ${action} ${members(action)}\n`;
  return `Usage: sift admin <action> --<member> <value> …  (prints the operator surface's JSON answer)\n\nActions:\n${names.map((n) => `  ${n} ${members(n)}`).join('\n')}\n\nAnd:\n  export --format qdpx --project <id> [--out <file.qdpx>]  (a project of the store as a REFI-QDA archive)\n`;
}
