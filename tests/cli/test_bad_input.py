"""Bad input never gives a traceback, gets a clear message, and never stops the other files."""
import socket
import sqlite3
import threading

import pytest

GOOD = "SELECT nme FROM customers;\n"


@pytest.fixture
def good_file(tmp_path):
    p = tmp_path / "good.sql"
    p.write_text(GOOD)
    return p


def _assert_no_traceback(proc):
    assert "Traceback" not in proc.stdout + proc.stderr


def _good_still_checked(proc):
    assert "good.sql:1:8: SIS003" in proc.stdout, proc.stdout


def test_binary_file(cli, shop_db, tmp_path, good_file):
    bad = tmp_path / "blob.sql"
    bad.write_bytes(b"\x00\x01\x02SQLite format 3\x00")
    proc = cli("check", str(bad), str(good_file), "--db", str(shop_db))
    _assert_no_traceback(proc)
    assert "blob.sql: error: binary file (contains NUL bytes): skipped" in proc.stdout
    _good_still_checked(proc)
    assert proc.returncode == 2


def test_invalid_utf8(cli, shop_db, tmp_path, good_file):
    bad = tmp_path / "latin.sql"
    bad.write_bytes(b"SELECT 1;\nSELECT 'caf\xe9'")
    proc = cli("check", str(bad), str(good_file), "--db", str(shop_db))
    _assert_no_traceback(proc)
    assert "latin.sql: error: not valid UTF-8 (byte 0xe9 at line 2): skipped" in proc.stdout
    _good_still_checked(proc)


def test_empty_file_is_clean(cli, shop_db, tmp_path):
    empty = tmp_path / "empty.sql"
    empty.write_text("")
    proc = cli("check", str(empty), "--db", str(shop_db))
    assert proc.returncode == 0 and "All checks passed (1 file)." in proc.stdout


def test_ten_megabyte_file_is_skipped_with_the_limit_named(cli, shop_db, tmp_path, good_file):
    big = tmp_path / "big.sql"
    big.write_text("SELECT name FROM customers WHERE city = 'Paris';\n" * 210_000)  # ~10 MB
    proc = cli("check", str(big), str(good_file), "--db", str(shop_db))
    _assert_no_traceback(proc)
    assert "big.sql: error: file is 9.8 MiB, over the 2.0 MiB limit: skipped (raise it with --max-file-size" \
        in proc.stdout
    _good_still_checked(proc)
    assert proc.returncode == 2


@pytest.mark.slow  # 14 s on 2 cores: the slow pass of .ci/run runs it
def test_limit_can_be_raised(cli, shop_db, tmp_path):
    f = tmp_path / "mid.sql"
    f.write_text("SELECT name FROM customers;\n" * 100_000)  # ~2.7 MB
    proc = cli("check", str(f), "--db", str(shop_db), "--max-file-size", "4MB")
    assert proc.returncode == 0, proc.stdout[-500:]


def test_unterminated_string_and_comment(cli, shop_db, tmp_path, good_file):
    a = tmp_path / "a.sql"
    a.write_text("SELECT name FROM customers;\nSELECT name FROM customers WHERE city = 'Paris\n")
    b = tmp_path / "b.sql"
    b.write_text("SELECT name FROM customers /* unfinished\n")
    proc = cli("check", str(a), str(b), str(good_file), "--db", str(shop_db))
    _assert_no_traceback(proc)
    assert "a.sql:2:41: SIS001 [error] unterminated string: it runs to the end of the file" in proc.stdout
    assert "b.sql:1:28: SIS001 [error] unterminated comment" in proc.stdout
    _good_still_checked(proc)


def test_missing_database_warns_once_and_other_checks_run(cli, tmp_path):
    """A database the config file names but that is missing (one named on the command line is a usage
    error: tests/cli/test_cli_strict.py)."""
    files = []
    for i in range(3):
        p = tmp_path / f"q{i}.sql"
        p.write_text("SELECT FROM;\n")
        files.append(str(p))
    (tmp_path / "sqlintent.toml").write_text('database = "nope.sqlite"\n')
    proc = cli("check", *files)
    _assert_no_traceback(proc)
    assert proc.stdout.count("SID001") == 1
    assert "database file not found" in proc.stdout
    assert proc.stdout.count("SIS001") == 3
    assert proc.returncode == 2  # every database check was skipped: the run must not pass, nor merely fail


def test_locked_database(cli, shop_db, tmp_path, good_file):
    locked = tmp_path / "locked.sqlite"
    locked.write_bytes(shop_db.read_bytes())
    holder = sqlite3.connect(locked)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        proc = cli("check", str(good_file), "--db", str(locked))
    finally:
        holder.rollback()
        holder.close()
    _assert_no_traceback(proc)
    assert "SID001" in proc.stdout and "locked" in proc.stdout
    assert proc.returncode == 2


def test_file_that_is_not_a_database(cli, tmp_path, good_file):
    fake = tmp_path / "fake.sqlite"
    fake.write_text("this is not a database")
    proc = cli("check", str(good_file), "--db", str(fake))
    _assert_no_traceback(proc)
    assert "SID001" in proc.stdout and "not a database" in proc.stdout


def test_postgres_that_refuses(cli, good_file):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    proc = cli("check", str(good_file), "--db", f"postgresql://alice:s3cret@127.0.0.1:{port}/db")
    _assert_no_traceback(proc)
    assert "SID001" in proc.stdout and "cannot connect to postgresql://alice:***@127.0.0.1" in proc.stdout
    assert "s3cret" not in proc.stdout + proc.stderr


def test_postgres_that_hangs(cli, good_file):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    port = server.getsockname()[1]
    held = []
    stop = threading.Event()

    def accept_and_say_nothing():
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    t = threading.Thread(target=accept_and_say_nothing, daemon=True)
    t.start()
    try:
        proc = cli("check", str(good_file), "--db", f"postgresql://bob:pw@127.0.0.1:{port}/db", timeout=60)
    finally:
        stop.set()
        t.join()
        for c in held:
            c.close()
        server.close()
    _assert_no_traceback(proc)
    assert "SID001" in proc.stdout and "cannot connect" in proc.stdout
    assert proc.returncode == 2


def test_missing_path(cli, tmp_path, good_file):
    proc = cli("check", str(tmp_path / "nowhere.sql"), str(good_file), "--no-probes")
    assert "nowhere.sql: error: no such file or directory" in proc.stdout
    assert proc.returncode == 2


def test_export_names_a_missing_checkpoint_or_pairs_file(lab_cli, tmp_path):
    proc = lab_cli("export", "--checkpoint", str(tmp_path / "best.pt"), "--out", str(tmp_path / "m"))
    assert proc.returncode == 2 and "--checkpoint" in proc.stderr and "no such file" in proc.stderr
    _assert_no_traceback(proc)
    (tmp_path / "best.pt").write_bytes(b"")
    proc = lab_cli("export", "--checkpoint", str(tmp_path / "best.pt"), "--out", str(tmp_path / "m"),
               "--pairs", str(tmp_path / "val.jsonl"))
    assert proc.returncode == 2 and "--pairs" in proc.stderr and "sqlintent-lab build-data" in proc.stderr
    _assert_no_traceback(proc)
    assert not (tmp_path / "m").exists()
