import { useEffect, useState } from 'preact/hooks';

/**
 * Hash routing (`/#/p/P1/explore?category=C2`): the server serves one page at `/`, and every
 * view of the console has an address that can be bookmarked, shared and reloaded.
 */
export interface Route {
  /** Path segments, e.g. `['p', 'P1', 'explore']`. */
  parts: string[];
  query: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [path = '', search = ''] = raw.split('?', 2);
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((p) => decodeURIComponent(p));
  return { parts, query: new URLSearchParams(search) };
}

/** The address of a view: `href(['p', id, 'read', doc], {insight: 'I3'})`. */
export function href(parts: readonly string[], query: Record<string, string | undefined | null> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) q.set(k, v);
  const search = q.toString();
  return `#/${parts.map(encodeURIComponent).join('/')}${search ? `?${search}` : ''}`;
}

export function navigate(to: string): void {
  if (window.location.hash === to) return;
  window.location.hash = to;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
