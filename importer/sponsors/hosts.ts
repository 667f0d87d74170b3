// What a link's host says about a brand, from the class lists in hosts/ (each with its sources and licences): a
// shortener, a tracker or a marketplace names none (the line does), a tracker or a site builder that gives each brand
// a subdomain names it there, a social network, fan funding or a merch platform is never a sponsor's site, and a
// music or footage library is its own brand.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile } from '../json-file.ts';
import { domainsOf } from './registry.ts';

const HostClassSchema = z.object({
  class: z.enum(['shortener', 'tracking', 'site-builder', 'music-stock', 'social', 'funding', 'merch', 'store']),
  /** Where the brand of a link on such a host is: the line's text, the host's subdomain, the host itself, or nowhere. */
  brand: z.enum(['text', 'subdomain', 'host', 'none']),
  about: z.string().min(1),
  sources: z.array(z.object({ what: z.string().min(1), url: z.string(), licence: z.string().min(1) })).min(1),
  hosts: z.array(z.string().regex(/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/)).min(1),
});

export type HostClass = z.infer<typeof HostClassSchema>;
export interface ClassedHost {
  /** The listed host the link's host is, or is a subdomain of. */
  host: string;
  of: HostClass;
}

export const HOSTS_DIR = path.resolve(import.meta.dirname, 'hosts');

export function readHostClasses(dir = HOSTS_DIR): Map<string, HostClass> {
  const byHost = new Map<string, HostClass>();
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const file = path.join(dir, name);
    const of = readJsonFile(file, HostClassSchema, 'host class list');
    for (const host of of.hosts) {
      const seen = byHost.get(host);
      if (seen) throw new Error(`${file}: ${host} is listed as ${seen.class} too`);
      byHost.set(host, of);
    }
  }
  return byHost;
}

const CLASSES = readHostClasses();

/** The class of a host, or of the nearest parent domain listed (`m.onelink.me` is `onelink.me`'s). */
export function classOf(host: string, classes = CLASSES): ClassedHost | undefined {
  for (const listed of domainsOf(host)) {
    const of = classes.get(listed);
    if (of) return { host: listed, of };
  }
  return undefined;
}
