// The app's wired accounts API: the shared client and one public-key cache for every flow.
import { api } from '../../../api/api';
import { createAccountsApi } from '../../../api/accounts';
import { createPasswordEncryptor } from '../../../crypto/passwordCipher';

export const accountsApi = createAccountsApi(api, createPasswordEncryptor(api));
