import { z } from 'zod';

/** A link the mail points to: only http(s), so a variable can never smuggle a `javascript:` URL. */
export const webLink = z.url({ protocol: /^https?$/ });
