import { useState } from 'preact/hooks';
import { signIn } from '../api.js';
import type { SessionInfo } from '../types.js';
import { ErrorNote, Field, PageTitle, useSubmit } from '../ui.js';

/** Sign-in with an account key, or the operator token; the server keeps the session. */
export function SignInPage({ message, onSignedIn }: { message: string | null; onSignedIn: (s: SessionInfo) => void }) {
  const [key, setKey] = useState('');
  const { busy, error, submit } = useSubmit(async () => onSignedIn(await signIn(key)));
  return (
    <main id="main" class="sign-in">
      <div class="card">
        <p class="brand brand-large" aria-hidden="true">
          sift
        </p>
        <PageTitle>Sign in to the sift console</PageTitle>
        {message && (
          <p class="notice" role="status">
            {message}
          </p>
        )}
        <form onSubmit={submit}>
          <Field
            label="Account key"
            type="password"
            name="key"
            autoComplete="current-password"
            spellcheck={false}
            required
            value={key}
            onInput={(e) => setKey(e.currentTarget.value)}
            hint={
              <>
                Your account key starts with <code>sift_</code> and ends with <code>e</code>. On a fresh install, <code>npm start</code> prints one (the demo
                account key). Operators sign in with <code>SIFT_ADMIN_TOKEN</code>.
              </>
            }
          />
          <ErrorNote error={error} />
          <button type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <p class="fine">The key is sent once; the console keeps a session cookie that page scripts cannot read. Sign out when you are done.</p>
      </div>
    </main>
  );
}
