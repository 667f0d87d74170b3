import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectSponsors } from '../../../importer/sponsors/detect.ts';
import { classOf, HOSTS_DIR, readHostClasses } from '../../../importer/sponsors/hosts.ts';
import { domainName, namesNoBrand } from '../../../importer/sponsors/links.ts';
import { Registry } from '../../../importer/sponsors/registry.ts';

const registry = Registry.load();
const sponsorsOf = (description: string) =>
  detectSponsors({ title: 'A video', description, tags: [] }, { title: 'Some Creator', handle: null }, registry).map(
    (f) => f.name,
  );

describe('link hosts, resolved and classed from data', () => {
  it('names a domain by its registrable part, from the public suffix list', () => {
    expect(domainName('kiwico.com')).toBe('kiwico');
    expect(domainName('lyon.images-photo.com')).toBe('images-photo');
    expect(domainName('shop.bbc.co.uk')).toBe('bbc');
    expect(domainName('store.example.com.au')).toBe('example');
  });

  it("names a tracker's or a site builder's brand by its subdomain, never by the host", () => {
    expect(domainName('ariat.dkkdet.net')).toBe('ariat');
    expect(domainName('artistcouture.refersion.com')).toBe('artistcouture');
    expect(domainName('auxcrinsdor.wixsite.com')).toBe('auxcrinsdor');
    expect(sponsorsOf('Get 20% off your boots: https://ariat.dkkdet.net/c/2345/x')).toEqual(['Ariat']);
  });

  it('classes a host by itself or its nearest listed parent', () => {
    expect(classOf('m.onelink.me')).toMatchObject({ host: 'onelink.me', of: { class: 'tracking' } });
    expect(classOf('www.patreon.example')).toBeUndefined();
    expect(namesNoBrand('bit.ly')).toBe(true);
    expect(namesNoBrand('buymeacoffee.com')).toBe(true);
    expect(namesNoBrand('artlist.io')).toBe(false);
    expect(namesNoBrand('kiwico.com')).toBe(false);
  });

  it('takes the brand of a deal from the text, not from a social or fan-funding link', () => {
    expect(sponsorsOf('Start your free trial with code KIM: https://www.linkedin.com/learning')).toEqual([]);
    expect(sponsorsOf('Get 10% off with code JO: https://www.buymeacoffee.com/jo')).toEqual([]);
  });

  it('gives every class list its sources and licences, and lists a host once', () => {
    const files = readdirSync(HOSTS_DIR).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(8);
    const classes = new Set([...readHostClasses().values()].map((c) => c.class));
    expect([...classes].sort()).toEqual(
      ['funding', 'merch', 'music-stock', 'shortener', 'site-builder', 'social', 'store', 'tracking'].sort(),
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'hosts-'));
    const list = (hosts: string[]) =>
      JSON.stringify({
        class: 'social',
        brand: 'none',
        about: 'x',
        sources: [{ what: 'x', url: '', licence: 'x' }],
        hosts,
      });
    writeFileSync(path.join(dir, 'a.json'), list(['example.com']));
    writeFileSync(path.join(dir, 'b.json'), list(['example.com']));
    expect(() => readHostClasses(dir)).toThrow('example.com is listed as social too');
  });
});
