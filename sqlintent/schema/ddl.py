"""A Schema from CREATE TABLE files, for users with no database at hand (parsed with sqlglot)."""
from __future__ import annotations

from pathlib import Path

from sqlintent.schema.model import Column, ForeignKey, Schema, Table


class SchemaFileError(ValueError):
    """A schema file could not be read or parsed."""


def load_ddl_files(paths: list[str | Path], dialect: str = "sqlite") -> Schema:
    tables: list[Table] = []
    for p in paths:
        p = Path(p)
        try:
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SchemaFileError(f"cannot read schema file {p}: {exc}") from None
        tables.extend(parse_ddl(text, dialect=dialect, source=str(p)))
    return Schema.from_tables(tables, source=", ".join(str(p) for p in paths), dialect=dialect)


def parse_ddl(text: str, dialect: str = "sqlite", source: str = "<ddl>") -> list[Table]:
    """CREATE TABLE / CREATE VIEW statements to tables; other statements are ignored.

    >>> [t.name for t in parse_ddl("CREATE TABLE a (id INT PRIMARY KEY); CREATE TABLE b (a_id INT REFERENCES a(id))")]
    ['a', 'b']
    """
    import sqlglot
    from sqlglot import exp

    try:
        from sqlintent.limits.joins import parse_all

        statements = parse_all(text, dialect)
    except sqlglot.errors.SqlglotError as exc:
        raise SchemaFileError(f"cannot parse schema file {source}: {str(exc).splitlines()[0]}") from None
    except RecursionError:
        raise SchemaFileError(f"cannot parse schema file {source}: nested too deeply") from None
    tables = []
    for st in statements:
        if not isinstance(st, exp.Create):
            continue
        kind = (st.args.get("kind") or "").upper()
        target = st.this
        if kind == "VIEW":
            name = target.name if isinstance(target, exp.Table) else target.this.name
            cols = [Column(s.alias_or_name) for s in st.expression.selects] if st.expression else []
            tables.append(Table(name, cols, kind="view"))
            continue
        if kind != "TABLE" or not isinstance(target, exp.Schema):
            continue
        table = Table(target.this.name)
        pk: list[str] = []
        for item in target.expressions:
            if isinstance(item, exp.ColumnDef):
                col = Column(item.name, item.args["kind"].sql(dialect=dialect) if item.args.get("kind") else "")
                for cons in item.constraints:
                    k = cons.kind
                    if isinstance(k, exp.PrimaryKeyColumnConstraint):
                        col.primary_key = True
                        pk.append(col.name)
                    elif isinstance(k, exp.NotNullColumnConstraint):
                        col.nullable = False
                    elif isinstance(k, exp.Reference):
                        ref = k.this
                        ref_table = ref.this.name if isinstance(ref, exp.Schema) else ref.name
                        ref_cols = tuple(e.name for e in ref.expressions) if isinstance(ref, exp.Schema) else ()
                        table.foreign_keys.append(ForeignKey((col.name,), ref_table, ref_cols))
                table.columns.append(col)
            elif isinstance(item, exp.PrimaryKey):
                pk.extend(e.name for e in item.expressions)
            elif isinstance(item, exp.ForeignKey):
                ref = item.args.get("reference")
                if ref is None:
                    continue
                ref_schema = ref.this
                ref_table = ref_schema.this.name if isinstance(ref_schema, exp.Schema) else ref_schema.name
                ref_cols = tuple(e.name for e in ref_schema.expressions) if isinstance(ref_schema, exp.Schema) else ()
                table.foreign_keys.append(ForeignKey(tuple(e.name for e in item.expressions), ref_table, ref_cols))
        table.primary_key = tuple(pk)
        for c in table.columns:
            c.primary_key = c.name in pk
        tables.append(table)
    by_name = {t.name.lower(): t for t in tables}
    fixed = []
    for t in tables:  # REFERENCES t without columns: the referenced table's primary key
        for fk in t.foreign_keys:
            if not fk.ref_columns and fk.ref_table.lower() in by_name:
                fk = ForeignKey(fk.columns, fk.ref_table, by_name[fk.ref_table.lower()].primary_key)
            fixed.append(fk)
        t.foreign_keys, fixed = fixed, []
    return tables
