import { adminActions } from '../schema/admin.js';

type Props = Record<string, { type?: string; enum?: string[] }>;

export const USAGE = `sift — self-hostable qualitative research service

Usage:
  sift serve                 run the API (and its background workers) on HOST:PORT
  sift admin <action> …      run an operator action against the configured store
  sift admin --help          list the operator actions and their members
  sift export --format qdpx --project <id> [--out <file>]
                             write a project as a REFI-QDA archive (NVivo, ATLAS.ti, MAXQDA, QualCoder)
  SIFT_API_KEY=<read key> sift mcp
                             serve a project's read tools to an AI agent over MCP (stdio)
  sift openapi               print the OpenAPI 3.1 document
  sift --help                this text

Configuration comes from the environment (or a .env file); see README.md. For example:
  HOST=0.0.0.0 PORT=8080 sift serve
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
  return `Usage: sift admin <action> --<member> <value> …  (prints the operator surface's JSON answer)\n\nActions:\n${names.map((n) => `  ${n} ${members(n)}`).join('\n')}\n`;
}
