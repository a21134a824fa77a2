import type { Store } from '../store/store.js';
import { adminOps } from '../domain/admin.js';

export interface DemoCredentials {
  projectId: string;
  projectShortId: string;
  editKey: string;
  readKey: string;
  accountKey: string;
  partnerSecret: string;
}

/** On an empty store, creates a demo user, account, project and one key of each kind. */
export async function bootstrapIfEmpty(store: Store): Promise<DemoCredentials | null> {
  const any = await store.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const { user } = await adminOps.create_user(store, { action: 'create_user', email: 'demo@sift.local', name: 'Demo researcher' });
  const { account } = await adminOps.create_account(store, { action: 'create_account', name: 'Demo team', ownerUserId: user.id, credits: 1000 });
  const { project } = await adminOps.create_project(store, {
    action: 'create_project',
    accountId: account.id,
    ownerUserId: user.id,
    name: 'Demo project',
    locale: 'en',
    description: 'Created on first start so you can try the API.',
  });
  const editKey = (await adminOps.create_project_key(store, { action: 'create_project_key', projectId: project.id, userId: user.id, access: 'edit' })).key;
  const readKey = (await adminOps.create_project_key(store, { action: 'create_project_key', projectId: project.id, userId: user.id, access: 'read' })).key;
  const accountKey = (await adminOps.create_account_key(store, { action: 'create_account_key', accountId: account.id, userId: user.id })).key;
  const partnerSecret = (await adminOps.create_partner(store, { action: 'create_partner', name: 'Demo partner', credits: 1000 })).secret;
  return { projectId: project.id, projectShortId: project.shortId, editKey, readKey, accountKey, partnerSecret };
}

export function describeDemo(c: DemoCredentials, baseUrl: string): string {
  return [
    '',
    'sift: first start — a demo project and keys were created. They are shown only this once:',
    `  project        ${c.projectShortId} (${c.projectId})`,
    `  edit key       ${c.editKey}`,
    `  read key       ${c.readKey}`,
    `  account key    ${c.accountKey}`,
    `  partner secret ${c.partnerSecret}`,
    '',
    'Open the console in a browser and sign in with the account key:',
    `  ${baseUrl}/`,
    '',
    'Or try the API:',
    `  curl -s -X POST ${baseUrl}/api/sift-read -H 'Authorization: Bearer ${c.readKey}' -H 'Content-Type: application/json' -d '{"action":"get_project"}'`,
    '',
    'Or the command line (docs/cli.md):',
    `  echo '${c.accountKey}' | npx sift login --url ${baseUrl} && npx sift status`,
    '',
  ].join('\n');
}
