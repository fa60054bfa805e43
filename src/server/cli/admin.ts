// `npm run admin -- <command>`: reviewer accounts and partner registration links (issue 2 §9).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { systemClock } from '../plugins/clock';
import { createPartnerLinkService } from '../services/partnerLinks';
import type { BackOfficeRole } from '../../contract/api/backOfficeRoles';
import { createReviewer, parseRoles, setReviewerRoles } from '../services/reviewers';
import { rotateTransportKey } from '../security/transportKeyring';
import { openCliDatabase } from './cliDatabase';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-reviewer --email E --password P --first-name F --last-name L [--language zh-cn|en-us]
                  [--roles reviewer,approver,support,admin]   (default: reviewer)
  set-roles --email E --roles reviewer,approver,support,admin
  create-link --partner NAME [--code CODE]
  list-links
  disable-link --code CODE
  rotate-transport-key   new password-transport key; the previous one still opens forms for 24 h

The database is DATABASE_URL when set, otherwise the embedded server under DATA_DIR (./data).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      language: { type: 'string' },
      partner: { type: 'string' },
      code: { type: 'string' },
      roles: { type: 'string' },
    },
    strict: true,
  });
  const need = (name: keyof typeof values): string => {
    const v = values[name];
    if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`--${name} is required`);
    return v;
  };
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }

  const config = loadConfig();
  const database = await openCliDatabase(config);
  try {
    const links = createPartnerLinkService(database.db, systemClock);
    switch (command) {
      case 'create-reviewer': {
        const language = values.language ?? 'zh-cn';
        if (language !== 'zh-cn' && language !== 'en-us')
          throw new UsageError('--language is zh-cn or en-us');
        const row = await createReviewer(database.db, systemClock, {
          email: need('email'),
          password: need('password'),
          firstName: need('first-name'),
          lastName: need('last-name'),
          language,
          roles: parseRoles(values.roles) as BackOfficeRole[] | undefined,
        });
        console.log(`Reviewer created: ${row.email} (${row.id}), roles ${row.roles.join(', ')}`);
        return 0;
      }
      case 'set-roles': {
        const row = await setReviewerRoles(database.db, need('email'), parseRoles(need('roles')) ?? []);
        if (!row) {
          console.error(`No back-office account with email ${values.email}`);
          return 1;
        }
        console.log(`Roles of ${row.email}: ${row.roles.join(', ')}`);
        return 0;
      }
      case 'create-link': {
        const row = await links.create(need('partner'), values.code);
        console.log(`Partner link created: ${row.code} for ${row.partnerName}`);
        console.log(
          `Registration address: ${config.publicUrl}/register?businessInfo=${encodeURIComponent(row.code)}`,
        );
        return 0;
      }
      case 'list-links': {
        const rows = await links.list();
        if (rows.length === 0) console.log('No partner links yet.');
        for (const r of rows) {
          console.log(
            `${r.code}\t${r.enabled ? 'enabled ' : 'disabled'}\t${r.createdAt.toISOString()}\t${r.partnerName}`,
          );
        }
        return 0;
      }
      case 'disable-link': {
        const row = await links.disable(need('code'));
        if (!row) {
          console.error(`No partner link with code ${values.code}`);
          return 1;
        }
        console.log(`Partner link disabled: ${row.code}`);
        return 0;
      }
      case 'rotate-transport-key': {
        if (config.transportKeys.current)
          throw new UsageError(
            'TRANSPORT_PRIVATE_KEY is set: rotate by moving it to TRANSPORT_PREVIOUS_PRIVATE_KEY and setting a new one',
          );
        const keyId = await rotateTransportKey(database.db, systemClock);
        // Workers notice within a minute, and at once when a form posts with the new key.
        console.log(
          `Password-transport key rotated: new key ${keyId}; the previous one is accepted for 24 h`,
        );
        return 0;
      }
      default:
        throw new UsageError(`unknown command: ${command}`);
    }
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

function pgCode(err: unknown): string | undefined {
  for (let e = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function describeCause(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError) console.error(err.message);
    else if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
    else if (pgCode(err) === '23505') console.error('Already exists: that email or code is taken.');
    // Drizzle's message repeats the query parameters (a password hash among them): print the cause only.
    else console.error(`Failed: ${describeCause(err)}`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
