import type { ComponentChildren, JSX } from 'preact';
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiError } from './api.js';

/** Loads data for a view; `reload` runs it again, answers of an earlier run are dropped. */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<{ data?: T; error: Error | null; loading: boolean }>({ error: null, loading: true });
  const run = useRef(0);
  const reload = useCallback(() => {
    const mine = ++run.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => mine === run.current && setState({ data, error: null, loading: false }),
      (error: Error) => mine === run.current && setState((s) => ({ ...s, error, loading: false })),
    );
  }, deps);
  useEffect(() => {
    reload();
  }, [reload]);
  return { ...state, reload, setData: (data: T) => setState({ data, error: null, loading: false }) };
}

/** Calls `tick` every `ms` while `ms` is not null (status polling while something runs). */
export function useInterval(tick: () => void, ms: number | null): void {
  const saved = useRef(tick);
  saved.current = tick;
  useEffect(() => {
    if (ms === null) return;
    const id = setInterval(() => saved.current(), ms);
    return () => clearInterval(id);
  }, [ms]);
}

/** What to do next, by the kind of failure (the server's message says what went wrong). */
function nextStep(err: Error): string | null {
  if (!(err instanceof ApiError)) return 'Reload the page; if it happens again, the server log says more.';
  switch (err.status) {
    case 0:
      return null;
    case 400:
      return 'Correct the marked value and send again.';
    case 401:
      return 'Sign in again with your account key.';
    case 402:
      return 'Your account has too few credits: ask your operator to grant more, or confirm fewer documents.';
    case 403:
      return 'Your role on this project does not allow this: ask an owner or admin of the project.';
    case 404:
      return 'It may have been deleted meanwhile: go back and reload the list.';
    case 409:
      return 'Something changed meanwhile: reload, check the new state, and try again.';
    case 413:
      return 'Send smaller files (50 MB at most each).';
    case 415:
      return 'sift reads text, PDF, Word, Excel, PowerPoint, OpenDocument, HTML and CSV files; leave this file out.';
    case 429:
      return `Too many requests in a minute${err.retryAfter ? `: wait ${err.retryAfter} s` : ''}, then try again.`;
    default:
      return err.status >= 500 ? 'The server failed: try again in a moment; the server log has the request id.' : null;
  }
}

export function ErrorNote({ error, onRetry }: { error: Error | null | undefined; onRetry?: () => void }) {
  if (!error) return null;
  const step = nextStep(error);
  return (
    <div class="error-note" role="alert">
      <p>
        <strong>{error.message}</strong>
      </p>
      {step && <p>{step}</p>}
      {error instanceof ApiError && error.details.length > 0 && error.details[0]!.path && (
        <ul>
          {error.details.map((d) => (
            <li key={d.path}>
              <code>{d.path}</code>: {d.message}
            </li>
          ))}
        </ul>
      )}
      {onRetry && (
        <button type="button" class="secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p class="loading" role="status">
      {label}
    </p>
  );
}

/** An empty state: what is missing and what to do about it. */
export function Empty({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <p class="empty-title">{title}</p>
      {children && <div class="empty-hint">{children}</div>}
    </div>
  );
}

/** The view's heading, focused when the view opens so that screen readers announce it. */
export function PageTitle({ children, focus = true }: { children: ComponentChildren; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus({ preventScroll: true });
  }, [focus]);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

type InputProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'id' | 'label'>;

/** A labelled input with an optional hint and error, wired by ids for assistive technology. */
export function Field({ label, hint, error, ...input }: { label: string; hint?: ComponentChildren; error?: string | null } & InputProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} aria-invalid={error ? true : undefined} {...input} />
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && <p class="field-error">{error}</p>}
    </div>
  );
}

type TextAreaProps = Omit<JSX.TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'label'>;

export function TextArea({ label, hint, ...area }: { label: string; hint?: ComponentChildren } & TextAreaProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...area} />
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

type SelectProps = Omit<JSX.SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'label'>;

export function Select({ label, options, ...select }: { label: string; options: readonly (readonly [string, string])[] } & SelectProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} {...select}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

const STATUS_TEXT: Record<string, string> = {
  pending: 'extracting text',
  awaiting_confirmation: 'awaiting confirmation',
  processing: 'processing',
  ready: 'ready',
  empty: 'empty',
  failed: 'failed',
  queued: 'queued',
  running: 'running',
  completed: 'completed',
};

export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge badge-${status}`}>{STATUS_TEXT[status] ?? status}</span>;
}

export const credits = (n: number | null | undefined) => (n === null || n === undefined ? '–' : `${n.toLocaleString('en')} credit${n === 1 ? '' : 's'}`);

export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '–');

/** A polite live region: announces short outcomes ("3 documents confirmed") without moving focus. */
export function Notice({ text }: { text: string | null }) {
  return (
    <p class={text ? 'notice' : 'notice notice-empty'} role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** A form's submit handler with its busy flag and error, so every form behaves alike. */
export function useSubmit(action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const submit = async (e?: Event) => {
    e?.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, submit, setError };
}
