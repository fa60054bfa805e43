// Company website: an absolute http(s) address of a public host name. No credentials in the URL
// (they would be shown to reviewers) and no bare IP addresses or intranet names.
import { Limits } from '../limits';

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export function isValidWebsite(value: string): boolean {
  // The scheme is checked here, on the text: what starts with http(s):// parses with that protocol.
  if (value.length > Limits.text.website || !/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  return HOST_NAME.test(url.hostname);
}
