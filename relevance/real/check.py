#!/usr/bin/env python3
"""Check real-descriptive judgment files: JSON shape, grades, ids, duplicates and the word rule.

Usage: python3 check.py [file.jsonl ...]   (default: descriptive-tune.jsonl and descriptive-heldout.jsonl)
Word rule: no query word (lowercased runs of letters/digits, minus English stopwords and the extra ignore list)
may share a stem with any word of the name, handle, niche labels or trending video titles (US+FR, all of them) of any
creator the line rates >= 1; and no query word (stopwords included) may equal a niche label word of those creators.
Extra (stricter than the brief): no query word may share a stem with a word of the niche *synonyms* (the `names` of
mappings/niches.json) of the rated creators' niches, since query understanding may map such words onto a niche.
"""
import os
from pathlib import Path
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]  # the repository
import csv, json, re, sys, unicodedata, collections

CREATORS = os.environ.get('REAL_CREATORS', str(ROOT / 'data-real/creators.ndjson'))
NICHES = str(ROOT / 'mappings/niches.json')
TRENDING = [str(ROOT.parent / 'shared/realdata' / f'trending-2017-{cc}.csv') for cc in ('US', 'FR')]

# NLTK's English stopword list (179 words) plus the extra ignore list of the brief.
STOP = set("""i me my myself we our ours ourselves you you're you've you'll you'd your yours yourself yourselves he him
his himself she she's her hers herself it it's its itself they them their theirs themselves what which who whom this that
that'll these those am is are was were be been being have has had having do does did doing a an the and but if or because
as until while of at by for with about against between into through during before after above below to from up down in
out on off over under again further then once here there when where why how all any both each few more most other some
such no nor not only own same so than too very s t can will just don don't should should've now d ll m o re ve y ain
aren aren't couldn couldn't didn didn't doesn doesn't hadn hadn't hasn hasn't haven haven't isn isn't ma mightn mightn't
mustn mustn't needn needn't shan shan't shouldn shouldn't wasn wasn't weren weren't won won't wouldn wouldn't""".split())
STOP |= {'videos', 'video', 'channel', 'channels', 'youtuber', 'youtubers', 'someone', 'people', 'i', 'want', 'who',
         'find', 'anyone', 'with', 'about'}
STOP = {w for w in STOP if "'" not in w}

TOKEN = re.compile(r'[^\W_]+', re.UNICODE)


def fold(w):
    return ''.join(ch for ch in unicodedata.normalize('NFKD', w) if not unicodedata.combining(ch))


def tokens(text):
    return TOKEN.findall((text or '').lower())


def stems(w):
    """All forms of w after the stripping rules (several kept, so the check errs on the strict side)."""
    out = set()
    for base in {w, fold(w)}:
        forms = {base}
        if base.endswith('ies') and len(base) > 4:
            forms.add(base[:-3] + 'y')
        for suf in ('ing', 'ed', 'es', 's'):
            if base.endswith(suf) and len(base) - len(suf) >= 2:
                forms.add(base[:-len(suf)])
        more = set()
        for f in forms:
            g = f
            if len(g) >= 3 and g[-1] == g[-2] and g[-1].isalpha() and g[-1] not in 'aeiou':
                g = g[:-1]
                more.add(g)
            if len(g) >= 3 and g.endswith('e'):
                more.add(g[:-1])
            if len(f) >= 3 and f.endswith('e'):
                more.add(f[:-1])
        out |= forms | more
    return out


def share_stem(a, b):
    sa, sb = stems(a), stems(b)
    if sa & sb:
        return True
    # prefix rule, applied to the raw words and (stricter) to their stripped forms too
    for x in sa:
        for y in sb:
            s, l = (x, y) if len(x) <= len(y) else (y, x)
            if len(s) >= 4 and l.startswith(s) and len(l) - len(s) <= 3:
                return True
    return False


def load():
    niche_list = json.load(open(NICHES))
    labels = {n['value']: n['label'] for n in niche_list}
    synonyms = {n['value']: {t for name in n.get('names', []) for t in tokens(name)} for n in niche_list}
    titles = collections.defaultdict(list)
    for path in TRENDING:
        with open(path, encoding='utf-8', newline='') as fh:
            for row in csv.DictReader(fh):
                titles[row['channel_title'].strip().lower()].append(row['title'])
    creators = {}
    for line in open(CREATORS, encoding='utf-8'):
        c = json.loads(line)
        sid = c['handle'][1:] if c.get('handle') else f"creator-{c['id']}"
        nl = [labels.get(v, v) for v in ([c['primaryNiche']] if c.get('primaryNiche') else []) + (c.get('secondaryNiches') or [])]
        label_words = {t for l in nl for t in tokens(l)}
        syn_words = set()
        for v in ([c['primaryNiche']] if c.get('primaryNiche') else []) + (c.get('secondaryNiches') or []):
            syn_words |= synonyms.get(v, set())
        words = set(tokens(c['name'])) | set(tokens(c.get('handle'))) | label_words
        for t in titles.get(c['name'].strip().lower(), ()):
            words |= set(tokens(t))
        creators[sid] = {'name': c['name'], 'words': words, 'label_words': label_words, 'syn_words': syn_words}
    return creators


def check(path, creators, seen):
    errors, n, counts = [], 0, []
    for i, line in enumerate(open(path, encoding='utf-8'), 1):
        if not line.strip():
            continue
        n += 1
        where = f'{path}:{i}'
        try:
            obj = json.loads(line)
        except Exception as e:
            errors.append(f'{where}: bad JSON ({e})'); continue
        if not isinstance(obj, dict) or set(obj) != {'query', 'class', 'ratings', 'note'}:
            errors.append(f'{where}: keys must be query, class, ratings, note'); continue
        q, cls, ratings, note = obj['query'], obj['class'], obj['ratings'], obj['note']
        if not isinstance(q, str) or not q.strip():
            errors.append(f'{where}: empty query')
        if cls not in ('descriptive-real', 'descriptive-real-heldout'):
            errors.append(f'{where}: bad class {cls!r}')
        if not isinstance(note, str) or not note.strip():
            errors.append(f'{where}: empty note')
        if not isinstance(ratings, dict) or not ratings:
            errors.append(f'{where}: no ratings'); continue
        key = ' '.join(tokens(q))
        if key in seen:
            errors.append(f'{where}: duplicate query {q!r} (also {seen[key]})')
        seen[key] = where
        counts.append(len(ratings))
        qwords = tokens(q)
        for sid, g in ratings.items():
            if type(g) is not int or not 1 <= g <= 3:
                errors.append(f'{where}: grade {g!r} for {sid} not an integer 1-3')
            c = creators.get(sid)
            if c is None:
                errors.append(f'{where}: unknown id {sid}'); continue
            for w in qwords:
                if w in c['label_words']:
                    errors.append(f'{where}: query word {w!r} equals a niche label word of {sid}')
                if w in STOP:
                    continue
                hits = sorted(x for x in c['words'] if share_stem(w, x))
                if hits:
                    errors.append(f'{where}: query word {w!r} shares a stem with {hits[:5]} of {sid} ({c["name"]})')
                syn = sorted(x for x in c['syn_words'] if x not in STOP and share_stem(w, x))
                if syn:
                    errors.append(f'{where}: query word {w!r} shares a stem with niche synonym(s) {syn} of {sid} ({c["name"]})')
    return n, counts, errors


def main(paths):
    creators = load()
    total_err, seen = 0, {}
    for p in paths:
        n, counts, errors = check(p, creators, seen)
        for e in errors:
            print('ERROR', e)
        total_err += len(errors)
        cs = sorted(counts)
        med = cs[len(cs) // 2] if cs else 0
        print(f'{p}: {n} queries, rated ids per query min {cs[0] if cs else 0} / median {med} / max {cs[-1] if cs else 0}, '
              f'{sum(counts)} ratings, {len(errors)} errors')
    print('OK' if total_err == 0 else f'FAILED: {total_err} errors')
    return 1 if total_err else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:] or [str(HERE / 'descriptive-tune.jsonl'), str(HERE / 'descriptive-heldout.jsonl')]))
