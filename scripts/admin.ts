// `npm run admin -- <command>`: accounts, plans, credits and API keys in the Redis of REDIS_URL. docs/accounts.md lists
// the commands. A key is printed once, when it is created; only its digest is stored.
import { main, parseCommandLine, readArgs, UsageError } from '../common/cli.ts';
import { Accounts } from '../src/access/accounts.ts';
import { PERIODS, type Period } from '../src/access/periods.ts';
import { createRedis } from '../src/clients.ts';
import { type Config, loadConfig, type PlanName } from '../src/config.ts';
import { loadToolEnv } from './stack/cli.ts';

const USAGE = `Usage: npm run admin -- <command>
  account create --plan <user|free_trial|free> [--allowance N] [--unlimited] [--period month|week|day]
  account show <accountId>
  plan set <accountId> <plan> [--allowance N]
  unlimited <accountId> <on|off>
  credits add <accountId> <N>
  credits set <accountId> <N>
  key create <accountId> [--name NAME]
  key list <accountId>
  key revoke <accountId> <keyId>
  key cap <accountId> <keyId> <N|off>   the most credits the key may spend per period (402 key_cap_reached after)
  usage <accountId>            credits spent this period by key, endpoint and day
  settle                       refund reservations past their deadline now (API processes do it every few seconds)`;

const OPTIONS = {
  plan: { type: 'string' },
  allowance: { type: 'string' },
  unlimited: { type: 'boolean', default: false },
  period: { type: 'string', default: 'month' },
  name: { type: 'string' },
} as const;

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

/** One command's JSON answer; a wrong command, option, plan or number throws a UsageError. */
export async function admin(argv: string[], store: Accounts, config: Config): Promise<unknown> {
  const { values, positionals } = readArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const [group, action, id = '', arg] = positionals;
  const command = `${group} ${action}`;
  if (command === 'account create') {
    const plan = planOf(config, values.plan);
    if (!PERIODS.includes(values.period as Period)) throw new UsageError(`period must be one of ${PERIODS.join(', ')}`);
    const allowance = values.allowance ? count(values.allowance, 'allowance') : config.plans[plan].allowance;
    const accountId = await store.createAccount({
      plan,
      allowance,
      unlimited: values.unlimited,
      period: values.period as Period,
    });
    return { accountId, plan, allowance, unlimited: values.unlimited, period: values.period };
  }
  if (command === 'account show') return (await store.getAccount(id)) ?? failed(`no account ${id}`);
  if (command === 'plan set') {
    const plan = planOf(config, arg);
    const allowance = values.allowance ? count(values.allowance, 'allowance') : config.plans[plan].allowance;
    await store.setPlan(id, plan, allowance);
    return { accountId: id, plan, allowance };
  }
  if (group === 'unlimited' && (id === 'on' || id === 'off')) {
    await store.setUnlimited(String(action), id === 'on');
    return { accountId: action, unlimited: id === 'on' };
  }
  if (command === 'credits add') return { accountId: id, balance: await store.topUp(id, count(arg, 'credits')) };
  if (command === 'credits set') return { accountId: id, balance: await store.setBalance(id, count(arg, 'credits')) };
  if (command === 'key create') {
    const { key, keyId } = await store.createApiKey(id, config.keyPrefix, values.name);
    return { accountId: id, keyId, key, note: 'Shown once: store it now; it cannot be shown again.' };
  }
  if (command === 'key list') return store.listKeys(id);
  if (command === 'key cap') {
    const cap = positionals[4] === 'off' ? null : count(positionals[4], 'cap');
    return (await store.setKeyCap(id, String(arg), cap)) ? { keyId: arg, cap } : failed(`no key ${arg}`);
  }
  if (positionals.length === 2 && group === 'usage') return store.usage(String(action));
  if (positionals.length === 1 && group === 'settle') return store.settle();
  if (command === 'key revoke')
    return (await store.revokeKey(id, String(arg))) ? { revoked: arg } : failed(`no key ${arg}`);
  throw new UsageError(`unknown command "${positionals.join(' ')}"`);
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
