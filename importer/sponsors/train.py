"""Trains the sponsorship scorer: gradient-boosted trees over the rows `npm run import -- train-scorer` writes.

Scores it leaving one labelled set out at a time (and every channel of that set out of its training), reports
precision and recall of (video, brand) pairs over thresholds, then trains on every set but the held-out period's
and writes the trees as JSON for importer/sponsors/scorer.ts. Run through `npm run import -- train-scorer`.
"""
import argparse
import json
import random
import sys
from collections import Counter, defaultdict

import lightgbm as lgb
import numpy as np
import scipy.sparse as sp

# Videos published or charted in July and August 2020 are held out for measuring: scored, never trained or tuned on.
# world-2020 is the labelled set from that period; training.ts marks any other such video `heldOut`.
HELD_OUT = {"world-2020"}


def held_out(row):
    return row["set"] in HELD_OUT or row["heldOut"]
PARAMS = {
    "objective": "binary",
    "learning_rate": 0.05,
    "num_leaves": 15,
    "min_data_in_leaf": 10,
    "feature_fraction": 0.9,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "deterministic": True,
    "num_threads": 1,
    "seed": 2026,
    "verbose": -1,
}
ROUNDS = 200
# Models trained alike on the same rows, each with its own seed (so its own samples of rows and columns), whose
# probabilities are averaged. One model's out-of-fold scores moved by a tenth of a set's recall when a few hundred
# unrelated rows were added (shared-2017 at 0.7: 0.77, then 0.65, then 0.59, its own candidates unchanged); the
# average of five holds still, with more precision and recall at each threshold from 0.4 to 0.75
# (docs/experiments-sponsors.md, 2026-11-29).
BAGS = 5
# The words around a candidate (importer/sponsors/context.ts) the trees may split on: the most frequent in the training
# rows, each a 0/1 column after the named features. How a sponsorship is phrased is learned from the labels this way,
# in every language they hold, instead of written as one more rule.
VOCABULARY = 2000


def read(files):
    names, videos, candidates = None, [], []
    for file in files:
        with open(file, encoding="utf-8") as handle:
            for line in handle:
                row = json.loads(line)
                if row["kind"] == "features":
                    if names is not None and names != row["names"]:
                        sys.exit(f"{file}: its features differ from the other files'; rebuild them all")
                    names = row["names"]
                elif row["kind"] == "video":
                    videos.append(row)
                else:
                    candidates.append(row)
    return names, videos, candidates


def vocabulary(rows):
    """The VOCABULARY tokens most rows carry, ties by the token: the same rows give the same columns."""
    counts = Counter(t for r in rows for t in set(r["tokens"]))
    return sorted(counts, key=lambda t: (-counts[t], t))[:VOCABULARY]


def matrix(rows, vocab):
    """The named features, then one 0/1 column per vocabulary token."""
    at = {t: i for i, t in enumerate(vocab)}
    indices, pointers = [], [0]
    for r in rows:
        indices.extend(sorted({at[t] for t in r["tokens"] if t in at}))
        pointers.append(len(indices))
    present = sp.csr_matrix((np.ones(len(indices)), indices, pointers), shape=(len(rows), len(vocab)))
    return sp.hstack([sp.csr_matrix(np.array([r["values"] for r in rows], dtype=float)), present], format="csr")


class Bagged:
    """BAGS models whose probabilities are averaged, as scorer.ts averages them."""

    def __init__(self, models):
        self.models = models

    def predict(self, rows):
        return np.mean([model.predict(rows) for model in self.models], axis=0)


def train(rows):
    vocab = vocabulary(rows)
    data = matrix(rows, vocab)
    labels = [r["label"] for r in rows]
    models = [
        lgb.train(dict(PARAMS, seed=PARAMS["seed"] + bag), lgb.Dataset(data, label=labels), num_boost_round=ROUNDS)
        for bag in range(BAGS)
    ]
    return Bagged(models), vocab


def out_of_fold(videos, candidates):
    """Each set's candidates scored by a model that saw neither that set nor any of its channels."""
    scores = {}
    for held in sorted({v["set"] for v in videos}):
        channels = {v["channel"] for v in videos if v["set"] == held}
        rows = [c for c in candidates if c["set"] != held and not held_out(c) and c["channel"] not in channels]
        test = [c for c in candidates if c["set"] == held]
        if not test:
            continue
        model, vocab = train(rows)
        for row, p in zip(test, model.predict(matrix(test, vocab))):
            scores[id(row)] = float(p)
    return scores


def counts(videos, candidates, scores, threshold):
    """Per video: right, wrong and missed pairs (a brand and its product are one pair, as eval-sponsors counts)."""
    per_video = {(v["set"], v["videoId"]): [0, 0, v["pairs"]] for v in videos}
    groups = defaultdict(lambda: [0.0, 0])
    for c in candidates:
        group = groups[(c["set"], c["videoId"], c["match"])]
        group[0] = max(group[0], scores[id(c)])
        group[1] = max(group[1], c["label"])
    for (set_, video, _), (score, label) in groups.items():
        if score >= threshold:
            per_video[(set_, video)][0 if label else 1] += 1
            if label:
                per_video[(set_, video)][2] -= 1
    return per_video


def figures(per_video, rounds=2000):
    def pr(rows):
        tp = sum(r[0] for r in rows)
        fp = sum(r[1] for r in rows)
        fn = sum(r[2] for r in rows)
        return (tp / (tp + fp) if tp + fp else float("nan"), tp / (tp + fn) if tp + fn else float("nan"), tp, fp, fn)

    rows = list(per_video.values())
    precision, recall, tp, fp, fn = pr(rows)
    rng = random.Random(2026)
    samples = [pr([rows[rng.randrange(len(rows))] for _ in rows]) for _ in range(rounds)]
    interval = lambda i: tuple(np.nanpercentile([s[i] for s in samples], [2.5, 97.5]).round(3))
    return {
        "videos": len(rows), "pairs": tp + fn, "found": tp + fp, "right": tp,
        "precision": round(precision, 3), "precisionInterval": interval(0),
        "recall": round(recall, 3), "recallInterval": interval(1),
    }


def slim(node):
    """A tree as scorer.ts reads it: splits (feature, threshold, which way a missing value goes) and leaves."""
    if "leaf_value" in node:
        return {"leaf": node["leaf_value"]}
    if node["decision_type"] != "<=":
        sys.exit(f"a split of type {node['decision_type']}: scorer.ts reads only <=")
    return {
        "feature": node["split_feature"],
        "threshold": node["threshold"],
        "missingLeft": node["default_left"],
        "left": slim(node["left_child"]),
        "right": slim(node["right_child"]),
    }


def wrong_kinds(names, candidates, scores, threshold):
    """Of the wrong pairs served at the threshold, those that look like the creator's own things, and those on a
    music-credit or label line: read from the features, so a proxy for the labellers' reasons."""
    at = {n: i for i, n in enumerate(names)}
    own = ["selfOverlap", "lineNamesSelf", "line:own", "rejectedOwn"]
    credit = ["line:music", "line:label", "host:music-stock"]
    groups = {}
    for c in candidates:
        key = (c["set"], c["videoId"], c["match"])
        if scores[id(c)] >= threshold and (key not in groups or scores[id(c)] > scores[id(groups[key])]):
            groups[key] = c
    served = list(groups.values())
    labelled = {(c["set"], c["videoId"], c["match"]) for c in candidates if c["label"]}
    wrong = [c for c in served if (c["set"], c["videoId"], c["match"]) not in labelled]
    has = lambda c, features: any(c["values"][at[f]] for f in features)
    share = lambda n: round(n / len(served), 4) if served else 0.0
    return {
        "served": len(served),
        "wrong": len(wrong),
        "wrongOwn": share(sum(has(c, own) for c in wrong)),
        "wrongCreditOrLabel": share(sum(has(c, credit) and not has(c, own) for c in wrong)),
    }


def export(model, vocab, names, threshold, strict, evaluation, rows, trained_on):
    # LightGBM's own probabilities for a few rows: scorer.ts must reproduce them (test/unit/importer/scorer.test.ts).
    sample = rows[:: max(1, len(rows) // 25)][:25]
    predicted = model.predict(matrix(sample, vocab))
    known = set(vocab)
    checks = [
        {"values": r["values"], "tokens": sorted(t for t in set(r["tokens"]) if t in known), "probability": float(p)}
        for r, p in zip(sample, predicted)
    ]
    bags = [[slim(tree["tree_structure"]) for tree in m.dump_model()["tree_info"]] for m in model.models]
    return {
        "about": f"{BAGS} gradient-boosted tree models (their probabilities averaged) over the features of importer/sponsors/features.ts and the tokens of importer/sponsors/context.ts (0/1 columns after the features, in `tokens` order), trained by importer/sponsors/train.py (npm run import -- train-scorer) on every labelled set but the held-out period's; read by importer/sponsors/scorer.ts.",
        "lightgbm": lgb.__version__,
        "params": PARAMS,
        "rounds": ROUNDS,
        "bags": BAGS,
        "features": names,
        "tokens": vocab,
        "trainedOn": trained_on,
        "threshold": threshold,
        "strictThreshold": strict,
        "evaluation": evaluation,
        "checks": checks,
        "models": bags,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("rows", nargs="+")
    parser.add_argument("--out", required=True)
    parser.add_argument("--precision", type=float, default=0.90, help="the default threshold's precision target")
    args = parser.parse_args()
    names, videos, candidates = read(args.rows)
    scores = out_of_fold(videos, candidates)
    scored_sets = sorted({v["set"] for v in videos})
    # The thresholds are chosen on the sets that may be tuned on: never on the held-out period.
    tuned_videos = [v for v in videos if not held_out(v)]
    tuned_candidates = [c for c in candidates if not held_out(c)]
    curve = []
    for t in [round(x, 2) for x in np.arange(0.05, 1.0, 0.05)]:
        pooled = figures(counts(tuned_videos, tuned_candidates, scores, t), rounds=200)
        curve.append({"threshold": t, "precision": pooled["precision"], "recall": pooled["recall"]})
    # The default threshold: the lowest whose pooled out-of-fold precision reaches the target (the most recall at
    # that precision); the strict one reaches 0.95.
    pick = lambda target: next((p["threshold"] for p in curve if p["precision"] >= target), curve[-1]["threshold"])
    threshold, strict = pick(args.precision), pick(0.95)
    def part(keep):
        kept = {(v["set"], v["videoId"]) for v in videos if keep(v)}
        chosen = [c for c in candidates if (c["set"], c["videoId"]) in kept]
        return figures(counts([v for v in videos if keep(v)], chosen, scores, threshold))

    evaluation = {
        "method": "leave one set out, its channels out of training too; thresholds chosen without the held-out period",
        "pooled": part(lambda v: True),
        "tuned": part(lambda v: not held_out(v)),
        "heldOut": part(held_out),
        "languages": {lang: part(lambda v, lang=lang: v["language"] == lang) for lang in sorted({v["language"] for v in videos})},
        "sets": {s: part(lambda v, s=s: v["set"] == s) for s in scored_sets},
        "curve": curve,
        "wrongKinds": wrong_kinds(names, tuned_candidates, scores, threshold),
    }
    training = [c for c in candidates if not held_out(c)]
    final, vocab = train(training)
    with open(args.out, "w", encoding="utf-8") as handle:
        trained_on = sorted({c["set"] for c in training})
        json.dump(export(final, vocab, names, threshold, strict, evaluation, training, trained_on), handle, indent=1)
        handle.write("\n")
    print(json.dumps({k: v for k, v in evaluation.items() if k != "curve"}, indent=1))
    print("threshold", threshold, "strict", strict)
    for p in curve:
        print(f"  {p['threshold']:.2f}  P {p['precision']:.3f}  R {p['recall']:.3f}")


if __name__ == "__main__":
    main()
