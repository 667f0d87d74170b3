"""Drafting aid: python3 probe.py NICHE [TOPIC_TERM ...] -- "query one" "query two" (or single words)."""
import sys
from forbidden import forbidden, violations
from rules import ratings

args = sys.argv[1:]
cut = args.index('--')
niche, topic, queries = args[0], args[1:cut], args[cut + 1:]
r = ratings(niche, topic)
f = forbidden(r)
counts = {g: sum(1 for v in r.values() if v == g) for g in (3, 2, 1)}
print(f'{niche} {topic}: {len(r)} rated {counts}, {len(f["simple"])} forbidden stems')
for q in queries:
    v = violations(q, r, f)
    print(('OK   ' if not v else 'FAIL ') + q)
    for w, how, where in v:
        print(f'       {w!r} {how}: {where[:110]}')
