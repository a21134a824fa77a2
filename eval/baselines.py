"""scikit-learn NMF and LDA baselines on the same texts as eval/run.ts (Debian: python3-sklearn).

Reads {"datasets": {name: {"texts": [...], "labels": [...]}}} on stdin, prints JSON
{name: {"nmf": {"nmi", "ari"}, "lda": {...}}} with k = the number of gold labels.
"""
import json
import sys

from sklearn.decomposition import NMF, LatentDirichletAllocation
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer
from sklearn.metrics import adjusted_rand_score, normalized_mutual_info_score

data = json.load(sys.stdin)["datasets"]
out = {}
for name, d in data.items():
    k = len(set(d["labels"]))
    tfidf = TfidfVectorizer(stop_words="english", min_df=2, max_df=0.5).fit_transform(d["texts"])
    nmf = NMF(n_components=k, random_state=42, init="nndsvda", max_iter=500).fit_transform(tfidf).argmax(axis=1)
    counts = CountVectorizer(stop_words="english", min_df=2, max_df=0.5).fit_transform(d["texts"])
    lda = LatentDirichletAllocation(n_components=k, random_state=42).fit_transform(counts).argmax(axis=1)
    out[name] = {
        "nmf": {"nmi": normalized_mutual_info_score(d["labels"], nmf), "ari": adjusted_rand_score(d["labels"], nmf)},
        "lda": {"nmi": normalized_mutual_info_score(d["labels"], lda), "ari": adjusted_rand_score(d["labels"], lda)},
    }
print(json.dumps(out))
