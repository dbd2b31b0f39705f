// @ts-check
/**
 * The document worker (document-pool.ts starts it): reads HTML and PDF off the main thread, so
 * a huge or hostile page costs a worker's time, never the server's event loop; the pool ends a
 * worker that runs past its time. Plain JavaScript so that Node runs it as it is, from the
 * sources (API tests, `npm run dev`) and from dist/ (the build copies it there).
 *
 * HTML: linkedom parses; metadata (title, description, Open Graph, canonical, language) and the
 * absolute links are read first; @mozilla/readability keeps the readable content; turndown
 * (with GitHub-flavoured tables) writes it as Markdown. PDF: unpdf (pdf.js) reads text and
 * document info.
 */
import { parentPort } from 'node:worker_threads';
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';

/** Most links a page answer lists. */
const LINKS_MAX = 5000;

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  emDelimiter: '_',
});
turndown.use(gfm);
turndown.remove(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'form']);

/**
 * linkedom has no HTMLTableElement.rows, which the GFM table rule reads: the table's rows in
 * document order (its own, then those of thead, tbody and tfoot sections), as browsers give.
 * @param {any} document
 */
function polyfillTableRows(document) {
  const proto = Object.getPrototypeOf(document.createElement('table'));
  if ('rows' in proto) return;
  Object.defineProperty(proto, 'rows', {
    get() {
      const rows = [];
      for (const child of this.children) {
        if (child.tagName === 'TR') rows.push(child);
        else if (['THEAD', 'TBODY', 'TFOOT'].includes(child.tagName))
          for (const row of child.children) if (row.tagName === 'TR') rows.push(row);
      }
      return rows;
    },
  });
}

/** @param {string} value @param {string} base */
function absolute(value, base) {
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return null;
  }
}

/** @param {any} document @param {string} selector @param {string} attr */
function attr(document, selector, attr) {
  const value = document.querySelector(selector)?.getAttribute(attr);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * @param {{ html: string, url: string }} input
 * @returns {{ markdown: string, metadata: Record<string, unknown>, links: string[] }}
 */
function readHtml({ html, url }) {
  const full = /<html[\s>]/i.test(html)
    ? html
    : `<!doctype html><html><head></head><body>${html}</body></html>`;
  const { document } = parseHTML(full);
  polyfillTableRows(document);
  const baseHref = attr(document, 'base[href]', 'href');
  const base = (baseHref && absolute(baseHref, url)) || url;

  /** @type {Record<string, string>} */
  const openGraph = {};
  for (const meta of document.querySelectorAll('meta[property^="og:"]')) {
    const key = String(meta.getAttribute('property')).slice(3);
    const content = meta.getAttribute('content');
    if (key && typeof content === 'string' && !(key in openGraph)) openGraph[key] = content.trim();
  }
  const docTitle =
    typeof document.title === 'string' && document.title.trim() ? document.title.trim() : null;

  // Every link and image made absolute first: the markdown and the link list both use them.
  const links = [];
  const seen = new Set();
  for (const a of document.querySelectorAll('a[href]')) {
    const href = absolute(String(a.getAttribute('href')), base);
    if (!href || !/^https?:/i.test(href)) continue;
    a.setAttribute('href', href);
    const key = href.replace(/#.*$/, '');
    if (!seen.has(key) && links.length < LINKS_MAX) {
      seen.add(key);
      links.push(key);
    }
  }
  for (const img of document.querySelectorAll('img[src]')) {
    const src = absolute(String(img.getAttribute('src')), base);
    if (src) img.setAttribute('src', src);
  }

  // Readability changes the document; what it keeps is the page's readable content.
  // keepClasses: turndown reads a code block's language from its class, and skipping the
  // class clean-up saves a pass over the whole document.
  const article = new Readability(/** @type {any} */ (document), {
    serializer: (/** @type {any} */ el) => el,
    keepClasses: true,
  }).parse();
  const content = article?.content ?? document.body;
  let markdown = content ? turndown.turndown(/** @type {any} */ (content)).trim() : '';
  const title = openGraph.title ?? docTitle ?? article?.title ?? null;
  const heading = article?.title ?? docTitle;
  if (heading && !markdown.slice(0, 300).includes(heading))
    markdown = `# ${heading}\n\n${markdown}`;

  const image = openGraph.image ? absolute(openGraph.image, base) : null;
  const canonical = attr(document, 'link[rel="canonical"]', 'href');
  return {
    markdown,
    links,
    metadata: {
      title,
      description:
        attr(document, 'meta[name="description"]', 'content') ??
        openGraph.description ??
        article?.excerpt ??
        null,
      language: attr(document, 'html', 'lang') ?? article?.lang ?? null,
      canonicalUrl: canonical ? absolute(canonical, base) : null,
      siteName: openGraph.site_name ?? article?.siteName ?? null,
      byline: article?.byline ?? null,
      publishedTime:
        attr(document, 'meta[property="article:published_time"]', 'content') ??
        article?.publishedTime ??
        null,
      image,
      openGraph,
    },
  };
}

/**
 * @param {{ bytes: Uint8Array }} input
 * @returns {Promise<{ text: string, pages: number, title: string | null, author: string | null, description: string | null, language: string | null }>}
 */
async function readPdf({ bytes }) {
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  const { info } = /** @type {{ info: Record<string, unknown> }} */ (
    await getMeta(pdf).catch(() => ({ info: {} }))
  );
  const str = (/** @type {unknown} */ v) =>
    typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  await pdf.destroy();
  return {
    text: String(text).trim(),
    pages: totalPages,
    title: str(info.Title),
    author: str(info.Author),
    description: str(info.Subject),
    language: str(info.Language),
  };
}

parentPort?.on('message', async (/** @type {{ id: number, task: string, input: any }} */ job) => {
  try {
    const output = job.task === 'html' ? readHtml(job.input) : await readPdf(job.input);
    parentPort?.postMessage({ id: job.id, output });
  } catch (err) {
    parentPort?.postMessage({
      id: job.id,
      error: String(/** @type {Error} */ (err)?.message ?? err),
    });
  }
});
