// After `vite build` and the SSR build of src/prerender.tsx: writes each public page's HTML into
// dist/pages/<name>.html (the gateway serves it for its path), and each staff screen's (the shell
// with its chunks as modulepreload links), then precompresses every text file of dist with
// brotli and gzip (the gateway picks one by Accept-Encoding).
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = new URL('..', import.meta.url).pathname;
const dist = join(web, 'dist');
const ssrDir = join(web, '.ssr');

const { renderPage, PRERENDERED_PAGES, PRELOADED_STAFF_PAGES, STAFF_FRAME_MODULES } = await import(
  pathToFileURL(join(ssrDir, 'prerender.js')).href
);
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const ROOT = '<div id="root"></div>';
if (!shell.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** A style sheet of dist as an inline <style>: a phone draws the page without waiting for it. */
const inlineStyle = (file) => `<style>${readFileSync(join(dist, file), 'utf8')}</style>`;
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * What the page needs besides the entry: its chunk's styles (inline, so nothing shifts when the
 * chunk arrives) and its scripts as modulepreload links, fetched with the entry's instead of
 * after it, and found in place by Vite's loader, which would otherwise add each link itself
 * while the page hydrates (on a phone that showed as a long task). The poster comes first.
 */
function pageHead(module) {
  const { scripts, css } = chunksOf([module]);
  return [...modulePreloads(scripts), ...[...css].filter(fresh).map(inlineStyle)].join('');
}

/** The scripts and styles of `modules` and of everything they import statically. */
function chunksOf(modules) {
  const css = new Set();
  const scripts = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`${module} is not in Vite's manifest`);
    visit(module);
  }
  return { scripts, css };
}

const fresh = (file) => !shell.includes(`/${file}"`);
const modulePreloads = (scripts) =>
  [...scripts]
    .filter(fresh)
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);

/** The landing video's poster (its largest element), asked for before the scripts. */
function posterPreload(body) {
  const poster = body.match(/<video[^>]* poster="([^"]+)"/)?.[1];
  return poster ? `<link rel="preload" as="image" href="${poster}" fetchpriority="high">` : '';
}

mkdirSync(join(dist, 'pages'), { recursive: true });
for (const { path, module } of PRERENDERED_PAGES) {
  const body = await renderPage(path);
  const html = shell
    .replace('<title>', `${posterPreload(body)}<title>`)
    .replace(STYLESHEET_LINK, (_, file) => inlineStyle(file))
    .replace('</head>', `${pageHead(module)}</head>`)
    // The page is drawn without its scripts: the HTML and the poster get a slow line first.
    .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
    .replace(ROOT, `<div id="root">${body}</div>`);
  writeFileSync(join(dist, 'pages', `${pageName(path)}.html`), html);
}
// A staff screen opened at its address (a bookmark, a reload): its scripts are fetched with the
// entry's. Its styles stay with Vite's loader, which links each when its chunk runs.
for (const { path, module } of PRELOADED_STAFF_PAGES) {
  const { scripts } = chunksOf([...STAFF_FRAME_MODULES, module]);
  const html = shell.replace('</head>', `${modulePreloads(scripts).join('')}</head>`);
  writeFileSync(join(dist, 'pages', `${pageName(path)}.html`), html);
}
rmSync(ssrDir, { recursive: true, force: true });

let files = 0;
for (const file of walk(dist)) {
  if (!/\.(html|js|css|svg|json|txt|map)$/.test(file)) continue;
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
}
console.log(
  `prerendered ${PRERENDERED_PAGES.length} pages, ${PRELOADED_STAFF_PAGES.length} staff pages' preloads, precompressed ${files} files`,
);

/** '/' -> index, '/customer-form' -> customer-form (the gateway maps paths the same way). */
function pageName(path) {
  return path === '/' ? 'index' : path.slice(1);
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}
