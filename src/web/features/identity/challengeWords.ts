// The words and arrows of the server-chosen head movement (issue 28 §3), in both languages. The
// directions are the person's own; the preview is mirrored, so "your left" is the screen's left and
// its arrow points that way. Arrows are decoration: screen readers hear the words.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FaceChallenge } from '../../../contract/api/verification';

export interface ChallengeStepWords {
  arrow: '←' | '→' | '↑' | '↓';
  words: MessageDescriptor;
}

export interface ChallengeWords {
  /** The whole movement, shown while the camera guides and before the capture starts. */
  instruction: MessageDescriptor;
  /** The arrows of both movements, in order. */
  arrows: string;
  first: ChallengeStepWords;
  second: ChallengeStepWords;
}

export const CHALLENGE_WORDS: Record<FaceChallenge, ChallengeWords> = {
  leftThenRight: {
    instruction: msg`Turn your head to your left, then to your right`,
    arrows: '← →',
    first: { arrow: '←', words: msg`Turn your head to your left` },
    second: { arrow: '→', words: msg`Now turn to your right` },
  },
  rightThenLeft: {
    instruction: msg`Turn your head to your right, then to your left`,
    arrows: '→ ←',
    first: { arrow: '→', words: msg`Turn your head to your right` },
    second: { arrow: '←', words: msg`Now turn to your left` },
  },
  downThenUp: {
    instruction: msg`Nod: look down, then up`,
    arrows: '↓ ↑',
    first: { arrow: '↓', words: msg`Look down` },
    second: { arrow: '↑', words: msg`Now look up` },
  },
  upThenDown: {
    instruction: msg`Nod: look up, then down`,
    arrows: '↑ ↓',
    first: { arrow: '↑', words: msg`Look up` },
    second: { arrow: '↓', words: msg`Now look down` },
  },
};

/** A session without a challenge (made before challenges existed): the old head turn. */
export const NO_CHALLENGE: ChallengeWords = {
  instruction: msg`Turn your head slowly to the left and right`,
  arrows: '← →',
  first: { arrow: '←', words: msg`Turn your head slowly to the left and right` },
  second: { arrow: '→', words: msg`Turn your head slowly to the left and right` },
};

export function challengeWords(challenge: FaceChallenge | null): ChallengeWords {
  return challenge ? CHALLENGE_WORDS[challenge] : NO_CHALLENGE;
}
