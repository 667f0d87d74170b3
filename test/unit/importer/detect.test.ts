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
    expect(sponsorsOf('This is an #ad for Zorblax High.')).toEqual(['Zorblax High']);
    expect(sponsorsOf('Shoutout to Zorblax for sponsoring me.')).toEqual(['Zorblax']);
    expect(sponsorsOf('#SponsoredbyZorblax')).toEqual(['Zorblax']);
    expect(sponsorsOf('Get $10 free when you sign up to Zorblax through this link!')).toEqual(['Zorblax']);
    expect(sponsorsOf('SPONSORED BY: Zorblax Billiards, Quintor Cases, Velomix Products')).toEqual([
      'Zorblax Billiards',
      'Quintor Cases',
      'Velomix Products',
    ]);
    expect(sponsorsOf('Cette vidéo est une publicité pour Quintor.')).toEqual(['Quintor']);
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

  it("counts no creator code in a game's shop, whatever marks it, and still counts a brand's creator code", () => {
    expect(sponsorsOf('Check out my first Fortnite map using this code: 8425-5139-2527')).toEqual([]);
    expect(sponsorsOf('👊 CoD Creator Code: COURAGE')).toEqual([]);
    expect(sponsorsOf('Support me by using code: "itsDes" in the Fortnite item shop! #AD')).toEqual([]);
    expect(sponsorsOf('Usa el código ROVI23 en la tienda de Robux de Roblox!!')).toEqual([]);
    expect(sponsorsOf('Epic Partner Creator Code: MUSTY')).toEqual([]);
    expect(sponsorsOf('Intro\n• Creator-Code: Detu*\nOutro')).toEqual([]);
    expect(sponsorsOf('USE CODE "FIRE" IN THE ROCKET LEAGUE ITEM SHOP (SPONSORED BY EPIC GAMES)')).toEqual([]);
    expect(
      sponsorsOf('Sneak Energy: https://sneakenergy.com/products/starter-pack (USE CREATOR CODE "TWOSYNC") 10% off'),
    ).toEqual(['Sneak Energy']);
  });

  it('reads a list of sponsors under a sentence that introduces them, in any of the languages', () => {
    const list = (intro: string) =>
      sponsorsOf(
        `Intro\n\n${intro}\n» Dalton Performance - https://bit.ly/2WcHokM\n» OMP Racing - https://bit.ly/3kd1ZOZ`,
      );
    expect(list('🔹 A equipe de Drift tem o apoio destas empresas')).toEqual(['Dalton Performance', 'OMP Racing']);
    expect(list('📢 Acompanhe nossos patrocinadores')).toEqual(['Dalton Performance', 'OMP Racing']);
    expect(list('Check out our sponsors:')).toEqual(['Dalton Performance', 'OMP Racing']);
    expect(list('Les vidéos de la semaine')).toEqual([]);
  });

  it('reads sponsors named alone under "Sponsored by:", and a sponsors line in Portuguese or German', () => {
    expect(sponsorsOf('Intro\n\nSponsored by:\n- Ruroc\n- Metzeler Motorrad\n\nTWITCH - live')).toEqual([
      'Ruroc',
      'Metzeler Motorrad',
    ]);
    // A bare name under a heading that only may list sponsors ("Partners") still needs a link or the registry.
    expect(sponsorsOf('Intro\n\nPartners\n- Ruroc\n')).toEqual([]);
    expect(sponsorsOf('Patrocinadores: Growth, Oficial Farma')).toEqual(['Growth', 'Oficial Farma']);
    expect(sponsorsOf('Sponsoren: Razer')).toEqual(['Razer']);
  });

  it('counts a thanked company the thanks calls a sponsor or partner, not a thanked friend', () => {
    expect(sponsorsOf('Un grand merci à CANNA mon sponsor !')).toEqual(['CANNA']);
    expect(sponsorsOf('Thanks to Acme Tools, our partner!')).toEqual(['Acme Tools']);
    expect(sponsorsOf('Un grand merci à Julien mon pote !')).toEqual([]);
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

  it('reads "presented by" in a film’s credits as its producer, and elsewhere as a sponsor', () => {
    expect(sponsorsOf('Starring Ann Lee and Bo Kim, directed by Cy Doe, and presented by Zorblax Studios.')).toEqual(
      [],
    );
    expect(sponsorsOf('This video is presented by Zorblax.')).toEqual(['Zorblax']);
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
    const official =
      'Intro\n\nOfficial Partners:\n⚡️ Zorblax Energy: Code SAM https://zorblax.ly/2Mq\n☕️ Quintor Coffee: Code SAM https://quintor.coffee/sam';
    expect(sponsorsOf(official)).toEqual(['Zorblax Energy', 'Quintor Coffee']);
    // Under a heading of discount codes, each brand with its code; the creator's name as the code is no self-promotion.
    const codes =
      'Intro\n\nDISCOUNT CODES OR LINKS (enter codes at checkout)-\nZorblax Cosmetics- Samlifts\nQuintor Beauty- SAM10';
    expect(sponsorsOf(codes, 'Samlifts')).toEqual(['Zorblax Cosmetics', 'Quintor Beauty']);
  });

  it('counts thanks to a company for what it gave, not thanks to a person', () => {
    expect(sponsorsOf('Merci à Quickplay France pour le matériel !')).toEqual(['Quickplay France']);
    expect(sponsorsOf('Un grand merci à nos amies de Agogo pour les costumes')).toEqual(['Agogo']);
    expect(sponsorsOf('Merci à Zorblax pour leur soutien\nhttps://www.zorblax.fr')).toEqual(['Zorblax']);
    expect(sponsorsOf('Merci à Ekaterina pour nous avoir soutenu tout au long du projet')).toEqual([]);
    expect(sponsorsOf('Phone provided by Razer for review.')).toEqual(['Razer']);
  });

  it('reads an invitation to sponsor as none, and the creator’s merch as theirs', () => {
    expect(sponsorsOf('Want to sponsor a video? http://zorblax.com/sponsorships')).toEqual([]);
    expect(sponsorsOf('New merch! 10% off with code BLACKFRIDAY (until Monday night)')).toEqual([]);
    expect(sponsorsOf('📕 Mis Libros: https://www.amazon.es/s?i=stripbooks&rh=p_27%3ASamLifts', 'Sam Lifts')).toEqual(
      [],
    );
    expect(sponsorsOf('📘 DOWNLOAD my FREE producer ebook: https://www.zorblaxbooks.com/free-ebook')).toEqual([]);
    expect(sponsorsOf('📘 DOWNLOAD my FREE dj producer ebook: https://www.zorblaxbooks.com/free-ebook')).toEqual([]);
    expect(
      sponsorsOf('Sign up for my online production class with code SAM for 20% off: https://learnzorb.com/andrew'),
    ).toEqual([]);
    // "Code:" over a repository is the video's source code, not a discount code.
    expect(sponsorsOf('Intro\n💻 Code:\nhttps://github.com/zorblax/mern-tutorial\nOutro')).toEqual([]);
    expect(sponsorsOf('Code: SAM10 at https://quintor.com')).toEqual(['Quintor']);
  });

  it('names the brand an offer is for, past arrows, trackers and site builders', () => {
    expect(sponsorsOf('coupon code PROZD to get $3 off your first Umai Crate:')).toEqual(['Umai Crate']);
    expect(sponsorsOf('Use code SAM50 to get 50% OFF your first Zorblax box')).toEqual(['Zorblax']);
    expect(sponsorsOf('Get 15% off Quintor range finders with code SAM15')).toEqual(['Quintor']);
    expect(sponsorsOf('Zorblax Batteries (Save $50 per battery with code: someday)')).toEqual(['Zorblax Batteries']);
    // A generic phrase is no brand: the offer's brand is the one it names.
    expect(sponsorsOf('HUGE DEAL: 40% OFF Zorblax Blue Light Glasses: https://zorblax.com/pages/sam today!')).toEqual([
      'Zorblax',
    ]);
    expect(sponsorsOf('Use Code "SVE" for 15% Off any purchase at Their Website')).toEqual([]);
    expect(sponsorsOf('▶︎Meine Handcremes: http://bit.ly/beautxful (Werbung)')).toEqual([]);
    expect(sponsorsOf('This video was sponsored by him and we loved it')).toEqual([]);
    // A site that puts a verb before the brand's name is named as the line writes the brand.
    expect(sponsorsOf('Go to https://buyquintor.com/sam for 15% off! Brought to you by Quintor.the shop')).toEqual([
      'Quintor',
    ]);
    expect(sponsorsOf('Féerie Cake ➵ -5% de remise avec le code : ROXANE')).toEqual(['Féerie Cake']);
    expect(sponsorsOf('Télécharge BENCHR gratuitement ici: http://m.onelink.me/ac9a053b')).toEqual(['BENCHR']);
    expect(
      sponsorsOf('#ad Play Zorblax Quest on PC, Xbox, and PlayStation today! ► https://shorturl.at/dKMvV'),
    ).toEqual(['Zorblax Quest']);
    expect(sponsorsOf('Learn more about Zorblax Tactics here! https://i.try.games/zorblax-tactics/qx6bx4 #ad')).toEqual(
      ['Zorblax Tactics'],
    );
    expect(sponsorsOf('- 10% sur http://auxcrinsdor.wixsite.com/boutique avec le code Nomade')).toEqual([
      'Auxcrinsdor',
    ]);
    // An affiliate network's tracking domain or a text sign-up service names the brand in its subdomain.
    expect(sponsorsOf("USE CODE 'ZED12' FOR 12% OFF\nhttps://steelseries.7eer.net/k9RZ3")).toEqual(['Steelseries']);
    expect(sponsorsOf('Get 10% off when you sign up for texts: https://acmebeauty.attn.tv/p/x/landing')).toEqual([
      'Acmebeauty',
    ]);
  });

  it('takes no piece of a sentence for a name, nor a messaging link for a brand', () => {
    expect(sponsorsOf("USE CODE 'ZED' AT CHECKOUT FOR A DISCOUNT")).toEqual([]);
    expect(sponsorsOf('⬇️ MESSAGE US FOR REPAIRS ⬇️https://wa.me/447700900000 - USE CODE ZED10 for discount')).toEqual(
      [],
    );
  });

  it('tells a vanity link from the creator’s own product page, and counts a link that pays the creator', () => {
    expect(
      sponsorsOf(
        '► http://livre.fnac.com/a10169333/Maud-Bettina-Marie-Parlons-peu-parlons-cul-ture',
        'Maud Bettina-Marie',
      ),
    ).toEqual([]);
    expect(
      sponsorsOf('Maillots : http://zorblax.org?utm_source=footfan ► FootFan = 10% de réduction', 'FootFan'),
    ).toEqual(['Zorblax']);
  });

  it('lists every brand a disclosure names, and names a brand behind the creator’s own redirect', () => {
    expect(sponsorsOf('My sponsors: Santacruz, Continental Tyres, Muc Off and Mudhugger', 'Ben Cathro')).toEqual([
      'Santacruz',
      'Continental Tyres',
      'Muc Off',
      'Mudhugger',
    ]);
    expect(
      sponsorsOf(
        'Our partners:\nCanyon bikes: http://gmbn.eu/Canyon\nGMBN Shop - http://gmbn.eu/shop',
        'Global Mountain Bike Network',
      ),
    ).toEqual(['Canyon']);
  });

  it('reads German disclosures and markers, and a German word is no brand', () => {
    expect(sponsorsOf('Dieses Video enthält von Joyn bezahlte Werbung.')).toEqual(['Joyn']);
    expect(sponsorsOf('Mit freundlicher Unterstützung von Hellobody')).toEqual(['Hellobody']);
    expect(sponsorsOf('►(*Werbung) GymShark: https://gym.sh/Shop-Nico2')).toEqual(['Gymshark']);
    expect(sponsorsOf('Werbung in eigener Sache: mein Shop https://zorblax.de')).toEqual([]);
    expect(sponsorsOf('Alles über Autos, 10% Rabatt bei Zorblax mit dem Code AUTO')).toEqual(['Zorblax']);
  });

  it('cuts a description whose line breaks were lost into lines', () => {
    const flat = `${'Heute testen wir drei Sachen. '.repeat(10)}Abonniert den Kanal!Dieses Video wird gesponsert von HelloFresh.Instagram: https://instagram.com/x`;
    expect(sponsorsOf(flat)).toEqual(['HelloFresh']);
  });

  it('cuts such a description where links run into the text around them', () => {
    const filler = 'We lift heavy things every day. '.repeat(10);
    // Each offer keeps the link glued to it; the creator's own brand on the line after is no longer part of one.
    const glued = `${filler}Zorblax shakers code “SAM” for 15% offhttps://www.zorblax.comQuintor supplements code “SAM” for 10% offhttps://quintorsupps.comMy clothing brand https://samstuff.com`;
    expect(sponsorsOf(glued, 'Sam Lifts')).toEqual(['Zorblax', 'Quintorsupps']);
    // A capital after a site's slash is its path, not the next line: the vanity link keeps the creator's name.
    const vanity = `${filler}Install Zorblax today https://try.zorblax.com/SamLifts and use my code SAM3 to get $3 off`;
    expect(sponsorsOf(vanity, 'Sam Lifts')).toEqual(['Zorblax']);
    // A line's usual first word glued to a link's path starts the next line.
    const path = `${filler}Catch the streams live: https://www.twitch.tv/samliftsUse code SAM on Quintor Supps for 10% OFF your order`;
    expect(sponsorsOf(path, 'Sam Lifts')).toEqual(['Quintor Supps']);
    // A percentage glued to a link opens the next offer: a link's `%` is always followed by two hex digits.
    const percent = `${filler}3% Rabatt bei Zorblax: https://www.zorblax.de/SamLifts10% bei Quintor mit dem Code SAM: https://bit.ly/2oLvAau`;
    expect(sponsorsOf(percent, 'Sam Lifts')).toEqual(['Zorblax', 'Quintor']);
  });

  it('reads chapters, note headings and music credits for what they are', () => {
    // A chapter titles a part of the video: it offers nothing and names no brand for the lines around it.
    expect(sponsorsOf('Chapters\n00:00 Intro\n08:21 Easy coupons\n09:10 Zorblax Booster')).toEqual([]);
    // A heading over an affiliate note is not a brand, even above "#ad".
    expect(sponsorsOf('AFFILIATE DISCLOSURE\nAs an Amazon Associate we earn from qualifying purchases. #ad')).toEqual(
      [],
    );
    expect(sponsorsOf('BUSINESS INQUIRIES\nhello@zorblax.com\n#ad #falldecor')).toEqual([]);
    // A music credit is no sponsor, unless it offers a trial of the service it credits.
    expect(sponsorsOf('🎵 Music by Epidemic Sound: http://share.epidemicsound.com/33cnNZ')).toEqual([]);
    expect(sponsorsOf('🎵 Music by Epidemic Sound (free 30-day trial): http://share.epidemicsound.com/33cnNZ')).toEqual(
      ['Epidemic Sound'],
    );
    expect(sponsorsOf('✮ Try FREE Audible Plus and Get Two Free Audiobooks ►https://amzn.to/4a0VNnj')).toEqual([
      'Audible',
    ]);
  });

  it('reads a production’s credits by role: a supplier partner is a sponsor, its media partners are not', () => {
    expect(sponsorsOf('Costume Partner : Zorblax Threads\nAssociate Sponsor : Quintor Constructions')).toEqual([
      'Zorblax Threads',
      'Quintor Constructions',
    ]);
    expect(sponsorsOf('Travel and Hospitality Partner : Velomix Hotels')).toEqual(['Velomix Hotels']);
    expect(
      sponsorsOf('Digital Partner : Zorblax Media\nRadio Partner: Quintor 92.7 FM\nDigital Marketing Partner: Velomix'),
    ).toEqual([]);
  });

  it('takes no country code or terms abbreviation alone for a brand', () => {
    expect(
      sponsorsOf('Get 20% off your first order!\nT&C: This discount offer is not applicable for users from US.'),
    ).toEqual([]);
    expect(sponsorsOf('EU: 10% off with code SAM at https://zorblax.eu/sam')).toEqual(['Zorblax']);
  });

  it('leaves out of a name the verb it was cut out with', () => {
    expect(sponsorsOf('Download Zorblax: https://link.zorblax.com/SAM100\nPromo Code: SAM100')).toEqual(['Zorblax']);
    expect(sponsorsOf('Visit NordVPN today and use code SAM for 70% off')).toEqual(['NordVPN']);
  });

  it('takes no lone lowercase word for a brand, unless it is the linked site’s name', () => {
    expect(sponsorsOf('A huge thanks to those who already support me on Patreon:')).toEqual([]);
    expect(sponsorsOf('Use code SAM3 for 20% OFF your first month of server hosting')).toEqual([]);
    expect(sponsorsOf('This video was sponsored by zorblax: https://zorblax.com/sam')).toEqual(['zorblax']);
    expect(sponsorsOf('This video was sponsored by Zorblax.')).toEqual(['Zorblax']);
  });

  it('reads a shop’s discount link as a deal, and names the brand its site names', () => {
    // A shop's `/discount/CODE` link applies the code at checkout: a deal, whatever the line says.
    expect(sponsorsOf('Link: https://www.zorblaxblends.com/discount/SAM20?redirect=%2Fproducts%2Fmask')).toEqual([
      'Zorblaxblends',
    ]);
    // A name that ends its site's name is the product ("Sleeve" at zorb-sleeve.com); one that opens it is the brand.
    expect(sponsorsOf('Sleeve: https://zorb-sleeve.com/discount/JIVAN')).toEqual(['Zorb-sleeve']);
    expect(sponsorsOf('Quintor » Use code JAMES for 30% off all products http://quintorcosmetics.com')).toEqual([
      'Quintor',
    ]);
  });
});
