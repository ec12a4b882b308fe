"""The fixed node-type vocabulary shared by the SQL graph, the question graph and the detector.

Every node of a :class:`~sqlintent.graphs.types.Graph` carries an id from this vocabulary in ``node_type``:

* ``UNK`` (0): a non-terminal whose type is not listed here (e.g. a rule added to the grammar after a model
  was trained); the model embeds all of them alike.
* ``LEAF`` (1): every leaf (a SQL token, a question word); leaves are initialised from the encoder, not
  from this vocabulary.
* ``sql:<rule>``: a non-terminal of the SQL parse tree, named by its grammar rule.
* ``q:<label>``: a non-terminal of the question graph: ``q:ROOT`` joins several sentences, and
  ``q:P_<UPOS>`` is the phrase projected by a head word with that universal part-of-speech tag.

The list is written out (not derived from the generated parser) so that ids never move when the grammar
changes: new names are appended to ``ADDED_LATER`` and ``VOCAB_VERSION`` is raised. The detector saves ``to_json()`` with
its model and checks the version and the names when it loads one.
"""
from __future__ import annotations

import json
from typing import Iterable

VOCAB_VERSION = 1

UNK = 0
LEAF = 1

#: SQL grammar rules (sqlintent/grammars/SQLiteParser.g4), in the order they were added.
SQL_RULES: tuple[str, ...] = (
    "parse",
    "select_stmt",
    "with_clause",
    "common_table_expression",
    "compound_operator",
    "select_core",
    "values_clause",
    "row_value",
    "result_clause",
    "result_column",
    "from_clause",
    "join_clause",
    "join_operator",
    "join_constraint",
    "table_or_subquery",
    "qualified_table_name",
    "where_clause",
    "group_by_clause",
    "window_clause",
    "named_window",
    "order_by_clause",
    "ordering_term",
    "limit_clause",
    "expr",
    "column_ref",
    "literal",
    "function_call",
    "function_name",
    "filter_clause",
    "over_clause",
    "window_defn",
    "frame_spec",
    "frame_bound",
    "type_name",
    "signed_number",
    "table_name",
    "alias",
    "identifier",
    "join_keyword",
)

#: Universal POS tags (https://universaldependencies.org/u/pos/); a phrase is typed by its head's tag.
UPOS_TAGS: tuple[str, ...] = (
    "ADJ", "ADP", "ADV", "AUX", "CCONJ", "DET", "INTJ", "NOUN", "NUM", "PART",
    "PRON", "PROPN", "PUNCT", "SCONJ", "SYM", "VERB", "X",
)

QUESTION_LABELS: tuple[str, ...] = ("ROOT",) + tuple(f"P_{tag}" for tag in UPOS_TAGS)

#: Names added after version 1, in the order they were added ("sql:<rule>" or "q:<label>"). Append here
#: (never insert above) so that earlier ids keep their meaning, and raise VOCAB_VERSION.
ADDED_LATER: tuple[str, ...] = ()

NAMES: tuple[str, ...] = (
    ("<unk>", "<leaf>")
    + tuple(f"sql:{rule}" for rule in SQL_RULES)
    + tuple(f"q:{label}" for label in QUESTION_LABELS)
    + ADDED_LATER
)

_IDS: dict[str, int] = {name: i for i, name in enumerate(NAMES)}


def size() -> int:
    """Number of ids (the detector's type-embedding table has this many rows)."""
    return len(NAMES)


def sql_type(rule: str) -> int:
    """Id of the SQL non-terminal ``rule`` (``UNK`` if unknown)."""
    return _IDS.get(f"sql:{rule}", UNK)


def question_type(label: str) -> int:
    """Id of the question non-terminal ``label`` such as ``P_NOUN`` or ``ROOT`` (``UNK`` if unknown)."""
    return _IDS.get(f"q:{label}", UNK)


def phrase_label(upos: str) -> str:
    """The question phrase label for a head word whose universal POS tag is ``upos``."""
    return f"P_{upos}" if upos in UPOS_TAGS else "P_X"


def name(type_id: int) -> str:
    """The name behind an id."""
    return NAMES[type_id]


def to_json() -> str:
    """The vocabulary as saved with a model: version and names in id order."""
    return json.dumps({"version": VOCAB_VERSION, "names": list(NAMES)})


def check_compatible(saved: str | dict) -> None:
    """Raise ValueError if a vocabulary saved with a model does not match this one.

    A saved vocabulary matches when its names are a prefix of (or equal to) ``NAMES``: ids only ever get
    appended, so a model trained on an older version still reads the same ids for the names it knew.
    """
    data = json.loads(saved) if isinstance(saved, str) else saved
    names: Iterable[str] = data.get("names", [])
    names = list(names)
    if list(NAMES[: len(names)]) != names:
        raise ValueError(
            f"node-type vocabulary mismatch: model has version {data.get('version')} with "
            f"{len(names)} names; this sqlintent has version {VOCAB_VERSION} with {len(NAMES)}"
        )
