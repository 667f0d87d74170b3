// The Lua scripts the per-request path and settlement run on Redis (store.ts sends them). Each touches the keys of
// one account (one hash slot), except on a single server, where the access script also counts the caller's address
// and indexes the reservation for settlement: keys of other slots, which a single server allows.
import type { Result } from 'ioredis';
import type { RedisClient } from '../clients.ts';

// A one-minute window that opens at its first request: the count, this request included, and ms until it ends.
const COUNT_LUA = `
local function count(window)
  local used = redis.call('INCR', window)
  if used == 1 then redis.call('PEXPIRE', window, 60000) end
  return {used = used, resetMs = math.max(redis.call('PTTL', window), 0)}
end
`;

// Redis's own clock, in ms: every deadline is set and compared on the clock of the node that holds the account, so
// API processes whose clocks disagree never settle each other's calls early.
const NOW_LUA = `
local function nowMs()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
`;

// Gives a call's reservation back, once, but for `keep` credits of it (an export keeps what the rows it sent cost):
// the call is marked settled for as long as its record lives, so a refund sent twice, settlement after a refund, or
// a reservation that runs after its refund (a script that waited out a stall) changes nothing. Nothing comes back
// once the period has rolled over (the new allowance is already whole). The key's and the endpoint's usage counters
// of the period go down by what comes back. A block's calls not made (blocks.ts; `unmade`, or all that come back
// when settlement ends a block whose process died) also leave the minute windows they were counted in, if those
// windows still run: a window that ends later than a minute after the block was taken (`at`) opened after it.
// Returns the credits given back, or -1 when the call has no record: never reserved, or the record expired.
const GIVE_BACK_LUA = `
${NOW_LUA}
local function giveBack(account, call, ttlMs, keep, unmade)
  local prior = redis.call('GET', call)
  if prior == 'refunded' then return 0 end
  redis.call('SET', call, 'refunded', 'PX', ttlMs)
  if not prior then return -1 end
  local reserved = cjson.decode(prior)
  -- Settlement does not know what a block's calls kept: the calls its process confirmed did.
  keep = keep or (reserved.at and redis.call('SCARD', call .. ':kept')) or 0
  local back = reserved.cost - keep
  unmade = unmade or back
  if reserved.at and unmade > 0 then
    for _, window in ipairs({account .. ':key:' .. reserved.key .. ':rate', reserved.ip}) do
      local ttl = redis.call('PTTL', window)
      if ttl > 0 and nowMs() + ttl <= reserved.at + 60000 then redis.call('DECRBY', window, unmade) end
    end
  end
  if redis.call('HGET', account, 'periodId') ~= reserved.periodId then return 0 end
  if back <= 0 then return 0 end
  redis.call('HINCRBY', account, 'balance', back)
  if reserved.usage then
    local usage = account .. ':usage:' .. reserved.periodId
    redis.call('HINCRBY', usage, 'k ' .. reserved.key, -back)
    redis.call('HINCRBY', usage, reserved.usage, -back)
  end
  return back
end
`;

// Counts a request from an address (KEYS[1]) on its own: a cluster's path, and a key's first call.
const IP_LUA = `${COUNT_LUA}
return cjson.encode(count(KEYS[1]))
`;

// Checks the key and the plan, counts the key's request in its one-minute window, renews the period when due and
// reserves `cost` credits (or, for an export, what `rows` cost in pages of the plan's size): one atomic step on one
// slot. A key with a cap spends at most that many credits a period: the key's spending is counted in the account's
// usage hash of the period (per key, and per key, endpoint and day, for GET /usage), so the cap and the balance are
// checked and spent in the same step, and a refund gives back to both. A call over its limit reserves nothing, so a
// 429 never needs a refund. A metered call has an id (KEYS[4]): the script records its reservation there, so the same script
// run twice (ioredis re-sends unanswered commands after a reconnect) charges once, and a call already given up (its
// refund ran first, after a timeout) is never charged. A reservation also goes into the account's pending set
// (KEYS[5]) with its deadline: the API process confirms it once the call's answer is written, and settlement
// (settle.ts) refunds any still pending past its deadline, so a process killed mid-call leaves no charge behind.
// Periods only move forward: a caller whose clock is behind never takes an account back to an older period, whose
// allowance would then be granted again.
// Arguments and replies are JSON objects with named fields (cjson is part of Redis' Lua).
// On one Redis server (not a cluster, where those keys live on other slots) the script also indexes the reservation
// for settlement (KEYS[6]; a cluster client sends that write alongside) and, when given the caller's address
// (KEYS[7]), counts it first, so the whole check is one command and an address over its limit touches nothing of
// the account.
const ACCESS_LUA = `
${COUNT_LUA}
${NOW_LUA}
local account, record, rate, call, pending, due, address = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]
local arg = cjson.decode(ARGV[1])
local ip = address and count(address)
local function reply(fields)
  fields.ip = ip
  return cjson.encode(fields)
end
-- A call seen before (ioredis re-sends a script after a reconnect) was admitted then, whatever its address's count
-- says now (the re-sent run counts the address once more: protection, not metering).
if ip and ip.used > arg.ipLimit and not redis.call('GET', call) then return reply({status = 'ip_limited'}) end
local k = redis.call('HMGET', record, 'revokedAt', 'lastUsedAt', 'digest', 'cap')
if not k[3] or k[1] then return reply({status = 'unauthorized'}) end
local a = redis.call('HMGET', account, 'plan', 'unlimited', 'allowance', 'balance', 'period', 'periodId')
if not a[1] then return reply({status = 'unauthorized'}) end
if not k[2] or tonumber(k[2]) < arg.lastUsedBefore then redis.call('HSET', record, 'lastUsedAt', arg.now) end
local limit = arg.limits[a[1]]
if not limit then return reply({status = 'forbidden', plan = a[1]}) end
local unlimited = a[2] == '1'
local period = arg.periods[a[5]] or arg.periods.month
local periodId, balance = a[6], tonumber(a[4])
if not periodId or periodId < period.id then
  periodId, balance = period.id, tonumber(a[3])
  redis.call('HSET', account, 'balance', balance, 'periodId', periodId)
end
local cost = arg.rows and math.ceil(arg.rows / arg.pageSizes[a[1]]) or arg.cost
local metered = cost > 0 and not unlimited
local usage = account .. ':usage:' .. periodId
local cap = tonumber(k[4])
local spent = cap and tonumber(redis.call('HGET', usage, 'k ' .. arg.keyId) or 0)
local prior = metered and redis.call('GET', call)
if prior == 'refunded' then return reply({status = 'cancelled'}) end
local window, status, charged = nil, 'ok', 0
if prior then
  -- The same call again: what it reserved stands, and its request was counted the first time.
  window = {used = tonumber(redis.call('GET', rate) or limit), resetMs = math.max(redis.call('PTTL', rate), 0)}
  charged = cjson.decode(prior).cost
else
  window = count(rate)
end
window.limit = limit
if window.used > limit and not prior then return reply({status = 'rate_limited', plan = a[1], window = window}) end
if metered and not prior then
  if balance < cost then
    status = 'out_of_credits'
  elseif cap and spent + cost > cap then
    status = 'key_capped'
  else
    local reservation = {periodId = periodId, key = arg.keyId}
    -- A block (blocks.ts): up to arg.block calls of this key at once, each counted in the minute windows now, never
    -- more than half of what is left of either window, of the balance or of the key's cap: a block always leaves
    -- other calls at least as much as it holds.
    local block = arg.block and math.min(arg.block, math.floor(balance / 2), cap and math.floor((cap - spent) / 2) or
      arg.block, math.floor((limit - window.used) / 2) + 1, ip and math.floor((arg.ipLimit - ip.used) / 2) + 1 or arg.block)
    if block and block > cost then
      redis.call('INCRBY', rate, block - cost)
      if ip then redis.call('INCRBY', address, block - cost) end
      cost, reservation.at, reservation.ip = block, nowMs(), ip and address
    end
    balance = redis.call('HINCRBY', account, 'balance', -cost)
    charged = cost
    local field = arg.keyId .. ' ' .. arg.operation .. ' ' .. arg.day
    spent = redis.call('HINCRBY', usage, 'k ' .. arg.keyId, cost)
    if spent == cost then redis.call('PEXPIRE', usage, arg.usageTtlMs) end
    redis.call('HINCRBY', usage, field, cost)
    reservation.cost, reservation.usage = cost, field
    redis.call('SET', call, cjson.encode(reservation), 'PX', arg.callTtlMs)
    local deadline = nowMs() + arg.reservationMs
    redis.call('ZADD', pending, deadline, arg.callId)
    if due then
      local bucket = math.ceil(deadline / arg.bucketMs) * arg.bucketMs
      redis.call('ZADD', due, 'NX', bucket, arg.accountId .. ' ' .. string.format('%d', bucket))
    end
  end
end
return reply({
  status = status, plan = a[1], window = window, unlimited = unlimited,
  balance = unlimited and cjson.null or balance, allowance = tonumber(a[3]),
  renewsAt = unlimited and cjson.null or period.renewsAt, charged = charged, periodId = periodId,
  cap = cap, capLeft = cap and math.max(cap - spent, 0), cost = cost,
})
`;

// A failed call's refund, or an export's or a block's settlement (KEYS: account, call, pending; ARGV: ttl, call id,
// credits to keep, and for a block the calls it did not make): it is no longer pending either way.
const REFUND_LUA = `
${GIVE_BACK_LUA}
redis.call('ZREM', KEYS[3], ARGV[2])
return giveBack(KEYS[1], KEYS[2], ARGV[1], tonumber(ARGV[3]), tonumber(ARGV[4]))
`;

// Records the calls of blocks of credits that kept their credits (KEYS: each block's set; ARGV: ttl, then for each
// block its calls' places, space-separated): members of a set, so a batch sent twice counts them once.
const KEEP_LUA = `
for i, key in ipairs(KEYS) do
  for nth in string.gmatch(ARGV[i + 1], '%d+') do redis.call('SADD', key, nth) end
  redis.call('PEXPIRE', key, ARGV[1])
end
`;

// Settles one account (KEYS: account, pending; ARGV: ttl, at most how many calls): refunds every reservation past
// its deadline that was neither confirmed nor refunded. Replies {calls refunded, credits given back, the earliest
// deadline still pending or false, whether more are overdue than this run took}. A call's record is named after the
// account's key (the same hash tag, so the same slot).
const SETTLE_LUA = `
${GIVE_BACK_LUA}
local account, pending = KEYS[1], KEYS[2]
local overdue = redis.call('ZRANGEBYSCORE', pending, '-inf', nowMs(), 'LIMIT', 0, tonumber(ARGV[2]))
local calls, credits = 0, 0
for _, id in ipairs(overdue) do
  local given = giveBack(account, account .. ':call:' .. id, ARGV[1])
  if given > 0 then calls, credits = calls + 1, credits + given end
end
if #overdue > 0 then redis.call('ZREM', pending, unpack(overdue)) end
local next = redis.call('ZRANGE', pending, 0, 0, 'WITHSCORES')
return {calls, credits, next[2] and tonumber(next[2]) or false, #overdue == tonumber(ARGV[2]) and 1 or 0}
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** Keys: account, record, rate, call, pending, then due and address where the connection allows them. */
    csiAccess(numberOfKeys: number, ...keysThenArgs: string[]): Result<string, Context>;
    csiIp(address: string): Result<string, Context>;
    csiRefund(
      account: string,
      call: string,
      pending: string,
      ttlMs: number,
      callId: string,
      keep: number,
      ...unmade: number[]
    ): Result<number, Context>;
    csiKeep(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Result<null, Context>;
    csiSettle(
      account: string,
      pending: string,
      ttlMs: number,
      limit: number,
    ): Result<[number, number, number | null, number], Context>;
  }
}

/** Makes the scripts callable on `redis` (ioredis sends EVALSHA, and the script itself when Redis lacks it). */
export function defineScripts(redis: RedisClient): void {
  redis.defineCommand('csiAccess', { lua: ACCESS_LUA }); // 5 to 7 keys, counted in the call
  redis.defineCommand('csiIp', { numberOfKeys: 1, lua: IP_LUA });
  redis.defineCommand('csiRefund', { numberOfKeys: 3, lua: REFUND_LUA });
  redis.defineCommand('csiSettle', { numberOfKeys: 2, lua: SETTLE_LUA });
  redis.defineCommand('csiKeep', { lua: KEEP_LUA }); // one key per block, counted in the call
}
