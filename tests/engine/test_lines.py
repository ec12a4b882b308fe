"""Lines and columns are the same for every door: the command line counts line ends as the LSP does
(``\\n``, ``\\r\\n`` and a lone ``\\r``), so a file with CR line ends gets the positions an editor shows."""
import json

import pytest

from sqlintent.findings import Span
from sqlintent.server.convert import LineIndex as ServerIndex
from sqlintent.lines import LineIndex, code_units

SQL = {"lf": "select 1;\nselect * frm t;\n", "crlf": "select 1;\r\nselect * frm t;\r\n",
       "cr": "select 1;\rselect * frm t;\r"}


def _locations(cli, path):
    proc = cli("check", str(path), "--no-model", "--no-cache", "--format", "json")
    assert proc.returncode == 1, proc.stderr  # a finding
    (f,) = json.loads(proc.stdout)["files"][0]["findings"]
    return f["code"], f["location"], cli("check", str(path), "--no-model", "--no-cache").stdout.splitlines()[0]


@pytest.mark.slow  # 38 s under load (2026-12-07): .ci/run's slow pass
def test_cli_positions_agree_for_lf_crlf_and_cr_line_ends(cli, tmp_path):
    seen = {}
    for name, text in SQL.items():
        path = tmp_path / f"{name}.sql"
        path.write_bytes(text.encode())
        code, location, line = _locations(cli, path)
        assert code == "SIS001"
        seen[name] = location
        assert line.startswith(f"{path}:2:10: SIS001"), line
    assert seen["lf"] == seen["crlf"] == seen["cr"] == {"start": {"line": 2, "column": 10},
                                                          "end": {"line": 2, "column": 13}}


def test_the_server_and_the_command_line_share_line_starts():
    for text in SQL.values():
        start = text.index("frm")
        line, col = LineIndex(text).line_col(start)
        pos = ServerIndex(text).position(start)
        assert (pos.line + 1, pos.character + 1) == (line, col) == (2, 10)
        assert ServerIndex(text).range(Span(start, start + 3)).end.character == 12


def test_columns_in_characters_or_utf16_units():
    text = "select '\U0001F600' frm t"
    at = text.index("frm")
    assert LineIndex(text).line_col(at) == (1, 12)  # characters
    assert LineIndex(text).position(at) == (0, 12)  # the emoji is two UTF-16 units
    assert LineIndex(text).position(at, "utf-8") == (0, 14)  # and four UTF-8 bytes
    assert code_units("\U0001F600") == 2 and code_units("é", "utf-8") == 2
    assert ServerIndex(text).position(at).character == 12
    assert LineIndex("a\r\rb").lines == ["a", "", "b"]
