// The wizard's branches (step 5's yes/no, what step 6 shows) are states of its child chart
// certificationBranches (issue 19 §3); a step view asks that chart whether one of its tags is on.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type {
  CertificationBranchTag,
  certificationBranchesMachine,
} from '../../../../machines/certificationBranches.machine';
import type { CertificationActor } from './useCertificationActor';

type BranchesActor = ActorRefFrom<typeof certificationBranchesMachine>;

export function useBranchTag(actor: CertificationActor, tag: CertificationBranchTag): boolean {
  const branches = useSelector(actor, (s) => s.children['branches'] as BranchesActor | undefined);
  return useSelector(branches, (s) => s?.hasTag(tag) ?? false);
}
