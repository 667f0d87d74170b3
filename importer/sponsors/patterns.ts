// The shapes of disclosures and deals and of the names around them: what the detector (detect.ts) looks for on each
// line of a description. The words themselves live in words/, one file per language; the patterns below and their
// quick pre-checks are built from the same lists.
import { alternation, literal, readWordFiles, type WordList, wordsOf } from './words.ts';

const WORD_FILES = readWordFiles();
/** Every language's words of a list, as an alternation matching each whole. */
const any = (list: WordList) => alternation(wordsOf(WORD_FILES, list));
/** A quick test that a line may hold one of the lists' words: each word's text, anywhere on the line. */
const mayHold = (lists: WordList[], shapes: string) =>
  new RegExp([...lists.flatMap((list) => wordsOf(WORD_FILES, list)).map(literal), shapes].join('|'), 'iu');

export const NAME_WORD = String.raw`[\p{L}0-9][\p{L}0-9'’&.+-]*`;
/** Articles and nouns that may stand before a brand's name and are not part of it. */
export const LEAD_IN =
  /^(?:(?:the|la|le|les|el|los|die|der|das|a|an|our friends (?:at|from)|la (?:boutique|marque|soci[ée]t[ée]|start-?up)|le site|l['’](?:application|appli|app|entreprise|enseigne))\s+|(?:(?:nos|mes|our|my) (?:ami|amie|friend)s? (?:de|chez|at|from)|(?:les [ée]quipes?|the (?:team|folks|people)) (?:de|du|at|from|of)|l['’][ée]quipe (?:de|du))\s+|(?:nos|mes) amie?s d['’]|les [ée]quipes? d['’]|l['’][ée]quipe d['’]|l['’])/iu;

/** Disclosures in the word files' languages: the brand follows the phrase ("Спонсор видео — X": after a dash too). */
export const DISCLOSURE = new RegExp(
  [
    String.raw`${any('sponsoredBy')}\s+(?:in part\s+|en partie\s+)?${any('by')}(?:\s*[:：])?\s+(?:a (?:generous )?donation (?:by|from)\s+)?`,
    String.raw`${any('partnership')}(?:\s+${any('partnershipKind')})?\s+${any('with')}\s+(?:a\s+|o\s+)?`,
    String.raw`${any('our')} ${any('partners')}\s*[:：]?\s+(?=\p{Lu}|\d)`,
    String.raw`\bmerci (?:à|a) (?:la |notre )?(?:soci[ée]t[ée]|marque|boutique|entreprise)\s+`,
    String.raw`\bcommissioned by\s+|\b(?:est|[ée]tait) une commande (?:de la |du |de l['’]|de |des )`,
    String.raw`^[^\p{L}]*(?:${any('partners')}\s*[:：]\s*|(?:partenaire|sponsor)\s+)(?=\p{Lu})`,
    // A production's credit by role ("Costume Partner : The Stitches", "Associate Sponsor: X"). Its media, digital,
    // agency, radio and outdoor partners sell it services; they are no sponsors. "My/our/other sponsors:" lists and
    // "Become a sponsor:" invitations are left to the rules that read them.
    String.raw`^[^\p{L}]*(?:(?!(?:media|digital|marketing|agency|radio|outdoor|pr|managing|creative|promotions?|music|streaming|distribution|knowledge|technology|ott|broadcast|television|tv|online|social|lien|link|become|my|our|other)\b)[\p{L}&]+\s+){1,3}(?:partner|sponsor)\s*[:：–-]\s*(?=\p{Lu})`,
    String.raw`\b(?:paid (?:for )?)?advertorial (?:for|with|pour|from|by)\s+(?:the\s+)?`,
    String.raw`#sponsored ?by ?(?=\p{Lu})`,
    String.raw`${any('adFor')}\s+${any('for')}\s+(?:the\s+)?`,
    String.raw`(?:${any('supportedBy')}|\bgracias a (?=\p{Lu}[^.!\n]{0,60}\bpor (?:patrocinar|el patrocinio|su apoyo|apoyar)))(?:\s*[:：—–-])?\s+(?:der |die |dem |den |el |la )?`,
    String.raw`\b(?:phone|camera|laptop|products?|gear|equipment|outfits?|clothes|clothing|device|mat[ée]riel|produits?|v[êe]tements|tenues?|costumes?|\w+ support)\s+(?:(?:was|were|is|are|a [ée]t[ée]|ont [ée]t[ée])\s+)?(?:provided|supplied|gifted|lent|fournie?s?|pr[êe]t[ée]e?s?|offerte?s?)\s+(?:by|par)\s+`,
    String.raw`\b(?:thanks?(?: a lot| so much)?(?: you)?|big thanks|shout[- ]?outs?|merci(?: beaucoup| encore| infiniment)?|gracias|obrigad[oa]|danke|wir danken(?: dem| der| den)?)\s+(?:to\s+|à\s+|a\s+(?=\p{Lu})|an\s+)?(?=[^!\n]{2,80}?\s+(?:for (?:sponsoring|supporting|partnering|being (?:\S+\s+){0,4}?(?:sponsor|partner))|who (?:\S+\s+){0,2}(?:agreed to )?(?:sponsor|support)|pour (?:(?:le|ce|leur|son|cette) )?(?:sponsoring|partenariat|soutien|collaboration)|d['’]avoir (?:sponsoris|commandit|rendu|soutenu|offert|permis)|de (?:m['’]|nous )avoir (?:envoy|offert|prêt|sponsoris|invit)|por patrocinar|pelo patroc[íi]nio|für die Unterstützung|qui (?:a|ont) permis))`,
  ].join('|'),
  'giu',
);
/** DISCLOSURE without its global flag: whether a line discloses at all, a test that keeps no state between lines. */
export const DISCLOSES = new RegExp(DISCLOSURE.source, 'iu');
/**
 * Thanks for help a company may give as well as a person ("merci à X pour le matériel", "pour leur soutien"):
 * a disclosure only when X is company-like (detect.ts decides), never for a friend who helped.
 */
export const THANKS_FOR_HELP =
  /\b(?:(?:un )?(?:grand |gros |immense )?merci(?: beaucoup| encore| infiniment)?|remerciements?(?: particuliers?| sp[ée]ciaux)?|big thanks|special thanks|thanks?(?: a lot| so much)?(?: you)?)\s+(?:to\s+|à\s+|a\s+(?=\p{Lu}))/giu;
/** "X" in a thanks line names the help: "pour le matériel", "for the gear", "de nous avoir fait confiance". */
export const HELP_GIVEN =
  /\b(?:pour (?:le |les |leur |son |sa |ses |cette |ce |l['’])?(?:mat[ée]riel|costumes?|soutien|soutient|confiance|collaboration|invitation|accueil|produits?|pr[êe]t|aide)|pour (?:nous|m['’])?\s*avoir (?:fait confiance|soutenu|invit[ée]|accueilli|pr[êe]t[ée]|fourni)|for (?:the |their |its |providing )(?:gear|products?|equipment|support|help)|for (?:supporting|providing))/iu;

export const DISCLOSURE_AFTER = new RegExp(
  String.raw`(${NAME_WORD}(?:\s+${NAME_WORD}){0,3})\s+(?:is sponsoring|(?:is|are) (?:the |our )?(?:sponsor|partner)s? of|est (?:le |notre )?(?:sponsor|partenaire) de|nous pr[êe]te|sponsorise (?:cette|la) vid[ée]o)`,
  'giu',
);
/** German disclosures that name the brand after "von": "von Joyn bezahlte Werbung", "von X zur Verfügung gestellt". */
export const DISCLOSURE_VON = new RegExp(
  String.raw`\bvon\s+(${NAME_WORD}(?:\s+\p{Lu}[\p{L}0-9'’&.+-]*){0,2})\s+(?:bezahlte [Ww]erbung|(?:\S+\s+){0,3}zur [Vv]erfügung gestellt)`,
  'gu',
);
/** Cheap tests that a line may hold a disclosure or a deal at all: most lines of a description hold neither. */
export const MAY_DISCLOSE = mayHold(
  ['sponsoredBy', 'partnership', 'partners', 'adFor', 'supportedBy'],
  // The disclosures above that are shapes more than words: thanks for sponsoring, a commission, gear provided by.
  'thank|merci|remercie|gracias|obrigad|danke|shout|commission|une commande|advertorial|provided|supplied|gifted|lent|fourni|pr[êe]t[ée]|offert',
);
export const MAY_DISCLOSE_AFTER = /is sponsoring|sponsor|partner|partenaire|nous pr|sponsorise|bezahlte|zur verfügung/i;
export const MAY_DEAL = mayHold(
  ['deal'],
  // The offers below that are shapes more than words: an amount, a free trial, a referral, a disclosure marker.
  String.raw`\d|code|free|gratuit|first|essai|bonus|parrain|referral|invite|cashback|black friday|cyber monday|kostenlos|werbung|anzeige|\(ad\)|\[ad\]|#ad\b|#spon|publi`,
);

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
    String.raw`(?:\$|£|€)\s?\d+(?:[.,]\d+)?\s*(?:off (?:your|a|an) first|of free|free|credit|bonus|offerts?)\b|\bfree\s+(?:\$|£|€)\s?\d+`,
    String.raw`\bfree\s+\d+[- ]?(?:days?|months?|weeks?)(?:\s+free)?\s+trial|\b\d+[- ]?(?:days?|months?) free\b`,
    String.raw`\bcodes? (?:avantage|privil[èe]ge|exclusif|partenaire)\b`,
    String.raw`\d+\s?%\s*(?:rabatt|bei|dto|de dto|de descuento|descuento)\b|\b(?:\d+ tage )?(?:kostenlos|gratis) (?:testen|ausprobieren)|\b(?:mi|el|con el|usando el) c[óo]digo\b`,
    // A disclosure marker on the line: the legal "Werbung"/"Anzeige" label, "(ad)", "[AD]", "#ad".
    String.raw`(?:^[^\p{L}]*|[(\[*=|]\s*)(?<!(?:keine|ohne|unbezahlte|unpaid|no)\s)(?:werbung|anzeige)(?=\s*(?:[)\]*:|]|$))|[\[(]\s*(?:ad|publi|publicidad)\s*[\])]|#(?:ad|sponsored|spon|werbung|anzeige|publi|publicidad)(?![\p{L}])`,
    any('deal'),
    String.raw`\b(?:use|utilise[zr]?|avec|with|using)\s+(?:my |mon |le |the |our )?(?:code|coupon)\b`,
    // "Code: SAM10" gives a code; "💻 Code:" or "Code: https://github.com/…" heads the video's source code.
    String.raw`\bcode\s*[:：]\s*(?!https?:\/\/|www\.)[\p{L}0-9]`,
    String.raw`\btry (?:it )?(?:for )?free\b|\b(?:free (?:trial|month|ride|download|shipping|box)|first (?:month|box)|essai gratuit|% off|bonus (?:de |of )?\d|parrainage|referral|invite code|get \d+%|for \d+% off|save \d+%|cashback)`,
  ].join('|'),
  'iu',
);

/** A link that pays its creator: a tracking or referral parameter (`?cref=`, `#parrain=`, `utm_source=partner`). */
export const TRACKING =
  /[?&#](?:utm_source=(?:partner|influence)|aff(?:iliate)?(?:_?id)?=|cref=|ref(?:erral)?=|parrain=|acc=|coupon=|discount=)/i;
/** Of those, the ones that give the viewer something (a referral bonus) or say the creator is a partner. */
export const REFERRAL = /[?&#](?:utm_source=partner|parrain=|ref(?:erral)?=|coupon=|discount=)|\/discount\/[\w-]{3,}/i;
/** A film's or a show's credits, where "presented by" names the producer: "directed by", "starring", "Cast:". */
export const FILM_CREDITS = /\b(?:directed by|starring|produced by|(?:cast|director|producer|directed)\s*[:：-])/iu;
/**
 * A chapter of the video ("08:21 Easy coupons", "1:02:10 - Unboxing"): it titles a part of the video, so it offers
 * nothing itself and names no brand for the lines around it; a chapter that discloses ("1:23 Sponsor: X") still does.
 */
export const CHAPTER = /^[^\p{L}\p{N}]*(?:\d{1,2}:)?\d{1,2}:\d{2}(?!\d)/u;
/** An offer a credit line may make for the service it credits: a free trial or free months, a discount. */
export const TRIAL =
  /\bfree\s+(?:\d+[- ]?(?:days?|months?)\s+)?trial|\b(?:extra\s+)?free\s+months?\b|\b\d+[- ]?(?:days?|months?|tage)\s+(?:free|gratuits?|kostenlos)|\d+\s?%\s*(?:off|de r[ée]duction|rabatt)|kostenlos testen|essai gratuit/iu;
/** A line that credits music, footage or tools, never a sponsor. */
export const CREDIT =
  /^[^\p{L}]*(?:music|musique|m[úu]sica|musik|song|track|chanson|beat|soundtrack|ost|free download|stock footage|footage|logiciel|software|cam[ée]ra|camera|objectif|lens|micro|mic|n[ée]e? le|born)\b/iu;
/**
 * A creator code in a game's shop ("use code X in the Fortnite item shop", Roblox star codes, "Epic Partner Creator
 * Code", "CoD Creator Code: X", a bare "Creator-Code: X"), or the code of the creator's own island in a game
 * ("my Fortnite map: 8425-5139-2527"): the viewer gets no deal from it, so it names no sponsor, even next to "#ad".
 */
export const GAME_SHOP_CODE =
  /item[- ]?shop|\b(?:fortnite|cod|call of duty|apex(?: legends)?|ea|roblox|valorant|overwatch)\s+creator[- ]?codes?\b|\b\d{4}-\d{4}-\d{4}\b|support[- ]a[- ]creator|\bstar[- ]?code|robux|v-?bucks|\bepic\b[^.\n]{0,30}\bcode|\bcode\b[^.\n]{0,50}\b(?:fortnite|epic games|roblox|rocket league|brawl stars|clash of clans|clash royale)\b|tienda de (?:objetos|robux)|boutique (?:d['’]objets|du jeu)|^[^\p{L}]*(?:(?:mein|my|mon|el|mi|meu)\s+)?creator[- ]?code\s*[:：]\s*["“'«]?[\p{L}0-9_.-]+["”'»]?\s*\*?\s*$/iu;
/** An invitation to sponsor ("want to sponsor a video?", "devenir partenaire"): no deal is disclosed. */
export const SPONSOR_INVITATION =
  /(?:want to|wanna|would like to|become an?|interested in|looking to|int[ée]ress[ée]e?s? pour|pour (?:nous )?|devenir) (?:sponsor|partenaire|partner)|sponsorships?\s*(?:inquir|enquir|request|opportunit)|(?:business|biz|pro) (?:inquir|enquir|contact)|contact.{0,30}(?:sponsor|partenariat)/iu;

/** "sponsor" on a line with links: the links are the sponsors ("thanks to my sponsors, especially brand.com"). */
export const SPONSOR_WORD = /\bsponsor(?:s|ed|ing)?\b|\bsponsoris|\bpartenaires? officiel/iu;

/**
 * A sentence that opens a block of sponsors: "Merci à nos partenaires qui nous accompagnent sur ce projet !", or
 * one that ends naming them ("Acompanhe nossos patrocinadores", "A equipe tem o apoio destas empresas").
 */
export const PARTNERS_INTRO =
  /^[^\p{L}]*(?:(?:un grand )?merci à|thanks to|thank you to) (?:nos|mes|our|my) (?:partenaires|sponsors|partners)\b.*[:!]\s*$|^[^\p{L}]*(?:[\p{L}'’0-9-]+\s+){0,8}(?:nossos|nossas|nuestros|nuestras|our|my|nos|mes|unsere|meine|destas|these|ces|estas|dos|de los|des)\s+(?:patrocinadores|parceiros|apoiadores|sponsors|partners|partenaires|sponsoren|empresas|marcas)\s*[:!.]?\s*$/iu;
/** A heading that opens a block of sponsors, one per line. */
export const PARTNERS_HEADING =
  /^[^\p{L}]*(?:(?:nos|mes|our|my|les|the)\s+)?(?:official\s+)?(?:partenaires?|partenariats?|sponsors?|partners?|patrocinadores|parceiros|deals|bons plans|r[ée]ductions?|codes? promo|promo codes?|(?:makeup )?discount codes?|coupons?|(?:mille |un grand |special )?merci(?:s)? à|special thanks to|apoio|patrocinadores|patroc[íi]nio|parceiros|nossos parceiros|sponsored by|gesponsert von|patrocinado por|sponsoris[ée]e? par)(?:\s+(?:officiels|de la cha[îi]ne|of the channel|du moment))?(?:\s+(?:and|or|&|et|y|e)\s+(?:links?|liens?|enlaces?|links))?(?:\s*\([^)]{0,60}\))?[^\p{L}]*$/iu;

/** Of those headings, the ones that name what follows as sponsors: a bare name under them is one. */
export const SPONSORS_NAMED = /sponsored by|gesponsert von|patrocinad[oa] por|sponsoris[ée]e? par|patrocinadores/iu;
/** Of those headings, the ones that list discount codes: "Brand- CODE" under them names a brand. */
export const CODES_NAMED = /codes? promo|promo codes?|discount codes?|coupons?/iu;

/** The creator's own things, named as such on the line. */
export const OWN =
  /\bmerch(?:andise)?\b|in eigener sache|eigenwerbung|\(eigen\)|\b(?:mein|meine|meinen|unser|unsere)\s+(?:[\p{L}]+\s+){0,2}?[\p{L}]*(?:marke|shop|kollektion|buch|kanal|programm)\b|\b(?:my|our|mon|ma|mes|notre|nos|mi|mis|meu|minha|mein|meine)\s+(?:[\p{L}]+\s+){0,3}?(?:own\s+)?(?:merch|merchandise|store|shop|boutique|clothing|collection|line|books?|e-?books?|livres?|libros|livros|tienda|loja|marca|cursos?|juego|ropa|app|appli|application|podcast|channel|cha[îi]ne|website|site|brand|marque|company|soci[ée]t[ée]|tour|course|formation|class(?:es)?|masterclass|mentorship|coaching|newsletter|patreon|tipeee|album|single|jeu|game|t-shirts?|tees?|sweats?|hoodies?|mat[ée]riel|gear|setup|[ée]quipement|config)\b/iu;

/** Words that cannot open a brand's name. */
export const NOT_A_NAME = new Set(
  'le la les l un une des du de d the a an my your our this ce cette mon ma mes ton ta vos votre notre nos code codes promo promocode coupon coupons lien liens link links site website here ici click cliquez sur at on et and avec with pour for get use utilise utilisez profite profitez offre offres offer jusqu jusqua reduction réduction reductions discount off free gratuit gratuitement bonus shop store boutique via chez vidéo video vidéos videos episode épisode cet this channel chaine chaîne youtube moins plus tout tous toutes all every everything première first premier nouveau new http https www any aucun aucune association collectif festival our patrons patreon viewers abonnés subscribers everyone you vous guys amis ami amie friends friend famille family maman papa mom dad infiniment lot january february march april may june july august september october november december janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre décembre decembre music musique musica musik monday tuesday wednesday thursday friday saturday sunday lundi mardi mercredi jeudi vendredi samedi dimanche tv today aujourdhui demain tomorrow comment black nouveauté nouveau première premiere commande bons plans subscribe abonne abonnetoi abonnezvous follow suivez suismoi app store web contact mail email their his her huge big great special exclusive limited toute him them have has had mein meine meinen meinem meiner unser unsere unseren unserem unserer dein deine euer eure meu minha meus minhas mis nuestro nuestra nuestros sus tus produktplatzierung produktplatzierungen werbung anzeige'.split(
    ' ',
  ),
);

/** Words of a heading over a block of notes ("AFFILIATE DISCLOSURE", "BUSINESS INQUIRIES"): no name holds one. */
export const HEADING_WORDS = new Set(wordsOf(WORD_FILES, 'headings'));

/** Words that name no brand on their own, though one may start with them ("EU Vitamins"): places, terms. */
export const NOT_A_NAME_ALONE = new Set('us usa uk eu uae tc tcs tnc faq faqs'.split(' '));

/** Words that cannot close a brand's name: a name cut out of a sentence ("CHECKOUT FOR A") ends on one. */
export const TRAILING_FUNCTION_WORDS = new Set(
  'a an the as at for of on to with and or by from in my your our their le la les l un une des du de d au aux et ou pour par avec sur chez en mon ma mes ton ta vos votre notre nos el los las del y con para por o um uma os das dos e com der die den dem und mit für von zu'.split(
    ' ',
  ),
);

export const LEAD_SEPARATOR = new RegExp(
  String.raw`^[^\p{L}0-9]*(${NAME_WORD}(?:\s+${NAME_WORD}){0,3}?)\s*(?:[:：|»\u2190-\u21FF\u2794-\u27BF\u25B6\u25BA]|\s[-–—]\s|[-–—](?=\s*(?:use|utilise|code|\d|get))|\s\((?=[^)]*(?:\d\s*%|[$€£]\s?\d|\bcode\b|\boff\b)))`,
  'iu',
);
export const NAME_BEFORE_LINK = new RegExp(
  String.raw`^[^\p{L}0-9]*(${NAME_WORD}(?:\s+${NAME_WORD}){0,3}?)\s+(?:https?:\/\/|www\.)`,
  'iu',
);
export const AFTER_PREPOSITION = new RegExp(
  String.raw`\b(?:sur le site (?:de |d['’])?|n[oa] site (?:oficial )?(?:d[aoe] )?|[Ss]ur|SUR|[Cc]hez|CHEZ|at|AT|on|ON|from|auprès de|[Bb]ei|BEI|auf|na|no)\s*(?:votre\s+|ta\s+|your\s+|the\s+|le\s+|la\s+|les\s+)?(${NAME_WORD}(?:\s+\p{Lu}[\p{L}0-9'’&.+-]*){0,2})`,
  'gu',
);
/**
 * The app or game a line tells viewers to get: "Installe vite Prono-Win", "Download Best Fiends", "Play Fallout 76",
 * "Learn more about Persona 5 Tactica".
 */
export const PROMOTED =
  /(?<![\p{L}])(?:[Ii]nstalle[zr]?|[Tt][ée]l[ée]charge[zr]?|T[ÉE]L[ÉE]CHARGE[ZR]?|[Dd]ownload|[Ee]ssaye[zr]?|[Tt]ry|[Pp]lay|[Cc]heck out|[Ll]earn more about|[Ss]ign up (?:to|with|at)|[Gg]et started with)\s+(?:vite\s+|now\s+|gratuitement\s+)?(\p{Lu}[\p{L}0-9'’&.+-]*(?:\s+\p{Lu}[\p{L}0-9'’&.+-]*){0,2})/u;
/**
 * The brand an offer is off: "$3 off your first Umai Crate", "50% OFF your first Factor box", "discount on all PUR
 * Cosmetics purchases", "15% off Cobalt range finders with code MICAH15".
 */
export const OFFER_ON =
  /\b(?:off|OFF|Off|on)\s+(?:your\s+(?:first\s+)?|any\s+|all\s+|the\s+first\s+|a\s+|an\s+)?(\p{Lu}[\p{L}0-9'’&.+-]*(?:\s+\p{Lu}[\p{L}0-9'’&.+-]*){0,2})(?=\s+(?:purchases?|orders?|products?|subscriptions?|box(?:es)?|premium|classic|or)\b|\s+\p{Ll}+(?:\s+\p{Ll}+)?\s+(?:with|using)\s+(?:my\s+|the\s+)?code\b|[\s.!,:;)]*$)/u;
/** The shop a referral is for: "Mon parrainage mademoiselle-bio", "referral link Airbnb". */
export const REFERRAL_FOR =
  /\b(?:parrainage|referral(?: link| code)?)\s+(?:chez\s+|sur\s+|for\s+)?([\p{L}0-9][\p{L}0-9'’&.+-]*)/iu;
export const AFTER_CODE_WORD =
  /\b(?:code promo|promo code|coupon code)\s+(\p{Lu}[\p{L}'’&.+-]*(?:\s+\p{Lu}[\p{L}'’&.+-]*){0,2})\s+\d/u;
