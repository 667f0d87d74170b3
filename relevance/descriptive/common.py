"""Shared helpers: tokenizing, stemming, stopwords, loading the demo data of this repository."""
import json
from functools import lru_cache
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / 'vendor'))
try:
    import snowballstemmer  # pip install snowballstemmer (or --target vendor)

    _porter = snowballstemmer.stemmer('porter')
    porter = _porter.stemWord
except ImportError:  # the Porter check is then skipped (check.py says so)
    porter = None

REPO = Path(__file__).resolve().parents[2]
CREATORS = REPO / 'data' / 'creators.ndjson'
NICHES = REPO / 'mappings' / 'niches.json'
SYNONYMS = REPO / 'mappings' / 'synonyms.txt'

# NLTK's English stopword list, plus the words the brief adds.
STOPWORDS = set('''
i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its
itself they them their theirs themselves what which who whom this that these those am is are was were be been being
have has had having do does did doing a an the and but if or because as until while of at by for with about against
between into through during before after above below to from up down in out on off over under again further then once
here there when where why how all any both each few more most other some such no nor not only own same so than too
very s t can will just don should now d ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma mightn mustn
needn shan shouldn wasn weren won wouldn
videos video channel channels youtuber youtubers creator creators someone people i want how
'''.split())


def tokens(text):
    """Lower-case words: runs of letters and digits (so "no-nonsense" is "no" + "nonsense")."""
    return re.findall(r'[a-z0-9]+', (text or '').lower())


def stem(word):
    """A simple stem: strip -ing / -ed / -es / -s (ies -> y), then a doubled final consonant and a final e."""
    w = word.lower()
    base = w
    if w.endswith('ies') and len(w) > 4:
        base = w[:-3] + 'y'
    elif w.endswith('ing') and len(w) > 5:
        base = w[:-3]
    elif w.endswith('ed') and len(w) > 4:
        base = w[:-2]
    elif w.endswith('es') and len(w) > 4:
        base = w[:-2]
    elif w.endswith('s') and not w.endswith('ss') and len(w) > 3:
        base = w[:-1]
    if base != w and len(base) > 3 and base[-1] == base[-2] and base[-1] not in 'lsz':
        base = base[:-1]  # running -> run, shopping -> shop
    if len(base) > 3 and base.endswith('e'):
        base = base[:-1]  # bake / baked / baking -> bak
    return base


def content_words(text):
    """(word, stem) for every word of text that is not a stopword."""
    return [(w, stem(w)) for w in tokens(text) if w not in STOPWORDS]


def near(a, b):
    """Stems that differ only by a short ending (strong / stronger, teach / teacher, paint / painter)."""
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 4 and long_.startswith(short) and len(long_) - len(short) <= 3


def shown_id(creator):
    return creator['handle'][1:] if creator.get('handle') else f"creator-{creator['id']}"


def load_creators():
    with open(CREATORS) as f:
        return [json.loads(line) for line in f if line.strip()]


@lru_cache(maxsize=None)
def load_niches():
    return {n['value']: n for n in json.load(open(NICHES))}


@lru_cache(maxsize=None)
def synonym_lines():
    """The phrases of each synonyms.txt line, keyed by the line's first phrase."""
    lines = []
    for line in open(SYNONYMS):
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        lines.append([p.strip() for p in re.split(r',|=>', line) if p.strip()])
    return lines


@lru_cache(maxsize=None)
def niche_words(niche):
    """Label, value and names of a niche (niches.json), plus its line of synonyms.txt (whose first phrase is the
    niche's label, with "&" written "and", or its value)."""
    n = load_niches()[niche]
    texts = [n['label'], n['value'].replace('_', ' '), *n.get('names', [])]
    keys = {n['label'].lower().replace('&', 'and'), n['value'].replace('_', ' ')}
    found = [line for line in synonym_lines() if line[0] in keys]
    assert len(found) == 1, (niche, found)
    return tuple(texts + found[0])


def vocabulary_terms():
    """niche -> its topic terms, read from the generator's vocabulary (indexer/generate/vocabulary.ts)."""
    text = (REPO / 'indexer' / 'generate' / 'vocabulary.ts').read_text()
    return {m.group(1): m.group(2).split(', ') for m in re.finditer(r"\n  (\w+): v\(\n    '([^']*)'", text)}


@lru_cache(maxsize=None)
def _term_key(term):
    t = tokens(term)
    return t, ' ' + ' '.join(t) + ' '


def terms_in(text, all_terms):
    """The vocabulary terms a text mentions as whole words. An occurrence inside an occurrence of a longer term does
    not count ("sleep training" is not also "sleep", "backpacking gear" not also "backpacking"); overlapping ones
    both count ("solo travel tips" mentions "solo travel" and "travel tips"). Independent of any ordering."""
    words = tokens(text)
    joined = ' ' + ' '.join(words) + ' '
    spans = {}
    for term in all_terms:
        t, key = _term_key(term)
        if key not in joined:
            continue
        spans[term] = [(i, i + len(t)) for i in range(len(words) - len(t) + 1) if words[i:i + len(t)] == t]
    every = [(a, b, term) for term, found in spans.items() for a, b in found]
    mentioned = set()
    for term, found in spans.items():
        for a, b in found:
            if not any(x <= a and b <= y and (y - x) > (b - a) for x, y, other in every if other != term):
                mentioned.add(term)
                break
    return mentioned
