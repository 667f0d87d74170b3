#!/usr/bin/env python3
"""Rebuild the fresh sponsorship sets' videos.csv files from public GitHub mirrors.

Usage: python3 rebuild.py [set ...]      (default: every set)

Covers every fresh set but the corpus-* ones (their videos are corpus lines): the eleven labelled before 2026-11-28,
and trending-us-in-2024-2025 and mostpopular-fr-es-pt-de-2020-2025 of that day, whose rebuilds never write a row
published or charted in July-August 2020 (the held-out period).

Reads the labels beside this script (<set>.jsonl) and the mirrors in $MIRROR (default /work/.mirror)/<owner>+<name>/repo
(fetched with the session's `fetch` tool; read with `git -C`), writes $OUT (default .cache/labelled)/<set>/videos.csv (gb-ca: its two
source files GBvideos.csv and CAvideos.csv, copied unchanged) and $OUT/MANIFEST.json (sources with the number
of labelled rows each gave, the CSV's sha256 and whether it equals the README's digest, rows, labelled videos missing).
Only labelled videos are written, one row each, in the .jsonl's order, with Python's csv writer (QUOTE_MINIMAL):
LF line ends for the earlier sets (world-2018's recorded digest), trending-us-in-2024-2025 and
mostpopular-fr-es-pt-de-2020-2025, CRLF for trending-2023-2025, uploads-2022, india-2017-mixed, latam-fr-2021-2025 and
uploads-tech-2022-2024 (all but latam-fr-2021-2025 reproduce their digests).
Source CSVs are read with universal newlines (a CR or CRLF in a description becomes LF), as Python's text mode does;
with that, world-2020 keeps line breaks in 11 descriptions and scores what the README's original file scored. The
sources of trending-us-in-2024-2025 and mostpopular-fr-es-pt-de-2020-2025 are read as they are (a CRLF stays).
Deterministic: the output depends only on the mirrors' git objects and the label files.
Needs the `json5` package (pip install json5) for the object literals pasted into front-end repositories.
"""
import ast
import csv
import hashlib
import io
import json
import os
import re
import subprocess
import sys
from collections import OrderedDict

MIRROR = os.environ.get('MIRROR', '/work/.mirror')
LABELS = os.environ.get('LABELS', os.path.dirname(os.path.abspath(__file__)))
OUT = os.environ.get('OUT', os.path.join(os.getcwd(), '.cache', 'labelled'))
HEADER = ('video_id,trending_date,title,channel_title,category_id,publish_time,tags,views,likes,dislikes,comment_count,'
          'thumbnail_link,comments_disabled,ratings_disabled,video_error_or_removed,description').split(',')

README_DIGESTS = {  # as recorded in relevance/sponsors/fresh/README.md ("prefix…suffix" where abbreviated)
    'world-2020': '9ee43716…7e9527',
    'mixed-2021': 'bfa91b7c3ce19877615b4108d0d4b84447de9d77c8dbd2779b980f6e6d4acc9c',
    'world-2018': '2126390583d07ae1bc4f4ee4dd8f478729d2fccf548487cb6758575b644d75fd',
    'au-us-2024': '37620a9d72f37129417cf1bb73eb7b0df8e18947cb1179c294262bb02cecb098',
    'trending-2023-2025': '5c36948e01ba665a03bfe2e5777d7e928abe6c6e9433c671ab641f59e834aa6d',
    'uploads-2022': 'f43ab3e2e6248580829ade5960cf06c8c1898979f0acbf3a07f74428bb25800e',
    'india-2017-mixed': 'f2a610a8edcc40fa01013ed351ee3092d4b337016affca35c7795f1bc2a1acfd',
    'latam-fr-2021-2025': '733e2b824e102b5b9576c9ada6fd487d55af299a991e9e71d1db2720216050e7',
    'uploads-tech-2022-2024': 'df6352754ec4045274292298cee2a323a4e784092a9cd19a18f02c3d5ae05996',
    'mostpopular-fr-es-pt-de-2020-2025': 'c24a52f6ec2e70db9de8036e9bab7226159154ee103c5a905e40a716972dd52b',
    'gb-ca/GBvideos.csv': '85e0a364…c839',
    'gb-ca/CAvideos.csv': '5fad3ce7…09ac5a0',
}

CATEGORY_IDS = {
    'Film & Animation': 1, 'Autos & Vehicles': 2, 'Music': 10, 'Pets & Animals': 15, 'Sports': 17, 'Short Movies': 18,
    'Travel & Events': 19, 'Gaming': 20, 'Videoblogging': 21, 'People & Blogs': 22, 'Comedy': 23, 'Entertainment': 24,
    'News & Politics': 25, 'Howto & Style': 26, 'Education': 27, 'Science & Technology': 28,
    'Nonprofits & Activism': 29, 'Movies': 30, 'Anime/Animation': 31, 'Action/Adventure': 32, 'Classics': 33,
    'Documentary': 35, 'Drama': 36, 'Family': 37, 'Foreign': 38, 'Horror': 39, 'Sci-Fi/Fantasy': 40, 'Thriller': 41,
    'Shorts': 42, 'Shows': 43, 'Trailers': 44,
}

# ---------------------------------------------------------------------------------------------------------------- git


def gitdir(repo):
    return f"{MIRROR}/{repo.replace('/', '+')}/repo"


def git(repo, *args):
    return subprocess.run(['git', '-C', gitdir(repo), *args], capture_output=True, check=True).stdout


CURRENT = [None]  # the source blob read last: candidate rows made from it are credited to it
LAST_RECS = []


class Row(list):
    src = None


class Sources:
    """The source blobs a set read, for the manifest."""

    def __init__(self):
        self.used = OrderedDict()

    def note(self, repo, commit, path, data):
        self.used[(repo, commit, path)] = hashlib.sha256(data).hexdigest()
        CURRENT[0] = (repo, commit, path)

    def show(self, repo, commit, path):
        full = git(repo, 'rev-parse', commit).decode().strip()
        data = git(repo, 'show', f'{full}:{path}')
        self.note(repo, full, path, data)
        return data

    def blob(self, repo, commit, path, blob):
        data = git(repo, 'cat-file', '-p', blob)
        self.note(repo, commit, path, data)
        return data

    def rows(self, recs):
        from collections import Counter
        n = Counter(getattr(r, 'src', None) for r in recs)
        used = [{'repo': r, 'commit': c, 'path': p, 'sha256': h, 'labelled_rows': n[(r, c, p)]}
                for (r, c, p), h in self.used.items()]
        return [u for u in used if u['labelled_rows']], [u for u in used if not u['labelled_rows']]


def credited(rec):
    row = Row(rec)
    row.src = CURRENT[0]
    return row


def versions(repo, path):
    """Every distinct historical blob of path: [(commit date, commit, blob)], oldest first."""
    out, seen = [], set()
    log = git(repo, 'log', '--all', '--reverse', '--date-order', '--format=%H %cI', '--', path).decode().split('\n')
    for line in log:
        if not line.strip():
            continue
        commit, date = line.split()
        ls = git(repo, 'ls-tree', commit, '--', path).decode().strip()
        if not ls:
            continue
        blob = ls.split()[2]
        if blob not in seen:
            seen.add(blob)
            out.append((date, commit, blob))
    return sorted(out)


def tree_paths(repo, commit):
    return [line.split('\t', 1) for line in git(repo, 'ls-tree', '-r', commit).decode('utf-8').split('\n') if line]


# ----------------------------------------------------------------------------------------------------------- helpers


def labels(name):
    with open(f'{LABELS}/{name}.jsonl', encoding='utf-8') as f:
        return [json.loads(line) for line in f if line.strip()]


def write_csv(records, lineterminator='\n'):
    """Python's csv writer, QUOTE_MINIMAL. The earlier sets' files ended lines with LF (world-2018's digest), the later
    ones with the writer's default CRLF (the digests of trending-2023-2025, uploads-2022, uploads-tech-2022-2024)."""
    LAST_RECS[:] = records
    s = io.StringIO()
    w = csv.writer(s, lineterminator=lineterminator)
    w.writerow(HEADER)
    for r in records:
        w.writerow(['' if x is None else str(x) for x in r])
    return s.getvalue().encode('utf-8')


UNIVERSAL_NEWLINES = True


def read_csv(data, fieldnames=None, universal=None):
    # universal newlines, as Python's text mode reads a file: a CR or CRLF inside a description becomes LF
    text = data.decode('utf-8-sig', 'replace')
    if UNIVERSAL_NEWLINES if universal is None else universal:
        text = text.replace('\r\n', '\n').replace('\r', '\n')
    return list(csv.DictReader(io.StringIO(text, newline=''), fieldnames=fieldnames))


def ydm(iso):
    """'2024-10-15T..' -> '24.15.10' (datasnaek's YY.DD.MM)."""
    return f'{iso[2:4]}.{iso[8:10]}.{iso[5:7]}'


def qtags(tags):
    tags = [t for t in (tags or []) if t is not None and str(t) != '']
    return '|'.join(f'"{t}"' for t in tags) if tags else '[None]'


def pipe_tags(s):
    s = (s or '').strip()
    if len(s) >= 2 and s[0] == '"' and s[-1] == '"':
        s = s[1:-1]
    if s in ('', '[none]', '[None]'):
        return '[None]'
    return qtags(s.split('|'))


def thumb(vid):
    return f'https://i.ytimg.com/vi/{vid}/default.jpg'


def num(x):
    if x is None or x == '':
        return None
    try:
        f = float(x)
        return str(int(f)) if f == int(f) else str(x)
    except (TypeError, ValueError):
        return str(x)


def api_row(item, trending_date, flags_from_counts=True):
    """A videos.list item (snippet, statistics) in the datasnaek layout. comments_disabled / ratings_disabled say
    whether the count is missing, or (flags_from_counts=False, india-2017-mixed's digest) are always False."""
    sn = item.get('snippet') or {}
    st = item.get('statistics') or {}
    vid = item['id'] if isinstance(item['id'], str) else item['id'].get('videoId')
    th = ((sn.get('thumbnails') or {}).get('default') or {}).get('url') or thumb(vid)
    likes, comments = num(st.get('likeCount')), num(st.get('commentCount'))
    return [vid, trending_date, sn.get('title', ''), sn.get('channelTitle', ''), sn.get('categoryId') or 0,
            sn.get('publishedAt', ''), qtags(sn.get('tags')), num(st.get('viewCount')) or 0, likes or 0,
            num(st.get('dislikeCount')) or 0, comments or 0, th, str(flags_from_counts and comments is None),
            str(flags_from_counts and likes is None), 'False',
            sn.get('description', '')]


def scraper_row(r, trending_date=None):
    """A row of the mitchelljy scraper (and its forks / rsrishav's Kaggle set) in the datasnaek layout."""
    cat = r.get('categoryId') or r.get('category_id') or r.get('category') or ''
    if cat and not str(cat).isdigit():
        cat = CATEGORY_IDS.get(cat, cat)
    td = trending_date or r['trending_date']
    return [r['video_id'].strip('"'), td, r['title'], r.get('channelTitle', r.get('channel_title', '')), cat,
            r['publishedAt'], pipe_tags(r.get('tags')), r.get('view_count', r.get('views', '')), r.get('likes', ''),
            r.get('dislikes', ''), r.get('comment_count', ''), r.get('thumbnail_link') or thumb(r['video_id']),
            r.get('comments_disabled') or 'False', r.get('ratings_disabled') or 'False',
            r.get('video_error_or_removed') or 'False', r.get('description', '')]


# --------------------------------------------------------------------- object literals pasted into front-end code

KIND = re.compile(r'''["']?kind["']?\s*:\s*["'`]youtube#video["'`]''')


def brace_pairs(text):
    """(start, end) of every {...} outside strings and comments."""
    pairs, stack, i, n = [], [], 0, len(text)
    while i < n:
        c = text[i]
        if c in '"\'`':
            q = c
            i += 1
            while i < n and text[i] != q:
                i += 2 if text[i] == '\\' else 1
        elif c == '/' and i + 1 < n and text[i + 1] == '/':
            # a line comment, unless this is inside a URL (handled by strings) - skip to end of line
            j = text.find('\n', i)
            i = n if j < 0 else j
            continue
        elif c == '/' and i + 1 < n and text[i + 1] == '*':
            j = text.find('*/', i + 2)
            i = n if j < 0 else j + 2
            continue
        elif c == '{':
            stack.append(i)
        elif c == '}' and stack:
            pairs.append((stack.pop(), i + 1))
        i += 1
    return pairs


def parse_literal(s):
    try:
        return json.loads(s)
    except ValueError:
        pass
    import json5
    try:
        return json5.loads(s)
    except Exception:
        # template literals are not JSON5: turn `...` into "..." and try once more
        t = re.sub(r'`((?:[^`\\]|\\.)*)`', lambda m: json.dumps(m.group(1)), s)
        try:
            return json5.loads(t)
        except Exception:
            return None


def extract_items(text):
    """Every youtube#video object with an id and a snippet in a JS/JSON text, in the order they appear."""
    pairs = sorted(brace_pairs(text))
    items, seen = [], set()
    for m in KIND.finditer(text):
        best = None
        for a, b in pairs:
            if a < m.start() < b and (best is None or a > best[0]):
                best = (a, b)
        if not best or best in seen:
            continue
        seen.add(best)
        obj = parse_literal(text[best[0]:best[1]])
        if isinstance(obj, dict) and obj.get('id') and obj.get('snippet'):
            items.append(obj)
    return items


def snapshots(src, repo, path):
    """Each distinct set of videos in the history of a pasted API response: [(date, commit, items)]."""
    out, seen = [], set()
    for date, commit, blob in versions(repo, path):
        text = src.blob(repo, commit, path, blob).decode('utf-8', 'replace')
        items = extract_items(text)
        key = tuple(sorted(i['id'] if isinstance(i['id'], str) else json.dumps(i['id']) for i in items))
        if items and key not in seen:
            seen.add(key)
            out.append((date, commit, items))
    return out


def newest(items):
    return max((i.get('snippet') or {}).get('publishedAt', '') for i in items)


# --------------------------------------------------------------------------------------------------------- the sets
SETS = OrderedDict()


def rebuild(name):
    def deco(fn):
        SETS[name] = fn
        return fn
    return deco


def by_labels(L, candidates):
    """One record per labelled video, in label order; candidates: video id -> record (first wins)."""
    recs, missing = [], []
    for lab in L:
        r = candidates.get(lab['videoId'])
        if r is None:
            missing.append(lab['videoId'])
        else:
            recs.append(r)
    return recs, missing


def first(cands, key, rec):
    if key not in cands:
        cands[key] = credited(rec)


def add_api_snapshots(src, cands, sources, flags_from_counts=True):
    """Every videos.list item in each snapshot of each (repository, file), dated by the snapshot's newest item."""
    for repo, path in sources:
        for date, commit, items in snapshots(src, repo, path):
            td = ydm(newest(items))
            for it in items:
                row = api_row(it, td, flags_from_counts)
                first(cands, row[0], row)


@rebuild('gb-ca')
def gb_ca(src):
    repo, c = 'devdio/flyai_datasets', '683f4c2e6f79feaaac23d55040871a8b80a962cb'
    return {'GBvideos.csv': src.show(repo, c, 'GBvideos.csv'), 'CAvideos.csv': src.show(repo, c, 'CAvideos.csv')}


@rebuild('de-mx')
def de_mx(src):
    L = labels('de-mx')
    want = {(lab['file'], lab['videoId']) for lab in L}
    cands = {}
    # genuine datasnaek rows first (already in the layout)
    for repo, c, path, reg in [('zhaoama/YouTubeReviewRatings', '9a5b987', 'Datasets/DEvideos.csv', 'DE'),
                               ('Carrizal1218/dataSet', '3a48750', 'MXvideos.csv', 'MX')]:
        for r in read_csv(src.show(repo, c, path)):
            if (reg, r['video_id']) in want:
                first(cands, (reg, r['video_id']), [r.get(h, '') for h in HEADER])
    # fedelux3's daily scrapes (every historical DE/MX file, oldest commit first) and the scraper's 18.01.11 example
    repo = 'fedelux3/Youtube_trending_analysis'
    blobs = {}
    for line in git(repo, 'log', '--all', '--date-order', '--reverse', '--format=%H %cI').decode().split('\n'):
        if not line.strip():
            continue
        commit, date = line.split()
        for meta, path in tree_paths(repo, commit):
            m = re.search(r'_(DE|MX)_videos\.csv$', path)
            if m:
                b = meta.split()[2]
                if b not in blobs or (date, commit, path) < blobs[b][:3]:
                    blobs[b] = (date, commit, path, m.group(1))
    files = [(d, c, p, reg, b) for b, (d, c, p, reg) in blobs.items()]
    files.sort(key=lambda f: (f[0], f[2]))
    for date, commit, path, reg, b in files:
        try:
            data = git(repo, 'cat-file', '-p', b)
        except subprocess.CalledProcessError:
            continue  # absent from the mirror (over 4 MiB)
        rows = read_csv(data)
        hit = False
        for r in rows:
            v = (r.get('video_id') or '').strip('"')
            if (reg, v) in want and (reg, v) not in cands:
                if not hit:
                    src.note(repo, commit, path, data)
                cands[(reg, v)] = credited(scraper_row(r))
                hit = True
    recs, missing, done = [], [], set()
    for lab in L:
        k = (lab['file'], lab['videoId'])
        if lab['videoId'] in done:
            continue
        if k in cands:
            recs.append(cands[k])
            done.add(lab['videoId'])
        else:
            missing.append(lab['videoId'])
    return write_csv(recs), missing


RS_FIELDS = ['video_id', 'title', 'publishedAt', 'channelId', 'channelTitle', 'categoryId', 'trending_date', 'tags',
             'view_count', 'likes', 'dislikes', 'comment_count', 'thumbnail_link', 'comments_disabled',
             'ratings_disabled', 'description']


@rebuild('world-2020')
def world_2020(src):
    L = labels('world-2020')
    want = {(lab['file'], lab['videoId']) for lab in L}
    cands = {}
    for repo, c, pre in [('Big-Data-Analytics-UCM/Youtube-Trending-Videos-Analysis', '4c523735', 'data/'),
                         ('pavanpandya/Unveiling-Trends-A-Cloud-Driven-Data-Engineering-Project-on-AWS', '9a02f640',
                          'datasets/')]:
        for reg in ['BR', 'FR', 'MX', 'US', 'GB', 'CA', 'DE']:
            data = src.show(repo, c, f'{pre}{reg}_youtube_trending_data.csv')
            head = data[:8].decode('utf-8', 'replace')
            for r in read_csv(data, None if head.startswith('video_id') else RS_FIELDS):
                if (reg, r['video_id']) in want:
                    first(cands, (reg, r['video_id']), scraper_row(r, ydm(r['trending_date'])))
    recs, missing = by_labels(L, {lab['videoId']: cands[(lab['file'], lab['videoId'])] for lab in L
                                  if (lab['file'], lab['videoId']) in cands})
    return write_csv(recs), missing


@rebuild('mixed-2021')
def mixed_2021(src):
    L = labels('mixed-2021')
    repo, c = 'germarr/youtube_trending', 'c68eb5c16ed3b4f64abcf9bb566b56ece24b0e8d'
    cands = {}
    for f, day in [('test_df.csv', '21.26.04'), ('test_df_27.csv', '21.27.04'), ('test_df_28.csv', '21.28.04')]:
        for r in read_csv(src.show(repo, c, f'backend/data/{f}')):
            likes, comments = num(r['likeCount']), num(r['commentCount'])
            first(cands, r['video_id'], [
                r['video_id'], day, r['title'], r['channel_title'], num(r['categoryId']), r['publishedAt'], '[None]',
                num(r['viewCount']) or 0, likes or 0, num(r['dislikeCount']) or 0, comments or 0,
                thumb(r['video_id']), str(comments is None), str(likes is None), 'False', r['description']])
    recs, missing = by_labels(L, cands)
    return write_csv(recs), missing


@rebuild('world-2018')
def world_2018(src):
    L = labels('world-2018')
    repo, c = 'mitchelljy/Trending-YouTube-Scraper', '269a76231aa5f155b68bcc41b6289cac8ed95078'
    cands = {}
    for reg in ['BR', 'CA', 'FR', 'GB', 'IN', 'US']:
        for r in read_csv(src.show(repo, c, f'output/18.01.11_{reg}_videos.csv')):
            first(cands, (reg, r['video_id']), scraper_row(r))
    recs, missing = by_labels(L, {lab['videoId']: cands[(lab['file'], lab['videoId'])] for lab in L
                                  if (lab['file'], lab['videoId']) in cands})
    return write_csv(recs), missing


@rebuild('au-us-2024')
def au_us_2024(src):
    L = labels('au-us-2024')
    repo = 'Y3l4n/Trending-Youtube-Scraper'
    ca, cu = 'b7f5f49f77791f1e317f321988d7a654ece1f6e4', '8581463ddb70b06c3d35a28aebfb141ccbf88921'
    files = [('AU', ca, p) for meta, p in tree_paths(repo, ca)
             if p.startswith('old (pending usage)/') and p.endswith('_AU_videos.csv')]
    files = sorted(files, key=lambda f: f[2]) + [('US', cu, 'output/24.15.10_US_videos.csv')]
    rows = {}
    for reg, c, p in files:
        day = re.search(r'(\d\d)\.(\d\d)\.(\d\d)_', p.split('/')[-1]).groups()
        for r in read_csv(src.show(repo, c, p)):
            # older files are named and dated YY.DD.MM; the newer AU files are named YY.MM.DD and carry that order
            td = r['trending_date']
            if 'duration_seconds' in r:
                td = f'{day[0]}.{day[2]}.{day[1]}'
            rows.setdefault((reg, r['video_id']), []).append(credited(scraper_row(r, td)))
    cands = {}
    for lab in L:
        rs = rows.get((lab['file'], lab['videoId']), [])
        # the video's last appearance in its region's pulls: the newer files keep the description's line breaks, and
        # a labelled sponsor text (XT9PzwAIrC8's "[westen60]") is only in the later rows
        if rs:
            cands[lab['videoId']] = rs[-1]
    recs, missing = by_labels(L, cands)
    return write_csv(recs), missing


@rebuild('trending-2023-2025')
def trending_2023_2025(src):
    L = labels('trending-2023-2025')
    cands = {}
    v2 = 'Y3l4n/New-Youtube-Scraper-v2'
    for c, p in [('2763546347a7acef06a156917b72a16b54893f06', 'sample_newest_trending_videos/24.07.12_GB_trending_videos.json'),
                 ('2763546347a7acef06a156917b72a16b54893f06', 'sample_newest_trending_videos/24.07.12_US_trending_videos.json'),
                 ('c78100f401242f5e8b25a8fbb0e30252c68aaad1', 'sample_trending_data/24.04.12_US_videos.json')]:
        data = json.loads(src.show(v2, c, p))
        d = re.search(r'(\d\d)\.(\d\d)\.(\d\d)_', p).groups()
        td = f'{d[0]}.{d[1]}.{d[2]}'  # the file names are YY.DD.MM already (24.07.12 = 7 Dec 2024)
        entries = data.items() if isinstance(data, dict) else [(e.get('videoId') or e.get('video_id') or e.get('id'), e) for e in data]
        for vid, e in entries:
            cat = e.get('category') or e.get('categoryId') or ''
            cat = CATEGORY_IDS.get(cat, cat)
            likes, comments = num(e.get('likeCount')), num(e.get('commentCount'))
            first(cands, vid, [vid, td, e.get('title', ''), e.get('channelTitle', ''), cat, e.get('publishedAt', ''),
                               qtags(e.get('tags')), num(e.get('viewCount')) or 0, likes or 0, 0, comments or 0,
                               thumb(vid), str(comments is None), str(likes is None), 'False',
                               e.get('description') or ''])
    bo = 'Bostesa/youtube-sentiment-analysis'
    for reg in ['GB', 'US']:
        for r in read_csv(src.show(bo, 'f1853fd37bbb0d341ea1c20d03f0f5677a6aba98',
                                   f'backend/scraper/output/24.28.06_{reg}_videos.csv')):
            if r.get('video_id'):
                row = scraper_row(r)
                row[9] = 0
                first(cands, r['video_id'], row)
    add_api_snapshots(src, cands, [('ayaniegain/youtube-clone', 'src/utils/constant.js'),
                                   ('RohitChanda/namaste-youtube-frontend', 'src/utils/constant.js'),
                                   ('Siddhesh-Yadav/YoutubeCloneReact', 'src/utils/constants.js'),
                                   ('Sumister/youtube-clone', 'src/SampleData/videoListResponse.js')])
    recs, missing = by_labels(L, cands)
    return write_csv(recs, '\r\n'), missing


@rebuild('uploads-2022')
def uploads_2022(src):
    L = labels('uploads-2022')
    repo, c = 'nick-esqueda/YouTube', 'dfc66d21122a15588ae2b72ba8c1c362ba41e6f7'
    chan_tree = ast.parse(src.show(repo, c, 'backend/seeds/channels.py').decode('utf-8'))
    names = {}
    order = []
    for node in ast.walk(chan_tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and getattr(node.value.func, 'id', '') == 'Channel':
            kw = {k.arg: k.value for k in node.value.keywords}
            if isinstance(kw.get('channelName'), ast.Constant):
                names[node.targets[0].id] = kw['channelName'].value
        if isinstance(node, ast.Assign) and getattr(node.targets[0], 'id', '') == 'channels' and isinstance(node.value, ast.List):
            order = [e.id for e in node.value.elts if isinstance(e, ast.Name)]
    channel_by_pos = {i + 1: names.get(v, '') for i, v in enumerate(order)}
    vid_tree = ast.parse(src.show(repo, c, 'backend/seeds/videos.py').decode('utf-8'))
    cands = {}
    for node in ast.walk(vid_tree):
        if isinstance(node, ast.Call) and getattr(node.func, 'id', '') == 'Video':
            kw = {k.arg: k.value.value for k in node.keywords if isinstance(k.value, ast.Constant)}
            vid = kw.get('videoUrl', '')
            desc = (kw.get('description') or '').replace('\n    ', '\n')
            first(cands, vid, [vid, '22.20.04', kw.get('title', ''), channel_by_pos.get(int(kw.get('channelId', 0)), ''),
                               0, kw.get('createdAt', ''), '[None]', 0, 0, 0, 0, thumb(vid), 'False', 'False', 'False',
                               desc])
    add_api_snapshots(src, cands, [('Ashish357/VideoStreamingApp', 'src/components/mocks/data.jsx'),
                                   ('altovoy/react-youtube-material-ui', 'src/dummyData/index.js'),
                                   ('sumeyye-uzgor/netflix-clone', 'db/popularData.js'),
                                   ('HsienW/react-youtube', 'src/ApiCenter/Api/ApiSimulation.js'),
                                   ('mdsajib360/react-youtube-search', 'test.js'),
                                   ('shefaliswat/MyYoutube', 'src/mockData/mostPopular.js')])
    recs, missing = by_labels(L, cands)
    return write_csv(recs, '\r\n'), missing


@rebuild('india-2017-mixed')
def india_2017_mixed(src):
    L = labels('india-2017-mixed')
    cands = {}
    for r in read_csv(src.show('suhanasooh/YOUTUBE-DATA-ANALYSIS', '38b1200dae3f29804430744e5aa2f35a19caec4b',
                               'data/INvideos.csv')):
        first(cands, r['video_id'], [r.get(h, '') for h in HEADER])  # unchanged, first trending day kept
    repo = 'jcocchi/HowFunny'
    for c, p in [('3f3070f875', 'YoutubeDataExtraction/youtubeData.json'), ('ee8132b026', 'YoutubeDataExtraction/youtubeData.js'),
                 ('c006a00f47', 'YoutubeDataExtraction/youtubeData2.js'), ('b450a3bc6b', 'YoutubeDataExtraction/youtubeData3.js')]:
        items = extract_items(src.show(repo, c, p).decode('utf-8', 'replace'))
        td = ydm(newest(items))
        for it in items:
            row = api_row(it, td)
            first(cands, row[0], row)
    add_api_snapshots(src, cands, [('GabrielCarames/youtube-clone', 'src/hooks/useHome.js')], flags_from_counts=False)
    data = json.loads(src.show('mobius29er/youtubeExtractor', '0b471cb63ce183ac2311723bcdac72fcfb8074f2',
                               'extracted_data/metadata_only.json'))
    for ch, body in data.items():
        for v in body.get('videos') or []:
            vid = v.get('video_id') or v.get('id')
            tags = v.get('tags')
            if isinstance(tags, str):
                try:
                    tags = ast.literal_eval(tags)
                except (ValueError, SyntaxError):
                    tags = []
            first(cands, vid, [vid, '25.08.09', v.get('title', ''), v.get('channel_title') or v.get('channelTitle') or ch, 0,
                               v.get('published_at') or v.get('publishedAt') or '', qtags(tags if isinstance(tags, list) else []),
                               num(v.get('view_count', v.get('views'))) or 0, num(v.get('like_count', v.get('likes'))) or 0, 0,
                               num(v.get('comment_count', v.get('comments'))) or 0, thumb(vid),
                               'False', 'False', 'False', v.get('description') or ''])
    recs, missing = by_labels(L, cands)
    return write_csv(recs, '\r\n'), missing


@rebuild('latam-fr-2021-2025')
def latam_fr(src):
    L = labels('latam-fr-2021-2025')
    repo = 'germarr/youtube_research'
    entries = {}  # blob -> (date, commit, path)
    for line in git(repo, 'log', '--all', '--date-order', '--reverse', '--format=%H %cI').decode().split('\n'):
        if not line.strip():
            continue
        commit, date = line.split()
        for meta, path in tree_paths(repo, commit):
            if path.startswith('trending_videos_data/') and path.endswith('.csv') and 'checkpoint' not in path \
                    and 'categor' not in path.lower():
                b = meta.split()[2]
                if b not in entries or (date, path) < (entries[b][0], entries[b][2]):
                    entries[b] = (date, commit, path)
    cands = {}
    for b, (date, commit, path) in sorted(entries.items(), key=lambda e: (e[1][0], e[1][2])):
        try:
            data = git(repo, 'cat-file', '-p', b)
        except subprocess.CalledProcessError:
            continue
        CURRENT[0] = (repo, commit, path)
        hit = False
        for r in read_csv(data):
            link = r.get('link') or ''
            vid = link.rsplit('/', 1)[-1] if link else r.get('video_id', '')
            if not vid or vid in cands:
                continue
            try:
                tags = ast.literal_eval(r.get('tags') or '[]')
            except (ValueError, SyntaxError):
                tags = []
            td = r.get('trending_date') or date
            cands[vid] = credited([vid, ydm(td), r.get('video_title', ''), r.get('channel_title', ''), num(r.get('category_id')) or 0,
                          r.get('published_date', ''), qtags(tags if isinstance(tags, list) else []),
                          num(r.get('views')) or 0, num(r.get('likes')) or 0, num(r.get('dislikes')) or 0,
                          num(r.get('comments')) or 0, thumb(vid), 'False', 'False', 'False', r.get('description') or ''])
            hit = hit or vid in {lab['videoId'] for lab in L}
        if hit:
            src.note(repo, commit, path, data)
    add_api_snapshots(src, cands, [('elarion83/musicroom', 'src/services/mockedArray.js'),
                                   ('imalbi/yt-clone', 'src/lib/mocks/popularVideos.js'),
                                   ('rubennp/ita-s9-pf', 'src/apis/myapi.js')])
    recs, missing = by_labels(L, cands)
    return write_csv(recs, '\r\n'), missing


@rebuild('uploads-tech-2022-2024')
def uploads_tech(src):
    L = labels('uploads-tech-2022-2024')
    repo = 'ivanseldas/Sentiment-Driven-Video-Recommendations'
    c1, c2 = '3080b40e54cfa8148e8d579af178a06b28cd102a', '063203f160'
    channels = {}
    for c, p in [(c1, 'data/df_channel_data.csv'), (c2, 'data/clean_data/df_channel_data.csv'),
                 (c2, 'data/raw_data/df_channel_data_ai.csv')]:
        try:
            rows = read_csv(src.show(repo, c, p))
        except subprocess.CalledProcessError:
            continue
        for r in rows:
            cid = r.get('channelId') or r.get('channel_id')
            name = r.get('channelTitle') or r.get('title') or r.get('channel_title') or r.get('channelName')
            if cid and name:
                channels.setdefault(cid, name)
    cands = {}
    for p in ['data/df_video_data.csv', 'data/raw_data/df_video_data.csv']:
        for r in read_csv(src.show(repo, c1, p)):
            vid = r['videoId']
            try:
                tags = ast.literal_eval(r.get('tags') or '[]')
            except (ValueError, SyntaxError):
                tags = []
            first(cands, vid, [vid, '24.18.08', r.get('title', ''), channels.get(r.get('channelId'), ''),
                               num(r.get('categoryId')) or 0, r.get('publishedAt', ''),
                               qtags(tags if isinstance(tags, list) else []), num(r.get('viewCount')) or 0,
                               num(r.get('likeCount')) or 0, 0, num(r.get('commentCount')) or 0,
                               r.get('thumbnail_url') or thumb(vid), str(num(r.get('commentCount')) is None),
                               str(num(r.get('likeCount')) is None), 'False', r.get('description') or ''])
    recs, missing = by_labels(L, cands)
    return write_csv(recs, '\r\n'), missing


def ydm_iso(d):
    """'24.15.10' -> '2024-10-15' (ydm's inverse); '' for anything else."""
    return f'20{d[0:2]}-{d[6:8]}-{d[3:5]}' if d and len(d) == 8 else ''


def held_out(row):
    """Published or charted in July-August 2020, the held-out period: such a row is never written."""
    return '2020-07-01' <= (row[5] or '')[:10] <= '2020-08-31' or '2020-07-01' <= ydm_iso(row[1]) <= '2020-08-31'


def first_kept(cands, rec):
    """first() by video id for a row that is not held out; a row credited already keeps its source."""
    if not held_out(rec) and rec[0] not in cands:
        cands[rec[0]] = rec if isinstance(rec, Row) else credited(rec)


TUTORIAL_REPOS = [  # "YouTube Data Collection and Analysis" runs (README); sentryxgith's gave no labelled video
    'SaiDeepak16/YouTube_Data_Collection_and_Analysis', 'Koninikax/YouTube-trends',
    'shar-jEEl/Youtube_Data_Collection-Analysis', 'Bikram2473/YouTube-Data',
    'Sandy71004/Youtube-Data-Collection-and-Analysis', 'jmanish585/youtube-data-collection',
    'SheetalPatnaik/YouTube-Data-Collection-and-Analysis', 'Divi88ja/YouTube-Data-Collection-and-Analysis',
    'AreenJain/YouTube-Data-Collection-and-Analysis', 'yhonw21/Youtube-Data-Collection-and-Analysis',
    'Anantha1407/Youtube-Data-Scraping-and-analysis', 'SOHAM2543/Youtube-Data-Collection-and-Analysis',
    'Jana2207/YouTube_Data_Collection_and_Analysis', 'DhruvGupta2/Youtube_Analysis',
    'D-Dyno/YT-Data-Collection-and-Analysis', 'NavaneethRaj17/YouTube-Analytics', 'AkshayCu-Codes/Youtube-data-analysis',
    'santhoshkrishnan30/Youtube-Data-collection-and-Analysis', 'rhtsabharwal/Youtube-Data-Collection-and-Analysis',
    'Parv12jain/Youtube-Videos-Analysis']


@rebuild('trending-us-in-2024-2025')
def trending_us_in(src):
    L = labels('trending-us-in-2024-2025')
    files = sorted((date, repo, commit, path, blob) for repo in TUTORIAL_REPOS
                   for path in ['trending_videos.csv', 'trending_videos_India.csv', 'trending_videos_by_country.csv']
                   for date, commit, blob in versions(repo, path))
    cands = {}
    for date, repo, commit, path, blob in files:  # every historical version, first appearance wins
        rows = read_csv(src.blob(repo, commit, path, blob), universal=False)
        if not rows or 'published_at' not in rows[0]:
            continue
        td = ydm(max(r.get('published_at') or '' for r in rows))  # the pull day is not recorded: the newest upload's
        for r in rows:
            vid = (r.get('video_id') or '').strip()
            if not vid:
                continue
            try:
                tags = ast.literal_eval(r.get('tags') or '[]')
            except (ValueError, SyntaxError):
                tags = []
            comments = num(r.get('comment_count'))
            first_kept(cands, [vid, td, r.get('title', ''), r.get('channel_title', ''), num(r.get('category_id')) or 0,
                               r.get('published_at', ''), qtags(tags if isinstance(tags, list) else []),
                               num(r.get('view_count')) or 0, num(r.get('like_count')) or 0, 0, comments or 0,
                               thumb(vid), str(comments is None), 'False', 'False', r.get('description') or ''])
    recs, missing = by_labels(L, cands)
    return write_csv(recs), missing


def json_docs(text):
    """The JSON documents of a text, one after another (d2715276's output.json: the array, then NUL padding and a
    fragment of another file)."""
    dec, i, out = json.JSONDecoder(), 0, []
    text = text.rstrip('\x00 \n\r\t')
    while i < len(text):
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            break
        try:
            obj, i = dec.raw_decode(text, i)
        except ValueError:
            break
        out.append(obj)
    return out


@rebuild('mostpopular-fr-es-pt-de-2020-2025')
def mostpopular(src):
    L = labels('mostpopular-fr-es-pt-de-2020-2025')
    cands = {}  # first appearance: pnrszn, huongdo108, sonaniku, sausis20; within a source, earliest trending date
    repo = 'pnrszn/BigDataProject'
    for c in ['9987477c46c51f81a232bab6f202f4842795e414', 'd2715276b5d5b96a6b7494281802204dfba8c52d',
              '24d6a469fad926a866b0cf5c431041a3efa56b7c', '8d3e675ef1e4a0df4538325ca39d76caccfc54cf',
              '68291902a23936b6f0a5de86cf800528fe282c7a']:
        day = ydm(git(repo, 'show', '-s', '--format=%cI', c).decode().strip())
        items = []
        for doc in json_docs(src.show(repo, c, 'scraper/output.json').decode('utf-8')):
            items.extend(doc if isinstance(doc, list) else [doc])
        rows = []
        for it in items:
            if isinstance(it.get('video'), dict):  # raw API items, no trending date: the commit day
                rows.append(api_row(it['video'], day))
            else:
                vid = it['video_id']
                rows.append([vid, it.get('trending_date') or day, it.get('title', ''), it.get('channelTitle', ''),
                             it.get('categoryId') or 0, it.get('publishedAt', ''), qtags(it.get('tags')),
                             num(it.get('view_count')) or 0, num(it.get('likes')) or 0, num(it.get('dislikes')) or 0,
                             num(it.get('comment_count')) or 0, it.get('thumbnail_link') or thumb(vid),
                             'False', 'False', 'False', it.get('description') or ''])
        for row in sorted(rows, key=lambda r: ydm_iso(r[1])):
            first_kept(cands, row)
    repo, c = 'huongdo108/youtube-api-data-analysis', '53442f2f3a4768f612f88057036be63abc2e4fe1'
    for meta, path in tree_paths(repo, c):
        if path.startswith('output/20.14.09_') and path.endswith('_videos.csv'):
            for r in read_csv(src.show(repo, c, path), universal=False):
                r = dict(r, title=r.get('video_title', ''), publishedAt=r.get('published_time', ''),
                         likes=r.get('like_count', ''), dislikes=r.get('dislike_count', ''),
                         comments_disabled=r.get('comment_disable'), ratings_disabled=r.get('rating_disable'))
                first_kept(cands, scraper_row(r))
    repo = 'sonaniku/youtube_trending'
    paths = {p for c in git(repo, 'rev-list', '--all').decode().split() for meta, p in tree_paths(repo, c)
             if '/home/' in p and '_trending_' in p and p.endswith('.csv')}
    rows = []
    for date, commit, path, blob in sorted((d, c, p, b) for p in paths for d, c, b in versions(repo, p)):
        for r in read_csv(src.blob(repo, commit, path, blob), universal=False):
            vid = r.get('video_id') or ''
            if not vid:
                continue
            tt = r.get('trending_time') or ''
            td = ydm(tt) if len(tt) >= 10 and tt[4] == '-' else ydm(date)
            rows.append(credited([vid, td, r.get('title', ''), r.get('channel_name', ''), r.get('category_id') or 0,
                                  r.get('publish_time', ''), pipe_tags(r.get('tags')), num(r.get('view')) or 0,
                                  num(r.get('like')) or 0, num(r.get('dislike')) or 0, num(r.get('comment')) or 0,
                                  thumb(vid), 'False', 'False', 'False', r.get('description') or '']))
    for row in sorted(rows, key=lambda r: ydm_iso(r[1])):
        first_kept(cands, row)
    repo = 'sausis20/Youtube-Trending-Scraper-and-EDA'
    files = [('467c31704a2f962ab398c752bdf83e322a94f48e', f'output/22.01.08_{reg}_videos.csv')
             for reg in ['CA', 'DE', 'EE', 'FI', 'FR', 'GB', 'LT', 'LV', 'NO', 'SE', 'US']]
    for c, path in files + [('ad3fab91c70648e63b398bc0d065086751b96d41', '22.01.08_PL_videos.csv')]:
        for r in read_csv(src.show(repo, c, path), universal=False):
            first_kept(cands, scraper_row(r))
    recs, missing = by_labels(L, cands)
    return write_csv(recs), missing


# ------------------------------------------------------------------------------------------------------------- main


def digest_equal(recorded, h):
    if not recorded:
        return None
    if '…' in recorded:
        a, b = recorded.split('…')
        return h.startswith(a) and h.endswith(b)
    return h == recorded


def main(names):
    manifest_path = f'{OUT}/MANIFEST.json'
    manifest = json.load(open(manifest_path)) if os.path.exists(manifest_path) else {}
    for name in names:
        src = Sources()
        result = SETS[name](src)
        os.makedirs(f'{OUT}/{name}', exist_ok=True)
        entry = {'outputs': []}
        if name == 'gb-ca':
            L = labels('gb-ca')
            present = set()
            for fn, data in result.items():
                open(f'{OUT}/{name}/{fn}', 'wb').write(data)
                rows = read_csv(data)
                present |= {r['video_id'] for r in rows}
                h = hashlib.sha256(data).hexdigest()
                entry['outputs'].append({'file': f'{name}/{fn}', 'sha256': h, 'rows': len(rows),
                                         'readme_sha256': README_DIGESTS.get(f'gb-ca/{fn}'),
                                         'equals_readme': digest_equal(README_DIGESTS.get(f'gb-ca/{fn}'), h)})
            missing = [lab['videoId'] for lab in L if lab['videoId'] not in present]
        else:
            data, missing = result
            open(f'{OUT}/{name}/videos.csv', 'wb').write(data)
            h = hashlib.sha256(data).hexdigest()
            entry['outputs'].append({'file': f'{name}/videos.csv', 'sha256': h, 'rows': len(read_csv(data)),
                                     'readme_sha256': README_DIGESTS.get(name),
                                     'equals_readme': digest_equal(README_DIGESTS.get(name), h)})
        if name == 'gb-ca':
            entry['sources'], entry['also_read'] = [dict(u, labelled_rows=None) for u in src.rows([])[1]], []
        else:
            entry['sources'], entry['also_read'] = src.rows(LAST_RECS)
        entry['labelled_videos'] = len({lab['videoId'] for lab in labels(name)})
        entry['missing'] = missing
        manifest[name] = entry
        print(name, [(o['file'], o['rows'], o['sha256'][:12], o['equals_readme']) for o in entry['outputs']],
              'missing', len(missing), file=sys.stderr)
    ordered = OrderedDict((k, manifest[k]) for k in SETS if k in manifest)
    with open(manifest_path, 'w') as f:
        json.dump(ordered, f, indent=1, ensure_ascii=False)
        f.write('\n')


if __name__ == '__main__':
    main(sys.argv[1:] or list(SETS))
