// The rows a reviewer flags for revision and a comment per row (issue 21 §1), kept while the case is
// open. A row may stand for several paths (a phone number is its area code and number). Each flag,
// unflag and finished comment is also handed to `record`, which makes it a step of the case's
// timeline (issue 21 §3).
import { useRef, useState } from 'react';
import type { FieldComment } from '../../../../contract/api/fieldComments';
import type { FieldFlagRequest } from '../../../../contract/api/fieldFlags';
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

export function useFieldFlags(
  record: (request: FieldFlagRequest) => void = () => {},
): FlagControl & { list: string[] } {
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());
  const [comments, setComments] = useState<ReadonlyMap<string, string>>(new Map());
  // The comment per row as last recorded, so a blur without an edit records nothing.
  const recorded = useRef(new Map<string, string>());
  return {
    flagged,
    comments,
    list: [...flagged],
    toggle(paths, on) {
      if (paths.length > 0) record({ step: on ? 'flag' : 'unflag', fields: [...paths] });
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
    commit(key, paths) {
      const text = comments.get(key)?.trim() ?? '';
      if (paths.length === 0 || text === (recorded.current.get(key) ?? '')) return;
      recorded.current.set(key, text);
      record({ step: 'comment', fields: [...paths], ...(text ? { comment: text } : {}) });
    },
  };
}
