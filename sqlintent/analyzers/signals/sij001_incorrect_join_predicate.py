"""A join condition that the schema's keys do not support.

What it does:
    Checks every equality between columns of two different tables (in ON, or in WHERE for comma joins)
    against the declared primary/foreign keys. A pair is valid when it is a declared key pair, or derivable
    from declared pairs: both columns reference the same key, or are linked by a chain of references.
    When exactly one declared key pair links the two tables, it is offered as the replacement.
    Not judged, because the keys cannot speak for them: databases that declare no foreign key at all and
    tables that take part in no declared key (their relationships are undocumented); equalities of two
    same-named columns that are no key at all (``a.state = b.state``: a join on an attribute's value, not
    a relationship); and a column named after the other table and its column (``orders.customer_id =
    customers.id``, ``cards.setCode = sets.code``) or after the other table's own primary key
    (``shipments.supplier_id = suppliers.supplier_id``): foreign keys by naming convention that the
    schema does not declare. It reads the intent: an equality of two attributes that the intent asks for,
    naming both columns and saying they are the same ("a title track has a song that is the same as its
    album's title": ``tracks.song = albums.title``), is not judged either.

Why is this bad?
    A hallucinated join such as ``customers.customer_id = orders.order_id`` still runs and returns rows,
    but pairs each customer with an unrelated order: the answer is silently wrong.

Example:
    SELECT c.name, o.order_date FROM customers AS c JOIN orders AS o ON c.customer_id = o.order_id

Use instead:
    SELECT c.name, o.order_date FROM customers AS c JOIN orders AS o ON c.customer_id = o.customer_id

Fix safety:
    Safe when the evidence is exact: the schema declares exactly one primary/foreign key pair between the
    two tables, and the fix joins on it (``check --fix`` applies it). With several declared pairs, or none,
    they are named and no fix is offered.
"""
from __future__ import annotations

import re

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.joingraph import join_graph
from sqlintent.analyzers.signals_util.report import confidence, error_report, span_of
from sqlintent.findings import Edit, Fix, FixSafety, Severity

DESCRIPTION = ("Incorrect join predicate: the join condition pairs two columns that are neither a declared "
               "primary/foreign key pair nor derivable from one, so rows of unrelated entities are matched.")


def check(ctx: StatementContext):
    model = ctx.query_model
    if model is None:
        return
    jg = join_graph(ctx)
    if not jg.has_keys:
        return
    for block in model.blocks:
        for jp in block.join_predicates:
            a, b = jp.left.ref, jp.right.ref
            if jg.valid_pair(a, b):
                continue
            if a[0] not in jg.linked_tables or b[0] not in jg.linked_tables:
                continue  # a table without any declared key: its relationships are undocumented
            if _attribute_join(jp, jg) or _named_reference(jp.left, jp.right) or _named_reference(jp.right, jp.left):
                continue
            if _asked_by_intent(ctx, jp):
                continue
            span = span_of(ctx.sql, jp.node, ctx.whole_span())
            pairs = jg.key_pairs(a[0], b[0])
            fix, hint = None, ""
            if len(pairs) == 1:
                (t1, c1), (t2, c2) = pairs[0]
                lsrc, rsrc = jp.left.source, jp.right.source
                lcol, rcol = (c1, c2) if a[0] == t1 else (c2, c1)
                lname = lsrc.table.column(lcol).name if lsrc.table.column(lcol) else lcol
                rname = rsrc.table.column(rcol).name if rsrc.table.column(rcol) else rcol
                replacement = f"{lsrc.alias}.{lname} = {rsrc.alias}.{rname}"
                fix = Fix(f"Join on the declared key: {replacement}", (Edit(span, replacement),), FixSafety.SAFE)
                hint = f"; the declared key pair is {replacement}"
            elif pairs:
                hint = "; declared key pairs between these tables: " + ", ".join(
                    f"{x[0]}.{x[1]} = {y[0]}.{y[1]}" for x, y in pairs)
            else:
                hint = f"; no declared key links {jp.left.source.name} and {jp.right.source.name} directly"
            left = f"{jp.left.source.name}.{jp.left.column}"
            right = f"{jp.right.source.name}.{jp.right.column}"
            msg = f"join predicate {left} = {right} is not a primary/foreign key pair{hint}"
            correction = (f"Join {jp.left.source.name} and {jp.right.source.name} on the key pair that relates "
                          "them" + (f": {fix.edits[0].replacement}" if fix else
                                    ", or through the table that links them"))
            report = error_report(RULE, DESCRIPTION, [(f"{jp.where} join predicate", span)], correction)
            yield ctx.finding(RULE, span, msg, confidence=confidence(0.8 if jp.where == "ON" else 0.7),
                              fix=fix, report=report,
                              data={"left": left, "right": right,
                                    "key_pairs": [f"{x[0]}.{x[1]} = {y[0]}.{y[1]}" for x, y in pairs]})


_SAME = re.compile(r"\b(?:same|equal|equals|matches|match|identical)\b", re.I)


def _asked_by_intent(ctx, jp) -> bool:
    """The intent asks for this equality of two attributes: it names both columns and says they are the same
    ("a 'title track' has a `song` that is the same as its album's `title`")."""
    if not ctx.intent or not _SAME.search(ctx.intent):
        return False
    from sqlintent.intent.words import words

    said = set(words(ctx.intent))
    return all(set(words(cu.column)) and set(words(cu.column)) <= said for cu in (jp.left, jp.right))


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _table_forms(name: str) -> set[str]:
    n = _norm(name)
    forms = {n}
    if n.endswith("ies"):
        forms.add(n[:-3] + "y")
    if n.endswith("es"):
        forms.add(n[:-2])
    if n.endswith("s"):
        forms.add(n[:-1])
    return forms


def _named_reference(a, b) -> bool:
    """True when column ``a`` is named after ``b``'s table and column (``match.league_id`` for
    ``league.id``, ``cards.setCode`` for ``sets.code``), or has the name of ``b``'s own primary key
    (``shipments.supplier_id`` for ``suppliers.supplier_id``): an undeclared foreign key by convention."""
    target = _norm(a.column)
    col = _norm(b.column)
    if target == col:  # same name: conventional when it is the other table's own key (not a bare "id")
        return col not in ("id", "key", "code") and _is_primary(b)
    return any(target == t + col for t in _table_forms(b.source.name))


def _is_primary(cu) -> bool:
    col = cu.source.table.column(cu.column)
    return bool(col is not None and col.primary_key) or \
        cu.column.lower() in (c.lower() for c in cu.source.table.primary_key)


def _is_key(cu, jg) -> bool:
    col = cu.source.table.column(cu.column)
    return bool(col is not None and (col.primary_key or cu.column.lower() in
                                     (c.lower() for c in cu.source.table.primary_key))) or cu.ref in jg.component


def _attribute_join(jp, jg) -> bool:
    """Two same-named columns that are no key at all (``a.state = b.state``): a join on an attribute's
    value, not a claimed relationship between entities, which the keys cannot judge."""
    return (jp.left.column.lower() == jp.right.column.lower()
            and not _is_key(jp.left, jg) and not _is_key(jp.right, jg))


RULE = Rule("SIJ001", "incorrect-join-predicate", check, __doc__, Severity.INFO,
            needs=frozenset({"schema"}))
