"""Deterministic split of real-descriptive.jsonl: a query is held out when int(sha1(query UTF-8).hexdigest()[:8], 16) % 100 < 35."""
import os
from pathlib import Path
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]  # the repository
import hashlib, json
tune, held = [], []
for line in open(HERE / 'real-descriptive.jsonl', encoding='utf-8'):
    o = json.loads(line)
    h = int(hashlib.sha1(o['query'].encode('utf-8')).hexdigest()[:8], 16) % 100
    if h < 35:
        held.append(dict(o, **{'class': 'descriptive-real-heldout'}))
    else:
        tune.append(o)
for name, rows in (('descriptive-tune.jsonl', tune), ('descriptive-heldout.jsonl', held)):
    with open(HERE / name, 'w', encoding='utf-8') as fh:
        for o in rows:
            fh.write(json.dumps(o, ensure_ascii=False) + '\n')
print(f'tune {len(tune)}, heldout {len(held)} ({100 * len(held) / (len(tune) + len(held)):.0f}%)')
(HERE / 'real-descriptive.jsonl').unlink()  # draft.py's output, whole: the two files above are what is kept
