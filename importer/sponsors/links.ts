// Links in descriptions: which host a URL names, and the name its host suggests for a brand (hosts.ts says which
// hosts name none).
import { getDomainWithoutSuffix } from 'tldts';
import { classOf } from './hosts.ts';
import { normalizeHost } from './registry.ts';

const URL_PATTERN =
  /\b(?:https?:\/\/|www\.)[^\s<>"'()[\]{}«»]+|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|fr|net|org|io|co|tv|de|es|se|eu|me|ly|do|gg|shop|store|be|ch|ca|uk)(?:\/[^\s<>"'()[\]{}«»]*)?/gi;

export interface Link {
  url: string;
  host: string;
  /** The path without its leading slash and query. */
  path: string;
}

export function linksIn(text: string): Link[] {
  const links: Link[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    // The domain of an e-mail address is not a link.
    if (text[(match.index ?? 0) - 1] === '@') continue;
    const raw = match[0].replace(/[.,;:!?…]+$/, '');
    try {
      const url = new URL(/^https?:\/\//i.test(raw) ? raw : `http://${raw}`);
      if (!url.hostname.includes('.')) continue;
      links.push({ url: raw, host: normalizeHost(url.hostname), path: url.pathname.replace(/^\/+/, '') });
    } catch {
      // Not a URL after all.
    }
  }
  return links;
}

/**
 * A host that names no brand itself: a shortener, a tracker or a marketplace (the text around the link names the
 * brand), or a social network, fan funding or a merch platform (no sponsor's site at all).
 */
export const namesNoBrand = (host: string) => {
  const brand = classOf(host)?.of.brand;
  return brand === 'text' || brand === 'none';
};

/**
 * The name a domain suggests, from its registrable domain (the public suffix list, through tldts): `kiwico.com` →
 * `kiwico`, `lyon.images-photo.com` → `images-photo`, `bbc.co.uk` → `bbc`; on a host that gives each brand a
 * subdomain, the subdomain: `artistcouture.refersion.com` → `artistcouture`, `ariat.dkkdet.net` → `ariat`.
 */
export function domainName(host: string): string {
  const classed = classOf(host);
  if (classed?.of.brand === 'subdomain' && host !== classed.host)
    return host
      .slice(0, -classed.host.length - 1)
      .split('.')
      .at(-1) as string;
  return getDomainWithoutSuffix(host, { allowPrivateDomains: false }) ?? host;
}
