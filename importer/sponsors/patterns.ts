// The words of disclosures and deals, in English, French, Spanish, Portuguese and German, and the shapes of the
// names around them: what the detector (detect.ts) looks for on each line of a description.
export const NAME_WORD = String.raw`[\p{L}0-9][\p{L}0-9'’&.+-]*`;
/** Articles and nouns that may stand before a brand's name and are not part of it. */
export const LEAD_IN =
  /^(?:(?:the|la|le|les|el|los|die|der|das|a|an|our friends (?:at|from)|la (?:boutique|marque|soci[ée]t[ée]|start-?up)|le site|l['’](?:application|appli|app|entreprise|enseigne))\s+|l['’])/iu;

/** Disclosures in English, French, Spanish, Portuguese and German: the brand follows the phrase. */
export const DISCLOSURE = new RegExp(
  [
    String.raw`\b(?:sponsored|presented|brought to you|made possible|supported|funded|sponsoris[ée]e?s?|commandit[ée]e?s?|offerte? par|patrocinad[oa]s?|gesponsert|präsentiert|unterstützt)\s+(?:in part\s+|en partie\s+)?(?:by|par|por|pela|pelo|von)\s+(?:a (?:generous )?donation (?:by|from)\s+)?`,
    String.raw`\b(?:partenariat|partnership|partnered|parceria|colaboraci[óo]n|Zusammenarbeit|collaboration)\s+(?:avec|with|com|con|mit)\s+`,
    String.raw`\b(?:our|notre|nos|mon|my) (?:partenaires?|partners?|sponsors?)\s+(?=\p{Lu})`,
    String.raw`\bmerci (?:à|a) (?:la |notre )?(?:soci[ée]t[ée]|marque|boutique|entreprise)\s+`,
    String.raw`\b(?:thanks?(?: a lot| so much)?(?: you)?|big thanks|merci(?: beaucoup| encore| infiniment)?|gracias|obrigad[oa]|danke)\s+(?:to\s+|à\s+|a\s+(?=\p{Lu})|an\s+)?(?=[^!\n]{2,80}?\s+(?:for (?:sponsoring|supporting|partnering)|pour (?:(?:le|ce|leur|son|cette) )?(?:sponsoring|partenariat|soutien|collaboration)|d['’]avoir (?:sponsoris|commandit|rendu|soutenu|offert|permis)|de (?:m['’]|nous )avoir (?:envoy|offert|prêt|sponsoris|invit)|por patrocinar|pelo patroc[íi]nio|für die Unterstützung|qui (?:a|ont) permis))`,
  ].join('|'),
  'giu',
);
/** Disclosures where the brand comes first: "X is sponsoring", "X nous prête". */
export const DISCLOSURE_AFTER = new RegExp(
  String.raw`(${NAME_WORD}(?:\s+${NAME_WORD}){0,3})\s+(?:is sponsoring|(?:is|are) (?:the |our )?(?:sponsor|partner)s? of|est (?:le |notre )?(?:sponsor|partenaire) de|nous pr[êe]te|sponsorise (?:cette|la) vid[ée]o)`,
  'giu',
);
/** Cheap tests that a line may hold a disclosure or a deal at all: most lines of a description hold neither. */
export const MAY_DISCLOSE =
  /sponsor|partena|partner|parceri|thank|merci|gracias|obrigad|danke|collab|colabora|zusammen|patroc|present|brought|possible|support|funded|command|offert|unterst|gesponsert|nous pr/i;
export const MAY_DISCLOSE_AFTER = /is sponsoring|sponsor|partner|partenaire|nous pr|sponsorise/i;
export const MAY_DEAL =
  /\d|code|coupon|discount|r[ée]duc|remise|rabatt|gutschein|c[óo]digo|cupom|descuento|desconto|free|gratuit|first|essai|bonus|parrain|referral|invite|cashback|black friday|cyber monday/i;

/** A disclosure that is denied: "this video is not sponsored by any brand". */
export const DENIED = /\b(?:not|n['’]est pas|pas|non|aucun(?:e)?|nicht|no)\s+(?:\S+\s+){0,2}$/iu;

/** A line that offers something: a code, a discount, a free trial, a referral bonus. */
export const DEAL = new RegExp(
  [
    String.raw`\d+(?:[.,]\d+)?\s?(?:%|€|\$|£|euros?|dollars?)\s*(?:off|de (?:r[ée]duc|remise)|offerts?|discount|de descuento|de desconto|rabatt|sur\b|on\b|with\b|avec\b)`,
    String.raw`\b\d+\s?(?:%|€|\$|£|euros?|dollars?|points?|mois|months?|jours?|days?)\s+(?:offerts?|gratuits?|free)\b`,
    String.raw`(?:^|\s|\()[-−–]\d+\s?%`,
    String.raw`\b(?:gagne[zr]?|win|earn|get|recevez|re[çc]ois)\s+(?:\S+\s+)?\d+\s?(?:€|\$|£|euros?|dollars?)`,
    String.raw`\b(?:download|t[ée]l[ée]charge[zr]?|installe[zr]?)\b.{0,40}\b(?:for free|free|gratuite?(?:ment)?)\b`,
    String.raw`\boffres? (?:black friday|cyber monday)|\b(?:black friday|cyber monday) (?:deals?|offers?|sale)\b`,
    String.raw`\d+\s?%.{0,30}\b(?:code|coupon)\b|\b(?:code|coupon)\b.{0,30}\d+\s?%`,
    String.raw`\d+\s?(?:€|\$|£|euros?|dollars?)\s+(?:de\s+)?(?:cr[ée]dit|r[ée]duction|remise|bonus|cashback)`,
    String.raw`\bgratuite?s?\s+(?:avec|with|sur|chez)\b`,
    String.raw`\+\s?bonus\b`,
    String.raw`\b(?:promo ?codes?|codes? promo|promocode|codes? (?:de )?(?:r[ée]duc(?:tion)?|remise|parrainage)|coupons?(?: code)?|discount|r[ée]duc(?:tion|')?|remise|rabatt(?:code)?|gutschein|c[óo]digo|cupom|descuento|desconto)\b`,
    String.raw`\b(?:use|utilise[zr]?|avec|with|using)\s+(?:my |mon |le |the |our )?(?:code|coupon)\b`,
    String.raw`\bcode\s*[:：]`,
    String.raw`\b(?:free (?:trial|month|ride|download|shipping|box)|first (?:month|box)|essai gratuit|% off|bonus (?:de |of )?\d|parrainage|referral|invite code|get \d+%|for \d+% off|save \d+%|cashback)`,
  ].join('|'),
  'iu',
);

/** A link that pays its creator: a tracking or referral parameter (`?cref=`, `#parrain=`, `utm_source=partner`). */
export const TRACKING =
  /[?&#](?:utm_source=(?:partner|influence)|aff(?:iliate)?(?:_?id)?=|cref=|ref(?:erral)?=|parrain=|acc=|coupon=|discount=)/i;
/** Of those, the ones that give the viewer something (a referral bonus) or say the creator is a partner. */
export const REFERRAL = /[?&#](?:utm_source=partner|parrain=|ref(?:erral)?=|coupon=|discount=)/i;
/** A line that credits music, footage or tools, never a sponsor. */
export const CREDIT =
  /^[^\p{L}]*(?:music|musique|song|track|chanson|beat|soundtrack|ost|free download|stock footage|footage|logiciel|software|cam[ée]ra|camera|objectif|lens|micro|mic|n[ée]e? le|born)\b/iu;
/** "sponsor" on a line with links: the links are the sponsors ("thanks to my sponsors, especially brand.com"). */
export const SPONSOR_WORD = /\bsponsor(?:s|ed|ing)?\b|\bsponsoris|\bpartenaires? officiel/iu;

/** A heading that opens a block of sponsors, one per line. */
export const PARTNERS_HEADING =
  /^[^\p{L}]*(?:(?:nos|mes|our|my|les|the)\s+)?(?:partenaires?|partenariats?|sponsors?|partners?|patrocinadores|parceiros|deals|bons plans|r[ée]ductions?|codes? promo|promo codes?|(?:makeup )?discount codes?|coupons?|(?:mille |un grand |special )?merci(?:s)? à|special thanks to)(?:\s+(?:de la cha[îi]ne|of the channel|du moment))?[^\p{L}]*$/iu;

/** The creator's own things, named as such on the line. */
export const OWN =
  /\b(?:my|our|mon|ma|mes|notre|nos|mi|mis|meu|minha|mein|meine)\s+(?:[\p{L}]+\s+){0,2}?(?:own\s+)?(?:merch|merchandise|store|shop|boutique|clothing|collection|line|book|livre|app|appli|application|podcast|channel|cha[îi]ne|website|site|brand|marque|company|soci[ée]t[ée]|tour|course|formation|patreon|tipeee|album|single|jeu|game|t-shirts?|tees?|sweats?|hoodies?|mat[ée]riel|gear|setup|[ée]quipement|config)\b/iu;

/** Words that cannot open a brand's name. */
export const NOT_A_NAME = new Set(
  'le la les l un une des du de d the a an my your our this ce cette mon ma mes ton ta vos votre notre nos code codes promo promocode coupon coupons lien liens link links site website here ici click cliquez sur at on et and avec with pour for get use utilise utilisez profite profitez offre offres offer jusqu jusqua reduction réduction reductions discount off free gratuit gratuitement bonus shop store boutique via chez vidéo video vidéos videos episode épisode cet this channel chaine chaîne youtube moins plus tout tous toutes all every everything première first premier nouveau new http https www any aucun aucune association collectif festival our patrons patreon viewers abonnés subscribers everyone you vous guys amis ami amie friends friend famille family maman papa mom dad infiniment lot january february march april may june july august september october november december janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre décembre decembre monday tuesday wednesday thursday friday saturday sunday lundi mardi mercredi jeudi vendredi samedi dimanche tv today aujourdhui demain tomorrow comment black nouveauté nouveau première premiere commande bons plans subscribe abonne abonnetoi abonnezvous follow suivez suismoi app store'.split(
    ' ',
  ),
);

export const LEAD_SEPARATOR = new RegExp(
  String.raw`^[^\p{L}0-9]*(${NAME_WORD}(?:\s+${NAME_WORD}){0,3}?)\s*(?:[:：►→➡➜➥|»]|\s[-–—]\s|[-–—](?=\s*(?:use|utilise|code|\d|get)))`,
  'iu',
);
export const NAME_BEFORE_LINK = new RegExp(
  String.raw`^[^\p{L}0-9]*(${NAME_WORD}(?:\s+${NAME_WORD}){0,3}?)\s+(?:https?:\/\/|www\.)`,
  'iu',
);
export const AFTER_PREPOSITION = new RegExp(
  String.raw`\b(?:[Ss]ur|SUR|[Cc]hez|CHEZ|at|AT|on|ON|from|auprès de|sur le site(?: de)?)\s+(?:votre\s+|ta\s+|your\s+|the\s+|le\s+|la\s+|les\s+)?(${NAME_WORD}(?:\s+\p{Lu}[\p{L}0-9'’&.+-]*){0,2})`,
  'gu',
);
/** The app or game a line tells viewers to get: "Installe vite Prono-Win", "Download Best Fiends". */
export const PROMOTED =
  /\b(?:installe[zr]?|t[ée]l[ée]charge[zr]?|download|essaye[zr]?|try)\s+(?:vite\s+|now\s+|gratuitement\s+)?(\p{Lu}[\p{L}0-9'’&.+-]*(?:\s+\p{Lu}[\p{L}0-9'’&.+-]*){0,2})/u;
export const AFTER_CODE_WORD =
  /\b(?:code promo|promo code|coupon code)\s+(\p{Lu}[\p{L}'’&.+-]*(?:\s+\p{Lu}[\p{L}'’&.+-]*){0,2})\s+\d/u;
