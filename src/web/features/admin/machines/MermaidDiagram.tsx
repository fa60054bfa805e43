// A machine's generated Mermaid text drawn as SVG. Until Mermaid has loaded and drawn it, and for
// good when drawing fails (an old browser, a text Mermaid refuses), the text itself is shown: a
// reviewer can still read it, or copy it into any Mermaid viewer.
import { useLingui } from '@lingui/react/macro';
import { Box, Code } from '@mantine/core';
import { useEffect, useState } from 'react';
import { mermaidSvg } from './mermaidSvg';

type Drawing = { kind: 'drawing' } | { kind: 'drawn'; svg: string } | { kind: 'failed' };

export function MermaidDiagram({ name, source }: { name: string; source: string }) {
  const { t } = useLingui();
  const [drawing, setDrawing] = useState<Drawing>({ kind: 'drawing' });
  useEffect(() => {
    let current = true;
    setDrawing({ kind: 'drawing' });
    mermaidSvg(name, source).then(
      (svg) => {
        if (current) setDrawing({ kind: 'drawn', svg });
      },
      (error: unknown) => {
        if (!current) return;
        console.warn(`the diagram of ${name} could not be drawn; showing its Mermaid text`, error);
        setDrawing({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [name, source]);

  if (drawing.kind !== 'drawn') {
    return (
      <Code block aria-label={t`Mermaid source of ${name}`} data-diagram={drawing.kind}>
        {source}
      </Code>
    );
  }
  // Mermaid's strict mode has sanitised the SVG (no script, no HTML from the text).
  return (
    <Box
      data-diagram="drawn"
      style={{ overflowX: 'auto' }}
      dangerouslySetInnerHTML={{ __html: drawing.svg }}
    />
  );
}
