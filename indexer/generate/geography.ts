import languages from '@cospired/i18n-iso-languages';
import countries from 'i18n-iso-countries';
import { Weighted } from './random.ts';

// Where YouTube's audience is, roughly (share of users by country), and the languages creators there speak.
const COUNTRIES: [code: string, weight: number, languages: [string, number][]][] = [
  [
    'US',
    20,
    [
      ['en', 0.9],
      ['es', 0.1],
    ],
  ],
  [
    'IN',
    14,
    [
      ['en', 0.45],
      ['hi', 0.55],
    ],
  ],
  ['BR', 8, [['pt', 1]]],
  ['ID', 6, [['id', 1]]],
  ['MX', 5, [['es', 1]]],
  ['JP', 4, [['ja', 1]]],
  [
    'DE',
    4,
    [
      ['de', 0.85],
      ['en', 0.15],
    ],
  ],
  ['GB', 4, [['en', 1]]],
  ['FR', 3, [['fr', 1]]],
  [
    'PH',
    3,
    [
      ['en', 0.6],
      ['tl', 0.4],
    ],
  ],
  ['TR', 3, [['tr', 1]]],
  ['ES', 3, [['es', 1]]],
  [
    'CA',
    3,
    [
      ['en', 0.8],
      ['fr', 0.2],
    ],
  ],
  ['VN', 2, [['vi', 1]]],
  ['KR', 2, [['ko', 1]]],
  ['RU', 2, [['ru', 1]]],
  ['IT', 2, [['it', 1]]],
  ['PL', 2, [['pl', 1]]],
  ['AR', 2, [['es', 1]]],
  ['TH', 2, [['th', 1]]],
  ['AU', 2, [['en', 1]]],
  [
    'PK',
    2,
    [
      ['ur', 0.5],
      ['en', 0.5],
    ],
  ],
  [
    'NL',
    1.5,
    [
      ['nl', 0.7],
      ['en', 0.3],
    ],
  ],
  ['CO', 1.5, [['es', 1]]],
  ['EG', 1, [['ar', 1]]],
  ['SA', 1, [['ar', 1]]],
  ['NG', 1, [['en', 1]]],
  [
    'SE',
    1,
    [
      ['sv', 0.7],
      ['en', 0.3],
    ],
  ],
];

for (const [code, , langs] of COUNTRIES) {
  if (!countries.isValid(code)) throw new Error(`${code} is not an ISO 3166-1 alpha-2 code`);
  for (const [language] of langs) {
    if (!languages.isValid(language)) throw new Error(`${language} is not an ISO 639-1 code`);
  }
}

export const countryWeights = new Weighted(
  COUNTRIES.map(([code]) => code),
  COUNTRIES.map(([, weight]) => weight),
);

export const languagesOf = new Map(
  COUNTRIES.map(([code, , langs]) => [
    code,
    new Weighted(
      langs.map(([l]) => l),
      langs.map(([, w]) => w),
    ),
  ]),
);
