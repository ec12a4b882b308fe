"""Exact set match of two SQL queries, ignoring values (Spider's structural comparison, rebuilt on sqlglot).

Both queries are parsed (SQLite dialect) and reduced to a canonical string in which

- table aliases are resolved to table names and columns are qualified with their table (using the schema
  when one is given; a column of a single-table scope needs none);
- literal values are masked (``?``), including double-quoted strings that name no column (SQLite reads
  those as strings);
- the select list, FROM tables, join conditions, WHERE/HAVING conjuncts and disjuncts, GROUP BY keys and
  the operands of UNION/INTERSECT are compared as (multi)sets; ORDER BY keeps its order and directions;
  LIMIT and OFFSET count by presence only; nested subqueries are compared recursively;
- output aliases (``count(*) AS n ... ORDER BY n``) are replaced by the expression they name.

Two queries match when their canonical strings are equal. A query sqlglot cannot parse matches nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

_COMMUTATIVE = {"eq", "neq", "and", "or", "add", "mul", "nullsafeeq", "nullsafeneq"}
_FLIP = {"gt": "lt", "gte": "lte"}


@dataclass
class _Scope:
    aliases: dict[str, str]  # alias or table name (lower) -> table name (lower) or "(subquery canon)"
    tables: list[str]  # table names in FROM/JOIN order (lower)
    outputs: dict[str, object] = field(default_factory=dict)  # select output alias -> sqlglot expression
    parent: "_Scope | None" = None


class _Canon:
    def __init__(self, schema: Mapping[str, list[str]] | None):
        # table (lower) -> set of columns (lower)
        self.schema = ({t.lower(): {c.lower() for c in cols} for t, cols in schema.items()}
                       if schema else None)

    # ---- queries -------------------------------------------------------------------------------------
    def query(self, node, parent: _Scope | None) -> str:
        from sqlglot import exp

        if isinstance(node, exp.Subquery):
            inner = self.query(node.this, parent)
            return self._modifiers(node, inner, None)
        if isinstance(node, (exp.Union, exp.Intersect, exp.Except)):
            kind = node.key
            distinct = node.args.get("distinct")
            parts = self._set_operands(node, kind, distinct, parent)
            if kind == "except":
                body = f"except[{int(bool(distinct))}](" + " | ".join(parts) + ")"
            else:
                body = f"{kind}[{int(bool(distinct))}](" + " | ".join(sorted(parts)) + ")"
            return self._modifiers(node, body, None)
        if isinstance(node, exp.Select):
            return self._select(node, parent)
        if isinstance(node, exp.Paren):
            return self.query(node.this, parent)
        return self.expr(node, parent or _Scope({}, []))

    def _set_operands(self, node, kind: str, distinct, parent) -> list[str]:
        from sqlglot import exp

        out: list[str] = []
        for side in (node.this, node.expression):
            if (kind != "except" and type(side) is type(node) and side.args.get("distinct") == distinct
                    and not side.args.get("order") and not side.args.get("limit")):
                out.extend(self._set_operands(side, kind, distinct, parent))
            elif isinstance(side, exp.Subquery) and not side.args.get("order") and not side.args.get("limit"):
                out.append(self.query(side.this, parent))
            else:
                out.append(self.query(side, parent))
        return out

    def _select(self, node, parent: _Scope | None) -> str:
        from sqlglot import exp

        scope = _Scope({}, [], parent=parent)
        sources = []
        frm = node.args.get("from_") or node.args.get("from")
        if frm is not None:
            sources.append(frm.this)
        joins = node.args.get("joins") or []
        sources.extend(j.this for j in joins)
        from_items: list[str] = []
        for src in sources:
            if isinstance(src, exp.Table):
                name = src.name.lower()
                scope.tables.append(name)
                scope.aliases[name] = name
                if src.alias:
                    scope.aliases[src.alias.lower()] = name
                from_items.append(name)
            else:  # derived table
                inner = src.this if isinstance(src, exp.Subquery) else src
                canon = "(" + self.query(inner, parent) + ")"
                if src.alias:
                    scope.aliases[src.alias.lower()] = canon
                from_items.append(canon)
        for item in node.expressions:
            if isinstance(item, exp.Alias) and item.alias:
                scope.outputs[item.alias.lower()] = item.this
        parts = []
        distinct = node.args.get("distinct")
        parts.append("select" + ("[distinct]" if distinct else "") + "{" +
                     ",".join(sorted(self.expr(e, scope) for e in node.expressions)) + "}")
        parts.append("from{" + ",".join(sorted(from_items)) + "}")
        ons = []
        for j in joins:
            on = j.args.get("on")
            if on is not None and not (isinstance(on, exp.Boolean) and on.this is True):
                ons.extend(self._conjuncts(on, scope))
            using = j.args.get("using")
            if using:
                ons.extend(f"using({u.name.lower()})" for u in using)
        if ons:
            parts.append("on{" + ",".join(sorted(ons)) + "}")
        where = node.args.get("where")
        if where is not None:
            parts.append("where{" + ",".join(sorted(self._conjuncts(where.this, scope))) + "}")
        group = node.args.get("group")
        if group is not None:
            parts.append("group{" + ",".join(sorted({self.expr(g, scope) for g in group.expressions})) + "}")
        having = node.args.get("having")
        if having is not None:
            parts.append("having{" + ",".join(sorted(self._conjuncts(having.this, scope))) + "}")
        return self._modifiers(node, "; ".join(parts), scope)

    def _modifiers(self, node, body: str, scope: _Scope | None) -> str:
        scope = scope or _Scope({}, [])
        order = node.args.get("order")
        if order is not None:
            keys = []
            for o in order.expressions:
                inner = o.this if o.key == "ordered" else o
                keys.append(self.expr(inner, scope, order_key=True) +
                            (" desc" if o.args.get("desc") else " asc"))
            body += "; order[" + ",".join(keys) + "]"
        if node.args.get("limit") is not None:
            body += "; limit"
        if node.args.get("offset") is not None:
            body += "; offset"
        return body

    def _conjuncts(self, cond, scope: _Scope) -> list[str]:
        from sqlglot import exp

        while isinstance(cond, exp.Paren):
            cond = cond.this
        if isinstance(cond, exp.And):
            return self._conjuncts(cond.this, scope) + self._conjuncts(cond.expression, scope)
        return [self.expr(cond, scope)]

    # ---- expressions ---------------------------------------------------------------------------------
    def _resolve_table(self, qualifier: str, scope: _Scope | None) -> str:
        s = scope
        while s is not None:
            if qualifier in s.aliases:
                return s.aliases[qualifier]
            s = s.parent
        return qualifier

    def _column(self, col, scope: _Scope, order_key: bool) -> str:
        name = col.name.lower()
        qualifier = (col.table or "").lower()
        if qualifier:
            return f"{self._resolve_table(qualifier, scope)}.{name}"
        if order_key and name in scope.outputs:
            return self.expr(scope.outputs[name], scope)
        # unqualified: find the scope (innermost first) whose tables hold the column
        s = scope
        while s is not None:
            owners = self._owners(name, s)
            if len(owners) == 1:
                return f"{owners[0]}.{name}"
            if len(owners) > 1:
                return name
            s = s.parent
        if col.this is not None and getattr(col.this, "quoted", False):
            return "?"  # a double-quoted string: SQLite reads it as a value when no column has the name
        if name in scope.outputs:
            return self.expr(scope.outputs[name], scope)
        if len(scope.tables) == 1:
            return f"{scope.tables[0]}.{name}"
        return name

    def _owners(self, name: str, scope: _Scope) -> list[str]:
        tables = list(dict.fromkeys(scope.tables))
        if self.schema is None:
            return tables if len(tables) == 1 else []
        return [t for t in tables if name in self.schema.get(t, ())]

    def expr(self, node, scope: _Scope, order_key: bool = False) -> str:
        from sqlglot import exp

        if node is None:
            return ""
        if isinstance(node, (exp.Subquery, exp.Select, exp.Union, exp.Intersect, exp.Except)):
            return "(" + self.query(node, scope) + ")"
        if isinstance(node, exp.Paren):
            return self.expr(node.this, scope, order_key)
        if isinstance(node, exp.Alias):
            return self.expr(node.this, scope)
        if isinstance(node, exp.Column):
            if isinstance(node.this, exp.Star):
                q = (node.table or "").lower()
                return f"{self._resolve_table(q, scope)}.*" if q else "*"
            return self._column(node, scope, order_key)
        if isinstance(node, exp.Star):
            return "*"
        if isinstance(node, exp.Literal):
            return "?"
        if isinstance(node, exp.Neg) and isinstance(node.this, exp.Literal):
            return "?"
        if isinstance(node, exp.Null):
            return "null"
        if isinstance(node, exp.Boolean):
            return "true" if node.this else "false"
        if isinstance(node, exp.Identifier):
            return node.name.lower()
        if isinstance(node, exp.Tuple):
            return "tuple(" + ",".join(sorted({self.expr(e, scope) for e in node.expressions})) + ")"
        if isinstance(node, exp.In):
            left = self.expr(node.this, scope)
            if node.args.get("query") is not None:
                return f"in({left},{self.expr(node.args['query'], scope)})"
            vals = sorted({self.expr(e, scope) for e in node.expressions})
            return f"in({left},[{','.join(vals)}])"
        if isinstance(node, (exp.And, exp.Or)):
            items = self._flatten(node, type(node), scope)
            return f"{node.key}(" + ",".join(sorted(items)) + ")"
        key = node.key
        if key in _FLIP and isinstance(node, exp.Binary):
            return f"{_FLIP[key]}({self.expr(node.expression, scope)},{self.expr(node.this, scope)})"
        if isinstance(node, exp.Binary):
            a, b = self.expr(node.this, scope), self.expr(node.expression, scope)
            if key in _COMMUTATIVE:
                a, b = sorted((a, b))
            return f"{key}({a},{b})"
        if isinstance(node, exp.Anonymous):
            name = str(node.this).lower()
            return f"{name}(" + ",".join(self.expr(e, scope) for e in node.expressions) + ")"
        return self._generic(node, scope)

    def _flatten(self, node, kind, scope) -> list[str]:
        from sqlglot import exp

        out: list[str] = []
        for side in (node.this, node.expression):
            while isinstance(side, exp.Paren):
                side = side.this
            if isinstance(side, kind):
                out.extend(self._flatten(side, kind, scope))
            else:
                out.append(self.expr(side, scope))
        return out

    def _generic(self, node, scope) -> str:
        from sqlglot import exp

        args = []
        for k in sorted(node.args):
            v = node.args[k]
            if v is None or v is False or (isinstance(v, list) and not v):
                continue
            if isinstance(v, exp.Expression):
                args.append(f"{k}={self.expr(v, scope)}")
            elif isinstance(v, list):
                args.append(f"{k}=[" + ",".join(self.expr(x, scope) if isinstance(x, exp.Expression)
                                                 else str(x) for x in v) + "]")
            elif k in ("big_int",):
                continue
            else:
                args.append(f"{k}={str(v).lower()}")
        return f"{node.key}(" + ",".join(args) + ")"


def canonical_form(sql: str, schema: Mapping[str, list[str]] | None = None) -> str | None:
    """The canonical, value-free string of ``sql`` (None when sqlglot cannot parse it as one query)."""
    import sqlglot
    from sqlglot.errors import SqlglotError

    text = sql.strip().rstrip(";").strip()
    if not text:
        return None
    try:
        trees = sqlglot.parse(text, read="sqlite")
    except (SqlglotError, ValueError, RecursionError):
        return None
    trees = [t for t in trees if t is not None]
    if len(trees) != 1:
        return None
    try:
        return _Canon(schema).query(trees[0], None)
    except (AttributeError, TypeError, ValueError, RecursionError):
        return None


def exact_set_match(gold: str, pred: str, schema: Mapping[str, list[str]] | None = None) -> bool:
    """True when ``pred`` has the same structure as ``gold``, values ignored (see the module doc).

    ``schema`` maps table names to column names; it lets unqualified columns in multi-table queries be
    resolved and tells double-quoted strings from quoted column names.
    """
    g = canonical_form(gold, schema)
    if g is None:
        return False
    return g == canonical_form(pred, schema)
