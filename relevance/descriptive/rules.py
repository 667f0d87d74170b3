"""The grading rules of README.md, as code: ratings for a query from its niche and (optional) narrower topic."""
from common import load_creators, shown_id, terms_in, vocabulary_terms

VOCAB = vocabulary_terms()
ALL_TERMS = {t for terms in VOCAB.values() for t in terms}
CREATORS = load_creators()
MENTIONS = {c['id']: terms_in(f"{c['name']} . {c['description'] or ''}", ALL_TERMS) for c in CREATORS}
BY_ID = {shown_id(c): c for c in CREATORS}


def ratings(niche, topic=()):
    """niche: the niche the query describes. topic: vocabulary terms of the narrower topic (empty: the whole niche).

    Whole niche: primary niche 3, secondary niche 1.
    Topic: a creator that mentions a topic term (name or description) gets 3 if the term is one of its own primary
    niche's terms, else 2 (a side topic: "Sometimes dog training too"); other creators with the primary niche get 2;
    other creators with it as a secondary niche get 1.
    """
    assert niche in VOCAB, niche
    for t in topic:
        assert t in ALL_TERMS, t
    out = {}
    for c in CREATORS:
        primary, secondary = c['primaryNiche'], c['secondaryNiches']
        grade = 0
        if not topic:
            grade = 3 if primary == niche else 1 if niche in secondary else 0
        else:
            hit = MENTIONS[c['id']] & set(topic)
            if hit:
                grade = 3 if hit & set(VOCAB[primary]) else 2
            elif primary == niche:
                grade = 2
            elif niche in secondary:
                grade = 1
        if grade:
            out[shown_id(c)] = grade
    return out
