// The app's wired upload transport: the session's token and the active language, as the API client.
import { getLocale } from '../../i18n/localeStore';
import { readSession } from '../../session/sessionStore';
import { createUploadTransport } from './uploadTransport';

export const appUploads = createUploadTransport({
  baseURL: '',
  getToken: () => readSession()?.token ?? null,
  getLocale,
});
