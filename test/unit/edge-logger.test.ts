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
