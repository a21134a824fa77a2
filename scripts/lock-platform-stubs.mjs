#!/usr/bin/env node
// The npm registry reachable here serves only this platform's builds of packages such as
// rollup's native binaries, so `npm install` leaves the other platforms' optional packages out
// of package-lock.json, and `npm ci` then refuses the lock. This adds lock entries for those
// optional packages with their os/cpu, which npm ci skips on this platform without fetching.
// Run after any `npm install` that rewrites the lock: node scripts/lock-platform-stubs.mjs
import fs from 'node:fs';

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const pkgs = lock.packages;
const PLATFORM = /(android|darwin|freebsd|linux|openbsd|openharmony|win32|sunos|aix|netbsd)-(arm64|arm|x64|ia32|loong64|ppc64|riscv64|s390x|mips64el)/;
let added = 0;
for (const [where, meta] of Object.entries(pkgs)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const nested = `${where}/node_modules/${name}`;
    if (pkgs[key] || pkgs[nested]) continue;
    const m = PLATFORM.exec(name);
    if (!m) continue;
    const entry = { version, cpu: [m[2]], os: [m[1]], optional: true };
    if (meta.dev) entry.dev = true;
    if (/musl/.test(name)) entry.libc = ['musl'];
    else if (m[1] === 'linux' && /gnu/.test(name)) entry.libc = ['glibc'];
    pkgs[key] = entry;
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform stub entries`);
