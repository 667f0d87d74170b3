// `npm run admin -- <command>`: accounts, plans, credits and API keys in the Redis of REDIS_URL. docs/accounts.md lists
// the commands. A key is printed once, when it is created; only its digest is stored.
import { main, parseCommandLine, readArgs, UsageError } from '../common/cli.ts';
import { Accounts } from '../src/access/accounts.ts';
import { PERIODS, type Period } from '../src/access/periods.ts';
import { createRedis } from '../src/clients.ts';
import { type Config, loadConfig, type PlanName } from '../src/config.ts';
import { loadToolEnv } from './stack/cli.ts';

// No defaults here: the options given are told apart from those left out, to refuse one a command does not take.
const OPTIONS = {
  plan: { type: 'string' },
  allowance: { type: 'string' },
  unlimited: { type: 'boolean' },
  period: { type: 'string' },
  name: { type: 'string' },
} as const;
type Option = keyof typeof OPTIONS;
const OPTION_USAGE: Record<Option, string> = {
  plan: '--plan <user|free_trial|free>',
  allowance: '[--allowance N]',
  unlimited: '[--unlimited]',
  period: '[--period month|week|day]',
  name: '[--name NAME]',
};

/** Each command: the arguments after its words, the options it takes, and what it does when its name does not say. */
const COMMANDS: Record<string, { args: string[]; options?: Option[]; about?: string }> = {
  'account create': { args: [], options: ['plan', 'allowance', 'unlimited', 'period'] },
  'account show': { args: ['accountId'] },
  'plan set': { args: ['accountId', 'plan'], options: ['allowance'] },
  unlimited: { args: ['accountId', 'on|off'] },
  'credits add': { args: ['accountId', 'N'] },
  'credits set': { args: ['accountId', 'N'] },
  'key create': { args: ['accountId'], options: ['name'] },
  'key list': { args: ['accountId'] },
  'key revoke': { args: ['accountId', 'keyId'] },
  'key cap': {
    args: ['accountId', 'keyId', 'N|off'],
    about: 'the most credits the key may spend per period (402 key_cap_reached after)',
  },
  usage: { args: ['accountId'], about: 'credits spent this period by key, endpoint and day' },
  settle: { args: [], about: 'refund reservations past their deadline now (API processes do it every few seconds)' },
};

const USAGE = [
  'Usage: npm run admin -- <command>',
  ...Object.entries(COMMANDS).map(([name, { args, options = [], about }]) => {
    const line = [name, ...args.map((arg) => `<${arg}>`), ...options.map((option) => OPTION_USAGE[option])].join(' ');
    return `  ${about ? `${line.padEnd(36)} ${about}` : line}`;
  }),
].join('\n');

/** The command a command line names and its arguments; a missing or extra one, or an option it does not take, is a UsageError. */
function commandOf(positionals: string[], given: string[]): { command: string; args: string[] } {
  const two = positionals.slice(0, 2).join(' ');
  const command = two in COMMANDS ? two : (positionals[0] ?? '');
  const spec = COMMANDS[command];
  if (!spec) throw new UsageError(`unknown command "${positionals.join(' ')}"`);
  const args = positionals.slice(command.split(' ').length);
  const wanted = spec.args.map((arg) => `<${arg}>`);
  if (args.length < wanted.length) throw new UsageError(`${command} needs ${wanted[args.length]}`);
  if (args.length > wanted.length)
    throw new UsageError(
      `${command} takes ${wanted.join(' ') || 'no arguments'}; "${args.slice(wanted.length).join(' ')}" is extra`,
    );
  const stray = given.find((option) => !spec.options?.includes(option as Option));
  if (stray) throw new UsageError(`--${stray} does not apply to ${command}`);
  return { command, args };
}

/**
 * Credits and allowances are counts: a negative one would make a balance that refuses every call, or an allowance
 * that drains it at each renewal. `credits set` is how a balance goes down. Numbers stay exact in Redis's Lua.
 */
function count(text: string | undefined, what: string): number {
  if (text?.startsWith('-')) throw new UsageError(`${what} must not be negative (got ${text})`);
  if (!text || !/^\d+$/.test(text)) throw new UsageError(`${what} must be a whole number, 0 or more`);
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new UsageError(`${what} must be at most ${Number.MAX_SAFE_INTEGER}`);
  return value;
}

function planOf(config: Config, name: string | undefined): PlanName {
  if (!name || !(name in config.plans))
    throw new UsageError(`plan must be one of ${Object.keys(config.plans).join(', ')}`);
  return name as PlanName;
}

/** The allowance given, or the plan's own. */
const allowanceOf = (config: Config, plan: PlanName, given: string | undefined) =>
  given ? count(given, 'allowance') : config.plans[plan].allowance;

/** One command's JSON answer; a wrong command, argument, option, plan or number throws a UsageError. */
export async function admin(argv: string[], store: Accounts, config: Config): Promise<unknown> {
  const { values, positionals } = readArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const { command, args } = commandOf(positionals, Object.keys(values));
  const [id = '', arg = '', third] = args;
  switch (command) {
    case 'account create': {
      const plan = planOf(config, values.plan);
      const period = values.period ?? 'month';
      if (!PERIODS.includes(period as Period)) throw new UsageError(`period must be one of ${PERIODS.join(', ')}`);
      const allowance = allowanceOf(config, plan, values.allowance);
      const unlimited = values.unlimited ?? false;
      const accountId = await store.createAccount({ plan, allowance, unlimited, period: period as Period });
      return { accountId, plan, allowance, unlimited, period };
    }
    case 'account show': {
      // As Redis holds it, but with numbers and a boolean where the hash has strings.
      const { unlimited, allowance, balance, ...rest } = (await store.getAccount(id)) ?? failed(`no account ${id}`);
      return {
        accountId: id,
        ...rest,
        unlimited: unlimited === '1',
        allowance: Number(allowance),
        balance: Number(balance),
      };
    }
    case 'plan set': {
      const plan = planOf(config, arg);
      const allowance = allowanceOf(config, plan, values.allowance);
      await store.setPlan(id, plan, allowance);
      return { accountId: id, plan, allowance };
    }
    case 'unlimited':
      if (arg !== 'on' && arg !== 'off') throw new UsageError(`unlimited takes on or off (got ${arg})`);
      await store.setUnlimited(id, arg === 'on');
      return { accountId: id, unlimited: arg === 'on' };
    case 'credits add':
      return { accountId: id, balance: await store.topUp(id, count(arg, 'credits')) };
    case 'credits set':
      return { accountId: id, balance: await store.setBalance(id, count(arg, 'credits')) };
    case 'key create': {
      const { key, keyId } = await store.createApiKey(id, config.keyPrefix, values.name);
      return { accountId: id, keyId, key, note: 'Shown once: store it now; it cannot be shown again.' };
    }
    case 'key list':
      return store.listKeys(id);
    case 'key cap': {
      const cap = third === 'off' ? null : count(third, 'cap');
      return (await store.setKeyCap(id, arg, cap)) ? { keyId: arg, cap } : failed(`no key ${arg}`);
    }
    case 'key revoke':
      return (await store.revokeKey(id, arg)) ? { revoked: arg } : failed(`no key ${arg}`);
    case 'usage':
      return store.usage(id);
    case 'settle':
      return store.settle();
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

function failed(message: string): never {
  throw new Error(message);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // --help and a wrong option are answered before Redis is reached.
  parseCommandLine(USAGE, { allowPositionals: true, options: OPTIONS });
  await main(async () => {
    loadToolEnv();
    const config = loadConfig();
    const redis = createRedis(config.redis, { maxRetriesPerRequest: 1, connectTimeout: 3000 });
    try {
      const result = await admin(process.argv.slice(2), new Accounts(redis, config.redisKeyPrefix), config);
      console.log(JSON.stringify(result, null, 2));
    } finally {
      redis.disconnect();
    }
  }, USAGE);
}
