// Keeps a flow informed of its slider (solved, or a fresh puzzle loaded) and keeps the slider's
// token in `token`, outside the flow's chart, for the flow's provided call to spend.
import { useEffect } from 'react';
import { forwardCaptcha, type CaptchaHost, type SliderToken } from '../../captcha/captchaActors';
import type { CaptchaActorRef } from '../../captcha/SliderCaptcha';

export function useCaptchaForwarding(captcha: CaptchaActorRef, host: CaptchaHost, token: SliderToken): void {
  useEffect(() => forwardCaptcha(captcha as never, host, token), [captcha, host, token]);
}
