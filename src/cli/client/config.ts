import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError, EXIT } from './output.js';

/** A read key the client minted for a project with an account key (kept to be reused, revoked by `sift logout`). */
export interface ReadKey {
  id: string;
  secret: string;
}

/** What `sift login` saves: never written with a mode other than 0600. */
export interface SavedConfig {
  url?: string;
  key?: string;
  /** What `key` is: an account key reaches the account surface, a project key only its project's read surface. */
  kind?: 'account' | 'project';
  /** The default project (its `P…` short id). */
  project?: string;
  /** Read keys minted per account key and project: `<account key fingerprint>:<project UUID>`. */
  readKeys?: Record<string, ReadKey>;
}

export const DEFAULT_URL = 'http://127.0.0.1:8080';

/** `$SIFT_CONFIG`, else `$XDG_CONFIG_HOME/sift/config.json`, else `~/.config/sift/config.json`. */
export function configPath(env: NodeJS.ProcessEnv): string {
  if (env.SIFT_CONFIG) return path.resolve(env.SIFT_CONFIG);
  const base = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(os.homedir(), '.config');
  return path.join(base, 'sift', 'config.json');
}

export function loadConfig(file: string, warn: (line: string) => void): SavedConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError(`cannot read ${file}: ${(err as Error).message}`, EXIT.failed);
  }
  if (process.platform !== 'win32' && (fs.statSync(file).mode & 0o077) !== 0) {
    warn(`warning: ${file} is readable by others; it holds a key (chmod 600 ${file})`);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as SavedConfig;
  } catch {
    // Reported below.
  }
  throw new CliError(`${file} is not a JSON object: fix it or remove it and run sift login again`, EXIT.failed);
}

/** Writes the whole file anew, mode 0600 in a folder of mode 0700, replacing the old one in one step. */
export function saveConfig(file: string, config: SavedConfig): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(temp, 0o600);
  fs.renameSync(temp, file);
}

/** A short, non-secret name for a key, to file what was minted with it. */
export const fingerprint = (key: string) => crypto.createHash('sha256').update(key).digest('hex').slice(0, 16);
