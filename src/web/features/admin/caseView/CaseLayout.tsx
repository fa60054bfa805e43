// The case on one screen (issue 21 §1): who and what (summary, status) above three panes that fill
// the window — the submitted data, the document viewer, the decision — then the case's history
// below. The keyboard shortcuts (next / previous document, flag, approve) work anywhere on the page
// but in a text field, and "?" lists them. Long unbroken values may break anywhere, so a 375-px
// window shows the case without sideways scrolling.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useMay } from '../backOfficeAccess';
import { CaseHistory } from './CaseHistory';
import { CaseSummary } from './CaseSummary';
import { DecisionPanel } from './DecisionPanel';
import { ShortcutHelp } from './ShortcutHelp';
import { useCaseShortcuts, type CaseShortcut } from './useCaseShortcuts';
import './caseWorkspace.css';

const FITS_THE_WIDTH = { overflowWrap: 'anywhere', minWidth: 0 } as const;

type CaseOutline = Omit<ComponentProps<typeof CaseSummary>, 'reason'> &
  ComponentProps<typeof CaseHistory> & { allowedDecisions: ComponentProps<typeof DecisionPanel>['allowed'] };

/** The panes' height: from their top to the window's bottom, measured (the header above varies). */
function useFillTheWindow() {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(480, window.innerHeight - top - 12));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return { ref, height };
}

export function CaseLayout({
  view,
  reason,
  actor,
  flagged,
  fields,
  documents,
  rail,
  shortcuts,
  approvalBlock = null,
}: {
  view: CaseOutline;
  /** The last decision's reason, shown in the summary. */
  reason: string | null;
  actor: ComponentProps<typeof DecisionPanel>['actor'];
  /** Fields and documents flagged for a revision request. */
  flagged: readonly string[];
  /** The left pane: the submitted data. */
  fields: ReactNode;
  /** The right pane: the document viewer. */
  documents: ReactNode;
  /** What else the decision column holds (a referred face check's decision). */
  rail?: ReactNode;
  shortcuts: Partial<Record<Exclude<CaseShortcut, 'approve' | 'help'>, () => void>>;
  /** Why approving is refused now (issue 28 §5): the panel says so and the approve key is off. */
  approvalBlock?: ComponentProps<typeof DecisionPanel>['approvalBlock'];
}) {
  const { t } = useLingui();
  const [help, setHelp] = useState(false);
  const { ref, height } = useFillTheWindow();
  const choosing = useSelector(actor, (s) => s.matches('choosing'));
  // As the decision panel: only a role that decides gets the approve key (issue 21 §4).
  const mayDecide = useMay('cases.decide');
  useCaseShortcuts({
    ...shortcuts,
    help: () => setHelp(true),
    approve:
      mayDecide && view.allowedDecisions.includes('approve') && choosing && !approvalBlock
        ? () => actor.send({ type: 'user.decide', decision: { kind: 'approve' } })
        : undefined,
  });
  return (
    <Stack gap="sm" style={FITS_THE_WIDTH}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <CaseSummary
          company={view.company}
          applicant={view.applicant}
          status={view.status}
          submittedAt={view.submittedAt}
          reason={reason}
        />
        <Button size="xs" variant="default" aria-keyshortcuts="?" onClick={() => setHelp(true)}>
          {t`Keyboard shortcuts (?)`}
        </Button>
      </Group>
      <div
        ref={ref}
        className="case-workspace"
        style={height ? ({ '--case-workspace-height': `${height}px` } as CSSProperties) : undefined}
      >
        <div
          className="case-pane case-pane-data"
          data-testid="case-data"
          tabIndex={0}
          aria-label={t`Submitted data`}
          role="region"
        >
          {fields}
        </div>
        <div className="case-pane case-pane-documents" data-testid="case-documents">
          {documents}
        </div>
        <div className="case-pane case-pane-decision" data-testid="case-decision">
          <Stack gap="md">
            <DecisionPanel
              actor={actor}
              allowed={view.allowedDecisions}
              flagged={flagged}
              approvalBlock={approvalBlock}
            />
            {rail}
          </Stack>
        </div>
      </div>
      <Title order={3}>
        <Trans>History</Trans>
      </Title>
      <CaseHistory history={view.history} />
      <ShortcutHelp opened={help} onClose={() => setHelp(false)} />
    </Stack>
  );
}
