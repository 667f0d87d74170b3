"""Build a lookup table: creator shown id -> name, niche labels, trending titles (US+FR)."""
import os
from pathlib import Path
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]  # the repository
import csv, json, collections
niches = {n['value']: n['label'] for n in json.load(open(str(ROOT / 'mappings/niches.json')))}
titles = collections.defaultdict(set)
for cc in ('US', 'FR'):
    with open(str(ROOT.parent / 'shared/realdata' / f'trending-2017-{cc}.csv'), encoding='utf-8', newline='') as fh:
        for row in csv.DictReader(fh):
            titles[row['channel_title'].strip().lower()].add(row['title'])
out = []
for line in open(os.environ.get('REAL_CREATORS', str(ROOT / 'data-real/creators.ndjson')), encoding='utf-8'):
    c = json.loads(line)
    sid = c['handle'][1:] if c.get('handle') else f"creator-{c['id']}"
    labels = [niches.get(v, v) for v in ([c['primaryNiche']] if c.get('primaryNiche') else []) + (c.get('secondaryNiches') or [])]
    out.append({'sid': sid, 'name': c['name'], 'labels': labels, 'country': c.get('country'),
                'subs': c.get('subscribers'), 'titles': sorted(titles.get(c['name'].strip().lower(), ()))})
json.dump(out, open(HERE / 'table.json', 'w'), ensure_ascii=False)
withv = [o for o in out if o['titles']]
print(len(out), 'creators;', len(withv), 'with trending titles;', sum(len(o['titles']) for o in withv), 'titles')
