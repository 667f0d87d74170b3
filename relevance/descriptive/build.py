"""Builds the judgment files from queries.py (hand-written queries) and rules.py (grades), and the split.

python3 build.py          write ../judgments/descriptive-tune.jsonl / descriptive-heldout.jsonl (refuses while a query has violations)
python3 build.py --draft  only list each query's violations and rating counts
"""
import json
import statistics
import sys
from pathlib import Path

from forbidden import forbidden, violations
import hashlib

from queries import QUERIES
from rules import ratings

OUT = Path(__file__).resolve().parent.parent / 'judgments'


def held_out_niches(queries, share=0.3):
    """Whole niches, taken in the order of the SHA-1 of their value, until they hold >= share of the queries."""
    per_niche = {}
    for niche, _, _ in queries:
        per_niche[niche] = per_niche.get(niche, 0) + 1
    held, count = set(), 0
    for niche in sorted(per_niche, key=lambda n: hashlib.sha1(n.encode()).hexdigest()):
        if count >= share * len(queries):
            break
        held.add(niche)
        count += per_niche[niche]
    return held


HELD_OUT = held_out_niches(QUERIES)
draft = '--draft' in sys.argv
problems = 0
lines = {True: [], False: []}
seen = set()
for niche, topic, query in QUERIES:
    assert query not in seen, query
    seen.add(query)
    r = ratings(niche, topic)
    v = violations(query, r)
    if v:
        problems += 1
        print(f'FAIL [{niche} {list(topic)}] {query}')
        for w, how, where in v:
            print(f'       {w!r} {how}: {where[:110]}')
    elif draft:
        print(f'ok   [{niche} {list(topic)}] {query}')
    counts = {g: sum(1 for x in r.values() if x == g) for g in (3, 2, 1)}
    note = (f'niche: {niche}; topic: {" | ".join(topic) if topic else "whole niche"}; '
            f'graded by the README rules: {counts[3]}x3, {counts[2]}x2, {counts[1]}x1')
    line = {'query': query, 'class': 'descriptive-heldout' if niche in HELD_OUT else 'descriptive', 'ratings': dict(sorted(r.items())), 'note': note}
    lines[niche in HELD_OUT].append(line)

if problems:
    sys.exit(f'{problems} queries with violations')
if not draft:
    for held, name in ((False, 'descriptive-tune.jsonl'), (True, 'descriptive-heldout.jsonl')):
        with open(OUT / name, 'w') as f:
            for line in lines[held]:
                f.write(json.dumps(line, ensure_ascii=False) + '\n')
    n = [len(l['ratings']) for l in lines[False] + lines[True]]
    print('held-out niches:', ', '.join(sorted(HELD_OUT)))
    print(f'tune {len(lines[False])}, held out {len(lines[True])}; ratings per query min {min(n)} '
          f'median {statistics.median(n)} max {max(n)}')
