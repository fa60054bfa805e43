// The rows a reviewer flags for revision and a comment per row (issue 21 §1), kept while the case is
// open. A row may stand for several paths (a phone number is its area code and number).
import { useState } from 'react';
import type { FlagControl } from './CaseFields';

export function useFieldFlags(): FlagControl & { list: string[] } {
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());
  const [comments, setComments] = useState<ReadonlyMap<string, string>>(new Map());
  return {
    flagged,
    comments,
    list: [...flagged],
    toggle(paths, on) {
      setFlagged((current) => {
        const next = new Set(current);
        for (const path of paths) {
          if (on) next.add(path);
          else next.delete(path);
        }
        return next;
      });
    },
    comment(key, text) {
      setComments((current) => new Map(current).set(key, text));
    },
  };
}
