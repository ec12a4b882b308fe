"""What `sqlintent check` does with the paths and size it is given: each file once, stdin under its
--stdin-filename, bad sizes refused as usage errors, SARIF URIs that are URIs, and a note about missing
databases that counts only the files it checked."""
import json
from urllib.parse import unquote, urlsplit

QUERY = "-- intent: how many customers?\nSELECT count(*) FROM customers;\n"
BROKEN = "-- intent: names\nSELECT name, FROM customers;\n"


def test_a_file_named_twice_or_also_inside_a_named_folder_is_checked_once(cli, tmp_path):
    d = tmp_path / "d"
    d.mkdir()
    (d / "q.sql").write_text(BROKEN)
    proc = cli("check", "d/q.sql", "d/q.sql", "d", "--no-model", "--format", "json", cwd=tmp_path)
    doc = json.loads(proc.stdout)
    files = [f["path"] for f in doc["files"]]
    assert files == ["d/q.sql"]
    diff = cli("check", "d/q.sql", "./d/q.sql", "--no-model", "--diff", cwd=tmp_path)
    assert diff.stdout.count("+++ ") <= 1


def test_stdin_filename_alone_reads_stdin_and_with_other_paths_needs_a_dash(cli, tmp_path):
    (tmp_path / "other.sql").write_text(BROKEN)
    proc = cli("check", "--stdin-filename", "foo.sql", "--no-model", cwd=tmp_path, input=BROKEN.encode())
    assert proc.returncode == 1 and "foo.sql:2:14: SIS001" in proc.stdout
    assert "other.sql" not in proc.stdout + proc.stderr  # the folder was not walked
    proc = cli("check", "other.sql", "--stdin-filename", "foo.sql", "--no-model", cwd=tmp_path, input=QUERY.encode())
    assert proc.returncode == 2 and "give '-' among the paths" in proc.stderr


def test_bad_max_file_sizes_are_usage_errors_that_say_why(cli, tmp_path):
    (tmp_path / "q.sql").write_text(QUERY)
    for value, why in (("0", "must be positive"), ("abc", "not a size like '2MB'"),
                       ("900GB", "must be between")):
        proc = cli("check", "q.sql", "--no-model", "--max-file-size", value, cwd=tmp_path)
        assert proc.returncode == 2 and f"--max-file-size '{value}': {why}" in proc.stderr, proc.stderr
    assert cli("check", "q.sql", "--no-model", "--max-file-size", "1MB", cwd=tmp_path).returncode == 0


def test_sarif_uris_are_percent_encoded(cli, tmp_path):
    name = "my q,1:x%#.sql"
    (tmp_path / name).write_text(BROKEN)
    doc = json.loads(cli("check", name, "--no-model", "--format", "sarif", cwd=tmp_path).stdout)
    uri = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    parts = urlsplit(uri)
    assert not parts.scheme and not parts.fragment and " " not in uri
    assert unquote(parts.path) == name


def test_the_no_database_note_counts_only_files_that_were_checked(cli, tmp_path):
    (tmp_path / "a_bin.sql").write_bytes(b"SELECT\x00\x01")
    (tmp_path / "b.sql").write_text(QUERY)
    proc = cli("check", "a_bin.sql", "b.sql", "--no-model", cwd=tmp_path)
    note = next(line for line in proc.stderr.splitlines() if "checked with no database" in line)
    assert note.startswith("sqlintent: note: 1 file checked") and "e.g. b.sql" in note


def test_a_utf16_file_is_named_as_such_not_as_binary(cli, tmp_path):
    (tmp_path / "w.sql").write_bytes(QUERY.encode("utf-16"))  # with its byte-order mark, as Windows tools save
    proc = cli("check", "w.sql", "--no-model", cwd=tmp_path)
    assert proc.returncode == 2 and "UTF-16 text (byte-order mark): skipped; save it as UTF-8" in proc.stdout + proc.stderr


def test_an_unknown_rule_names_the_nearest(cli):
    proc = cli("rule", "SIS03")
    assert proc.returncode == 2 and "did you mean SIS003" in proc.stderr


def test_fix_leaves_statements_without_an_intent_as_they_are(cli, tmp_path):
    (tmp_path / "q.sql").write_text("SELECT 1;\n")
    (tmp_path / "sqlintent.toml").write_text("[intent]\nrequired = true\n")
    assert "SII001" in cli("check", "q.sql", "--no-model", "--select", "SII001", cwd=tmp_path).stdout
    for _ in range(2):
        cli("check", "q.sql", "--no-model", "--fix", "--unsafe-fixes", "--select", "SII001", cwd=tmp_path)
    assert (tmp_path / "q.sql").read_text() == "SELECT 1;\n"
