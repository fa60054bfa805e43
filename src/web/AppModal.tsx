// Mantine's Modal, loaded the first time a dialog opens. Dialogs that every page carries (the
// support chat, the business-link tip) start closed, so the modal stack (focus trap, scroll lock,
// scroll area, transitions: ~11 KB gzip) stays out of the first load (issue 10 §1 budget).
import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';

const MantineModal = lazy(() => import('./AppModalComponent').then((m) => ({ default: m.Modal })));

function OnMounted({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/** Mantine's Modal with the same props; renders nothing until it is first opened. */
export function LazyModal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  const [mounted, setMounted] = useState(false);
  const [markMounted] = useState(() => () => setMounted(true));
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  // The Modal mounts closed, then opens: Mantine remembers the focused element (to return focus
  // on close) only when `opened` changes, never on mount.
  return (
    <Suspense fallback={null}>
      <MantineModal {...props} opened={props.opened && mounted} />
      <OnMounted run={markMounted} />
    </Suspense>
  );
}
