import { parseArgs } from 'node:util';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { createUser, setTrialDaysRemaining, setUserDisabled } from '../modules/users';

export const CLI_USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  user create --email E --password P [--first F --last L] [--verified] [--admin]
  user disable --email E
  user enable --email E
  user set-trial --email E --days-remaining N
`;

export type CliResult = { exitCode: number; stdout: string; stderr: string };

const ok = (stdout: string): CliResult => ({ exitCode: 0, stdout: `${stdout}\n`, stderr: '' });
const fail = (message: string, withUsage = false): CliResult => ({
  exitCode: withUsage ? 2 : 1,
  stdout: '',
  stderr: `Error: ${message}\n${withUsage ? `\n${CLI_USAGE}` : ''}`,
});

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  first: { type: 'string' },
  last: { type: 'string' },
  verified: { type: 'boolean' },
  admin: { type: 'boolean' },
  'days-remaining': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Runs one operations command against a database; never throws for a user's mistake. */
export async function runCli(argv: string[], deps: { db: Db; now: Date }): Promise<CliResult> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err), true);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) return { exitCode: values.help ? 0 : 2, stdout: CLI_USAGE, stderr: '' };
  const [area, command, ...extra] = positionals;
  if (extra.length) return fail(`Unexpected argument: ${extra.join(' ')}`, true);
  if (area !== 'user') return fail(`Unknown command: ${positionals.join(' ')}`, true);
  const email = values.email;
  if (!email) return fail('--email is required', true);

  try {
    switch (command) {
      case 'create': {
        if (!values.password) return fail('--password is required', true);
        const user = await createUser(deps.db, {
          email,
          password: values.password,
          firstName: values.first,
          lastName: values.last,
          isVerified: values.verified ?? false,
          isAdmin: values.admin ?? false,
          now: deps.now,
        });
        return ok(
          `Created ${user.role} ${user.email} (${user.emailVerifiedAt ? 'verified' : 'not verified'}), id ${user.id}`,
        );
      }
      case 'disable':
      case 'enable': {
        const user = await setUserDisabled(deps.db, { email, isDisabled: command === 'disable', now: deps.now });
        return ok(`${command === 'disable' ? 'Disabled' : 'Enabled'} ${user.email}`);
      }
      case 'set-trial': {
        const raw = values['days-remaining'];
        if (raw === undefined) return fail('--days-remaining is required', true);
        if (!/^\d+$/.test(raw))
          return fail(`--days-remaining must be a whole number of days, 0 or more (got "${raw}")`, true);
        const user = await setTrialDaysRemaining(deps.db, { email, daysRemaining: Number(raw), now: deps.now });
        return ok(`Trial of ${user.email} now ends ${user.trialEndsAt?.toISOString()}`);
      }
      default:
        return fail(`Unknown command: user ${command ?? ''}`.trim(), true);
    }
  } catch (err) {
    if (err instanceof AppError) return fail(err.message);
    throw err;
  }
}
