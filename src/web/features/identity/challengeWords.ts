// The words and arrows of the server-chosen head movements (issue 28 §3), in both languages: the
// whole challenge ("in three steps: turn to your left, then look up, then turn to your right") while
// the camera guides, and each move's prompt as its frames are due. The directions are the person's
// own; the preview is mirrored, so "your left" is the screen's left and its arrow points that way.
// Arrows are decoration: screen readers hear the words.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { faceChallengeMoves, type FaceChallenge, type FaceMove } from '../../../contract/api/verification';

type Arrow = '←' | '→' | '↑' | '↓';

export interface ChallengeStepWords {
  arrow: Arrow;
  words: string;
}

export interface ChallengeWords {
  /** The whole movement, shown while the camera guides and during the capture. */
  instruction: string;
  /** The arrows of every move, in order. */
  arrows: string;
  /** Each move's prompt, in order. */
  steps: ChallengeStepWords[];
}

const ARROW: Record<FaceMove, Arrow> = { left: '←', right: '→', up: '↑', down: '↓' };

/** A move inside the whole instruction. */
const PHRASE: Record<FaceMove, MessageDescriptor> = {
  left: msg`turn to your left`,
  right: msg`turn to your right`,
  up: msg`look up`,
  down: msg`look down`,
};

/** The first move's prompt, and the later ones' ("Now …"). */
const FIRST_STEP: Record<FaceMove, MessageDescriptor> = {
  left: msg`Turn your head to your left`,
  right: msg`Turn your head to your right`,
  up: msg`Look up`,
  down: msg`Look down`,
};
const NEXT_STEP: Record<FaceMove, MessageDescriptor> = {
  left: msg`Now turn to your left`,
  right: msg`Now turn to your right`,
  up: msg`Now look up`,
  down: msg`Now look down`,
};

function instructionOf(i18n: I18n, moves: readonly FaceMove[]): string {
  const [first = '', second = '', third] = moves.map((move) => i18n._(PHRASE[move]));
  return third === undefined
    ? i18n._(msg`Move your head in two steps: ${first}, then ${second}`)
    : i18n._(msg`Move your head in three steps: ${first}, then ${second}, then ${third}`);
}

/** A session without a challenge (made before challenges existed): the old head turn. */
function noChallenge(i18n: I18n): ChallengeWords {
  const words = i18n._(msg`Turn your head slowly to the left and right`);
  return {
    instruction: words,
    arrows: '← →',
    steps: [
      { arrow: '←', words },
      { arrow: '→', words },
    ],
  };
}

export function challengeWords(i18n: I18n, challenge: FaceChallenge | null): ChallengeWords {
  if (!challenge) return noChallenge(i18n);
  const moves = faceChallengeMoves(challenge);
  return {
    instruction: instructionOf(i18n, moves),
    arrows: moves.map((move) => ARROW[move]).join(' '),
    steps: moves.map((move, i) => ({
      arrow: ARROW[move],
      words: i18n._((i === 0 ? FIRST_STEP : NEXT_STEP)[move]),
    })),
  };
}

/** The prompt for the `index`th move (0-based); past the last move (a two-move challenge of an
 *  older session at the phone's third prompt) the last one again: hold it. */
export function challengeStep(words: ChallengeWords, index: number): ChallengeStepWords {
  return words.steps[Math.min(index, words.steps.length - 1)]!;
}
