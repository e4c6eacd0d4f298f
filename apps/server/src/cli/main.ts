import { parseArgs } from 'node:util';
import {
  CURRENCIES,
  type Currency,
  isValidEmail,
  loadPasswordChecker,
  passwordProblem,
  RTB_PATHS,
  translate,
  trimOrigin,
  ZConsolePath,
} from '@scaler/domain';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { ensureExchange } from '../modules/delivery/exchanges';
import { chargeSpend } from '../modules/finance/spend';
import { generateStats } from '../modules/statistics/generator';
import { approveCenter, createLoginLink, createUser, LOGIN_LINK_TTL_MINUTES, listCenters } from './commands';

const HELP = `Scaler Console command-line tool (works on the embedded database and on DATABASE_URL)

Usage: npm run cli -- <command> [options]

Commands:
  help                                   Show this help.
  user create --email E --password P [--name N] [--operator]
                                         Create a verified user; --operator makes a platform operator.
  user login-link --email E [--redirect PATH] [--minutes M]
                                         Print a sign-in link for the user: it works once, within M
                                         minutes (default ${LOGIN_LINK_TTL_MINUTES}), and opens PATH (default /).
  center list                            List business centers with their status.
  center approve --org ID                Approve a business center (status 1, active) and notify its admins.
  stats generate --adv ID [--days N] [--seed S]
                                         Write N days (default 90) of simulated delivery and conversions
                                         for the account's campaigns into the statistics store.
  finance charge [--adv ID]              Charge spend from the statistics store to the accounts' wallets
                                         (every account, or one): what the server does every minute.
  exchange create --name N [--currency USD] [--auction 2]
                                         Register an exchange (or give the one of that name a new token)
                                         and print its endpoint and token (auction 1 first, 2 second price).

The embedded database can be used by one process at a time: stop the server first, or use DATABASE_URL.
`;

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n\n${HELP}`);
  process.exit(2);
}

export async function main(argv: string[]) {
  const [group, action, ...rest] = argv;
  if (!group || group === 'help' || group === '--help' || group === '-h') {
    process.stdout.write(HELP);
    return;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      operator: { type: 'boolean', default: false },
      org: { type: 'string' },
      redirect: { type: 'string' },
      minutes: { type: 'string' },
      adv: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
      currency: { type: 'string' },
      auction: { type: 'string' },
    },
    strict: true,
  });
  const command = `${group} ${action ?? ''}`.trim();
  if (
    ![
      'user create',
      'user login-link',
      'center approve',
      'center list',
      'stats generate',
      'finance charge',
      'exchange create',
    ].includes(command)
  )
    fail(`unknown command "${command}"`);

  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    database = await openConfiguredDatabase(config);
  } catch (err) {
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  try {
    if (command === 'user create') {
      const email = values.email?.trim().toLowerCase() ?? '';
      const password = values.password ?? '';
      if (!isValidEmail(email)) fail('--email must be a valid e-mail address');
      const problem = passwordProblem(await loadPasswordChecker(), password, [email, values.name ?? '']);
      if (problem) fail(`--password: ${translate('en-US', problem)}`);
      const user = await createUser({
        db: database.db,
        email,
        password,
        name: values.name,
        operator: values.operator,
      });
      process.stdout.write(
        `created user ${user.email} (_id ${user.id})${values.operator ? ' as platform operator' : ''}\n`,
      );
    } else if (command === 'user login-link') {
      const email = values.email?.trim().toLowerCase() ?? '';
      if (!isValidEmail(email)) fail('--email must be a valid e-mail address');
      if (values.redirect !== undefined && !ZConsolePath.safeParse(values.redirect).success) {
        fail('--redirect must be a console path such as /select');
      }
      const minutes = values.minutes === undefined ? LOGIN_LINK_TTL_MINUTES : Number(values.minutes);
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > 60) fail('--minutes must be 1 to 60');
      const issued = await createLoginLink({
        db: database.db,
        email,
        publicUrl: config.publicUrl,
        redirect: values.redirect,
        ttlMinutes: minutes,
      });
      process.stdout.write(
        `Sign-in link for ${email} (works once, until ${issued.expires_at}):\n${issued.link}\n`,
      );
    } else if (command === 'stats generate') {
      const advId = Number(values.adv);
      const days = values.days === undefined ? 90 : Number(values.days);
      const seed = values.seed === undefined ? undefined : Number(values.seed);
      if (!Number.isInteger(advId) || advId <= 0) fail('--adv must be an advertiser account id');
      if (!Number.isInteger(days) || days < 1 || days > 400) fail('--days must be 1 to 400');
      if (seed !== undefined && !Number.isInteger(seed)) fail('--seed must be a whole number');
      const started = Date.now();
      const written = await generateStats(database.db, { advId, days, seed });
      process.stdout.write(
        `account ${advId}: ${written.facts} delivery rows, ${written.cohorts} cohort rows, ${written.events} conversion rows in ${((Date.now() - started) / 1000).toFixed(1)} s; ${written.skippedHours} creative-hours already held facts and were left alone\n`,
      );
    } else if (command === 'finance charge') {
      const advId = values.adv === undefined ? undefined : Number(values.adv);
      if (advId !== undefined && (!Number.isInteger(advId) || advId <= 0))
        fail('--adv must be an advertiser account id');
      const charged = await chargeSpend(database.db, { advId });
      process.stdout.write(
        `charged ${charged.accounts} account(s): ${charged.entries} ledger entries posted\n`,
      );
    } else if (command === 'exchange create') {
      const name = values.name?.trim() ?? '';
      const currency = (values.currency ?? 'USD').toUpperCase();
      const auction = Number(values.auction ?? 2);
      if (!name || name.length > 60) fail('--name must be 1 to 60 characters');
      if (!(CURRENCIES as readonly string[]).includes(currency))
        fail(`--currency must be one of ${CURRENCIES.join(', ')}`);
      if (auction !== 1 && auction !== 2) fail('--auction must be 1 (first price) or 2 (second price)');
      const exchange = await ensureExchange(database.db, {
        name,
        currency: currency as Currency,
        auctionType: auction,
      });
      process.stdout.write(
        `exchange ${exchange.id} "${name}": POST ${trimOrigin(config.publicUrl)}${RTB_PATHS.bid}/${exchange.id}\nAuthorization: Bearer ${exchange.token}\n(the token is shown once; run again for a new one)\n`,
      );
    } else if (command === 'center approve') {
      const orgId = Number(values.org);
      if (!Number.isInteger(orgId) || orgId <= 0) fail('--org must be a business center id');
      const center = await approveCenter({ db: database.db, orgId });
      process.stdout.write(
        `approved business center ${center.orgId} "${center.orgName}" (status 1, active)\n`,
      );
    } else {
      for (const c of await listCenters({ db: database.db })) {
        process.stdout.write(
          `${c.orgId}\t${c.orgStatus}\t${c.orgType === 1 ? 'agency' : 'advertiser'}\t${c.orgName}\n`,
        );
      }
    }
  } catch (err) {
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main(process.argv.slice(2));
