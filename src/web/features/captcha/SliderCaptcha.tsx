// The drag-puzzle slider: the server's picture with the piece riding on the handle. The handle is a
// focusable role="slider" (arrow keys move it, Enter submits), so the puzzle is solvable without
// dragging (WCAG 2.5.7).
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Button, Group, Loader, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { captchaMachine } from '../../../../machines/captcha.machine';
import type { CaptchaChallenge } from '../../../contract/api/accounts';
import { messageFor } from '../../../contract/codes';
import { useLocale } from '../auth/shared/messages';
import { useSliderHandle } from './useSliderHandle';

export type CaptchaActorRef = ActorRefFrom<typeof captchaMachine>;

function Puzzle({
  challenge,
  actorRef,
  solved,
  busy,
}: {
  challenge: CaptchaChallenge;
  actorRef: CaptchaActorRef;
  solved: boolean;
  busy: boolean;
}) {
  const { t } = useLingui();
  const max = Math.max(0, challenge.width - challenge.pieceSize);
  const { x, handlers } = useSliderHandle({
    max,
    disabled: solved || busy,
    onRelease: (answer) => actorRef.send({ type: 'slider.release', ...answer }),
  });
  // The picture's own pixels, not Mantine's style props: those turn numbers into rem, which the root
  // font scaling shrinks, while the server judges the answer in the picture's pixels.
  const px = (value: number) => `${value}px`;
  return (
    <Box style={{ width: px(challenge.width), userSelect: 'none' }}>
      <Box style={{ position: 'relative', width: px(challenge.width), height: px(challenge.height) }}>
        <img
          src={challenge.background}
          alt=""
          width={challenge.width}
          height={challenge.height}
          draggable={false}
          style={{ display: 'block' }}
        />
        <img
          src={challenge.piece}
          alt=""
          width={challenge.pieceSize}
          height={challenge.pieceSize}
          draggable={false}
          // The piece image has no drawn rim (it would help a script find the gap by its edges):
          // the shadow shows a person its outline.
          style={{
            position: 'absolute',
            left: px(x),
            top: px(challenge.pieceY),
            filter:
              'drop-shadow(0 0 1px rgba(255, 255, 255, 0.95)) drop-shadow(0 1px 3px rgba(0, 0, 0, 0.8))',
          }}
        />
      </Box>
      <Box
        mt={6}
        bg="gray.1"
        style={{
          position: 'relative',
          height: px(challenge.pieceSize),
          borderRadius: 4,
          touchAction: 'none',
        }}
      >
        <Box
          role="slider"
          tabIndex={0}
          aria-label={t`Slide to complete the puzzle`}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={x}
          aria-disabled={solved || busy}
          bg={solved ? 'green.6' : 'blue.6'}
          style={{
            position: 'absolute',
            left: px(x),
            width: px(challenge.pieceSize),
            height: px(challenge.pieceSize),
            borderRadius: 4,
            cursor: solved ? 'default' : 'grab',
            touchAction: 'none',
          }}
          {...handlers}
        />
      </Box>
    </Box>
  );
}

export function SliderCaptcha({ actorRef }: { actorRef: CaptchaActorRef }) {
  const { t } = useLingui();
  const locale = useLocale();
  const challenge = useSelector(actorRef, (s) => s.context.challenge);
  const loading = useSelector(actorRef, (s) => s.matches('loading'));
  const loadFailed = useSelector(actorRef, (s) => s.matches('loadFailed'));
  const verifying = useSelector(actorRef, (s) => s.matches('verifying'));
  const solved = useSelector(actorRef, (s) => s.matches('solved'));
  const failed = useSelector(actorRef, (s) => s.context.lastAttemptFailed);

  return (
    <Box component="section" aria-label={t`Slider verification`}>
      <Group justify="space-between" mb={4}>
        <Text size="sm">
          {solved ? (
            <Trans>Verified</Trans>
          ) : (
            <Trans>Drag the slider (or use the arrow keys, then Enter) to fit the piece</Trans>
          )}
        </Text>
        <ActionIcon
          variant="subtle"
          aria-label={t`Refresh puzzle`}
          disabled={loading || verifying}
          onClick={() => actorRef.send({ type: 'user.refresh' })}
        >
          ↻
        </ActionIcon>
      </Group>
      {loadFailed ? (
        <Group>
          <Text size="sm" c="red">
            <Trans>The puzzle could not be loaded.</Trans>
          </Text>
          <Button size="xs" variant="light" onClick={() => actorRef.send({ type: 'user.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      ) : challenge && !loading ? (
        <Puzzle
          key={challenge.challengeId}
          challenge={challenge}
          actorRef={actorRef}
          solved={solved}
          busy={verifying}
        />
      ) : (
        <Loader size="sm" aria-label={t`Loading the puzzle`} />
      )}
      {failed && !solved ? (
        <Text role="alert" size="sm" c="red" mt={4}>
          {messageFor('captchaFailed', locale)}
        </Text>
      ) : null}
    </Box>
  );
}
