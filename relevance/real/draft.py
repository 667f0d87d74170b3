"""Source of real-descriptive.jsonl: queries with ratings by channel name (or shown id when names are ambiguous).
Run: python3 draft.py  -> writes real-descriptive.jsonl (names resolved to shown ids; an unknown or ambiguous name fails)."""
import os
from pathlib import Path
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]  # the repository
import json, sys
T = json.load(open(HERE / 'table.json'))
BY_SID = {o['sid']: o for o in T}
BY_NAME = {}
for o in T:
    BY_NAME.setdefault(o['name'].strip().lower(), []).append(o['sid'])

def S(x):
    if x in BY_SID:
        return x
    hits = BY_NAME.get(x.strip().lower(), [])
    if len(hits) != 1:
        sys.exit(f'cannot resolve {x!r}: {hits}')
    return hits[0]

Q = []
def q(query, note, **_):
    def add(ratings):
        Q.append({'query': query, 'class': 'descriptive-real', 'ratings': {S(k): v for k, v in ratings.items()}, 'note': note})
    return add

exec(open(HERE / 'queries.py', encoding='utf-8').read())

with open(HERE / 'real-descriptive.jsonl', 'w', encoding='utf-8') as fh:
    for o in Q:
        fh.write(json.dumps(o, ensure_ascii=False) + '\n')
print(len(Q), 'queries written')
