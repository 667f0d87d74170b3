"""The descriptive judgments for another generated dataset (a larger one loaded by bench:api), graded by rules.py, kept
to what nDCG@10, P@10 and MRR read: the creators that profiles' searches ranked in their top 10, plus ten of each
query's best grade, so the ideal ranking is the one the full judgments give. At a million creators a query rates
30,000-160,000 of them, too many to send; on the 20,000 demo creators these files score exactly as the full ones.

  npm run relevance -- eval --profile A --judgments ../judgments/descriptive-tune.jsonl \
      --judgments ../judgments/descriptive-heldout.jsonl --json a.json     (and B, C... on the same index)
  python3 pooled.py <creators.ndjson> <out-dir> a.json [b.json ...]
  npm run relevance -- compare A B --judgments <out-dir>/descriptive-tune.jsonl --judgments <out-dir>/descriptive-heldout.jsonl

The queries and the split are those of ../judgments (build.py); only the ratings change with the data.
"""
import json
import sys
from pathlib import Path

import common

if len(sys.argv) < 4:
    sys.exit(__doc__)
common.CREATORS = Path(sys.argv[1])
import rules  # noqa: E402 (grades the creators common.CREATORS names, read on import)
from queries import QUERIES  # noqa: E402

OUT = Path(sys.argv[2])
TOP = {}
for file in sys.argv[3:]:
    for outcome in json.loads(Path(file).read_text())['queries']:
        TOP.setdefault(outcome['query'], set()).update(t['id'].lower() for t in outcome['top'])
JUDGMENTS = Path(__file__).resolve().parent.parent / 'judgments'
BY_QUERY = {query: (niche, topic) for niche, topic, query in QUERIES}

OUT.mkdir(parents=True, exist_ok=True)
for name in ['descriptive-tune.jsonl', 'descriptive-heldout.jsonl']:
    lines, sizes = [], []
    for line in (JUDGMENTS / name).read_text().splitlines():
        judgment = json.loads(line)
        full = rules.ratings(*BY_QUERY[judgment['query']])
        best = max(full.values())
        kept = {shown: grade for shown, grade in full.items() if shown.lower() in TOP.get(judgment['query'], ())}
        for shown, grade in full.items():
            if sum(1 for g in kept.values() if g == best) >= 10:
                break
            if grade == best:
                kept[shown] = grade
        sizes.append(len(full))
        lines.append(json.dumps({**judgment, 'ratings': kept}))
    (OUT / name).write_text('\n'.join(lines) + '\n')
    sizes.sort()
    print(f'{name}: {len(lines)} queries, rating {sizes[0]}-{sizes[-1]} creators each (median {sizes[len(sizes) // 2]})')
