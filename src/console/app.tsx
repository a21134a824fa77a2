import { useEffect, useState } from 'preact/hooks';
import { getSession, onSignedOut, signOut } from './api.js';
import type { SessionInfo } from './types.js';
import { href, useRoute } from './router.js';
import { forgetProjects } from './projects-cache.js';
import { ErrorNote, Loading } from './ui.js';
import { SignInPage } from './pages/sign-in.js';
import { ProjectsPage } from './pages/projects.js';
import { ProjectPage } from './pages/project.js';
import { CreditsPage } from './pages/credits.js';
import { OperatorPage } from './pages/operator.js';
import { NotFound } from './pages/not-found.js';

export function App() {
  const [session, setSession] = useState<SessionInfo | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const load = () => {
    setError(null);
    getSession().then(setSession, setError);
  };
  useEffect(load, []);
  // A new session (another user, or the operator) never sees the previous one's project list.
  useEffect(() => forgetProjects(), [session?.kind]);
  useEffect(
    () =>
      onSignedOut((why) => {
        setMessage(why);
        setSession({ kind: 'none' });
      }),
    [],
  );

  if (error) {
    return (
      <main id="main" class="page narrow">
        <ErrorNote error={error} onRetry={load} />
      </main>
    );
  }
  if (!session) return <Loading label="Opening the console…" />;
  if (session.kind === 'none') {
    return (
      <SignInPage
        message={message}
        onSignedIn={(s) => {
          setMessage(null);
          setSession(s);
        }}
      />
    );
  }
  return (
    <Shell
      session={session}
      onSignOut={async () => {
        await signOut().catch(() => undefined);
        setMessage('You are signed out.');
        setSession({ kind: 'none' });
        window.location.hash = '#/';
      }}
    />
  );
}

function Shell({ session, onSignOut }: { session: Exclude<SessionInfo, { kind: 'none' }>; onSignOut: () => void }) {
  const route = useRoute();
  const [first] = route.parts;
  const who = session.kind === 'operator' ? 'Operator' : (session.user.email ?? session.user.name ?? 'signed in');
  const nav: [string, string, boolean][] =
    session.kind === 'operator'
      ? [['Operator', href(['operator']), true]]
      : [
          ['Projects', href(['projects']), first === undefined || first === 'projects' || first === 'p'],
          ['Credits', href(['credits']), first === 'credits'],
        ];
  return (
    <>
      {/* A button, not a link to #main: the address's hash is the console's router. */}
      <button type="button" class="skip-link" onClick={() => document.getElementById('main')?.focus()}>
        Skip to content
      </button>
      <header class="topbar">
        <a class="brand" href={href([])}>
          sift
        </a>
        <nav aria-label="Main">
          <ul class="nav-list">
            {nav.map(([label, to, current]) => (
              <li key={label}>
                <a class="topnav-link" href={to} aria-current={current ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <span class="who-name" title={session.kind === 'account' ? (session.account.name ?? '') : ''}>
            {who}
          </span>
          <button type="button" class="secondary small" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Page session={session} parts={route.parts} query={route.query} />
      </main>
    </>
  );
}

function Page({ session, parts, query }: { session: Exclude<SessionInfo, { kind: 'none' }>; parts: string[]; query: URLSearchParams }) {
  const [first, second, ...rest] = parts;
  if (session.kind === 'operator') {
    if (first === undefined || first === 'operator') return <OperatorPage tab={second ?? 'users'} />;
    return <NotFound />;
  }
  if (first === undefined || first === 'projects') return <ProjectsPage />;
  if (first === 'p' && second) return <ProjectPage projectId={second} parts={rest} query={query} />;
  if (first === 'credits') return <CreditsPage />;
  return <NotFound />;
}
