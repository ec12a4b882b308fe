"""A schema file (a dump's DDL) is read as schema: CREATE TABLE/VIEW/INDEX, ALTER TABLE ADD CONSTRAINT,
COMMENT ON and the session settings pg_dump writes give no finding, whatever tables they name."""
from __future__ import annotations

from conftest import run_cli

DUMP = """SET statement_timeout = 0;
SELECT pg_catalog.set_config('search_path', '', false);
-- the shop's new tables
CREATE TABLE public.suppliers (supplier_id integer NOT NULL, name text NOT NULL, country text);
CREATE TABLE invoices (invoice_id integer PRIMARY KEY, supplier_id integer, total numeric(10, 2));
CREATE INDEX invoices_supplier_ix ON invoices (supplier_id);
CREATE UNIQUE INDEX suppliers_name_ux ON public.suppliers USING btree (name);
CREATE VIEW big_invoices AS SELECT invoice_id, total FROM invoices WHERE total > 1000;
ALTER TABLE ONLY public.suppliers ADD CONSTRAINT suppliers_pkey PRIMARY KEY (supplier_id);
ALTER TABLE invoices ADD CONSTRAINT invoices_supplier_fk FOREIGN KEY (supplier_id) REFERENCES public.suppliers (supplier_id);
COMMENT ON TABLE public.suppliers IS 'who we buy from';
COMMENT ON COLUMN invoices.total IS 'in euros';
GRANT SELECT ON invoices TO reporting;
"""


def test_a_postgres_dump_gives_no_finding(tmp_path, shop_db):
    (tmp_path / "schema.sql").write_text(DUMP)
    r = run_cli("check", "--no-model", "--no-cache", str(tmp_path / "schema.sql"), "--db", str(shop_db),
                "--dialect", "postgres", env={"SQLINTENT_DAEMON": "0"})
    assert r.returncode == 0, r.stdout + r.stderr
    assert "All checks passed (1 file)." in r.stdout, r.stdout


def test_sqlite_ddl_of_new_tables_is_not_an_unknown_table(tmp_path, shop_db):
    (tmp_path / "schema.sql").write_text(
        "CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"
        "CREATE INDEX suppliers_name ON suppliers (name);\n"
        "CREATE VIEW supplier_names AS SELECT name FROM suppliers;\n")
    r = run_cli("check", "--no-model", "--no-cache", str(tmp_path / "schema.sql"), "--db", str(shop_db),
                env={"SQLINTENT_DAEMON": "0"})
    assert r.returncode == 0, r.stdout + r.stderr
    assert "SIS002" not in r.stdout and "SIX002" not in r.stdout and "allowlist" not in r.stdout, r.stdout


def test_a_syntax_error_in_ddl_is_still_reported(tmp_path, shop_db):
    (tmp_path / "schema.sql").write_text("CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY,, name TEXT);\n")
    r = run_cli("check", "--no-model", "--no-cache", str(tmp_path / "schema.sql"), "--db", str(shop_db),
                "--dialect", "postgres", env={"SQLINTENT_DAEMON": "0"})
    assert r.returncode == 1 and "SIS001" in r.stdout, r.stdout


def test_the_tables_a_file_creates_feed_the_schema_of_its_statements(tmp_path, shop_db):
    (tmp_path / "migration.sql").write_text(
        "CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"
        "CREATE VIEW supplier_names AS SELECT name FROM suppliers;\n"
        "SELECT name FROM suppliers WHERE supplier_id = 1;\n"
        "SELECT name FROM supplier_names;\n"
        "SELECT nme FROM suppliers;\n"
        "SELECT name FROM no_such_table;\n")
    r = run_cli("check", "--no-model", "--no-cache", str(tmp_path / "migration.sql"), "--db", str(shop_db),
                env={"SQLINTENT_DAEMON": "0"})
    lines = [ln for ln in r.stdout.splitlines() if " [" in ln]
    assert [ln.split(" [")[0].split(":", 1)[1] for ln in lines] == ["5:8: SIS003", "6:18: SIS002"], r.stdout
    assert "SIU001" not in r.stdout and "SIX001" not in r.stdout  # its new tables are not probed: no rows yet
