// Rules that compare fields run as soon as the fields they read are valid, not only when the
// whole form is: the user sees "passwords do not match" next to a still-empty company name.
import type { core } from 'zod';

/** A `when` for refinements: the value is an object and none of `keys` has an issue yet. */
export function whenFieldsValid(...keys: readonly string[]): (payload: core.ParsePayload) => boolean {
  return (payload) => {
    if (typeof payload.value !== 'object' || payload.value === null) return false;
    return !payload.issues.some((issue) => {
      const head = issue.path?.[0];
      // A root-level issue (wrong type, unknown discriminator) leaves nothing to compare.
      return head === undefined || keys.includes(String(head));
    });
  };
}
