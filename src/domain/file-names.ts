/**
 * A file name as sift stores and shows it, whatever a client or a remote server sent: no control
 * characters (a NUL cannot be stored in PostgreSQL; the others garble logs and listings), no
 * spaces around it, at most 500 characters (the bound of a `filename` in a request); `fallback`
 * when nothing is left.
 */
export function cleanFileName(raw: string | null | undefined, fallback: string): string {
  const name = (raw ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim();
  return [...name].slice(0, 500).join('') || fallback;
}
