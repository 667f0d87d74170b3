"""Explore: python3 q.py REGEX [--niche LABEL] : creators whose name/labels/titles match REGEX."""
import os
from pathlib import Path
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]  # the repository
import json, re, sys
t = json.load(open(HERE / 'table.json'))
pat = re.compile(sys.argv[1], re.I)
niche = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == '--niche' else None
for o in t:
    if niche and niche not in o['labels']:
        continue
    hay = [o['name']] + o['labels'] + o['titles']
    if any(pat.search(h) for h in hay):
        print(f"{o['sid']} | {o['name']} | {o['labels']} | {o['country']} | {o['subs']}")
        for ti in o['titles'][:8]:
            print('     -', ti)
