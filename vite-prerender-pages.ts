import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { PluginContext } from 'rolldown';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { PRERENDERED_PAGES } from './common/prerendered-pages';
import { EARLY_READS_TAG, scriptAsset } from './vite-early-reads';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Renders in a process of its own: the app's modules leave timers behind (the query cache's clean-up) that would
 * keep the build from exiting, and browser-only globals stay out of Vite's process.
 */
async function renderInChild(module: string, page: string): Promise<string> {
  const script = `import(${JSON.stringify(pathToFileURL(module).href)}).then((m) => {
    process.stdout.write(m.renderPage(${JSON.stringify(page)}), () => process.exit(0));
  });`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A rendered page needs no JavaScript to show, so the app's code should not compete with it: its scripts come out
 * of the page and a small starter (a file: the CSP allows no inline script) asks for them once the page has
 * painted. The app then hydrates what is on screen (main.tsx).
 */
function startAfterPaint(html: string): { page: string; starter: string } {
  const entry = html.match(MODULE_SCRIPT)?.[1];
  if (!entry) throw new Error('index.html has no module script to start after the first paint');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const page = html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const starter = `requestAnimationFrame(() => setTimeout(() => {
  for (const href of ${JSON.stringify(preloads)}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = ${JSON.stringify(entry)};
  document.head.append(script);
}));
`;
  return { page, starter };
}

/** The brotli and gzip copies @fastify/static serves (preCompressed); they replace any made before. */
async function emitCompressed(context: PluginContext, fileName: string, content: Buffer) {
  for (const [suffix, compress] of [
    ['.br', promisify(brotliCompress)],
    ['.gz', promisify(gzip)],
  ] as const) {
    context.emitFile({ type: 'asset', fileName: `${fileName}${suffix}`, source: await compress(content) });
  }
}

/**
 * Writes each of PRERENDERED_PAGES: the built index.html with the page (client/src/prerender.tsx) rendered into
 * #root, so it paints before the app's JavaScript has arrived; main.tsx then hydrates it. The render runs
 * in a second, server-side build of the same sources into dist/prerender (beside node_modules' reach, so the
 * libraries it leaves external resolve). Brotli and gzip copies are written here because the compression plugin
 * has already passed over the bundle when this runs.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'valveops:prerender-pages',
    apply: 'build',
    // After Vite's own HTML step, which writes index.html into the bundle.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') this.error('no index.html in the bundle to render the pages into');
      const html = String(index.source);
      if (!html.includes(ROOT_ELEMENT)) this.error(`index.html has no empty ${ROOT_ELEMENT}`);

      const outDir = path.resolve(config.root, '../dist/prerender');
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        resolve: { alias: config.resolve.alias },
        build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, minify: false },
      });
      const { page: app, starter } = startAfterPaint(html);
      const starterFile = scriptAsset('start-app', starter);
      this.emitFile({ type: 'asset', fileName: starterFile, source: starter });
      const starterTag = `  <script defer src="${config.base}${starterFile}"></script>\n  </head>`;
      for (const { path: pagePath, file, earlyReads } of PRERENDERED_PAGES) {
        const markup = await renderInChild(path.join(outDir, 'prerender.js'), pagePath);
        // The landing page shows the same to everyone: it starts no reads of the app's (vite-early-reads.ts).
        const shell = earlyReads ? app : app.replace(EARLY_READS_TAG, '');
        const rendered = Buffer.from(
          shell.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`).replace('</head>', starterTag),
        );
        this.emitFile({ type: 'asset', fileName: file, source: rendered });
        await emitCompressed(this, file, rendered);
      }
    },
  };
}
