// A change since the last round in words (issue 21 §1): whose field it is and what it was and is
// now, from the same labels and formats as the case's rows. A field gone from this round is
// labelled from its path alone (it has no row any more).
import type { I18n } from '@lingui/core';
import type { CaseChange } from '../../../../contract/api/caseRounds';
import { caseSections, type CaseSection } from './caseSections';
import { rowLabel, rowValue, sectionTitle } from './caseValues';

export interface ChangeText {
  path: string;
  kind: CaseChange['kind'];
  /** "Beneficiary 1 · Mobile number". */
  label: string;
  before: string;
  after: string;
}

export function changeText(i18n: I18n, sections: readonly CaseSection[], change: CaseChange): ChangeText {
  let section = sections.find((s) => s.rows.some((r) => r.paths.includes(change.path)));
  let row = section?.rows.find((r) => r.paths.includes(change.path));
  if (!section || !row) {
    const [stepId = '', ...rest] = change.path.split('.');
    section = caseSections([
      {
        stepId,
        fields: [{ path: change.path, fieldPath: rest.join('.'), value: change.before, fileId: null }],
      },
    ])[0];
    row = section?.rows[0];
  }
  const label = section && row ? `${sectionTitle(i18n, section)} · ${rowLabel(i18n, row)}` : change.path;
  const local = row?.localPath ?? change.path;
  // A phone row's number is compared alone: its area code is a change of its own.
  const say = (value: CaseChange['before']) => rowValue(i18n, { localPath: local, value, areaCode: null });
  return {
    path: change.path,
    kind: change.kind,
    label,
    before: say(change.before),
    after: say(change.after),
  };
}
