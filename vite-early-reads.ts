import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { earlyReadsStarter } from './client/src/lib/offline/early-reads';

/** A small script the build writes itself, named by its content like Vite's own assets (so caches stay right). */
export const scriptAsset = (name: string, source: string) =>
  `assets/${name}-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;

const STARTER = earlyReadsStarter();
const STARTER_FILE = scriptAsset('early-reads', STARTER);

/** The starter's tag in index.html; the landing page (no session needed to show it) leaves it out. */
export const EARLY_READS_TAG = /\s*<script async src="[^"]*assets\/early-reads-[0-9a-f]+\.js"><\/script>/;

/**
 * Puts the early-reads starter (client/src/lib/offline/early-reads.ts) first in the app page's head, as a small
 * async classic script, so the reads it starts are under way before the bundle has arrived. Build only: in
 * development the app reads as usual.
 */
export function earlyReads(): Plugin {
  let base = '/';
  return {
    name: 'valveops:early-reads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: 'asset', fileName: STARTER_FILE, source: STARTER });
    },
    transformIndexHtml: () => [
      { tag: 'script', attrs: { async: true, src: `${base}${STARTER_FILE}` }, injectTo: 'head-prepend' },
    ],
  };
}
