"""Checks the descriptive judgment files (README.md, "Word rules").

python3 check.py [FILE.jsonl ...]   (default: ../judgments/descriptive-tune.jsonl and descriptive-heldout.jsonl)

For every line: JSON object with the required fields and only the repo schema's fields, class "descriptive" (or "descriptive-heldout"), grades
integers 0-3, every rated id in data/creators.ndjson, no repeated query, and no query word sharing a stem (simple,
Porter or near) with the niche words of the rated niches or the names/descriptions of the rated creators.
Also: the grades are those rules.py gives for the niche and topic in the note, and no niche is in two files.
Exit status 1 when anything fails.
"""
import json
import re
import statistics
import sys
from pathlib import Path

from common import load_creators, porter, shown_id
from forbidden import forbidden, violations

HERE = Path(__file__).parent
FIELDS = {'query', 'class', 'target', 'filters', 'ratings', 'note'}
NOTE = re.compile(r'^niche: (\w+); topic: ([^;]+);')


def main(files):
    by_id = {shown_id(c): c for c in load_creators()}
    try:
        from rules import ratings as rule_ratings
    except Exception as error:  # noqa: BLE001 - the grade check is optional
        rule_ratings = None
        print(f'note: grades not compared with rules.py ({error})')
    if porter is None:
        print('note: snowballstemmer not found (vendor/): the Porter stem test is skipped')
    problems = 0
    seen = {}
    niches_by_file = {}
    sizes = []

    def fail(where, message):
        nonlocal problems
        problems += 1
        print(f'{where}: {message}')

    for file in files:
        niches_by_file[file] = set()
        lines = Path(file).read_text().split('\n')
        count = 0
        for number, text in enumerate(lines, 1):
            if not text.strip() or text.lstrip().startswith('//'):
                continue
            where = f'{Path(file).name}:{number}'
            count += 1
            try:
                line = json.loads(text)
            except json.JSONDecodeError as error:
                fail(where, f'not JSON ({error})')
                continue
            if not isinstance(line, dict):
                fail(where, 'not a JSON object')
                continue
            for field in sorted(set(line) - FIELDS):
                fail(where, f'unknown field {field!r}')
            query, ratings = line.get('query'), line.get('ratings')
            if not isinstance(query, str) or not query.strip():
                fail(where, 'query missing or empty')
                continue
            if line.get('class') not in ('descriptive', 'descriptive-heldout'):
                fail(where, f'class is {line.get("class")!r}, not "descriptive" or "descriptive-heldout"')
            if line.get('target', 'creators') != 'creators':
                fail(where, 'target is not creators')
            if query.lower() in seen:
                fail(where, f'query repeats {seen[query.lower()]}')
            seen[query.lower()] = where
            if not isinstance(ratings, dict) or not ratings:
                fail(where, 'ratings missing or empty')
                continue
            bad = [i for i, g in ratings.items() if type(g) is not int or not 0 <= g <= 3]
            for i in bad:
                fail(where, f'grade of {i} is {ratings[i]!r}, not an integer 0-3')
            unknown = [i for i in ratings if i not in by_id]
            for i in unknown:
                fail(where, f'rated id {i} is not in data/creators.ndjson')
            known = {i: g for i, g in ratings.items() if i in by_id and i not in bad and g > 0}
            sizes.append(len(ratings))
            for word, how, source in violations(query, known, forbidden(known, by_id)):
                fail(where, f'"{query}": word {word!r} ({how}) shared with {source}')
            match = NOTE.match(line.get('note') or '')
            if not match:
                fail(where, 'note does not name the niche and topic ("niche: X; topic: Y; ...")')
                continue
            niche, topic = match.group(1), match.group(2).strip()
            niches_by_file[file].add(niche)
            if rule_ratings:
                terms = () if topic == 'whole niche' else tuple(t.strip() for t in topic.split('|'))
                expected = rule_ratings(niche, terms)
                if expected != ratings:
                    diff = sorted(set(expected.items()) ^ set(ratings.items()))[:5]
                    fail(where, f'grades differ from the rules for {niche} / {topic}: {diff} ...')
        print(f'{Path(file).name}: {count} queries, {len(niches_by_file[file])} niches')
    names = list(niches_by_file)
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            shared = niches_by_file[names[a]] & niches_by_file[names[b]]
            if shared:
                fail('split', f'niches in both {names[a]} and {names[b]}: {sorted(shared)}')
    all_niches = set().union(*niches_by_file.values()) if niches_by_file else set()
    if sizes:
        print(f'total: {len(sizes)} queries, {len(all_niches)} niches; ratings per query min {min(sizes)}, '
              f'median {statistics.median(sizes)}, max {max(sizes)}')
    print('OK: no problems' if not problems else f'FAILED: {problems} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    judgments = HERE.parent / 'judgments'
    args = sys.argv[1:] or [str(judgments / 'descriptive-tune.jsonl'), str(judgments / 'descriptive-heldout.jsonl')]
    sys.exit(main(args))
