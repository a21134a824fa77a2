import { useState } from 'preact/hooks';
import { call } from '../api.js';
import type { Memo, Note, Tag } from '../types.js';
import { href } from '../router.js';
import { Empty, ErrorNote, Field, Loading, PageTitle, Select, TextArea, useAsync, useSubmit, when } from '../ui.js';
import type { ProjectProps } from './project.js';

/** Tags (with what they mark), notes (with what they are on) and memos (summaries). */
export function AnnotationsTab({ project, canWrite }: ProjectProps) {
  return (
    <>
      <PageTitle>Tags, notes &amp; memos</PageTitle>
      <div class="columns">
        <Tags projectId={project.shortId} canWrite={canWrite} />
        <Notes projectId={project.shortId} canWrite={canWrite} />
      </div>
      <Memos projectId={project.shortId} />
    </>
  );
}

function Swatch({ color }: { color: string | null }) {
  // Colours are set through the DOM's style object: the Content-Security-Policy refuses inline style attributes.
  const paint = (el: HTMLSpanElement | null) => {
    if (el) el.style.backgroundColor = color ?? 'transparent';
  };
  return <span class="swatch" aria-hidden="true" ref={paint} />;
}

function targetLink(projectId: string, id: string) {
  if (id.startsWith('D')) return href(['p', projectId, 'read', id]);
  if (id.startsWith('I')) return href(['p', projectId, 'insight', id]);
  return href(['p', projectId, 'explore'], { category: id });
}

function Tags({ projectId, canWrite }: { projectId: string; canWrite: boolean }) {
  const tags = useAsync(() => call<{ tags: Tag[] }, 'read', 'get_tags'>('read', 'get_tags', {}, { projectId }), [projectId]);
  const [text, setText] = useState('');
  const [color, setColor] = useState('#2f6fde');
  const create = useSubmit(async () => {
    await call('write', 'manage_tags', { operation: 'create', text: text.trim(), color }, { projectId });
    setText('');
    tags.reload();
  });
  const [removeError, setRemoveError] = useState<Error | null>(null);
  const del = async (id: string) => {
    setRemoveError(null);
    try {
      await call('write', 'manage_tags', { operation: 'delete', id }, { projectId });
      tags.reload();
    } catch (err) {
      setRemoveError(err as Error);
    }
  };
  const list = tags.data?.tags ?? [];
  return (
    <section aria-labelledby="tags-title" class="grow">
      <h2 id="tags-title">Tags</h2>
      {tags.loading && !tags.data && <Loading />}
      <ErrorNote error={tags.error} onRetry={tags.reload} />
      {tags.data && list.length === 0 && (
        <Empty title="No tags yet.">{canWrite ? 'Create one below, then tag insights from the document reader.' : 'Owners and admins create them.'}</Empty>
      )}
      <ul class="tags">
        {list.map((t) => {
          const targets = [...t.documentIds, ...t.insightIds, ...t.categoryIds];
          return (
            <li key={t.id} class="tag-row">
              <Swatch color={t.color} /> <strong>{t.text}</strong> <span class="muted">{t.id}</span>
              {t.description && <span class="muted block">{t.description}</span>}
              <span class="block">
                {targets.length === 0
                  ? 'marks nothing yet'
                  : targets.map((id, k) => (
                      <span key={id}>
                        {k > 0 && ', '}
                        <a href={targetLink(projectId, id)}>{id}</a>
                      </span>
                    ))}
              </span>
              {canWrite && (
                <button type="button" class="secondary small" onClick={() => del(t.id)} aria-label={`Delete tag ${t.text}`}>
                  Delete
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <ErrorNote error={removeError} />
      {canWrite && (
        <form onSubmit={create.submit} class="card">
          <h3 class="small-heading">New tag</h3>
          <Field label="Name" required maxLength={500} value={text} onInput={(e) => setText(e.currentTarget.value)} />
          <Field label="Colour" type="color" value={color} onInput={(e) => setColor(e.currentTarget.value)} />
          <ErrorNote error={create.error} />
          <button type="submit" disabled={create.busy || !text.trim()}>
            Create tag
          </button>
        </form>
      )}
    </section>
  );
}

const NOTE_TARGETS = [
  ['document', 'Document (D…)'],
  ['documentInsight', 'Insight (I…)'],
  ['insightCategory', 'Category'],
] as const;
type NoteTarget = (typeof NOTE_TARGETS)[number][0];

function Notes({ projectId, canWrite }: { projectId: string; canWrite: boolean }) {
  const notes = useAsync(() => call<{ notes: Note[] }, 'read', 'get_notes'>('read', 'get_notes', {}, { projectId }), [projectId]);
  const [targetType, setTargetType] = useState<NoteTarget>('document');
  const [targetId, setTargetId] = useState('');
  const [text, setText] = useState('');
  const create = useSubmit(async () => {
    await call('write', 'create_note', { targetType, targetId: targetId.trim(), text: text.trim() }, { projectId });
    setText('');
    notes.reload();
  });
  const list = notes.data?.notes ?? [];
  return (
    <section aria-labelledby="notes-title" class="grow">
      <h2 id="notes-title">Notes</h2>
      {notes.loading && !notes.data && <Loading />}
      <ErrorNote error={notes.error} onRetry={notes.reload} />
      {notes.data && list.length === 0 && <Empty title="No notes yet.">Add one below, or on an insight in the document reader.</Empty>}
      <ul class="notes">
        {list.map((n) => (
          <li key={n.id}>
            <p>{n.text}</p>
            <p class="muted small">
              {n.id} on {n.targetId ? <a href={targetLink(projectId, n.targetId)}>{n.targetId}</a> : 'a deleted item'} · {when(n.createdAt)}
            </p>
          </li>
        ))}
      </ul>
      {canWrite && (
        <form onSubmit={create.submit} class="card">
          <h3 class="small-heading">New note</h3>
          <Select label="On" options={NOTE_TARGETS} value={targetType} onChange={(e) => setTargetType(e.currentTarget.value as NoteTarget)} />
          <Field label="Its id" required placeholder="D1, I4 or a category id" value={targetId} onInput={(e) => setTargetId(e.currentTarget.value)} />
          <TextArea label="Note" required rows={3} maxLength={10000} value={text} onInput={(e) => setText(e.currentTarget.value)} />
          <ErrorNote error={create.error} />
          <button type="submit" disabled={create.busy || !text.trim() || !targetId.trim()}>
            Add note
          </button>
        </form>
      )}
    </section>
  );
}

function Memos({ projectId }: { projectId: string }) {
  const memos = useAsync(() => call<{ memos: Memo[] }, 'read', 'get_memos'>('read', 'get_memos', {}, { projectId }), [projectId]);
  const list = memos.data?.memos ?? [];
  return (
    <section aria-labelledby="memos-title">
      <h2 id="memos-title">Memos</h2>
      {memos.loading && !memos.data && <Loading />}
      <ErrorNote error={memos.error} onRetry={memos.reload} />
      {memos.data && list.length === 0 && (
        <Empty title="No memos yet.">
          Memos are the summaries an analysis writes: start "Write summaries" on the <a href={href(['p', projectId, 'analysis'])}>Analysis</a> page.
        </Empty>
      )}
      <ul class="memos">
        {list.map((m) => (
          <li key={m.id} class="card">
            <h3 class="small-heading">{m.title || m.kind}</h3>
            <p class="muted small">
              {m.id} · {m.kind}
              {m.documentId && (
                <>
                  {' '}
                  · <a href={href(['p', projectId, 'read', m.documentId])}>{m.documentId}</a>
                </>
              )}
              {m.value && <> · {m.value}</>}
            </p>
            <p class="memo-text">{m.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
