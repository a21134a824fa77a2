import { useState } from 'preact/hooks';
import { ApiError, uploadFiles, uploadUrls } from '../api.js';
import type { AccountDocument } from '../types.js';
import { ErrorNote, TextArea, useSubmit } from '../ui.js';

/**
 * Uploading: files dropped or chosen (sent in batches, with each file's share of the bytes sent
 * shown as its progress) and addresses the server fetches.
 */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** The server takes at most 20 files per upload; batches also stay small enough to show progress. */
const BATCH_FILES = 20;
const BATCH_BYTES = 100 * 1024 * 1024;
export interface UploadItem {
  key: number;
  file: File;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  /** 0..1 of this file's bytes sent. */
  progress: number;
  error?: string;
}

/** Cuts the files into requests of at most 20 files and about 100 MB. */
function batches(items: UploadItem[]): UploadItem[][] {
  const out: UploadItem[][] = [];
  let current: UploadItem[] = [];
  let bytes = 0;
  for (const item of items) {
    if (current.length > 0 && (current.length >= BATCH_FILES || bytes + item.file.size > BATCH_BYTES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += item.file.size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

let nextKey = 1;

export function FileUpload({
  projectId,
  uploads,
  setUploads,
  onUploaded,
  onNotice,
}: {
  projectId: string;
  uploads: UploadItem[];
  setUploads: (f: (u: UploadItem[]) => UploadItem[]) => void;
  onUploaded: () => void;
  onNotice: (s: string) => void;
}) {
  const [over, setOver] = useState(false);
  const patch = (keys: number[], change: (u: UploadItem) => Partial<UploadItem>) =>
    setUploads((all) => all.map((u) => (keys.includes(u.key) ? { ...u, ...change(u) } : u)));

  const send = async (items: UploadItem[]) => {
    for (const batch of batches(items)) {
      const keys = batch.map((b) => b.key);
      const total = batch.reduce((s, b) => s + b.file.size, 0) || 1;
      patch(keys, () => ({ state: 'uploading', progress: 0, error: undefined }));
      try {
        await uploadFiles(
          projectId,
          batch.map((b) => b.file),
          (loaded, sent) => {
            // The body is the files one after the other: each file's share of the bytes sent so far.
            const scale = sent > 0 ? total / sent : 1;
            let before = 0;
            const progress = new Map<number, number>();
            for (const b of batch) {
              progress.set(b.key, Math.max(0, Math.min(1, (loaded * scale - before) / (b.file.size || 1))));
              before += b.file.size;
            }
            patch(keys, (u) => ({ progress: progress.get(u.key) ?? u.progress }));
          },
        );
        patch(keys, () => ({ state: 'done', progress: 1 }));
        onNotice(
          `${batch.length} file${batch.length === 1 ? '' : 's'} uploaded: sift is extracting the text and pricing ${batch.length === 1 ? 'it' : 'them'}.`,
        );
      } catch (err) {
        const message = (err as Error).message;
        // The server refuses a whole request for one bad file and names it: mark that one, offer the others again.
        const named = batch.filter((b) => message.includes(`"${b.file.name}"`));
        patch(keys, (u) =>
          named.length === 0 || named.some((n) => n.key === u.key)
            ? { state: 'failed', error: message }
            : { state: 'failed', error: 'not sent: another file of the same upload was refused; send it again' },
        );
        if (err instanceof ApiError && err.status === 401) return;
      }
      onUploaded();
    }
  };

  const add = (files: FileList | File[]) => {
    const fresh: UploadItem[] = [...files].map((file) =>
      file.size > MAX_FILE_BYTES
        ? { key: nextKey++, file, state: 'failed', progress: 0, error: 'larger than 50 MB: sift does not take it' }
        : { key: nextKey++, file, state: 'waiting', progress: 0 },
    );
    setUploads((all) => [...all, ...fresh]);
    void send(fresh.filter((f) => f.state === 'waiting'));
  };

  const retry = () => {
    const again = uploads.filter((u) => u.state === 'failed' && u.file.size <= MAX_FILE_BYTES && !u.error?.includes(`"${u.file.name}"`));
    if (again.length) void send(again);
  };

  return (
    <section aria-labelledby="upload-files" class="card grow">
      <h2 id="upload-files">Upload files</h2>
      <fieldset
        class={over ? 'dropzone over' : 'dropzone'}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (e.dataTransfer?.files.length) add(e.dataTransfer.files);
        }}
      >
        <legend class="visually-hidden">Files to upload</legend>
        <p>Drop interview transcripts, survey exports or reports here, several at once,</p>
        {/* Before its label: the label shows the hidden input's keyboard focus (app.css). */}
        <input
          id="file-input"
          class="visually-hidden"
          type="file"
          multiple
          onChange={(e) => {
            const files = e.currentTarget.files;
            if (files?.length) add([...files]);
            e.currentTarget.value = '';
          }}
        />
        <label class="button secondary" for="file-input">
          or choose files…
        </label>
        <p class="hint">Text, PDF, Word, Excel, PowerPoint, OpenDocument, HTML, CSV; up to 50 MB each. Nothing is charged until you confirm.</p>
      </fieldset>
      {uploads.length > 0 && (
        <ul class="upload-list" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} class={`upload upload-${u.state}`}>
              <span class="upload-name">{u.file.name}</span>
              <progress max={1} value={u.progress} aria-label={`${u.file.name}: ${Math.round(u.progress * 100)}% sent`} />
              <span class="upload-state">
                {u.state === 'done' ? 'uploaded' : u.state === 'uploading' ? `${Math.round(u.progress * 100)}%` : u.state === 'waiting' ? 'waiting' : 'failed'}
              </span>
              {u.error && <span class="upload-error">{u.error}</span>}
            </li>
          ))}
        </ul>
      )}
      {uploads.some((u) => u.state === 'done' || u.state === 'failed') && (
        <button type="button" class="secondary small" onClick={() => setUploads((all) => all.filter((u) => u.state === 'waiting' || u.state === 'uploading'))}>
          Clear finished uploads
        </button>
      )}{' '}
      {uploads.some((u) => u.state === 'failed' && u.error?.startsWith('not sent')) && (
        <button type="button" class="secondary" onClick={retry}>
          Send the others again
        </button>
      )}
    </section>
  );
}

export function UrlUpload({ projectId, onUploaded, onNotice }: { projectId: string; onUploaded: () => void; onNotice: (s: string) => void }) {
  const [text, setText] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    const urls = text
      .split(/\s+/)
      .map((u) => u.trim())
      .filter(Boolean)
      .slice(0, 20)
      .map((url) => ({ url }));
    const answer = await uploadUrls<{ documents: AccountDocument[] }>(projectId, { urls });
    setText('');
    onNotice(`${answer.documents.length} document${answer.documents.length === 1 ? '' : 's'} fetched.`);
    onUploaded();
  });
  return (
    <section aria-labelledby="upload-urls" class="card side">
      <h2 id="upload-urls">Upload from addresses</h2>
      <form onSubmit={submit}>
        <TextArea
          label="Addresses, one per line (up to 20)"
          rows={4}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          placeholder="https://example.org/report.pdf"
          hint="sift fetches public addresses only (unless your operator allows a private network)."
        />
        <ErrorNote error={error} />
        <button type="submit" disabled={busy || !text.trim()}>
          {busy ? 'Fetching…' : 'Fetch'}
        </button>
      </form>
    </section>
  );
}
