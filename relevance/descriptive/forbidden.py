"""Which words a query may not use: shared with the niche words or the rated creators' names and descriptions.

Three tests, each a violation: the same simple stem (common.stem: the brief's rule); the same Porter stem
(OpenSearch's "english" stemmer, which the index uses, would match the words); a "near" stem (one simple stem is the
other plus at most 3 letters, both 4+ letters: teach / teacher, desk / desktop; also catches prefix matches of names).
"""
from functools import lru_cache

from common import STOPWORDS, content_words, load_niches, near, niche_words, porter, stem, tokens


@lru_cache(maxsize=None)
def _stems(text):
    """(simple stem, Porter stem or None) of each content word of a text."""
    return tuple((s, porter(w) if porter else None) for w, s in content_words(text))


def sources(ratings, by_id):
    """(field, text) pairs the query must not share a word with."""
    out = []
    niches = sorted({by_id[i]['primaryNiche'] for i, g in ratings.items() if g >= 2})
    for n in niches:
        out += [(f'niche {n}', phrase) for phrase in niche_words(n)]
    labels = {}
    for i in ratings:
        c = by_id[i]
        out += [(f'{field} of {i}', c[field]) for field in ('name', 'description') if c[field]]
        for n in (c['primaryNiche'], *c['secondaryNiches']):
            labels.setdefault(n, i)
    # The embedded text also holds the labels of each rated creator's niches (primary and secondary).
    all_niches = load_niches()
    out += [(f'niche label of {i} ({n})', all_niches[n]['label']) for n, i in sorted(labels.items())]
    return out


def forbidden(ratings, by_id=None):
    """{'simple': stem -> source, 'porter': porter stem -> source} (first source found for each)."""
    if by_id is None:
        from rules import BY_ID as by_id
    simple, port = {}, {}
    for where, text in sources(ratings, by_id):
        for s, p in _stems(text):
            if s not in simple:
                simple[s] = f'{where}: "{text}"'
            if p and p not in port:
                port[p] = f'{where}: "{text}"'
    return {'simple': simple, 'porter': port}


def violations(query, ratings, forbid=None):
    forbid = forbid if forbid is not None else forbidden(ratings)
    found = []
    for w in tokens(query):
        if w in STOPWORDS:
            continue
        s = stem(w)
        if s in forbid['simple']:
            found.append((w, 'same stem', forbid['simple'][s]))
        elif porter and porter(w) in forbid['porter']:
            found.append((w, f'same Porter stem "{porter(w)}"', forbid['porter'][porter(w)]))
        else:
            for f, where in forbid['simple'].items():
                if near(s, f):
                    found.append((w, f'near stem "{f}"', where))
                    break
    return found
