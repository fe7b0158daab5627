import { createHash } from 'node:crypto';

/** The id of the JSON list of module paths the loader fetches: the entry first, then what it imports. */
export const DEFERRED_MODULES_ID = 'deferred-modules';

/**
 * The one inline script of a page rendered on the server. That page shows without its scripts,
 * which only make it respond, so they are fetched once the page has loaded (its first photo
 * included) and been painted: on a slow connection what the visitor came to see gets the bandwidth
 * and the main thread first. (A page opened in a background tab paints, and so loads them, when
 * it is first shown.) Links work before then as plain links; buttons wait for the scripts, and forms keep
 * their submit button disabled until then (useHydrated).
 */
export const MODULE_LOADER = `(() => {
  const paths = JSON.parse(document.getElementById('${DEFERRED_MODULES_ID}').textContent);
  const add = (tag, props) => document.head.appendChild(Object.assign(document.createElement(tag), { crossOrigin: '' }, props));
  const load = () => {
    for (const href of paths.slice(1)) add('link', { rel: 'modulepreload', href });
    add('script', { type: 'module', src: paths[0] });
  };
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(load));
  if (document.readyState === 'complete') afterNextPaint();
  else addEventListener('load', afterNextPaint, { once: true });
})();`;

/** The loader's hash, the only inline script the Content-Security-Policy lets run. */
export const MODULE_LOADER_SOURCE = `'sha256-${createHash('sha256').update(MODULE_LOADER).digest('base64')}'`;
