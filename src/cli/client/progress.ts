import { MultiBar, Presets, type SingleBar } from 'cli-progress';
import type { UploadProgress } from '@sift/client';
import { bytes, type Io } from './output.js';

/**
 * Progress on standard error: bars on a terminal; in a pipe, a plain line whenever the state
 * changes (none with `--json`).
 */
export interface Progress {
  /** `value` of `total`, with a short state such as `running` or `3 of 4 ready`. */
  update(value: number, total: number, state: string): void;
  stop(): void;
}

const OPTIONS = { stream: process.stderr, hideCursor: true, clearOnComplete: false, barsize: 30, autopadding: true, fps: 10 };

export function progressBar(io: Io, label: string): Progress {
  if (!io.tty) {
    let last = '';
    return {
      update: (_value, _total, state) => {
        if (!io.json && state !== last) io.err(`${label}: ${state}`);
        last = state;
      },
      stop: () => undefined,
    };
  }
  const multi = new MultiBar({ ...OPTIONS, format: `${label} {bar} {percentage}% | {state}` }, Presets.shades_classic);
  let bar: SingleBar | null = null;
  return {
    update: (value, total, state) => {
      bar ??= multi.create(Math.max(total, 1), 0, { state });
      bar.setTotal(Math.max(total, 1));
      bar.update(total === 0 ? 0 : value, { state });
    },
    stop: () => multi.stop(),
  };
}

/** One bar per file on a terminal, made when its bytes start to leave; nothing in a pipe (the summary follows). */
export function uploadBars(io: Io): { update(p: UploadProgress): void; stop(): void } {
  if (!io.tty) return { update: () => undefined, stop: () => undefined };
  // The file's name comes last: a narrow terminal cuts the end of a line.
  const multi = new MultiBar({ ...OPTIONS, barsize: 20, format: '{bar} {percentage}% | {sent} | {filename}{state}' }, Presets.shades_classic);
  const bars = new Map<number, SingleBar>();
  return {
    update: (p) => {
      const total = Math.max(p.total ?? p.loaded, 1);
      const payload = { filename: p.filename, sent: bytes(p.loaded).padStart(8), state: p.document ? ` → ${p.document.status}` : '' };
      let bar = bars.get(p.index);
      if (!bar) {
        bar = multi.create(total, 0, payload);
        bars.set(p.index, bar);
      }
      bar.update(p.document ? total : Math.min(p.loaded, total), payload);
    },
    stop: () => multi.stop(),
  };
}
