// A card application as the API shows it before anything is stored: the registry's graph events
// answer the wizard's 'load application' with it, and tests start from it (with their own patch).
import type { CardApplicationView } from '../src/contract/api/card';

export const notStartedCardApplication: CardApplicationView = {
  lifecycleState: 'notStarted',
  status: 'not_started',
  eligibility: 'eligible',
  mayEdit: true,
  businessPurpose: null,
  file: null,
  answers: {},
  reason: null,
  flaggedFields: [],
  fieldComments: {},
  savedAt: null,
  submittedAt: null,
  decidedAt: null,
  cardSystemUrl: null,
  version: 0,
};
