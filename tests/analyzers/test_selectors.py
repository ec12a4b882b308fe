"""One rule selector, the same forms at every site a user names rules: ``--select``, ``--ignore``, the config's
``select``, ``ignore``, ``severity`` and ``per-file-ignores``, and a ``-- noqa:`` comment.

The file checked holds one syntax error (SIS001 syntax-error, an error); each form either names that rule,
names another, or names nothing (a typo), and every site must agree on which.
"""
from __future__ import annotations

import json

import pytest

from sqlintent.cli import main

SQL = "SELEC 1;\n"
MATCH = ["SIS001", "sis001", "syntax-error", "Syntax-Error", "SIS", "SIS00", "sis", "ALL", "all"]
OTHER = ["SIS002", "unknown-table", "SIJ", "SIL01"]
UNKNOWN = ["syntax-err", "SIZ", "SIS0001", "SIS001x", "bogus-rule"]
TABLE = [(f, "match") for f in MATCH] + [(f, "other") for f in OTHER] + [(f, "unknown") for f in UNKNOWN]


def _check(tmp_path, capsys, monkeypatch, *flags: str, config: str = "", sql: str = SQL):
    (tmp_path / "q.sql").write_text(sql)
    if config:
        (tmp_path / "sqlintent.toml").write_text(config)
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    try:
        code = main(["check", "--no-model", "--no-cache", "--format", "json", *flags, "q.sql"])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    findings = [f for file in json.loads(out)["files"] for f in file["findings"]] if code in (0, 1) else []
    return code, findings, err


def _codes(findings):
    return sorted(f["code"] for f in findings)


def _toml(form: str) -> str:
    return json.dumps(form)  # a TOML basic string


@pytest.mark.parametrize("form,kind", TABLE)
def test_noqa(tmp_path, capsys, monkeypatch, form, kind):
    code, findings, _ = _check(tmp_path, capsys, monkeypatch, sql=f"SELEC 1; -- noqa: {form}\n")
    if kind == "match":
        assert (code, findings) == (0, [])
    elif kind == "other":  # the error stays; the directive suppressed nothing
        assert _codes(findings) == ["SIN001", "SIS001"]
        assert any("unused noqa" in f["message"] for f in findings)
    else:  # never a blanket noqa: the error stays, and the typo is an error of its own
        assert code == 1 and _codes(findings) == ["SIN001", "SIS001"]
        sin = next(f for f in findings if f["code"] == "SIN001")
        assert sin["severity"] == "error" and f"unknown rule code in noqa: {form}" in sin["message"]


@pytest.mark.parametrize("where", ["flag", "config"])
@pytest.mark.parametrize("form,kind", TABLE)
def test_ignore(tmp_path, capsys, monkeypatch, form, kind, where):
    args = ("--ignore", form) if where == "flag" else ()
    config = f"ignore = [{_toml(form)}]\n" if where == "config" else ""
    code, findings, err = _check(tmp_path, capsys, monkeypatch, *args, config=config)
    if kind == "unknown":
        assert code == 2 and f"unknown rule code '{form}'" in err
    else:
        assert _codes(findings) == ([] if kind == "match" else ["SIS001"])


@pytest.mark.parametrize("where", ["flag", "config"])
@pytest.mark.parametrize("form,kind", TABLE)
def test_select(tmp_path, capsys, monkeypatch, form, kind, where):
    args = ("--select", form) if where == "flag" else ()
    config = f"select = [{_toml(form)}]\n" if where == "config" else ""
    code, findings, err = _check(tmp_path, capsys, monkeypatch, *args, config=config)
    if kind == "unknown":
        assert code == 2 and f"unknown rule code '{form}'" in err
    else:
        assert _codes(findings) == (["SIS001"] if kind == "match" else [])


@pytest.mark.parametrize("form,kind", TABLE)
def test_per_file_ignores(tmp_path, capsys, monkeypatch, form, kind):
    code, findings, err = _check(tmp_path, capsys, monkeypatch,
                                 config=f'[per-file-ignores]\n"q.sql" = [{_toml(form)}]\n')
    if kind == "unknown":
        assert code == 2 and f"unknown rule code '{form}'" in err
    else:
        assert _codes(findings) == ([] if kind == "match" else ["SIS001"])


@pytest.mark.parametrize("form,kind", TABLE)
def test_severity(tmp_path, capsys, monkeypatch, form, kind):
    code, findings, err = _check(tmp_path, capsys, monkeypatch, config=f'[severity]\n{_toml(form)} = "info"\n')
    if kind == "unknown":
        assert code == 2 and f"unknown rule code '{form}'" in err
    else:
        assert [(f["code"], f["severity"]) for f in findings] == \
            [("SIS001", "info" if kind == "match" else "error")]


def test_the_most_specific_severity_wins(tmp_path, capsys, monkeypatch):
    config = '[severity]\nALL = "hint"\nSIS = "warning"\nsyntax-error = "info"\n'
    _, findings, _ = _check(tmp_path, capsys, monkeypatch, "--min-severity", "hint", config=config)
    assert [(f["code"], f["severity"]) for f in findings] == [("SIS001", "info")]


@pytest.mark.parametrize("form", ["missing-intent", "SII001", "SII"])
def test_a_rule_selected_by_any_form_shows_below_the_severity_floor(tmp_path, capsys, monkeypatch, form):
    """SII001 (a hint) is hidden by check's default floor unless ``--select`` names it."""
    _, findings, _ = _check(tmp_path, capsys, monkeypatch, "--select", form, config="[intent]\nrequired = true\n",
                            sql="SELECT 1;\n")
    assert _codes(findings) == ["SII001"]


def test_noqa_with_a_colon_and_no_code_suppresses_nothing(tmp_path, capsys, monkeypatch):
    code, findings, _ = _check(tmp_path, capsys, monkeypatch, sql="SELEC 1; -- noqa: (all of it)\n")
    assert code == 1 and _codes(findings) == ["SIN001", "SIS001"]


def test_noqa_alone_is_still_a_blanket(tmp_path, capsys, monkeypatch):
    assert _check(tmp_path, capsys, monkeypatch, sql="SELEC 1; -- noqa\n")[:2] == (0, [])
