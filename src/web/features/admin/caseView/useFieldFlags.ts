// The rows a reviewer flags for revision and a comment per row (issue 21 §1), kept while the case is
// open. A row may stand for several paths (a phone number is its area code and number).
import { useState } from 'react';
import type { FieldComment } from '../../../../contract/api/fieldComments';
import type { FlagControl } from './CaseFields';
import type { CaseSection } from './caseSections';

/** Every flagged path of a commented row with the row's comment (blank comments left out). */
export function commentsOf(
  sections: readonly CaseSection[],
  flagged: ReadonlySet<string>,
  comments: ReadonlyMap<string, string>,
): FieldComment[] {
  return sections.flatMap((section) =>
    section.rows.flatMap((row) => {
      const comment = comments.get(row.key)?.trim() ?? '';
      if (!comment) return [];
      return row.paths.filter((p) => flagged.has(p)).map((field) => ({ field, comment }));
    }),
  );
}

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
