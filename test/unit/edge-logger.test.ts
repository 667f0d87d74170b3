import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createKey } from '../../src/access/keys.ts';
import { createLogger, scrub } from '../../src/logger.ts';

function capture(level: 'trace' | 'info') {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ logLevel: level }, sink), lines };
}

describe('log scrubbing', () => {
  const key = createKey('csi');

  it('replaces key-shaped text and Bearer credentials', () => {
    expect(scrub(`{"msg":"saw ${key} and ${createKey('acme2')}"}`)).toBe('{"msg":"saw [redacted] and [redacted]"}');
    expect(scrub('{"msg":"Authorization: Bearer abc.def-ghi"}')).toBe('{"msg":"Authorization: Bearer [redacted]"}');
    expect(scrub('{"msg":"bearer\\r\\nx"}')).toBe('{"msg":"bearer\\r\\nx"}');
    expect(scrub('{"url":"/api/v1/creators/creator_1","n":42}')).toBe('{"url":"/api/v1/creators/creator_1","n":42}');
  });

  it('replaces the value of any logged Authorization or Cookie header, at any depth and in any case', () => {
    const { logger, lines } = capture('info');
    logger.info(
      {
        upstream: { request: { headers: { Authorization: 'Basic dXNlcjpwYXNz', host: 'os' } } },
        reply: { headers: { 'set-cookie': ['sid=1', 'b="2"'] } },
        url: '/api/v1/creators?query=cookie+authorization',
      },
      'headers logged',
    );
    logger.flush();
    const line = JSON.parse(lines[0] as string);
    expect(line.upstream.request.headers).toEqual({ Authorization: '[redacted]', host: 'os' });
    expect(line.reply.headers['set-cookie']).toBe('[redacted]');
    expect(line.url).toBe('/api/v1/creators?query=cookie+authorization');
    expect(scrub('{"proxy-authorization" : "Digest a\\"b","cookie":"c=1"}')).toBe(
      '{"proxy-authorization" : "[redacted]","cookie":"[redacted]"}',
    );
  });

  it('replaces URL passwords and the passwords the process connects with, however an error carries them', () => {
    expect(scrub('{"msg":"connect redis://default:s3cr%40t@10.0.0.5:6379 failed"}')).toBe(
      '{"msg":"connect redis://default:[redacted]@10.0.0.5:6379 failed"}',
    );
    expect(scrub('{"msg":"https://admin:pw@os:9200/x"}')).toBe('{"msg":"https://admin:[redacted]@os:9200/x"}');
    expect(scrub('{"err":{"args":["AUTH","hunter2\\"x"]}}', ['hunter2\\"x'])).toBe(
      '{"err":{"args":["AUTH","[redacted]"]}}',
    );
    expect(scrub('{"url":"http://127.0.0.1:9200/_search"}')).toBe('{"url":"http://127.0.0.1:9200/_search"}');
  });

  it('drops a Redis error’s command arguments and names no configured password', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger(
      {
        logLevel: 'info',
        redis: { url: 'redis://:pa55-word@127.0.0.1:6379' },
        opensearch: { nodes: [], password: 'os-Pass!1' },
      },
      sink,
    );
    const err = Object.assign(new Error('WRONGPASS invalid username-password pair'), {
      command: { name: 'auth', args: ['default', 'pa55-word'] },
    });
    logger.error({ err }, 'Redis said no; OpenSearch password os-Pass!1');
    expect(lines.join('')).toContain('"command":{"name":"auth","args":"[redacted]"}');
    expect(lines.join('')).not.toMatch(/pa55-word|os-Pass!1/);
  });

  it('keeps keys out of every line, at trace, however they are logged', () => {
    const { logger, lines } = capture('trace');
    const parserError = Object.assign(new Error('Parse Error: Invalid header token'), {
      code: 'HPE_INVALID_HEADER_TOKEN',
      rawPacket: Buffer.from(`GET / HTTP/1.1\r\nAuthorization: Bearer ${key}\r\n\r\n`),
    });
    logger.trace({ err: parserError }, 'client error');
    logger.info({ req: { headers: { authorization: `Bearer ${key}` } } }, 'nested headers');
    logger.warn({ err: new Error(`refused ${key}`) }, `message with ${key}`);
    logger.flush();
    expect(lines).toHaveLength(3);
    const text = lines.join('\n');
    expect(text).not.toContain(key.slice(4));
    expect(text).not.toMatch(/"data":\[/); // no raw bytes of a request
    expect(JSON.parse(lines[0] as string).err).toMatchObject({
      code: 'HPE_INVALID_HEADER_TOKEN',
      rawPacket: '[redacted]',
    });
  });
});
