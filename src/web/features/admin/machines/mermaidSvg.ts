// Mermaid (a large library) is loaded only when a diagram is first shown, never with the app's first
// chunk. Rendering is strict (no script, no HTML labels from the text) and never draws Mermaid's own
// "syntax error" picture: a failure rejects, and the page keeps showing the text.
import type { Mermaid } from 'mermaid';

let loading: Promise<Mermaid> | undefined;

function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      suppressErrorRendering: true,
      theme: 'neutral',
    });
    return mermaid;
  });
  // A failed download may succeed on the next diagram.
  loading.catch(() => (loading = undefined));
  return loading;
}

let renders = 0;

/** The SVG markup of one Mermaid text; `name` becomes part of the SVG's id (mermaid-<name>-<n>). */
export async function mermaidSvg(name: string, source: string): Promise<string> {
  const mermaid = await loadMermaid();
  // Ids stay unique even when one diagram is rendered twice (StrictMode, a re-render).
  const id = `mermaid-${name.replace(/[^A-Za-z0-9_-]/g, '_')}-${++renders}`;
  const { svg } = await mermaid.render(id, source);
  return svg;
}
