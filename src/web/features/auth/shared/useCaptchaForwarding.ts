// Keeps a flow informed of its slider: the token when solved, its loss when a fresh puzzle loads.
import { useEffect } from 'react';
import { forwardCaptcha, type CaptchaHost } from '../../captcha/captchaActors';
import type { CaptchaActorRef } from '../../captcha/SliderCaptcha';

export function useCaptchaForwarding(captcha: CaptchaActorRef, host: CaptchaHost): void {
  useEffect(() => forwardCaptcha(captcha as never, host), [captcha, host]);
}
