"""Escapes from the built-in Jinja templater's sandbox, as a pull request would write them, through the real
CLI: each file is refused with one template error (SIT001, "the file was not checked"), runs no command,
reads no file and no environment variable, writes nothing, and nothing secret appears in the output.

The templates render in the limited render process (sqlintent/templating/process.py); the sandbox there is
jinja2's ImmutableSandboxedEnvironment with no loader."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SECRET = f"SQLINTENT-TEMPLATE-SECRET-{uuid.uuid4().hex[:12]}"

# {touch}: a file the payload tries to create; {secret}: a file whose content it tries to read
PAYLOADS = [
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ ''.__class__.__base__.__subclasses__() }}",
    "{{ ''['__class__']['__mro__'] }}",
    "{{ ''|attr('__class__')|attr('__mro__') }}",
    "{{ ''|attr('\\x5f\\x5fclass\\x5f\\x5f') }}",
    "{{ '{0.__class__.__mro__}'.format('') }}",
    "{{ '%s'|format(''.__class__) }}",
    "{% for c in [].__class__.__base__.__subclasses__() %}{{ c }}{% endfor %}",
    "{{ cycler.__init__.__globals__.os.popen('touch {touch}').read() }}",
    "{{ joiner.__init__.__globals__.os.popen('touch {touch}').read() }}",
    "{{ namespace.__init__.__globals__.os.popen('touch {touch}').read() }}",
    "{{ lipsum.__globals__['os'].popen('touch {touch}').read() }}",
    "{{ lipsum.__globals__.__builtins__.open('{secret}').read() }}",
    "{{ self.__init__.__globals__.__builtins__.__import__('os').popen('touch {touch}').read() }}",
    "{{ self._TemplateReference__context.environment.globals }}",
    "{{ config.__globals__['os'].popen('touch {touch}') }}",
    "{{ ref.__globals__['os'].environ }}",
    "{{ ref.__code__.co_consts }}",
    "{{ env_var.__closure__ }}",
    "{{ source.__globals__['Path']('{secret}').read_text() }}",
    "{{ range(1).gi_frame.f_globals }}",
    "{{ range(1).gi_code }}",
    "{{ range.__self__.__class__ }}",
    "{{ target.update({'type': 'x'}) }}{{ target }}",
    "{% set l = [] %}{{ l.append(1) }}",
    "{{ target.__class__.__init__.__globals__ }}",
    "{% macro m() %}{% endmacro %}{{ m._func.__globals__ }}",
    "{% set ns = namespace() %}{{ ns.__class__.__init__.__globals__ }}",
    "{% include '{secret}' %}",
    "{% import '{secret}' as s %}{{ s }}",
    "{% extends '{secret}' %}",
    "{{ dict(a=1).__class__.__subclasses__() }}",
]


def test_sandbox_escapes_are_refused_through_the_cli(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET, encoding="utf-8")
    touch = tmp_path / "touched"
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "sqlintent.toml").write_text('templater = "jinja"\n', encoding="utf-8")
    names = []
    for i, payload in enumerate(PAYLOADS):
        name = f"p{i:02d}.sql"
        text = payload.replace("{touch}", str(touch)).replace("{secret}", str(secret))
        (ws / name).write_text(f"select 1 as x {text}\n", encoding="utf-8")
        names.append(name)
    env = dict(os.environ, PYTHONPATH=str(REPO), SQLINTENT_TEMPLATE_SECRET=SECRET)
    proc = subprocess.run([sys.executable, "-m", "sqlintent", "check", "--no-model", "--format", "json", *names],
                          cwd=ws, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode in (0, 1), proc.stderr  # SIT001 is an info finding: no failure, no crash (2)
    assert SECRET not in proc.stdout + proc.stderr
    assert not touch.exists()
    files = {Path(f["path"]).name: f["findings"] for f in json.loads(proc.stdout)["files"]}
    bad = []
    for name, payload in zip(names, PAYLOADS):
        codes = [f["code"] for f in files[name]]
        if codes != ["SIT001"]:
            bad.append((payload, files[name]))
            continue
        message = files[name][0]["message"]
        assert "the file was not checked" in message and ("sandbox" in message or "template error" in message), \
            (payload, message)
    assert not bad, "\n".join(map(repr, bad))
