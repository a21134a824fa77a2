import { useState } from 'preact/hooks';
import { call } from '../api.js';
import type { MetadataField, MetadataValueOnDocument, ReadDocument } from '../types.js';
import { href } from '../router.js';
import { Empty, ErrorNote, Field, Loading, PageTitle, Select, TextArea, useAsync, useSubmit } from '../ui.js';
import type { ProjectProps } from './project.js';

interface Loaded {
  fields: MetadataField[];
  documents: ReadDocument[];
}

async function load(projectId: string): Promise<Loaded> {
  const { fields } = await call<{ fields: MetadataField[] }, 'read', 'get_metadata'>('read', 'get_metadata', {}, { projectId });
  const { documents } = await call<{ documents: ReadDocument[] }, 'read', 'get_documents'>('read', 'get_documents', {}, { projectId });
  return { fields, documents };
}

/** Metadata fields with their answer sets, and each document's values, refused ones shown as such. */
export function MetadataTab({ project, canWrite }: ProjectProps) {
  const projectId = project.shortId;
  const data = useAsync(() => load(projectId), [projectId]);
  return (
    <>
      <PageTitle>Metadata</PageTitle>
      {data.loading && !data.data && <Loading />}
      <ErrorNote error={data.error} onRetry={data.reload} />
      {data.data && (
        <>
          <ValuesTable loaded={data.data} projectId={projectId} />
          {canWrite && (
            <div class="columns">
              <SetValue loaded={data.data} projectId={projectId} onDone={data.reload} />
              <NewField projectId={projectId} onDone={data.reload} />
            </div>
          )}
        </>
      )}
    </>
  );
}

function Cell({ value }: { value: MetadataValueOnDocument | undefined }) {
  if (!value) return <span class="muted">–</span>;
  return (
    <>
      {value.text || (value.refused ? '' : <span class="muted">empty</span>)}
      {value.refused && (
        <span class="refused block" title="The field's closed answer set does not contain this value: it was stored empty.">
          refused: “{value.refused.text ?? value.refused.shortName}”
        </span>
      )}
    </>
  );
}

function ValuesTable({ loaded, projectId }: { loaded: Loaded; projectId: string }) {
  const { fields, documents } = loaded;
  if (fields.length === 0) {
    return (
      <Empty title="No metadata fields yet.">A field is a question every document answers (a participant's age group, a site, a date). Create one below.</Empty>
    );
  }
  return (
    <section aria-labelledby="values-title">
      <h2 id="values-title">Values</h2>
      <ul class="field-list">
        {fields.map((f) => (
          <li key={f.id}>
            <strong>{f.text}</strong>{' '}
            <span class="muted">
              ({f.shortName}, {f.id})
            </span>{' '}
            {f.allowedValues?.length ? (
              <span class="muted">
                {f.answerSetOpen ? 'suggested' : 'only'}: {f.allowedValues.join(', ')}
              </span>
            ) : (
              <span class="muted">any value</span>
            )}
          </li>
        ))}
      </ul>
      {documents.length === 0 ? (
        <Empty title="No documents to describe yet." />
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Document</th>
                {fields.map((f) => (
                  <th key={f.id} scope="col">
                    {f.shortName}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {documents.map((d) => (
                <tr key={d.id}>
                  <th scope="row">
                    <a href={href(['p', projectId, 'read', d.id])}>{d.filename}</a>
                  </th>
                  {fields.map((f) => (
                    <td key={f.id}>
                      <Cell value={d.metadata.find((m) => m.fieldId === f.id)} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function SetValue({ loaded, projectId, onDone }: { loaded: Loaded; projectId: string; onDone: () => void }) {
  const [documentId, setDocumentId] = useState('');
  const [fieldId, setFieldId] = useState('');
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const { busy, error, submit } = useSubmit(async () => {
    const doc = documentId || loaded.documents[0]?.id;
    const field = fieldId || loaded.fields[0]?.id;
    if (!doc || !field) return;
    const answer = await call<{ refused: { fieldId: string; text?: string }[] }, 'write', 'set_metadata_values'>(
      'write',
      'set_metadata_values',
      { documentId: doc, values: [{ fieldId: field, text: text.trim() }] },
      { projectId },
    );
    setOutcome(
      answer.refused.length > 0
        ? `Refused: "${text.trim()}" is not in the field's answer set; it is kept (shown as refused) and the value stays empty.`
        : 'Saved.',
    );
    setText('');
    onDone();
  });
  if (loaded.fields.length === 0 || loaded.documents.length === 0) return null;
  return (
    <section aria-labelledby="set-value" class="card grow">
      <h2 id="set-value">Set a value</h2>
      <form onSubmit={submit}>
        <Select
          label="Document"
          options={loaded.documents.map((d) => [d.id, d.filename] as const)}
          value={documentId || loaded.documents[0]?.id}
          onChange={(e) => setDocumentId(e.currentTarget.value)}
        />
        <Select
          label="Field"
          options={loaded.fields.map((f) => [f.id, f.text] as const)}
          value={fieldId || loaded.fields[0]?.id}
          onChange={(e) => setFieldId(e.currentTarget.value)}
        />
        <Field label="Value" required maxLength={2000} value={text} onInput={(e) => setText(e.currentTarget.value)} />
        <ErrorNote error={error} />
        {outcome && (
          <p class="notice" role="status">
            {outcome}
          </p>
        )}
        <button type="submit" disabled={busy || !text.trim()}>
          Save value
        </button>
      </form>
    </section>
  );
}

function NewField({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const [text, setText] = useState('');
  const [allowed, setAllowed] = useState('');
  const [open, setOpen] = useState(false);
  const { busy, error, submit } = useSubmit(async () => {
    const values = allowed
      .split(/\r?\n|,/)
      .map((v) => v.trim())
      .filter(Boolean);
    await call(
      'write',
      'manage_metadata_fields',
      { operation: 'create', text: text.trim(), ...(values.length ? { allowedValues: values.slice(0, 200), answerSetOpen: open } : {}) },
      { projectId },
    );
    setText('');
    setAllowed('');
    onDone();
  });
  return (
    <section aria-labelledby="new-field" class="card side">
      <h2 id="new-field">New field</h2>
      <form onSubmit={submit}>
        <Field label="Name" required maxLength={500} value={text} onInput={(e) => setText(e.currentTarget.value)} />
        <TextArea
          label="Allowed values (optional)"
          rows={3}
          value={allowed}
          onInput={(e) => setAllowed(e.currentTarget.value)}
          hint="One per line or separated by commas; leave empty for any value."
        />
        <div class="check">
          <input id="answer-open" type="checkbox" checked={open} onChange={(e) => setOpen(e.currentTarget.checked)} />
          <label for="answer-open">Accept other values too</label>
        </div>
        <ErrorNote error={error} />
        <button type="submit" disabled={busy || !text.trim()}>
          Create field
        </button>
      </form>
    </section>
  );
}
