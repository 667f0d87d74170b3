// Links in descriptions: which host a URL names, and which hosts say nothing about a brand (shorteners).
import { normalizeHost } from './registry.ts';

/** Hosts that only redirect: the brand is named by the text around them, never by the host. */
const SHORTENERS = new Set([
  'bit.ly',
  'bit.do',
  'goo.gl',
  'po.st',
  't.co',
  'tinyurl.com',
  'ow.ly',
  'buff.ly',
  'is.gd',
  'j.mp',
  'lnk.to',
  'smarturl.it',
  'fanlink.to',
  'geni.us',
  'rstyle.me',
  'shareasale.com',
  'go.magik.ly',
  'adf.ly',
  'cutt.ly',
  'rebrand.ly',
  'shorturl.at',
  'tidd.ly',
  'hyperurl.co',
  'go2l.ink',
  'nxtg.ms',
  'ift.tt',
  // App-install trackers: they name the tracking company, never the app.
  'onelink.me',
  'app.link',
  'adj.st',
  'app.adjust.com',
  'bnc.lt',
  'snip.ly',
  'trib.al',
  'clickmeterlink.com',
  'lmg.gg',
  'wo.ws',
  'barstool.link',
  'trb.gg',
  // Sponsorship and affiliate trackers: the brand is the one the line names (`sponsr.is/bootdev_…` for Boot.dev).
  'sponsr.is',
  'pntra.com',
  'try.games',
  // Messaging links: a phone number or a chat, never a brand's site.
  'wa.me',
  't.me',
]);

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

/** A shortener or tracker, or a subdomain of one (`m.onelink.me`). */
export const isShortener = (host: string) =>
  SHORTENERS.has(host) || [...SHORTENERS].some((s) => host.endsWith(`.${s}`));

/** Affiliate and site-building platforms that give each brand a subdomain: the brand is the subdomain. */
const SUBDOMAIN_PLATFORMS = [
  'refersion.com',
  'myshopify.com',
  // Impact's tracking domains (`steelseries.7eer.net`), like pxf.io and sjv.io, and Attentive's text sign-ups.
  'pxf.io',
  'sjv.io',
  '7eer.net',
  'ojrq.net',
  'evyy.net',
  'attn.tv',
  // ConvertKit's landing pages (`thealexeubank.ck.page`): a mailing list's sign-up, named by its subdomain.
  'ck.page',
  'avantlink.com',
  'wixsite.com',
  'blogspot.com',
  'wordpress.com',
  'weebly.com',
  'over-blog.com',
  'bigcartel.com',
  'storenvy.com',
];

/**
 * The name a domain suggests: `kiwico.com` → `kiwico`, `lyon.images-photo.com` → `images-photo`,
 * `artistcouture.refersion.com` → `artistcouture`, `auxcrinsdor.wixsite.com` → `auxcrinsdor`.
 */
export function domainName(host: string): string {
  const platform = SUBDOMAIN_PLATFORMS.find((p) => host.endsWith(`.${p}`));
  if (platform)
    return host
      .slice(0, -platform.length - 1)
      .split('.')
      .at(-1) as string;
  const labels = host.split('.');
  const secondLevel =
    labels.length >= 3 && ['co', 'com'].includes(labels.at(-2) as string) ? labels.at(-3) : labels.at(-2);
  return secondLevel ?? host;
}
