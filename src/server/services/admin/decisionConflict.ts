// Two reviewers deciding one case at once (issue 8): both send the case version they looked at;
// the row lock makes them run one after the other, and the second finds the version moved on.
import type { DecisionConflictData } from '../../../contract/api/admin';
import { AppError } from '../../errors';

export function assertUnchangedSince(looked: number, current: { version: number; status: string }): void {
  if (looked !== current.version) {
    const data: DecisionConflictData = { status: current.status, version: current.version };
    throw new AppError('decisionConflict', 409, data);
  }
}
