import { useState } from 'preact/hooks';
import { call, type ActionOf, type BodyOf } from '../api.js';
import { href } from '../router.js';
import { ErrorNote, Field, PageTitle, Select, useSubmit } from '../ui.js';

type AdminAction = ActionOf<'admin'>;

interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'number' | 'email';
  options?: readonly (readonly [string, string])[];
  required?: boolean;
  hint?: string;
}

interface FormSpec {
  action: AdminAction;
  title: string;
  fields: FieldSpec[];
  submit: string;
}

const ROLE_OPTIONS = [
  ['member', 'member (reads)'],
  ['viewer', 'viewer (reads)'],
  ['admin', 'admin (writes)'],
  ['owner', 'owner (writes)'],
] as const;

const TABS: Record<string, { title: string; forms: FormSpec[] }> = {
  users: {
    title: 'Users',
    forms: [
      {
        action: 'create_user',
        title: 'New user',
        submit: 'Create user',
        fields: [
          { name: 'email', label: 'E-mail', type: 'email', required: true },
          { name: 'name', label: 'Name' },
        ],
      },
    ],
  },
  accounts: {
    title: 'Accounts',
    forms: [
      {
        action: 'create_account',
        title: 'New account',
        submit: 'Create account',
        fields: [
          { name: 'name', label: 'Account name', required: true },
          { name: 'ownerUserId', label: "Owner's user id", required: true },
          { name: 'credits', label: 'Initial credits', type: 'number' },
        ],
      },
      {
        action: 'create_account_key',
        title: 'Account key (to sign in here)',
        submit: 'Create account key',
        fields: [
          { name: 'accountId', label: 'Account id', required: true },
          { name: 'userId', label: 'User id', required: true },
        ],
      },
      {
        action: 'create_project',
        title: 'New project',
        submit: 'Create project',
        fields: [
          { name: 'accountId', label: 'Account id', required: true },
          { name: 'ownerUserId', label: "Owner's user id", required: true },
          { name: 'name', label: 'Project name', required: true },
        ],
      },
      {
        action: 'add_member',
        title: 'Add a member to a project',
        submit: 'Add member',
        fields: [
          { name: 'projectId', label: 'Project id (P… or UUID)', required: true },
          { name: 'userId', label: 'User id', required: true },
          { name: 'role', label: 'Role', options: ROLE_OPTIONS, required: true },
        ],
      },
      { action: 'revoke_key', title: 'Revoke a key', submit: 'Revoke key', fields: [{ name: 'key', label: 'The key (or partner secret)', required: true }] },
    ],
  },
  partners: {
    title: 'Partners',
    forms: [
      {
        action: 'create_partner',
        title: 'New partner',
        submit: 'Create partner',
        fields: [
          { name: 'name', label: 'Name', required: true },
          { name: 'credits', label: 'Initial credits', type: 'number' },
        ],
      },
    ],
  },
  credits: {
    title: 'Credits',
    forms: [
      {
        action: 'grant_credits',
        title: 'Grant credits',
        submit: 'Grant',
        fields: [
          { name: 'accountId', label: 'Account id (or leave empty for a partner)' },
          { name: 'partnerId', label: 'Partner id (or leave empty for an account)' },
          { name: 'amount', label: 'Amount (negative takes credits back)', type: 'number', required: true },
        ],
      },
      {
        action: 'get_credits',
        title: 'Balance and ledger',
        submit: 'Show',
        fields: [
          { name: 'accountId', label: 'Account id' },
          { name: 'partnerId', label: 'Partner id' },
        ],
      },
    ],
  },
};

/** Operator pages: the operator surface's actions as forms; each answer is shown in full (secrets once). */
export function OperatorPage({ tab }: { tab: string }) {
  const current = TABS[tab] ?? TABS.users!;
  const [log, setLog] = useState<{ title: string; answer: unknown }[]>([]);
  return (
    <div class="page">
      <PageTitle>Operator · {current.title}</PageTitle>
      <nav aria-label="Operator" class="tabs">
        <ul class="nav-list tab-list">
          {Object.entries(TABS).map(([id, t]) => (
            <li key={id}>
              <a class="tab-link" href={href(['operator', id])} aria-current={t === current ? 'page' : undefined}>
                {t.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p class="hint">
        Ids and secrets appear under "Answers" below; secrets (keys) are shown only once. The same actions are on the command line: <code>sift admin</code>.
      </p>
      <div class="grid-3">
        {current.forms.map((f) => (
          <ActionForm key={f.action} spec={f} onAnswer={(answer) => setLog((l) => [{ title: f.title, answer }, ...l].slice(0, 20))} />
        ))}
      </div>
      <section aria-labelledby="answers-title">
        <h2 id="answers-title">Answers</h2>
        {log.length === 0 ? (
          <p class="muted">Nothing done yet on this page.</p>
        ) : (
          <ul class="answers" aria-live="polite">
            {log.map((e, k) => (
              <li key={log.length - k} class="card">
                <h3 class="small-heading">{e.title}</h3>
                <pre>{JSON.stringify(e.answer, null, 2)}</pre>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ActionForm({ spec, onAnswer }: { spec: FormSpec; onAnswer: (answer: unknown) => void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const { busy, error, submit } = useSubmit(async () => {
    const body: Record<string, unknown> = {};
    for (const f of spec.fields) {
      const v = (values[f.name] ?? (f.options ? f.options[0]![0] : '')).trim();
      if (v === '') continue;
      body[f.name] = f.type === 'number' ? Number(v) : v;
    }
    onAnswer(await call<unknown, 'admin'>('admin', spec.action, body as BodyOf<'admin', typeof spec.action>));
    setValues({});
  });
  const id = `op-${spec.action}`;
  return (
    <section class="card" aria-labelledby={id}>
      <h2 id={id}>{spec.title}</h2>
      <form onSubmit={submit}>
        {spec.fields.map((f) =>
          f.options ? (
            <Select
              key={f.name}
              label={f.label}
              options={f.options}
              value={values[f.name] ?? f.options[0]![0]}
              onChange={(e) => setValues({ ...values, [f.name]: e.currentTarget.value })}
            />
          ) : (
            <Field
              key={f.name}
              label={f.label}
              type={f.type ?? 'text'}
              required={f.required}
              value={values[f.name] ?? ''}
              onInput={(e) => setValues({ ...values, [f.name]: e.currentTarget.value })}
            />
          ),
        )}
        <ErrorNote error={error} />
        <button type="submit" disabled={busy}>
          {spec.submit}
        </button>
      </form>
    </section>
  );
}
