import { adminActions } from '../schema/admin.js';
import { surfaceValidator } from '../schema/validate.js';
import { DomainError } from '../domain/errors.js';

type Props = Record<string, { type?: string }>;

/**
 * Turns `create_account --name Team --ownerUserId <id> --credits 100` into the same body the
 * HTTP operator surface takes, typed by the action's schema, and validates it the same way.
 */
export function parseAdminArgs(args: string[]): Record<string, unknown> {
  const [action, ...rest] = args;
  if (!action) throw new DomainError('invalid', `usage: sift admin <action> --<member> <value> … (actions: ${Object.keys(adminActions).join(', ')})`);
  const schema = (adminActions as Record<string, { properties: Props }>)[action];
  const body: Record<string, unknown> = { action };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i]!;
    if (!flag.startsWith('--')) throw new DomainError('invalid', `expected --<member>, got "${flag}"`);
    const name = flag.slice(2);
    const raw = rest[i + 1];
    if (raw === undefined) throw new DomainError('invalid', `--${name} needs a value`);
    i++;
    const type = schema?.properties[name]?.type;
    body[name] = type === 'integer' || type === 'number' ? Number(raw) : type === 'boolean' ? raw === 'true' : raw;
  }
  const result = surfaceValidator('admin')(body);
  if (!result.ok) throw new DomainError('invalid', result.message, result.details);
  return body;
}
