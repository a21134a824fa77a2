import { useState } from 'preact/hooks';
import { call } from '../api.js';
import type { Insight, Note, Tag } from '../types.js';
import { href } from '../router.js';
import { ErrorNote, Select, TextArea, useAsync, useSubmit, when } from '../ui.js';

/** The insight a highlight supports: its categories, tags and notes; editors tag it and add notes. */
export function InsightPanel(props: { insight: Insight; runName: string; projectId: string; canWrite: boolean; quotesFound: number; closeHref: string }) {
  const { insight, projectId, canWrite, quotesFound, closeHref } = props;
  const notes = useAsync(() => call<{ notes: Note[] }, 'read', 'get_notes'>('read', 'get_notes', {}, { projectId }), [projectId, insight.id]);
  const mine = (notes.data?.notes ?? []).filter((n) => n.targetType === 'documentInsight' && n.targetId === insight.id);
  return (
    <section class="insight-panel card" aria-labelledby="panel-title">
      <p class="muted small">
        Insight {insight.id} · {quotesFound} of {insight.quotes.length} quote{insight.quotes.length === 1 ? '' : 's'} highlighted
      </p>
      <h2 id="panel-title" class="insight-text">
        {insight.text}
      </h2>
      {insight.description && <p>{insight.description}</p>}
      <p>
        <span class="label">Categories</span>{' '}
        {insight.categories.length === 0
          ? 'none'
          : insight.categories.map((c, k) => (
              <span key={c.id}>
                {k > 0 && ', '}
                <a href={href(['p', projectId, 'explore'], { category: c.id })}>{c.text}</a>
              </span>
            ))}
      </p>
      <p>
        <span class="label">Run</span> {props.runName}
      </p>
      <p>
        <span class="label">Tags</span> {insight.tags.length === 0 ? 'none' : insight.tags.map((t) => t.text).join(', ')}
      </p>
      {mine.length > 0 && (
        <>
          <h3 class="small-heading">Notes</h3>
          <ul class="notes">
            {mine.map((n) => (
              <li key={n.id}>
                {n.text} <span class="muted">({when(n.createdAt)})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {canWrite && <TagInsight insightId={insight.id} projectId={projectId} />}
      {canWrite && <NoteOnInsight insightId={insight.id} projectId={projectId} onAdded={notes.reload} />}
      <p>
        <a href={closeHref}>Close</a>
      </p>
    </section>
  );
}

function TagInsight({ insightId, projectId }: { insightId: string; projectId: string }) {
  const tags = useAsync(() => call<{ tags: Tag[] }, 'read', 'get_tags'>('read', 'get_tags', {}, { projectId }), [projectId]);
  const [tagId, setTagId] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const list = tags.data?.tags ?? [];
  const { busy, error, submit } = useSubmit(async () => {
    const id = tagId || list[0]?.id;
    if (!id) return;
    await call('write', 'manage_tags', { operation: 'add_targets', id, insightIds: [insightId] }, { projectId });
    setDone(`Tagged ${list.find((t) => t.id === id)?.text ?? id}. Reload the page to see it on the insight.`);
  });
  if (tags.data && list.length === 0) {
    return (
      <p class="hint">
        No tags yet: create them under <a href={href(['p', projectId, 'notes'])}>Tags, notes &amp; memos</a>.
      </p>
    );
  }
  return (
    <form onSubmit={submit} class="inline-form">
      <Select
        label="Tag this insight"
        options={list.map((t) => [t.id, t.text] as const)}
        value={tagId || list[0]?.id}
        onChange={(e) => setTagId(e.currentTarget.value)}
      />
      <button type="submit" class="secondary" disabled={busy || list.length === 0}>
        Add tag
      </button>
      {done && (
        <p class="hint" role="status">
          {done}
        </p>
      )}
      <ErrorNote error={error} />
    </form>
  );
}

function NoteOnInsight({ insightId, projectId, onAdded }: { insightId: string; projectId: string; onAdded: () => void }) {
  const [text, setText] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    await call('write', 'create_note', { targetType: 'documentInsight', targetId: insightId, text: text.trim() }, { projectId });
    setText('');
    onAdded();
  });
  return (
    <form onSubmit={submit}>
      <TextArea label="Add a note to this insight" rows={2} value={text} onInput={(e) => setText(e.currentTarget.value)} />
      <ErrorNote error={error} />
      <button type="submit" class="secondary" disabled={busy || !text.trim()}>
        Add note
      </button>
    </form>
  );
}
