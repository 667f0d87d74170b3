import { describe, expect, it } from 'vitest';
import { detectSponsors } from '../../../importer/sponsors/detect.ts';
import { Registry } from '../../../importer/sponsors/registry.ts';

const registry = Registry.load();
const sponsorsOf = (description: string, channel = 'Some Creator', title = 'A video') =>
  detectSponsors({ title, description, tags: [] }, { title: channel, handle: null }, registry).map((f) => f.name);

describe('sponsorship detection', () => {
  it('finds the disclosures the issue quotes, each resolved through the brand registry', () => {
    expect(sponsorsOf('Go to NordVPN.com/casey or use code CASEY for 70% off', 'CaseyNeistat')).toEqual(['NordVPN']);
    expect(sponsorsOf('A portion of this video was sponsored by NortonLifeLock. Try it free.')).toEqual([
      'NortonLifeLock',
    ]);
    expect(sponsorsOf('Get your first month of KiwiCo for FREE kiwico.com/markrober', 'Mark Rober')).toEqual([
      'KiwiCo',
    ]);
  });

  it('keeps the text that shows the deal as evidence, and the rule that found it', () => {
    const [finding] = detectSponsors(
      { title: 't', description: 'Intro\nThanks to Squarespace for sponsoring this video!\nOutro', tags: [] },
      { title: 'Chan', handle: null },
      registry,
    );
    expect(finding).toMatchObject({
      name: 'Squarespace',
      text: 'Thanks to Squarespace for sponsoring this video!',
      rule: 'disclosure',
    });
  });

  it('reads disclosures in French, Spanish, Portuguese and German', () => {
    expect(sponsorsOf('Cette vidéo est sponsorisée par Audible.')).toEqual(['Audible']);
    expect(sponsorsOf('Vidéo réalisée en partenariat avec Activision')).toEqual(['Activision']);
    expect(sponsorsOf('-10% sur tout le site avec le code MARIE10 : https://www.prozis.com/marie')).toEqual(['Prozis']);
    expect(sponsorsOf('Este video está patrocinado por Skillshare.')).toEqual(['Skillshare']);
    expect(sponsorsOf('Vídeo em parceria com a Uber.')).toEqual(['Uber']);
    expect(sponsorsOf('Dieses Video wird gesponsert von HelloFresh.')).toEqual(['HelloFresh']);
  });

  it('names a brand the registry does not know from the deal line, and from its link', () => {
    expect(sponsorsOf('Zorblax Lamps - use code SOPHIE for 15% off')).toEqual(['Zorblax Lamps']);
    expect(sponsorsOf('15% off everything with code SOPHIE15: https://www.zorblaxlamps.com')).toEqual(['Zorblaxlamps']);
  });

  it('counts none of: a channel membership, Patreon, social links, the creator’s own merch, a gear list, thanks to viewers', () => {
    const description = [
      '✚ Sponsor this channel: https://www.youtube.com/channel/UCxxxx/join',
      'Support me on Patreon: https://www.patreon.com/somecreator',
      'Instagram: https://instagram.com/somecreator',
      'My merch store, 20% off with code FALL20: https://somecreator.store',
      'Camera I use: http://amzn.to/2sTDnRZ',
      'Thanks to all my subscribers for supporting the channel!',
    ].join('\n');
    expect(sponsorsOf(description, 'Some Creator')).toEqual([]);
  });

  it('never counts the creator’s own name as a sponsor', () => {
    expect(sponsorsOf('Get your first month of WWE Network for FREE: http://wwenetwork.com', 'WWE')).toEqual([]);
  });

  it('does not read an offer inside a link, nor a denied disclosure', () => {
    expect(sponsorsOf('Watch more: https://puhutv.com/show?utm_medium=referral&utm_source=youtube')).toEqual([]);
    expect(sponsorsOf('This video is not sponsored by any of the brands mentioned.')).toEqual([]);
  });

  it('lists every brand of a partners block', () => {
    const description =
      'Partenaires :\n- French Touch Fishing: https://goo.gl/xLBUKj\n- Deeper Fishfinder: https://goo.gl/MpVGn3\n\nAbonne-toi';
    expect(sponsorsOf(description)).toEqual(['French Touch Fishing', 'Deeper']);
  });
});
